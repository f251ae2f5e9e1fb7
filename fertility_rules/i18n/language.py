"""The languages the library speaks."""

from __future__ import annotations

import enum

__all__ = ["Language"]


class Language(enum.Enum):
    """A language of the rule texts and messages; the value is its gettext code."""

    EN = "en"
    """English, also the fallback for any missing translation."""
    FR = "fr"
    """French."""
    PL = "pl"
    """Polish (three plural forms)."""
    NL = "nl"
    """Dutch."""

    @classmethod
    def find(cls, code: object) -> Language | None:
        """The language of ``code`` (a :class:`Language`, or a code: ``"fr"``, ``"FR"``,
        ``"fr_BE"``), ``None`` for anything else. What a user gives is checked by
        :func:`fertility_rules.arguments.language_of`, which names what is wrong."""
        if isinstance(code, Language):
            return code
        if not isinstance(code, str):
            return None
        found = _FOUND.get(code)
        if found is not None:  # every message rendered asks: a server renders thousands
            return found
        short = code.strip().lower().replace("-", "_").split("_")[0]
        for language in cls:
            if language.value == short:
                if len(_FOUND) < _FOUND_AT_MOST:
                    _FOUND[code] = language
                return language
        return None

    @classmethod
    def resolve(cls, code: object) -> Language:
        """As :meth:`find`, English for anything else, as gettext falls back: for the
        renderers, which are given languages their callers have checked."""
        return cls.find(code) or cls.EN


_FOUND: dict[str, Language] = {}
"""The codes already read (``"fr"``, ``"fr_BE"``...), a few dozen at most: any string may
be asked, so the cache is bounded."""
_FOUND_AT_MOST = 64
