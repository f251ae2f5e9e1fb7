"""Readings: values of a game's interpretation switches, written ``NAME=VALUE``.

A switch is named by its field of the game's interpretations value
(``quarry_enclosure``) or by its id (``I-1``, ``Q-2``); a value by its enum value
(``orthogonal``). Only the switches of a game's specification can be set or varied:
settled and retired readings have one value. Every function takes the game (its name or
its :class:`~fertility_rules.games.GameRules`; Fertility by default).
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from attrs import evolve, frozen

from fertility_rules.arguments import argument_error, checked_arguments
from fertility_rules.errors import Problem, UnknownIdError
from fertility_rules.games import GameRules, InterpretationKind, find_game
from fertility_rules.i18n.lists import series
from fertility_rules.i18n.message import Message, _, cut

__all__ = [
    "SWITCHES",
    "Switch",
    "checked_reading",
    "format_interpretation",
    "parse_interpretation",
    "reading_label",
    "reading_title",
    "reading_to_json",
    "readings_varying",
    "repeated_reading",
    "switch",
    "switches",
    "value_label",
    "varied",
    "with_interpretations",
]

Game = str | GameRules
"""A game by name or by its rules."""


@frozen
class Switch:
    """One switch: its id, its field of the interpretations value and its values, default
    first."""

    id: str
    field: str
    values: tuple[enum.Enum, ...]

    @property
    def default(self) -> enum.Enum:
        return self.values[0]


@functools.cache
def _switches(rules: GameRules) -> tuple[Switch, ...]:
    defaults = rules.new_interpretations()
    out = []
    for info in rules.interpretations:
        if info.kind is not InterpretationKind.SWITCH or info.field is None:
            continue
        default = getattr(defaults, info.field)
        values = (default, *(v for v in type(default) if v is not default))
        out.append(Switch(info.id, info.field, values))
    return tuple(out)


def switches(game: Game = "fertility") -> tuple[Switch, ...]:
    """Every switch of ``game``, in id order."""
    return _switches(find_game(game))


if TYPE_CHECKING:
    SWITCHES: tuple[Switch, ...]
    """Fertility's switches, in id order (read when first asked for)."""


def __getattr__(name: str) -> Any:
    if name == "SWITCHES":  # Fertility's, read when first asked for
        return switches()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def switch(name: str, game: Game = "fertility") -> Switch:
    """The switch called ``name`` (field name or id, any case); an error lists them all."""
    wanted = name.strip().lower()
    known = switches(game)
    for candidate in known:
        if wanted in (candidate.field, candidate.id.lower()):
            return candidate
    raise UnknownIdError(
        _(
            "Unknown interpretation switch {name!r}; the switches are: {known}.",
            name=cut(name),
            known=", ".join(f"{s.field} ({s.id})" for s in known),
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
            value=cut(text),
            name=chosen.field,
            id=chosen.id,
            known=", ".join(str(v.value) for v in chosen.values),
        )
    )


@checked_arguments
def checked_reading(reading: object, name: str, game: Game = "fertility") -> Any:
    """``reading`` when it is ``game``'s interpretations value; anything else is refused
    naming the argument ``name``, before a reading of another kind is played under."""
    kind = type(find_game(game).new_interpretations())
    if not isinstance(reading, kind):
        raise argument_error(name, kind, reading)
    return reading


@checked_arguments
def parse_interpretation(text: str, game: Game = "fertility") -> tuple[str, enum.Enum]:
    """``NAME=VALUE`` (or ``I-n=VALUE``) as the switch's field name and its value."""
    name, sep, value = text.partition("=")
    if not sep:
        known = switches(game)
        example = f"{known[0].field}={known[0].values[-1].value}" if known else "NAME=VALUE"
        raise UnknownIdError(
            _(
                "Expected NAME=VALUE, for example {example}, not {text!r}.",
                example=example,
                text=cut(text),
            )
        )
    chosen = switch(name, game)
    return chosen.field, _value(chosen, value)


