"""Setting up a game (R-2, R-8): from a seed, or from an explicit table setup."""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Sequence

from attrs import field, frozen

from fertility_rules.arguments import checked_arguments, typed_fields
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.effects.registry import EffectRegistry
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.resources import MonumentType, Resource
from fertility_rules.fertility.model.valley import BOARD_HEIGHT, MAX_BOARD_WIDTH, Ground, StartTile
from fertility_rules.fertility.rules.geometry import ValleyLayout, layout
from fertility_rules.fertility.state import (
    GameConfig,
    GameState,
    PlacedTile,
    PlayerState,
    ValleyState,
)
from fertility_rules.i18n.message import _, ngettext
from fertility_rules.shared.players import name_problems
from fertility_rules.shared.seeds import seed_problems
from fertility_rules.shared.values import unchecked_constructor

__all__ = [
    "COMMON_POOL",
    "OFFER",
    "PERSONAL_POOL",
    "Setup",
    "new_game",
    "random_setup",
    "start_anchors",
    "start_game",
    "start_tile_scenes",
    "tiles_in_play",
    "valley_board_problems",
]

_NO_INTERPRETATION_CHOSEN = Interpretations()
"""The default reading of every switch, shared by the games that choose none."""

PERSONAL_POOL = 3
COMMON_POOL = 3
OFFER = 4
_TILES = {2: 24, 3: 35, 4: 46}
_VARIANT_TILES = 39


@checked_arguments
def tiles_in_play(players: int, variant: bool = False) -> int:
    """Valley tiles drawn at setup: 24 / 35 / 46, or 39 in the 2-player variant (R-2.2, R-8)."""
    _check_players(players, variant)
    return _drawn(players, variant)


def _drawn(players: int, variant: bool) -> int:
    return _VARIANT_TILES if variant else _TILES[players]


def valley_boards_for(players: int) -> int:
    """3 Valley boards for 2 or 3 players, 4 for 4 (R-1.4)."""
    return 4 if players == 4 else 3


def _check_rotation(_instance: object, _attribute: object, value: int) -> None:
    if not 0 <= value < 4:
        raise MalformedInputError.single(
            "start_rotation", _("a quarter-turn count is 0 to 3"), "R-2.1"
        )


def _check_start_square(_instance: object, _attribute: object, value: tuple[int, int]) -> None:
    row, column = value
    if not (0 <= row < BOARD_HEIGHT and 0 <= column < MAX_BOARD_WIDTH):
        raise MalformedInputError.single(
            "start", _("square {square} is off the board", square=str(list(value))), "R-1.4"
        )


@frozen(field_transformer=typed_fields)
class Setup:
    """An explicit table setup, so that a real game can be entered and replayed.

    ``valley`` lists the Valley boards left to right with their 180° turn; the starting
    tile's top-left square is ``start`` (row, column), its scenes turned a quarter
    ``start_rotation`` times; ``tiles`` is the draw order (Personal Pools are dealt
    first, then the Common Pool); ``districts`` is the District pile, top first.
    """

    valley: tuple[tuple[str, bool], ...]
    start: tuple[int, int] = field(validator=_check_start_square)
    start_rotation: int = field(validator=_check_rotation)
    tiles: tuple[str, ...]
    districts: tuple[str, ...]
    metropolis_boards: tuple[str, ...]
    monument_types: tuple[MonumentType, ...]


_drawn_setup = unchecked_constructor(Setup)


def _layout(catalogue: Catalogue, valley: Sequence[tuple[str, bool]]) -> ValleyLayout:
    return layout(tuple((catalogue.valley_board(board), turned) for board, turned in valley))


def _centre_distance(grid: ValleyLayout, square: int) -> float:
    row, column = grid.coordinates(square)
    return math.hypot(row + 0.5 - grid.height / 2, column + 0.5 - grid.width / 2)


@functools.lru_cache(maxsize=256)
def _nearest_start_symbols(grid: ValleyLayout) -> tuple[int, ...]:
    """Cached per layout (layouts are cached, so the same object serves every game)."""
    if not grid.start_symbols:
        return ()
    best = min(_centre_distance(grid, s) for s in grid.start_symbols)
    return tuple(s for s in grid.start_symbols if abs(_centre_distance(grid, s) - best) < 1e-9)


