"""Tables kept in a SQLite file: the embedded default (one server process).

The file is in write-ahead-log mode with ``synchronous=FULL``: an event is on disk when
:meth:`SQLiteStorage.append` returns, and a process killed at any moment leaves the file
consistent. SQLite is called from one thread of its own, so the server's event loop never
waits on the disk; the events of many tables arriving while the disk is busy are stored
together in one transaction (one wait for the disk instead of one each). That thread
starts the next transaction as soon as one is done, without waiting for the event loop
to hear of it: under load the loop is busy, and each of its delays held every event
waiting behind it.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
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


_Waiting = tuple[str, int, str, "asyncio.Future[bool]"]
"""An event to store, and the future its caller awaits."""


def _tell(batch: list[_Waiting], outcome: list[bool] | Exception) -> None:
    """In the event loop: each caller learns whether its event was stored (or the error)."""
    for index, (*_row, future) in enumerate(batch):
        if future.done():  # its caller gave up waiting
            continue
        if isinstance(outcome, Exception):
            future.set_exception(outcome)
        else:
            future.set_result(outcome[index])


class SQLiteStorage:
    """A SQLite file; see :class:`~fertility_rules.server.storage.base.Storage`."""

    shared = False

    def __init__(self, path: str) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._waiting: list[_Waiting] = []
        """Events to store, shared by the event loop and the store's thread."""
        self._guard = threading.Lock()
        self._writing = False
        """Whether a transaction of waiting events is under way or asked of the thread."""

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

    def append(self, table_id: str, number: int, event: str) -> asyncio.Future[bool]:
        """Hands the event to the store's thread at once; the future tells whether it
        was stored."""
        connection = self._connection
        if connection is None:
            raise RuntimeError("the store is not open")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        with self._guard:
            self._waiting.append((table_id, number, event, future))
            start, self._writing = not self._writing, True
        if start:
            try:
                self._thread.submit(self._write, connection, loop)
            except RuntimeError:  # the store is closing
                with self._guard:
                    self._waiting, self._writing = [], False
                raise
        return future

    def _write(self, db: sqlite3.Connection, loop: asyncio.AbstractEventLoop) -> None:
        """In the store's thread: stores the events waiting, in one transaction, tells
        their callers through the loop, and asks the thread for the next transaction if
        more have come (after whatever else the thread was asked meanwhile)."""
        with self._guard:
            batch, self._waiting = self._waiting, []
        rows = [(table_id, number, event) for table_id, number, event, _f in batch]
        outcome: list[bool] | Exception
        try:
            outcome = _insert(db, rows=rows)
        except sqlite3.Error as error:
            outcome = error
        loop.call_soon_threadsafe(_tell, batch, outcome)
        with self._guard:
            if not self._waiting:
                self._writing = False
                return
        try:
            self._thread.submit(self._write, db, loop)
        except RuntimeError as error:  # the store is closing
            with self._guard:
                batch, self._waiting, self._writing = self._waiting, [], False
            loop.call_soon_threadsafe(_tell, batch, error)

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
