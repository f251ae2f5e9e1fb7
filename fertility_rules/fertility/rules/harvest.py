"""Harvest of a placed tile (R-3.3 A to D), computed on the precomputed geometry."""

from __future__ import annotations

from attrs import frozen

from fertility_rules.fertility.interpretations import (
    Enclosure,
    Interpretations,
    OwnHalves,
    QuarryCount,
)
from fertility_rules.fertility.model.resources import Counts, Resource, shared_counts, sub_counts
from fertility_rules.fertility.rules.geometry import ValleyLayout
from fertility_rules.fertility.state import ValleyState
from fertility_rules.shared.values import unchecked_constructor

__all__ = ["Harvest", "closed_quarries", "harvest", "take_from_stock"]


@frozen
class Harvest:
    """What a placement yields before the Stock limit: tokens, Wheat, Quarries closed."""

    tokens: Counts
    wheat: int
    quarries: tuple[int, ...]
    quarry_choices: int


_harvest = unchecked_constructor(Harvest)
"""A harvest made from the engine's own counts (a placement's, every turn)."""


def closed_quarries(
    grid: ValleyLayout, empty: int, placed: int, enclosure: Enclosure
) -> tuple[int, ...]:
    """Empty desert squares next to ``placed`` that the placement closes (R-3.3.D, I-1)."""
    neighbours = grid.nb8 if enclosure is Enclosure.EIGHT else grid.nb4
    candidates = 0
    mask = placed
    while mask:
        low = mask & -mask
        candidates |= neighbours[low.bit_length() - 1]
        mask ^= low
    return _closed(neighbours, empty, candidates & empty)


def _closed(neighbours: tuple[int, ...], empty: int, candidates: int) -> tuple[int, ...]:
    """The squares of ``candidates`` with no empty square around them, in order."""
    closed = []
    while candidates:
        low = candidates & -candidates
        square = low.bit_length() - 1
        if not neighbours[square] & empty:
            closed.append(square)
        candidates ^= low
    return tuple(closed)


def harvest(
    grid: ValleyLayout,
    valley: ValleyState,
    first: int,
    second: int,
    scenes: tuple[Resource, Resource],
    options: Interpretations,
) -> Harvest:
    """The harvest of laying ``scenes`` on ``first`` and ``second`` (R-3.3)."""
    a, b = scenes
    nb4 = grid.nb4
    counts = [0, 0, 0, 0]
    # A. Connection: identical scenes already in play (I-12 for the tile's own halves).
    counts[a] += (nb4[first] & valley.scenes[a]).bit_count()
    counts[b] += (nb4[second] & valley.scenes[b]).bit_count()
    if a == b and options.own_halves is OwnHalves.COUNTED:
        counts[a] += 2
    # B. Wheat squares next to the tile, each once (I-4 is retired: none touches both halves).
    wheat = ((nb4[first] | nb4[second]) & grid.wheat).bit_count()
    # C. Printed icons covered.
    for square in (first, second):
        icon = grid.icon_at[square]
        if icon is not None:
            counts[icon] += 1
    # D. Quarries closed (I-1, I-2).
    # closed_quarries for the two squares, their neighbours taken directly.
    empty = valley.empty & ~((1 << first) | (1 << second))
    around = grid.nb8 if options.quarry_enclosure is Enclosure.EIGHT else nb4
    quarries = _closed(around, empty, (around[first] | around[second]) & empty)
    choices = len(quarries)
    if options.quarries_per_placement is QuarryCount.ONE:
        choices = min(choices, 1)
    return _harvest((counts[0], counts[1], counts[2], counts[3]), wheat, quarries, choices)


def take_from_stock(stock: Counts, wanted: Counts) -> tuple[Counts, Counts]:
    """``(new stock, tokens taken)``: the Stock gives what it has, no more (R-1.1, I-3)."""
    taken = shared_counts(
        (
            min(stock[0], wanted[0]),
            min(stock[1], wanted[1]),
            min(stock[2], wanted[2]),
            min(stock[3], wanted[3]),
        )
    )
    return sub_counts(stock, taken), taken
