"""The whole Ankh'or table: the price board and the offer, the supply, the bonus reserve,
the draw piles, the removed tiles, and every player with their tokens, bonus tokens and
layout (A-8.1: everything public, the piles counted only)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping

from fertility_rules.ankhor.interpretations import HigherNeighbours
from fertility_rules.ankhor.model import Position
from fertility_rules.ankhor.moves import Move
from fertility_rules.ankhor.scoring import ScoreReport, final_scores
from fertility_rules.ankhor.state import FRESH_TURN, GameState, Phase, PlayerState
from fertility_rules.ankhor.svg.glyphs import bonus_token
from fertility_rules.ankhor.svg.layouts import (
    LayoutBox,
    draw_groups_row,
    draw_layout,
    groups_height,
    layout_box,
    marked_places,
    scoring_groups,
)
from fertility_rules.ankhor.svg.offer import (
    BOARD_WIDTH,
    draw_hand,
    draw_offer,
    draw_piles,
    draw_removed,
    draw_reserve,
    draw_supply,
    offer_height,
)
from fertility_rules.ankhor.texts import status
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.palette import (
    CARD_EDGE,
    INK,
    PAPER,
    SHEET,
    callout,
    heading,
)
from fertility_rules.drawing.text import label, text_width
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext, render

__all__ = [
    "CALLOUTS",
    "PANEL_WIDTH",
    "draw_player",
    "last_mover",
    "player_height",
    "table",
    "table_title",
]

GAP = 16
TITLE = 44
SIDE_WIDTH = 370
PANEL_WIDTH = (BOARD_WIDTH + 30 + SIDE_WIDTH - GAP) / 2
HEADER = 62
LARGEST = 48.0
"""The side of a base tile in a player's panel, unless the layout must shrink to fit."""


def _tile_size(box: LayoutBox, width: float) -> float:
    units = max(box.right - box.left, 1.0)
    return min(LARGEST, (width - 40) / units)


EMPTY = 28.0
"""The height of a layout with no tile yet: a line saying so."""
CALLOUTS = (
    "price-board",
    "offer",
    "supply",
    "reserve",
    "piles",
    "removed",
    "tokens",
    "layout",
    "start-player",
)
"""The parts of the table a callout may number: the price board and its markers, the
offer, the supply, the bonus reserve, the draw piles, the removed tiles; the tokens and
the layout of the first player, and the frame of the player to move."""
WINNER = "#8d6a12"
"""The ink of the winner's badge at the end of a game."""


def points(n: int) -> Message:
    """``45 VP``: victory points in a picture, abbreviated as the glossary does."""
    return ngettext("{n} VP", "{n} VP", n)


def player_height(player: PlayerState, same_level: bool, marked: Iterable[Position] = ()) -> float:
    """The height of a player's panel."""
    places = tuple(marked)
    box = layout_box(player.tiles, places)
    size = _tile_size(box, PANEL_WIDTH)
    found = scoring_groups(player.tiles, same_level)
    chips = groups_height(len(found), PANEL_WIDTH - 24)
    layout = box.size(size)[1] if player.tiles or places else EMPTY
    return HEADER + layout + (chips + 10 if chips else 0) + 12


