"""Ankh'or (Space Cowboys, 2019): model, referee, scoring, views, formats and notation.

A game's package, with the same rooms and the same names as every game of the library
(:mod:`fertility_rules.fertility`) where the concept is the same::

    >>> from fertility_rules import ankhor
    >>> game = ankhor.new_game(["Amunet", "Bek"], seed=1)
    >>> game.phase
    <Phase.MAIN: 'main'>
    >>> game = ankhor.apply(game, ankhor.legal_moves(game)[0])

Rule ids are the specification's ``A-…`` (rules) and ``Q-…`` (interpretations). What is
not listed here is in its room: the components (:mod:`~fertility_rules.ankhor.model`,
:mod:`~fertility_rules.ankhor.catalogue`), the readings
(:mod:`~fertility_rules.ankhor.interpretations`), the referee
(:mod:`~fertility_rules.ankhor.rules`), the scoring (:mod:`~fertility_rules.ankhor.scoring`),
the formats (:mod:`~fertility_rules.ankhor.formats`), the pictures
(:mod:`~fertility_rules.ankhor.svg`), the documents (:mod:`~fertility_rules.ankhor.document`),
the texts (:mod:`~fertility_rules.ankhor.texts`) and the encodings for learning
(:mod:`~fertility_rules.ankhor.encoding`).
"""

from typing import TYPE_CHECKING

from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.interpretations import Interpretations
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
from fertility_rules.ankhor.rules import apply, apply_unchecked, is_legal, legal_moves, violations
from fertility_rules.ankhor.scoring import (
    FinalPosition,
    ScoreReport,
    ScoreSheet,
    final_position,
    final_scores,
    score_position,
)
from fertility_rules.ankhor.setup import default_catalogue, new_game
from fertility_rules.ankhor.state import GameState, Phase
from fertility_rules.ankhor.views import Observation, observe, sample_state
from fertility_rules.lazy import lazy_names, moved_names

if TYPE_CHECKING:
    from fertility_rules.ankhor.agents import (
        AGENTS,
        GreedyAgent,
        ISMCTSAgent,
        LookaheadAgent,
        RandomAgent,
        make_agent,
        play_game,
    )
    from fertility_rules.ankhor.choices import choices
    from fertility_rules.ankhor.formats.catalogue import (
        dump_catalogue,
        load_catalogue,
        read_catalogue,
    )
    from fertility_rules.ankhor.formats.final_position import (
        dump_final_position,
        load_final_position,
        read_final_position,
    )
    from fertility_rules.ankhor.formats.schema import schema
    from fertility_rules.ankhor.formats.state import (
        dump_move,
        dump_observation,
        dump_state,
        read_move,
        read_observation,
        read_state,
    )
    from fertility_rules.ankhor.history import Game
    from fertility_rules.ankhor.notation import format_move, parse_move
    from fertility_rules.ankhor.text_board import text_board
    from fertility_rules.ankhor.texts import report_to_json, report_to_text, summary

_LAZY: dict[str, str] = {
    "dump_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "read_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "AGENTS": "fertility_rules.ankhor.agents",
    "Game": "fertility_rules.ankhor.history",
    "GreedyAgent": "fertility_rules.ankhor.agents",
    "ISMCTSAgent": "fertility_rules.ankhor.agents",
    "LookaheadAgent": "fertility_rules.ankhor.agents",
    "RandomAgent": "fertility_rules.ankhor.agents",
    "choices": "fertility_rules.ankhor.choices",
    "dump_final_position": "fertility_rules.ankhor.formats.final_position",
    "dump_move": "fertility_rules.ankhor.formats.state",
    "dump_observation": "fertility_rules.ankhor.formats.state",
    "dump_state": "fertility_rules.ankhor.formats.state",
    "format_move": "fertility_rules.ankhor.notation",
    "load_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "load_final_position": "fertility_rules.ankhor.formats.final_position",
    "make_agent": "fertility_rules.ankhor.agents",
    "parse_move": "fertility_rules.ankhor.notation",
    "play_game": "fertility_rules.ankhor.agents",
    "read_final_position": "fertility_rules.ankhor.formats.final_position",
    "read_move": "fertility_rules.ankhor.formats.state",
    "read_observation": "fertility_rules.ankhor.formats.state",
    "read_state": "fertility_rules.ankhor.formats.state",
    "report_to_json": "fertility_rules.ankhor.texts",
    "report_to_text": "fertility_rules.ankhor.texts",
    "schema": "fertility_rules.ankhor.formats.schema",
    "summary": "fertility_rules.ankhor.texts",
    "text_board": "fertility_rules.ankhor.text_board",
}
"""Names whose module is imported on first use (PEP 562): the file formats load
``cattrs``."""

_MOVED = moved_names(
    {
        "fertility_rules.ankhor.agents": "PlayedGame",
        "fertility_rules.ankhor.catalogue": "CATALOGUE_FORMAT TileEntry",
        "fertility_rules.ankhor.formats.final_position": "FINAL_POSITION_FORMAT",
        "fertility_rules.ankhor.formats.schema": "SCHEMA_NAMES",
        "fertility_rules.ankhor.formats.state": "GAME_STATE_FORMAT OBSERVATION_FORMAT",
        "fertility_rules.ankhor.interpretations": (
            "BonusTokens Height HigherNeighbours INTERPRETATION_INFO InterpretationInfo "
            "Moving PriceLayout Removal"
        ),
        "fertility_rules.ankhor.model": "Colour Kind Placed Position Tile Token Tokens",
        "fertility_rules.ankhor.scoring": "PlayerPosition ScoreLine score score_totals",
        "fertility_rules.ankhor.state": "GameConfig PlayerState TurnProgress",
        "fertility_rules.ankhor.texts": "describe_move report_to_html",
    }
)
"""The names this package gave before it was pared down to what an app needs, by the
module that gives them now: read here, they still work, with a ``DeprecationWarning``."""

__all__ = [
    "AGENTS",
    "BuyTile",
    "Catalogue",
    "EndActions",
    "FinalPosition",
    "Game",
    "GameState",
    "GreedyAgent",
    "ISMCTSAgent",
    "Interpretations",
    "LookaheadAgent",
    "Move",
    "MoveTile",
    "Observation",
    "PassMain",
    "Phase",
    "RandomAgent",
    "Refill",
    "Refresh",
    "ReturnTokens",
    "ScoreReport",
    "ScoreSheet",
    "StoreTokens",
    "TakeTokens",
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

__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals(), __all__, _MOVED)
