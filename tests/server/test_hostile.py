"""Hostile input is normal input: thousands of mutated requests and frames end with no
server error (5xx), no table damaged or stuck, and every refusal a library error as JSON;
a refused frame leaves its table as it was."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import options, require, serving
from tests.server.mutations import encode, mutate, odd_path_part, odd_value

require("starlette", "server")
require("httpx2", "server-test")

REQUESTS = 3000
FRAMES = 2000
GOOD_TABLE = {
    "players": ["Ann", "Bob", "Cleo"],
    "seats": [{"language": "pl"}, {"kind": "bot", "agent": "random"}, {"kind": "open"}],
    "seed": 5,
    "open_seed": True,
    "variant": False,
    "interpretations": {"quarry_enclosure": "orthogonal", "district_offer": 3},
    "listed": True,
}


def _text(value: Any, size: int) -> str:
    """An odd value as text a URL can carry (a lone surrogate cannot be sent)."""
    return str(value)[:size].encode("utf-8", "replace").decode("utf-8")


def _made(http: Any, body: dict[str, Any]) -> tuple[str, dict[int, str]]:
    made = http.post("/tables", json=body).json()
    return made["id"], {i: s["token"] for i, s in enumerate(made["seats"]) if "token" in s}


def _a_move(http: Any, table: str, tokens: dict[int, str], rng: random.Random) -> Any:
    view = http.get(f"/tables/{table}/view").json()
    token = tokens.get(view.get("decider", -1))
    if token is None:
        return "skip"
    seen = http.get(f"/tables/{table}/view", params={"token": token}).json()
    found = options(seen.get("choices", []))
    option = rng.choice(found) if found else {"notation": "skip", "move": {"type": "skip_build"}}
    return option["notation"] if rng.random() < 0.5 else option["move"]


def test_thousands_of_mutated_requests_get_library_errors_and_no_server_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(16)
    statuses: dict[int, int] = {}
    caplog.set_level(logging.WARNING, logger="fertility_rules.server")
    with serving(tmp_path) as (http, service):
        tables = [
            _made(http, GOOD_TABLE),
            _made(http, {"players": ["Dee", "Eve"], "seed": 9, "open_seed": True}),
        ]
        for _ in range(REQUESTS):
            table, tokens = rng.choice(tables)
            token = rng.choice([*tokens.values(), "forged"]) if tokens else "forged"
            where = odd_path_part(rng, table) if rng.random() < 0.15 else table
            route = rng.randrange(10)
            if route == 0:
                response = http.post("/tables", content=encode(mutate(GOOD_TABLE, rng), rng))
            elif route <= 3:
                body = {"token": token, "move": _a_move(http, table, tokens, rng), "ply": 0}
                response = http.post(
                    f"/tables/{where}/moves",
                    content=encode(mutate(body, rng), rng),
                    headers={"content-type": "application/json"},
                )
            elif route == 4:
                kind = rng.choice(["undo", "answer", "resign", "join"])
                body = {"token": token, "accept": True, "seat": 2}
                response = http.post(
                    f"/tables/{where}/{kind}",
                    content=encode(mutate(body, rng), rng),
                    headers={"content-type": rng.choice(["application/json", "text/plain"])},
                )
            elif route == 5:
                params = {"token": rng.choice([token, _text(odd_value(rng), 500)]), "lang": "fr"}
                if rng.random() < 0.5:
                    params["lang"] = _text(odd_value(rng), 100)
                response = http.get(f"/tables/{where}/view", params=params)
            elif route == 6:
                part = rng.choice(["record", "picture", "", "socket", "view/extra"])
                response = http.get(f"/tables/{where}/{part}", params={"lang": "nl"})
            elif route == 7:
                query = {"game": _text(odd_value(rng), 50), "over": rng.choice(["true", "x"])}
                response = http.get(rng.choice(["/tables", "/games", "/texts"]), params=query)
            elif route == 8:
                method = rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"])
                response = http.request(method, f"/tables/{where}/moves")
            else:
                response = http.post(
                    "/tables",
                    content=encode(mutate(GOOD_TABLE, rng), rng),
                    headers={"content-type": "application/json; charset=utf-8"},
                )
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            assert response.status_code < 500, response.text
            if response.status_code >= 400 and response.request.method != "HEAD":
                assert "error" in response.json()
        for table in service.tables():
            assert http.get(f"/tables/{table.setup.id}/view").status_code == 200
        assert service._damaged == {}
    assert sum(statuses.values()) == REQUESTS
    assert statuses.get(200, 0) + statuses.get(201, 0) > REQUESTS // 10
    assert statuses.get(400, 0) > REQUESTS // 5
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []


def _frame(rng: random.Random, move: Any, ply: int) -> bytes:
    good = rng.choice(
        [
            {"type": "move", "move": move, "ply": ply},
            {"type": "move", "move": move},
            {"type": "undo"},
            {"type": "answer", "accept": rng.random() < 0.5},
        ]
    )
    return encode(good if rng.random() < 0.1 else mutate(good, rng), rng)


def test_thousands_of_mutated_frames_leave_the_table_unchanged_or_play_a_legal_move(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(17)
    caplog.set_level(logging.WARNING, logger="fertility_rules.server")
    with serving(tmp_path, max_frame=4096) as (http, service):
        table, tokens = _made(http, {"players": ["Ann", "Bob"], "seed": 12, "open_seed": True})
        url = f"/tables/{table}/socket"
        kinds: dict[str, int] = {}
        with (
            http.websocket_connect(f"{url}?token={tokens[0]}") as ann,
            http.websocket_connect(f"{url}?token={tokens[1]}") as bob,
        ):
            sockets = [ann, bob]
            views = [ann.receive_json(), bob.receive_json()]
            for _ in range(FRAMES):
                before = views[0]
                if before["over"]:
                    break
                seat = before.get("decider", 0) if rng.random() < 0.8 else rng.randrange(2)
                mine = views[seat]
                found = options(mine.get("choices", []))
                move = rng.choice(found)["move"] if found else "skip"
                data = _frame(rng, move, mine["ply"])
                if rng.random() < 0.5:
                    sockets[seat].send_bytes(data)
                else:
                    sockets[seat].send_text(data.decode("utf-8", "replace"))
                answer = sockets[seat].receive_json()
                kinds[answer["type"]] = kinds.get(answer["type"], 0) + 1
                if answer["type"] == "error":
                    assert answer["error"] in ("malformed_input", "illegal_move", "not_allowed")
                    now = service.table(table)
                    assert now.version == before["version"]
                    continue
                views[seat] = answer
                other = 1 - seat
                while views[other]["version"] < answer["version"]:
                    views[other] = sockets[other].receive_json()
        assert service._damaged == {}
        assert http.get(f"/tables/{table}/view").status_code == 200
    assert kinds["error"] > FRAMES // 2
    assert kinds.get("view", 0) > 20
    assert [r for r in caplog.records if r.levelno >= logging.ERROR] == []
