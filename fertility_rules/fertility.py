"""Fertility described for the shared machinery: its :class:`~fertility_rules.games.GameRules`.

Everything here is Fertility's own function under the protocol's name, or a few lines
adapting its signature; the pictures, documents and schemas are imported when first used,
so that loading the game for a record or a simulation stays light.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from attrs import evolve

from fertility_rules._version import RULES_VERSION
from fertility_rules.agents.simulate import AGENTS
from fertility_rules.catalogue.loader import default_catalogue
from fertility_rules.effects.base import Stage
from fertility_rules.formats.moves import move_from_json, move_to_json
from fertility_rules.formats.setup import (
    catalogue_from_json,
    catalogue_to_json,
    setup_from_json,
    setup_to_json,
)
from fertility_rules.games import (
    GameFormats,
    GamePictures,
    GameRules,
    GameTexts,
    Measure,
    game_info,
)
from fertility_rules.i18n.message import Message, _
from fertility_rules.play.sampling import sample_state
from fertility_rules.play.views import observe
from fertility_rules.rules.engine import (
    apply,
    apply_unchecked,
    final_scores,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.rules.interpretations import (
    INTERPRETATION_INFO,
    OPTION_LABELS,
    Interpretations,
)
from fertility_rules.rules.moves import ClaimQuarry, DiscardTile, Move
from fertility_rules.rules.setup import _check_players, random_setup, start_game, valley_boards_for
from fertility_rules.rules.state import GameState

if TYPE_CHECKING:
    from collections.abc import Sequence

    from fertility_rules.catalogue.catalogue import Catalogue
    from fertility_rules.play.choices import ChoiceGroup
    from fertility_rules.records.game_record import GameRecord

__all__ = ["RULES"]

RULE_ID = r"^(R-\d+(\.\d+)*(\.[A-D])?|I-\d+)$"
"""A rule id of the specification (``R-3.3.D``) or an interpretation id (``I-6``)."""


def width_for(players: int) -> int:
    """The central board's width in squares for ``players`` players (R-2.1)."""
    return 4 * valley_boards_for(players) if 2 <= players <= 4 else 16


# ----------------------------------------------------------------------------- setup


def _catalogue(record: GameRecord) -> Catalogue:
    catalogue: Catalogue = record.catalogue or default_catalogue()
    return catalogue


def _random_setup(record: GameRecord) -> Any:
    return random_setup(_catalogue(record), len(record.players), record.variant, record.seed)


def _initial_state(record: GameRecord) -> GameState:
    setup = record.setup if record.setup is not None else _random_setup(record)
    return start_game(
        record.players, setup, _catalogue(record), record.variant, record.interpretations
    )


def _under(state: GameState, reading: Interpretations) -> GameState:
    return evolve(state, config=evolve(state.config, interpretations=reading))


def _reveals(before: GameState, after: GameState) -> bool:
    """A tile drawn from the Valley pile or a District from the deck (R-9.2)."""
    return len(after.pile) != len(before.pile) or len(after.district_deck) != len(
        before.district_deck
    )


# ----------------------------------------------------------------------------- formats


def _record_move_to_json(move: Move, players: int) -> dict[str, Any]:
    return move_to_json(move, width_for(players))


def _record_move_from_json(data: object, players: int, path: str) -> Move:
    return move_from_json(data, width_for(players), path)


def _interpretations_to_json(value: Interpretations) -> dict[str, Any]:
    from fertility_rules.formats.interpretations import dump_interpretations

    return dump_interpretations(value)


def _interpretations_from_json(data: object, path: str) -> Interpretations:
    from fertility_rules.formats.interpretations import read_interpretations

    return read_interpretations(data, path)


def _load_catalogue(path: str | None, limits: Any) -> Catalogue:
    from fertility_rules.catalogue.loader import load_catalogue

    return load_catalogue(path, limits=limits)


def _dump_state(state: GameState) -> dict[str, Any]:
    from fertility_rules.formats.state import dump_state

    return dump_state(state)


def _read_state(data: object) -> GameState:
    from fertility_rules.formats.state import read_state

    return read_state(data)


def _dump_observation(view: Any) -> dict[str, Any]:
    from fertility_rules.formats.state import dump_observation

    return dump_observation(view)


def _read_observation(data: object) -> Any:
    from fertility_rules.formats.state import read_observation

    return read_observation(data)


def _dump_move(move: Move, table: Any) -> dict[str, Any]:
    from fertility_rules.formats.state import dump_move

    return dump_move(move, table)


def _read_move(data: object, table: Any) -> Move:
    from fertility_rules.formats.state import read_move

    return read_move(data, table)


def _schema(name: str) -> dict[str, Any]:
    from fertility_rules.formats.schema import schema

    return schema(name)


def _load_final_position(path: str, catalogue: Catalogue, limits: Any) -> Any:
    from fertility_rules.formats.final_position import load_final_position

    return load_final_position(path, catalogue, limits=limits)


def _score_final_position(position: Any, catalogue: Catalogue) -> Any:
    from fertility_rules.scoring.pipeline import score_position

    return score_position(position, catalogue.registry)


# ------------------------------------------------------------------------------ texts


def _describe_move(move: Move, state: GameState) -> Message:
    from fertility_rules.rules.describe import describe_move

    return describe_move(move, state.config.layout.width)