def draw_player(
    parent: ET.Element,
    player: PlayerState,
    index: int,
    x: float,
    y: float,
    language: Language,
    *,
    same_level: bool,
    bonus_points: int,
    marked: tuple[Position, ...] = (),
    current: bool = False,
    standing: tuple[int, int] | None = None,
    callouts: Mapping[str, int] | None = None,
) -> ET.Element:
    """A player's panel: name and counts, tokens in hand, bonus tokens, layout, groups;
    at the end of the game, ``standing`` (points, rank) beside the name, the winner's
    badge in gold. ``callouts`` numbers the ``tokens``, the ``layout`` and (on the player
    to move) the ``start-player`` frame."""
    numbers = callouts or {}
    height = player_height(player, same_level, marked)
    group = el(parent, "g", class_="player", data_player=index, data_name=player.name)
    rect(
        group,
        x,
        y,
        PANEL_WIDTH,
        height,
        rx=10,
        fill=PAPER,
        stroke=INK if current else CARD_EDGE,
        stroke_width=4 if current else 1.2,
        class_="current-player" if current else None,
    )
    name = player.name if len(player.name) <= 28 else player.name[:27] + "…"
    label(group, name, x + 12, y + 22, 16, bold=True, fill=INK, class_="player-name")
    count = render(ngettext("{n} tile", "{n} tiles", len(player.tiles)), language)
    label(
        group, count, x + PANEL_WIDTH - 12, y + 22, 13, anchor="end", fill=INK, class_="tile-count"
    )
    if standing is not None:
        left = x + 12 + text_width(name, 16, True) + 10
        room = x + PANEL_WIDTH - 12 - text_width(count, 13) - 10 - left
        _standing(group, standing, left, y + 8, room, language)
    draw_hand(group, player.tokens, x + 12, y + 34, language)
    if "tokens" in numbers:
        held = sum(1 for n in player.tokens if n)
        width = held * 42 if held else text_width(render(_("no token"), language), 12)
        callout(group, numbers["tokens"], x + 12 + width + 14, y + 44)
    if "start-player" in numbers and current:
        callout(group, numbers["start-player"], x, y)
    bonus = el(group, "g", class_="bonus-tokens", data_count=player.bonus)
    for n in range(player.bonus):
        bonus_token(bonus, x + PANEL_WIDTH - 22 - n * 22, y + 44, 10, bonus_points)
    box = layout_box(player.tiles, marked)
    size = _tile_size(box, PANEL_WIDTH)
    width, layout_height = box.size(size)
    draw_layout(
        group,
        player.tiles,
        x + (PANEL_WIDTH - width) / 2 if player.tiles or marked else x + 8,
        y + HEADER,
        size,
        language,
        stored=player.stored,
        same_level=same_level,
        marks={"last-move": marked},
        box=box,
    )
    if "layout" in numbers:
        width = (
            0.0 if player.tiles or marked else text_width(render(_("no tile yet"), language), 12)
        )
        callout(group, numbers["layout"], x + 12 + width + 14, y + HEADER + 15)
    found = scoring_groups(player.tiles, same_level)
    if found:
        draw_groups_row(
            group, found, x + 12, y + HEADER + layout_height + 6, PANEL_WIDTH - 24, language
        )
    return group


def _standing(
    parent: ET.Element,
    standing: tuple[int, int],
    x: float,
    y: float,
    room: float,
    language: Language,
) -> None:
    """A player's points and rank at the end of the game: a gold badge for a winner."""
    total, rank = standing
    if rank == 1:
        text = render(_("Winner: {points}", points=points(total)), language)
    else:
        text = render(_("Rank {rank}: {points}", rank=rank, points=points(total)), language)
    badge = el(parent, "g", class_="standing", data_rank=rank, data_points=total)
    width = min(text_width(text, 12, True) + 14, max(room, 40.0))
    winner = rank == 1
    rect(
        badge,
        x,
        y,
        width,
        20,
        rx=10,
        fill="#f6e7b0" if winner else PAPER,
        stroke=WINNER if winner else CARD_EDGE,
        stroke_width=1.5 if winner else 1,
    )
    label(badge, text, x + 7, y + 14, 12, width - 14, bold=True, fill=WINNER if winner else INK)


def table_title(state: GameState | Observation, report: ScoreReport | None = None) -> Message:
    """The heading of a table: whose turn and decision it is; at the end, who won with
    how many points (A-7.5), from ``report`` (the table's final scores by default)."""
    if not state.is_over:
        return status(state)
    report = report or final_scores(state)
    best = max(sheet.total for sheet in report.sheets)
    return ngettext(
        "The game is over after turn {turn}: {winners} wins with {points}.",
        "The game is over after turn {turn}: {winners} share the victory with {points}.",
        len(report.winners),
        turn=state.turn,
        winners=all_of(list(report.winners)),
        points=points(best),
    )


def last_mover(state: GameState | Observation) -> int:
    """The player who played the move that led to ``state``: the player to move, unless a
    new turn of the next player has just begun (a bonus turn is the same player's)."""
    if state.is_over or state.phase is not Phase.MAIN or state.progress != FRESH_TURN:
        return state.current
    return (state.current - 1) % len(state.players)