def _block(grid: ValleyLayout, row: int, column: int) -> list[int] | None:
    squares = []
    for r in (row, row + 1):
        for c in (column, column + 1):
            if not grid.contains(r, c):
                return None
            index = grid.index(r, c)
            if grid.squares[index].ground is not Ground.DESERT:
                return None
            squares.append(index)
    return squares


@functools.lru_cache(maxsize=1024)
def _anchors_on(grid: ValleyLayout, symbol: int) -> tuple[tuple[float, tuple[int, int]], ...]:
    """``(distance, top-left square)`` of each 2 x 2 desert block covering ``symbol``."""
    row, column = grid.coordinates(symbol)
    anchors = []
    for r in (row - 1, row):
        for c in (column - 1, column):
            block = _block(grid, r, c)
            if block is not None:
                anchors.append((sum(_centre_distance(grid, s) for s in block), (r, c)))
    return tuple(anchors)


def start_anchors(grid: ValleyLayout) -> list[tuple[int, int]]:
    """Top-left squares where the 2 x 2 starting tile may go: on a start symbol nearest
    the centre (R-2.1, I-14), covering desert only, nearest the centre first."""
    return list(_start_anchors(grid))


@functools.lru_cache(maxsize=256)
def _start_anchors(grid: ValleyLayout) -> tuple[tuple[int, int], ...]:
    anchors = sorted(
        a for symbol in _nearest_start_symbols(grid) for a in _anchors_on(grid, symbol)
    )
    return tuple(anchor for _, anchor in anchors)


@checked_arguments
def random_setup(
    catalogue: Catalogue, players: int, variant: bool = False, seed: int | None = None
) -> Setup:
    """A setup drawn with ``random.Random(seed)``: boards, turns, piles, boards per player."""
    return _random_setup(catalogue, players, variant, seed)[0]


