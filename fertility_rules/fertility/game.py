"""Fertility described for the shared machinery: its :class:`~fertility_rules.games.GameRules`.

Everything here is Fertility's own function under the protocol's name, or a few lines
adapting its signature; the pictures, documents and schemas are imported when first used,
so that loading the game for a record or a simulation stays light.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from fertility_rules._version import RULES_VERSION
from fertility_rules.fertility.agents.builtin import AGENTS
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.effects.base import Stage
from fertility_rules.fertility.effects.registry import EffectRegistry
from fertility_rules.fertility.formats.moves import move_from_json, move_to_json
from fertility_rules.fertility.formats.setup import catalogue_from_json as catalogue_from_json
from fertility_rules.fertility.formats.setup import catalogue_to_json as catalogue_to_json
from fertility_rules.fertility.formats.setup import setup_from_json, setup_to_json
from fertility_rules.fertility.interpretations import (
    INTERPRETATION_INFO,
    OPTION_LABELS,
    Interpretations,
)
from fertility_rules.fertility.measures import MEASURES
from fertility_rules.fertility.model.resources import Icon, Resource
from fertility_rules.fertility.moves import EndSupplying, Move, SkipBuilding
from fertility_rules.fertility.rules import engine
from fertility_rules.fertility.sampling import sample_state
from fertility_rules.fertility.search import FERTILITY_SEARCH
from fertility_rules.fertility.setup import (
    _check_players,
    random_setup,
    start_game,
    valley_boards_for,
)
from fertility_rules.fertility.state import GameState
from fertility_rules.fertility.views import (
    Observation,
    observe,
    status,
    unseen_tiles,
)
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
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _

if TYPE_CHECKING:
    from fertility_rules.fertility.catalogue.catalogue import Catalogue

__all__ = ["RULES"]

RULE_ID = r"^(R-\d+(\.\d+)*(\.[A-D])?|I-\d+)$"
"""A rule id of the specification (``R-3.3.D``) or an interpretation id (``I-6``)."""


def width_for(players: int) -> int:
    """The central board's width in squares for ``players`` players (R-2.1)."""
    return 4 * valley_boards_for(players) if 2 <= players <= 4 else 16


# ----------------------------------------------------------------------------- setup


def _catalogue(record: RecordLike) -> Catalogue:
    catalogue: Catalogue = record.catalogue or default_catalogue()
    return catalogue


def _random_setup(players: int, seed: int | None, catalogue: Any, variant: bool) -> Any:
    return random_setup(catalogue or default_catalogue(), players, variant, seed)


def initial_state(record: RecordLike) -> GameState:
    setup = record.setup
    if setup is None:
        setup = random_setup(_catalogue(record), len(record.players), record.variant, record.seed)
    return start_game(
        record.players, setup, _catalogue(record), record.variant, record.interpretations
    )


def _reveals(before: GameState, after: GameState) -> bool:
    """A tile drawn from the Valley pile or a District from the deck (R-9.2)."""
    return len(after.pile) != len(before.pile) or len(after.district_deck) != len(
        before.district_deck
    )


# ----------------------------------------------------------------------------- formats


def record_move_to_json(move: Move, players: int) -> dict[str, Any]:
    return move_to_json(move, width_for(players))


def record_move_from_json(data: object, players: int, path: str) -> Move:
    return move_from_json(data, width_for(players), path, section=True)


def load_catalogue(path: str | None, limits: Any) -> Catalogue:
    from fertility_rules.fertility.catalogue.loader import load_catalogue as load

    return load(path, limits=limits)


def read_final_position(data: object, source: str, catalogue: Catalogue) -> Any:
    from fertility_rules.fertility.formats.final_position import read_final_position as read

    return read(data, source, catalogue)


def score_final_position(position: Any, catalogue: Catalogue) -> Any:
    from fertility_rules.fertility.scoring.pipeline import score_position

    return score_position(position, catalogue.registry)


# ------------------------------------------------------------------------------ texts


def _describe_move(move: Move, state: GameState) -> Message | None:
    from fertility_rules.fertility.rules.describe import describe_move

    if isinstance(move, SkipBuilding | EndSupplying):
        return None
    return describe_move(move, state.config.layout.width)


def catalogue_check(file: str, catalogue: Catalogue) -> Message:
    return _(
        "{file}: valid catalogue {name!r} ({districts} Districts, {tiles} Valley tiles).",
        file=file,
        name=catalogue.name,
        districts=len(catalogue.districts),
        tiles=len(catalogue.valley_tiles),
    )


# ------------------------------------------------------------------------------- lab


def _tokens_text(tokens: tuple[int, ...]) -> Message | str:
    parts = [Icon.of(r).amount(n) for r, n in zip(Resource, tokens, strict=True) if n]
    return all_of(parts) if parts else "0"


def gains(before: GameState, after: GameState, mover: int) -> tuple[Gain, ...]:
    """Tokens harvested, Wheat, Quarries to choose for, Monuments built, and the size of
    the District offer afterwards (I-10)."""
    was, now = before.players[mover], after.players[mover]
    tokens = tuple(now.supply[r] - was.supply[r] for r in range(len(Resource)))
    wheat = now.metropolis.wheat - was.metropolis.wheat
    quarries = max(0, after.quarry_choices - before.quarry_choices) if after.current == mover else 0
    monuments = now.metropolis.monuments - was.metropolis.monuments
    offer = len(after.offer)
    return (
        Gain(
            "tokens",
            _("Tokens"),
            tokens,
            {r.key: n for r, n in zip(Resource, tokens, strict=True) if n},
            _tokens_text(tokens),
        ),
        Gain("wheat", _("Wheat"), wheat, wheat, wheat),
        Gain("quarries", _("Quarries"), quarries, quarries, quarries),
        Gain("monuments", _("Monuments"), monuments, monuments, monuments),
        Gain("offer", _("Districts on offer"), offer, offer, offer),
    )


