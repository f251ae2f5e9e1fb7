"""Load on the table server, run by hand (``server`` extra), on the loopback only:
``python tests/benchmarks/server.py [--tables N] [--seconds S] [--json out.json]``.

One ``fertility-rules serve`` process on a fresh SQLite file; half of the tables are played
by four bots, half by two scripted people (a socket each, moving as soon as they may) and
one bot, each watched by a spectator's socket. It reports:

- moves per second: moves stored by the server over the whole run, all tables together;
- latency: from a person's move sent to the moment every socket of the table (both people
  and the spectator) has the view after it, p50 and p99;
- memory per table: the server's resident memory grown while the tables were made and
  played, divided by the number of tables (caches of recent messages included), and first
  the growth for ``--idle`` tables made before and left waiting for their first move.

The run is bounded: ``--tables`` tables, at most ``--seconds`` of play, then everything
stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.server.helpers import options  # noqa: E402
from tests.server.processes import ServerProcess, request  # noqa: E402


def resident_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Table:
    """The sockets of one table and what they saw."""

    def __init__(self, table_id: str, tokens: dict[int, str]) -> None:
        self.id = table_id
        self.tokens = tokens
        self.sent: dict[int, float] = {}  # version expected -> when the move was sent
        self.seen: dict[int, dict[str, float]] = {}  # version -> socket -> when it arrived
        self.latencies: list[float] = []
        self.sockets = len(tokens) + 1
        self.version = 0
        self.over = False

    def arrived(self, who: str, version: int) -> None:
        now = time.perf_counter()
        seen = self.seen.setdefault(version, {})
        seen[who] = now
        if len(seen) == self.sockets and version in self.sent:
            self.latencies.append(now - self.sent.pop(version))
            del self.seen[version]
        elif len(seen) == self.sockets:
            del self.seen[version]


async def person(url: str, table: Table, seat: int, rng: random.Random, until: float) -> None:
    async with connect(f"{url}?token={table.tokens[seat]}", max_size=2**22) as socket:
        await _follow(socket, table, f"seat{seat}", rng, until, seat)


async def spectator(url: str, table: Table, until: float) -> None:
    async with connect(url, max_size=2**22) as socket:
        await _follow(socket, table, "watcher", random.Random(0), until, None)


async def _follow(
    socket: ClientConnection,
    table: Table,
    who: str,
    rng: random.Random,
    until: float,
    seat: int | None,
) -> None:
    while time.perf_counter() < until:
        try:
            raw = await asyncio.wait_for(
                socket.recv(), timeout=max(0.01, until - time.perf_counter())
            )
        except TimeoutError:
            return
        message: dict[str, Any] = json.loads(raw)
        if message["type"] != "view":
            continue
        table.arrived(who, message["version"])
        if seat is None:
            table.version = max(table.version, message["version"])
            table.over = message["over"]
            if message["over"]:
                return
        if "choices" in message:
            move = rng.choice(options(message["choices"]))["notation"]
            table.sent[message["version"] + 1] = time.perf_counter()
            await socket.send(json.dumps({"type": "move", "move": move, "ply": message["ply"]}))
        if message["over"]:
            return


async def play(server: ServerProcess, tables: list[Table], seconds: float) -> float:
    until = time.perf_counter() + seconds
    base = server.url.replace("http://", "ws://")
    rng = random.Random(1)
    work = []
    for table in tables:
        url = f"{base}/tables/{table.id}/socket"
        work.append(spectator(url, table, until))
        work.extend(
            person(url, table, seat, random.Random(rng.random()), until) for seat in table.tokens
        )
    started = time.perf_counter()
    await asyncio.gather(*work)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="fertility-load-"))
    server = ServerProcess(
        str(folder / "tables.db"), folder / "server.log", None, "--rate", "100000"
    )
    server.start()
    assert server.process is not None
    pid = server.process.pid
    try:
        start = resident_kb(pid)
        for index in range(args.idle):
            request(server.url + "/tables", {"players": ["Amunet", "Bek"], "seed": index})
        before = resident_kb(pid)
        tables = []
        bots = {"kind": "bot", "agent": "random"}
        for index in range(args.tables):
            if index % 2:
                seats = [bots, bots, bots, bots]
                players = ["Amunet", "Bek", "Chione", "Djedi"]
            else:
                seats = [{}, {}, {"kind": "bot", "agent": "greedy"}]
                players = ["Amunet", "Bek", "Chione"]
            _status, made = request(
                server.url + "/tables", {"players": players, "seats": seats, "seed": index}
            )
            tokens = {i: s["token"] for i, s in enumerate(made["seats"]) if "token" in s}
            tables.append(Table(made["id"], tokens))
        elapsed = asyncio.run(play(server, tables, args.seconds))
        after = resident_kb(pid)
        moves = sum(table.version for table in tables)
        latencies = sorted(latency for table in tables for latency in table.latencies)
        report = {
            "tables": args.tables,
            "seconds": round(elapsed, 2),
            "finished": sum(table.over for table in tables),
            "moves": moves,
            "moves_per_second": round(moves / elapsed, 1),
            "person_moves_timed": len(latencies),
            "latency_p50_ms": round(1000 * statistics.median(latencies), 1) if latencies else None,
            "latency_p99_ms": (
                round(1000 * latencies[int(0.99 * (len(latencies) - 1))], 1) if latencies else None
            ),
            "memory_per_played_table_kb": round((after - before) / args.tables, 1),
            "memory_per_idle_table_kb": round((before - start) / max(1, args.idle), 1),
            "server_memory_mb": round(after / 1024, 1),
        }
    finally:
        server.stop()
    for key, value in report.items():
        print(f"{key:>22}: {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
