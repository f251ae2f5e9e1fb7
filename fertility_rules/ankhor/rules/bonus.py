"""Bonus tokens for groups of 5 or more (A-3.8, Q-2, Q-17).

A token is taken at the moment a group reaches 5 tiles, as long as the reserve has one;
a group that formed while the reserve was empty earns nothing, then or later (Q-17). A
group *forms* when a placement or a move makes a group of 5 or more none of whose tiles
was in such a group of the same colour or animal before; it *dissolves* when none of its
tiles is in such a group any more.

Default reading of Q-2: a player takes one token for each group formed (as far as the
reserve allows), then holds no more tokens than they have groups of 5 or more, returning
the others, so merging two rewarded groups returns one. The state counts the tokens a
player holds, not which group earned each (at the table they lie in front of the player,
not on the groups): a player who holds fewer tokens than groups, because a group formed
on an empty reserve, gives one back only when they would hold more than their groups.
One move that dissolves a group and forms another keeps the first group's token for the
second, as if the tile left (returning it) before it landed (taking it back).

Alternative: a group formed takes a token (as far as the reserve allows), a group
dissolved returns one (if the player holds any), and a merge or a split that leaves 5
changes nothing.
"""

from __future__ import annotations

from fertility_rules.ankhor.interpretations import BonusTokens, HigherNeighbours, Interpretations
from fertility_rules.ankhor.layout import (
    Attribute,
    Layout,
    attributes,
    big_groups,
    count_groups,
)
from fertility_rules.ankhor.model import Colour, Kind

__all__ = ["BIG", "adjust_bonus", "big_group_count"]

BIG = 5
"""The size of a group that earns a bonus token (A-3.8)."""


def _crowded(layout: Layout) -> list[Attribute]:
    """The colours and animals shared by at least :data:`BIG` tiles (the others cannot
    form a big group, so they are not searched)."""
    counts: dict[Colour | Kind, int] = {}
    for placed in layout:
        for attribute in attributes(placed):
            counts[attribute] = counts.get(attribute, 0) + 1
    return [attribute for attribute, n in counts.items() if n >= BIG]


def big_group_count(layout: Layout, same_level: bool) -> int:
    """Groups of 5 or more, colours and animals together (A-3.8)."""
    return sum(count_groups(layout, a, same_level, BIG) for a in _crowded(layout))


def _formed_and_dissolved(
    before: Layout, after: Layout, changed: tuple[Attribute, ...], same_level: bool
) -> tuple[int, int]:
    """The groups of 5 or more that formed and dissolved when ``before`` became ``after``
    (only the groups of the changed tile's colour and animal can change)."""
    formed = dissolved = 0
    for attribute in changed:
        new = big_groups(after, attribute, same_level, BIG)
        old = big_groups(before, attribute, same_level, BIG)
        if not new and not old:
            continue
        was = frozenset().union(*old)
        now = frozenset().union(*new)
        formed += sum(1 for group in new if not group & was)
        dissolved += sum(1 for group in old if not group & now)
    return formed, dissolved


def adjust_bonus(
    before: Layout,
    after: Layout,
    changed: tuple[Attribute, ...],
    held: int,
    reserve: int,
    readings: Interpretations,
) -> tuple[int, int]:
    """Bonus tokens held and left in the reserve after a layout changed from ``before``
    to ``after`` by a tile with the attributes ``changed`` (A-3.8, Q-2, Q-17)."""
    same_level = readings.higher_neighbours is HigherNeighbours.SAME_LEVEL
    formed, dissolved = _formed_and_dissolved(before, after, changed, same_level)
    if readings.bonus_tokens is BonusTokens.ONE_PER_GROUP:
        taken = min(formed, reserve)
        held, reserve = held + taken, reserve - taken
        if held:
            given = max(0, held - big_group_count(after, same_level))
            held, reserve = held - given, reserve + given
        return held, reserve
    delta = formed - dissolved
    if delta > 0:
        taken = min(delta, reserve)
        return held + taken, reserve - taken
    given = min(-delta, held)
    return held - given, reserve + given
