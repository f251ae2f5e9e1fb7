"""The checks of the public functions' arguments: a wrong type is a library error that
names the argument, never an ``AttributeError`` from deep inside."""

from __future__ import annotations

from collections.abc import Callable

from fertility_rules.arguments import kind_name
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import Message, _

__all__ = [
    "catalogue_needed",
    "position_needed",
    "report_needed",
    "require",
    "state_needed",
    "table_needed",
    "view_needed",
]


def require(
    value: object, kinds: type | tuple[type, ...], name: str, needed: Callable[[str], Message]
) -> None:
    """Raise :class:`MalformedInputError` at ``name`` unless ``value`` is of ``kinds``
    (exactly: a subclass of a game's value is not one of its values)."""
    allowed = kinds if isinstance(kinds, tuple) else (kinds,)
    if type(value) not in allowed:
        raise MalformedInputError.single(name, needed(kind_name(value, allowed)))


def state_needed(kind: str) -> Message:
    return _("An Ankh'or game state is needed, not {kind}.", kind=kind)


def table_needed(kind: str) -> Message:
    return _("An Ankh'or game state or view is needed, not {kind}.", kind=kind)


def view_needed(kind: str) -> Message:
    return _("An Ankh'or view is needed, not {kind}.", kind=kind)


def position_needed(kind: str) -> Message:
    return _("An Ankh'or final position is needed, not {kind}.", kind=kind)


def catalogue_needed(kind: str) -> Message:
    return _("An Ankh'or catalogue is needed, not {kind}.", kind=kind)


def report_needed(kind: str) -> Message:
    return _("An Ankh'or score report is needed, not {kind}.", kind=kind)
