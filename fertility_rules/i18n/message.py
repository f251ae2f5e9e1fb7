"""Translatable messages: built where the text is known, rendered where the language is.

A :class:`Message` is a value, so errors and score lines can carry their text
without knowing the reader's language. The constructors use the standard gettext
keyword names (``_``, ``ngettext``, ``pgettext``) so that ``pybabel extract`` finds
every string without configuration.

:func:`render` gives a message's text in a language with class-based gettext: no global
state is installed and the environment's locale is never read; every call names its
language, and English is the fallback for anything untranslated. Nothing here raises: the
languages and messages a user gives are checked where they are given
(:func:`~fertility_rules.arguments.language_of`,
:func:`~fertility_rules.arguments.checked_arguments`),
so that the errors, which render themselves, stand above this module.
"""

from __future__ import annotations

import functools
import gettext
import math
import os
import re
import unicodedata
from collections.abc import Mapping

from attrs import frozen

from fertility_rules.i18n.language import Language

__all__ = [
    "APOSTROPHE",
    "DOMAIN",
    "LOCALE_DIR",
    "NARROW_NO_BREAK_SPACE",
    "Message",
    "Param",
    "_",
    "cut",
    "echo",
    "ngettext",
    "number_text",
    "pgettext",
    "printable",
    "render",
    "shown",
    "translations",
    "typography",
    "uses_catalogue",
]

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
        return render(self)


ECHO_LENGTH = 40
"""The most characters of a wrong input a message shows back."""


SHOWN_LENGTH = 200
"""The most characters of a name (a file's...) a message shows."""


def cut(text: str, limit: int = ECHO_LENGTH) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis saying so: a wrong input of
    thousands of characters is not shown whole (``{name!r}`` then escapes it)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def echo(value: object) -> str:
    """A wrong input as a message shows it: its ``repr`` (so that control characters and
    spaces are seen), cut to :data:`ECHO_LENGTH` characters."""
    if isinstance(value, str):
        return repr(cut(value))
    return repr(value)[:ECHO_LENGTH]


_UNSEEN = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""The kinds of characters a text of an input shows escaped: controls (an escape
sequence, a carriage return), format characters (a right-to-left override), separators
of lines, surrogates, private and unassigned characters."""


def _escaped(c: str) -> str:
    if unicodedata.category(c) not in _UNSEEN:
        return c
    return c.encode("unicode_escape", "backslashreplace").decode("ascii")


def printable(text: str) -> str:
    """A text of an input (a catalogue's title, note...) as written out as text: its lines
    kept, every other control character escaped (an escape is ``\\x1b``), so that it
    never clears or recolours a terminal."""
    return "\n".join("".join(map(_escaped, line)) for line in text.split("\n"))


def shown(text: str, limit: int = SHOWN_LENGTH) -> str:
    """A name an input gives (a file's) as a message shows it without quotes: its
    control characters escaped (a new line is ``\\n``, an escape ``\\x1b``), and past
    ``limit`` characters its middle left out, so that the end of a path stays seen."""
    escaped = "".join(map(_escaped, text))
    if len(escaped) <= limit:
        return escaped
    half = (limit - 1) // 2
    return escaped[:half] + "…" + escaped[len(escaped) - (limit - 1 - half) :]


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


DOMAIN = "fertility_rules"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locales")


@functools.cache
def translations(language: Language) -> gettext.NullTranslations:
    """The compiled catalogue for ``language`` (English uses the message ids)."""
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language.value], fallback=True)


def uses_catalogue(language: Language) -> bool:
    """Whether ``language`` is served by a real compiled catalogue, not the fallback."""
    return isinstance(translations(language), gettext.GNUTranslations)


def _lookup(message: Message, catalogue: gettext.NullTranslations) -> str:
    if message.plural is not None:
        if message.context is not None:
            return catalogue.npgettext(
                message.context, message.msgid, message.plural, message.count
            )
        return catalogue.ngettext(message.msgid, message.plural, message.count)
    if message.context is not None:
        return catalogue.pgettext(message.context, message.msgid)
    return catalogue.gettext(message.msgid)


_LONGEST = 10**1000


def number_text(value: int) -> str:
    """``str(value)``, or ``<N digits>`` for an integer too long for Python to print."""
    if -_LONGEST < value < _LONGEST:
        return str(value)
    digits = int(math.log10(abs(value))) + 1
    return f"{'-' if value < 0 else ''}<{digits} digits>"


def _value(value: object, language: Language) -> object:
    """A parameter ready for ``str.format``; an integer too long to print is summarised."""
    if isinstance(value, Message):
        return render(value, language)
    if isinstance(value, int) and not isinstance(value, bool) and not -_LONGEST < value < _LONGEST:
        return number_text(value)
    return value


_FRENCH_SPACE = re.compile(r"[ \u00a0]+([:;?!»])")
_FRENCH_OPENING = re.compile(r"«[ \u00a0]*")
_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")
NARROW_NO_BREAK_SPACE = "\u202f"
APOSTROPHE = "\u2019"


def typography(text: str, language: Language) -> str:
    """French typography: a narrow no-break space before ``: ; ? ! »`` and after ``«``, and
    the typographic apostrophe (``l’offre``, ``d’Isis``) as in the printed rulebook.

    Applied to translated templates only, so names and data inserted into them stay as
    they are (a quoted value keeps its straight quotes); a line never breaks before the
    punctuation.
    """
    if language is not Language.FR:
        return text
    text = _FRENCH_SPACE.sub(NARROW_NO_BREAK_SPACE + r"\1", text)
    text = _APOSTROPHE.sub(APOSTROPHE, text)
    return _FRENCH_OPENING.sub("«" + NARROW_NO_BREAK_SPACE, text)


def render(message: Message | str, language: Language | str = Language.EN) -> str:
    """The text of ``message`` in ``language``, parameters rendered in turn."""
    if not isinstance(message, Message):
        return str(message)
    lang = Language.resolve(language)
    template = typography(_lookup(message, translations(lang)), lang)
    if not message.params:
        return template
    values = {key: _value(value, lang) for key, value in message.params}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never hide the message: fall back to English.
        return _lookup(message, translations(Language.EN)).format(**values)
