"""Nothing lost: every accepted move is stored before anyone is told of it. The server is
killed (SIGKILL) at random moments during scripted games and restarted on its SQLite file,
more than 20 times; every move a client was told was accepted is still there, every game
is finished, and ``verify`` accepts every record. The server's log never holds a token."""

from __future__ import annotations

import json
import random
import threading
import time
from http.client import HTTPException
from pathlib import Path
from typing import Any

from fertility_rules.cli import main as cli
from tests.server.helpers import options, require
from tests.server.processes import ServerProcess, request

require("starlette", "server")
require("uvicorn", "server")

KILLS = 22

TABLES = [
    {"players": ["Ann", "Bob"], "seats": [{}, {}]},
    {"players": ["Ann", "Bob", "Cleo"], "seats": [{}, {"kind": "bot", "agent": "greedy"}, {}]},
    {
        "players": ["Ann", "Bob", "Cleo", "Dee"],
        "seats": [{"kind": "bot", "agent": "random"}, {}, {"kind": "bot", "agent": "greedy"}, {}],
    },
]


class Players:
    """Scripted people at several tables, moving one at a time with a little thought."""

    def __init__(self, server: ServerProcess, rng: random.Random) -> None:
        self.server = server
        self.rng = rng
        self.tables: dict[str, dict[int, str]] = {}
        self.acked: dict[str, dict[int, Any]] = {}
        self.over: set[str] = set()
        self.tokens: list[str] = []
        self.errors: list[str] = []

    def open(self, seed: int) -> None:
        for index, body in enumerate(TABLES):
            status, made = request(
                self.server.url + "/tables", {**body, "seed": seed + index, "open_seed": True}
            )
            assert status == 201, made
            tokens = {i: s["token"] for i, s in enumerate(made["seats"]) if "token" in s}
            self.tables[made["id"]] = tokens
            self.acked[made["id"]] = {}
            self.tokens.extend(tokens.values())

    def step(self, table: str) -> None:
        tokens = self.tables[table]
        url = f"{self.server.url}/tables/{table}"
        status, view = request(f"{url}/view", timeout=5)
        if status != 200:
            self.errors.append(f"view {status}: {view}")
            return
        if view["over"]:
            self.over.add(table)
            return
        seat = view["decider"]
        if seat not in tokens:
            return  # a bot decides
        status, seen = request(f"{url}/view?token={tokens[seat]}", timeout=5)
        if status != 200 or "choices" not in seen:
            return
        option = self.rng.choice(options(seen["choices"]))
        move = option["notation"] if self.rng.random() < 0.5 else option["move"]
        body = {"token": tokens[seat], "move": move, "ply": seen["ply"]}
        status, answer = request(f"{url}/moves", body, timeout=5)
        if status == 200:
            self.acked[table][seen["ply"]] = option["move"]
        elif answer.get("error") != "not_allowed":  # a stale ply after a restart is fine
            self.errors.append(f"move {status}: {answer}")

    def play(self, until: threading.Event) -> None:
        while not until.is_set():
            live = [t for t in self.tables if t not in self.over]
            if not live:
                time.sleep(0.01)
                continue
            try:
                self.step(self.rng.choice(live))
            except (OSError, HTTPException, ValueError):
                time.sleep(0.02)  # the server is down, or died while answering

            time.sleep(self.rng.uniform(0.0, 0.03))


def test_killed_at_random_moments_the_server_loses_no_accepted_move(tmp_path: Path) -> None:
    rng = random.Random(20)
    log = tmp_path / "server.log"
    server = ServerProcess(str(tmp_path / "tables.db"), log, None, "--rate", "1000")
    server.start()
    players = Players(server, random.Random(21))
    players.open(seed=100)
    done = threading.Event()
    thread = threading.Thread(target=players.play, args=(done,), daemon=True)
    thread.start()
    kills = 0
    try:
        while kills < KILLS:
            if len(players.over) == len(players.tables):
                players.open(seed=100 + 10 * kills)
            time.sleep(rng.uniform(0.05, 0.5))
            server.kill()
            kills += 1
            server.start()
        deadline = time.monotonic() + 120
        while len(players.over) < len(players.tables) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        done.set()
        thread.join(timeout=10)
        server.stop()
    assert players.errors == []
    assert len(players.over) == len(players.tables)
    server.start()  # once more: every table restored from the file alone
    try:
        for table, acked in players.acked.items():
            status, record = request(f"{server.url}/tables/{table}/record")
            assert status == 200, record
            for ply, move in acked.items():
                assert record["moves"][ply] == move
            path = tmp_path / f"{table}.json"
            path.write_text(json.dumps(record))
            assert cli(["verify", str(path)]) == 0
    finally:
        server.stop()
    text = log.read_text()
    assert kills >= 20
    assert text.count("tables restored (0 damaged)") == kills + 2
    assert "POST /tables" in text
    for token in players.tokens:
        assert token not in text
    assert "Traceback" not in text
