"""Fertility (Catch Up Games): model, referee, scoring, views, formats and notation.

A game's package, with the same rooms and the same names as every game of the library
(:mod:`fertility_rules.ankhor`)::

    >>> from fertility_rules import fertility
    >>> game = fertility.new_game(["Amunet", "Bek"], seed=1)
    >>> game.phase
    <Phase.PLACE: 'place'>
    >>> game = fertility.apply(game, fertility.legal_moves(game)[0])

Rule ids are the specification's ``R-…`` (rules) and ``I-…`` (interpretations). What is
not listed here is in its room: the components (:mod:`~fertility_rules.fertility.model`,
:mod:`~fertility_rules.fertility.catalogue`), the Shop effects
(:mod:`~fertility_rules.fertility.effects`), the referee's phases
(:mod:`~fertility_rules.fertility.rules`), the scoring pipeline
(:mod:`~fertility_rules.fertility.scoring`), the pictures
(:mod:`~fertility_rules.fertility.svg`), the documents
(:mod:`~fertility_rules.fertility.document`), the encodings for learning
(:mod:`~fertility_rules.fertility.encoding`) and the conformance kit
(:mod:`~fertility_rules.fertility.testing`).
"""

from typing import TYPE_CHECKING

from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue, load_catalogue
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.coordinates import parse_square
from fertility_rules.fertility.model.position import FinalPosition
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
from fertility_rules.fertility.rules.engine import (
    apply,
    apply_unchecked,
    final_position,
    final_scores,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.fertility.scoring.pipeline import score_position
from fertility_rules.fertility.scoring.sheet import ScoreReport, ScoreSheet
from fertility_rules.fertility.setup import new_game
from fertility_rules.fertility.state import GameState, Phase
from fertility_rules.lazy import lazy_names

if TYPE_CHECKING:
    from fertility_rules.fertility.agents import (
        AGENTS,
        GreedyAgent,
        ISMCTSAgent,
        LookaheadAgent,
        RandomAgent,
        make_agent,
        play_game,
    )
    from fertility_rules.fertility.catalogue import dump_catalogue, read_catalogue
    from fertility_rules.fertility.choices import choices, summary
    from fertility_rules.fertility.formats.final_position import (
        dump_final_position,
        load_final_position,
        read_final_position,
    )
    from fertility_rules.fertility.formats.schema import schema
    from fertility_rules.fertility.formats.state import (
        dump_move,
        dump_observation,
        dump_state,
        read_move,
        read_observation,
        read_state,
    )
    from fertility_rules.fertility.history import Game
    from fertility_rules.fertility.notation import format_move, parse_move
    from fertility_rules.fertility.sampling import sample_state
    from fertility_rules.fertility.scoring.render import report_to_json, report_to_text
    from fertility_rules.fertility.text_board import text_board
    from fertility_rules.fertility.views import Observation, observe

_LAZY: dict[str, str] = {
    "RULES": "fertility_rules.fertility.game",
    "AGENTS": "fertility_rules.fertility.agents",
    "GreedyAgent": "fertility_rules.fertility.agents",
    "ISMCTSAgent": "fertility_rules.fertility.agents",
    "LookaheadAgent": "fertility_rules.fertility.agents",
    "RandomAgent": "fertility_rules.fertility.agents",
    "make_agent": "fertility_rules.fertility.agents",
    "play_game": "fertility_rules.fertility.agents",
    "choices": "fertility_rules.fertility.choices",
    "summary": "fertility_rules.fertility.choices",
    "Game": "fertility_rules.fertility.history",
    "dump_catalogue": "fertility_rules.fertility.catalogue",
    "read_catalogue": "fertility_rules.fertility.catalogue",
    "dump_final_position": "fertility_rules.fertility.formats.final_position",
    "load_final_position": "fertility_rules.fertility.formats.final_position",
    "read_final_position": "fertility_rules.fertility.formats.final_position",
    "schema": "fertility_rules.fertility.formats.schema",
    "dump_move": "fertility_rules.fertility.formats.state",
    "dump_observation": "fertility_rules.fertility.formats.state",
    "dump_state": "fertility_rules.fertility.formats.state",
    "read_move": "fertility_rules.fertility.formats.state",
    "read_observation": "fertility_rules.fertility.formats.state",
    "read_state": "fertility_rules.fertility.formats.state",
    "format_move": "fertility_rules.fertility.notation",
    "parse_move": "fertility_rules.fertility.notation",
    "sample_state": "fertility_rules.fertility.sampling",
    "report_to_json": "fertility_rules.fertility.scoring.render",
    "report_to_text": "fertility_rules.fertility.scoring.render",
    "text_board": "fertility_rules.fertility.text_board",
    "Observation": "fertility_rules.fertility.views",
    "observe": "fertility_rules.fertility.views",
}
"""Names whose module is imported on first use (PEP 562): the file formats, pictures and
agents stay off the path of ``import fertility_rules``."""

__all__ = [
    "AGENTS",
    "BuildDistrict",
    "Catalogue",
    "ClaimQuarry",
    "DiscardTile",
    "EndSupplying",
    "FinalPosition",
    "Game",
    "GameState",
    "GreedyAgent",
    "ISMCTSAgent",
    "Interpretations",
    "LookaheadAgent",
    "Move",
    "Observation",
    "Phase",
    "PlaceBonusResource",
    "PlaceTile",
    "RandomAgent",
    "RemoveTile",
    "ScoreReport",
    "ScoreSheet",
    "SkipBuilding",
    "SupplyShop",
    "TakeTile",
    "apply",
    "apply_unchecked",
    "choices",
    "default_catalogue",
    "dump_catalogue",
    "dump_final_position",
    "dump_move",
    "dump_observation",
    "dump_state",
    "final_position",
    "final_scores",
    "format_move",
    "is_legal",
    "legal_moves",
    "load_catalogue",
    "load_final_position",
    "make_agent",
    "new_game",
    "observe",
    "parse_move",
    "parse_square",
    "play_game",
    "read_catalogue",
    "read_final_position",
    "read_move",
    "read_observation",
    "read_state",
    "report_to_json",
    "report_to_text",
    "sample_state",
    "schema",
    "score_position",
    "summary",
    "text_board",
    "violations",
]

__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals(), __all__)
