"""The rules of the board game Fertility: model, referee, scoring and rule texts.

One import gives the whole game::

    >>> import fertility_rules as fr
    >>> game = fr.new_game(["Amunet", "Bek"], seed=1)
    >>> game.phase
    <Phase.PLACE: 'place'>
    >>> len(fr.legal_moves(game)) > 0
    True
"""

import importlib
import sys
import types
from typing import TYPE_CHECKING

from fertility_rules._version import RULES_VERSION, __version__
from fertility_rules.catalogue import (
    CATALOGUE_FORMAT,
    Catalogue,
    MonumentRules,
    default_catalogue,
    load_catalogue,
)
from fertility_rules.effects import (
    DEFAULT_REGISTRY,
    DebenAward,
    EffectKind,
    EffectRegistry,
    GainWheat,
    GenericBenefit,
    Param,
    ParamType,
    PlaceResource,
    ResourceToShopBenefit,
    ShopContext,
    SpecializedBenefit,
    Stage,
    StatueAward,
    StatueBenefit,
    StatueChoiceBenefit,
    Timing,
    WheatBenefit,
    describe_benefit,
    describe_shop,
    find_effect,
)
from fertility_rules.errors import (
    FertilityError,
    HiddenInformationError,
    IllegalMoveError,
    MalformedInputError,
    NotAllowedError,
    Problem,
    UnknownIdError,
)
from fertility_rules.i18n import Language, Message, render
from fertility_rules.model import (
    Benefit,
    District,
    Icon,
    Metropolis,
    MetropolisBoard,
    MonumentType,
    Provenance,
    Resource,
    Shop,
    ShopState,
    StartTile,
    Track,
    ValleyBoard,
    ValleyTile,
)
from fertility_rules.model.coordinates import parse_square, square_name
from fertility_rules.model.position import FinalPosition, PlayerPosition
from fertility_rules.rules import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    GameState,
    InterpretationKind,
    Interpretations,
    Move,
    Phase,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    Setup,
    SkipBuilding,
    SupplyShop,
    TakeTile,
    Violation,
    apply,
    apply_unchecked,
    final_position,
    final_scores,
    is_legal,
    legal_moves,
    new_game,
    start_game,
    violations,
)
from fertility_rules.scoring import (
    ScoreLine,
    ScoreReport,
    ScoreSheet,
    StageTotals,
    score_position,
    score_totals,
)

if TYPE_CHECKING:
    from fertility_rules.agents import (
        AGENTS,
        Agent,
        GreedyAgent,
        ISMCTSAgent,
        LookaheadAgent,
        PlayedGame,
        RandomAgent,
        make_agent,
        play_game,
    )
    from fertility_rules.catalogue import dump_catalogue, read_catalogue
    from fertility_rules.document import rules_document
    from fertility_rules.formats import DEFAULT_LIMITS, Limits
    from fertility_rules.formats.errors_json import dump_error
    from fertility_rules.formats.schema import SCHEMA_NAMES, schema
    from fertility_rules.formats.state import (
        GAME_STATE_FORMAT,
        OBSERVATION_FORMAT,
        dump_move,
        dump_observation,
        dump_state,
        read_move,
        read_observation,
        read_state,
    )
    from fertility_rules.lab import (
        SWITCHES,
        Adjudication,
        Comparison,
        GameSpec,
        GameSummary,
        Outcome,
        adjudicate,
        compare,
        disputed_moves,
        format_interpretation,
        parse_interpretation,
        readings_varying,
        run_games,
        with_interpretations,
    )
    from fertility_rules.play.choices import Choice, ChoiceGroup, choices, summary
    from fertility_rules.play.history import Game
    from fertility_rules.play.notation import format_move, parse_move
    from fertility_rules.play.sampling import sample_state
    from fertility_rules.play.views import Observation, observe
    from fertility_rules.records import (
        FirstIllegalMove,
        GameRecord,
        ReplayError,
        ReplayResult,
        dump_final_position,
        dump_record,
        load_final_position,
        load_record,
        read_final_position,
        read_record,
        replay,
        rulebook_example,
        save_record,
    )
    from fertility_rules.scoring.render import report_to_json, report_to_text
    from fertility_rules.svg import SvgImage
    from fertility_rules.text_board import text_board

