"""The WebSocket API: a seat's view after every move, moves and undo requests in, a
library error for every bad frame, which leaves the table as it was."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from tests.server.helpers import client, pick, require

require("starlette", "server")
require("httpx2", "server-test")


def _new(http: Any, **body: Any) -> tuple[str, list[str | None]]:
    made = http.post("/tables", json={"players": ["Ann", "Bob"], **body}).json()
    return made["id"], [seat.get("token") for seat in made["seats"]]


def _until(socket: Any, done: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        if done(message):
            return message


def test_a_seat_gets_a_view_after_every_move_and_plays_a_whole_game(tmp_path: Path) -> None:
    rng = random.Random(3)
    with client(tmp_path) as http:
        table, tokens = _new(
            http, seats=[{}, {"kind": "bot", "agent": "random"}], seed=3, open_seed=True
        )
        with http.websocket_connect(f"/tables/{table}/socket?token={tokens[0]}") as socket:
            message = socket.receive_json()
            versions = [message["version"]]
            while not message["over"]:
                if message.get("decider") == 0 and message["version"] == versions[-1]:
                    option = pick(message, rng)
                    socket.send_text(
                        json.dumps({"type": "move", "move": option["move"], "ply": message["ply"]})
                    )
                message = socket.receive_json()
                assert message["type"] == "view", message
                versions.append(message["version"])
            assert versions == list(range(versions[0], versions[-1] + 1))
            assert "scores" in message
            assert "choices" not in message


def test_undo_asked_on_a_socket_waits_for_the_other_persons_answer(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        table, (ann, bob) = _new(http, seats=[{}, {"language": "nl"}], seed=6, open_seed=True)
        url = f"/tables/{table}/socket?token="
        with (
            http.websocket_connect(url + str(ann)) as a,
            http.websocket_connect(url + str(bob)) as b,
        ):
            first = a.receive_json()
            b.receive_json()
            a.send_text(json.dumps({"type": "move", "move": pick(first, random.Random(0))["move"]}))
            a.receive_json(), b.receive_json()
            a.send_text(json.dumps({"type": "undo"}))
            asked = _until(b, lambda m: "undo" in m)
            assert asked["undo"] == {"seat": 0, "ply": 0, "waiting": [1]}
            b.send_text(json.dumps({"type": "answer", "accept": False}))
            refused = _until(a, lambda m: m.get("last", {}).get("type") == "answer")
            assert refused["last"]["accept"] is False
            assert refused["ply"] == 1
            assert "undo" not in refused
            a.send_text(json.dumps({"type": "undo"}))
            _until(b, lambda m: "undo" in m)
            b.send_text(json.dumps({"type": "answer", "accept": True}))
            undone = _until(a, lambda m: m.get("last", {}).get("accept") is True)
            assert undone["ply"] == 0
            assert "choices" in undone


def test_bad_frames_get_a_library_error_and_leave_the_table_unchanged(tmp_path: Path) -> None:
    frames: list[str | bytes] = [
        "not json",
        "[]",
        '{"type": "teleport"}',
        '{"type": "move"}',
        '{"type": "move", "move": "place V00 z9 z10"}',
        '{"type": "move", "move": {"type": "place"}}',
        '{"type": "move", "move": "skip"}',
        '{"type": "answer", "accept": true}',
        '{"type": "move", "move": "' + "x" * 300 + '"}',
        b"\xff\xfe\x00",
        "[" * 100 + "]" * 100,
        '{"type": "undo", "please": 1}',
    ]
    with client(tmp_path) as http:
        table, (ann, _bob) = _new(http, seats=[{"language": "fr"}, {}], seed=2, open_seed=True)
        before = http.get(f"/tables/{table}/view").json()
        with http.websocket_connect(f"/tables/{table}/socket?token={ann}") as socket:
            socket.receive_json()
            for frame in frames:
                if isinstance(frame, bytes):
                    socket.send_bytes(frame)
                else:
                    socket.send_text(frame)
                error = socket.receive_json()
                assert error["type"] == "error", frame
                assert error["error"] in ("malformed_input", "illegal_move", "not_allowed")
                assert "rule" in error or "problems" in error or error["error"] == "not_allowed"
        after = http.get(f"/tables/{table}/view").json()
        assert after == before


def test_an_error_carries_back_the_id_the_client_gave_its_frame(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        table, (ann, _bob) = _new(http, seed=2, open_seed=True)
        with http.websocket_connect(f"/tables/{table}/socket?token={ann}") as socket:
            view = socket.receive_json()
            socket.send_text(json.dumps({"type": "move", "move": "skip", "id": "m-1"}))
            assert socket.receive_json()["id"] == "m-1"
            socket.send_text(json.dumps({"type": "teleport", "id": 7}))
            refused = socket.receive_json()
            assert (refused["error"], refused["id"]) == ("malformed_input", 7)
            for bad in ("x" * 65, 2**60, True, [1]):
                socket.send_text(json.dumps({"type": "undo", "id": bad}))
                refused = socket.receive_json()
                assert "id" not in refused
                assert [p["path"] for p in refused["problems"]] == ["$.id"]
            socket.send_text(
                json.dumps(
                    {
                        "type": "move",
                        "move": pick(view, random.Random(1))["move"],
                        "ply": 0,
                        "id": "m-2",
                    }
                )
            )
            played = socket.receive_json()
            assert played["type"] == "view"
            assert played["ply"] == 1


def test_a_socket_with_a_token_of_no_seat_is_refused_and_spectators_cannot_act(
    tmp_path: Path,
) -> None:
    with client(tmp_path) as http:
        table, _tokens = _new(http)
        with http.websocket_connect(f"/tables/{table}/socket?token=forged") as socket:
            assert socket.receive_json()["error"] == "not_allowed"
        with http.websocket_connect(f"/tables/{table}/socket?lang=pl") as watcher:
            view = watcher.receive_json()
            assert view["seat"] is None
            assert "choices" not in view
            watcher.send_text(json.dumps({"type": "move", "move": "skip"}))
            refused = watcher.receive_json()
            assert refused["error"] == "not_allowed"
        with http.websocket_connect("/tables/nothing/socket") as socket:
            assert socket.receive_json()["error"] == "unknown_id"


def test_a_frame_with_a_field_it_does_not_take_is_told_the_fields_it_does(
    tmp_path: Path,
) -> None:
    with client(tmp_path) as http:
        table, (ann, _bob) = _new(http)
        with http.websocket_connect(f"/tables/{table}/socket?token={ann}") as socket:
            socket.receive_json()
            for frame, path, known in [
                ({"type": "undo", "x": 1}, "$.x", "type"),
                ({"type": "resign", "token": "x"}, "$.token", "type"),
                ({"type": "answer", "accept": True, "y": 1}, "$.y", "accept, type"),
            ]:
                socket.send_text(json.dumps(frame))
                (problem,) = socket.receive_json()["problems"]
                assert problem["path"] == path
                assert problem["message"].endswith(f": {known}"), problem


def test_a_binary_frame_is_refused_whatever_it_holds(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        table, (ann, _bob) = _new(http)
        with http.websocket_connect(f"/tables/{table}/socket?token={ann}") as socket:
            first = socket.receive_json()
            move = pick(first, random.Random(0))["move"]
            for data in (json.dumps({"type": "move", "move": move}).encode(), b"\xff\xfe"):
                socket.send_bytes(data)
                refused = socket.receive_json()
                assert refused["type"] == "error"
                assert [p["path"] for p in refused["problems"]] == ["$"]
            socket.send_text(json.dumps({"type": "move", "move": move}))
            assert socket.receive_json()["ply"] == 1  # nothing was played before