@checked_arguments
def table(
    state: GameState | Observation,
    *,
    last_move: Move | Iterable[Position] | None = None,
    mover: int | None = None,
    title: str | None = None,
    callouts: Mapping[str, int] | None = None,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """Everything on the table, in ``lang``: the price board and the offer, the supply,
    the bonus reserve, the draw piles' sizes, the removed tiles, then every player; the
    player to move is framed in their colour. ``last_move`` (a move, or the places it
    marked) is marked in the layout of ``mover``, by default the player who played last
    (:func:`last_mover`). Once the game is over, every player's points and rank are shown
    and the heading names the winner (:func:`table_title`). ``title`` replaces the
    heading; ``callouts`` numbers parts of the table (:data:`CALLOUTS`, each with its
    number), for a caption that names them. A view is drawn the same."""
    language = language_of(lang)
    config = state.config
    same_level = config.interpretations.higher_neighbours is HigherNeighbours.SAME_LEVEL
    marked = marked_places(last_move)
    by = last_mover(state) if mover is None else mover
    numbers = dict(callouts or {})
    unknown = sorted(set(numbers) - set(CALLOUTS))
    if unknown:
        raise MalformedInputError.single(
            "callouts",
            _(
                "unknown part {found!r}; expected one of: {expected}",
                found=unknown[0],
                expected=", ".join(CALLOUTS),
            ),
        )
    report = final_scores(state) if state.is_over else None
    title = title or render(table_title(state, report), language)
    width = GAP + BOARD_WIDTH + 30 + SIDE_WIDTH + GAP
    side_x = GAP + BOARD_WIDTH + 30
    removed_height = 14 + ((len(state.removed) + 12) // 13) * 28
    side_height = 3 * 58 + removed_height
    top = TITLE + max(offer_height(config.prices), side_height) + GAP
    heights = [
        player_height(p, same_level, marked if i == by else ()) for i, p in enumerate(state.players)
    ]
    rows = [max(heights[r : r + 2]) for r in range(0, len(heights), 2)]
    height = top + sum(h + GAP for h in rows) + GAP
    svg = root(width, height, "ankhor-table", title, language)
    rect(svg, 0, 0, width, height, fill=SHEET)
    heading(svg, title, GAP, 28, 19, width - 2 * GAP, class_="heading")
    layout = config.catalogue.price_board.source.provenance
    draw_offer(svg, state.offer, config.prices, GAP, TITLE, language, layout=layout)
    if "price-board" in numbers:
        callout(svg, numbers["price-board"], GAP, TITLE)
    if "offer" in numbers:
        tiles_top = TITLE + offer_height(config.prices) - 76
        callout(svg, numbers["offer"], GAP + 2, tiles_top + 25)
    y = TITLE + 14
    parts = ("supply", "reserve", "piles", "removed")
    draw_supply(svg, state.supply, side_x, y, language)
    y += 58
    draw_reserve(svg, state.reserve, config.catalogue.bonus.points, side_x, y, language)
    y += 58
    draw_piles(svg, state.pile_sizes, side_x, y, language)
    y += 58
    draw_removed(svg, state.removed, side_x, y, SIDE_WIDTH, language)
    for row, part in enumerate(parts):
        if part in numbers:
            callout(svg, numbers[part], side_x - 15, TITLE + 14 + row * 58 - 5)
    for index, player in enumerate(state.players):
        row, column = divmod(index, 2)
        draw_player(
            svg,
            player,
            index,
            GAP + column * (PANEL_WIDTH + GAP),
            top + sum(h + GAP for h in rows[:row]),
            language,
            same_level=same_level,
            bonus_points=config.catalogue.bonus.points,
            marked=marked if index == by else (),
            current=index == state.current and not state.is_over,
            standing=(
                None if report is None else (report.sheets[index].total, report.sheets[index].rank)
            ),
            callouts={
                part: number
                for part, number in numbers.items()
                if (part == "start-player" and index == state.current)
                or (part in ("tokens", "layout") and index == 0)
            },
        )
    return image(svg)
