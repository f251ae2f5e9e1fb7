"""Game states and views as JSON: ``fertility-rules/game-state/1`` and
``fertility-rules/observation/1``.

Squares are written ``[row, column]``, resources by key, the catalogue by name or
embedded as in game records; keys come in one fixed order, so two dumps diff cleanly.
A game state keeps everything, hidden information included (the Valley pile and the
District deck in order); an observation keeps only what R-9 makes public and may carry
the legal moves. :func:`read_state` checks the form, every id against the catalogue and
every square against the board, and that the state could be one of a game: the
properties :mod:`fertility_rules.fertility.formats.reachable` lists are checked exactly (R-7's
invariants, the board, whose turn and decision it is, what the turns played allow);
beyond them a state is shape-valid, not proven reachable. The referee never meets a
table it cannot play on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeAlias, TypeVar

from attrs import evolve, field, fields, frozen
from cattrs import Converter
from cattrs.gen import make_dict_unstructure_fn

from fertility_rules._version import RULES_VERSION
from fertility_rules.arguments import checked_arguments, kind_name
from fertility_rules.errors import MalformedInputError, Problem, UnknownIdError
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import (
    DEFAULT_CATALOGUE_NAME,
    default_catalogue,
    dump_catalogue,
)
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.formats.converter import (
    attempt,
    converter_for,
    converter_with,
    format_hooks,
    structure_document,
)
from fertility_rules.fertility.formats.moves import move_from_json, move_to_json
from fertility_rules.fertility.formats.reachable import reachability_problems
from fertility_rules.fertility.formats.setup import _BoardPlace, _Context, version_problems
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.resources import (
    Counts,
    MonumentType,
    Resource,
    counts_of,
    tokens_of,
)
from fertility_rules.fertility.model.shop import ShopState
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.rules.engine import legal_moves, require_state
from fertility_rules.fertility.rules.geometry import ValleyLayout, layout
from fertility_rules.fertility.setup import valley_board_problems
from fertility_rules.fertility.state import (
    GameConfig,
    GameState,
    Phase,
    PlacedTile,
    PlayerState,
    ValleyState,
)
from fertility_rules.fertility.views import Observation, Table, observe
from fertility_rules.formats.documents import join, moved
from fertility_rules.formats.limits import bound_problems
from fertility_rules.i18n.message import _, ngettext
from fertility_rules.shared.values import carried

__all__ = [
    "GAME_STATE_FORMAT",
    "MOVE_FORMAT",
    "OBSERVATION_FORMAT",
    "dump_move",
    "dump_observation",
    "dump_state",
    "read_move",
    "read_observation",
    "read_state",
]

GAME_STATE_FORMAT = "fertility-rules/game-state/1"
OBSERVATION_FORMAT = "fertility-rules/observation/1"
MOVE_FORMAT = "fertility-rules/move/1"
"""The format of a move on its own (``read_move``, ``dump_move``)."""

Square: TypeAlias = tuple[int, int]
T = TypeVar("T")


@frozen
class _Counts:
    alabaster: int = 0
    bovine: int = 0
    papyrus: int = 0
    grapes: int = 0

    def counts(self) -> Counts:
        values = (self.alabaster, self.bovine, self.papyrus, self.grapes)
        if min(values) < 0:
            raise MalformedInputError.single("$", _("a number of tokens cannot be negative"))
        return values

    @classmethod
    def of(cls, counts: Counts) -> _Counts:
        return cls(*counts)


@frozen
class _Placed:
    tile: str
    squares: tuple[Square, ...]
    scenes: tuple[Resource, ...]
    player: int | None = None


@frozen
class _Monument:
    square: Square
    player: int


@frozen
class _Built:
    district: str
    spot: int


@frozen(kw_only=True)
class _Player:
    name: str
    monument_type: MonumentType
    board: str
    wheat: int = 0
    monuments: int = 0
    districts: tuple[_Built, ...] = ()
    """In the order they were built (the order of their Shops)."""
    shops: tuple[tuple[Resource, ...], ...]
    """Tokens on each Shop: the board's four, then each District's, in building order."""
    supply: _Counts = field(factory=_Counts)
    pool: tuple[str, ...] = ()
    turns: int = 0


@frozen(kw_only=True)
class _Table:
    """What a state and its view share; the field order is the order written."""

    rules_version: str = RULES_VERSION
    catalogue: Catalogue | None = None
    interpretations: Interpretations = field(factory=Interpretations)
    variant: bool = False
    valley: tuple[_BoardPlace, ...]
    tiles: tuple[_Placed, ...]
    monuments: tuple[_Monument, ...] = ()
    players: tuple[_Player, ...]
    stock: _Counts
    common_pool: tuple[str, ...] = ()
    offer: tuple[str, ...] = ()
    current: int = 0
    phase: Phase = Phase.PLACE
    quarries: tuple[Square, ...] = ()
    quarry_choices: int = 0
    bonuses: tuple[tuple[Resource, ...], ...] = ()
    discarded: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    turn: int = 1
    turns_left: int | None = None

    checks = staticmethod(version_problems)

    def __attrs_post_init__(self) -> None:
        problems = version_problems(self.rules_version)
        if problems:
            raise MalformedInputError(problems)


@frozen(kw_only=True)
class _StateDocument(_Table):
    pile: tuple[str, ...] = ()
    district_deck: tuple[str, ...] = ()


@frozen(kw_only=True)
class _ObservationDocument(_Table):
    pile_size: int
    unseen_tiles: tuple[str, ...]
    deck_size: int
    unseen_districts: tuple[str, ...]
    legal_moves: tuple[Any, ...] | None = None


@format_hooks
def _hooks(converter: Converter) -> None:
    converter.register_unstructure_hook(
        _Placed, make_dict_unstructure_fn(_Placed, converter, _cattrs_omit_if_default=True)
    )


# ------------------------------------------------------------------ writing


def _square(square: int, width: int) -> Square:
    row, column = divmod(square, width)
    return (row, column)


def _catalogue_entry(catalogue: Catalogue) -> Any:
    default = default_catalogue()
    return (
        DEFAULT_CATALOGUE_NAME
        if catalogue is default or catalogue == default
        else (dump_catalogue(catalogue))
    )


def _player_document(player: PlayerState) -> _Player:
    metropolis = player.metropolis
    built = {district.id: spot for spot, district in enumerate(metropolis.spots) if district}
    order = _build_order(metropolis)
    return _Player(
        name=player.name,
        monument_type=player.monument_type,
        board=metropolis.board_id or "",
        wheat=metropolis.wheat,
        monuments=metropolis.monuments,
        districts=tuple(_Built(district, built[district]) for district in order),
        shops=tuple(tokens_of(state.tokens) for state in metropolis.shops),
        supply=_Counts.of(player.supply),
        pool=player.pool,
        turns=player.turns,
    )


def _build_order(metropolis: Metropolis) -> list[str]:
    """District ids in the order their Shops follow the board's (R-3.4)."""
    districts = list(metropolis.districts)
    shops = tuple(state.shop for state in metropolis.shops)
    index = len(shops) - sum(len(d.shops) for d in districts)
    order = []
    while districts:
        found = next(
            (d for d in districts if shops[index : index + len(d.shops)] == d.shops), districts[0]
        )
        order.append(found.id)
        districts.remove(found)
        index += len(found.shops)
    return order


