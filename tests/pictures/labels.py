"""Where the labels of a picture lie: boxes of its texts, to find overlaps and overflows.

A text's box comes from its position, anchor and font size, its width from the advance
widths the pictures measure with (:func:`fertility_rules.drawing.text.text_width`), its
height from the font's ascent and descent. The browser test measures the same pictures
with the browser's own ``getBBox``.
"""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from attrs import frozen

from fertility_rules.drawing.text import text_width

SVG = "{http://www.w3.org/2000/svg}"
ASCENT, DESCENT = 0.76, 0.24
"""DejaVu Sans, in em."""


@frozen
class Box:
    text: str
    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box, slack: float = 0.5) -> bool:
        return (
            min(self.right, other.right) - max(self.left, other.left) > slack
            and min(self.bottom, other.bottom) - max(self.top, other.top) > slack
        )

    def inside(self, left: float, top: float, right: float, bottom: float) -> bool:
        return (
            self.left >= left - 0.5
            and self.right <= right + 0.5
            and self.top >= top - 0.5
            and self.bottom <= bottom + 0.5
        )


def _font(element: ET.Element, inherited: dict[str, str]) -> dict[str, str]:
    found = dict(inherited)
    for key in ("font-size", "font-weight", "text-anchor"):
        if element.get(key) is not None:
            found[key] = element.get(key, "")
    return found


def boxes(root: ET.Element) -> list[Box]:
    """The box of every drawn text (titles are tooltips, not drawn)."""
    found: list[Box] = []

    def walk(element: ET.Element, font: dict[str, str]) -> None:
        font = _font(element, font)
        if element.tag == SVG + "title":
            return
        if element.tag == SVG + "text" and element.text:
            assert element.get("transform") is None
            size = float(font.get("font-size", "16"))
            width = text_width(element.text, size, font.get("font-weight") == "bold")
            x, y = float(element.get("x", "0")), float(element.get("y", "0"))
            anchor = font.get("text-anchor", "start")
            left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
            found.append(
                Box(element.text, left, y - ASCENT * size, left + width, y + DESCENT * size)
            )
        for child in element:
            walk(child, font)

    walk(root, {})
    return found


def overlaps(root: ET.Element) -> list[tuple[str, str]]:
    """The pairs of texts whose boxes overlap."""
    return [(a.text, b.text) for a, b in itertools.combinations(boxes(root), 2) if a.overlaps(b)]


def _rect(element: ET.Element) -> tuple[float, float, float, float] | None:
    rect = next((child for child in element if child.tag == SVG + "rect"), None)
    if rect is None:
        return None
    x, y = float(rect.get("x", "0")), float(rect.get("y", "0"))
    return x, y, x + float(rect.get("width", "0")), y + float(rect.get("height", "0"))


FRAMED = ("shop", "district", "starting-shops", "track-cell")
"""Drawn things whose first rectangle is the frame their texts stay within."""


def overflows(root: ET.Element) -> Iterator[tuple[str, str]]:
    """``(kind, text)`` of every text leaving the frame of the Shop, District... it is in."""
    for element in root.iter():
        kinds = set((element.get("class") or "").split()) & set(FRAMED)
        frame = _rect(element) if kinds else None
        if frame is None:
            continue
        for box in boxes(element):
            if not box.inside(*frame):
                yield sorted(kinds)[0], box.text
