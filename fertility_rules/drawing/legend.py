"""Keys to the pictures: symbols with their names, in columns.

Each game lists its own symbols (``(draw, name)`` pairs); this module lays them out, so
that every game's key looks alike.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence

from fertility_rules.drawing.image import el, rect
from fertility_rules.drawing.palette import INK
from fertility_rules.drawing.text import label
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, render

__all__ = ["ROW", "Symbol", "draw_key", "key_size", "swatch"]

ROW = 30
"""The height of one entry."""

Symbol = Callable[[ET.Element, float, float], object]
"""Draws a symbol centred at ``x, y`` in a 24 x 24 box."""


def swatch(
    parent: ET.Element, x: float, y: float, side: float, fill: str, **attributes: str | float
) -> ET.Element:
    """A square ``side`` wide centred at ``x, y``: the ground of a symbol of a key."""
    return rect(parent, x - side / 2, y - side / 2, side, side, fill=fill, **attributes)


def key_size(entries: int, rows: int, column: float) -> tuple[float, float]:
    """The width and height of a key of ``entries`` entries, ``rows`` to a column."""
    columns = max(1, (entries + rows - 1) // rows)
    return columns * column, min(entries, rows) * ROW + 8


def draw_key(
    parent: ET.Element,
    entries: Sequence[tuple[Symbol, Message]],
    x0: float,
    y0: float,
    language: Language,
    rows: int,
    column: float,
) -> ET.Element:
    """Draw ``entries`` at ``x0, y0``, ``rows`` to a column ``column`` wide; a name too
    long for its column is written smaller (:func:`~fertility_rules.drawing.text.label`)."""
    group = el(parent, "g", class_="legend")
    for index, (symbol, name) in enumerate(entries):
        across, row = divmod(index, rows)
        x = x0 + across * column + 16
        y = y0 + row * ROW + 16
        entry = el(group, "g", class_="legend-entry")
        symbol(entry, x, y)
        label(entry, render(name, language), x + 20, y + 4, 12, column - 44, fill=INK)
    return group