def _table_fields(table: Table) -> dict[str, Any]:
    config = table.config
    width = config.layout.width
    valley = table.valley
    return {
        "interpretations": config.interpretations,
        "variant": config.variant,
        "valley": tuple(_BoardPlace(board.id, turned) for board, turned in config.layout.boards),
        "tiles": tuple(
            _Placed(
                placed.tile,
                tuple(_square(s, width) for s in placed.squares),
                placed.scenes,
                placed.player,
            )
            for placed in valley.tiles
        ),
        "monuments": tuple(_Monument(_square(s, width), p) for s, p in valley.monuments),
        "players": tuple(_player_document(p) for p in table.players),
        "stock": _Counts.of(table.stock),
        "common_pool": table.common_pool,
        "offer": table.offer,
        "current": table.current,
        "phase": table.phase,
        "quarries": tuple(_square(s, width) for s in table.quarries),
        "quarry_choices": table.quarry_choices,
        "bonuses": table.bonuses,
        "discarded": table.discarded,
        "removed": table.removed,
        "turn": table.turn,
        "turns_left": table.turns_left,
    }


def _unstructure(document: object, fmt: str, catalogue: Catalogue) -> dict[str, Any]:
    data: dict[str, Any] = {"format": fmt}
    data.update(converter_for().unstructure(document))
    data["catalogue"] = _catalogue_entry(catalogue)
    if data["turns_left"] is None:
        del data["turns_left"]
    return data


