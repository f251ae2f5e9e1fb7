"""The frame of every game's move notation: a keyword, then a fixed number of words.

A game's grammar maps each keyword (the move's first word, any case) to the number of
words after it (``None``: the parser counts them itself) and the parser of those words.
Reading the frame, and the errors a malformed line gets, are the same for every game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import Message, _, ngettext

__all__ = ["MAX_NOTATION_LENGTH", "notation_error", "ordinal", "split_move", "word_count_error"]

MAX_NOTATION_LENGTH = 200
"""Longest text a move's parser reads: a move is a few short words."""

P = TypeVar("P")


def notation_error(message: Message, rule: str | None = None) -> MalformedInputError:
    """The error of a malformed move text."""
    return MalformedInputError.single("$", message, rule)


def word_count_error(keyword: str, least: int, most: int | None, found: int) -> MalformedInputError:
    """The error of a move given ``found`` words after its keyword where it takes ``least``
    to ``most`` (as many as ``least`` when the two are equal, at least ``least`` when
    ``most`` is None)."""
    if most is None:
        message = ngettext(
            "{keyword!r} takes at least {n} word after it, not {found}",
            "{keyword!r} takes at least {n} words after it, not {found}",
            least,
            keyword=keyword,
            found=found,
        )
    elif most > least:
        message = _(
            "{keyword!r} takes {least} to {most} words after it, not {found}",
            keyword=keyword,
            least=least,
            most=most,
            found=found,
        )
    else:
        message = ngettext(
            "{keyword!r} takes {n} word after it, not {found}",
            "{keyword!r} takes {n} words after it, not {found}",
            least,
            keyword=keyword,
            found=found,
        )
    return notation_error(message)


def split_move(text: object, grammar: Mapping[str, tuple[int | None, P]]) -> tuple[P, list[str]]:
    """The parser the keyword of ``text`` names in ``grammar``, and the words after the
    keyword (their number checked when the grammar fixes it)."""
    if not isinstance(text, str) or len(text) > MAX_NOTATION_LENGTH:
        raise notation_error(
            _("a move is a short line of text (at most {n} characters)", n=MAX_NOTATION_LENGTH)
        )
    words = text.split()
    if not words:
        raise notation_error(_("empty move"))
    entry = grammar.get(words[0].lower())
    if entry is None:
        raise notation_error(
            _(
                "unknown move {word!r}; expected one of: {known}",
                word=words[0][:20],
                known=", ".join(grammar),
            )
        )
    count, parse = entry
    rest = words[1:]
    if count is not None and len(rest) != count:
        raise word_count_error(words[0].lower(), count, count, len(rest))
    return parse, rest


def ordinal(word: str, largest: int, wrong: Message, rule: str) -> int:
    """A number counted from 1, as written by people (no sign, no leading zero), read as
    an index from 0; ``wrong`` citing ``rule`` when it is not one from 1 to ``largest``."""
    if not (word.isascii() and word.isdigit() and word[0] != "0" and len(word) <= 3):
        raise notation_error(wrong, rule)
    if int(word) > largest:
        raise notation_error(wrong, rule)
    return int(word) - 1
