"""Ankh'or game states and views as JSON: ``fertility-rules/ankhor-game-state/1`` and
``fertility-rules/ankhor-observation/1``.

Tiles are written by id, positions ``[level, x, y]``, colours and token kinds by name, the
catalogue by name (``"default"``) or embedded; keys come in one fixed order, so two dumps
diff cleanly. A game state keeps everything, the order of the draw piles included; a view
keeps what A-8.1 makes public: the piles' sizes and, sorted by id, the tiles not yet seen.

:func:`read_state` and :func:`read_observation` check the form, every id against the
catalogue, the bounds of a file, and these properties of every reachable state (each
with its rule): every tile of the catalogue exactly once in the piles, the offer, the
layouts or out of the game (A-1.2); the 36 tokens in the supply, the players' hands, on
warehouses or in the box, the box holding what setup left there (A-1.1, A-2.2); the 12
bonus tokens in the reserve or held (A-1.4); the price markers dealt as the catalogue and
Q-6 say, without triplicates (A-1.3, A-2.3); no two tiles at one position, every higher
tile on four tiles, no tile above level 1 under Q-4's alternative, the base connected
under Q-5's alternative (A-3.4, A-3.5, A-4.3); stored tokens only on warehouses
supporting nothing (A-3.6); the limits kept by every player whose turn is not under way
(A-3.9); the offer closed up when a turn begins, and its gaps at the refill those of the
purchase and of Q-1's removal (A-5.1); the end triggered exactly when a player holds 13
tiles (A-6.1); the turns of the players fitting the seat whose turn it is (A-6.1); the
decision one the game can be at (A-3, A-4.1). Then what the turns played allow
(:mod:`fertility_rules.ankhor.reachable`, where each bound is derived): the turn number
from the turns played and the scribes bought, a bonus turn only after a scribe (A-3.7);
no more tiles than purchases, nor beyond 13 but for a scribe's bonus turn, and the game
over exactly when its last round ended (A-3.1, A-6.1, A-6.2); two base tiles side by
side (A-3.4); no more tokens than the turns of taking tokens and the warehouses gave, the
current hand within what the limits and this turn allow (A-3.2, A-3.9, A-4.1); the piles
no larger than setup left them, and exactly that size in the first turn (A-2.4); no more
tiles out of the game than refreshes and Q-1's removals could take (A-5.2); bonus tokens
only with a group of 5 formed, at most one per group under Q-2's default (A-3.8, Q-17).

What cannot be checked from a state alone is not: that the tiles could have been bought
in some order (which tile was bought in which turn, with which tokens and markers), which
group earned each bonus token, or how the hidden order of the piles came about. Such a
state is shape-valid, not proven reachable; the referee plays it all the same.
"""

from __future__ import annotations

from typing import Any

from attrs import field, fields, frozen
from cattrs import Converter

from fertility_rules.ankhor.arguments import require, state_needed, table_needed
from fertility_rules.ankhor.catalogue import TOKENS_PER_KIND, Catalogue
from fertility_rules.ankhor.formats import keys as _keys  # noqa: F401 - registers the hooks
from fertility_rules.ankhor.formats.catalogue import (
    default_catalogue,
    dump_catalogue,
    read_catalogue,
)
from fertility_rules.ankhor.formats.converter import converter_with, structure, structure_document
from fertility_rules.ankhor.formats.moves import (
    TokenCounts,
    move_from_json,
    move_to_json,
    position_problems,
)
from fertility_rules.ankhor.interpretations import Interpretations
from fertility_rules.ankhor.model import Colour, Placed, Tile, Tokens
from fertility_rules.ankhor.moves import Move
from fertility_rules.ankhor.rules.engine import legal_moves
from fertility_rules.ankhor.state import GameConfig, GameState, Phase, PlayerState, TurnProgress
from fertility_rules.ankhor.validity import state_problems
from fertility_rules.ankhor.views import Observation, observe
from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.base import problems_of
from fertility_rules.formats.documents import join, moved
from fertility_rules.formats.limits import bound_problems
from fertility_rules.i18n.message import _
from fertility_rules.records.format import rules_version_problems
from fertility_rules.shared.values import carried

