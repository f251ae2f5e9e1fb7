"""Every component of an Ankh'or catalogue, drawn, so that an owner can hold it against
the box: the key, the tiles family by family, the price board and its markers, the
tokens and the bonus tokens. Reconstructed items are framed in dashed orange and
labelled; the sheet and the page are laid out as Fertility's are
(:mod:`fertility_rules.drawing.sheet`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.model import COLOURS, TOKENS, Colour, Tile
from fertility_rules.ankhor.svg.glyphs import bonus_token, price_marker, token
from fertility_rules.ankhor.svg.key import draw_ankhor_key, key_dimensions
from fertility_rules.ankhor.svg.offer import SLOT
from fertility_rules.ankhor.svg.tiles import draw_tile
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, rect
from fertility_rules.drawing.palette import INK, provenance_badge, reconstructed_frame
from fertility_rules.drawing.rows import grid
from fertility_rules.drawing.sheet import Item, Section, reconstructed_warning, sheet, sheet_page
from fertility_rules.drawing.text import fit_size, label
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, ngettext, render
from fertility_rules.shared.provenance import Provenance

__all__ = ["catalogue_page", "catalogue_sheet"]

TILE = 56


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _tile_item(tile: Tile, language: Language) -> Item:
    def draw(parent: ET.Element, x: float, y: float) -> None:
        draw_tile(parent, tile, x + 4, y + 4, TILE, language, provenance=True)
        label(
            parent,
            tile.id,
            x + 4 + TILE / 2,
            y + TILE + 18,
            fit_size(tile.id, 9, TILE + 6),
            anchor="middle",
            fill=INK,
            class_="tile-id",
        )

    return Item(TILE + 8, TILE + 24, tile.id, draw)


def _framed(
    parent: ET.Element,
    provenance: Provenance,
    x: float,
    y: float,
    width: float,
    height: float,
    language: Language,
    below: float = 14,
) -> None:
    reconstructed_frame(parent, provenance, x, y, width, height)
    provenance_badge(parent, provenance, x + width, y + height + below, language)


def _board_item(catalogue: Catalogue, language: Language) -> Item:
    board = catalogue.price_board
    slots = board.slots
    most = max(slots)
    width = len(slots) * SLOT + 16
    height = 14 + most * 26

    def draw(parent: ET.Element, x: float, y: float) -> None:
        group = el(parent, "g", class_="price-board-layout", data_slots=" ".join(map(str, slots)))
        rect(group, x + 4, y + 4, width, height, rx=8, fill="#6b4a2b")
        for slot, size in enumerate(slots):
            cx = x + 4 + 8 + slot * SLOT + SLOT / 2
            for index in range(size):
                rect(
                    group,
                    cx - 11,
                    y + 4 + 8 + index * 26,
                    22,
                    22,
                    rx=4,
                    fill="none",
                    stroke="#e8d9b5",
                    stroke_dasharray="3 2",
                    class_="marker-space",
                )
            label(group, str(slot + 1), cx, y + height + 20, 11, anchor="middle", fill="#7c6a4a")
        _framed(group, board.source.provenance, x + 4, y + 4, width, height, language, 32)

    title = render(_("Price board"), language)
    return Item(width + 8, height + 44, title, draw)


def _markers_item(catalogue: Catalogue, language: Language) -> Item:
    counts = catalogue.price_board.markers
    width = len(COLOURS) * 34
    height = max(counts) * 26 if counts else 26

    def draw(parent: ET.Element, x: float, y: float) -> None:
        group = el(parent, "g", class_="price-markers")
        for column, (colour, count) in enumerate(zip(COLOURS, counts, strict=True)):
            for row in range(count):
                price_marker(group, colour, x + 21 + column * 34, y + 17 + row * 26, 22)
        source = catalogue.price_board.markers_source.provenance
        _framed(group, source, x + 4, y + 4, width, height, language)

    title = render(_("Price markers"), language)
    return Item(width + 8, height + 30, title, draw)


def _tokens_item(catalogue: Catalogue, language: Language) -> Item:
    per_kind = catalogue.tokens.per_kind
    width = per_kind * 26
    height = len(TOKENS) * 26

    def draw(parent: ET.Element, x: float, y: float) -> None:
        group = el(parent, "g", class_="box-tokens")
        for row, kind in enumerate(TOKENS):
            for column in range(per_kind):
                token(group, kind, x + 17 + column * 26, y + 17 + row * 26, 10)
        _framed(group, catalogue.tokens.source.provenance, x + 4, y + 4, width, height, language)

    return Item(width + 8, height + 30, render(_("Tokens"), language), draw)


def _bonus_item(catalogue: Catalogue, language: Language) -> Item:
    bonus = catalogue.bonus
    per_row = 6
    rows = (bonus.count + per_row - 1) // per_row
    width = per_row * 28
    height = rows * 28

    def draw(parent: ET.Element, x: float, y: float) -> None:
        group = el(parent, "g", class_="box-bonus-tokens")
        for tx, ty in grid(bonus.count, per_row, x + 18, y + 18, 28, 28):
            bonus_token(group, tx, ty, 11, bonus.points)
        _framed(group, bonus.source.provenance, x + 4, y + 4, width, height, language)

    return Item(width + 8, height + 30, render(_("Bonus tokens"), language), draw)


def _family_heading(colour: Colour, n: int, language: Language) -> str:
    text = _("{family}: {tiles}", family=colour.family, tiles=ngettext("{n} tile", "{n} tiles", n))
    return _capital(render(text, language))


def _sections(catalogue: Catalogue, language: Language) -> list[Section]:
    def r(message: Message) -> str:
        return render(message, language)

    width, height = key_dimensions()

    def draw_key(parent: ET.Element, x: float, y: float) -> None:
        draw_ankhor_key(parent, x, y, language)

    sections = [
        Section(
            r(_("Key to the pictures")),
            (Item(width, height, r(_("Key to the pictures")), draw_key),),
        )
    ]
    for colour in COLOURS:
        tiles = [tile for tile in catalogue.tiles if tile.colour is colour]
        sections.append(
            Section(
                _family_heading(colour, len(tiles), language),
                tuple(_tile_item(tile, language) for tile in tiles),
            )
        )
    board = catalogue.price_board
    sections.append(
        Section(
            r(
                _(
                    "The price board ({slots} markers per slot) and {n} price markers",
                    slots=", ".join(map(str, board.slots)),
                    n=sum(board.markers),
                )
            ),
            (_board_item(catalogue, language), _markers_item(catalogue, language)),
        )
    )
    sections.append(
        Section(
            r(
                _(
                    "{tokens} tokens, {per_kind} of each kind; {bonus} bonus tokens of {points} VP",
                    tokens=catalogue.tokens.per_kind * len(TOKENS),
                    per_kind=catalogue.tokens.per_kind,
                    bonus=catalogue.bonus.count,
                    points=catalogue.bonus.points,
                )
            ),
            (_tokens_item(catalogue, language), _bonus_item(catalogue, language)),
        )
    )
    return sections


def _heading(catalogue: Catalogue, language: Language) -> tuple[str, str | None]:
    title = render(
        _("Catalogue {name}: {title}", name=catalogue.name, title=_(catalogue.title)), language
    )
    return title, reconstructed_warning(catalogue.is_reconstructed, language)


@checked_arguments
def catalogue_sheet(catalogue: Catalogue, *, lang: Language | str = Language.EN) -> SvgImage:
    """Every component of an Ankh'or ``catalogue`` on one SVG sheet, section by section."""
    language = language_of(lang)
    title, warning = _heading(catalogue, language)
    return sheet(
        title, _sections(catalogue, language), language, warning=warning, kind="ankhor-catalogue"
    )


@checked_arguments
def catalogue_page(catalogue: Catalogue, *, lang: Language | str = Language.EN) -> str:
    """A self-contained HTML page of every component of ``catalogue``, in ``lang``."""
    language = language_of(lang)
    title, warning = _heading(catalogue, language)
    return sheet_page(title, _sections(catalogue, language), language, warning=warning)
