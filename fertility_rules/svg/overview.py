"""The whole table: central board, Common Pool, District offer, Stock, every Metropolis."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable

from fertility_rules.arguments import checked_arguments
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, ngettext
from fertility_rules.i18n.translate import render
from fertility_rules.model.resources import RESOURCES
from fertility_rules.rules.moves import Move
from fertility_rules.rules.state import GameState
from fertility_rules.svg._image import SvgImage, el, image, root
from fertility_rules.svg._style import INK, player_colour, token
from fertility_rules.svg.components import DISTRICT_HEIGHT, DISTRICT_WIDTH, _district, _tile
from fertility_rules.svg.metropolises import METROPOLIS_WIDTH, draw_metropolis, metropolis_height
from fertility_rules.svg.valley import draw_board, margin, move_squares

__all__ = ["table"]

SQUARE = 40
SMALL = 26
GAP = 16
TITLE = 40
POOL = 72


def _label(parent: ET.Element, text: str, x: float, y: float) -> None:
    el(parent, "text", text, x=x, y=y, font_size=14, font_weight="bold", fill=INK)


def _pool(
    parent: ET.Element,
    state: GameState,
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


@checked_arguments
def table(
    state: GameState,
    *,
    last_move: Move | Iterable[int] | None = None,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """Everything on the table: the central board, the Common Pool, the offer of
    Districts, the Stock and the draw piles, then each player's Metropolis with their
    Personal Pool; the player to move is framed in their colour."""
    language = Language.parse(lang)
    grid = state.config.layout
    catalogue = state.config.catalogue
    board_width = grid.width * SQUARE + 2 * margin(SQUARE) + 8
    board_height = grid.height * SQUARE + 2 * margin(SQUARE) + 8
    panel_x = board_width + GAP
    panel_width = 2 * DISTRICT_WIDTH + 10
    columns = 2 if len(state.players) > 1 else 1
    cities_width = columns * METROPOLIS_WIDTH + (columns - 1) * GAP
    width = max(panel_x + panel_width, cities_width) + 2 * GAP
    rows = (len(state.players) + columns - 1) // columns
    panel_height = 14 + 10 + SMALL + 44 + 10 + 2 * (DISTRICT_HEIGHT + 10) + 20 + 58 + 10
    top_height = max(board_height, panel_height)
    heights = [metropolis_height(p.metropolis) for p in state.players]
    row_heights = [max(heights[r * columns : (r + 1) * columns]) for r in range(rows)]
    height = TITLE + top_height + GAP + sum(h + POOL + GAP for h in row_heights) + GAP
    if state.is_over:
        heading = render(_("Turn {turn}: the game is over", turn=state.turn), language)
    else:
        heading = render(
            _(
                "Turn {turn} · {player}: {phase}",
                turn=state.turn,
                player=state.player.name,
                phase=state.phase.label,
            ),
            language,
        )
    svg = root(width, height, "table", heading, language)
    el(svg, "rect", x=0, y=0, width=width, height=height, fill="#fbf7ee")
    el(
        svg,
        "text",
        heading,
        x=GAP,
        y=28,
        font_size=20,
        font_weight="bold",
        fill=INK,
        class_="heading",
    )
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
    x, y = panel_x + GAP, TITLE + 14
    _label(svg, render(_("Common Pool"), language), x, y)
    _pool(svg, state, state.common_pool, "common-pool", x, y + 10, language)
    y += 10 + SMALL + 44
    _label(svg, render(_("Districts on offer"), language), x, y)
    for index, district_id in enumerate(state.offer):
        district = catalogue.district(district_id)
        row, column = divmod(index, 2)
        group = el(svg, "g", class_="offer")
        _district(
            group,
            district,
            (),
            x + column * (DISTRICT_WIDTH + 10),
            y + 10 + row * (DISTRICT_HEIGHT + 10),
            language,
            state.config.registry,
        )
    y += 10 + 2 * (DISTRICT_HEIGHT + 10) + 20
    _label(svg, render(_("Stock"), language), x, y)
    stock = el(svg, "g", class_="stock")
    for index, resource in enumerate(RESOURCES):
        cx = x + 14 + index * 70
        token(stock, resource, cx, y + 22, 11, "pictogram")
        el(
            stock,
            "text",
            str(state.stock[resource]),
            x=cx + 16,
            y=y + 27,
            font_size=14,
            fill=INK,
            class_="stock-count",
            data_resource=resource.key,
        )
    y += 58
    el(
        svg,
        "text",
        render(
            ngettext(
                "{n} Valley tile in the pile", "{n} Valley tiles in the pile", len(state.pile)
            ),
            language,
        )
        + " · "
        + render(
            ngettext(
                "{n} District in the deck", "{n} Districts in the deck", len(state.district_deck)
            ),
            language,
        ),
        x=x,
        y=y,
        font_size=12,
        fill=INK,
        class_="piles",
    )
    top = TITLE + top_height + GAP
    for index, player in enumerate(state.players):
        row, column = divmod(index, columns)
        cx = GAP + column * (METROPOLIS_WIDTH + GAP)
        cy = top + sum(h + POOL + GAP for h in row_heights[:row])
        city_height = heights[index]
        if index == state.current and not state.is_over:
            el(
                svg,
                "rect",
                x=cx - 5,
                y=cy - 5,
                width=METROPOLIS_WIDTH + 10,
                height=city_height + POOL + 10,
                rx=12,
                fill="none",
                stroke=player_colour(index),
                stroke_width=4,
                class_="current-player",
            )
        draw_metropolis(
            svg,
            player.metropolis,
            cx,
            cy,
            language,
            title=player.name,
            monument_type=player.monument_type,
            player=index,
            supply=player.supply,
            registry=state.config.registry,
        )
        pool_y = cy + city_height + 8
        el(
            svg,
            "text",
            render(_("Personal Pool"), language),
            x=cx + 6,
            y=pool_y + 14,
            font_size=12,
            font_style="italic",
            fill=INK,
        )
        _pool(svg, state, player.pool, "personal-pool", cx + 6, pool_y + 22, language)
    return image(svg)
