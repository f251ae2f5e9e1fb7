"""What every game's interpretations are: their kinds, one entry per id, and its lookup.

A game's specification sorts its interpretation ids (``I-…`` for Fertility, ``Q-…`` for
Ankh'or) into switches, settled readings and retired ids. Each game lists its ids as
:class:`InterpretationInfo` values in one tuple; the records, the lab and the documents
read those values the same way for every game.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs
from attrs import frozen

from fertility_rules.errors import UnknownIdError
from fertility_rules.i18n.message import Message, _
from fertility_rules.texts.rule_texts import RuleText

__all__ = ["KIND_LABELS", "InterpretationInfo", "InterpretationKind", "find_interpretation"]


class InterpretationKind(enum.Enum):
    """The three kinds of a specification's interpretations."""

    SWITCH = "switch"
    """More than one reading changes play: a field of the game's interpretations value."""
    SETTLED = "settled"
    """Every rulebook that speaks agrees: fixed behaviour, documented with its sources."""
    RETIRED = "retired"
    """The question cannot arise: documented with the reason."""


KIND_LABELS: dict[InterpretationKind, Message] = {
    InterpretationKind.SWITCH: _("Switches"),
    InterpretationKind.SETTLED: _("Settled readings"),
    InterpretationKind.RETIRED: _("Retired"),
}
"""The heading of each kind in the documents."""


@frozen
class InterpretationInfo:
    """What an id is, which rules it reads, where it comes from, and how records held it.

    ``field`` is the switch's field of the game's interpretations value; ``former`` the
    field and single value a record written before a switch was settled may hold. The
    title is the rule text's, found with the game's ``texts`` (one source for both).
    """

    id: str
    kind: InterpretationKind
    rules: tuple[str, ...]
    sources: tuple[Message, ...]
    field: str | None = None
    former: tuple[str, str] | None = None
    reason: Message | None = None
    """Why a retired id cannot occur, or why a settled one is read as it is."""
    reading: Message | None = None
    """For a settled id, the reading the engine always plays, in a few words."""
    texts: Callable[[str], RuleText] = attrs.field(kw_only=True, eq=False, repr=False)
    """The game's rule text of an id."""

    @property
    def title(self) -> Message:
        return self.texts(self.id).title


def find_interpretation(
    infos: tuple[InterpretationInfo, ...], interpretation_id: str
) -> InterpretationInfo:
    """The entry of ``interpretation_id`` among a game's ``infos``."""
    for info in infos:
        if info.id == interpretation_id:
            return info
    raise UnknownIdError(_("Unknown rule id {id!r}.", id=interpretation_id))
