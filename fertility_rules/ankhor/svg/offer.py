"""The price board with its markers and the offer under it; the supply, the bonus
reserve, the draw piles and the removed tiles (A-1.3, A-2, A-5).

Each slot (``data-slot`` from 1, as the notation counts) shows its price markers above
the tile on offer; a slot left empty during a turn is dashed. Draw piles are counted,
never shown (A-8.2).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence

from fertility_rules.ankhor.model import TOKENS, Colour, Tile, Tokens
from fertility_rules.ankhor.state import GameState
from fertility_rules.ankhor.svg.glyphs import bonus_token, price_marker, token
from fertility_rules.ankhor.svg.tiles import draw_tile
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.palette import (
    CARD_EDGE,
    INK,
    cross_out,
    heading,
    mark,
    reconstructed_frame,
)
from fertility_rules.drawing.rows import CountRow, count_row, grid
from fertility_rules.drawing.text import label, text_width
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, ngettext, pgettext, render
from fertility_rules.shared.provenance import Provenance

__all__ = [
    "BOARD_WIDTH",
    "SLOT",
    "draw_hand",
    "draw_offer",
    "draw_piles",
    "draw_removed",
    "draw_reserve",
    "draw_supply",
    "hand",
    "offer",
    "offer_height",
    "price_slots",
]

SLOT = 64.0
"""The width of a slot of the price board."""
MARKER = 22.0
BOARD_WIDTH = 6 * SLOT + 16
HAND_COUNTS = CountRow(
    step=42, radius=10, room=14, size=13, kind="hand-count", data="token", role="token"
)
SUPPLY_COUNTS = CountRow(step=58, radius=12, room=17, size=14, kind="supply-count", data="token")


def offer_height(prices: Sequence[Sequence[Colour]], tile: float = 50) -> float:
    """The height of the price board and the offer under it."""
    most = max((len(markers) for markers in prices), default=0)
    return 14 + most * (MARKER + 4) + 12 + tile + 26


def draw_offer(
    parent: ET.Element,
    offer: Sequence[Tile | None],
    prices: Sequence[Sequence[Colour]],
    x0: float,
    y0: float,
    language: Language,
    *,
    marks: Mapping[str, Iterable[int]] | None = None,
    tile: float = 50,
    layout: Provenance | None = None,
) -> ET.Element:
    """Draw the price board at ``x0, y0`` and each slot's tile under its markers;
    ``marks`` gives, by kind of mark (``bought``, ``leaving``, ``drawn``), the slots
    (from 0) it outlines; the board is framed as reconstructed when the markers'
    ``layout`` is (Q-6)."""
    group = el(parent, "g", class_="offer")
    slots = max(len(offer), len(prices))
    most = max((len(markers) for markers in prices), default=0)
    board_height = 14 + most * (MARKER + 4)
    rect(group, x0, y0, slots * SLOT + 16, board_height, rx=8, fill="#6b4a2b", class_="price-board")
    if layout is Provenance.RECONSTRUCTED:
        note = el(group, "g", class_="price-layout")
        el(note, "title", render(_("The markers on each slot are reconstructed (Q-6)."), language))
        reconstructed_frame(note, layout, x0, y0, slots * SLOT + 16, board_height)
    shown = {kind: set(found) for kind, found in (marks or {}).items()}
    for slot in range(slots):
        cx = x0 + 8 + slot * SLOT + SLOT / 2
        markers = prices[slot] if slot < len(prices) else ()
        held = offer[slot] if slot < len(offer) else None
        cell = el(
            group,
            "g",
            class_="slot" if held is not None else "slot empty",
            data_slot=slot + 1,
            data_price=" ".join(colour.key for colour in markers),
            data_tile=held.id if held is not None else None,
        )
        for index, colour in enumerate(markers):
            price_marker(cell, colour, cx, y0 + 8 + MARKER / 2 + index * (MARKER + 4), MARKER)
        ty = y0 + board_height + 12
        if held is None:
            rect(
                cell,
                cx - tile / 2,
                ty,
                tile,
                tile,
                rx=tile / 9,
                fill="none",
                stroke=CARD_EDGE,
                stroke_dasharray="5 4",
            )
        else:
            draw_tile(cell, held, cx - tile / 2, ty, tile, language, role="tile offered")
        for kind, found in shown.items():
            if slot in found:
                mark(
                    cell,
                    kind,
                    cx - tile / 2 - 3,
                    ty - 3,
                    tile + 6,
                    tile + 6,
                    data_slot=str(slot + 1),
                )
        label(
            cell,
            str(slot + 1),
            cx,
            ty + tile + 16,
            12,
            anchor="middle",
            fill="#7c6a4a",
            class_="slot-number",
        )
    return group


def draw_hand(
    parent: ET.Element, tokens: Tokens, x: float, y: float, language: Language
) -> ET.Element:
    """Tokens held, by kind: a token and its number (``no token`` when there is none)."""
    hand = el(parent, "g", class_="hand")
    held = [(kind, tokens[kind]) for kind in TOKENS if tokens[kind]]
    count_row(hand, HAND_COUNTS, token, held, x + 10, y + 10)
    if not any(tokens):
        label(
            hand,
            render(_("no token"), language),
            x,
            y + 15,
            12,
            font_style="italic",
            fill="#7c6a4a",
        )
    return hand


@checked_arguments
def hand(
    tokens: Tokens, *, title: str | None = None, lang: Language | str = Language.EN
) -> SvgImage:
    """Tokens held by a player, by kind, under an optional ``title``."""
    language = language_of(lang)
    named = title or render(_("Tokens"), language)
    top = 22 if title else 0
    width = 6 * 42 + 16.0
    if title:  # as wide as its title, within reason
        width = max(width, min(text_width(title, 13, True) + 8, 640))
    svg = root(width, top + 28, "ankhor-hand", named, language)
    if title:
        heading(svg, title, 4, 16, 13, width - 8)
    draw_hand(svg, tokens, 4, top + 4, language)
    return image(svg)


def draw_supply(
    parent: ET.Element, supply: Tokens, x: float, y: float, language: Language
) -> ET.Element:
    """The supply: a token of each kind and how many are left (A-2.2)."""
    group = el(parent, "g", class_="supply")
    heading(group, render(pgettext("the tokens every player takes from", "Supply"), language), x, y)
    counts = [(kind, supply[kind]) for kind in TOKENS]
    count_row(group, SUPPLY_COUNTS, token, counts, x + 14, y + 22)
    return group


def draw_reserve(
    parent: ET.Element, reserve: int, points: int, x: float, y: float, language: Language
) -> ET.Element:
    """The bonus reserve: a bonus token and how many are left (A-2.6)."""
    group = el(parent, "g", class_="reserve", data_count=reserve)
    heading(group, render(_("Bonus tokens"), language), x, y)
    bonus_token(group, x + 14, y + 22, 12, points, "pictogram")
    label(
        group,
        render(ngettext("{n} in the reserve", "{n} in the reserve", reserve), language),
        x + 32,
        y + 27,
        14,
        fill=INK,
        class_="reserve-count",
    )
    return group


def draw_piles(
    parent: ET.Element, sizes: tuple[int, int], x: float, y: float, language: Language
) -> ET.Element:
    """The two face-down draw piles and the tiles left in each (A-2.4, A-8.1)."""
    group = el(parent, "g", class_="piles")
    heading(group, render(_("Draw piles"), language), x, y)
    for index, size in enumerate(sizes):
        px = x + 4 + index * 120
        pile = el(group, "g", class_="draw-pile", data_pile=index + 1, data_size=size)
        for layer in range(min(3, size)):
            rect(
                pile,
                px + layer * 3,
                y + 12 - layer * 3,
                30,
                30,
                rx=4,
                fill="#8a6d3b",
                stroke="#fbf5e6",
                stroke_width=1,
            )
        if not size:
            rect(
                pile,
                px,
                y + 12,
                30,
                30,
                rx=4,
                fill="none",
                stroke=CARD_EDGE,
                stroke_dasharray="4 3",
            )
        label(
            pile,
            render(ngettext("{n} tile", "{n} tiles", size), language),
            px + 42,
            y + 32,
            13,
            fill=INK,
        )
    return group


def draw_removed(
    parent: ET.Element,
    removed: Sequence[Tile],
    x: float,
    y: float,
    width: float,
    language: Language,
    tile: float = 24,
) -> float:
    """The tiles out of the game, face up (A-5.2), wrapped to ``width``; the height used."""
    group = el(parent, "g", class_="removed", data_count=len(removed))
    heading(
        group,
        render(ngettext("{n} tile removed", "{n} tiles removed", len(removed)), language),
        x,
        y,
    )
    per_row = max(1, int(width // (tile + 4)))
    cells = grid(len(removed), per_row, x, y + 10, tile + 4, tile + 4)
    for item, (tx, ty) in zip(removed, cells, strict=True):
        draw_tile(group, item, tx, ty, tile, language, role="tile removed-tile")
    rows = (len(removed) + per_row - 1) // per_row
    return 14 + rows * (tile + 4)


@checked_arguments
def offer(
    state: GameState | Observation,
    *,
    marked: Iterable[int] = (),
    leaving: Iterable[int] = (),
    drawn: Iterable[int] = (),
    title: str | None = None,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """The price board with its markers and the tiles on offer under it (A-1.3, A-2.5).
    Slots are counted from 0, as in :class:`~fertility_rules.ankhor.moves.BuyTile`; each
    kind of mark has its own outline: ``marked`` slots hold the tile bought (solid
    purple), ``leaving`` ones a tile about to leave the game (dashed red), ``drawn`` ones
    a tile just drawn from a pile (dotted teal). ``title`` is written above."""
    language = language_of(lang)
    prices = state.config.prices
    top = 24 if title else 0
    svg = root(
        BOARD_WIDTH + 8,
        offer_height(prices) + 8 + top,
        "ankhor-offer",
        title or render(_("The price board and the offer"), language),
        language,
    )
    if title:
        heading(svg, title, 4, 17, 14, BOARD_WIDTH)
    layout = state.config.catalogue.price_board.source.provenance
    marks = {"bought": marked, "leaving": leaving, "drawn": drawn}
    draw_offer(svg, state.offer, prices, 4, 4 + top, language, marks=marks, layout=layout)
    return image(svg)


@checked_arguments
def price_slots(
    slots: Sequence[Sequence[Colour]],
    labels: Sequence[str],
    *,
    refused: Iterable[int] = (),
    lang: Language | str = Language.EN,
) -> SvgImage:
    """Slots of the price board side by side, each with its markers and its label under
    it; the ``refused`` ones (counted from 0) crossed out: a deal the rules do not allow
    (A-2.3, Q-18)."""
    language = language_of(lang)
    crossed = set(refused)
    most = max((len(markers) for markers in slots), default=0)
    board = 14 + most * (MARKER + 4)
    # each column as wide as its board or its label, whichever is wider
    columns = [
        max(SLOT + 32, text_width(labels[index], 13) + 12 if index < len(labels) else 0)
        for index in range(len(slots))
    ]
    title = render(_("Slots of the price board"), language)
    svg = root(sum(columns) + 8 * len(slots) + 8, board + 34, "ankhor-price-slots", title, language)
    x = 4.0
    for index, (markers, column) in enumerate(zip(slots, columns, strict=True)):
        cell = el(svg, "g", class_="slot", data_price=" ".join(c.key for c in markers))
        cx = x + column / 2
        left = cx - (SLOT + 32) / 2
        rect(cell, left, 4, SLOT + 32, board, rx=8, fill="#6b4a2b", class_="price-board")
        for row, colour in enumerate(markers):
            price_marker(cell, colour, cx, 4 + 8 + MARKER / 2 + row * (MARKER + 4), MARKER)
        if index in crossed:
            # see-through, so that the markers stay readable under it
            refusal = el(cell, "g", class_="refused", opacity="0.7")
            cross_out(refusal, (left, 4, left + SLOT + 32, 4 + board), 6, 3)
        if index < len(labels):
            label(cell, labels[index], cx, board + 26, 13, anchor="middle", fill=INK)
        x += column + 8
    return image(svg)
