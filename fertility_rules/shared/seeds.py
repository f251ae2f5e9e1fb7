"""The seeds of games, as every game, record, command and the table server take them.

A seed is a whole number that a 64-bit signed integer holds, the kind every database
column and most languages' integers can keep: a record written by one program is read
back by any other (from ``-MAX_SEED`` to ``MAX_SEED``).
"""

from __future__ import annotations

from fertility_rules.errors import Problem
from fertility_rules.i18n.message import _

__all__ = ["MAX_SEED", "seed_problems"]

MAX_SEED = 2**63 - 1
"""The largest seed; the smallest is ``-MAX_SEED``."""


def seed_problems(seed: object, path: str) -> list[Problem]:
    """What is wrong with ``seed`` (at ``path``): none for a whole number in range."""
    if type(seed) is int and -MAX_SEED <= seed <= MAX_SEED:
        return []
    message = _("a seed is a whole number from -{n} to {n}", n=str(MAX_SEED))
    return [Problem(path, message)]
