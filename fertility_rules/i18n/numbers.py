"""Numbers written the way each language writes them, through Babel (CLDR data).

``53,34`` and ``40,0 %`` in French, ``53.34`` and ``40.0%`` in English: decimal signs,
grouping and the percent sign's spacing all come from Babel's locale data, never from a
table of our own. Babel is imported on first use, so that ``import fertility_rules``
does not load the locale data.
"""

from __future__ import annotations

import copy
import functools
from typing import Any

from fertility_rules.i18n.language import Language

__all__ = ["decimal", "number", "percent"]


@functools.cache
def _locale(language: Language) -> Any:
    from babel import Locale

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
    lang = Language.resolve(language)
    locale = _locale(lang)
    text: str = _pattern(lang, kind, digits).apply(value, locale)
    return text


def number(value: int, language: Language | str = Language.EN) -> str:
    """A whole number (a count of games, of moves): grouped as the language groups digits;
    plain digits when Babel is not installed."""
    lang = Language.resolve(language)
    if _locale(lang) is None:
        return f"{value:,}" if lang is Language.EN else str(value)
    return _apply(value, lang, "decimal", 0)


def decimal(value: float, language: Language | str = Language.EN, digits: int = 2) -> str:
    """``53.34`` / ``53,34``: a measured value with ``digits`` decimals."""
    return _apply(value, language, "decimal", digits)


def percent(value: float, language: Language | str = Language.EN, digits: int = 1) -> str:
    """``40.0%`` / ``40,0 %``: a rate between 0 and 1 as a percentage."""
    return _apply(value, language, "percent", digits)
