"""Names of the central board's squares: column letter, then row number (``c4``).

Columns are lettered ``a``, ``b``, ``c``… from the left, rows numbered ``1`` to ``8``
from the top, the way the Valley boards are printed and stored. The same names are
used by the pictures, the text board and move notation, so a square read off a
picture can be typed back.
"""

from __future__ import annotations

import string

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.model.valley import BOARD_HEIGHT
from fertility_rules.i18n.message import _

__all__ = ["MAX_COLUMNS", "column_name", "parse_square", "row_name", "square_name"]

MAX_COLUMNS = len(string.ascii_lowercase)
"""Widest board that can be named: one letter per column."""


def _check_width(width: int) -> None:
    if not 1 <= width <= MAX_COLUMNS:
        raise MalformedInputError.single(
            "width",
            _(
                "A board {width} squares wide has no square names (1 to {max}).",
                width=width,
                max=MAX_COLUMNS,
            ),
            "R-1.4",
        )


def column_name(column: int) -> str:
    """The letter of a column, ``0`` → ``a``."""
    return string.ascii_lowercase[column]


def row_name(row: int) -> str:
    """The number of a row, ``0`` → ``1``."""
    return str(row + 1)


@checked_arguments
def square_name(square: int, width: int, height: int = BOARD_HEIGHT) -> str:
    """The name of square ``square`` (``row * width + column``) on a board ``width`` wide."""
    _check_width(width)
    if not 0 <= square < width * height:
        raise MalformedInputError.single(
            "square",
            _(
                "Square {square} is off a board of {count} squares.",
                square=square,
                count=width * height,
            ),
            "R-1.4",
        )
    row, column = divmod(square, width)
    return column_name(column) + row_name(row)


@checked_arguments
def parse_square(text: str, width: int, height: int = BOARD_HEIGHT) -> int:
    """The square named ``text`` (``"c4"``: a column letter, then a row number with no
    leading zero; case and surrounding spaces ignored) on a board ``width`` wide."""
    _check_width(width)
    name = text.strip().lower() if isinstance(text, str) else ""
    letter, digits = name[:1], name[1:]
    if (
        letter not in string.ascii_lowercase[:width]
        or not digits.isascii()
        or not digits.isdigit()
        or digits.startswith("0")
        or len(digits) > 3
        or not 1 <= int(digits) <= height
    ):
        raise MalformedInputError.single(
            "square",
            _(
                "{text!r} is not a square: expected a column {first} to {last} and a row "
                "1 to {height}, like {example}.",
                text=str(text)[:40],
                first=column_name(0),
                last=column_name(width - 1),
                height=height,
                example=column_name(min(2, width - 1)) + row_name(min(3, height - 1)),
            ),
            "R-1.4",
        )
    return (int(digits) - 1) * width + string.ascii_lowercase.index(letter)
