"""Ankh'or (Space Cowboys, 2019): model, referee, scoring, views, formats and notation.

The functions have the names and shapes of Fertility's where the concept is the same::

    >>> from fertility_rules import ankhor
    >>> game = ankhor.new_game(["Amunet", "Bek"], seed=1)
    >>> game.phase
    <Phase.MAIN: 'main'>
    >>> game = ankhor.apply(game, ankhor.legal_moves(game)[0])

Rule ids are the specification's ``A-…`` (rules) and ``Q-…`` (interpretations).
"""

import importlib

from fertility_rules.ankhor.catalogue import CATALOGUE_FORMAT, Catalogue, TileEntry
from fertility_rules.ankhor.interpretations import (
    INTERPRETATION_INFO,
    BonusTokens,
    Height,
    HigherNeighbours,
    InterpretationInfo,
    Interpretations,
    Moving,
    PriceLayout,
    Removal,
)
from fertility_rules.ankhor.model import (
    Colour,
    Kind,
    Placed,
    Position,
    Tile,
    Token,
    Tokens,
)
from fertility_rules.ankhor.moves import (
    BuyTile,
    EndActions,
    Move,
    MoveTile,
    PassMain,
    Refill,
    Refresh,
    ReturnTokens,
    StoreTokens,
    TakeTokens,
)
from fertility_rules.ankhor.rules import (
    apply,
    apply_unchecked,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.ankhor.scoring import (
    FinalPosition,
    PlayerPosition,
    ScoreLine,
    ScoreReport,
    ScoreSheet,
    final_position,
    final_scores,
    score,
    score_totals,
)
from fertility_rules.ankhor.setup import default_catalogue, new_game
from fertility_rules.ankhor.state import GameConfig, GameState, Phase, PlayerState, TurnProgress
from fertility_rules.ankhor.views import Observation, observe, sample_state

_LAZY: dict[str, str] = {
    "dump_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "load_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "read_catalogue": "fertility_rules.ankhor.formats.catalogue",
}
"""Names whose module is imported on first use (PEP 562): the file formats load ``cattrs``."""

__all__ = [
    "CATALOGUE_FORMAT",
    "INTERPRETATION_INFO",
    "BonusTokens",
    "BuyTile",
    "Catalogue",
    "Colour",
    "EndActions",
    "FinalPosition",
    "GameConfig",
    "GameState",
    "Height",
    "HigherNeighbours",
    "InterpretationInfo",
    "Interpretations",
    "Kind",
    "Move",
    "MoveTile",
    "Moving",
    "Observation",
    "PassMain",
    "Phase",
    "Placed",
    "PlayerPosition",
    "PlayerState",
    "Position",
    "PriceLayout",
    "Refill",
    "Refresh",
    "Removal",
    "ReturnTokens",
    "ScoreLine",
    "ScoreReport",
    "ScoreSheet",
    "StoreTokens",
    "TakeTokens",
    "Tile",
    "TileEntry",
    "Token",
    "Tokens",
    "TurnProgress",
    "apply",
    "apply_unchecked",
    "default_catalogue",
    "dump_catalogue",
    "final_position",
    "final_scores",
    "is_legal",
    "legal_moves",
    "load_catalogue",
    "new_game",
    "observe",
    "read_catalogue",
    "sample_state",
    "score",
    "score_totals",
    "violations",
]


def __getattr__(name: str) -> object:
    """Import the module of a lazily loaded name on first access and keep the value."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
