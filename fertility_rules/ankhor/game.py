"""Ankh'or described for the shared machinery: its :class:`~fertility_rules.games.GameRules`.

Everything here is Ankh'or's own public function or constant under the protocol's name,
or a few lines adapting its signature; the notation, texts and pictures are imported when
first used.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, cast

from attrs import frozen

from fertility_rules.ankhor import rules, views
from fertility_rules.ankhor.agents import AGENTS
from fertility_rules.ankhor.catalogue import PLAYER_COUNTS
from fertility_rules.ankhor.formats.state import (
    ANKHOR_RULES_VERSION,
    DEFAULT_CATALOGUE_NAME,
    catalogue_entry,
    dump_interpretations,
    read_catalogue_entry,
    read_interpretations,
)
from fertility_rules.ankhor.interpretations import (
    INTERPRETATION_INFO,
    OPTION_LABELS,
    Interpretations,
)
from fertility_rules.ankhor.measures import MEASURES
from fertility_rules.ankhor.model import Tokens
from fertility_rules.ankhor.scoring import STAGES, final_scores
from fertility_rules.ankhor.search import ANKHOR_SEARCH
from fertility_rules.ankhor.setup import new_game
from fertility_rules.ankhor.state import GameState
from fertility_rules.errors import MalformedInputError
from fertility_rules.games import (
    RECORD_PARTS,
    REFEREE,
    SETUP,
    STATE_FORMATS,
    Gain,
    GameFormats,
    GameLearning,
    GameRules,
    GameTexts,
    Lazy,
    RecordLike,
    game_info,
    lazy_named,
    lazy_pictures,
    lazy_schemas,
    named,
)
from fertility_rules.i18n.message import Message, _

if TYPE_CHECKING:
    from fertility_rules.ankhor.catalogue import Catalogue
    from fertility_rules.ankhor.moves import Move

__all__ = ["RULES"]

RULE_ID = r"^(A-\d+(\.\d+)*|Q-\d+)$"
"""A rule id of the specification (``A-3.8``) or an interpretation id (``Q-2``)."""


@frozen
class Stage:
    """One step of the final scoring (A-7.1 to A-7.4)."""

    rule: str
    key: str
    label: Message


def _stages() -> tuple[Stage, ...]:
    from fertility_rules.ankhor.texts import STAGE_KEYS, STAGE_LABELS

    return tuple(Stage(rule, STAGE_KEYS[rule], STAGE_LABELS[rule]) for rule in STAGES)


# ----------------------------------------------------------------------------- setup


def initial_state(record: RecordLike) -> GameState:
    return new_game(
        record.players,
        record.seed,
        interpretations=record.interpretations,
        catalogue=record.catalogue,
    )


def check_players(players: int, variant: bool) -> None:
    if players not in PLAYER_COUNTS:
        raise MalformedInputError.single(
            "players", _("Ankh'or is played by 2 to 4 players, not {n}.", n=players), "A-2.1"
        )
    if variant:
        raise MalformedInputError.single("variant", _("Ankh'or has no variant."), "A-2")


# ----------------------------------------------------------------------------- formats


def record_move_to_json(move: Move, players: int) -> dict[str, Any]:
    from fertility_rules.ankhor.formats.moves import move_to_json

    return move_to_json(move)


def record_move_from_json(data: object, players: int, path: str) -> Move:
    from fertility_rules.ankhor.formats.moves import move_from_json

    return move_from_json(data, path)


interpretations_to_json = dump_interpretations
interpretations_from_json = read_interpretations


def catalogue_to_json(catalogue: Catalogue | None) -> object:
    return DEFAULT_CATALOGUE_NAME if catalogue is None else catalogue_entry(catalogue)


def catalogue_from_json(data: object, path: str, registry: Any) -> Catalogue | None:
    return read_catalogue_entry(data, path)


def load_catalogue(path: str | None, limits: Any) -> Catalogue:
    from fertility_rules.ankhor.formats.catalogue import load_catalogue as load

    return load(path) if limits is None else load(path, limits)


_SCHEMAS = ("game-state", "observation", "move", "final-position", "catalogue", "game-record")


def score_final_position(position: Any, catalogue: Catalogue) -> Any:
    from fertility_rules.ankhor.scoring import score

    return score(position)


# ------------------------------------------------------------------------------ texts


def catalogue_check(file: str, catalogue: Catalogue) -> Message:
    return _(
        "{file}: valid Ankh'or catalogue {name!r} ({tiles} tiles).",
        file=file,
        name=catalogue.name,
        tiles=len(catalogue.tiles),
    )


# -------------------------------------------------------------------------------- lab


def gains(before: GameState, after: GameState, mover: int) -> tuple[Gain, ...]:
    """Tokens taken or spent, tiles laid and bonus tokens won by the mover."""
    from fertility_rules.ankhor.texts import tokens_text

    was, now = before.players[mover], after.players[mover]
    tokens = cast(Tokens, tuple(b - a for a, b in zip(was.tokens, now.tokens, strict=True)))
    tiles = len(now.tiles) - len(was.tiles)
    bonus = now.bonus - was.bonus
    return (
        Gain("tokens", _("Tokens"), tokens, list(tokens), tokens_text(tokens)),
        Gain("tiles", _("Tiles"), tiles, tiles, tiles),
        Gain("bonus_tokens", _("Bonus tokens"), bonus, bonus, bonus),
    )


def _reveals(before: GameState, after: GameState) -> bool:
    """A tile drawn from a face-down pile (A-8.2)."""
    return before.pile_sizes != after.pile_sizes


MAX_SCORE = 120.0
"""An upper bound of a final score with the default catalogue (A-7): 12 bonus tokens of 3,
at most 18 tiles worth 2 printed points and 2 group points each (a colour and an animal
group), and 36 tokens worth 1 point per 3."""

read_final_position = Lazy("fertility_rules.ankhor.formats.final_position", "read_final_position")
_HERE = sys.modules[__name__]

RULES = GameRules(
    info=game_info("ankhor"),
    rules_version=ANKHOR_RULES_VERSION,
    rule_id=RULE_ID,
    setup_rule="A-2",
    turn_rule="A-3",
    hidden_rule="A-8.2",
    **named(_HERE, *SETUP),
    **named(rules, *REFEREE),
    **named(views, "observe", "sample_state"),
    reveals=_reveals,
    new_interpretations=Interpretations,
    final_scores=final_scores,
    stages=_stages(),
    measures=MEASURES,
    gains=gains,
    interpretations=INTERPRETATION_INFO,
    option_labels=OPTION_LABELS,
    formats=GameFormats(
        state_format="fertility-rules/ankhor-game-state/1",
        **lazy_named("fertility_rules.ankhor.formats.state", *STATE_FORMATS),
        **named(_HERE, *RECORD_PARTS),
        schemas=lazy_schemas("fertility_rules.ankhor.formats.schema", *_SCHEMAS),
    ),
    texts=GameTexts(
        **lazy_named("fertility_rules.ankhor.notation", "format_move", "parse_move"),
        **lazy_named(
            "fertility_rules.ankhor.texts",
            "describe_move",
            "status",
            "summary",
            "report_to_text",
            "report_to_json",
            "report_to_html",
            "describe_catalogue",
        ),
        text_board=Lazy("fertility_rules.ankhor.text_board", "position_board"),
        catalogue_check=catalogue_check,
        choices=Lazy("fertility_rules.ankhor.choices", "choices"),
        **lazy_named(
            "fertility_rules.ankhor.document.rules_document", "rules_document", "rules_pictures"
        ),
        rules_formats=("md", "rst", "html"),
    ),
    pictures=lazy_pictures(
        "fertility_rules.ankhor.svg",
        Lazy("fertility_rules.ankhor.text_board", "move_positions"),
    ),
    search=ANKHOR_SEARCH,
    learning=GameLearning(
        max_score=MAX_SCORE,
        features=Lazy("fertility_rules.ankhor.encoding", "observation_layout_value"),
        view=Lazy("fertility_rules.ankhor.encoding", "checked_view"),
        **lazy_named(
            "fertility_rules.ankhor.encoding",
            "action_space",
            "setting",
            "hidden_sizes",
            "hidden_piles",
            "hidden_items",
            "with_hidden",
        ),
        with_piles=Lazy("fertility_rules.ankhor.encoding", "_with_piles"),
        state_piles=Lazy("fertility_rules.ankhor.encoding", "_state_piles"),
        results=Lazy("fertility_rules.ankhor.scoring", "_results"),
    ),
    agents=AGENTS,
)
"""Ankh'or, as the shared machinery sees it."""