def _shuffle(rng: random.Random, items: list[str]) -> None:
    """``rng.shuffle(items)``, step for step (Fisher-Yates from the end, each index drawn
    by rejection from ``getrandbits``), without a method call per item: a seed deals the
    same game on every Python version, and setting up costs less."""
    getrandbits = rng.getrandbits
    for i, n, k in _shuffle_steps(len(items)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


@functools.lru_cache(maxsize=64)
def _shuffle_steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """``(index, bound, bits)`` of each swap of a shuffle of ``length`` items."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, length)))


def _random_setup(
    catalogue: Catalogue, players: int, variant: bool, seed: int | None
) -> tuple[Setup, ValleyLayout]:
    """The setup drawn from ``seed`` and its Valley layout."""
    _check_players(players, variant)
    rng = random.Random(seed)
    boards = rng.sample(catalogue.valley_boards, valley_boards_for(players))
    valley = tuple((board.id, rng.random() < 0.5) for board in boards)
    grid = _layout(catalogue, valley)
    # Between equally near start symbols the players choose: here, the seed does.
    symbols = _start_symbols(grid)
    start = min(_anchors_on(grid, rng.choice(symbols)))[1] if symbols else (0, 0)
    tiles = [t.id for t in catalogue.valley_tiles]
    _shuffle(rng, tiles)
    districts = [d.id for d in catalogue.districts]
    _shuffle(rng, districts)
    metropolis = rng.sample([b.id for b in catalogue.metropolis_boards], players)
    monuments = rng.sample(catalogue.monuments.types, players)
    setup = _drawn_setup(  # valid by construction: not checked again (new_game is hot)
        valley,
        start,
        rng.randrange(4),
        tuple(tiles[: _drawn(players, variant)]),
        tuple(districts),
        tuple(metropolis),
        tuple(monuments),
    )
    return setup, grid


@functools.lru_cache(maxsize=256)
def _start_symbols(grid: ValleyLayout) -> tuple[int, ...]:
    """The start symbols nearest the centre with a desert block for the starting tile."""
    return tuple(s for s in _nearest_start_symbols(grid) if _anchors_on(grid, s))


def _check_players(players: int, variant: bool) -> None:
    if players not in _TILES:
        raise MalformedInputError.single(
            "players", _("Fertility is played by 2 to 4 players, not {n}.", n=players), "R-2.2"
        )
    if variant and players != 2:
        raise MalformedInputError.single(
            "variant", _("The variant is for 2 players only, not {n}.", n=players), "R-8"
        )


def _rotate(scenes: tuple[tuple[Resource, Resource], ...], quarter_turns: int) -> list[Resource]:
    grid = [list(row) for row in scenes]
    for _turn in range(quarter_turns % 4):
        grid = [[grid[1][0], grid[0][0]], [grid[1][1], grid[0][1]]]
    return [grid[0][0], grid[0][1], grid[1][0], grid[1][1]]


def start_tile_scenes(start_tile: StartTile) -> list[list[Resource]]:
    """The scenes of the starting tile, top left, top right, bottom left, bottom right,
    in each of its four quarter turns (R-2.1, I-14)."""
    return [_rotate(start_tile.scenes, turns) for turns in range(4)]


def valley_board_problems(boards: Sequence[str], players: int, path: str) -> list[Problem]:
    """The central board's Valley boards: 3 for 2 or 3 players, 4 for 4, each once (R-1.4)."""
    problems = []
    if players in _TILES and len(boards) != valley_boards_for(players):
        problems.append(
            Problem(
                path,
                ngettext(
                    "{n} Valley board makes the central board for {players} players",
                    "{n} Valley boards make the central board for {players} players",
                    valley_boards_for(players),
                    players=players,
                ),
                "R-1.4",
            )
        )
    if len(set(boards)) != len(boards):
        problems.append(Problem(path, _("a Valley board is used twice"), "R-1.4"))
    return problems


def _check_setup(
    catalogue: Catalogue, names: Sequence[str], setup: Setup, variant: bool
) -> list[Problem]:
    problems = name_problems(names, "$.players")
    players = len(names)
    ids = catalogue.ids
    boards = [b for b, _r in setup.valley]
    problems += valley_board_problems(boards, players, "$.setup.valley")
    if any(b not in ids.valley_boards for b in boards):
        problems.append(
            Problem(
                "$.setup.valley",
                _("{n} known Valley boards are needed", n=valley_boards_for(players)),
                "R-1.4",
            )
        )
    expected = tiles_in_play(players, variant)
    if (
        len(setup.tiles) != expected
        or len(set(setup.tiles)) != expected
        or not ids.valley_tiles >= set(setup.tiles)
    ):
        problems.append(
            Problem(
                "$.setup.tiles",
                _("{n} different known Valley tiles are drawn", n=expected),
                "R-2.2",
            )
        )
    if len(set(setup.districts)) != len(setup.districts) or not ids.districts >= set(
        setup.districts
    ):
        problems.append(
            Problem(
                "$.setup.districts", _("the District pile holds different known Districts"), "R-2.5"
            )
        )
    elif len(setup.districts) != len(ids.districts):
        problems.append(
            Problem(
                "$.setup.districts",
                _(
                    "the District pile is the whole deck of {n} Districts, not {count}",
                    n=len(ids.districts),
                    count=len(setup.districts),
                ),
                "R-2.5",
            )
        )
    if len(setup.metropolis_boards) != players or not ids.metropolis_boards >= set(
        setup.metropolis_boards
    ):
        problems.append(
            Problem("$.setup.metropolis_boards", _("each player takes a Metropolis board"), "R-2.4")
        )
    elif len(set(setup.metropolis_boards)) != players:
        problems.append(
            Problem(
                "$.setup.metropolis_boards",
                _("each player takes a different Metropolis board"),
                "R-2.4",
            )
        )
    if len(setup.monument_types) != players or len(set(setup.monument_types)) != players:
        problems.append(
            Problem(
                "$.setup.monument_types", _("each player takes a different Monument type"), "R-2.6"
            )
        )
    return problems


def _check_start(grid: ValleyLayout, setup: Setup) -> list[Problem]:
    if setup.start in _start_anchors(grid):
        return []
    message = _("the starting tile goes on the start symbol nearest the centre, on desert squares")
    return [Problem("$.setup.start", message, "R-2.1")]


@checked_arguments
def start_game(
    names: Sequence[str],
    setup: Setup,
    catalogue: Catalogue | None = None,
    variant: bool = False,
    interpretations: Interpretations | None = None,
    registry: EffectRegistry | None = None,
) -> GameState:
    """The state after setup (R-2): the first player (the youngest, R-2.7) is to play.

    The effect kinds are ``registry``'s, by default those the catalogue carries.
    """
    catalogue = catalogue or default_catalogue()
    _check_players(len(names), variant)
    problems = _check_setup(catalogue, names, setup, variant)
    grid = None if problems else _layout(catalogue, setup.valley)
    if grid is not None:
        problems += _check_start(grid, setup)
    if problems or grid is None:
        raise MalformedInputError(problems)
    return _table(names, setup, grid, catalogue, variant, interpretations, registry)


@functools.lru_cache(maxsize=1024)
def _start_valley(
    grid: ValleyLayout, start: tuple[int, int], start_tile: StartTile, rotation: int
) -> ValleyState:
    """The central board with the starting tile laid (R-2.1); cached: a value that
    depends on these only, the same for every game set up this way."""
    row, column = start
    squares = [grid.index(row + dr, column + dc) for dr in (0, 1) for dc in (0, 1)]
    scenes = _rotate(start_tile.scenes, rotation)
    masks = [0, 0, 0, 0]
    for square, scene in zip(squares, scenes, strict=True):
        masks[scene] |= 1 << square
    return ValleyState(
        empty=grid.desert & ~sum(1 << s for s in squares),
        scenes=(masks[0], masks[1], masks[2], masks[3]),
        tiles=(PlacedTile("start", tuple(squares), tuple(scenes), None),),
    )


def _table(
    names: Sequence[str],
    setup: Setup,
    grid: ValleyLayout,
    catalogue: Catalogue,
    variant: bool,
    interpretations: Interpretations | None,
    registry: EffectRegistry | None,
) -> GameState:
    """The state after a setup already checked (R-2): the table as it is laid out."""
    valley = _start_valley(grid, setup.start, catalogue.start_tile, setup.start_rotation)
    tiles = list(setup.tiles)
    players = []
    for index, name in enumerate(names):
        board = catalogue.metropolis_board(setup.metropolis_boards[index])
        pool = tuple(tiles[index * PERSONAL_POOL : (index + 1) * PERSONAL_POOL])
        players.append(
            PlayerState(
                name=name,
                monument_type=setup.monument_types[index],
                metropolis=board.empty_metropolis(),
                pool=pool,
            )
        )
    dealt = len(names) * PERSONAL_POOL
    stock = catalogue.stock_per_resource
    config = GameConfig(
        catalogue=catalogue,
        interpretations=interpretations or _NO_INTERPRETATION_CHOSEN,
        variant=variant,
        layout=grid,
        tiles=catalogue.tiles_by_id,
        registry=registry or catalogue.registry,
    )
    return GameState(
        config=config,
        valley=valley,
        players=tuple(players),
        stock=(stock, stock, stock, stock),
        pile=tuple(tiles[dealt + COMMON_POOL :]),
        common_pool=tuple(tiles[dealt : dealt + COMMON_POOL]),
        district_deck=tuple(setup.districts[OFFER:]),
        offer=tuple(setup.districts[:OFFER]),
    )


@checked_arguments
def new_game(
    names: Sequence[str],
    seed: int | None = None,
    catalogue: Catalogue | None = None,
    variant: bool = False,
    interpretations: Interpretations | None = None,
    registry: EffectRegistry | None = None,
) -> GameState:
    """A game set up at random from ``seed`` (R-2); players in turn order."""
    wrong_seed = [] if seed is None else seed_problems(seed, "seed")
    if wrong_seed:
        raise MalformedInputError(wrong_seed)
    catalogue = catalogue or default_catalogue()
    setup, grid = _random_setup(catalogue, len(names), variant, seed)
    problems = name_problems(names, "$.players")
    if problems:
        raise MalformedInputError(problems)
    # The drawn setup is valid by construction: only the names come from the caller.
    return _table(names, setup, grid, catalogue, variant, interpretations, registry)
