"""Amounts with their unit noun in the plural form of each language."""

from __future__ import annotations

import functools

from fertility_rules.i18n.message import Message, ngettext

__all__ = ["debens", "tokens", "wheat"]


@functools.lru_cache(maxsize=1024)
def debens(n: int) -> Message:
    """``1 Deben``, ``87 Debens`` (Polish: ``1 Deben``, ``23 Debeny``, ``87 Debenów``)."""
    return ngettext("{n} Deben", "{n} Debens", n)


def tokens(n: int) -> Message:
    """``1 token``, ``3 tokens``."""
    return ngettext("{n} token", "{n} tokens", n)


def wheat(n: int) -> Message:
    """``1 Wheat``, ``7 Wheat``."""
    return ngettext("{n} Wheat", "{n} Wheat", n)