__all__ = [
    "ANKHOR_RULES_VERSION",
    "DEFAULT_CATALOGUE_NAME",
    "GAME_STATE_FORMAT",
    "MOVE_FORMAT",
    "OBSERVATION_FORMAT",
    "PlacedDocument",
    "catalogue_entry",
    "dump_interpretations",
    "dump_move",
    "dump_observation",
    "dump_state",
    "placed_documents",
    "read_catalogue_entry",
    "read_counts",
    "read_interpretations",
    "read_layout",
    "read_move",
    "read_observation",
    "read_state",
]

GAME_STATE_FORMAT = "fertility-rules/ankhor-game-state/1"
OBSERVATION_FORMAT = "fertility-rules/ankhor-observation/1"
MOVE_FORMAT = "fertility-rules/ankhor-move/1"
"""The format of a move on its own (``read_move``, ``dump_move``)."""
ANKHOR_RULES_VERSION = "1"
"""The version of Ankh'or's rules as the engine plays them; a state keeps it."""
DEFAULT_CATALOGUE_NAME = "default"


@frozen(kw_only=True)
class PlacedDocument:
    """A tile of a layout as files write it: its id and ``[level, x, y]``."""

    tile: str
    at: tuple[int, int, int]


@frozen(kw_only=True)
class _Player:
    name: str
    tiles: tuple[PlacedDocument, ...] = ()
    tokens: TokenCounts = field(factory=TokenCounts)
    stored: tuple[tuple[int, int, int], ...] = ()
    bonus_tokens: int = 0
    turns: int = 0


@frozen(kw_only=True)
class _Progress:
    spent: int = 0
    ankhs_taken: int = 0
    bought: bool = False
    scribe: bool = False
    bonus: bool = False


@frozen(kw_only=True)
class _Table:
    """What a state and its view share; the field order is the order written."""

    rules_version: str = ANKHOR_RULES_VERSION
    catalogue: Catalogue | None = None
    interpretations: Interpretations = field(factory=Interpretations)
    prices: tuple[tuple[Colour, ...], ...]
    first: int = 0
    players: tuple[_Player, ...]
    supply: TokenCounts
    reserve: int
    offer: tuple[str | None, ...]
    removed: tuple[str, ...] = ()
    current: int = 0
    phase: Phase = Phase.MAIN
    turn: int = 1
    progress: _Progress = field(factory=_Progress)
    ending: bool = False


@frozen(kw_only=True)
class _StateDocument(_Table):
    piles: tuple[tuple[str, ...], tuple[str, ...]]


@frozen(kw_only=True)
class _ObservationDocument(_Table):
    pile_sizes: tuple[int, int]
    unseen: tuple[str, ...]
    legal_moves: tuple[Any, ...] = ()


_TABLE_FIELDS: tuple[str, ...] = tuple(a.name for a in fields(_Table))


# ------------------------------------------------------------------ the catalogue entry


def catalogue_entry(catalogue: Catalogue) -> object:
    """The catalogue as a file names it: ``"default"`` or the embedded catalogue."""
    if catalogue == default_catalogue():
        return DEFAULT_CATALOGUE_NAME
    return dump_catalogue(catalogue)


def read_catalogue_entry(value: object, path: str = "$") -> Catalogue | None:
    """The catalogue a file names: ``None`` for the default one."""
    if value == DEFAULT_CATALOGUE_NAME:
        return None
    if isinstance(value, dict):
        return read_catalogue(value)
    raise MalformedInputError.single(
        path,
        _("a catalogue is {name!r} or an embedded catalogue object", name=DEFAULT_CATALOGUE_NAME),
    )


def _catalogue_hook(converter: Converter, value: object) -> Catalogue | None:
    return read_catalogue_entry(value)


def _converter() -> Converter:
    """Made once for the registered hooks (:func:`converter_with` keeps it): building it
    compiles a function per type (about 4 ms), which every view written would pay."""
    return converter_with({Catalogue: _catalogue_hook})


