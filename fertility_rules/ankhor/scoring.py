"""Final scoring (A-7.1 to A-7.4) explained line by line, the ranking (A-7.5), and the
totals alone for searches.

A :class:`FinalPosition` is what scoring needs: each player's tiles, the tokens they
have left (stored ones included, Q-9) and their bonus tokens, with the points of a bonus
token and the reading of Q-3 (which higher tiles are adjacent).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import TypeAlias

from attrs import frozen

from fertility_rules.ankhor.arguments import position_needed, require, state_needed, table_needed
from fertility_rules.ankhor.interpretations import HigherNeighbours
from fertility_rules.ankhor.layout import _KEPT, Attribute, Layout, group_sizes, groups
from fertility_rules.ankhor.model import ANIMALS, COLOURS, Colour, Kind, Tile, Tokens, add_tokens
from fertility_rules.ankhor.state import GameState
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments
from fertility_rules.games import report_table
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.shared.scores import Report, places
from fertility_rules.shared.values import ByIdentity

__all__ = [
    "STAGES",
    "FinalPosition",
    "PlayerPosition",
    "ScoreLine",
    "ScoreReport",
    "ScoreSheet",
    "StageTotals",
    "animal_group",
    "colour_group",
    "final_position",
    "final_scores",
    "rank",
    "score",
    "score_position",
    "score_totals",
    "seat_totals",
]

STAGES = ("A-7.1", "A-7.2", "A-7.3", "A-7.4")
"""The scoring steps, in the rulebook's order."""

StageTotals: TypeAlias = tuple[int, int, int, int]
"""Points of each step, in :data:`STAGES` order."""

TOKENS_PER_POINT = 3
"""Leftover tokens worth 1 VP (A-7.4)."""


@frozen
class PlayerPosition:
    """One player at the end: tiles, tokens left by kind (stored ones included), bonus
    tokens."""

    name: str
    tiles: Layout
    tokens: Tokens = (0, 0, 0, 0, 0, 0)
    bonus: int = 0

    @property
    def token_count(self) -> int:
        return sum(self.tokens)


@frozen
class FinalPosition:
    """Every player's table at the end, in turn order, and what scoring reads beside it."""

    players: tuple[PlayerPosition, ...]
    bonus_points: int = 3
    """VP of a bonus token (A-1.4)."""
    higher_neighbours: HigherNeighbours = HigherNeighbours.SAME_LEVEL
    """Whether higher tiles of one level touching along an edge are adjacent (Q-3)."""


@frozen
class ScoreLine:
    """Points given to a player at one step, the rule that gives them and why."""

    player: str
    rule: str
    points: int
    reason: Message


@frozen
class ScoreSheet:
    """One player's final score: the lines, the total of each step, the tie-breaks, rank."""

    player: str
    lines: tuple[ScoreLine, ...]
    stage_totals: StageTotals
    tiles: int
    """Tiles, all levels counted: fewer wins a tie (A-7.5)."""
    tokens: int
    """Tokens left, stored ones included: fewer wins a remaining tie (A-7.5, Q-9)."""
    rank: int

    @property
    def total(self) -> int:
        return sum(self.stage_totals)

    def lines_of(self, rule: str) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.rule == rule)


@frozen
class ScoreReport(Report[ScoreSheet]):
    """Every player's score sheet, in turn order, and the winners (A-7.5)."""

    def _repr_html_(self) -> str | None:
        """The score table (Jupyter shows it): a row per player, a column per step."""
        return report_table(self, "ankhor")


def final_position(state: GameState | Observation) -> FinalPosition:
    """The table of a state or view as it stands, for final scoring (A-7). Called by the
    searches at every position they weigh: its one argument is checked by hand, at the
    cost of a type comparison."""
    require(state, (GameState, Observation), "state", table_needed)
    config = state.config
    return FinalPosition(
        players=tuple(
            PlayerPosition(p.name, p.tiles, add_tokens(p.tokens, p.stored_tokens()), p.bonus)
            for p in state.players
        ),
        bonus_points=config.catalogue.bonus.points,
        higher_neighbours=config.interpretations.higher_neighbours,
    )


# ---------------------------------------------------------------- the steps


def _colour_group(colour: Colour, n: int) -> Message:
    if colour is Colour.BLUE:
        return ngettext("blue group of {n} tile", "blue group of {n} tiles", n)
    if colour is Colour.WHITE:
        return ngettext("white group of {n} tile", "white group of {n} tiles", n)
    if colour is Colour.BLACK:
        return ngettext("black group of {n} tile", "black group of {n} tiles", n)
    if colour is Colour.GREEN:
        return ngettext("green group of {n} tile", "green group of {n} tiles", n)
    return ngettext("red group of {n} tile", "red group of {n} tiles", n)


def _animal_group(animal: Kind, n: int) -> Message:
    if animal is Kind.JACKAL:
        return ngettext("group of {n} jackal", "group of {n} jackals", n)
    if animal is Kind.FALCON:
        return ngettext("group of {n} falcon", "group of {n} falcons", n)
    return ngettext("group of {n} beetle", "group of {n} beetles", n)


def _alone(rule: str, tile: Tile) -> Message:
    """Why a tile alone scores nothing at this step."""
    if rule == "A-7.2":
        return _("{tile}: no animal group", tile=tile.label)
    return _("{tile}: no colour group", tile=tile.label)