def _format_move(move: Move, state: Any) -> str:
    from fertility_rules.play.notation import format_move

    return format_move(move, state)


def _parse_move(text: str, state: Any) -> Move:
    from fertility_rules.play.notation import parse_move

    return parse_move(text, state)


def _status(state: GameState) -> Message:
    if state.is_over:
        return _("Turn {turn}: the game is over", turn=state.turn)
    return _(
        "Turn {turn} · {player}: {phase}",
        turn=state.turn,
        player=state.player.name,
        phase=state.phase.label,
    )


def _text_board(state: GameState, last_move: Any, language: str) -> str:
    from fertility_rules.text_board import text_board

    return text_board(state, last_move=last_move, lang=language)


def _summary(state: Any, language: str) -> str:
    from fertility_rules.play.choices import summary

    return summary(state, language)


def _choices(state: Any) -> Sequence[ChoiceGroup]:
    from fertility_rules.play.choices import choices

    return choices(state)


def _report_to_text(report: Any, language: str) -> str:
    from fertility_rules.scoring.render import report_to_text

    return report_to_text(report, language)


def _report_to_json(report: Any, language: str) -> dict[str, Any]:
    from fertility_rules.scoring.render import report_to_json

    return report_to_json(report, language)


def _describe_catalogue(catalogue: Catalogue, language: str) -> str:
    from fertility_rules.catalogue.describe import describe_catalogue

    return describe_catalogue(catalogue, language)


def _rules_document(language: str, fmt: str, catalogue: Catalogue | None) -> str:
    from fertility_rules.document import rules_document

    return rules_document(language, fmt, catalogue)


# --------------------------------------------------------------------------- pictures


def _table(state: GameState, last_move: Any, language: str) -> str:
    from fertility_rules import svg

    return svg.table(state, last_move=last_move, lang=language)


def _move_squares(move: Move) -> tuple[int, ...]:
    from fertility_rules import svg

    return svg.move_squares(move)


def _catalogue_sheet(catalogue: Catalogue, language: str) -> str:
    from fertility_rules.svg.catalogue import catalogue_sheet

    return catalogue_sheet(catalogue, lang=language)


def _catalogue_page(catalogue: Catalogue, language: str) -> str:
    from fertility_rules.svg.catalogue import catalogue_page

    return catalogue_page(catalogue, lang=language)


# ------------------------------------------------------------------------------- lab


def _quarries(record: GameRecord) -> int:
    return sum(1 for move in record.moves if isinstance(move, ClaimQuarry))


def _monuments(record: GameRecord) -> int:
    return sum(
        1 for move in record.moves if isinstance(move, ClaimQuarry) and move.resource is None
    )


def _discards(record: GameRecord) -> int:
    return sum(1 for move in record.moves if isinstance(move, DiscardTile))


_SCHEMAS = ("final-position", "game-record", "catalogue", "game-state", "observation", "move")

RULES = GameRules(
    info=game_info("fertility"),
    rules_version=RULES_VERSION,
    rule_id=RULE_ID,
    setup_rule="R-2",
    turn_rule="R-3",
    hidden_rule="R-9.2",
    initial_state=_initial_state,
    check_players=_check_players,
    random_setup=_random_setup,
    new_interpretations=Interpretations,
    legal_moves=legal_moves,
    is_legal=is_legal,
    violations=violations,
    apply=apply,
    apply_unchecked=apply_unchecked,
    observe=observe,
    sample_state=sample_state,
    reveals=_reveals,
    with_interpretations=_under,
    final_scores=final_scores,
    stages=tuple(Stage),
    measures=(
        Measure("quarries", _("Quarries per game"), _quarries),
        Measure("monuments", _("Monuments per game"), _monuments),
        Measure("discards", _("Discards per game"), _discards),
    ),
    interpretations=INTERPRETATION_INFO,
    option_labels=OPTION_LABELS,
    formats=GameFormats(
        state_format="fertility-rules/game-state/1",
        dump_state=_dump_state,
        read_state=_read_state,
        dump_observation=_dump_observation,
        read_observation=_read_observation,
        dump_move=_dump_move,
        read_move=_read_move,
        record_move_to_json=_record_move_to_json,
        record_move_from_json=_record_move_from_json,
        interpretations_to_json=_interpretations_to_json,
        interpretations_from_json=_interpretations_from_json,
        setup_to_json=setup_to_json,
        setup_from_json=setup_from_json,
        catalogue_to_json=catalogue_to_json,
        catalogue_from_json=catalogue_from_json,
        load_catalogue=_load_catalogue,
        schemas={name: functools.partial(_schema, name) for name in _SCHEMAS},
        load_final_position=_load_final_position,
        score_final_position=_score_final_position,
    ),
    texts=GameTexts(
        describe_move=_describe_move,
        format_move=_format_move,
        parse_move=_parse_move,
        status=_status,
        text_board=_text_board,
        summary=_summary,
        report_to_text=_report_to_text,
        report_to_json=_report_to_json,
        describe_catalogue=_describe_catalogue,
        rules_document=_rules_document,
        rules_formats=("md", "rst", "html"),
        choices=_choices,
    ),
    pictures=GamePictures(
        table=_table,
        move_squares=_move_squares,
        catalogue_sheet=_catalogue_sheet,
        catalogue_page=_catalogue_page,
    ),
    agents=AGENTS,
)
"""Fertility, as the shared machinery sees it."""
