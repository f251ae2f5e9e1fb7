"""The player-level part of each scoring stage: Statues, Monuments, Wheat (R-5.3 to R-5.5).

Shop-level Debens come from the effect registry; these functions add what belongs
to the player or the table, each returning explained :class:`ScoreLine` values.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from fertility_rules.arguments import checked_arguments
from fertility_rules.fertility.effects.base import Stage, StatueAward
from fertility_rules.fertility.model.position import FinalPosition
from fertility_rules.fertility.scoring.sheet import ScoreLine
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext

__all__ = [
    "best_statue_collection",
    "monument_debens",
    "monument_lines",
    "statue_debens",
    "statue_line",
    "wheat_line",
]


@checked_arguments
def best_statue_collection(
    awards: Sequence[StatueAward], gods: Sequence[str]
) -> tuple[tuple[str, ...], int]:
    """The largest set of different Statues: named gods, then choices fill the gaps (R-5.3).

    Returns the named gods (in table order) and how many choices add a new god.
    """
    return _best_collection(awards, gods)


def _best_collection(
    awards: Sequence[StatueAward], gods: Sequence[str]
) -> tuple[tuple[str, ...], int]:
    """:func:`best_statue_collection` for the scoring pipeline, whose values are checked."""
    named = set().union(*(a.gods for a in awards)) if awards else set()
    choices = sum(a.choices for a in awards)
    missing = sum(1 for god in gods if god not in named)
    ordered = tuple(god for god in gods if god in named)
    ordered += tuple(sorted(named.difference(gods)))
    return ordered, min(choices, missing)


def statue_debens(
    awards: Sequence[StatueAward], gods: Sequence[str], scale: Sequence[int]
) -> tuple[tuple[str, ...], int, int, int]:
    """``(named gods, choices used, different Statues counted, Debens)`` (R-5.3)."""
    named, chosen = _best_collection(awards, gods)
    different = min(len(named) + chosen, len(scale) - 1)
    return named, chosen, different, scale[different]


def statue_line(
    player: str, awards: Sequence[StatueAward], gods: Sequence[str], scale: Sequence[int]
) -> ScoreLine:
    named, chosen, different, amount = statue_debens(awards, gods, scale)
    what: Message | str = all_of(named)
    if chosen and named:
        what = ngettext(
            "{named} + {n} God of your choice",
            "{named} + {n} Gods of your choice",
            chosen,
            named=all_of(named),
        )
    elif chosen:
        what = ngettext("{n} God of your choice", "{n} Gods of your choice", chosen)
    if different == 0:
        reason: Message = _("no Statue on the Statues scale: {amount}", amount=debens(amount))
        return ScoreLine(player, Stage.STATUES, amount, "R-5.3", reason)
    reason = ngettext(
        "{n} different Statue ({which}) on the Statues scale: {amount}",
        "{n} different Statues ({which}) on the Statues scale: {amount}",
        different,
        which=what,
        amount=debens(amount),
    )
    return ScoreLine(player, Stage.STATUES, amount, "R-5.3", reason)


def monument_debens(position: FinalPosition) -> tuple[list[int], dict[int, int]]:
    """The Monument counts above 0, most first, and the Debens of the top two (R-5.4)."""
    counts = sorted(
        {p.metropolis.monuments for p in position.players if p.metropolis.monuments}, reverse=True
    )
    values = {}
    if counts:
        values[counts[0]] = position.monument_first
    if len(counts) > 1:
        values[counts[1]] = position.monument_second
    return counts, values


def monument_lines(position: FinalPosition) -> tuple[ScoreLine, ...]:
    """15 for the most Monuments, 7 for the next count; ties share; none for 0 (R-5.4)."""
    counts, values = monument_debens(position)
    lines = []
    for player in position.players:
        n = player.metropolis.monuments
        if n == 0:
            place = _NONE
        elif n == counts[0]:
            place = _MOST
        elif len(counts) > 1 and n == counts[1]:
            place = _SECOND
        else:
            place = _BELOW
        lines.append(_monument_line(player.name, n, values.get(n, 0), place))
    return tuple(lines)


_NONE, _MOST, _SECOND, _BELOW = range(4)


@functools.lru_cache(maxsize=1024)
def _monument_line(player: str, n: int, amount: int, place: int) -> ScoreLine:
    """Cached: the line depends on the player, the count, the Debens and the place only."""
    if place == _NONE:
        reason = _("no Monument on the central board: {amount}", amount=debens(0))
    elif place == _MOST:
        reason = ngettext(
            "{n} Monument, the most: {amount}",
            "{n} Monuments, the most: {amount}",
            n,
            amount=debens(amount),
        )
    elif place == _SECOND:
        reason = ngettext(
            "{n} Monument, second place: {amount}",
            "{n} Monuments, second place: {amount}",
            n,
            amount=debens(amount),
        )
    else:
        reason = ngettext(
            "{n} Monument, below second place: {amount}",
            "{n} Monuments, below second place: {amount}",
            n,
            amount=debens(amount),
        )
    return ScoreLine(player, Stage.MONUMENTS, amount, "R-5.4", reason)


def wheat_line(player: str, wheat: int, track: Sequence[int]) -> ScoreLine:
    amount = track[wheat]
    reason = _(
        "Wheat marker on square {n} of the Wheat Storehouse: {amount}",
        n=wheat,
        amount=debens(amount),
    )
    return ScoreLine(player, Stage.WHEAT, amount, "R-5.5", reason)
