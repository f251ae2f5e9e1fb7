"""Valley boards, Valley tiles and the starting tile (R-1.3, R-1.4)."""

from __future__ import annotations

import enum

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.i18n.message import _
from fertility_rules.shared.provenance import Provenance

__all__ = [
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "MAX_BOARD_WIDTH",
    "MAX_VALLEY_BOARDS",
    "SQUARE_LEGEND",
    "BoardSquare",
    "Ground",
    "StartTile",
    "ValleyBoard",
    "ValleyTile",
]

BOARD_WIDTH = 4
BOARD_HEIGHT = 8
MAX_VALLEY_BOARDS = 4
"""Valley boards side by side at most: 3 for 2 or 3 players, 4 for 4 (R-1.4)."""
MAX_BOARD_WIDTH = BOARD_WIDTH * MAX_VALLEY_BOARDS
"""Columns of the widest central board (R-1.4)."""


class Ground(enum.Enum):
    """What a square of a Valley board is (R-1.4)."""

    DESERT = "desert"
    """Empty desert: tiles may be laid here."""
    WHEAT = "wheat"
    """A wheat field: never covered; gives Wheat to adjacent tiles (R-3.3.B)."""
    WATER = "water"
    """Water: never covered."""


@frozen(field_transformer=typed_fields)
class BoardSquare:
    """One printed square: its ground, a printed resource icon, a start symbol."""

    ground: Ground
    icon: Resource | None = None
    start: bool = False


SQUARE_LEGEND: dict[str, BoardSquare] = {
    ".": BoardSquare(Ground.DESERT),
    "w": BoardSquare(Ground.WHEAT),
    "~": BoardSquare(Ground.WATER),
    "a": BoardSquare(Ground.DESERT, Resource.ALABASTER),
    "b": BoardSquare(Ground.DESERT, Resource.BOVINE),
    "p": BoardSquare(Ground.DESERT, Resource.PAPYRUS),
    "g": BoardSquare(Ground.DESERT, Resource.GRAPES),
    "S": BoardSquare(Ground.DESERT, start=True),
}
"""The one-character codes of board squares used in catalogue files."""


def _row_problems(index: int, row: str) -> list[Problem]:
    path = f"rows[{index}]"
    problems = []
    if len(row) != BOARD_WIDTH:
        message = _("a row has {w} squares, not {n}", w=BOARD_WIDTH, n=len(row))
        problems.append(Problem(path, message, "R-1.4"))
    bad = sorted({c for c in row if c not in SQUARE_LEGEND})
    if bad:
        message = _(
            "unknown square codes {codes}; expected one of: {known}",
            codes=" ".join(bad),
            known=" ".join(SQUARE_LEGEND),
        )
        problems.append(Problem(path, message, "R-1.4"))
    return problems


def _check_rows(_instance: object, _attribute: object, rows: tuple[str, ...]) -> None:
    problems = [p for index, row in enumerate(rows) for p in _row_problems(index, row)]
    if len(rows) != BOARD_HEIGHT:
        message = _("a board has {h} rows, not {n}", h=BOARD_HEIGHT, n=len(rows))
        problems.append(Problem("rows", message, "R-1.4"))
    elif not problems and "S" not in "".join(rows):
        message = _("a Valley board shows at least one start symbol")
        problems.append(Problem("rows", message, "R-2.1"))
    if problems:
        raise MalformedInputError(problems)


@frozen(cache_hash=True, field_transformer=typed_fields)
class ValleyBoard:
    """A Valley board, ``rows`` top to bottom in the square codes of :data:`SQUARE_LEGEND`."""

    id: str
    rows: tuple[str, ...] = field(validator=_check_rows)
    provenance: Provenance | None = None
    note: str = field(default="", eq=False)

    def square(self, row: int, column: int, rotated: bool = False) -> BoardSquare:
        """The square at ``row``, ``column``; ``rotated`` turns the board by 180°."""
        if rotated:
            row, column = BOARD_HEIGHT - 1 - row, BOARD_WIDTH - 1 - column
        return SQUARE_LEGEND[self.rows[row][column]]


def _check_scenes(_instance: object, _attribute: object, value: tuple[Resource, Resource]) -> None:
    if len(value) != 2:
        raise MalformedInputError.single(
            "scenes", _("A Valley tile has exactly 2 scenes."), "R-1.3"
        )


@frozen(field_transformer=typed_fields)
class ValleyTile:
    """A Valley tile: a domino of two scenes (R-1.3)."""

    id: str
    scenes: tuple[Resource, Resource] = field(validator=_check_scenes)
    provenance: Provenance | None = None
    note: str = field(default="", eq=False)


def _check_start(
    _instance: object,
    _attribute: object,
    value: tuple[tuple[Resource, Resource], tuple[Resource, Resource]],
) -> None:
    flat = [scene for row in value for scene in row]
    if len(value) != 2 or any(len(row) != 2 for row in value) or set(flat) != set(Resource):
        raise MalformedInputError.single(
            "scenes",
            _("The starting tile is 2 x 2 squares showing the four scene types."),
            "I-14",
        )


@frozen(field_transformer=typed_fields)
class StartTile:
    """The starting tile: 2 x 2 scenes, one of each resource (R-1.3, I-14)."""

    scenes: tuple[tuple[Resource, Resource], tuple[Resource, Resource]] = field(
        validator=_check_start
    )
    provenance: Provenance | None = None
    note: str = field(default="", eq=False)
