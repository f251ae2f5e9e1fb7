"""The one small interface every table store has, and how a store is chosen.

A store keeps each table as its setup and its numbered events. :meth:`Storage.append`
returns only once the event is stored for good (a crash just after it loses nothing), and
refuses a number already taken: two server processes sharing a store never both add
event 12 to a table, and the one refused reloads the table and tries again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from attrs import frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import FertilityError
from fertility_rules.i18n.message import _

__all__ = ["Changed", "Storage", "StoredTable", "unreachable"]

Changed = Callable[[str], None]
"""Called with a table's id when another server process changed it."""


@frozen
class StoredTable:
    """A table as stored: its setup, and its events in order (the first is number 1), each
    as JSON text (read by the server within its limits, as any input)."""

    id: str
    setup: str
    events: tuple[str, ...]


class Storage(Protocol):
    """Where tables are kept: SQLite on one machine, PostgreSQL for several processes."""

    shared: bool
    """Whether other server processes may change the tables too (then a table not yet
    known is looked for in the store before it is called unknown)."""

    async def open(self, changed: Changed) -> None:
        """Connects (creating the tables of the store if needed); ``changed`` is called
        when another process changes a table (never, for a store only one process uses)."""

    async def close(self) -> None: ...

    async def create(self, table_id: str, setup: str, created: float) -> None:
        """Stores a new table for good (``created``: seconds since the epoch, for order)."""

    def append(self, table_id: str, number: int, event: str) -> Awaitable[bool]:
        """Stores event ``number`` of a table for good; ``False`` when that number is
        taken already (another process added it first). A store may start as soon as it
        is called, so that its caller does other work while the disk writes."""

    async def load(self, table_id: str, after: int = 0) -> StoredTable | None:
        """A table with its events numbered above ``after``; ``None`` if there is none."""

    async def table_ids(self) -> list[str]:
        """Every table kept, oldest first."""


@checked_arguments
def unreachable(where: str, reason: str) -> FertilityError:
    """The error of a store that cannot be opened."""
    return FertilityError(
        _("Cannot open the tables' store {where}: {reason}", where=where, reason=reason[:300])
    )
