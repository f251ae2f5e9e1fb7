"""Every component of a catalogue, drawn, so that an owner can hold it against the box.

Reconstructed items (not known to match the printed game) are framed in dashed orange
and labelled. The same list of drawings gives one SVG sheet or a self-contained HTML
page with a ``lang`` attribute.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Callable

from attrs import frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.describe import catalogue_title
from fertility_rules.effects.registry import EffectRegistry
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.i18n.translate import render
from fertility_rules.model.district import District
from fertility_rules.model.metropolis import MetropolisBoard
from fertility_rules.model.resources import MonumentType
from fertility_rules.model.valley import StartTile, ValleyBoard, ValleyTile
from fertility_rules.rules.geometry import layout
from fertility_rules.svg._image import SvgImage, el, image, root
from fertility_rules.svg._style import INK, RECONSTRUCTED
from fertility_rules.svg.components import (
    DISTRICT_HEIGHT,
    DISTRICT_WIDTH,
    _district,
    _monument,
    _reconstructed_frame,
    _start_tile,
    _tile,
    provenance_badge,
)
from fertility_rules.svg.key import LEGEND_HEIGHT, LEGEND_WIDTH, draw_legend
from fertility_rules.svg.metropolises import METROPOLIS_WIDTH, draw_metropolis, metropolis_height
from fertility_rules.svg.valley import draw_board, margin

__all__ = ["catalogue_page", "catalogue_sheet"]

Draw = Callable[[ET.Element, float, float], None]
SHEET_WIDTH = 1200
GAP = 14
BOARD_SQUARE = 30
TILE_SQUARE = 30
START_WIDTH = 120


@frozen
class _Item:
    width: float
    height: float
    title: str
    draw: Draw


@frozen
class _Section:
    heading: str
    items: tuple[_Item, ...]


def _valley_item(board: ValleyBoard, language: Language) -> _Item:
    side = 4 * BOARD_SQUARE + 2 * margin(BOARD_SQUARE) + 8
    height = 8 * BOARD_SQUARE + 2 * margin(BOARD_SQUARE) + 8
    title = render(_("Valley board {id}", id=board.id), language)

    def draw(parent: ET.Element, x: float, y: float) -> None:
        group = el(parent, "g", class_="valley-board", data_board=board.id)
        el(group, "text", title, x=x + 4, y=y + 14, font_size=13, font_weight="bold", fill=INK)
        draw_board(
            group, layout(((board, False),)), None, (), {}, x, y + 20, BOARD_SQUARE, True, language
        )
        _reconstructed_frame(group, board.provenance, x + 3, y + 23, side - 6, height - 6)
        provenance_badge(group, board.provenance, x + side - 4, y + 20 + height + 10, language)

    return _Item(side, height + 34, title, draw)


def _start_item(start: StartTile, language: Language) -> _Item:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        _start_tile(parent, start, x + 4, y + 4, TILE_SQUARE, language, True, x + START_WIDTH - 2)

    return _Item(START_WIDTH, 2 * TILE_SQUARE + 24, render(_("Starting tile"), language), draw)


def _tile_item(tile: ValleyTile, language: Language) -> _Item:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        _tile(parent, tile, x + 4, y + 4, TILE_SQUARE, language, True)

    return _Item(2 * TILE_SQUARE + 8, TILE_SQUARE + 24, tile.id, draw)


def _metropolis_item(board: MetropolisBoard, language: Language, registry: EffectRegistry) -> _Item:
    title = render(_("Metropolis board {id}", id=board.id), language)

    def draw(parent: ET.Element, x: float, y: float) -> None:
        draw_metropolis(
            parent,
            board.empty_metropolis(),
            x,
            y,
            language,
            title=title,
            provenance=board.provenance,
            registry=registry,
        )

    return _Item(METROPOLIS_WIDTH, metropolis_height(board.empty_metropolis()), title, draw)


def _district_item(district: District, language: Language, registry: EffectRegistry) -> _Item:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        _district(parent, district, (), x + 4, y + 4, language, registry, True)

    return _Item(DISTRICT_WIDTH + 8, DISTRICT_HEIGHT + 8, district.id, draw)


def _monument_item(kind: MonumentType, index: int, language: Language) -> _Item:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        _monument(parent, kind, index, x, y, language)

    return _Item(80, 66, render(kind.label, language), draw)


def _sections(catalogue: Catalogue, language: Language, registry: EffectRegistry) -> list[_Section]:
    def r(message: Message) -> str:
        return render(message, language)

    boards = catalogue.valley_boards
    tiles = catalogue.valley_tiles
    cities = catalogue.metropolis_boards
    districts = catalogue.districts

    def draw_key(parent: ET.Element, x: float, y: float) -> None:
        draw_legend(parent, x, y, language)

    key = _Item(LEGEND_WIDTH, LEGEND_HEIGHT, r(_("Key to the pictures")), draw_key)
    return [
        _Section(r(_("Key to the pictures")), (key,)),
        _Section(
            r(ngettext("{n} Valley board", "{n} Valley boards", len(boards))),
            tuple(_valley_item(board, language) for board in boards),
        ),
        _Section(
            r(
                ngettext(
                    "Starting tile and {n} Valley tile",
                    "Starting tile and {n} Valley tiles",
                    len(tiles),
                )
            ),
            (
                _start_item(catalogue.start_tile, language),
                *(_tile_item(tile, language) for tile in tiles),
            ),
        ),
        _Section(
            r(ngettext("{n} Metropolis board", "{n} Metropolis boards", len(cities))),
            tuple(_metropolis_item(board, language, registry) for board in cities),
        ),
        _Section(
            r(ngettext("{n} District tile", "{n} District tiles", len(districts))),
            tuple(_district_item(district, language, registry) for district in districts),
        ),
        _Section(
            r(_("Monuments: {n} of each type", n=catalogue.monuments.per_type)),
            tuple(
                _monument_item(kind, i, language)
                for i, kind in enumerate(catalogue.monuments.types)
            ),
        ),
    ]


def _heading(catalogue: Catalogue, language: Language) -> tuple[str, str | None]:
    title = render(catalogue_title(catalogue), language)
    warning = (
        render(
            _(
                "Items in a dashed orange frame are reconstructed: they are not known to "
                "match the printed game."
            ),
            language,
        )
        if catalogue.is_reconstructed
        else None
    )
    return title, warning


@checked_arguments
def catalogue_sheet(
    catalogue: Catalogue,
    *,
    lang: Language | str = Language.EN,
    registry: EffectRegistry | None = None,
) -> SvgImage:
    """Every component of ``catalogue`` on one SVG sheet, section by section.

    The effect kinds are the catalogue's own unless ``registry`` is given.
    """
    language = Language.parse(lang)
    registry = registry or catalogue.registry
    title, warning = _heading(catalogue, language)
    placed: list[tuple[_Item, float, float]] = []
    headings: list[tuple[str, float]] = []
    y = 70.0
    for section in _sections(catalogue, language, registry):
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
    svg = root(SHEET_WIDTH, y, "catalogue", title, language)
    el(svg, "rect", x=0, y=0, width=SHEET_WIDTH, height=y, fill="#fbf7ee")
    el(svg, "text", title, x=GAP, y=30, font_size=22, font_weight="bold", fill=INK)
    if warning:
        el(
            svg,
            "text",
            warning,
            x=GAP,
            y=54,
            font_size=13,
            fill=RECONSTRUCTED,
            class_="reconstructed-warning",
        )
    for heading, hy in headings:
        el(
            svg,
            "text",
            heading,
            x=GAP,
            y=hy,
            font_size=17,
            font_weight="bold",
            fill=INK,
            class_="section",
        )
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


@checked_arguments
def catalogue_page(
    catalogue: Catalogue,
    *,
    lang: Language | str = Language.EN,
    registry: EffectRegistry | None = None,
) -> str:
    """A self-contained HTML page of every component, pictures inline, in ``lang``.

    The effect kinds are the catalogue's own unless ``registry`` is given.
    """
    language = Language.parse(lang)
    registry = registry or catalogue.registry
    title, warning = _heading(catalogue, language)
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
    for section in _sections(catalogue, language, registry):
        out.append(f"<h2>{html.escape(section.heading)}</h2>")
        out.append('<div class="items">')
        for item in section.items:
            svg = root(item.width + 4, item.height + 4, "component", item.title, language)
            item.draw(svg, 2, 2)
            out.append(image(svg))
        out.append("</div>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)
