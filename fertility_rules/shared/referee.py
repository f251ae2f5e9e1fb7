"""The move dispatch every game's engine shares: a handler per kind of move.

A game's engine keeps a table from each move class to its handler (the decisions it
belongs to, the check that lists the rules it breaks, the transition that plays it).
Finding a move's handler, and refusing a move by the first rule it breaks, are the same
for every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TypeVar

from fertility_rules.errors import IllegalMoveError, MalformedInputError
from fertility_rules.i18n.message import Message
from fertility_rules.shared.violations import Violation

__all__ = ["handler_for", "refuse"]

H = TypeVar("H")


def handler_for(handlers: Mapping[type, H], move: object, needed: Callable[[str], Message]) -> H:
    """The handler of ``move``'s class; anything else is refused with ``needed`` (given
    the name of the class found) as a :class:`MalformedInputError` at ``move``."""
    handler = handlers.get(type(move))
    if handler is None:
        raise MalformedInputError.single("move", needed(type(move).__name__))
    return handler


def refuse(problems: Sequence[Violation], move: object) -> None:
    """Raise :class:`IllegalMoveError` naming the first rule of ``problems``, if any."""
    if problems:
        first = problems[0]
        raise IllegalMoveError(first.message, first.rule, move)
