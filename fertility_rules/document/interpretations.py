"""The notes of an interpretation in a document: its kind, its rules, its sources."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Protocol

from fertility_rules.i18n.lists import any_of, series
from fertility_rules.i18n.message import Message, _

__all__ = ["InterpretationNotes", "notes"]


class InterpretationNotes(Protocol):
    """What the notes read of an interpretation id (``I-1``, ``Q-2``)."""

    @property
    def field(self) -> str | None: ...

    @property
    def reason(self) -> Message | None: ...

    @property
    def rules(self) -> tuple[str, ...]: ...

    @property
    def sources(self) -> tuple[Message, ...]: ...


def notes(
    info: InterpretationNotes,
    defaults: object,
    labels: Mapping[enum.Enum, Message],
    settled: bool,
) -> tuple[Message, ...]:
    """The kind line (a switch's values with the default of ``defaults`` marked, a
    settled reading's reason, or why a retired id cannot arise), the rules and the
    sources; ``labels`` names each value of a switch."""
    found: list[Message] = []
    if info.field is not None:
        default = getattr(defaults, info.field)
        options: list[Message | str] = []
        for member in type(default):
            label = labels.get(member, str(member.value))
            options.append(_("{option} (default)", option=label) if member is default else label)
        found.append(_("Switch {field}: {options}", field=info.field, options=any_of(options)))
    elif settled and info.reason is not None:
        found.append(_("Settled reading: {reason}", reason=info.reason))
    elif info.reason is not None:
        found.append(_("Retired: {reason}", reason=info.reason))
    else:
        found.append(_("Settled reading: the engine always plays the default; not a switch"))
    found.append(_("Rules: {rules}", rules=", ".join(info.rules)))
    found.append(_("Sources: {sources}", sources=series(info.sources)))
    return tuple(found)
