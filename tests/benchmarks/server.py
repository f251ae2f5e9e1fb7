"""Load on the table server, run by hand (``server`` extra), on the loopback only:
``python tests/benchmarks/server.py [--tables N] [--bots N] [--pace S] [--think S]
[--people N] [--spectators N] [--bot-spectators N] [--seconds S] [--json out.json]``.

One ``fertility-rules serve`` process on a fresh SQLite file, with ``--tables`` tables open
at once for ``--seconds``: ``--bots`` of them are played by four bots, which move every
``--pace`` seconds (the server's ``--bot-delay``; 0: as fast as the server goes), and the
others by ``--people`` people each, every person on a socket of their own, who moves
``--think`` seconds after their view says they decide. A people's table is watched by
``--spectators`` sockets, a bots' table by ``--bot-spectators`` (none by default: it is
asked every 2 seconds whether it is over). A finished game is replaced at once by a new
table, so the number of tables open stays the same. The load generator is this process,
on the same machine. It reports:

- moves per second: the moves the server stored over the run, every table together
  (each table's ``ply`` as the server tells it at the end);
- latency: from a person's move sent to the moment every socket of its table (the people
  and the spectators) has the view after it, p50, p99 and the largest;
- memory: the server's resident memory fresh, after the run, and once every table is
  finished and the server idles, with the growth per finished game;
- the disk: how long a transaction of one event takes to reach it (SQLite, as the server
  stores, in the same folder), measured before the run: a person's move waits for one,
  and on a shared machine the disk is often the slowest step.

The run is bounded: at most ``--seconds`` of play, then everything stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import sqlite3
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
from tests.server.processes import ServerProcess, request, resident_kb  # noqa: E402

NAMES = ["Amunet", "Bek", "Chione", "Djedi"]


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system), from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """The sockets of one table and what they saw."""

    def __init__(self, table_id: str, tokens: dict[int, str], spectators: int) -> None:
        self.id = table_id
        self.tokens = tokens
        self.sent: dict[int, float] = {}  # version expected -> when the move was sent
        self.seen: dict[int, int] = {}  # version -> sockets that have it
        self.latencies: list[float] = []
        self.sockets = len(tokens) + spectators
        self.over = asyncio.Event()

    def arrived(self, version: int, when: float) -> None:
        """A socket received the view of ``version`` at ``when`` (before reading it)."""
        count = self.seen.get(version, 0) + 1
        if count < self.sockets:
            self.seen[version] = count
            return
        self.seen.pop(version, None)
        sent = self.sent.pop(version, None)
        if sent is not None:
            self.latencies.append(when - sent)


class Load:
    def __init__(self, server: ServerProcess, args: argparse.Namespace) -> None:
        self.server = server
        self.args = args
        self.base = server.url.replace("http://", "ws://")
        self.tables: list[Table] = []
        self.rng = random.Random(1)

    async def new_table(self, bots: bool) -> Table:
        if bots:
            players = NAMES
            seats: list[dict[str, Any]] = [{"kind": "bot", "agent": "random"}] * 4
        else:
            players = NAMES[: self.args.people_per_table]
            seats = [{} for _name in players]
        _status, made = await asyncio.to_thread(
            request, self.server.url + "/tables", {"players": players, "seats": seats}
        )
        tokens = {i: s["token"] for i, s in enumerate(made["seats"]) if "token" in s}
        table = Table(
            made["id"], tokens, self.args.bot_spectators if bots else self.args.spectators
        )
        self.tables.append(table)
        return table

    async def slot(self, bots: bool, until: float) -> None:
        """One place at the server: a table played to its end, then another, until time."""
        while time.perf_counter() < until:
            table = await self.new_table(bots)
            url = f"{self.base}/tables/{table.id}/socket"
            watchers = self.args.bot_spectators if bots else self.args.spectators
            work = [self.watch(url, table, until) for _index in range(watchers)]
            work.extend(
                self.person(url, table, seat, random.Random(self.rng.random()), until)
                for seat in table.tokens
            )
            if not work:
                work.append(self.poll(table, until))
            await asyncio.gather(*work)

    async def poll(self, table: Table, until: float) -> None:
        """A bots' table nobody watches: asked now and then whether it is over."""
        while time.perf_counter() < until:
            await asyncio.sleep(min(2.0, max(0.0, until - time.perf_counter())))
            _status, entry = await asyncio.to_thread(
                request, f"{self.server.url}/tables/{table.id}"
            )
            if entry["over"]:
                return

    async def person(
        self, url: str, table: Table, seat: int, rng: random.Random, until: float
    ) -> None:
        async with connect(f"{url}?token={table.tokens[seat]}", max_size=2**22) as socket:
            await self.follow(socket, table, rng, until, seat)

    async def watch(self, url: str, table: Table, until: float) -> None:
        async with connect(url, max_size=2**22) as socket:
            await self.follow(socket, table, random.Random(0), until, None)

    async def follow(
        self,
        socket: ClientConnection,
        table: Table,
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
            received = time.perf_counter()
            message: dict[str, Any] = json.loads(raw)
            if message["type"] == "error" and "retry_after" in message:
                continue
            if message["type"] != "view":
                raise AssertionError(f"the server refused a move: {message}")
            table.arrived(message["version"], received)
            if message["over"]:
                return
            if "choices" in message:
                move = rng.choice(options(message["choices"]))["notation"]
                if self.args.think:
                    await asyncio.sleep(self.args.think)
                table.sent[message["version"] + 1] = time.perf_counter()
                frame = {"type": "move", "move": move, "ply": message["ply"]}
                await socket.send(json.dumps(frame))


async def run(load: Load, seconds: float) -> float:
    until = time.perf_counter() + seconds
    args = load.args
    slots = [load.slot(index < args.bots, until) for index in range(args.tables)]
    started = time.perf_counter()
    await asyncio.gather(*slots)
    return time.perf_counter() - started


def disk_commits(folder: Path, count: int = 100) -> dict[str, float]:
    """Milliseconds a transaction of one small event takes, as the server's store makes
    them (write-ahead log, full synchronisation): p50 and p99 of ``count``."""
    db = sqlite3.connect(folder / "disk.db", isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("CREATE TABLE events (number INTEGER PRIMARY KEY, event TEXT)")
        times = []
        for number in range(count):
            started = time.perf_counter()
            db.execute("BEGIN IMMEDIATE")
            db.execute("INSERT INTO events VALUES (?, ?)", (number, "x" * 100))
            db.execute("COMMIT")
            times.append(1000 * (time.perf_counter() - started))
    finally:
        db.close()
    times.sort()
    return {"p50": round(times[count // 2], 2), "p99": round(times[(99 * count) // 100], 2)}


def quiet(pid: int, seconds: float = 30.0) -> int:
    """The server's resident memory once it has been idle a while (bots still moving on
    tables whose spectators left are let finish)."""
    time.sleep(1.0)
    deadline = time.monotonic() + seconds
    last = resident_kb(pid)
    while time.monotonic() < deadline:
        time.sleep(1.0)
        now = resident_kb(pid)
        if abs(now - last) < 64:
            return now
        last = now
    return last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--tables", type=int, default=100, help="tables open at once")
    parser.add_argument("--bots", type=int, default=50, help="of them, played by bots")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds before each move")
    parser.add_argument("--think", type=float, default=0.5, help="a person's seconds to move")
    parser.add_argument("--people", dest="people_per_table", type=int, default=2)
    parser.add_argument("--spectators", type=int, default=1, help="watching a people's table")
    parser.add_argument("--bot-spectators", type=int, default=0, help="watching a bots' table")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="fertility-load-"))
    server = ServerProcess(
        str(folder / "tables.db"),
        folder / "server.log",
        None,
        "--rate", "100000", "--frame-rate", "1000",
        "--bot-delay", str(args.pace), "--log-level", "warning",
    )  # fmt: skip
    server.start()
    if server.process is None:
        raise SystemExit("the server did not start")
    pid = server.process.pid
    load = Load(server, args)
    try:
        fresh = quiet(pid, 5.0)
        disk = disk_commits(folder)
        load_before = os.getloadavg()[0]
        cpu_before, server_before = os.times(), cpu_seconds(pid)
        # The load generator's own collections would count as the server's latency: what
        # it loaded is frozen (as the server does, fertility_rules.server.heap), and no
        # collection runs during the bounded run (what it makes is freed as it goes; the
        # few cycles of closed connections wait for the end).
        gc.collect()
        gc.freeze()
        gc.disable()
        try:
            elapsed = asyncio.run(run(load, args.seconds))
        finally:
            gc.enable()
        cpu_after, server_after = os.times(), cpu_seconds(pid)
        after = resident_kb(pid)
        generator_memory = resident_kb(os.getpid())
        entries = [request(f"{server.url}/tables/{table.id}")[1] for table in load.tables]
        moves = sum(entry["ply"] for entry in entries)
        finished = sum(entry["over"] for entry in entries)
        idle = quiet(pid)
        latencies = sorted(latency for table in load.tables for latency in table.latencies)

        def quantile(share: float) -> float | None:
            if not latencies:
                return None
            return round(1000 * latencies[int(share * (len(latencies) - 1))], 1)

        report = {
            "tables": args.tables,
            "bots": args.bots,
            "people": args.tables - args.bots,
            "pace": args.pace,
            "think": args.think,
            "spectators": args.spectators,
            "bot_spectators": args.bot_spectators,
            "seconds": round(elapsed, 2),
            "games": len(load.tables),
            "finished": finished,
            "moves": moves,
            "moves_per_second": round(moves / elapsed, 1),
            "person_moves_timed": len(latencies),
            "latency_p50_ms": (
                round(1000 * statistics.median(latencies), 1) if latencies else None
            ),
            "latency_p99_ms": quantile(0.99),
            "latency_max_ms": quantile(1.0),
            "server_cpu_s": round(server_after - server_before, 1),
            "server_cpu_ms_per_move": round(
                1000 * (server_after - server_before) / max(1, moves), 3
            ),
            "load_generator_cpu_s": round(
                (cpu_after.user + cpu_after.system) - (cpu_before.user + cpu_before.system), 1
            ),
            "load_generator_memory_mb": round(generator_memory / 1024, 1),
            "server_memory_fresh_mb": round(fresh / 1024, 1),
            "server_memory_after_mb": round(after / 1024, 1),
            "server_memory_idle_mb": round(idle / 1024, 1),
            "memory_per_finished_game_kb": round((idle - fresh) / max(1, finished), 1),
            "disk_commit_p50_ms": disk["p50"],
            "disk_commit_p99_ms": disk["p99"],
            "load_average_before": load_before,
            "load_average": os.getloadavg()[0],
        }
    finally:
        server.stop()
    for key, value in report.items():
        print(f"{key:>28}: {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