def dump_interpretations(readings: Interpretations) -> dict[str, Any]:
    """The switches Q-1 to Q-6 as JSON (each switch by its value's name)."""
    data: dict[str, Any] = _converter().unstructure(readings)
    return data


def read_interpretations(data: object, path: str = "$.interpretations") -> Interpretations:
    """The switches from JSON; missing ones take their default (every problem's path)."""
    return structure(data, Interpretations, path=path)


# ------------------------------------------------------------------ writing


def _player_document(player: PlayerState) -> _Player:
    return _Player(
        name=player.name,
        tiles=placed_documents(player.tiles),
        tokens=TokenCounts.of(player.tokens),
        stored=player.stored,
        bonus_tokens=player.bonus,
        turns=player.turns,
    )


def _table_fields(table: GameState | Observation) -> dict[str, Any]:
    config = table.config
    progress = table.progress
    return {
        "interpretations": config.interpretations,
        "prices": config.prices,
        "first": config.first,
        "players": tuple(_player_document(p) for p in table.players),
        "supply": TokenCounts.of(table.supply),
        "reserve": table.reserve,
        "offer": tuple(None if tile is None else tile.id for tile in table.offer),
        "removed": tuple(tile.id for tile in table.removed),
        "current": table.current,
        "phase": table.phase,
        "turn": table.turn,
        "progress": _Progress(
            spent=progress.spent,
            ankhs_taken=progress.ankhs_taken,
            bought=progress.bought,
            scribe=progress.scribe,
            bonus=progress.bonus,
        ),
        "ending": table.ending,
    }


def _unstructure(document: object, fmt: str, catalogue: Catalogue) -> dict[str, Any]:
    data: dict[str, Any] = {"format": fmt}
    data.update(_converter().unstructure(document))
    data["catalogue"] = catalogue_entry(catalogue)
    return data


@checked_arguments
def dump_state(state: GameState) -> dict[str, Any]:
    """The JSON-like form of ``state``, hidden information included; :func:`read_state`
    reads it back equal."""
    require(state, GameState, "state", state_needed)
    document = _StateDocument(
        **_table_fields(state),
        piles=(tuple(t.id for t in state.piles[0]), tuple(t.id for t in state.piles[1])),
    )
    return _unstructure(document, GAME_STATE_FORMAT, state.config.catalogue)


@checked_arguments
def dump_observation(view: Observation | GameState, moves: bool = False) -> dict[str, Any]:
    """The JSON-like form of what every player sees (A-8); a state is observed first.

    With ``moves``, the legal moves are added (``legal_moves``): they never depend on
    the hidden order of the piles, so a view alone gives them.
    """
    require(view, (GameState, Observation), "view", table_needed)
    seen = observe(view) if isinstance(view, GameState) else view
    data = _unstructure(_Table(**_table_fields(seen)), OBSERVATION_FORMAT, seen.config.catalogue)
    data["pile_sizes"] = list(seen.pile_sizes)
    data["unseen"] = [tile.id for tile in seen.unseen]
    if moves:
        data["legal_moves"] = [move_to_json(move) for move in legal_moves(seen)]
    return data


@checked_arguments
def dump_move(move: Move, table: GameState | Observation | None = None) -> dict[str, Any]:
    """The JSON form of ``move`` (the table is not needed: Ankh'or's moves do not depend
    on the board; it is accepted for the shape Fertility's function has)."""
    return move_to_json(move)


@checked_arguments
def read_move(data: object, table: GameState | Observation | None = None) -> Move:
    """A move from its JSON form; raises :class:`MalformedInputError` with the path of
    every problem. The move is well formed; :func:`~fertility_rules.ankhor.apply` says
    whether it is legal."""
    try:
        return move_from_json(data)
    except MalformedInputError as error:  # named after the format it breaks
        raise MalformedInputError(error.problems, format=MOVE_FORMAT) from None


# ------------------------------------------------------------------ reading


