"""Tables kept in PostgreSQL, shared by several server processes (psycopg 3).

Each event is inserted under the primary key (table, number), so two processes can never
both add the same event; the insert and a ``NOTIFY`` naming the table commit together,
and every process ``LISTEN``-ing reloads that table's new events and tells its own
sockets. A move made through one process therefore reaches the sockets of all.
"""

from __future__ import annotations

import asyncio
import contextlib
import urllib.parse

import psycopg
from psycopg import sql

from fertility_rules.server.storage.base import Changed, StoredTable, unreachable

__all__ = ["CHANNEL", "PostgresStorage"]

CHANNEL = "fertility_rules_tables"
"""The notification channel; the payload is a table id."""

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS fr_tables ("
    " id TEXT PRIMARY KEY, setup TEXT NOT NULL, created DOUBLE PRECISION NOT NULL)",
    "CREATE TABLE IF NOT EXISTS fr_events ("
    " table_id TEXT NOT NULL REFERENCES fr_tables (id), number INTEGER NOT NULL,"
    " event TEXT NOT NULL, PRIMARY KEY (table_id, number))",
)


def _without_password(dsn: str) -> str:
    """The URL without its password, to name it in a message."""
    parts = urllib.parse.urlsplit(dsn)
    if parts.password is None:
        return dsn
    host = parts.netloc.rsplit("@", 1)[-1]
    return urllib.parse.urlunsplit(parts._replace(netloc=f"{parts.username}:…@{host}"))


class PostgresStorage:
    """A PostgreSQL database; see :class:`~fertility_rules.server.storage.base.Storage`."""

    shared = True

    def __init__(self, dsn: str) -> None:
        self.dsn = dsn
        self._connection: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._listener: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._lock = asyncio.Lock()
        self._listening: asyncio.Task[None] | None = None

    def _db(self) -> psycopg.AsyncConnection[tuple[object, ...]]:
        if self._connection is None:
            raise RuntimeError("the store is not open")
        return self._connection

    async def open(self, changed: Changed) -> None:
        try:
            self._connection = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        except psycopg.Error as error:
            raise unreachable(_without_password(self.dsn), str(error).strip()) from None
        # Two processes starting at once would race on CREATE TABLE IF NOT EXISTS.
        async with self._lock, self._connection.transaction():
            await self._connection.execute("SELECT pg_advisory_xact_lock(7023311)")
            for statement in _SCHEMA:
                await self._connection.execute(statement)
        self._listener = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await self._listener.execute(sql.SQL("LISTEN {}").format(sql.Identifier(CHANNEL)))
        self._listening = asyncio.create_task(self._listen(self._listener, changed))

    async def _listen(
        self, listener: psycopg.AsyncConnection[tuple[object, ...]], changed: Changed
    ) -> None:
        async for notice in listener.notifies():
            changed(notice.payload)

    async def close(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._listening
        for connection in (self._listener, self._connection):
            if connection is not None:
                await connection.close()
        self._connection = self._listener = None

    async def create(self, table_id: str, setup: str, created: float) -> None:
        db = self._db()
        async with self._lock, db.transaction():
            await db.execute(
                "INSERT INTO fr_tables (id, setup, created) VALUES (%s, %s, %s)",
                (table_id, setup, created),
            )
            await db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))

    async def append(self, table_id: str, number: int, event: str) -> bool:
        db = self._db()
        async with self._lock, db.transaction():
            cursor = await db.execute(
                "INSERT INTO fr_events (table_id, number, event) VALUES (%s, %s, %s)"
                " ON CONFLICT DO NOTHING",
                (table_id, number, event),
            )
            if cursor.rowcount != 1:
                return False
            await db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, table_id))
        return True

    async def load(self, table_id: str, after: int = 0) -> StoredTable | None:
        db = self._db()
        async with self._lock:
            cursor = await db.execute("SELECT setup FROM fr_tables WHERE id = %s", (table_id,))
            row = await cursor.fetchone()
            if row is None:
                return None
            cursor = await db.execute(
                "SELECT event FROM fr_events WHERE table_id = %s AND number > %s ORDER BY number",
                (table_id, after),
            )
            events = await cursor.fetchall()
        return StoredTable(table_id, str(row[0]), tuple(str(event[0]) for event in events))

    async def table_ids(self) -> list[str]:
        db = self._db()
        async with self._lock:
            cursor = await db.execute("SELECT id FROM fr_tables ORDER BY created, id")
            rows = await cursor.fetchall()
        return [str(row[0]) for row in rows]
