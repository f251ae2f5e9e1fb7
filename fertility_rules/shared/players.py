"""The players' names, as every game takes them.

A name is shown on boards, score sheets and records, and written to files: so it is a
printable text (no control character, no lone surrogate that no file can hold) of 1 to
:data:`MAX_NAME` characters, and no two players share one, since a name is how a
record, a view or a score line points at its player.
"""

from __future__ import annotations

from collections.abc import Sequence

from fertility_rules.errors import Problem
from fertility_rules.i18n.message import _

__all__ = ["MAX_NAME", "name_problems"]

MAX_NAME = 100
"""Characters of a player's name at the most."""


def name_problems(names: object, path: str, key: str = "") -> list[Problem]:
    """What is wrong with ``names``, the players in turn order, each problem at its item of
    ``path`` and then ``key`` (``$.players[1].name``); ten at the most."""
    if isinstance(names, str) or not isinstance(names, Sequence):
        return [Problem(path, _("A list of player names is needed."))]
    wrong = [
        index
        for index, name in enumerate(names)
        if type(name) is not str or not 0 < len(name) <= MAX_NAME or not name.isprintable()
    ]
    if wrong:
        message = _("A player's name is a printable text of 1 to {n} characters.", n=MAX_NAME)
        return [Problem(f"{path}[{index}]{key}", message) for index in wrong[:10]]
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name in seen:
            message = _("two players are named {name!r}", name=name)
            return [Problem(f"{path}[{index}]{key}", message)]
        seen.add(name)
    return []
