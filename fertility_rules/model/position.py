"""A finished table: every player's Metropolis and the facts final scoring needs (R-5)."""

from __future__ import annotations

from attrs import field, frozen

from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _
from fertility_rules.model.metropolis import Metropolis

__all__ = ["FinalPosition", "PlayerPosition"]


@frozen
class PlayerPosition:
    """One player at the end of the game."""

    name: str
    metropolis: Metropolis


def _check_players(
    _instance: object, _attribute: object, value: tuple[PlayerPosition, ...]
) -> None:
    if not value:
        raise MalformedInputError.single("players", _("a table has at least one player"))
    names = [p.name for p in value]
    if len(set(names)) != len(names):
        raise MalformedInputError.single("players", _("two players have the same name"))


@frozen
class FinalPosition:
    """The table to score: players in turn order, the gods, the Monument values."""

    players: tuple[PlayerPosition, ...] = field(validator=_check_players)
    gods: tuple[str, ...]
    monument_first: int = 15
    monument_second: int = 7
