"""One client cannot take what others need: a table's sockets, the server's tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.helpers import client, require

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
