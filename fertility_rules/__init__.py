"""The rules of the board games Fertility and Ankh'or: referee, scoring, views, records.

One import gives the default game, Fertility, with what an app needs around it::

    >>> import fertility_rules as fr
    >>> game = fr.new_game(["Amunet", "Bek"], seed=1)
    >>> game.phase
    <Phase.PLACE: 'place'>
    >>> len(fr.legal_moves(game)) > 0
    True

Each game is a package with the same rooms and names: :mod:`fertility_rules.fertility`,
:mod:`fertility_rules.ankhor`. What every game shares stands beside them: the game protocol
and the list of games (:mod:`fertility_rules.games`), records (:mod:`fertility_rules.records`),
agents (:mod:`fertility_rules.agents`), the interpretation lab (:mod:`fertility_rules.lab`),
the errors (:mod:`fertility_rules.errors`) and the messages (:mod:`fertility_rules.i18n`).
"""

from typing import TYPE_CHECKING

from fertility_rules import fertility
from fertility_rules._version import __version__
from fertility_rules.errors import (
    FertilityError,
    HiddenInformationError,
    IllegalMoveError,
    MalformedInputError,
    NotAllowedError,
    UnknownIdError,
)
from fertility_rules.fertility import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    GameState,
    Interpretations,
    Move,
    Phase,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    ScoreReport,
    SkipBuilding,
    SupplyShop,
    TakeTile,
    apply,
    default_catalogue,
    final_scores,
    is_legal,
    legal_moves,
    new_game,
    parse_square,
    score_position,
    violations,
)
from fertility_rules.games import find_game
from fertility_rules.i18n.language import Language
from fertility_rules.lazy import lazy_names, moved_names

if TYPE_CHECKING:
    from fertility_rules import ankhor
    from fertility_rules.fertility import (
        Game,
        GreedyAgent,
        ISMCTSAgent,
        Observation,
        RandomAgent,
        choices,
        dump_state,
        format_move,
        make_agent,
        observe,
        parse_move,
        play_game,
        read_state,
        report_to_text,
        text_board,
    )
    from fertility_rules.formats.errors_json import dump_error
    from fertility_rules.i18n import render
    from fertility_rules.records import GameRecord, replay
    from fertility_rules.records.format import dump_record, load_record, read_record, save_record
    from fertility_rules.shared.choices import Choice, ChoiceGroup

_LAZY: dict[str, str] = {
    "Game": "fertility_rules.fertility",
    "GreedyAgent": "fertility_rules.fertility",
    "ISMCTSAgent": "fertility_rules.fertility",
    "Observation": "fertility_rules.fertility",
    "RandomAgent": "fertility_rules.fertility",
    "choices": "fertility_rules.fertility",
    "dump_state": "fertility_rules.fertility",
    "format_move": "fertility_rules.fertility",
    "make_agent": "fertility_rules.fertility",
    "observe": "fertility_rules.fertility",
    "parse_move": "fertility_rules.fertility",
    "play_game": "fertility_rules.fertility",
    "read_state": "fertility_rules.fertility",
    "report_to_text": "fertility_rules.fertility",
    "text_board": "fertility_rules.fertility",
    "dump_record": "fertility_rules.records.format",
    "load_record": "fertility_rules.records.format",
    "read_record": "fertility_rules.records.format",
    "save_record": "fertility_rules.records.format",
    "GameRecord": "fertility_rules.records",
    "replay": "fertility_rules.records",
    "dump_error": "fertility_rules.formats.errors_json",
    "render": "fertility_rules.i18n",
    "Choice": "fertility_rules.shared.choices",
    "ChoiceGroup": "fertility_rules.shared.choices",
}
"""Names whose module is imported on first use (PEP 562), as is Ankh'or's package: file
formats, pictures and agents stay off the path of ``import fertility_rules``."""

_ROOMS = ("catalogue", "effects", "model", "rules", "scoring", "svg")
"""Fertility's rooms that stood at the top of this package before the games were packages
of their own (:mod:`fertility_rules.fertility`)."""

