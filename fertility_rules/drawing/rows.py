"""Things laid out in rows: kinds side by side with how many of each, items in a grid.

A game's stock, supply or hand is a row of its tokens, each with its number beside it
(:func:`count_row`, styled by a :class:`CountRow` the game declares); a game's offer or
removed pieces are cells of a grid (:func:`grid`). The game brings its own token
drawing, so every game's rows look alike.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from typing import TypeVar

from attrs import frozen

from fertility_rules.drawing.image import el
from fertility_rules.drawing.palette import INK
from fertility_rules.shared.members import Keyed

__all__ = ["CountRow", "count_row", "grid"]

K = TypeVar("K", bound=Keyed)
"""A kind of token with its key in files (a resource, a kind of Ankh'or's tokens)."""


@frozen
class CountRow:
    """How a row of counts is drawn: tokens of ``radius``, ``step`` apart; each number
    ``room`` right of its token's centre in ``size`` type, of class ``kind``, with the
    token's key in the attribute ``data-{data}``; ``role`` is the tokens' class
    (``pictogram`` when a token only stands for its kind)."""

    step: float
    radius: float
    room: float
    size: float
    kind: str
    data: str
    role: str = "pictogram"


def count_row(
    parent: ET.Element,
    style: CountRow,
    token: Callable[[ET.Element, K, float, float, float, str], object],
    counts: Iterable[tuple[K, int]],
    x: float,
    y: float,
) -> None:
    """Each kind of ``counts`` as a ``token`` centred on the line ``y`` from ``x`` on,
    with its number right of it."""
    for index, (kind, count) in enumerate(counts):
        cx = x + index * style.step
        token(parent, kind, cx, y, style.radius, style.role)
        el(
            parent,
            "text",
            str(count),
            x=cx + style.room,
            y=y + 5,
            font_size=style.size,
            fill=INK,
            class_=style.kind,
            **{f"data_{style.data}": kind.key},
        )


def grid(
    count: int, columns: int, x: float, y: float, across: float, down: float
) -> list[tuple[float, float]]:
    """The top left corners of ``count`` cells, ``columns`` to a row from ``x, y``, each
    ``across`` right of the one before and ``down`` below the one above."""
    return [
        (x + column * across, y + row * down)
        for row, column in (divmod(index, columns) for index in range(count))
    ]