_LAZY: dict[str, str] = {
    "dump_catalogue": "fertility_rules.catalogue",
    "read_catalogue": "fertility_rules.catalogue",
    "AGENTS": "fertility_rules.agents",
    "Agent": "fertility_rules.agents",
    "GreedyAgent": "fertility_rules.agents",
    "ISMCTSAgent": "fertility_rules.agents",
    "LookaheadAgent": "fertility_rules.agents",
    "PlayedGame": "fertility_rules.agents",
    "RandomAgent": "fertility_rules.agents",
    "make_agent": "fertility_rules.agents",
    "play_game": "fertility_rules.agents",
    "rules_document": "fertility_rules.document",
    "SWITCHES": "fertility_rules.lab",
    "Adjudication": "fertility_rules.lab",
    "Comparison": "fertility_rules.lab",
    "GameSpec": "fertility_rules.lab",
    "GameSummary": "fertility_rules.lab",
    "Outcome": "fertility_rules.lab",
    "adjudicate": "fertility_rules.lab",
    "compare": "fertility_rules.lab",
    "disputed_moves": "fertility_rules.lab",
    "format_interpretation": "fertility_rules.lab",
    "parse_interpretation": "fertility_rules.lab",
    "readings_varying": "fertility_rules.lab",
    "run_games": "fertility_rules.lab",
    "with_interpretations": "fertility_rules.lab",
    "dump_error": "fertility_rules.formats.errors_json",
    "SCHEMA_NAMES": "fertility_rules.formats.schema",
    "schema": "fertility_rules.formats.schema",
    "GAME_STATE_FORMAT": "fertility_rules.formats.state",
    "OBSERVATION_FORMAT": "fertility_rules.formats.state",
    "dump_move": "fertility_rules.formats.state",
    "dump_observation": "fertility_rules.formats.state",
    "dump_state": "fertility_rules.formats.state",
    "read_move": "fertility_rules.formats.state",
    "read_observation": "fertility_rules.formats.state",
    "read_state": "fertility_rules.formats.state",
    "Choice": "fertility_rules.play.choices",
    "ChoiceGroup": "fertility_rules.play.choices",
    "choices": "fertility_rules.play.choices",
    "summary": "fertility_rules.play.choices",
    "Game": "fertility_rules.play.history",
    "format_move": "fertility_rules.play.notation",
    "parse_move": "fertility_rules.play.notation",
    "Observation": "fertility_rules.play.views",
    "observe": "fertility_rules.play.views",
    "sample_state": "fertility_rules.play.sampling",
    "DEFAULT_LIMITS": "fertility_rules.formats",
    "Limits": "fertility_rules.formats",
    "FirstIllegalMove": "fertility_rules.records",
    "GameRecord": "fertility_rules.records",
    "ReplayError": "fertility_rules.records",
    "ReplayResult": "fertility_rules.records",
    "dump_final_position": "fertility_rules.records",
    "dump_record": "fertility_rules.records",
    "load_final_position": "fertility_rules.records",
    "load_record": "fertility_rules.records",
    "read_final_position": "fertility_rules.records",
    "read_record": "fertility_rules.records",
    "replay": "fertility_rules.records",
    "rulebook_example": "fertility_rules.records",
    "save_record": "fertility_rules.records",
    "report_to_json": "fertility_rules.scoring.render",
    "report_to_text": "fertility_rules.scoring.render",
    "SvgImage": "fertility_rules.svg",
    "text_board": "fertility_rules.text_board",
}
"""Names whose module is imported on first use (PEP 562): file formats, game records,
documents, pictures and agents stay off the path of ``import fertility_rules``."""


