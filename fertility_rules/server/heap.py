"""The server's heap, settled before the first socket: what every table needs is loaded,
then frozen out of the garbage collector's reach.

A full collection walks every object the process holds. Under load (100 tables, a move
every few milliseconds) the server made one every few seconds, and each took about 100 ms
(measured with ``gc.callbacks``): the longest wait a move had before its views went out.
Most of those objects are the library, its games and their stack, loaded once and never
freed; :func:`gc.freeze` moves them to a generation no collection walks, so that a full
collection walks only what the tables made since.

Loading is not enough: a game's referee keeps values it makes once and looks up after
(its moves, for one, are values shared by every game with the same pieces), and those
were made by the first tables to play, then walked by every full collection: half the
objects a loaded server held (42,000 of 83,000). A few whole games of every game and
player count, played before the freeze, make them.

What is left is the tables in play and their sockets: about 40,000 objects, yet a full
collection of them still took 20 to 45 ms of CPU on a loaded machine (they lie scattered
in memory, and each of their 200,000 references is read). So a settled heap makes no full
collection on its own: :func:`tend` makes them, when the server is quiet (no table event
for a second), or once a minute at most under constant load; the collections of young
objects, a millisecond or two, go on as before. Garbage in cycles is still collected,
only later. Only what the server loaded and made before its first table is frozen,
once: none of it is a table's or a socket's.
"""

from __future__ import annotations

import asyncio
import gc
import random
import time
from collections.abc import Callable

from fertility_rules.games import GameInfo, known_games
from fertility_rules.i18n.language import Language
from fertility_rules.server.messages import table_entry, view_text
from fertility_rules.server.requests import SeatKind
from fertility_rules.server.table import Played, Seat, Table, TableSetup

__all__ = ["settle", "settled", "tend"]

GAMES_PLAYED = 3
"""Whole games played for each game and player count before the freeze."""
FULL_EVERY = 60.0
"""Seconds at most between two full collections of a settled heap."""
QUIET = 1.0
"""Seconds without a table event after which a server is quiet."""
_NEVER = 2**31 - 1
"""A full collection's threshold no count reaches."""
_settled = False


def settle(games: int = GAMES_PLAYED) -> None:
    """Loads what a table of every game needs (its referee, views, formats and messages in
    every language), plays ``games`` whole games of each game and player count,
    collects, and freezes the heap; from then on, :func:`tend` makes the full
    collections."""
    global _settled
    for info in known_games():
        for players in info.players:
            for seed in range(games):
                _play(info, players, seed)
    gc.collect()
    gc.freeze()
    young, middle, _full = gc.get_threshold()
    gc.set_threshold(young, middle, _NEVER)
    _settled = True


def settled() -> bool:
    """Whether this process settled its heap (a server's: tests serving in their own
    process leave the collector as it is)."""
    return _settled


async def tend(last_event: Callable[[], float], every: float = FULL_EVERY) -> None:
    """Makes the full collections of a settled heap, as long as it runs: when the server
    has been quiet for :data:`QUIET` seconds since ``last_event()`` (a ``time.monotonic``
    time) and young objects have grown old since the last one, or after ``every`` seconds."""
    last = time.monotonic()
    while True:
        await asyncio.sleep(QUIET / 2)
        now = time.monotonic()
        quiet = now - last_event() >= QUIET and gc.get_count()[2] > 0
        if quiet or now - last >= every:
            gc.collect()
            last = time.monotonic()


def _play(info: GameInfo, players: int, seed: int) -> None:
    """A game of people moving at random: their views at its start, every decision's legal
    moves, and its end in every language."""
    names = tuple(chr(ord("A") + index) for index in range(players))
    seats = tuple(Seat(kind=SeatKind.PERSON, language="en", token="settle") for _ in names)
    setup = TableSetup(id="settle", game=info.name, players=names, seats=seats, seed=seed)
    table = Table.start(setup)
    rng = random.Random(seed)
    while not table.over:
        rules = table.rules
        if table.ply < 2:
            view_text(table, table.state.current, Language.EN.value)
        moves = rules.legal_moves(rules.observe(table.state))
        table = table.after(Played(table.state.current, rng.choice(moves)))
    for language in Language:
        view_text(table, None, language.value)
        table_entry(table, language.value)
