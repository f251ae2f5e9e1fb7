"""Bonus tokens for groups of 5 or more (A-3.8, Q-2).

Default reading of Q-2: a player holds one bonus token per group of 5 or more tiles
sharing a colour or an animal; after each placement or move of theirs, they take tokens
from the reserve up to that number (as many as the reserve has) or return the tokens
above it, so merging two rewarded groups returns one. Alternative: a group that forms
(none of its tiles was in a group of 5 or more of the same colour or animal before)
takes a token, a group that no longer counts 5 (none of its tiles is in such a group any
more) returns one, and a merge or a split changes nothing.
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


def adjust_bonus(
    before: Layout,
    after: Layout,
    changed: tuple[Attribute, ...],
    held: int,
    reserve: int,
    readings: Interpretations,
) -> tuple[int, int]:
    """Bonus tokens held and left in the reserve after a layout changed from ``before``
    to ``after`` by a tile with the attributes ``changed`` (A-3.8, Q-2)."""
    same_level = readings.higher_neighbours is HigherNeighbours.SAME_LEVEL
    if readings.bonus_tokens is BonusTokens.ONE_PER_GROUP:
        delta = big_group_count(after, same_level) - held
    else:
        delta = 0
        for attribute in changed:
            old = big_groups(before, attribute, same_level, BIG)
            new = big_groups(after, attribute, same_level, BIG)
            was = frozenset().union(*old)
            now = frozenset().union(*new)
            delta += sum(1 for group in new if not group & was)
            delta -= sum(1 for group in old if not group & now)
    if delta > 0:
        taken = min(delta, reserve)
        return held + taken, reserve - taken
    given = min(-delta, held)
    return held - given, reserve + given
