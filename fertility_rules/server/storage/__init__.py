"""Table stores: :class:`Storage` and the two backends, chosen by :func:`open_storage`."""

from __future__ import annotations

from fertility_rules.server.storage.base import Changed, Storage, StoredTable

__all__ = ["Changed", "Storage", "StoredTable", "open_storage"]

_POSTGRES = ("postgresql://", "postgres://")


def open_storage(where: str) -> Storage:
    """The store at ``where``: a PostgreSQL connection string (``postgresql://…``), or
    the path of a SQLite file (created if missing; ``:memory:`` keeps nothing)."""
    if where.startswith(_POSTGRES):
        from fertility_rules.server.storage.postgres import PostgresStorage

        return PostgresStorage(where)
    from fertility_rules.server.storage.sqlite import SQLiteStorage

    return SQLiteStorage(where)
