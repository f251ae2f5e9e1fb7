"""The central board's geometry, precomputed once per layout as bit masks.

Square ``i`` is ``row * width + column``; a set of squares is an ``int`` whose bit
``i`` is set. Neighbour masks and ground masks make placement, harvest and Quarry
tests a few integer operations each.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from attrs import frozen

from fertility_rules.model.resources import Resource
from fertility_rules.model.valley import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    BoardSquare,
    Ground,
    ValleyBoard,
)

__all__ = ["ValleyLayout", "bits", "layout"]


def bits(mask: int) -> list[int]:
    """The squares of a mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


@frozen(eq=False)
class ValleyLayout:
    """Valley boards laid side by side (each possibly turned by 180°), precomputed."""

    boards: tuple[tuple[ValleyBoard, bool], ...]
    width: int
    height: int
    squares: tuple[BoardSquare, ...]
    full: int
    desert: int
    wheat: int
    water: int
    icon_at: tuple[Resource | None, ...]
    start_symbols: tuple[int, ...]
    nb4: tuple[int, ...]
    nb8: tuple[int, ...]
    not_first_column: int
    not_last_column: int

    def index(self, row: int, column: int) -> int:
        return row * self.width + column

    def coordinates(self, square: int) -> tuple[int, int]:
        """``(row, column)`` of a square."""
        return divmod(square, self.width)

    def contains(self, row: int, column: int) -> bool:
        return 0 <= row < self.height and 0 <= column < self.width

    def dilate(self, mask: int) -> int:
        """The squares orthogonally adjacent to some square of ``mask``."""
        width = self.width
        return (
            ((mask << 1) & self.not_first_column)
            | ((mask >> 1) & self.not_last_column)
            | (mask << width)
            | (mask >> width)
        ) & self.full


@functools.lru_cache(maxsize=16)
def _neighbour_masks(width: int, height: int, diagonal: bool) -> tuple[int, ...]:
    """The neighbours of each square as a mask, 4 or 8 around (cached: they depend on
    the size of the board only, not on the boards laid)."""

    def neighbours(i: int) -> int:
        row, column = divmod(i, width)
        out = 0
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) == (0, 0) or (not diagonal and dr and dc):
                    continue
                r, c = row + dr, column + dc
                if 0 <= r < height and 0 <= c < width:
                    out |= 1 << (r * width + c)
        return out

    return tuple(neighbours(i) for i in range(width * height))


@functools.lru_cache(maxsize=1024)
def layout(boards: tuple[tuple[ValleyBoard, bool], ...]) -> ValleyLayout:
    """The layout of ``boards`` (left to right, ``True`` = turned by 180°), cached (bounded)."""
    width, height = BOARD_WIDTH * len(boards), BOARD_HEIGHT
    squares: list[BoardSquare] = []
    for row in range(height):
        for column in range(width):
            board, rotated = boards[column // BOARD_WIDTH]
            squares.append(board.square(row, column % BOARD_WIDTH, rotated))
    count = width * height

    def mask(predicate: Callable[[BoardSquare], bool]) -> int:
        return sum(1 << i for i, sq in enumerate(squares) if predicate(sq))

    first_column = sum(1 << (r * width) for r in range(height))
    last_column = sum(1 << (r * width + width - 1) for r in range(height))
    full = (1 << count) - 1
    return ValleyLayout(
        boards=boards,
        width=width,
        height=height,
        squares=tuple(squares),
        full=full,
        desert=mask(lambda sq: sq.ground is Ground.DESERT),
        wheat=mask(lambda sq: sq.ground is Ground.WHEAT),
        water=mask(lambda sq: sq.ground is Ground.WATER),
        icon_at=tuple(sq.icon for sq in squares),
        start_symbols=tuple(i for i, sq in enumerate(squares) if sq.start),
        nb4=_neighbour_masks(width, height, False),
        nb8=_neighbour_masks(width, height, True),
        not_first_column=full & ~first_column,
        not_last_column=full & ~last_column,
    )
