"""What the members of both games' enums say of themselves: their key in files and their
name in words.

An enum mixes in :class:`Keyed` for ``key``, the member's name in lower case as the file
formats write it, and derives from :class:`LabelledEnum` (or :class:`LabelledIntEnum`)
for ``label``, the member in words. The labels of an enum are one table given by
:func:`label_members`, which refuses, when the module is imported, a table that leaves
out a member or holds anything else.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.i18n.message import Message, _, echo

__all__ = ["Keyed", "Labelled", "LabelledEnum", "LabelledIntEnum", "label_members"]


class Keyed:
    """A member whose identifier in files is its name in lower case."""

    __slots__ = ()

    name: str

    @property
    def key(self) -> str:
        """The identifier used in files (``"grapes"``, ``"ankh"``)."""
        return self.name.lower()


class Labelled:
    """A member named in words by its enum's table (:func:`label_members`)."""

    __slots__ = ()

    _labels: ClassVar[Mapping[Any, Message]] = MappingProxyType({})

    @property
    def label(self) -> Message:
        """The member in words, a translatable message."""
        return self._labels[self]


class LabelledEnum(Labelled, enum.Enum):
    """An enum whose members are named in words."""


class LabelledIntEnum(Labelled, enum.IntEnum):
    """An enum of numbered members (which index tuples) named in words."""


@checked_arguments
def label_members(kind: type[Labelled], labels: Mapping[Any, Message]) -> None:
    """Give each member of the enum ``kind`` its label from ``labels``, which must name
    every member of ``kind`` once and nothing else (a game's module calls it once, as it
    is imported)."""
    if not issubclass(kind, enum.Enum):
        raise MalformedInputError.single(
            "kind", _("{kind} is not an enumeration.", kind=kind.__name__)
        )
    members = list(kind)
    strangers = [key for key in labels if not any(key is member for member in members)]
    missing = [member for member in members if not any(key is member for key in labels)]
    problems: list[Problem] = []
    if missing:
        names = repr([member.name for member in missing])
        problems.append(
            Problem(
                "labels",
                _("The labels of {kind} leave out {missing}.", kind=kind.__name__, missing=names),
            )
        )
    if strangers:
        keys = repr([echo(key) for key in strangers])
        problems.append(
            Problem(
                "labels",
                _(
                    "The labels of {kind} name {keys}, which are not its members.",
                    kind=kind.__name__,
                    keys=keys,
                ),
            )
        )
    if problems:
        raise MalformedInputError(problems)
    kind._labels = MappingProxyType({member: labels[member] for member in members})
