"""Step 1 of a turn: laying a Valley tile (R-3.1) or discarding one (R-3.2)."""

from __future__ import annotations

import functools
from typing import NamedTuple

from fertility_rules.fertility.model.metropolis import evolve_metropolis
from fertility_rules.fertility.model.resources import Counts, add_counts
from fertility_rules.fertility.moves import DiscardTile, Move, PlaceTile, discard_tile, place_tile
from fertility_rules.fertility.rules.harvest import harvest, take_from_stock
from fertility_rules.fertility.rules.quarries import quarry_step
from fertility_rules.fertility.state import (
    GameState,
    Phase,
    PlacedTile,
    evolve_out_of_play,
    evolve_player,
    evolve_state,
    evolve_valley,
    owing,
    without,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.values import unchecked_constructor
from fertility_rules.shared.violations import Violation

__all__ = [
    "PlacementYield",
    "apply_discard",
    "apply_place",
    "check_discard",
    "check_place",
    "placement_moves",
    "placement_yield",
    "placements",
]


_WAYS = ((1, False), (0, False), (1, True), (0, True))
"""The four ways to lay a tile, as :func:`_placement_masks` lists them: ``(step, swapped)``,
a step of 0 standing for the board's width (down)."""


@functools.lru_cache(maxsize=1024)
def _placements_of(tile_id: str, width: int, size: int) -> tuple[tuple[PlaceTile, ...], ...]:
    """The placements of one tile on a board of ``size`` squares, laid each of the four
    ways, each by its lower square.

    Moves are values: the same ones serve every game with this tile and board size, so
    they are made once, all together, and a listing only looks them up (bounded cache).
    """
    tables = []
    for step, swapped in _WAYS:
        step = step or width
        table = []
        for square in range(size - step):
            other = square + step
            first, second = (other, square) if swapped else (square, other)
            table.append(place_tile(tile_id, first, second))
        tables.append(tuple(table))
    return tuple(tables)


def _placement_masks(state: GameState, tile_id: str, near: list[int]) -> tuple[int, ...]:
    """The mask of lower squares for each way to lay ``tile_id`` (R-3.1), as
    :data:`_WAYS` orders them: right or down, each scene order. ``near[scene]`` is the
    empty squares next to that scene."""
    grid = state.config.layout
    a, b = state.config.tiles[tile_id].scenes
    empty = state.valley.empty
    width = grid.width
    adjacent_a = near[a]
    adjacent_b = near[b]
    horizontal = empty & (empty >> 1) & grid.not_last_column
    vertical = empty & (empty >> width)
    forward_h = horizontal & (adjacent_a | (adjacent_b >> 1))
    forward_v = vertical & (adjacent_a | (adjacent_b >> width))
    # A double tile laid either way round covers the same squares with the same scenes;
    # both orders are legal moves, so both are listed.
    return (
        forward_h,
        forward_v,
        forward_h if a == b else horizontal & (adjacent_b | (adjacent_a >> 1)),
        forward_v if a == b else vertical & (adjacent_b | (adjacent_a >> width)),
    )


def _near_scenes(state: GameState) -> list[int]:
    """The empty squares next to each scene in play, by scene."""
    grid = state.config.layout
    empty = state.valley.empty
    return [grid.dilate(scene) & empty for scene in state.valley.scenes]


def placements(state: GameState, tile_id: str) -> list[PlaceTile]:
    """Every legal way to lay ``tile_id`` now (R-3.1), each order of its squares once."""
    moves: list[PlaceTile] = []
    _add_reversed(moves, state, tile_id, _near_scenes(state))
    moves.reverse()
    return moves


def _add_reversed(
    moves: list[Move] | list[PlaceTile],
    state: GameState,
    tile_id: str,
    near: list[int],
) -> None:
    """Append the placements of ``tile_id`` last first: the highest square of the last
    way first (the highest set bit of a mask is the cheapest to find)."""
    grid = state.config.layout
    size = grid.width * grid.height
    tables = _placements_of(tile_id, grid.width, size)
    masks = _placement_masks(state, tile_id, near)
    bits = _square_bits(size)
    append = moves.append
    for way in (3, 2, 1, 0):
        mask = masks[way]
        if mask:
            table = tables[way]
            while mask:
                square = mask.bit_length() - 1
                append(table[square])
                mask -= bits[square]


@functools.lru_cache(maxsize=16)
def _square_bits(size: int) -> tuple[int, ...]:
    """``1 << square`` for each square of a board: looked up rather than made."""
    return tuple(1 << square for square in range(size))


def _can_lay(state: GameState, tile_id: str, near: list[int]) -> bool:
    return any(_placement_masks(state, tile_id, near))


def placement_moves(state: GameState) -> list[Move]:
    """Placements of every Personal Pool tile, or discards when there is none (R-3.2)."""
    moves: list[Move] = []
    near = _near_scenes(state)
    tiles = dict.fromkeys(state.player.pool)
    for tile in reversed(tiles):
        _add_reversed(moves, state, tile, near)
    if not moves:
        return [discard_tile(tile) for tile in tiles]
    moves.reverse()
    return moves


def _adjacent(width: int, first: int, second: int) -> bool:
    if abs(first - second) == width:
        return True
    return abs(first - second) == 1 and first // width == second // width


def check_place(state: GameState, move: PlaceTile) -> list[Violation]:
    """Every rule the placement breaks: a tile of the Personal Pool on two empty desert
    squares, a scene next to an identical one (R-3.1), the squares adjacent (R-1.3)."""
    grid = state.config.layout
    problems: list[Violation] = []
    if move.tile not in state.player.pool:
        problems.append(
            Violation("R-3.1", _("Tile {tile} is not in your Personal Pool.", tile=move.tile))
        )
    size = grid.width * grid.height
    on_board = True
    for square in (move.first, move.second):
        if not 0 <= square < size:
            problems.append(
                Violation("R-3.1", _("Square {square} is off the board.", square=square))
            )
            on_board = False
        elif not (state.valley.empty >> square) & 1:
            row, column = grid.coordinates(square)
            problems.append(
                Violation(
                    "R-3.1",
                    _(
                        "Square ({row}, {column}) is not an empty desert square.",
                        row=row,
                        column=column,
                    ),
                )
            )
    if not _adjacent(grid.width, move.first, move.second):
        problems.append(
            Violation("R-1.3", _("The two halves of a tile must be on adjacent squares."))
        )
    tile = state.config.tiles.get(move.tile)
    if on_board and tile is not None:
        a, b = tile.scenes
        if not (
            grid.nb4[move.first] & state.valley.scenes[a]
            or grid.nb4[move.second] & state.valley.scenes[b]
        ):
            problems.append(
                Violation(
                    "R-3.1",
                    _("Neither scene of the tile touches an identical scene already in play."),
                )
            )
    return problems


def check_discard(state: GameState, move: DiscardTile) -> list[Violation]:
    if move.tile not in state.player.pool:
        return [Violation("R-3.2", _("Tile {tile} is not in your Personal Pool.", tile=move.tile))]
    near = _near_scenes(state)
    for tile in state.player.pool:
        if _can_lay(state, tile, near):
            return [
                Violation(
                    "R-3.2",
                    _("A tile may be discarded only when none can be laid; {tile} can.", tile=tile),
                )
            ]
    return []


_squares = functools.lru_cache(maxsize=16384)(lambda first, second: (first, second))
"""The pair of squares of a tile laid: one tuple per pair, shared by every game."""


_placed_tile = unchecked_constructor(PlacedTile)
"""A tile laid, made from the checked move and the catalogue's values."""


class PlacementYield(NamedTuple):
    """What laying a tile gives the player deciding (R-3.3), the Stock's limits applied
    (R-1.1, I-3), and the decision that follows (R-3.3.D)."""

    stock: Counts
    """The Stock after the harvest."""
    taken: Counts
    """The tokens the player takes from the Stock into their supply."""
    wheat: int
    """The player's Wheat after the harvest, on their track."""
    quarries: tuple[int, ...]
    """Quarries awaiting a choice."""
    quarry_choices: int
    phase: Phase
    """The decision that follows: a Quarry choice, or building."""


def placement_yield(state: GameState, move: PlaceTile) -> PlacementYield:
    """What laying a tile yields (``move`` a legal placement at ``state``), without making
    the state it leads to: an agent weighing many placements reads this alone."""
    config = state.config
    scenes = config.tiles[move.tile].scenes
    result = harvest(
        config.layout, state.valley, move.first, move.second, scenes, config.interpretations
    )
    stock, taken = take_from_stock(state.stock, result.tokens)
    player = state.player
    metropolis = player.metropolis
    wheat = metropolis.wheat
    if result.wheat:
        wheat = min(metropolis.wheat_top, wheat + result.wheat)
    # The Quarry step reads the player's Monuments only, which a placement leaves as they are.
    quarries, choices, phase = quarry_step(player, stock, result.quarries, result.quarry_choices)
    return PlacementYield(stock, taken, wheat, quarries, choices, phase)


def apply_place(state: GameState, move: PlaceTile) -> GameState:
    found = placement_yield(state, move)
    scenes = state.config.tiles[move.tile].scenes
    valley = state.valley
    first, second = 1 << move.first, 1 << move.second
    valley_scenes = list(valley.scenes)
    valley_scenes[scenes[0]] |= first
    valley_scenes[scenes[1]] |= second
    valley = evolve_valley(
        valley,
        empty=valley.empty & ~(first | second),
        scenes=(valley_scenes[0], valley_scenes[1], valley_scenes[2], valley_scenes[3]),
        tiles=valley.tiles.plus(
            _placed_tile(move.tile, _squares(move.first, move.second), scenes, state.current)
        ),
    )
    player = state.player
    metropolis = player.metropolis
    if found.wheat != metropolis.wheat:
        metropolis = evolve_metropolis(metropolis, wheat=found.wheat)
    player = evolve_player(
        player,
        supply=add_counts(player.supply, found.taken),
        pool=without(player.pool, move.tile),
        metropolis=metropolis,
    )
    return evolve_state(
        state,
        player=player,
        valley=valley,
        stock=found.stock,
        pending=owing(state.pending, found.quarries, found.quarry_choices),
        phase=found.phase,
    )


def apply_discard(state: GameState, move: DiscardTile) -> GameState:
    player = evolve_player(state.player, pool=without(state.player.pool, move.tile))
    return evolve_state(
        state,
        player=player,
        out_of_play=evolve_out_of_play(state.out_of_play, discarded=(*state.discarded, move.tile)),
        phase=Phase.BUILD,
    )
