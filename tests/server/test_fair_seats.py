"""Fair seats: the server draws every table's seed itself, from a secure source, and
shows it to no one. A seed is chosen, or a game goes on from its record, only at a table
that says so openly: every seat's view and the lobby then show that the deal is known,
and its seed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import client, require, serving

require("starlette", "server")
require("httpx2", "server-test")

BODY = {"players": ["Ann", "Bob"], "seats": [{}, {"language": "fr"}]}


def _refused(answer: Any, path: str) -> dict[str, Any]:
    assert answer.status_code == 400, answer.text
    error: dict[str, Any] = answer.json()
    assert error["error"] == "malformed_input", error
    assert [problem["path"] for problem in error["problems"]] == [path], error
    assert "open_seed" in error["problems"][0]["message"], error
    return error


def test_a_seed_chosen_for_a_table_that_does_not_show_it_is_refused(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        for seed in (0, 7, 2**40):
            _refused(http.post("/tables", json={**BODY, "seed": seed}), "$.seed")
            _refused(
                http.post("/tables", json={**BODY, "seed": seed, "open_seed": False}), "$.seed"
            )
        french = http.post("/tables?lang=fr", json={**BODY, "seed": 3})
        assert "open_seed" in french.json()["problems"][0]["message"]
        assert (
            french.json()["problems"][0]["message"]
            != _refused(http.post("/tables", json={**BODY, "seed": 3}), "$.seed")["problems"][0][
                "message"
            ]
        )
        assert http.get("/tables").json()["tables"] == []  # nothing was made


def test_a_record_is_taken_only_by_a_table_that_shows_the_deal_is_known(tmp_path: Path) -> None:
    import fertility_rules as fr

    record = fr.dump_record(fr.Game.new(["Ann", "Bob"], seed=5).record)
    with client(tmp_path) as http:
        _refused(http.post("/tables", json={"record": record}), "$.open_seed")
        made = http.post("/tables", json={"record": record, "open_seed": True}).json()
        entry = http.get(f"/tables/{made['id']}").json()
    assert entry["open_seed"] is True
    assert entry["seed"] == 5


def test_an_open_seed_is_shown_to_every_seat_the_spectators_and_the_lobby(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = http.post("/tables", json={**BODY, "seed": 12, "open_seed": True}).json()
        table, tokens = made["id"], [seat["token"] for seat in made["seats"]]
        assert made["table"]["seed"] == 12
        shown: list[dict[str, Any]] = [
            http.get(f"/tables/{table}/view", params={"token": token}).json() for token in tokens
        ]
        shown.append(http.get(f"/tables/{table}/view").json())
        shown.append(http.get(f"/tables/{table}").json())
        shown.extend(http.get("/tables").json()["tables"])
        for token in [*tokens, None]:
            query = "" if token is None else f"?token={token}"
            with http.websocket_connect(f"/tables/{table}/socket{query}") as socket:
                shown.append(socket.receive_json())
    with client(tmp_path) as http:  # kept in the store: the same after a restart
        shown.append(http.get(f"/tables/{table}/view").json())
    assert len(shown) == 9
    for message in shown:
        assert message["open_seed"] is True, message
        assert message["seed"] == 12, message


def test_a_drawn_seed_is_the_servers_own_and_shown_to_no_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import secrets

    drawn: list[int] = []

    def randbits(bits: int) -> int:
        drawn.append(secrets.SystemRandom().getrandbits(bits))
        return drawn[-1]

    monkeypatch.setattr("fertility_rules.server.service.secrets.randbits", randbits)
    with serving(tmp_path) as (http, service):
        made = [http.post("/tables", json=BODY).json() for _index in range(3)]
        seeds = [service.table(table["id"]).setup.seed for table in made]
        texts = [json.dumps(http.get("/tables").json())]
        for table in made:
            texts.append(json.dumps(http.get(f"/tables/{table['id']}/view").json()))
            for seat in table["seats"]:
                view = http.get(f"/tables/{table['id']}/view", params={"token": seat["token"]})
                texts.append(json.dumps(view.json()))
    assert seeds == drawn
    assert len(set(seeds)) == 3
    for text in texts:
        assert '"seed"' not in text
        assert '"open_seed"' not in text
        assert all(str(seed) not in text for seed in seeds)
