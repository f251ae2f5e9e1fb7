"""Bounded memory: a finished table leaves the server's memory (its record lives in the
store and is read from there when asked), so a server that has finished a thousand games
idles within twice the memory it had fresh. Measured on a real server process, by its
resident memory, with games played by bots that move at once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.server.helpers import require
from tests.server.processes import ServerProcess, request, resident_kb

require("starlette", "server")
require("uvicorn", "server")

GAMES = 1000
WARM = 200
"""Games played before the growth is measured: the allocator's pools and the bounded
caches (the lobby's newest finished tables, pictures, recent tables) are full by then."""
AT_ONCE = 100
TABLE = {
    "players": ["Ann", "Bob"],
    "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}],
}


def idle_kb(pid: int) -> int:
    """The resident memory once it stays put (within 64 KB for half a second)."""
    last = resident_kb(pid)
    for _attempt in range(40):
        time.sleep(0.5)
        now = resident_kb(pid)
        if abs(now - last) < 64:
            return now
        last = now
    return last


def play(server: ServerProcess, games: int) -> list[str]:
    """``games`` games of two bots, ``AT_ONCE`` at a time, each played to its end."""
    ids: list[str] = []
    while len(ids) < games:
        batch = []
        for _index in range(min(AT_ONCE, games - len(ids))):
            status, made = request(server.url + "/tables", TABLE)
            assert status == 201, made
            batch.append(made["id"])
        deadline = time.monotonic() + 300
        while True:
            status, listed = request(server.url + "/tables?over=false")
            assert status == 200, listed
            if not listed["tables"]:
                break
            assert time.monotonic() < deadline, "the bots did not finish their games"
            time.sleep(0.2)
        ids.extend(batch)
    return ids


@pytest.mark.slow
def test_a_server_that_finished_a_thousand_games_idles_within_twice_its_fresh_memory(
    tmp_path: Path,
) -> None:
    server = ServerProcess(str(tmp_path / "tables.db"), tmp_path / "server.log", None,
                           "--rate", "100000", "--tables-per-client", "1000",
                           "--log-level", "warning")  # fmt: skip
    server.start()
    try:
        assert server.process is not None
        pid = server.process.pid
        status, _games = request(server.url + "/games")  # every game's rules loaded
        assert status == 200
        fresh = idle_kb(pid)
        ids = play(server, WARM)
        warm = idle_kb(pid)
        ids += play(server, GAMES - WARM)
        finished = idle_kb(pid)
        per_game = (finished - warm) / (GAMES - WARM)
        assert per_game <= 64, (fresh, warm, finished, per_game)
        assert finished <= 2 * fresh, (fresh, warm, finished)
        # Every finished game is still there, read from the store: the oldest one too.
        status, entry = request(f"{server.url}/tables/{ids[0]}")
        assert status == 200, entry
        assert entry["over"], entry
        status, record = request(f"{server.url}/tables/{ids[0]}/record")
        assert status == 200, record
        assert len(record["moves"]) == entry["ply"], record
        status, view = request(f"{server.url}/tables/{ids[0]}/view")
        assert status == 200, view
        assert view["over"], view
        assert view["ply"] == entry["ply"], view
        status, listed = request(server.url + "/tables?over=true")
        assert status == 200, listed
        assert len(listed["tables"]) == 200, len(listed["tables"])
    finally:
        server.stop()


def test_a_finished_table_is_let_go_and_read_back_from_the_store(tmp_path: Path) -> None:
    """In the service itself: once games are over, no value of their tables stays alive
    but the few last read (a table holds every position of its game; the lobby keeps a
    summary, the store the rest), and a finished table is still found, from the store."""
    import asyncio
    import gc

    from fertility_rules.server.config import ServerConfig
    from fertility_rules.server.requests import read_table_request
    from fertility_rules.server.service import TableService
    from fertility_rules.server.storage import open_storage
    from fertility_rules.server.table import Table

    ours: set[str] = set()

    def alive() -> int:
        # Only this service's tables: other tests of the process may hold tables of theirs.
        gc.collect()
        return sum(
            isinstance(value, Table) and value.setup.id in ours for value in gc.get_objects()
        )

    async def run() -> tuple[int, int, Table]:
        config = ServerConfig(finished_listed=5)
        service = TableService(open_storage(str(tmp_path / "tables.db")), config)
        await service.start()
        try:
            made = [(await service.create(read_table_request(TABLE)))[0] for _i in range(40)]
            ours.update(table.setup.id for table in made)
            playing = alive()
            while any(not entry.over for entry in service.tables()):
                await asyncio.sleep(0.01)
            del made
            finished = alive()
            entries = service.tables()
            return playing, finished, await service.find(entries[0].setup.id)
        finally:
            await service.stop()

    playing, finished, first = asyncio.run(run())
    assert playing >= 40
    assert finished <= 8, finished
    assert first.over
    assert first.ply > 0
