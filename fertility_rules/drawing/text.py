"""Labels that measure their text: a label is fitted into the room it has.

A label's width is measured in DejaVu Sans, the first font of the pictures (``root``
asks for it; :mod:`fertility_rules.fonts` holds its widths). A label longer than its
room is drawn smaller, down to a floor, then shortened with ``…`` (its whole text then
stays in a tooltip). So a translation, a god's name or a player's name
never runs into a border or another label, whatever its length.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.drawing.image import el
from fertility_rules.fonts import MINIMUM_SIZE, fit_size, text_width

__all__ = ["MINIMUM_SIZE", "fit_size", "label", "text_width"]


def _shortened(text: str, size: float, width: float, bold: bool) -> str:
    while len(text) > 1 and text_width(text + "…", size, bold) > width:
        text = text[:-1].rstrip()
    return text + "…"


def label(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    size: float,
    width: float | None = None,
    *,
    bold: bool = False,
    anchor: str = "start",
    **attributes: float | int | str | None,
) -> ET.Element:
    """A ``<text>`` at ``x, y`` that fits in ``width`` (smaller if need be, then shortened
    with its whole text as a tooltip)."""
    shown, drawn = text, size
    if width is not None:
        drawn = fit_size(text, size, width, bold)
        if text_width(text, drawn, bold) > width + 0.01:
            shown = _shortened(text, drawn, width, bold)
    node = el(
        parent,
        "text",
        shown,
        x=x,
        y=y,
        font_size=round(drawn, 2),
        font_weight="bold" if bold else None,
        text_anchor=None if anchor == "start" else anchor,
        **attributes,
    )
    if shown != text:
        el(node, "title", text)
    return node
