"""Sheets of drawings: items laid out in titled sections, as one SVG or an HTML page.

A game's catalogue pictures are lists of :class:`Section`; this module lays them out, so
every game's catalogue sheet and page look alike. Reconstructed items are framed by the
game's own drawings (:func:`~fertility_rules.drawing.palette.reconstructed_frame`); the
warning above the sheet says what the frame means.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence

from attrs import frozen

from fertility_rules.drawing.image import SvgImage, image, rect, root
from fertility_rules.drawing.palette import INK, RECONSTRUCTED, SHEET
from fertility_rules.drawing.text import label
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, render

__all__ = [
    "RECONSTRUCTED_WARNING",
    "SHEET_WIDTH",
    "Draw",
    "Item",
    "Section",
    "reconstructed_warning",
    "sheet",
    "sheet_page",
]

Draw = Callable[[ET.Element, float, float], None]
"""Draws an item with its top left corner at ``x, y``."""

SHEET_WIDTH = 1200
GAP = 14

RECONSTRUCTED_WARNING = _(
    "Items in a dashed orange frame are reconstructed: they are not known to match the "
    "printed game."
)


@frozen
class Item:
    """One drawing of a sheet: its size, its title (of its own picture on a page)."""

    width: float
    height: float
    title: str
    draw: Draw


@frozen
class Section:
    heading: str
    items: tuple[Item, ...]


def sheet(
    title: str,
    sections: Sequence[Section],
    language: Language,
    *,
    warning: str | None = None,
    kind: str = "catalogue",
) -> SvgImage:
    """Every item of ``sections`` on one SVG sheet, section by section, rows wrapped."""
    placed: list[tuple[Item, float, float]] = []
    headings: list[tuple[str, float]] = []
    y = 70.0
    for section in sections:
        headings.append((section.heading, y + 20))
        y += 34
        x: float = GAP
        row = 0.0
        for item in section.items:
            if x + item.width > SHEET_WIDTH - GAP and x > GAP:
                x, y = GAP, y + row + GAP
                row = 0.0
            placed.append((item, x, y))
            x += item.width + GAP
            row = max(row, item.height)
        y += row + 2 * GAP
    svg = root(SHEET_WIDTH, y, kind, title, language)
    rect(svg, 0, 0, SHEET_WIDTH, y, fill=SHEET)
    label(svg, title, GAP, 30, 22, bold=True, fill=INK)
    if warning:
        label(svg, warning, GAP, 54, 13, fill=RECONSTRUCTED, class_="reconstructed-warning")
    for heading, hy in headings:
        label(svg, heading, GAP, hy, 17, bold=True, fill=INK, class_="section")
    for item, ix, iy in placed:
        item.draw(svg, ix, iy)
    return image(svg)


_PAGE_STYLE = """
body { font-family: 'DejaVu Sans', 'Noto Sans', Verdana, sans-serif; background: #fbf7ee;
       color: #3b2f1e; margin: 1.5rem auto; max-width: 1240px; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem;
     border-bottom: 1px solid #c9b27c; }
.warning { color: #c2410c; font-weight: bold; }
.items { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.items svg { max-width: 100%; height: auto; }
@media print { h2 { break-after: avoid; } svg { break-inside: avoid; } }
"""


def sheet_page(
    title: str,
    sections: Sequence[Section],
    language: Language,
    *,
    warning: str | None = None,
) -> str:
    """A self-contained HTML page of every item, each its own inline picture."""
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{language.value}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{_PAGE_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    if warning:
        out.append(f'<p class="warning">{html.escape(warning)}</p>')
    for section in sections:
        out.append(f"<h2>{html.escape(section.heading)}</h2>")
        out.append('<div class="items">')
        for item in section.items:
            svg = root(item.width + 4, item.height + 4, "component", item.title, language)
            item.draw(svg, 2, 2)
            out.append(image(svg))
        out.append("</div>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


def reconstructed_warning(reconstructed: bool, language: Language) -> str | None:
    """The warning of a sheet holding reconstructed items, in ``language``."""
    return render(RECONSTRUCTED_WARNING, language) if reconstructed else None
