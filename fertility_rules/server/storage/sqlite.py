"""Tables kept in a SQLite file: the embedded default (one server process).

The file is in write-ahead-log mode with ``synchronous=FULL``: an event is on disk when
:meth:`SQLiteStorage.append` returns, and a process killed at any moment leaves the file
consistent. SQLite is called from one thread of its own, so the server's event loop never
waits on the disk; the events of many tables arriving while the disk is busy are stored
together in one transaction (one wait for the disk instead of one each).
"""

from __future__ import annotations

import asyncio
import functools
import sqlite3
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from fertility_rules.server.storage.base import Changed, StoredTable, unreachable

__all__ = ["SQLiteStorage"]

T = TypeVar("T")

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS tables ("
    " id TEXT PRIMARY KEY, setup TEXT NOT NULL, created REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS events ("
    " table_id TEXT NOT NULL, number INTEGER NOT NULL, event TEXT NOT NULL,"
    " PRIMARY KEY (table_id, number)) WITHOUT ROWID",
)


def _insert(db: sqlite3.Connection, *, rows: list[tuple[str, int, str]]) -> list[bool]:
    """Inserts the events in one transaction; for each, whether its number was free."""
    db.execute("BEGIN IMMEDIATE")
    try:
        stored = [
            db.execute(
                "INSERT OR IGNORE INTO events (table_id, number, event) VALUES (?, ?, ?)", row
            ).rowcount
            == 1
            for row in rows
        ]
    except sqlite3.Error:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
    return stored


class SQLiteStorage:
    """A SQLite file; see :class:`~fertility_rules.server.storage.base.Storage`."""

    shared = False

    def __init__(self, path: str) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._waiting: list[tuple[str, int, str, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        connection = self._connection
        if connection is None:
            raise RuntimeError("the store is not open")
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, work, connection)

    def _connect(self) -> sqlite3.Connection:
        connection = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA busy_timeout=5000")
        for statement in _SCHEMA:
            connection.execute(statement)
        return connection

    async def open(self, changed: Changed) -> None:
        loop = asyncio.get_running_loop()
        try:
            self._connection = await loop.run_in_executor(self._thread, self._connect)
        except sqlite3.Error as error:
            raise unreachable(self.path, str(error)) from None

    async def close(self) -> None:
        connection, self._connection = self._connection, None
        if connection is not None:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self._thread, connection.close)
        self._thread.shutdown(wait=True)

    async def create(self, table_id: str, setup: str, created: float) -> None:
        await self._run(
            lambda db: db.execute(
                "INSERT INTO tables (id, setup, created) VALUES (?, ?, ?)",
                (table_id, setup, created),
            )
        )

    async def append(self, table_id: str, number: int, event: str) -> bool:
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._waiting.append((table_id, number, event, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())
        return await future

    async def _write(self) -> None:
        """Stores the waiting events, as many as have come, one transaction at a time."""
        while self._waiting:
            batch, self._waiting = self._waiting, []
            rows = [(table_id, number, event) for table_id, number, event, _f in batch]
            try:
                stored = await self._run(functools.partial(_insert, rows=rows))
            except (sqlite3.Error, RuntimeError) as error:
                for *_row, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for (*_row, future), done in zip(batch, stored, strict=True):
                if not future.done():
                    future.set_result(done)

    async def load(self, table_id: str, after: int = 0) -> StoredTable | None:
        def read(db: sqlite3.Connection) -> StoredTable | None:
            row = db.execute("SELECT setup FROM tables WHERE id = ?", (table_id,)).fetchone()
            if row is None:
                return None
            events = db.execute(
                "SELECT event FROM events WHERE table_id = ? AND number > ? ORDER BY number",
                (table_id, after),
            ).fetchall()
            return StoredTable(table_id, row[0], tuple(event[0] for event in events))

        return await self._run(read)

    async def table_ids(self) -> list[str]:
        rows = await self._run(
            lambda db: db.execute("SELECT id FROM tables ORDER BY created, id").fetchall()
        )
        return [row[0] for row in rows]
