"""The rules of play: setup, interpretations, legal moves, the transition."""

from fertility_rules.rules.describe import describe_move
from fertility_rules.rules.engine import (
    apply,
    apply_unchecked,
    final_position,
    final_scores,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.rules.geometry import ValleyLayout
from fertility_rules.rules.interpretations import (
    INTERPRETATION_INFO,
    InterpretationKind,
    Interpretations,
)
from fertility_rules.rules.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)
from fertility_rules.rules.setup import Setup, new_game, random_setup, start_game, tiles_in_play
from fertility_rules.rules.state import (
    STATE_ATTRIBUTES,
    GameConfig,
    GameState,
    OutOfPlay,
    Pending,
    Phase,
    PlayerState,
    ValleyState,
)
from fertility_rules.shared.violations import Violation

__all__ = [
    "INTERPRETATION_INFO",
    "STATE_ATTRIBUTES",
    "BuildDistrict",
    "ClaimQuarry",
    "DiscardTile",
    "EndSupplying",
    "GameConfig",
    "GameState",
    "InterpretationKind",
    "Interpretations",
    "Move",
    "OutOfPlay",
    "Pending",
    "Phase",
    "PlaceBonusResource",
    "PlaceTile",
    "PlayerState",
    "RemoveTile",
    "Setup",
    "SkipBuilding",
    "SupplyShop",
    "TakeTile",
    "ValleyLayout",
    "ValleyState",
    "Violation",
    "apply",
    "apply_unchecked",
    "describe_move",
    "final_position",
    "final_scores",
    "is_legal",
    "legal_moves",
    "new_game",
    "random_setup",
    "start_game",
    "tiles_in_play",
    "violations",
]