def _tiles_by_id(
    catalogue: Catalogue, ids: tuple[str | None, ...], path: str, problems: list[Problem]
) -> list[Tile | None]:
    return [
        None if tile_id is None else _tile_by_id(catalogue, tile_id, join(path, index), problems)
        for index, tile_id in enumerate(ids)
    ]


def _tile_by_id(
    catalogue: Catalogue, tile_id: str, path: str, problems: list[Problem]
) -> Tile | None:
    tile = catalogue.tiles_by_id.get(tile_id)
    if tile is None:
        message = _("Unknown {what} id {key!r} in this catalogue.", what=_("tile"), key=tile_id)
        problems.append(Problem(path, message, "A-1.2"))
    return tile


def _present(tiles: list[Tile | None]) -> tuple[Tile, ...]:
    return tuple(tile for tile in tiles if tile is not None)


def placed_documents(layout: tuple[Placed, ...]) -> tuple[PlacedDocument, ...]:
    """The tiles of a layout as files write them."""
    return tuple(PlacedDocument(tile=p.tile.id, at=p.position) for p in layout)


def read_layout(
    catalogue: Catalogue, items: tuple[PlacedDocument, ...], path: str, problems: list[Problem]
) -> tuple[Placed, ...]:
    """The tiles of a layout read from a file (``path``: the layout's), sorted; what is
    wrong is added to ``problems``."""
    placed: list[Placed] = []
    for index, item in enumerate(items):
        where = join(path, index)
        before = len(problems)
        problems += position_problems(item.at, join(where, "at"))
        tile = _tile_by_id(catalogue, item.tile, join(where, "tile"), problems)
        if tile is not None and len(problems) == before:
            placed.append(Placed(tile, *item.at))
    return tuple(sorted(placed, key=lambda p: p.position))


def read_counts(counts: TokenCounts, path: str, problems: list[Problem]) -> Tokens:
    """Token counts read from a file; what is wrong is added to ``problems``."""
    try:
        return counts.tokens()
    except MalformedInputError as error:
        problems += [Problem(join(path, p.path), p.message, p.rule) for p in error.problems]
        return (0, 0, 0, 0, 0, 0)


def _player(
    catalogue: Catalogue, document: _Player, path: str, problems: list[Problem]
) -> PlayerState:
    tiles = read_layout(catalogue, document.tiles, join(path, "tiles"), problems)
    for index, position in enumerate(document.stored):
        problems += position_problems(position, join(join(path, "stored"), index))
    tokens = read_counts(document.tokens, join(path, "tokens"), problems)
    problems += bound_problems(join(path, "bonus_tokens"), document.bonus_tokens, 0)
    problems += bound_problems(join(path, "turns"), document.turns, 0)
    return PlayerState(
        name=document.name,
        tiles=tiles,
        tokens=tokens,
        stored=tuple(sorted(document.stored)),
        bonus=document.bonus_tokens,
        turns=document.turns,
    )


def _build(
    document: _StateDocument, pile_tiles: tuple[tuple[str, ...], tuple[str, ...]] | None
) -> tuple[GameState | None, list[Problem]]:
    """The state of a document, and what is wrong with it."""
    catalogue = document.catalogue or default_catalogue()
    problems: list[Problem] = []
    players = tuple(
        _player(catalogue, p, join("$.players", i), problems)
        for i, p in enumerate(document.players)
    )
    offer = _tiles_by_id(catalogue, document.offer, "$.offer", problems)
    removed = _present(_tiles_by_id(catalogue, document.removed, "$.removed", problems))
    piles = (
        _present(_tiles_by_id(catalogue, document.piles[0], "$.piles[0]", problems)),
        _present(_tiles_by_id(catalogue, document.piles[1], "$.piles[1]", problems)),
    )
    supply = read_counts(document.supply, "$.supply", problems)
    count = len(document.players)
    per_kind = catalogue.tokens.supply_for(count) if 2 <= count <= 4 else TOKENS_PER_KIND
    progress = document.progress
    for key, value in (("reserve", document.reserve), ("turn", document.turn - 1)):
        problems += bound_problems(f"$.{key}", value, 0)
    for key in ("spent", "ankhs_taken"):
        problems += bound_problems(f"$.progress.{key}", getattr(progress, key), 0)
    if problems:
        return None, problems
    config = GameConfig(
        catalogue=catalogue,
        interpretations=document.interpretations,
        prices=document.prices,
        first=document.first,
        box=(TOKENS_PER_KIND - per_kind,) * 6,
    )
    state = carried(
        document,
        GameState,
        config=config,
        players=players,
        supply=supply,
        offer=tuple(offer),
        piles=piles,
        removed=removed,
        progress=carried(progress, TurnProgress),
    )
    return state, state_problems(state)


