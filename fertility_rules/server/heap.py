"""The server's heap, settled before the first socket: what every table needs is loaded,
then frozen out of the garbage collector's reach.

A full collection walks every object the process holds. Under load (100 tables, a move
every few milliseconds) the server made one every few seconds, and each took about 100 ms
(measured with ``gc.callbacks``): the longest wait a move had before its views went out.
Most of those objects are the library, its games and their stack, loaded once and never
freed; :func:`gc.freeze` moves them to a generation no collection walks, so that a full
collection walks only what the tables made since.
"""

from __future__ import annotations

import gc

from fertility_rules.games import known_games
from fertility_rules.i18n.language import Language
from fertility_rules.server.messages import table_entry, view_text
from fertility_rules.server.requests import SeatKind
from fertility_rules.server.table import Seat, Table, TableSetup

__all__ = ["settle"]

_PLAYERS = ("A", "B")


def settle() -> None:
    """Loads what a table of every game needs (its referee, views, formats and messages in
    every language), collects, and freezes the heap."""
    for info in known_games():
        seats = tuple(Seat(kind=SeatKind.BOT, language="en", agent="random") for _ in _PLAYERS)
        setup = TableSetup(id="settle", game=info.name, players=_PLAYERS, seats=seats, seed=1)
        table = Table.start(setup)
        for language in Language:
            view_text(table, table.state.current, language.value)
            table_entry(table, language.value)
    gc.collect()
    gc.freeze()
