"""Legal moves grouped the way a person decides: the values both games' choices are made of.

A game says, for each legal move, the levels of decision it sits under (a tile, then
its place, then the rest) and gives the option its notation and description;
:func:`group_choices` nests the options in that order, each group where its first
option came.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

from attrs import Factory, define, frozen

from fertility_rules.i18n.message import Message

__all__ = ["Choice", "ChoiceGroup", "Level", "group_choices"]


@frozen
class Choice:
    """One option: the move, its notation, and what it does in words."""

    move: Any
    notation: str
    description: Message


@frozen
class ChoiceGroup:
    """Options that share a decision, and the decisions that come after it.

    The first level is what a person picks first (a tile, a District, a token, a
    Quarry, or a kind of move); under a tile come its pairs of squares, under a
    District its spots, each holding the options that differ only in what is left
    (the tile's turn, the payment). ``items`` holds groups or options, never both.
    """

    key: str
    """What is chosen at this level: a tile or District id, a resource key, a square
    name (a Quarry's, or two for a tile's squares, lowest first), a spot counted from 1,
    or a move keyword of the notation (``discard``, ``skip``, ``end``, ``take``…)."""
    title: Message
    items: tuple[ChoiceGroup | Choice, ...]

    @property
    def options(self) -> tuple[Choice, ...]:
        """Every option of this group, at any depth, in order."""
        return tuple(
            option
            for item in self.items
            for option in (item.options if isinstance(item, ChoiceGroup) else (item,))
        )

    @property
    def groups(self) -> tuple[ChoiceGroup, ...]:
        """The groups of the next decision (empty when ``items`` are options)."""
        return tuple(item for item in self.items if isinstance(item, ChoiceGroup))


Level: TypeAlias = tuple[str, Message]
"""One level of decision: its key and its title."""


@define
class _Draft:
    """A group while the options are sorted in; frozen into a :class:`ChoiceGroup`."""

    key: str
    title: Message
    items: list[_Draft | Choice] = Factory(list)
    groups: dict[str, _Draft] = Factory(dict)

    def add(self, levels: Sequence[Level], choice: Choice) -> None:
        if not levels:
            self.items.append(choice)
            return
        (key, title), *rest = levels
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = _Draft(key, title)
            self.items.append(group)
        group.add(rest, choice)

    def freeze(self) -> ChoiceGroup:
        items = tuple(i.freeze() if isinstance(i, _Draft) else i for i in self.items)
        return ChoiceGroup(self.key, self.title, items)


def group_choices(
    decision: Message, options: Iterable[tuple[Sequence[Level], Choice]]
) -> tuple[ChoiceGroup, ...]:
    """The groups of the ``options`` (each with the levels it sits under) at the
    current ``decision``, in the order their first options come."""
    draft = _Draft("", decision)
    for levels, choice in options:
        draft.add(levels, choice)
    return draft.freeze().groups