def dump_state(state: GameState) -> dict[str, Any]:
    """The JSON-like form of ``state``, hidden information included; :func:`read_state`
    reads it back equal. A view is refused (:class:`~fertility_rules.HiddenInformationError`):
    :func:`dump_observation` writes it."""
    require_state(state)
    document = _StateDocument(
        **_table_fields(state), pile=tuple(state.pile), district_deck=tuple(state.district_deck)
    )
    return _unstructure(document, GAME_STATE_FORMAT, state.config.catalogue)


@checked_arguments
def dump_observation(view: Observation | GameState, moves: bool = False) -> dict[str, Any]:
    """The JSON-like form of what every player sees (R-9); a state is observed first.

    With ``moves``, the legal moves of the position are added (``legal_moves``): they
    depend only on public information (R-9).
    """
    seen = observe(view) if isinstance(view, GameState) else view
    if not isinstance(seen, Observation):
        raise MalformedInputError.single(
            "view",
            _(
                "A game state or a view of one is needed, not {kind}.",
                kind=kind_name(seen, Observation),
            ),
        )
    data = _unstructure(_Table(**_table_fields(seen)), OBSERVATION_FORMAT, seen.config.catalogue)
    data["pile_size"] = seen.pile_size
    data["unseen_tiles"] = list(seen.unseen_tiles)
    data["deck_size"] = seen.deck_size
    data["unseen_districts"] = list(seen.unseen_districts)
    if moves:
        data["legal_moves"] = [dump_move(move, seen) for move in legal_moves(seen)]
    return data


@checked_arguments
def dump_move(move: Move, table: Table) -> dict[str, Any]:
    """The JSON form of ``move`` (squares ``[row, column]`` on ``table``'s board)."""
    return move_to_json(move, table.config.layout.width)


@checked_arguments
def read_move(data: object, table: Table) -> Move:
    """A move from its JSON form (squares on ``table``'s board); raises
    :class:`~fertility_rules.MalformedInputError` with the path of every problem.
    The move is well formed; :func:`~fertility_rules.apply` says whether it is legal."""
    grid = table.config.layout
    try:
        return move_from_json(data, grid.width, height=grid.height)
    except MalformedInputError as error:  # named after the format it breaks
        raise MalformedInputError(error.problems, format=MOVE_FORMAT) from None


# ------------------------------------------------------------------ reading


