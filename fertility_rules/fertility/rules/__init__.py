"""The rules of play: setup, interpretations, legal moves, the transition."""

from typing import TYPE_CHECKING

from fertility_rules.fertility.interpretations import InterpretationKind, Interpretations
from fertility_rules.fertility.moves import (
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
from fertility_rules.fertility.rules.describe import describe_move
from fertility_rules.fertility.rules.engine import (
    apply,
    apply_unchecked,
    final_position,
    final_scores,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.fertility.rules.geometry import ValleyLayout
from fertility_rules.fertility.setup import Setup, new_game, random_setup, start_game, tiles_in_play
from fertility_rules.fertility.state import (
    STATE_ATTRIBUTES,
    GameConfig,
    GameState,
    OutOfPlay,
    Pending,
    Phase,
    PlayerState,
    ValleyState,
)
from fertility_rules.lazy import lazy_names
from fertility_rules.shared.violations import Violation

if TYPE_CHECKING:
    from fertility_rules.fertility.interpretations import INTERPRETATION_INFO

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

# The interpretations' table is read from the rule texts file when first used.
__getattr__, __dir__ = lazy_names(
    __name__,
    {"INTERPRETATION_INFO": "fertility_rules.fertility.interpretations"},
    globals(),
    __all__,
)
