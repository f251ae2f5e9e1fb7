"""The SQLite store (``fertility_rules.server.storage.sqlite``): events arriving together
are all stored, each number once, and the store's thread goes on to the next transaction
without waiting for the event loop."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from fertility_rules.server.storage import sqlite as sqlite_store
from fertility_rules.server.storage.sqlite import SQLiteStorage


def _stored(path: Path) -> list[tuple[str, int]]:
    """The events in the file, read by a connection of its own."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT table_id, number FROM events ORDER BY table_id, number")
        return [(table_id, number) for table_id, number in rows]


def test_events_arriving_together_are_stored_once_each(tmp_path: Path) -> None:
    async def run() -> tuple[list[bool], list[bool], tuple[str, ...]]:
        storage = SQLiteStorage(str(tmp_path / "tables.db"))
        await storage.open(lambda _table: None)
        try:
            await storage.create("t", "{}", 0.0)
            numbers = range(1, 41)
            first = await asyncio.gather(*(storage.append("t", n, f"e{n}") for n in numbers))
            again = await asyncio.gather(*(storage.append("t", n, "other") for n in numbers))
            loaded = await storage.load("t")
            assert loaded is not None
            return first, again, loaded.events
        finally:
            await storage.close()

    first, again, events = asyncio.run(run())
    assert first == [True] * 40
    assert again == [False] * 40  # a number taken is refused, never written over
    assert events == tuple(f"e{n}" for n in range(1, 41))


def test_the_next_transaction_does_not_wait_for_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A second table's event comes while the first's transaction is under way; the event
    # loop is then kept busy (it runs no callback) until both are in the file, or 30
    # seconds have passed. The store's thread must store the second without the loop
    # hearing that the first is stored.
    path = tmp_path / "tables.db"
    under_way, go = threading.Event(), threading.Event()
    insert = sqlite_store._insert

    def held_insert(db: sqlite3.Connection, *, rows: list[tuple[str, int, str]]) -> list[bool]:
        if rows[0][0] == "a":
            under_way.set()
            go.wait(30.0)
        return insert(db, rows=rows)

    monkeypatch.setattr(sqlite_store, "_insert", held_insert)

    async def run() -> list[tuple[str, int]]:
        storage = SQLiteStorage(str(path))
        await storage.open(lambda _table: None)
        try:
            for table_id in ("a", "b"):
                await storage.create(table_id, "{}", 0.0)
            first = storage.append("a", 1, "e")
            under_way.wait(30.0)
            second = storage.append("b", 1, "e")
            go.set()
            deadline = time.monotonic() + 30.0
            while len(_stored(path)) < 2 and time.monotonic() < deadline:
                time.sleep(0.01)  # busy: no callback of the loop runs
            seen = _stored(path)
            assert await first
            assert await second
            return seen
        finally:
            await storage.close()

    assert asyncio.run(run()) == [("a", 1), ("b", 1)]
