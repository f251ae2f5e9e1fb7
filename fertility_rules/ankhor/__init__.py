"""Ankh'or (Space Cowboys, 2019): model, referee, scoring, views, formats and notation.

The functions have the names and shapes of Fertility's where the concept is the same::

    >>> from fertility_rules import ankhor
    >>> game = ankhor.new_game(["Amunet", "Bek"], seed=1)
    >>> game.phase
    <Phase.MAIN: 'main'>
    >>> game = ankhor.apply(game, ankhor.legal_moves(game)[0])

Rule ids are the specification's ``A-…`` (rules) and ``Q-…`` (interpretations).
"""

from typing import TYPE_CHECKING

from fertility_rules.ankhor.catalogue import CATALOGUE_FORMAT, Catalogue, TileEntry
from fertility_rules.ankhor.interpretations import (
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
    score_position,
    score_totals,
)
from fertility_rules.ankhor.setup import default_catalogue, new_game
from fertility_rules.ankhor.state import GameConfig, GameState, Phase, PlayerState, TurnProgress
from fertility_rules.ankhor.views import Observation, observe, sample_state
from fertility_rules.lazy import lazy_names

if TYPE_CHECKING:
    from fertility_rules.ankhor.agents import (
        AGENTS,
        GreedyAgent,
        ISMCTSAgent,
        LookaheadAgent,
        PlayedGame,
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
        FINAL_POSITION_FORMAT,
        dump_final_position,
        load_final_position,
        read_final_position,
    )
    from fertility_rules.ankhor.formats.schema import SCHEMA_NAMES, schema
    from fertility_rules.ankhor.formats.state import (
        GAME_STATE_FORMAT,
        OBSERVATION_FORMAT,
        dump_move,
        dump_observation,
        dump_state,
        read_move,
        read_observation,
        read_state,
    )
    from fertility_rules.ankhor.history import Game
    from fertility_rules.ankhor.interpretations import INTERPRETATION_INFO
    from fertility_rules.ankhor.notation import format_move, parse_move
    from fertility_rules.ankhor.text_board import text_board
    from fertility_rules.ankhor.texts import (
        describe_move,
        report_to_html,
        report_to_json,
        report_to_text,
        summary,
    )

_LAZY: dict[str, str] = {
    "INTERPRETATION_INFO": "fertility_rules.ankhor.interpretations",
    "dump_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "load_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "read_catalogue": "fertility_rules.ankhor.formats.catalogue",
    "GAME_STATE_FORMAT": "fertility_rules.ankhor.formats.state",
    "OBSERVATION_FORMAT": "fertility_rules.ankhor.formats.state",
    "dump_move": "fertility_rules.ankhor.formats.state",
    "dump_observation": "fertility_rules.ankhor.formats.state",
    "dump_state": "fertility_rules.ankhor.formats.state",
    "read_move": "fertility_rules.ankhor.formats.state",
    "read_observation": "fertility_rules.ankhor.formats.state",
    "read_state": "fertility_rules.ankhor.formats.state",
    "FINAL_POSITION_FORMAT": "fertility_rules.ankhor.formats.final_position",
    "dump_final_position": "fertility_rules.ankhor.formats.final_position",
    "load_final_position": "fertility_rules.ankhor.formats.final_position",
    "read_final_position": "fertility_rules.ankhor.formats.final_position",
    "SCHEMA_NAMES": "fertility_rules.ankhor.formats.schema",
    "schema": "fertility_rules.ankhor.formats.schema",
    "format_move": "fertility_rules.ankhor.notation",
    "parse_move": "fertility_rules.ankhor.notation",
    "text_board": "fertility_rules.ankhor.text_board",
    "choices": "fertility_rules.ankhor.choices",
    "summary": "fertility_rules.ankhor.texts",
    "describe_move": "fertility_rules.ankhor.texts",
    "report_to_html": "fertility_rules.ankhor.texts",
    "report_to_json": "fertility_rules.ankhor.texts",
    "report_to_text": "fertility_rules.ankhor.texts",
    "AGENTS": "fertility_rules.ankhor.agents",
    "GreedyAgent": "fertility_rules.ankhor.agents",
    "ISMCTSAgent": "fertility_rules.ankhor.agents",
    "LookaheadAgent": "fertility_rules.ankhor.agents",
    "PlayedGame": "fertility_rules.ankhor.agents",
    "Game": "fertility_rules.ankhor.history",
    "RandomAgent": "fertility_rules.ankhor.agents",
    "make_agent": "fertility_rules.ankhor.agents",
    "play_game": "fertility_rules.ankhor.agents",
}
"""Names whose module is imported on first use (PEP 562): the file formats load ``cattrs``."""

__all__ = [
    "AGENTS",
    "CATALOGUE_FORMAT",
    "FINAL_POSITION_FORMAT",
    "GAME_STATE_FORMAT",
    "INTERPRETATION_INFO",
    "OBSERVATION_FORMAT",
    "SCHEMA_NAMES",
    "BonusTokens",
    "BuyTile",
    "Catalogue",
    "Colour",
    "EndActions",
    "FinalPosition",
    "Game",
    "GameConfig",
    "GameState",
    "GreedyAgent",
    "Height",
    "HigherNeighbours",
    "ISMCTSAgent",
    "InterpretationInfo",
    "Interpretations",
    "Kind",
    "LookaheadAgent",
    "Move",
    "MoveTile",
    "Moving",
    "Observation",
    "PassMain",
    "Phase",
    "Placed",
    "PlayedGame",
    "PlayerPosition",
    "PlayerState",
    "Position",
    "PriceLayout",
    "RandomAgent",
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
    "choices",
    "default_catalogue",
    "describe_move",
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
    "report_to_html",
    "report_to_json",
    "report_to_text",
    "sample_state",
    "schema",
    "score",
    "score_position",
    "score_totals",
    "summary",
    "text_board",
    "violations",
]


__getattr__, __dir__ = lazy_names(__name__, _LAZY, globals(), __all__)
