"""Numbers written the way each language writes them, through Babel (CLDR data).

``53,34`` and ``40,0 %`` in French, ``53.34`` and ``40.0%`` in English: decimal signs,
grouping and the percent sign's spacing all come from Babel's locale data, never from a
table of our own. Babel is an optional dependency (the ``lab`` extra, also in ``test`` and
``docs``): the core install prints whole numbers as plain digits and English decimals
without it, and asks for the extra before writing decimals in another language.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from fertility_rules.errors import FertilityError
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _

__all__ = ["BABEL_MISSING", "decimal", "number", "percent"]

BABEL_MISSING = _(
    "Numbers in this language need Babel: install the extra with "
    "pip install 'fertility-rules[lab]'."
)


@functools.cache
def _locale(language: Language) -> Any:
    try:
        from babel import Locale
    except ImportError:
        return None
    return Locale.parse(language.value)


@functools.cache
def _pattern(language: Language, kind: str, digits: int) -> Any:
    """The locale's own decimal or percent pattern with exactly ``digits`` decimals."""
    from babel.numbers import parse_pattern

    locale = _locale(language)
    formats = locale.decimal_formats if kind == "decimal" else locale.percent_formats
    pattern = copy.copy(parse_pattern(formats[None].pattern))
    pattern.frac_prec = (digits, digits)
    return pattern


def _apply(value: float, language: Language | str, kind: str, digits: int) -> str:
    lang = Language.parse(language)
    locale = _locale(lang)
    if locale is None:
        if lang is not Language.EN:
            raise FertilityError(BABEL_MISSING)
        return f"{value:,.{digits}%}" if kind == "percent" else f"{value:,.{digits}f}"
    text: str = _pattern(lang, kind, digits).apply(value, locale)
    return text


def number(value: int, language: Language | str = Language.EN) -> str:
    """A whole number (a count of games, of moves): grouped as the language groups digits;
    plain digits when Babel is not installed."""
    lang = Language.parse(language)
    if _locale(lang) is None:
        return f"{value:,}" if lang is Language.EN else str(value)
    return _apply(value, lang, "decimal", 0)


def decimal(value: float, language: Language | str = Language.EN, digits: int = 2) -> str:
    """``53.34`` / ``53,34``: a measured value with ``digits`` decimals."""
    return _apply(value, language, "decimal", digits)


def percent(value: float, language: Language | str = Language.EN, digits: int = 1) -> str:
    """``40.0%`` / ``40,0 %``: a rate between 0 and 1 as a percentage."""
    return _apply(value, language, "percent", digits)