__all__ = [
    "AGENTS",
    "CATALOGUE_FORMAT",
    "DEFAULT_LIMITS",
    "DEFAULT_REGISTRY",
    "GAME_STATE_FORMAT",
    "OBSERVATION_FORMAT",
    "RULES_VERSION",
    "SCHEMA_NAMES",
    "SWITCHES",
    "Adjudication",
    "Agent",
    "Benefit",
    "BuildDistrict",
    "Catalogue",
    "Choice",
    "ChoiceGroup",
    "ClaimQuarry",
    "Comparison",
    "DebenAward",
    "DiscardTile",
    "District",
    "EffectKind",
    "EffectRegistry",
    "EndSupplying",
    "FertilityError",
    "FinalPosition",
    "FirstIllegalMove",
    "GainWheat",
    "Game",
    "GameRecord",
    "GameSpec",
    "GameState",
    "GameSummary",
    "GenericBenefit",
    "GreedyAgent",
    "HiddenInformationError",
    "ISMCTSAgent",
    "Icon",
    "IllegalMoveError",
    "InterpretationKind",
    "Interpretations",
    "Language",
    "Limits",
    "LookaheadAgent",
    "MalformedInputError",
    "Message",
    "Metropolis",
    "MetropolisBoard",
    "MonumentRules",
    "MonumentType",
    "Move",
    "NotAllowedError",
    "Observation",
    "Outcome",
    "Param",
    "ParamType",
    "Phase",
    "PlaceBonusResource",
    "PlaceResource",
    "PlaceTile",
    "PlayedGame",
    "PlayerPosition",
    "Problem",
    "Provenance",
    "RandomAgent",
    "RemoveTile",
    "ReplayError",
    "ReplayResult",
    "Resource",
    "ResourceToShopBenefit",
    "ScoreLine",
    "ScoreReport",
    "ScoreSheet",
    "Setup",
    "Shop",
    "ShopContext",
    "ShopState",
    "SkipBuilding",
    "SpecializedBenefit",
    "Stage",
    "StageTotals",
    "StartTile",
    "StatueAward",
    "StatueBenefit",
    "StatueChoiceBenefit",
    "SupplyShop",
    "SvgImage",
    "TakeTile",
    "Timing",
    "Track",
    "UnknownIdError",
    "ValleyBoard",
    "ValleyTile",
    "Violation",
    "WheatBenefit",
    "__version__",
    "adjudicate",
    "apply",
    "apply_unchecked",
    "choices",
    "compare",
    "default_catalogue",
    "describe_benefit",
    "describe_shop",
    "disputed_moves",
    "dump_catalogue",
    "dump_error",
    "dump_final_position",
    "dump_move",
    "dump_observation",
    "dump_record",
    "dump_state",
    "final_position",
    "final_scores",
    "find_effect",
    "format_interpretation",
    "format_move",
    "is_legal",
    "legal_moves",
    "load_catalogue",
    "load_final_position",
    "load_record",
    "make_agent",
    "new_game",
    "observe",
    "parse_interpretation",
    "parse_move",
    "parse_square",
    "play_game",
    "read_catalogue",
    "read_final_position",
    "read_move",
    "read_observation",
    "read_record",
    "read_state",
    "readings_varying",
    "render",
    "replay",
    "report_to_json",
    "report_to_text",
    "rulebook_example",
    "rules_document",
    "run_games",
    "sample_state",
    "save_record",
    "schema",
    "score_position",
    "score_totals",
    "square_name",
    "start_game",
    "summary",
    "text_board",
    "violations",
    "with_interpretations",
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


class _Package(types.ModuleType):
    """The package module: a submodule imported later never hides the function it is named
    after (``fertility_rules.text_board`` stays the function, as with an eager import)."""

    def __setattr__(self, name: str, value: object) -> None:
        if isinstance(value, types.ModuleType) and _LAZY.get(name) == value.__name__:
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
