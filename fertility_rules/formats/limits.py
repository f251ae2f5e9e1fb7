"""How much of an untrusted document the library agrees to read."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.i18n.message import Message, _, ngettext

__all__ = ["DEFAULT_LIMITS", "MAX_LIMITS", "Limits", "bound_problems", "too_large"]


def bound_problems(
    path: str, value: int, low: int, high: int | None = None, rule: str | None = None
) -> list[Problem]:
    """``value`` below ``low`` or above ``high``: the problem at ``path`` that a schema's
    bounds (``minimum``, ``maximum``) would report, with the ``rule`` that sets them."""
    if value < low:
        return [Problem(path, _("{n} is below the minimum {min}", n=value, min=low), rule)]
    if high is not None and value > high:
        return [Problem(path, _("{n} is above the maximum {max}", n=value, max=high), rule)]
    return []


def _between(low: int, high: int) -> Callable[[Any, Any, int], None]:
    """A validator: a whole number from ``low`` to ``high``."""

    def check(instance: Any, attribute: Any, value: int) -> None:
        problems = bound_problems(f"Limits.{attribute.name}", value, low, high)
        if problems:
            raise MalformedInputError(problems)

    return check


MAX_LIMITS: dict[str, int] = {
    "max_bytes": 64 << 20,
    "max_depth": 1000,
    "max_digits": 4300,
    "max_items": 10_000_000,
    "max_values": 100_000_000,
}
"""The largest value of each limit: beyond them a document would exhaust memory or
time (64 MiB of text; Python's own nesting and integer-conversion limits) long before
any game could need it."""


@frozen(field_transformer=typed_fields)
class Limits:
    """Bounds that fit the game, so that no file can exhaust memory or time.

    The largest real documents are a catalogue (40 Districts, 50 Valley tiles) and a
    game record (a few hundred moves); the bounds leave a wide margin above both. Each
    limit is a whole number from 1 to its :data:`MAX_LIMITS` value.
    """

    max_bytes: int = field(default=16 * 1024 * 1024, validator=_between(1, MAX_LIMITS["max_bytes"]))
    """Size of a file, checked while it is read (16 MiB)."""
    max_depth: int = field(default=24, validator=_between(1, MAX_LIMITS["max_depth"]))
    """Nesting of lists and objects."""
    max_digits: int = field(default=30, validator=_between(1, MAX_LIMITS["max_digits"]))
    """Digits of an integer literal."""
    max_items: int = field(default=5000, validator=_between(1, MAX_LIMITS["max_items"]))
    """Items of one list or keys of one object (a few thousand moves)."""
    max_values: int = field(default=100_000, validator=_between(1, MAX_LIMITS["max_values"]))
    """Values in a whole document, estimated from its text before it is parsed, so that
    no file of the allowed size can expand into millions of objects."""


DEFAULT_LIMITS = Limits()


def too_large(limits: Limits) -> Message:
    """Why a file past ``limits.max_bytes`` is refused."""
    return ngettext(
        "the file is larger than the limit of {n} byte",
        "the file is larger than the limit of {n} bytes",
        limits.max_bytes,
    )
