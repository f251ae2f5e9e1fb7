"""The central board's geometry, precomputed once per layout as bit masks.

Square ``i`` is ``row * width + column``; a set of squares is an ``int`` whose bit
``i`` is set. Neighbour masks and ground masks make placement, harvest and Quarry
tests a few integer operations each.
"""

from __future__ import annotations

import functools

from attrs import frozen

from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.model.valley import (
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


@functools.lru_cache(maxsize=64)
def _board_rows(board: ValleyBoard, rotated: bool) -> tuple[tuple[BoardSquare, ...], ...]:
    """A board's squares row by row, as laid (turned by 180° or not); cached, so that a
    new arrangement of known boards only puts rows side by side."""
    return tuple(
        tuple(board.square(row, column, rotated) for column in range(BOARD_WIDTH))
        for row in range(BOARD_HEIGHT)
    )


@functools.lru_cache(maxsize=16)
def _inner_columns(width: int, height: int) -> tuple[int, int]:
    """The squares not in the first column, and those not in the last (masks)."""
    full = (1 << (width * height)) - 1
    first = sum(1 << (r * width) for r in range(height))
    last = sum(1 << (r * width + width - 1) for r in range(height))
    return full & ~first, full & ~last


@functools.lru_cache(maxsize=1024)
def layout(boards: tuple[tuple[ValleyBoard, bool], ...]) -> ValleyLayout:
    """The layout of ``boards`` (left to right, ``True`` = turned by 180°), cached (bounded)."""
    width, height = BOARD_WIDTH * len(boards), BOARD_HEIGHT
    parts = [_board_rows(board, rotated) for board, rotated in boards]
    squares = tuple(square for row in range(height) for part in parts for square in part[row])
    desert = wheat = water = 0
    start_symbols = []
    for index, square in enumerate(squares):
        ground = square.ground
        if ground is Ground.DESERT:
            desert |= 1 << index
        elif ground is Ground.WHEAT:
            wheat |= 1 << index
        elif ground is Ground.WATER:
            water |= 1 << index
        if square.start:
            start_symbols.append(index)
    not_first_column, not_last_column = _inner_columns(width, height)
    return ValleyLayout(
        boards=boards,
        width=width,
        height=height,
        squares=squares,
        full=(1 << (width * height)) - 1,
        desert=desert,
        wheat=wheat,
        water=water,
        icon_at=tuple(square.icon for square in squares),
        start_symbols=tuple(start_symbols),
        nb4=_neighbour_masks(width, height, False),
        nb8=_neighbour_masks(width, height, True),
        not_first_column=not_first_column,
        not_last_column=not_last_column,
    )
