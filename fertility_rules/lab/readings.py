"""Readings: values of the interpretation switches, written ``NAME=VALUE``.

A switch is named by its field of :class:`~fertility_rules.rules.interpretations.
Interpretations` (``quarry_enclosure``) or by its id (``I-1``); a value by its enum
value (``orthogonal``). Only the switches of the specification ("Interpretations",
"Switches") can be set or varied: settled and retired readings have one value.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable, Sequence
from typing import Any

from attrs import evolve, frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import UnknownIdError
from fertility_rules.i18n.lists import series
from fertility_rules.i18n.message import Message, _
from fertility_rules.rules.interpretations import (
    INTERPRETATION_INFO,
    OPTION_LABELS,
    InterpretationKind,
    Interpretations,
)

__all__ = [
    "SWITCHES",
    "Switch",
    "format_interpretation",
    "parse_interpretation",
    "reading_label",
    "reading_title",
    "reading_to_json",
    "readings_varying",
    "switch",
    "with_interpretations",
]

SWITCH_IDS = tuple(i.id for i in INTERPRETATION_INFO if i.kind is InterpretationKind.SWITCH)
"""The ids the specification lists as switches."""


@frozen
class Switch:
    """One switch: its id, its field of ``Interpretations`` and its values, default first."""

    id: str
    field: str
    values: tuple[enum.Enum, ...]

    @property
    def default(self) -> enum.Enum:
        value: enum.Enum = getattr(Interpretations(), self.field)
        return value


def _switches() -> tuple[Switch, ...]:
    fields = {info.id: info.field for info in INTERPRETATION_INFO}
    out = []
    for switch_id in SWITCH_IDS:
        name = fields[switch_id]
        if name is None:  # pragma: no cover - every switch has a field
            continue
        default = getattr(Interpretations(), name)
        values = (default, *(v for v in type(default) if v is not default))
        out.append(Switch(switch_id, name, values))
    return tuple(out)


SWITCHES: tuple[Switch, ...] = _switches()
"""Every switch, in id order."""


def switch(name: str) -> Switch:
    """The switch called ``name`` (field name or id, any case); an error lists them all."""
    wanted = name.strip().lower()
    for candidate in SWITCHES:
        if wanted in (candidate.field, candidate.id.lower()):
            return candidate
    raise UnknownIdError(
        _(
            "Unknown interpretation switch {name!r}; the switches are: {known}.",
            name=name,
            known=", ".join(f"{s.field} ({s.id})" for s in SWITCHES),
        )
    )


def _value(chosen: Switch, text: str) -> enum.Enum:
    wanted = text.strip().lower()
    for value in chosen.values:
        if wanted in (str(value.value).lower(), value.name.lower()):
            return value
    raise UnknownIdError(
        _(
            "Unknown value {value!r} for {name} ({id}); its values are: {known}.",
            value=text,
            name=chosen.field,
            id=chosen.id,
            known=", ".join(str(v.value) for v in chosen.values),
        )
    )


@checked_arguments
def parse_interpretation(text: str) -> tuple[str, enum.Enum]:
    """``NAME=VALUE`` (or ``I-n=VALUE``) as the switch's field name and its value."""
    name, sep, value = text.partition("=")
    if not sep:
        raise UnknownIdError(
            _(
                "Expected NAME=VALUE, for example quarry_enclosure=orthogonal, not {text!r}.",
                text=text,
            )
        )
    chosen = switch(name)
    return chosen.field, _value(chosen, value)


@checked_arguments
def format_interpretation(name: str, value: enum.Enum) -> str:
    """The ``NAME=VALUE`` text of one switch value (read back by :func:`parse_interpretation`)."""
    chosen = switch(name)
    if value not in chosen.values:
        raise UnknownIdError(
            _(
                "Unknown value {value!r} for {name} ({id}); its values are: {known}.",
                value=str(value),
                name=chosen.field,
                id=chosen.id,
                known=", ".join(str(v.value) for v in chosen.values),
            )
        )
    return f"{chosen.field}={value.value}"


@checked_arguments
def with_interpretations(
    texts: Iterable[str], base: Interpretations | None = None
) -> Interpretations:
    """``base`` (default: the defaults) with each ``NAME=VALUE`` of ``texts`` applied in order."""
    changes: dict[str, Any] = dict(parse_interpretation(text) for text in texts)
    return evolve(base or Interpretations(), **changes)


@checked_arguments
def readings_varying(
    names: Sequence[str] = (), base: Interpretations | None = None
) -> tuple[Interpretations, ...]:
    """Every combination of the values of the switches ``names`` (all switches when empty).

    The other switches keep their value in ``base``; the first reading is ``base`` itself
    when it is one of the combinations.
    """
    start = base or Interpretations()
    chosen: list[Switch] = []
    for name in names or [s.field for s in SWITCHES]:
        found = switch(name)
        if found not in chosen:
            chosen.append(found)
    ordered = [
        (getattr(start, s.field), *(v for v in s.values if v is not getattr(start, s.field)))
        for s in chosen
    ]
    return tuple(evolve(start, **_changes(chosen, combo)) for combo in itertools.product(*ordered))


def _changes(chosen: Sequence[Switch], values: Sequence[enum.Enum]) -> dict[str, Any]:
    return {s.field: v for s, v in zip(chosen, values, strict=True)}


def reading_label(
    reading: Interpretations, base: Interpretations | None = None, short: bool = False
) -> str:
    """The switches where ``reading`` differs from ``base`` as ``NAME=VALUE`` (empty: none).

    ``short`` writes the ids (``I-1=orthogonal``), which read back the same.
    """
    start = base or Interpretations()
    parts = [
        format_interpretation(s.field, getattr(reading, s.field)).replace(
            s.field, s.id, 1 if short else 0
        )
        for s in SWITCHES
        if getattr(reading, s.field) is not getattr(start, s.field)
    ]
    return ", ".join(parts)


def reading_title(reading: Interpretations, base: Interpretations | None = None) -> Message | str:
    """The switches where ``reading`` differs from ``base`` in words, for readers:
    ``I-1: the 4 orthogonal neighbours``; ``the default readings`` when none differs."""
    start = base or Interpretations()
    parts: list[Message | str] = [
        _("{id}: {option}", id=s.id, option=OPTION_LABELS[getattr(reading, s.field)])
        for s in SWITCHES
        if getattr(reading, s.field) is not getattr(start, s.field)
    ]
    return series(parts) if parts else _("the default readings")


def reading_to_json(reading: Interpretations) -> dict[str, Any]:
    """The switch values of ``reading`` as JSON-like data, by field name."""
    return {s.field: getattr(reading, s.field).value for s in SWITCHES}
