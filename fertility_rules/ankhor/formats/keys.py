"""How Ankh'or's enumerations are written in files: colours and token kinds by name
(``"green"``, ``"ankh"``), tile kinds by name; hooks added to the library's converter."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

from cattrs import Converter

from fertility_rules.ankhor.formats.converter import format_hooks
from fertility_rules.ankhor.model import Colour, Kind, Token
from fertility_rules.formats.base import enum_hook
from fertility_rules.i18n.message import Message, _

__all__ = ["KEYED", "key_of"]

KEYED: dict[type[enum.Enum], tuple[Callable[[Any], str], str]] = {
    Colour: (lambda member: member.key, "A-1.1"),
    Token: (lambda member: member.key, "A-1.1"),
    Kind: (lambda member: member.value, "A-1.2"),
}
"""Each enumeration with the name a file gives a member and the rule listing the members."""


def key_of(member: enum.Enum) -> str:
    """The name of ``member`` in files."""
    return KEYED[type(member)][0](member)


def _unknown(value: str | int, known: str) -> Message:
    return _(
        "unknown value {value!r}; expected one of: {known}", value=str(value)[:40], known=known
    )


def _structure_hook(what: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    name, rule = KEYED[what]
    members: dict[object, enum.Enum] = {name(member): member for member in what}
    return enum_hook(what, members, _unknown, rule, strings_only=True)


@format_hooks
def _hooks(converter: Converter) -> None:
    for what, (name, _rule) in KEYED.items():
        converter.register_structure_hook(what, _structure_hook(what))
        converter.register_unstructure_hook(what, name)
