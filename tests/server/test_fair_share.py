"""One client cannot take what others need: a table's sockets, the server's tables."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from tests.server import helpers
from tests.server.helpers import bots_play_to_the_end, client, require, serving

require("starlette", "server")
require("httpx2", "server-test")


def _new(http: Any) -> tuple[str, list[str]]:
    made = http.post("/tables", json={"players": ["Ann", "Bob"]}).json()
    return made["id"], [seat["token"] for seat in made["seats"]]


def test_spectators_filling_a_table_make_room_for_a_seat(tmp_path: Path) -> None:
    with client(tmp_path, max_sockets=3, seat_sockets=2) as http:
        table, tokens = _new(http)
        url = f"/tables/{table}/socket"
        with (
            http.websocket_connect(url) as first,
            http.websocket_connect(url) as second,
            http.websocket_connect(url) as third,
        ):
            for spectator in (first, second, third):
                assert spectator.receive_json()["type"] == "view"
            with http.websocket_connect(url) as fourth:  # a fourth spectator: refused
                refused = fourth.receive_json()
                assert refused["code"] == "full"
            with http.websocket_connect(f"{url}?token={tokens[1]}") as seat:
                assert seat.receive_json()["type"] == "view"
                closed = first.receive_json()  # the oldest spectator made room
                assert closed["type"] == "error"
                assert closed["code"] == "replaced"
                second.send_json({"type": "undo"})  # the others are still served
                assert second.receive_json()["code"] == "spectator"


def test_a_seat_opening_many_sockets_closes_its_oldest_and_locks_out_no_other_seat(
    tmp_path: Path,
) -> None:
    with client(tmp_path, max_sockets=3, seat_sockets=2) as http:
        table, (ann, bob) = _new(http)
        url = f"/tables/{table}/socket?token="
        with http.websocket_connect(url + ann) as old, http.websocket_connect(url + ann) as new:
            old.receive_json(), new.receive_json()
            with http.websocket_connect(url + ann) as newest:
                assert newest.receive_json()["type"] == "view"
                assert old.receive_json()["code"] == "replaced"
                with http.websocket_connect(url + bob) as other:
                    assert other.receive_json()["type"] == "view"


def test_one_client_makes_at_most_its_quota_of_tables_and_leaves_room_for_others(
    tmp_path: Path,
) -> None:
    from starlette.testclient import TestClient

    body = {"players": ["Ann", "Bob"], "listed": False}
    with serving(tmp_path, tables_per_client=2) as (http, _service):
        bots = {**body, "seats": [{"kind": "bot", "agent": "random"}, {}]}
        assert http.post("/tables", json=bots).status_code == 201  # bot tables count too
        assert http.post("/tables", json=body).status_code == 201
        refused = http.post("/tables?lang=fr", json=body)
        assert refused.status_code == 403
        assert refused.json()["code"] == "quota"
        other = TestClient(http.app, client=("192.0.2.7", 50000))
        assert other.post("/tables", json=body).status_code == 201
    with serving(tmp_path, tables_per_client=2) as (http, _service):  # after a restart
        assert http.post("/tables", json=body).json()["code"] == "quota"


def test_tables_idle_for_long_are_set_aside_and_come_back_when_asked_for(
    tmp_path: Path,
) -> None:
    body = {"players": ["Ann", "Bob"]}
    with serving(tmp_path, tables_per_client=1, max_tables=1, idle_seconds=1e-9) as (
        http,
        _service,
    ):
        first = http.post("/tables", json=body).json()
        second = http.post("/tables", json=body).json()  # the first is idle: set aside
        assert "id" in second, second
        assert first["id"] not in [t["id"] for t in http.get("/tables").json()["tables"]]
        token = first["seats"][0]["token"]
        view = http.get(f"/tables/{first['id']}/view?token={token}").json()
        move = helpers.options(view["choices"])[0]["move"]
        played = http.post(f"/tables/{first['id']}/moves?token={token}", json={"move": move})
        assert played.status_code == 200
        assert played.json()["ply"] == 1


def test_bots_think_in_threads_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fertility_rules.server import service

    threads: set[str] = set()
    choose = service._choose

    def seen(*args: Any) -> Any:
        threads.add(threading.current_thread().name)
        return choose(*args)

    monkeypatch.setattr(service, "_choose", seen)
    with client(tmp_path) as http:
        bots_play_to_the_end(http)
    assert threads
    assert all(name.startswith("fertility-bot") for name in threads), threads


def test_the_quota_of_tables_is_a_serve_option() -> None:
    from fertility_rules.cli import build_parser

    args = build_parser().parse_args(["serve", "--tables-per-client", "3"])
    assert args.tables_per_client == 3
    assert build_parser().parse_args(["serve"]).tables_per_client == 50