# -------------------------------------------------------------------- learning


def _hidden_piles(view: Observation) -> tuple[tuple[Sequence[str], int], ...]:
    """The Valley pile, drawn from the unseen tiles, and the District deck (R-9.2)."""
    return ((view.unseen_tiles, view.pile_size), (view.unseen_districts, view.deck_size))


_UNSEEN_TILES = inspect.unwrap(unseen_tiles)
"""``unseen_tiles`` without checking again the kind of the adapters' own states."""


def _state_piles(state: GameState) -> tuple[tuple[Sequence[str], int], ...]:
    """:func:`_hidden_piles` of the state's view, without making the view: the unseen
    Districts are those of the deck (R-2.5), sorted."""
    deck = state.district_deck
    return ((_UNSEEN_TILES(state), len(state.pile)), (tuple(sorted(deck)), len(deck)))


def _hidden_items() -> tuple[tuple[str, ...], ...]:
    catalogue = default_catalogue()
    return (
        tuple(tile.id for tile in catalogue.valley_tiles),
        tuple(district.id for district in catalogue.districts),
    )


def _with_hidden(view: Observation, piles: tuple[Sequence[str], ...]) -> GameState:
    return view.with_hidden(piles[0], piles[1])


_SCHEMAS = ("final-position", "game-record", "catalogue", "game-state", "observation", "move")

check_players = _check_players
interpretations_to_json = Lazy(
    "fertility_rules.fertility.formats.interpretations", "dump_interpretations"
)
interpretations_from_json = Lazy(
    "fertility_rules.fertility.formats.interpretations", "read_interpretations"
)
_HERE = sys.modules[__name__]

RULES = GameRules(
    info=game_info("fertility"),
    rules_version=RULES_VERSION,
    rule_id=RULE_ID,
    setup_rule="R-2",
    turn_rule="R-3",
    hidden_rule="R-9.2",
    **named(_HERE, *SETUP),
    **named(engine, *REFEREE, "final_scores"),
    random_setup=_random_setup,
    new_interpretations=Interpretations,
    observe=observe,
    sample_state=sample_state,
    reveals=_reveals,
    stages=tuple(Stage),
    gains=gains,
    measures=MEASURES,
    interpretations=INTERPRETATION_INFO,
    option_labels=OPTION_LABELS,
    formats=GameFormats(
        state_format="fertility-rules/game-state/1",
        **lazy_named("fertility_rules.fertility.formats.state", *STATE_FORMATS),
        **named(_HERE, *RECORD_PARTS),
        setup_to_json=setup_to_json,
        setup_from_json=setup_from_json,
        registry=EffectRegistry,
        schemas=lazy_schemas("fertility_rules.fertility.formats.schema", *_SCHEMAS),
    ),
    texts=GameTexts(
        describe_move=_describe_move,
        format_move=Lazy("fertility_rules.fertility.notation", "format_move"),
        parse_move=Lazy("fertility_rules.fertility.notation", "parse_move"),
        status=status,
        text_board=Lazy(
            "fertility_rules.fertility.text_board", "text_board", ("last_move", "lang")
        ),
        summary=Lazy("fertility_rules.fertility.choices", "summary"),
        report_to_text=Lazy("fertility_rules.fertility.scoring.render", "report_to_text"),
        report_to_json=Lazy("fertility_rules.fertility.scoring.render", "report_to_json"),
        report_to_html=Lazy("fertility_rules.fertility.scoring.render", "report_to_html"),
        describe_catalogue=Lazy(
            "fertility_rules.fertility.catalogue.describe", "describe_catalogue"
        ),
        catalogue_check=catalogue_check,
        rules_document=Lazy("fertility_rules.fertility.document.rules_document", "rules_document"),
        rules_formats=("md", "rst", "html"),
        rules_pictures=Lazy("fertility_rules.fertility.document.rules_document", "rules_pictures"),
        choices=Lazy("fertility_rules.fertility.choices", "choices"),
    ),
    pictures=lazy_pictures(
        "fertility_rules.fertility.svg",
        Lazy("fertility_rules.fertility.svg.valley", "move_squares"),
    ),
    search=FERTILITY_SEARCH,
    learning=GameLearning(
        max_score=500.0,
        features=Lazy("fertility_rules.fertility.encoding", "observation_layout_value"),
        view=Lazy("fertility_rules.fertility.encoding", "checked_view"),
        **lazy_named(
            "fertility_rules.fertility.encoding", "action_space", "setting", "hidden_sizes"
        ),
        with_piles=Lazy("fertility_rules.fertility.encoding", "_with_piles"),
        hidden_piles=_hidden_piles,
        state_piles=_state_piles,
        hidden_items=_hidden_items,
        with_hidden=_with_hidden,
        results=Lazy("fertility_rules.fertility.rules.engine", "_results"),
    ),
    agents=AGENTS,
)
"""Fertility, as the shared machinery sees it."""
