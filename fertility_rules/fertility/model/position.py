"""A finished table: every player's Metropolis and the facts final scoring needs (R-5)."""

from __future__ import annotations

from attrs import frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.fertility.catalogue.checks import god_problems
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.i18n.message import _
from fertility_rules.shared.players import name_problems

__all__ = ["FinalPosition", "PlayerPosition"]


@frozen(field_transformer=typed_fields)
class PlayerPosition:
    """One player at the end of the game."""

    name: str
    metropolis: Metropolis


def _player_problems(position: FinalPosition) -> list[Problem]:
    if not position.players:
        return [Problem("players", _("a table has at least one player"))]
    return name_problems([player.name for player in position.players], "players", ".name")


def _table_problems(position: FinalPosition) -> list[Problem]:
    """The gods and the Monument values (paths as in a final-position file)."""
    problems = god_problems(position.gods, "gods")
    for key, value in (("first", position.monument_first), ("second", position.monument_second)):
        if value < 0:
            message = _("{n} is below the minimum {min}", n=value, min=0)
            problems.append(Problem(f"monument_scores.{key}", message, "R-5.4"))
    if position.monument_second > position.monument_first:
        message = _("second place cannot score more than first")
        problems.append(Problem("monument_scores.second", message, "R-5.4"))
    return problems


@frozen(field_transformer=typed_fields)
class FinalPosition:
    """The table to score: players in turn order, the gods, the Monument values."""

    players: tuple[PlayerPosition, ...]
    gods: tuple[str, ...]
    monument_first: int = 15
    monument_second: int = 7

    def __attrs_post_init__(self) -> None:
        problems = _table_problems(self) + _player_problems(self)
        if problems:
            raise MalformedInputError(problems)
