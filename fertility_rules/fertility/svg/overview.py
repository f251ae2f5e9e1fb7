"""The whole table: central board, Common Pool, District offer, Stock, every Metropolis.

The table is made of parts that are also pictures of their own, so a document can show
them at a readable size: the central board (:func:`~fertility_rules.fertility.svg.board`), the
common area (:func:`common_area`: Common Pool, offer, Stock, piles) and each player's
area (:func:`player_area`: Metropolis and Personal Pool). At the end of the game each
Metropolis is headed by its score and rank, the Statues scale marks the Statues counted,
and the heading names the winners (R-4.3, R-5).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.palette import frame, heading
from fertility_rules.drawing.rows import CountRow, count_row, grid
from fertility_rules.drawing.text import label
from fertility_rules.fertility.model.resources import RESOURCES
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.rules.engine import final_scores
from fertility_rules.fertility.scoring.sheet import ScoreReport
from fertility_rules.fertility.state import GameState, state_of
from fertility_rules.fertility.svg._style import INK, callout, player_colour, token
from fertility_rules.fertility.svg.components import (
    DISTRICT_HEIGHT,
    DISTRICT_WIDTH,
    _district,
    _tile,
)
from fertility_rules.fertility.svg.metropolises import (
    METROPOLIS_WIDTH,
    draw_metropolis,
    metropolis_height,
)
from fertility_rules.fertility.svg.valley import draw_board, margin, move_squares
from fertility_rules.fertility.views import Observation, status
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext, render

__all__ = ["COMMON_WIDTH", "common_area", "player_area", "table"]

SQUARE = 40
SMALL = 26
GAP = 16
TITLE = 40
POOL = 72
COMMON_WIDTH = 2 * DISTRICT_WIDTH + 10 + GAP
COMMON_HEIGHT = 14 + 10 + SMALL + 44 + 10 + 2 * (DISTRICT_HEIGHT + 10) + 20 + 58 + 10

STOCK_COUNTS = CountRow(step=70, radius=11, room=16, size=14, kind="stock-count", data="resource")

Shown = GameState | Observation


def _pool(
    parent: ET.Element,
    state: Shown,
    tiles: Iterable[str],
    kind: str,
    x: float,
    y: float,
    language: Language,
) -> None:
    group = el(parent, "g", class_=f"pool {kind}")
    for index, tile_id in enumerate(tiles):
        tile = state.config.tiles[tile_id]
        _tile(group, tile, x + index * (2 * SMALL + 10), y, SMALL, language, False)


def _piles(state: Shown) -> tuple[int, int]:
    """Tiles in the Valley pile and Districts in the deck: counted, never shown (R-9)."""
    if isinstance(state, Observation):
        return state.pile_size, state.deck_size
    return len(state.pile), len(state.district_deck)


def _heading(state: Shown, report: ScoreReport | None) -> Message:
    if report is not None:
        return ngettext(
            "Turn {turn}: the game is over; the winner is {names}",
            "Turn {turn}: the game is over; the winners are {names}",
            len(report.winners),
            turn=state.turn,
            names=all_of(list(report.winners)),
        )
    return status(state)


def _report(state: Shown) -> ScoreReport | None:
    """The final score sheets, once the game is over (R-5)."""
    return final_scores(state) if isinstance(state, GameState) and state.is_over else None


def draw_common(
    parent: ET.Element,
    state: Shown,
    x: float,
    y: float,
    language: Language,
    callouts: Mapping[str, int] | None = None,
) -> None:
    """The Common Pool, the District offer, the Stock and the piles at ``x, y``;
    ``callouts`` numbers some of them (``common-pool``, ``offer``, ``stock``, ``piles``)."""
    numbers = callouts or {}
    width = COMMON_WIDTH - GAP
    catalogue = state.config.catalogue
    top = y + 14
    heading(parent, render(_("Common Pool"), language), x, top, 14, width)
    _pool(parent, state, state.common_pool, "common-pool", x, top + 10, language)
    if "common-pool" in numbers:
        callout(parent, numbers["common-pool"], x + 3 * (2 * SMALL + 10) + 8, top + 10 + SMALL / 2)
    top += 10 + SMALL + 44
    heading(parent, render(_("Districts on offer"), language), x, top, 14, width)
    cells = grid(len(state.offer), 2, x, top + 10, DISTRICT_WIDTH + 10, DISTRICT_HEIGHT + 10)
    for district_id, (dx, dy) in zip(state.offer, cells, strict=True):
        group = el(parent, "g", class_="offer")
        district = catalogue.district(district_id)
        _district(group, district, (), dx, dy, language, state.config.registry)
    if "offer" in numbers:
        callout(parent, numbers["offer"], x + 2 * DISTRICT_WIDTH + 4, top + 6)
    top += 10 + 2 * (DISTRICT_HEIGHT + 10) + 20
    heading(parent, render(_("Stock"), language), x, top, 14, width)
    stock = el(parent, "g", class_="stock")
    counts = [(resource, state.stock[resource]) for resource in RESOURCES]
    count_row(stock, STOCK_COUNTS, token, counts, x + 14, top + 22)
    if "stock" in numbers:
        callout(parent, numbers["stock"], x + 4 * 70 + 10, top + 22)
    top += 58
    pile, deck = _piles(state)
    for line, (message, number) in enumerate(
        (
            (ngettext("{n} Valley tile in the pile", "{n} Valley tiles in the pile", pile), "pile"),
            (ngettext("{n} District in the deck", "{n} Districts in the deck", deck), "deck"),
        )
    ):
        baseline = top + line * 18
        label(
            parent, render(message, language), x, baseline, 13, width - 30, fill=INK, class_="piles"
        )
        if number in numbers:
            callout(parent, numbers[number], x + width - 12, baseline - 5)


def draw_player(
    parent: ET.Element,
    state: Shown,
    index: int,
    x: float,
    y: float,
    language: Language,
    report: ScoreReport | None = None,
    callouts: Mapping[str, int] | None = None,
) -> float:
    """Player ``index``'s Metropolis and Personal Pool at ``x, y``; returns the height.

    With the final ``report``, the heading gives the score and rank and the Statues scale
    marks the Statues counted; ``callouts`` numbers ``metropolis``, ``wheat``,
    ``statues``, ``monuments`` and ``personal-pool``."""
    numbers = callouts or {}
    player = state.players[index]
    city = player.metropolis
    height = metropolis_height(city)
    title, statues = player.name, None
    if report is not None:
        sheet = report.sheets[index]
        title = render(
            _(
                "{player}: {amount}, rank {rank}",
                player=player.name,
                amount=debens(sheet.total),
                rank=sheet.rank,
            ),
            language,
        )
        scored = sheet.stage_totals[2]  # Statues of the Gods
        statues = next((n for n, value in enumerate(city.statue_scale) if value == scored), None)
    if index == state.current and not state.is_over:
        frame(
            parent,
            x,
            y,
            METROPOLIS_WIDTH,
            height + POOL,
            player_colour(index),
            margin=5,
            line=4,
            rx=12,
            kind="current-player",
        )
    draw_metropolis(
        parent,
        city,
        x,
        y,
        language,
        title=title,
        monument_type=player.monument_type,
        player=index,
        supply=player.supply,
        registry=state.config.registry,
        statues=statues,
        callouts=numbers,
    )
    pool_y = y + height + 8
    label(
        parent,
        render(_("Personal Pool"), language),
        x + 6,
        pool_y + 14,
        12,
        METROPOLIS_WIDTH - 12,
        font_style="italic",
        fill=INK,
    )
    _pool(parent, state, player.pool, "personal-pool", x + 6, pool_y + 22, language)
    if "personal-pool" in numbers:
        callout(parent, numbers["personal-pool"], x + 6 + 3 * (2 * SMALL + 10) + 8, pool_y + 35)
    return height + POOL


@checked_arguments
def table(
    state: Shown,
    *,
    last_move: Move | Iterable[int] | None = None,
    lang: Language | str = Language.EN,
    heading: str | None = None,
) -> SvgImage:
    """Everything on the table: the central board, the Common Pool, the offer of
    Districts, the Stock and the draw piles, then each player's Metropolis with their
    Personal Pool; the player to move is framed in their colour. A view
    (:class:`~fertility_rules.fertility.views.Observation`) is drawn the same: the piles are
    counted, never shown. At the end of the game the scores, ranks and winners are given.
    ``heading`` replaces the turn line (a setup shown in a document)."""
    language = language_of(lang)
    if not isinstance(state, Observation):
        state = state_of(state)
    grid = state.config.layout
    report = _report(state)
    board_width = grid.width * SQUARE + 2 * margin(SQUARE) + 8
    board_height = grid.height * SQUARE + 2 * margin(SQUARE) + 8
    panel_x = board_width + GAP
    columns = 2 if len(state.players) > 1 else 1
    cities_width = columns * METROPOLIS_WIDTH + (columns - 1) * GAP
    width = max(panel_x + COMMON_WIDTH - GAP, cities_width) + 2 * GAP
    rows = (len(state.players) + columns - 1) // columns
    top_height = max(board_height, COMMON_HEIGHT)
    heights = [metropolis_height(p.metropolis) for p in state.players]
    row_heights = [max(heights[r * columns : (r + 1) * columns]) for r in range(rows)]
    height = TITLE + top_height + GAP + sum(h + POOL + GAP for h in row_heights) + GAP
    text = heading if heading is not None else render(_heading(state, report), language)
    svg = root(width, height, "table", text, language)
    rect(svg, 0, 0, width, height, fill="#fbf7ee")
    label(svg, text, GAP, 28, 20, width - 2 * GAP, bold=True, fill=INK, class_="heading")
    draw_board(
        svg,
        grid,
        state.valley,
        [p.monument_type for p in state.players],
        {"quarry": state.quarries, "last-move": move_squares(last_move)},
        GAP,
        TITLE,
        SQUARE,
        True,
        language,
    )
    draw_common(svg, state, panel_x + GAP, TITLE, language)
    top = TITLE + top_height + GAP
    for index in range(len(state.players)):
        row, column = divmod(index, columns)
        cx = GAP + column * (METROPOLIS_WIDTH + GAP)
        cy = top + sum(h + POOL + GAP for h in row_heights[:row])
        draw_player(svg, state, index, cx, cy, language, report)
    return image(svg)


@checked_arguments
def common_area(
    state: Shown,
    *,
    lang: Language | str = Language.EN,
    callouts: Mapping[str, int] | None = None,
) -> SvgImage:
    """The Common Pool, the District offer, the Stock and the piles, on their own."""
    language = language_of(lang)
    svg = root(
        COMMON_WIDTH + GAP,
        COMMON_HEIGHT + GAP,
        "common-area",
        render(_("Common Pool"), language),
        language,
    )
    rect(svg, 0, 0, COMMON_WIDTH + GAP, COMMON_HEIGHT + GAP, fill="#fbf7ee")
    draw_common(svg, state, GAP, 0, language, callouts)
    return image(svg)


@checked_arguments
def player_area(
    state: Shown,
    player: int,
    *,
    lang: Language | str = Language.EN,
    callouts: Mapping[str, int] | None = None,
) -> SvgImage:
    """Player ``player``'s Metropolis and Personal Pool, on their own."""
    language = language_of(lang)
    height = metropolis_height(state.players[player].metropolis) + POOL + 2 * GAP
    width = METROPOLIS_WIDTH + 2 * GAP
    svg = root(width, height, "player-area", state.players[player].name, language)
    rect(svg, 0, 0, width, height, fill="#fbf7ee")
    draw_player(svg, state, player, GAP, GAP, language, _report(state), callouts)
    return image(svg)