_MOVED = moved_names(
    {
        "fertility_rules._version": "RULES_VERSION",
        "fertility_rules.agents": "Agent PlayedGame",
        "fertility_rules.errors": "Problem",
        "fertility_rules.fertility": (
            "AGENTS LookaheadAgent dump_final_position load_final_position read_final_position"
        ),
        "fertility_rules.fertility.catalogue": (
            "CATALOGUE_FORMAT Catalogue MonumentRules dump_catalogue load_catalogue read_catalogue"
        ),
        "fertility_rules.fertility.choices": "summary",
        "fertility_rules.fertility.document": "rules_document",
        "fertility_rules.fertility.effects": (
            "DEFAULT_REGISTRY DebenAward EffectKind EffectRegistry GainWheat GenericBenefit "
            "Param ParamType PlaceResource ResourceToShopBenefit ShopContext "
            "SpecializedBenefit Stage StatueAward StatueBenefit StatueChoiceBenefit Timing "
            "WheatBenefit describe_benefit describe_shop find_effect"
        ),
        "fertility_rules.fertility.formats.schema": "SCHEMA_NAMES schema",
        "fertility_rules.fertility.formats.state": (
            "GAME_STATE_FORMAT OBSERVATION_FORMAT dump_move dump_observation read_move "
            "read_observation"
        ),
        "fertility_rules.fertility.model": (
            "Benefit District Icon Metropolis MetropolisBoard MonumentType Resource Shop "
            "ShopState StartTile Track ValleyBoard ValleyTile"
        ),
        "fertility_rules.fertility.model.coordinates": "square_name",
        "fertility_rules.fertility.model.position": "FinalPosition PlayerPosition",
        "fertility_rules.fertility.rulebook_example": "rulebook_example",
        "fertility_rules.fertility.rules": "Setup apply_unchecked final_position start_game",
        "fertility_rules.fertility.sampling": "sample_state",
        "fertility_rules.fertility.scoring": "ScoreLine ScoreSheet StageTotals score_totals",
        "fertility_rules.fertility.scoring.render": "report_to_json",
        "fertility_rules.fertility.svg": "SvgImage",
        "fertility_rules.formats": "DEFAULT_LIMITS Limits",
        "fertility_rules.games": "InterpretationKind",
        "fertility_rules.i18n": "Message",
        "fertility_rules.lab": (
            "Adjudication Comparison GameSpec GameSummary Outcome SWITCHES adjudicate "
            "compare disputed_moves format_interpretation parse_interpretation "
            "readings_varying run_games with_interpretations"
        ),
        "fertility_rules.records": "FirstIllegalMove ReplayError ReplayResult",
        "fertility_rules.shared.provenance": "Provenance",
        "fertility_rules.shared.violations": "Violation",
    },
    {room: f"fertility_rules.fertility.{room}" for room in _ROOMS},
)
"""The names this package gave before it was pared down to what an app needs, by the
module that gives them now (Fertility's rooms among them): read here, they still work,
with a ``DeprecationWarning``."""

__all__ = [
    "BuildDistrict",
    "Choice",
    "ChoiceGroup",
    "ClaimQuarry",
    "DiscardTile",
    "EndSupplying",
    "FertilityError",
    "Game",
    "GameRecord",
    "GameState",
    "GreedyAgent",
    "HiddenInformationError",
    "ISMCTSAgent",
    "IllegalMoveError",
    "Interpretations",
    "Language",
    "MalformedInputError",
    "Move",
    "NotAllowedError",
    "Observation",
    "Phase",
    "PlaceBonusResource",
    "PlaceTile",
    "RandomAgent",
    "RemoveTile",
    "ScoreReport",
    "SkipBuilding",
    "SupplyShop",
    "TakeTile",
    "UnknownIdError",
    "__version__",
    "ankhor",
    "apply",
    "choices",
    "default_catalogue",
    "dump_error",
    "dump_record",
    "dump_state",
    "fertility",
    "final_scores",
    "find_game",
    "format_move",
    "is_legal",
    "legal_moves",
    "load_record",
    "make_agent",
    "new_game",
    "observe",
    "parse_move",
    "parse_square",
    "play_game",
    "read_record",
    "read_state",
    "render",
    "replay",
    "report_to_text",
    "save_record",
    "score_position",
    "text_board",
    "violations",
]

__getattr__, __dir__ = lazy_names(
    __name__, _LAZY, globals(), __all__, _MOVED, subpackages=("ankhor",)
)
