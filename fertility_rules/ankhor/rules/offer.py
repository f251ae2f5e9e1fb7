"""The offer under the price board: closing it up, removing its leftmost tile and
refilling it from the draw piles (A-4.2, A-5)."""

from __future__ import annotations

from fertility_rules.ankhor.model import Tile
from fertility_rules.shared.sequences import Rest

__all__ = ["Piles", "close_up", "fill", "has_gap", "has_tile", "other_pile"]

Piles = tuple[Rest[Tile], Rest[Tile]]


def close_up(offer: tuple[Tile | None, ...]) -> list[Tile]:
    """The tiles of the offer shifted left, gaps closed (A-5.1, A-4.2 step 2)."""
    return [tile for tile in offer if tile is not None]


def has_gap(offer: tuple[Tile | None, ...]) -> bool:
    """Whether a slot of the offer is empty (compared by identity: ``in`` would call the
    tiles' ``__eq__``; a loop, not a generator: it runs at every turn)."""
    for tile in offer:  # noqa: SIM110
        if tile is None:
            return True
    return False


def has_tile(offer: tuple[Tile | None, ...]) -> bool:
    """Whether the offer holds a tile."""
    for tile in offer:  # noqa: SIM110
        if tile is not None:
            return True
    return False


def other_pile(pile: int) -> int:
    return 1 - pile


def fill(
    tiles: list[Tile], size: int, piles: Piles, pile: int
) -> tuple[tuple[Tile | None, ...], Piles]:
    """The offer filled to ``size`` slots from ``pile``, continuing from the other pile
    when it runs out (A-4.2 steps 3 and 4); empty slots stay ``None`` at the right when
    both piles are exhausted."""
    missing = size - len(tiles)
    if not missing:
        return tuple(tiles), piles
    drawn, first = piles[pile].draw(missing)
    more, second = piles[other_pile(pile)].draw(missing - len(drawn))
    offer: list[Tile | None] = [*tiles, *drawn, *more]
    offer += [None] * (size - len(offer))
    new = (first, second) if pile == 0 else (second, first)
    return tuple(offer), new
