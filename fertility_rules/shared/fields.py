"""The checks of the fields of a game's moves, made the same way for every game.

A move checks the kind of each field when a user makes it: a wrong value is a
:class:`~fertility_rules.errors.MalformedInputError` at ``Class.field`` whose message says
what the field holds. Only the test and that message differ from field to field and from
game to game; :func:`field_check` makes the attrs validator of the pair.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import Attribute

from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import Message, echo

__all__ = ["Validator", "field_check", "kind_message", "whole_numbers"]

Validator = Callable[[Any, "Attribute[Any]", Any], None]
"""An attrs validator: ``(instance, attribute, value)``."""


def kind_message(template: Message) -> Callable[[str], Message]:
    """``template`` (``_("A view is needed, not {kind}.")``) with its ``{kind}`` filled by
    the name of the class given: what a game says of an argument of the wrong kind."""
    return lambda kind: Message(template.msgid, (("kind", kind),))


def whole_numbers(count: int) -> Callable[[object], bool]:
    """The test of a tuple of ``count`` whole numbers (a player's tokens by kind)."""
    return lambda value: (
        type(value) is tuple and len(value) == count and all(type(n) is int for n in value)
    )


def field_check(
    accepts: type | Callable[[object], bool],
    message: Message,
    rule: str | None = None,
    *,
    optional: bool = False,
) -> Validator:
    """The validator refusing a value that is not of the class ``accepts`` (exactly: a
    ``bool`` is not an ``int``) or that the test ``accepts`` rejects, ``None`` accepted
    when ``optional``, with ``message`` citing ``rule``; the message's ``{kind}`` is the
    class of the value given, its ``{value}`` the value as messages echo it."""
    shown = [name for name in ("kind", "value") if "{" + name + "}" in message.msgid]

    def refuse(instance: object, attribute: Attribute[Any], value: Any) -> None:
        said = {"kind": type(value).__name__, "value": echo(value)}
        wrong = Message(message.msgid, tuple((name, said[name]) for name in shown))
        raise MalformedInputError.single(f"{type(instance).__name__}.{attribute.name}", wrong, rule)

    if isinstance(accepts, type):
        # a class compared in place, with no call: moves are made from every file read
        kinds = (accepts, type(None)) if optional else (accepts,)

        def check_class(instance: object, attribute: Attribute[Any], value: Any) -> None:
            if type(value) not in kinds:
                refuse(instance, attribute, value)

        return check_class
    test = accepts

    def check(instance: object, attribute: Attribute[Any], value: Any) -> None:
        if not ((value is None and optional) or test(value)):
            refuse(instance, attribute, value)

    return check
