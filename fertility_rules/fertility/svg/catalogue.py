"""Every component of a catalogue, drawn, so that an owner can hold it against the box.

Reconstructed items (not known to match the printed game) are framed in dashed orange
and labelled. The same list of drawings gives one SVG sheet or a self-contained HTML
page with a ``lang`` attribute.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el
from fertility_rules.drawing.palette import reconstructed_frame
from fertility_rules.drawing.sheet import Item as _Item
from fertility_rules.drawing.sheet import Section as _Section
from fertility_rules.drawing.sheet import reconstructed_warning, sheet, sheet_page
from fertility_rules.drawing.text import label
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.describe import catalogue_title
from fertility_rules.fertility.effects.registry import EffectRegistry
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import MetropolisBoard
from fertility_rules.fertility.model.resources import MonumentType
from fertility_rules.fertility.model.valley import StartTile, ValleyBoard, ValleyTile
from fertility_rules.fertility.rules.geometry import layout
from fertility_rules.fertility.svg._style import INK
from fertility_rules.fertility.svg.components import (
    DISTRICT_HEIGHT,
    DISTRICT_WIDTH,
    _district,
    _monument,
    _start_tile,
    _tile,
    provenance_badge,
)
from fertility_rules.fertility.svg.key import LEGEND_HEIGHT, LEGEND_WIDTH, draw_legend
from fertility_rules.fertility.svg.metropolises import (
    METROPOLIS_WIDTH,
    draw_metropolis,
    metropolis_height,
)
from fertility_rules.fertility.svg.valley import draw_board, margin
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, ngettext, render

__all__ = ["catalogue_page", "catalogue_sheet"]

BOARD_SQUARE = 30
TILE_SQUARE = 30
START_WIDTH = 120


def _valley_item(board: ValleyBoard, language: Language) -> _Item:
    side = 4 * BOARD_SQUARE + 2 * margin(BOARD_SQUARE) + 8
    height = 8 * BOARD_SQUARE + 2 * margin(BOARD_SQUARE) + 8
    title = render(_("Valley board {id}", id=board.id), language)

    def draw(parent: ET.Element, x: float, y: float) -> None:
        group = el(parent, "g", class_="valley-board", data_board=board.id)
        label(group, title, x + 4, y + 14, 13, bold=True, fill=INK)
        draw_board(
            group, layout(((board, False),)), None, (), {}, x, y + 20, BOARD_SQUARE, True, language
        )
        reconstructed_frame(group, board.provenance, x + 3, y + 23, side - 6, height - 6)
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
    return title, reconstructed_warning(catalogue.is_reconstructed, language)


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
    language = language_of(lang)
    registry = registry or catalogue.registry
    title, warning = _heading(catalogue, language)
    return sheet(title, _sections(catalogue, language, registry), language, warning=warning)


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
    language = language_of(lang)
    registry = registry or catalogue.registry
    title, warning = _heading(catalogue, language)
    return sheet_page(title, _sections(catalogue, language, registry), language, warning=warning)
