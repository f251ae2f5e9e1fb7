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
    def parse(cls, code: str | Language) -> Language:
        """The language for ``code`` (``"fr"``, ``"FR"``, ``"fr_BE"``...)."""
        if isinstance(code, Language):
            return code
        if not isinstance(code, str):
            from fertility_rules.arguments import argument_error

            raise argument_error("language", Language | str, code)
        found = _FOUND.get(code)
        if found is not None:  # every message rendered asks: a server renders thousands
            return found
        short = code.strip().lower().replace("-", "_").split("_")[0]
        for language in cls:
            if language.value == short:
                if len(_FOUND) < _FOUND_AT_MOST:
                    _FOUND[code] = language
                return language
        from fertility_rules.errors import UnknownIdError
        from fertility_rules.i18n.message import _

        raise UnknownIdError(
            _(
                "Unknown language {code!r}; expected one of {choices}.",
                code=code[:40],
                choices=", ".join(lang.value for lang in cls),
            )
        )


_FOUND: dict[str, Language] = {}
"""The codes already read (``"fr"``, ``"fr_BE"``...), a few dozen at most: any string may
be asked, so the cache is bounded."""
_FOUND_AT_MOST = 64