class _Problems:
    """Problems found while a document becomes a state, each under its JSON path."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def run(self, path: str, build: Callable[..., T], *args: Any) -> T | None:
        try:
            value, problems = attempt(path, build, *args)
        except UnknownIdError as error:
            self.found.append(Problem(path, error.message))
            return None
        self.found.extend(problems)
        return value

    def add(self, path: str, message: Any, rule: str | None = None) -> None:
        self.found.append(Problem(path, message, rule))


def _board_square(square: Square, grid: ValleyLayout) -> int:
    row, column = square
    if not grid.contains(row, column):
        raise MalformedInputError.single(
            "$", _("square {square} is off the board", square=str(list(square))), "R-1.4"
        )
    return grid.index(row, column)


def _metropolis(catalogue: Catalogue, player: _Player) -> Metropolis:
    board = catalogue.metropolis_board(player.board)
    spots: list[Any] = [None] * board.spots
    shop_list = list(board.shops)
    for built in player.districts:
        district = catalogue.district(built.district)
        if not 0 <= built.spot < len(spots) or spots[built.spot] is not None:
            raise MalformedInputError.single(
                "districts",
                _("spot {spot} is not a free District spot (0 to 6)", spot=built.spot),
                "R-1.7",
            )
        spots[built.spot] = district
        shop_list.extend(district.shops)
    if len(player.shops) != len(shop_list):
        raise MalformedInputError.single(
            "shops",
            _(
                "this Metropolis has {n} Shops (the board's, then each District's)",
                n=len(shop_list),
            ),
            "R-1.7",
        )
    shops = []
    for index, (shop, tokens) in enumerate(zip(shop_list, player.shops, strict=True)):
        try:
            shops.append(ShopState(shop, counts_of(tokens)))
        except MalformedInputError as error:
            raise MalformedInputError(
                [Problem(join("shops", index), p.message, p.rule) for p in error.problems]
            ) from None
    return Metropolis(
        shops=tuple(shops),
        wheat_track=board.wheat_track.values,
        statue_scale=board.statue_scale.values,
        wheat=player.wheat,
        monuments=player.monuments,
        spots=tuple(spots),
        board_id=board.id,
    )


def _check_ids(
    problems: _Problems, path: str, ids: Sequence[str], known: set[str], what: Any
) -> None:
    for index, item in enumerate(ids):
        if item not in known:
            problems.add(
                join(path, index),
                _("Unknown {what} id {key!r} in this catalogue.", what=what, key=item),
            )


def _state(
    document: _StateDocument, registry: EffectRegistry, problems: _Problems
) -> GameState | None:
    catalogue = document.catalogue or default_catalogue()
    boards = [
        problems.run(join("$.valley", i), catalogue.valley_board, place.board)
        for i, place in enumerate(document.valley)
    ]
    problems.found += valley_board_problems(
        [place.board for place in document.valley], len(document.players), "$.valley"
    )
    if problems.found or any(b is None for b in boards):
        return None
    grid = layout(tuple((b, p.rotated) for b, p in zip(boards, document.valley, strict=True) if b))
    tile_ids = {t.id for t in catalogue.valley_tiles}
    district_ids = {d.id for d in catalogue.districts}
    tile_word, district_word = _("Valley tile"), _("District")
    for key in ("pile", "common_pool", "discarded", "removed"):
        _check_ids(problems, f"$.{key}", getattr(document, key), tile_ids, tile_word)
    for key in ("district_deck", "offer"):
        _check_ids(problems, f"$.{key}", getattr(document, key), district_ids, district_word)
    count = len(document.players)
    if not 2 <= count <= 4:
        problems.add(
            "$.players", _("Fertility is played by 2 to 4 players, not {n}.", n=count), "R-2.2"
        )
    if not 0 <= document.current < max(count, 1):
        problems.add("$.current", _("no player has the index {n}", n=document.current))
    players = []
    for i, player in enumerate(document.players):
        path = join("$.players", i)
        _check_ids(problems, join(path, "pool"), player.pool, tile_ids, tile_word)
        metropolis = problems.run(path, _metropolis, catalogue, player)
        supply = problems.run(join(path, "supply"), player.supply.counts)
        if metropolis is not None and supply is not None:
            players.append(carried(player, PlayerState, metropolis=metropolis, supply=supply))
    stock = problems.run("$.stock", document.stock.counts)
    placed: list[PlacedTile] = []
    scenes = [0, 0, 0, 0]
    covered = 0
    for i, tile in enumerate(document.tiles):
        path = join("$.tiles", i)
        squares = [
            problems.run(join(join(path, "squares"), k), _board_square, s, grid)
            for k, s in enumerate(tile.squares)
        ]
        if tile.tile != "start" and tile.tile not in tile_ids:
            problems.add(
                join(path, "tile"),
                _("Unknown {what} id {key!r} in this catalogue.", what=tile_word, key=tile.tile),
            )
        if len(squares) != len(tile.scenes) or not squares:
            problems.add(join(path, "scenes"), _("a tile shows one scene per square"), "R-1.3")
            continue
        if tile.player is not None and not 0 <= tile.player < count:
            problems.add(join(path, "player"), _("no player has the index {n}", n=tile.player))
        if any(s is None for s in squares):
            continue
        clean = tuple(s for s in squares if s is not None)
        for square, scene in zip(clean, tile.scenes, strict=True):
            if (covered >> square) & 1:
                problems.add(join(path, "squares"), _("two tiles cover the same square"), "R-3.1")
            covered |= 1 << square
            scenes[scene] |= 1 << square
        placed.append(PlacedTile(tile.tile, clean, tile.scenes, tile.player))
    monuments = []
    for i, monument in enumerate(document.monuments):
        where = problems.run(
            join(join("$.monuments", i), "square"), _board_square, monument.square, grid
        )
        if not 0 <= monument.player < count:
            problems.add(
                join(join("$.monuments", i), "player"),
                _("no player has the index {n}", n=monument.player),
            )
        elif where is not None:
            monuments.append((where, monument.player))
            covered |= 1 << where
    quarries = []
    for i, square_document in enumerate(document.quarries):
        quarry = problems.run(join("$.quarries", i), _board_square, square_document, grid)
        if quarry is not None:
            quarries.append(quarry)
    for key in ("quarry_choices", "turn"):
        problems.found += bound_problems(f"$.{key}", getattr(document, key), 0)
    if problems.found or stock is None:
        return None
    config = GameConfig(
        catalogue=catalogue,
        interpretations=document.interpretations,
        variant=document.variant,
        layout=grid,
        tiles=catalogue.tiles_by_id,
        registry=registry,
    )
    return GameState(
        config=config,
        valley=ValleyState(
            empty=grid.desert & ~covered,
            scenes=(scenes[0], scenes[1], scenes[2], scenes[3]),
            tiles=tuple(placed),
            monuments=tuple(monuments),
        ),
        players=tuple(players),
        stock=stock,
        pile=document.pile,
        common_pool=document.common_pool,
        district_deck=document.district_deck,
        offer=document.offer,
        current=document.current,
        phase=document.phase,
        quarries=tuple(quarries),
        quarry_choices=document.quarry_choices,
        bonuses=document.bonuses,
        discarded=document.discarded,
        removed=document.removed,
        turn=document.turn,
        turns_left=document.turns_left,
    )


@checked_arguments
def read_state(
    data: object, source: str | None = None, registry: EffectRegistry = DEFAULT_REGISTRY
) -> GameState:
    """Validate ``data`` (a ``fertility-rules/game-state/1`` document) into a
    :class:`GameState`; raises :class:`~fertility_rules.MalformedInputError` with every
    problem and its JSON path, and the rule it breaks when it is one no game reaches
    (:mod:`fertility_rules.fertility.formats.reachable` says which properties are checked)."""
    context = _Context(registry, 0)
    converter = converter_with(registry, {Catalogue: context.catalogue})
    document = structure_document(
        data, _StateDocument, GAME_STATE_FORMAT, source, registry, converter
    )
    problems = _Problems()
    state = _state(document, registry, problems)
    if state is not None and not problems.found:
        problems.found.extend(reachability_problems(state))
    if problems.found or state is None:
        raise MalformedInputError(problems.found, source, GAME_STATE_FORMAT)
    return state


@checked_arguments
def read_observation(
    data: object, source: str | None = None, registry: EffectRegistry = DEFAULT_REGISTRY
) -> Observation:
    """Validate ``data`` (a ``fertility-rules/observation/1`` document) into an
    :class:`~fertility_rules.fertility.views.Observation`, the pair of :func:`dump_observation`.

    The table is checked as :func:`read_state` checks a state (the same reachability
    checks, with the pile known by its size); the hidden parts are only sizes and sorted
    lists, which must be what the table leaves unseen (R-9.2). Legal moves, when present,
    must be exactly the position's.
    """
    context = _Context(registry, 0)
    converter = converter_with(registry, {Catalogue: context.catalogue})
    document = structure_document(
        data, _ObservationDocument, OBSERVATION_FORMAT, source, registry, converter
    )
    problems = _Problems()
    if document.pile_size < 0:
        problems.add("$.pile_size", _("a number of 0 or more is needed"), "R-9.1")
    if document.deck_size != len(document.unseen_districts):
        problems.add(
            "$.deck_size",
            _(
                "the deck holds {n} Districts not yet seen, not {size}",
                n=len(document.unseen_districts),
                size=document.deck_size,
            ),
            "R-9.2",
        )
    table = {name: getattr(document, name) for name in _TABLE_FIELDS}
    state_document = _StateDocument(**table, district_deck=document.unseen_districts)
    state = _state(state_document, registry, problems)
    if state is not None and not problems.found:
        problems.found.extend(reachability_problems(state, document.pile_size))
    if problems.found or state is None:
        # The unseen Districts were read as the deck: their problems are told at their place.
        found = moved(problems.found, "$.district_deck", "$.unseen_districts")
        raise MalformedInputError(found, source, OBSERVATION_FORMAT)
    view = evolve(observe(state), pile_size=document.pile_size)
    _check_unseen(problems, document, view)
    if document.legal_moves is not None and not problems.found:
        _check_legal_moves(problems, document.legal_moves, view)
    if problems.found:
        raise MalformedInputError(problems.found, source, OBSERVATION_FORMAT)
    return view


def _check_unseen(problems: _Problems, document: _ObservationDocument, view: Observation) -> None:
    """The unseen lists are the table's, sorted (R-9.2); the pile's size is checked with
    the tiles in sight (:func:`reachability_problems`)."""
    if list(document.unseen_tiles) != list(view.unseen_tiles):
        problems.add(
            "$.unseen_tiles",
            _("the Valley tiles not in sight are {tiles}", tiles=", ".join(view.unseen_tiles)),
            "R-9.2",
        )
    if list(document.unseen_districts) != sorted(document.unseen_districts):
        problems.add("$.unseen_districts", _("the unseen Districts are listed sorted"), "R-9.2")


def _check_legal_moves(problems: _Problems, documents: Sequence[Any], view: Observation) -> None:
    """Each listed move is one of the position's legal moves, each once, all of them."""
    legal = legal_moves(view)
    known = set(legal)
    listed: set[Move] = set()
    for index, document in enumerate(documents):
        path = join("$.legal_moves", index)
        move = problems.run(path, read_move, document, view)
        if move is None:
            continue
        if move not in known:
            problems.add(path, _("this move is not legal in the position"), "R-3")
        elif move in listed:
            problems.add(path, _("this move is listed twice"))
        listed.add(move)
    if listed < known:
        problems.add(
            "$.legal_moves",
            ngettext(
                "{n} legal move of the position is missing",
                "{n} legal moves of the position are missing",
                len(known - listed),
            ),
            "R-3",
        )


_TABLE_FIELDS: tuple[str, ...] = tuple(a.name for a in fields(_Table))
