"""Numbers for machine learning: a fixed action index space with masks, and a numeric
observation of a view, documented section by section (pure Python; the ``rl`` extra adds
the PettingZoo and OpenSpiel adapters over them).

Every function serves any game with encodings through its description
(:attr:`~fertility_rules.games.GameRules.learning`): ``game`` names it, Fertility by
default (``action_mask(view, game="ankhor")``). Each game's module documents its own
sections: :mod:`fertility_rules.fertility.encoding`, :mod:`fertility_rules.ankhor.encoding`.
"""

from __future__ import annotations

from typing import Any

from fertility_rules.arguments import checked_arguments
from fertility_rules.encoding.environment import learning_parts
from fertility_rules.encoding.spaces import ActionSpace, FeatureLayout
from fertility_rules.games import GameRules

__all__ = [
    "action_count",
    "action_index",
    "action_layout",
    "action_mask",
    "action_move",
    "action_space",
    "observation_layout",
    "observation_size",
    "observation_vector",
]


@checked_arguments
def action_space(
    players: int,
    variant: bool = False,
    catalogue: Any = None,
    *,
    game: str | GameRules = "fertility",
) -> ActionSpace[Any, Any]:
    """The action space of a game of ``players`` (the variant or not; ``catalogue``:
    ``None`` for the default one); a setting the rules do not allow is refused."""
    space: ActionSpace[Any, Any] = learning_parts(game).action_space(players, variant, catalogue)
    return space


@checked_arguments
def action_count(
    players: int,
    variant: bool = False,
    catalogue: Any = None,
    *,
    game: str | GameRules = "fertility",
) -> int:
    """The number of actions of a game of ``players`` (the variant or not)."""
    return action_space(players, variant, catalogue, game=game).size


@checked_arguments
def action_layout(
    players: int,
    variant: bool = False,
    catalogue: Any = None,
    *,
    game: str | GameRules = "fertility",
) -> list[tuple[str, int, int, str]]:
    """``(section, first action, size, rules)`` of every section of the action space."""
    return action_space(players, variant, catalogue, game=game).layout()


def _seen(view: object, game: str | GameRules) -> tuple[Any, ActionSpace[Any, Any]]:
    """The view of ``view`` (a state is observed first) and the action space of its game."""
    parts = learning_parts(game)
    seen = parts.view(view)
    return seen, parts.action_space(*parts.setting(seen))


def action_index(move: Any, view: object, *, game: str | GameRules = "fertility") -> int:
    """The action of ``move`` at ``view`` (a state is observed first)."""
    seen, space = _seen(view, game)
    return space.index(move, seen)


def action_move(index: int, view: object, *, game: str | GameRules = "fertility") -> Any:
    """The move of action ``index`` at ``view``: the pair of :func:`action_index`. An index
    the mask leaves out stands for no move: it is refused with a
    :class:`~fertility_rules.errors.MalformedInputError`, as one outside the space."""
    seen, space = _seen(view, game)
    return space.move(index, seen)


def action_mask(view: object, *, game: str | GameRules = "fertility") -> list[bool]:
    """``True`` at the action of each legal move of ``view`` (they are public)."""
    seen, space = _seen(view, game)
    return space.mask(seen)


def _features(
    players: int, variant: bool, catalogue: Any, game: str | GameRules
) -> FeatureLayout[Any]:
    layout: FeatureLayout[Any] = learning_parts(game).features(players, variant, catalogue)
    return layout


@checked_arguments
def observation_layout(
    players: int,
    variant: bool = False,
    catalogue: Any = None,
    *,
    game: str | GameRules = "fertility",
) -> list[tuple[str, int, int]]:
    """``(section, first index, size)`` of every section of the numeric observation."""
    return _features(players, variant, catalogue, game).layout()


@checked_arguments
def observation_size(
    players: int,
    variant: bool = False,
    catalogue: Any = None,
    *,
    game: str | GameRules = "fertility",
) -> int:
    """How many numbers the observation of a game of ``players`` holds."""
    return _features(players, variant, catalogue, game).size


def observation_vector(view: object, *, game: str | GameRules = "fertility") -> list[float]:
    """The view as numbers (a state is observed first): equal views give equal lists,
    different views different ones (player names, and whatever the game's module says it
    leaves out, aside)."""
    parts = learning_parts(game)
    seen = parts.view(view)
    return _features(*parts.setting(seen), game).encode(seen)