@checked_arguments
def format_interpretation(name: str, value: enum.Enum, game: Game = "fertility") -> str:
    """The ``NAME=VALUE`` text of one switch value (read back by :func:`parse_interpretation`)."""
    chosen = switch(name, game)
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
def with_interpretations(texts: Iterable[str], base: Any = None, game: Game = "fertility") -> Any:
    """``base`` (default: the defaults) with each ``NAME=VALUE`` of ``texts`` applied in order."""
    start = find_game(game).new_interpretations() if base is None else base
    checked_reading(start, "base", game)
    changes: dict[str, Any] = dict(parse_interpretation(text, game) for text in texts)
    return evolve(start, **changes)


@checked_arguments
def readings_varying(
    names: Sequence[str] = (), base: Any = None, game: Game = "fertility"
) -> tuple[Any, ...]:
    """Every combination of the values of the switches ``names`` (all switches when empty).

    The other switches keep their value in ``base``; the first reading is ``base`` itself
    when it is one of the combinations.
    """
    start = find_game(game).new_interpretations() if base is None else base
    checked_reading(start, "base", game)
    chosen: list[Switch] = []
    for name in names or [s.field for s in switches(game)]:
        found = switch(name, game)
        if found not in chosen:
            chosen.append(found)
    ordered = [
        (getattr(start, s.field), *(v for v in s.values if v is not getattr(start, s.field)))
        for s in chosen
    ]
    return tuple(evolve(start, **_changes(chosen, combo)) for combo in itertools.product(*ordered))


def varied(readings: Sequence[Any], game: Game = "fertility") -> tuple[Switch, ...]:
    """The switches of ``game`` whose value is not the same in all of ``readings``."""
    return tuple(
        s for s in switches(game) if len({getattr(reading, s.field) for reading in readings}) > 1
    )


def _changes(chosen: Sequence[Switch], values: Sequence[enum.Enum]) -> dict[str, Any]:
    return {s.field: v for s, v in zip(chosen, values, strict=True)}


def reading_label(
    reading: Any, base: Any = None, short: bool = False, game: Game = "fertility"
) -> str:
    """The switches where ``reading`` differs from ``base`` as ``NAME=VALUE`` (empty: none).

    ``short`` writes the ids (``I-1=orthogonal``), which read back the same.
    """
    start = base or find_game(game).new_interpretations()
    parts = [
        format_interpretation(s.field, getattr(reading, s.field), game).replace(
            s.field, s.id, 1 if short else 0
        )
        for s in switches(game)
        if getattr(reading, s.field) is not getattr(start, s.field)
    ]
    return ", ".join(parts)


def value_label(chosen: Switch, value: enum.Enum, game: Game = "fertility") -> Message:
    """A value of a switch in words, for readers: ``I-1: the 4 orthogonal neighbours``;
    the default value says so (``Q-5: anywhere next to a base tile (default)``)."""
    option: Message = find_game(game).option_labels[value]
    if value is chosen.default:
        option = _("{option} (default)", option=option)
    return _("{id}: {option}", id=chosen.id, option=option)


def reading_title(reading: Any, base: Any = None, game: Game = "fertility") -> Message | str:
    """The switches where ``reading`` differs from ``base`` in words, for readers:
    ``I-1: the 4 orthogonal neighbours``; ``the default readings`` when none differs."""
    rules = find_game(game)
    start = base or rules.new_interpretations()
    parts: list[Message | str] = [
        value_label(s, getattr(reading, s.field), rules)
        for s in switches(rules)
        if getattr(reading, s.field) is not getattr(start, s.field)
    ]
    return series(parts) if parts else _("the default readings")


def reading_to_json(reading: Any, game: Game = "fertility") -> dict[str, Any]:
    """The switch values of ``reading`` as JSON-like data, by field name."""
    return {s.field: getattr(reading, s.field).value for s in switches(game)}


def repeated_reading(readings: Sequence[object], path: str) -> Problem | None:
    """The problem of a reading given twice in ``readings`` (at ``path``, numbered from 1):
    a comparison of a reading with itself says nothing and only costs its games."""
    for index, reading in enumerate(readings):
        first = readings.index(reading)
        if first < index:
            message = _(
                "reading {n} is the same as reading {first}: compare different readings",
                n=index + 1,
                first=first + 1,
            )
            return Problem(path, message)
    return None
