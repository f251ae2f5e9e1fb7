"""Translatable messages: built where the text is known, rendered where the language is.

A :class:`Message` is a value, so errors and score lines can carry their text
without knowing the reader's language. The constructors use the standard gettext
keyword names (``_``, ``ngettext``, ``pgettext``) so that ``pybabel extract`` finds
every string without configuration.
"""

from __future__ import annotations

from collections.abc import Mapping

from attrs import frozen

__all__ = ["Message", "Param", "_", "ngettext", "pgettext"]

Param = "str | int | Message"


@frozen
class Message:
    """A message id with its parameters; plural and context are optional."""

    msgid: str
    params: tuple[tuple[str, str | int | Message], ...] = ()
    plural: str | None = None
    count: int = 0
    context: str | None = None

    def param_map(self) -> Mapping[str, str | int | Message]:
        return dict(self.params)

    def __str__(self) -> str:
        from fertility_rules.i18n.translate import render

        return render(self)


ECHO_LENGTH = 40
"""The most characters of a wrong input a message shows back."""


def echo(value: object) -> str:
    """A wrong input as a message shows it: its ``repr`` (so that control characters and
    spaces are seen), cut to :data:`ECHO_LENGTH` characters."""
    return repr(value)[:ECHO_LENGTH]


def _(msgid: str, /, **params: str | int | Message) -> Message:
    """A translatable message; ``{name}`` placeholders are filled from ``params``."""
    return Message(msgid, tuple(params.items()))


def ngettext(singular: str, plural: str, n: int, /, **params: str | int | Message) -> Message:
    """A message whose form depends on ``n`` (available as ``{n}``)."""
    items = {"n": n, **params}
    return Message(singular, tuple(items.items()), plural=plural, count=n)


def pgettext(context: str, msgid: str, /, **params: str | int | Message) -> Message:
    """A message with a context (used for rule texts, whose context is the rule id)."""
    return Message(msgid, tuple(params.items()), context=context)
