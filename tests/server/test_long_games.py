"""A game's length costs the server no more than it must: the moves told once each, and a
table plays at most the server's number of moves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import client, options, require

require("starlette", "server")
require("httpx2", "server-test")


def _play_first(http: Any, table: str, tokens: list[str]) -> dict[str, Any]:
    """The first option of the seat that decides."""
    decider = http.get(f"/tables/{table}/view").json()["decider"]
    token = tokens[decider]
    view = http.get(f"/tables/{table}/view?token={token}").json()
    move = options(view["choices"])[0]["move"]
    answer: dict[str, Any] = http.post(
        f"/tables/{table}/moves?token={token}", json={"move": move}
    ).json()
    return answer


def _made(http: Any) -> tuple[str, list[str]]:
    made = http.post("/tables", json={"players": ["Ann", "Bob"], "game": "ankhor"}).json()
    return made["id"], [seat["token"] for seat in made["seats"]]


def test_each_move_is_described_once_however_often_the_moves_are_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fertility_rules.server import messages

    described: list[str] = []  # the languages moves were described in (views use English)
    played = messages._played

    def counted(*args: Any) -> dict[str, Any]:
        if args[-1] != "en":
            described.append(args[-1])
        return played(*args)

    monkeypatch.setattr(messages, "_played", counted)
    with client(tmp_path) as http:
        table, tokens = _made(http)
        for ply in range(1, 13):
            assert _play_first(http, table, tokens)["ply"] == ply
            moves = http.get(f"/tables/{table}/moves?lang=fr").json()["moves"]
            assert len(moves) == ply
        assert len(described) == 12  # not 1 + 2 + ... + 12
        http.get(f"/tables/{table}/moves?lang=pl")
        assert len(described) == 24  # once per language


def test_a_table_takes_at_most_the_servers_number_of_moves(tmp_path: Path) -> None:
    with client(tmp_path, max_plies=3) as http:
        table, tokens = _made(http)
        for _ply in range(3):
            assert "version" in _play_first(http, table, tokens)
        refused = _play_first(http, table, tokens)
        assert refused["code"] == "too_long"
        assert "not a rule of the game" in refused["message"]