@checked_arguments
def read_state(data: object, source: str | None = None) -> GameState:
    """Validate ``data`` (a ``fertility-rules/ankhor-game-state/1`` document) into a
    :class:`~fertility_rules.ankhor.state.GameState`; raises
    :class:`~fertility_rules.MalformedInputError` with every problem and its JSON path."""
    document = structure_document(
        data, _StateDocument, GAME_STATE_FORMAT, source, converter=_converter()
    )
    problems = _version(document.rules_version)
    state, found = _build(document, document.piles)
    problems += found
    if problems or state is None:
        raise MalformedInputError(problems, source, GAME_STATE_FORMAT)
    return state


def _version(found: str) -> list[Problem]:
    return problems_of(MalformedInputError(rules_version_problems(found, ANKHOR_RULES_VERSION)))


@checked_arguments
def read_observation(data: object, source: str | None = None) -> Observation:
    """Validate ``data`` (a ``fertility-rules/ankhor-observation/1`` document) into an
    :class:`~fertility_rules.ankhor.views.Observation`, the pair of :func:`dump_observation`.

    The table is checked as :func:`read_state` checks a state, the unseen tiles standing
    for the piles; legal moves, when present, must be exactly the view's.
    """
    document = structure_document(
        data, _ObservationDocument, OBSERVATION_FORMAT, source, converter=_converter()
    )
    problems = _version(document.rules_version)
    sizes = document.pile_sizes
    unseen = document.unseen
    if min(sizes) < 0 or sum(sizes) != len(unseen):
        problems.append(
            Problem(
                "$.pile_sizes",
                _(
                    "the piles hold the {n} tiles not yet seen, not {size}",
                    n=len(unseen),
                    size=str(list(sizes)),
                ),
                "A-8.1",
            )
        )
    if list(unseen) != sorted(unseen) or len(set(unseen)) != len(unseen):
        problems.append(
            Problem(
                "$.unseen", _("the tiles not yet seen are listed once each, sorted by id"), "A-8.1"
            )
        )
    if problems:
        raise MalformedInputError(problems, source, OBSERVATION_FORMAT)
    table = {name: getattr(document, name) for name in _TABLE_FIELDS}
    cut = max(0, min(sizes[0], len(unseen)))
    piles = (unseen[:cut], unseen[cut:])
    state, found = _build(_StateDocument(**table, piles=piles), piles)
    if found or state is None:
        # The unseen tiles were read as the two piles: their problems are told at their place.
        found = moved(moved(found, "$.piles[0]", "$.unseen"), "$.piles[1]", "$.unseen", cut)
        # What is said of the piles as a whole is said of their sizes.
        found = moved(found, "$.piles", "$.pile_sizes")
        raise MalformedInputError(found, source, OBSERVATION_FORMAT)
    view = observe(state)
    if document.legal_moves:
        expected = legal_moves(view)
        read: list[Move] = []
        for index, move in enumerate(document.legal_moves):
            try:
                read.append(move_from_json(move, join("$.legal_moves", index)))
            except MalformedInputError as error:
                problems += error.problems
        if not problems and sorted(map(repr, read)) != sorted(map(repr, expected)):
            problems.append(
                Problem("$.legal_moves", _("these are not the legal moves of this view"), "A-3")
            )
        if problems:
            raise MalformedInputError(problems, source, OBSERVATION_FORMAT)
    return view
