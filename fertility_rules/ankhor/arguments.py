"""The checks of the public functions' arguments: a wrong type is a library error that
names the argument, never an ``AttributeError`` from deep inside."""

from __future__ import annotations

from collections.abc import Callable

from fertility_rules.arguments import kind_name
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.fields import kind_message

__all__ = [
    "catalogue_needed",
    "move_needed",
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


state_needed = kind_message(_("An Ankh'or game state is needed, not {kind}."))
table_needed = kind_message(_("An Ankh'or game state or view is needed, not {kind}."))
view_needed = kind_message(_("An Ankh'or view is needed, not {kind}."))
position_needed = kind_message(_("An Ankh'or final position is needed, not {kind}."))
catalogue_needed = kind_message(_("An Ankh'or catalogue is needed, not {kind}."))
report_needed = kind_message(_("An Ankh'or score report is needed, not {kind}."))
move_needed = kind_message(_("An Ankh'or move is needed, not {kind}."))
"""What each of the public functions' checks says of a value of the wrong kind."""