def _lines(player: PlayerPosition, position: FinalPosition) -> list[ScoreLine]:
    name = player.name
    same_level = position.higher_neighbours is HigherNeighbours.SAME_LEVEL
    lines = []
    if player.bonus:
        lines.append(
            ScoreLine(
                name,
                "A-7.1",
                player.bonus * position.bonus_points,
                ngettext(
                    "{n} bonus token × {points} VP",
                    "{n} bonus tokens × {points} VP",
                    player.bonus,
                    points=position.bonus_points,
                ),
            )
        )
    for placed in player.tiles:
        if placed.tile.points:
            reason = _("printed points: {tile}", tile=placed.tile.label)
            lines.append(ScoreLine(name, "A-7.1", placed.tile.points, reason))
    animals: list[tuple[Attribute, Callable[[int], Message]]] = [
        (animal, functools.partial(_animal_group, animal))
        for animal in sorted(ANIMALS, key=lambda kind: kind.value)
    ]
    colours: list[tuple[Attribute, Callable[[int], Message]]] = [
        (colour, functools.partial(_colour_group, colour)) for colour in COLOURS
    ]
    for rule, attributes in (("A-7.2", animals), ("A-7.3", colours)):
        for attribute, named in attributes:
            for group in groups(player.tiles, attribute, same_level):
                n = len(group)
                if n >= 2:
                    lines.append(ScoreLine(name, rule, n, named(n)))
                else:
                    lines.append(ScoreLine(name, rule, 0, _alone(rule, group[0].tile)))
    count = player.token_count
    lines.append(
        ScoreLine(
            name,
            "A-7.4",
            count // TOKENS_PER_POINT,
            ngettext(
                "{n} token left, 1 VP for every 3",
                "{n} tokens left, 1 VP for every 3",
                count,
            ),
        )
    )
    return lines


def _totals(player: PlayerPosition, position: FinalPosition) -> StageTotals:
    same_level = position.higher_neighbours is HigherNeighbours.SAME_LEVEL
    printed, animals, colours = _layout_points(player.tiles, same_level)
    printed += player.bonus * position.bonus_points
    return (printed, animals, colours, player.token_count // TOKENS_PER_POINT)


_POINTS: ByIdentity[Layout, tuple[int, int, int]] = ByIdentity(_KEPT)


def _layout_points(tiles: Layout, same_level: bool) -> tuple[int, int, int]:
    """The printed points of a layout's tiles, and its points for animal groups (A-7.2) and
    for colour groups (A-7.3): groups of two tiles or more count a point per tile (kept
    per layout)."""
    found = _POINTS.get(tiles, same_level)
    if found is None:
        sizes = group_sizes(tiles, same_level)
        animals = sum(n for animal in ANIMALS for n in sizes[animal] if n >= 2)
        colours = sum(n for colour in COLOURS for n in sizes[colour] if n >= 2)
        found = (sum(p.tile.points for p in tiles), animals, colours)
        _POINTS.keep(tiles, found, same_level)
    return found


def seat_totals(state: GameState, seat: int) -> StageTotals:
    """``score_totals(final_position(state))[seat]``, that seat alone: a search judging
    one player's positions scores that player only."""
    require(state, GameState, "state", state_needed)
    player = state.players[seat]
    same_level = state.config.interpretations.higher_neighbours is HigherNeighbours.SAME_LEVEL
    printed, animals, colours = _layout_points(player.tiles, same_level)
    printed += player.bonus * state.config.catalogue.bonus.points
    return (printed, animals, colours, player.token_count // TOKENS_PER_POINT)


def rank(keys: Sequence[tuple[int, int, int]]) -> tuple[int, ...]:
    """Ranks from (total, tiles, tokens): most VP, then fewest tiles, then fewest tokens
    (A-7.5); equal keys share a rank (a shared victory for rank 1)."""
    return tuple(places([(total, -tiles, -tokens) for total, tiles, tokens in keys]))


@checked_arguments
def score(position: FinalPosition) -> ScoreReport:
    """Every player's explained score sheet and the winners (A-7)."""
    require(position, FinalPosition, "position", position_needed)
    drafts = []
    for player in position.players:
        lines = _lines(player, position)
        totals = tuple(sum(line.points for line in lines if line.rule == rule) for rule in STAGES)
        drafts.append((player, tuple(lines), totals))
    keys = [(sum(t), len(p.tiles), p.token_count) for p, _lines_, t in drafts]
    ranks = rank(keys)
    sheets = tuple(
        ScoreSheet(
            player.name,
            lines,
            (totals[0], totals[1], totals[2], totals[3]),
            len(player.tiles),
            player.token_count,
            place,
        )
        for (player, lines, totals), place in zip(drafts, ranks, strict=True)
    )
    return ScoreReport(sheets, tuple(s.player for s in sheets if s.rank == 1))


score_position = score
"""Fertility's name for :func:`score`: a final position's explained score sheets and
winners."""


def score_totals(position: FinalPosition) -> tuple[StageTotals, ...]:
    """Each player's points per step, without explanations (for searches, which call it
    at every position: its one argument is checked by hand)."""
    if type(position) is not FinalPosition:
        require(position, FinalPosition, "position", position_needed)
    return tuple(_totals(player, position) for player in position.players)


@checked_arguments
def final_scores(state: GameState | Observation) -> ScoreReport:
    """The explained score sheets of the table of a state or view as it stands (A-7)."""
    return score(final_position(state))


def _results(state: GameState) -> tuple[list[float], list[int]]:
    """Each player's total and rank on the final score sheets, from the stage totals:
    the most points, then the fewest tiles, then the fewest tokens (A-7.5, Q-9)."""
    position = final_position(state)
    totals = [sum(stages) for stages in score_totals(position)]
    keys = [
        (total, len(player.tiles), player.token_count)
        for total, player in zip(totals, position.players, strict=True)
    ]
    return [float(total) for total in totals], list(rank(keys))


colour_group = _colour_group
"""``green group of 5 tiles``: a colour group as the score sheet names it (A-7.3)."""
animal_group = _animal_group
"""``group of 3 jackals``: an animal group as the score sheet names it (A-7.2)."""
