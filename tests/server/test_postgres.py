"""Past one machine: two server processes on one PostgreSQL database serve the same
tables. A move made through either reaches the sockets held by the other (LISTEN/NOTIFY);
moves racing through both are stored once; a whole game played through both ends with the
same record in each, which ``verify`` accepts.

The database is found through ``FERTILITY_TEST_POSTGRES`` (a ``postgresql://`` URL; each
test makes a database of its own there); ``.ci/run`` starts a server and sets it. Without
it the tests are skipped, except in CI.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import threading
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fertility_rules.cli import main as cli
from tests.server.helpers import options, require
from tests.server.processes import ServerProcess, request

require("psycopg", "postgres")
require("websockets", "server")

import psycopg  # noqa: E402
from websockets.sync.client import ClientConnection, connect  # noqa: E402

URL = os.environ.get("FERTILITY_TEST_POSTGRES")
if not URL:
    if os.environ.get("CI"):
        raise RuntimeError("CI sets FERTILITY_TEST_POSTGRES (.ci/run starts PostgreSQL)")
    pytest.skip("FERTILITY_TEST_POSTGRES is not set", allow_module_level=True)


@pytest.fixture(scope="module")
def database() -> Iterator[str]:
    """A fresh database on the test server, dropped afterwards."""
    assert URL is not None
    name = "fertility_test_" + secrets.token_hex(6)
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    parts = urllib.parse.urlsplit(URL)
    yield urllib.parse.urlunsplit(parts._replace(path="/" + name))
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def servers(
    database: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    logs = tmp_path_factory.mktemp("logs")
    first = ServerProcess(database, logs / "first.log", None, "--rate", "1000")
    second = ServerProcess(database, logs / "second.log", None, "--rate", "1000")
    first.start()
    second.start()
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def _socket(server: ServerProcess, table: str, token: str) -> ClientConnection:
    port = server.url.rsplit(":", 1)[1]
    return connect(f"ws://127.0.0.1:{port}/tables/{table}/socket?token={token}")


def _receive(socket: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(socket.recv(timeout=20))
    return message


def test_a_move_through_one_process_reaches_the_sockets_of_the_other(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = servers
    status, made = request(
        first.url + "/tables",
        {"players": ["Ann", "Bob"], "seats": [{}, {}], "seed": 4, "open_seed": True},
    )
    assert status == 201
    table = made["id"]
    ann, bob = (seat["token"] for seat in made["seats"])
    with _socket(second, table, ann) as ann_socket, _socket(first, table, bob) as bob_socket:
        seen = _receive(ann_socket)
        assert _receive(bob_socket)["version"] == seen["version"] == 0
        option = options(seen["choices"])[0]
        ann_socket.send(json.dumps({"type": "move", "move": option["notation"], "ply": 0}))
        assert _receive(ann_socket)["version"] == 1
        told = _receive(bob_socket)
        assert told["version"] == 1
        assert told["last"]["notation"] == option["notation"]
    _status, listed = request(second.url + "/tables")
    assert table in [entry["id"] for entry in listed["tables"]]


def test_moves_racing_through_both_processes_are_stored_once(
    servers: tuple[ServerProcess, ServerProcess],
) -> None:
    first, second = servers
    _status, made = request(
        first.url + "/tables", {"players": ["Ann", "Bob"], "seed": 6, "open_seed": True}
    )
    table, token = made["id"], made["seats"][0]["token"]
    _status, view = request(f"{first.url}/tables/{table}/view?token={token}")
    move = options(view["choices"])[0]["notation"]
    answers: list[tuple[int, Any]] = []

    def play(server: ServerProcess) -> None:
        body = {"token": token, "move": move, "ply": 0}
        answers.append(request(f"{server.url}/tables/{table}/moves", body))

    racers = [threading.Thread(target=play, args=(s,)) for s in (first, second, first, second)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    statuses = sorted(status for status, _answer in answers)
    assert statuses == [200, 409, 409, 409]
    assert sorted(answer.get("code", "") for _status, answer in answers) == ["", *["stale"] * 3]
    for server in servers:
        _status, now = request(f"{server.url}/tables/{table}/view")
        assert now["version"] == 1


def test_a_whole_game_through_both_processes_with_a_bot_verifies(
    servers: tuple[ServerProcess, ServerProcess], tmp_path: Path
) -> None:
    rng = random.Random(7)
    first, second = servers
    _status, made = request(
        second.url + "/tables",
        {
            "players": ["Ann", "Bob", "Cleo"],
            "seats": [{}, {"kind": "bot", "agent": "greedy"}, {}],
            "seed": 7,
            "open_seed": True,
        },
    )
    table = made["id"]
    tokens = {0: made["seats"][0]["token"], 2: made["seats"][2]["token"]}
    with _socket(first, table, tokens[0]) as watcher:
        view = _receive(watcher)
        played = 0
        while not view["over"]:
            seat = view["decider"]
            if seat in tokens:
                server = rng.choice([first, second])
                mine: dict[str, Any] = {"version": -1}
                while mine["version"] < view["version"]:  # the other process catching up
                    url = f"{server.url}/tables/{table}/view?token={tokens[seat]}"
                    mine = request(url)[1]
                body = {
                    "token": tokens[seat],
                    "move": rng.choice(options(mine["choices"]))["move"],
                    "ply": mine["ply"],
                }
                status, _answer = request(f"{server.url}/tables/{table}/moves", body)
                assert status == 200
                played += 1
            view = _receive(watcher)
    records = [request(f"{server.url}/tables/{table}/record")[1] for server in servers]
    assert records[0] == records[1]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(records[0]))
    assert cli(["verify", str(path)]) == 0
    assert played > 40
