"""Rendering messages in a chosen language with class-based gettext.

No global state is installed and the environment's locale is never read: every
call names its language, and English is the fallback for anything untranslated.
"""

from __future__ import annotations

import functools
import gettext
import math
import os
import re

from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message

__all__ = [
    "APOSTROPHE",
    "DOMAIN",
    "LOCALE_DIR",
    "NARROW_NO_BREAK_SPACE",
    "number_text",
    "render",
    "translations",
    "typography",
    "uses_catalogue",
]

DOMAIN = "fertility_rules"
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locales")


def _refuse(name: str, hint: object, value: object) -> None:
    # Imported here: the errors are rendered by this module.
    from fertility_rules.arguments import argument_error

    raise argument_error(name, hint, value)


@functools.cache
def translations(language: Language) -> gettext.NullTranslations:
    """The compiled catalogue for ``language`` (English uses the message ids)."""
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language.value], fallback=True)


def uses_catalogue(language: Language) -> bool:
    """Whether ``language`` is served by a real compiled catalogue, not the fallback."""
    if not isinstance(language, Language):
        _refuse("language", Language, language)
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
    lang = Language.parse(language)  # checked even for a text, which is its own rendering
    if isinstance(message, str):
        return message
    if not isinstance(message, Message):
        _refuse("message", Message | str, message)
    template = typography(_lookup(message, translations(lang)), lang)
    if not message.params:
        return template
    values = {key: _value(value, lang) for key, value in message.params}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        # A broken translation must never hide the message: fall back to English.
        return _lookup(message, translations(Language.EN)).format(**values)
