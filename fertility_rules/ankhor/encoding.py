"""Ankh'or's fixed action space and numeric observation.

A layout grows anywhere on the table, so a place is never named by its coordinates: it is
named by a tile of the player's layout (its index in the layout, which is sorted by
position) and where the place lies from it. A base space is a direction from the first
base tile it touches (A-3.4); a higher space is the tile under its corner, the first of
its four supporters (A-3.5); a player's first tile has one place of its own. Tiles of the
offer are named by their slot, tokens by their counts. Every bound comes from the rules
and the catalogue, never from games played (``K``: the most tiles a layout can hold, the
end's tile count plus the catalogue's scribes, 13 + 5 = 18 by default: a player reaches
the end's count at most once in a normal turn, and each scribe bought gives one bonus turn
of one more tile, A-3.7, A-6.1; ``W``: the catalogue's warehouses, 5):

==============  ===========================================  ===============================
section         size                                         why it is enough
==============  ===========================================  ===============================
take            84 token counts                              3 tokens of 6 kinds, or all
                                                             of fewer (A-3.2, Q-7): every
                                                             count of at most 3 tokens
buy             6 slots x (5 K + 1) places x 6 unpaid        A-1.3 (6 slots), A-3.4 (4 K
                                                             base spaces, the first tile),
                                                             A-3.5 (K higher spaces; no
                                                             marker or one of 5 colours
                                                             left unpaid)
pass            1                                            A-6.3
refresh         3 (pile 1, pile 2, both empty)               A-4.2
move            K origins x 5 K places                       A-4.3
end_actions     1                                            A-3.9
store           2 ** W sets of warehouses                    A-3.6 (each of the player's
                                                             warehouses, in layout order,
                                                             is one bit)
return          84 token counts                              A-3.9: at most the 3 tokens
                                                             taken this turn are above the
                                                             limits
refill          2 piles                                      A-5.1, Q-11
==============  ===========================================  ===============================

The places of a layout of ``K`` tiles are numbered: ``4 i + d`` is the base space in
direction ``d`` (right, left, down, up: ``x + 1``, ``x - 1``, ``y + 1``, ``y - 1``) of the
``i``-th tile, when that tile is the first base tile the space touches; ``4 K + i`` is the
higher space whose corner rests on the ``i``-th tile; ``5 K`` is the first tile's place.
A tile moved is not counted among the tiles its new place touches. The same for every
player count: only the observation's seats depend on it.

The numeric observation has one section per public component of a view (A-8.1); see
:func:`observation_layout`. Tiles are numbered from 1 in catalogue order (0: none). A
layout is written from its own corner (the least ``x`` and ``y`` of its tiles): where it
lies on the table is the only thing of a view the observation leaves out, as no rule
depends on it.
"""

from __future__ import annotations

import itertools
from array import array
from collections.abc import Mapping, Sequence
from functools import cache
from operator import attrgetter
from typing import cast

from attrs import fields

from fertility_rules.ankhor.arguments import require, table_needed
from fertility_rules.ankhor.catalogue import OFFER_SLOTS, PLAYER_COUNTS, Catalogue
from fertility_rules.ankhor.formats.catalogue import default_catalogue
from fertility_rules.ankhor.interpretations import Interpretations
from fertility_rules.ankhor.model import COLOURS, Colour, Kind, Placed, Position, Tile, Tokens
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
from fertility_rules.ankhor.rules.engine import legal_moves
from fertility_rules.ankhor.state import GameState, Phase, evolve_state
from fertility_rules.ankhor.views import Observation, observe
from fertility_rules.arguments import checked_arguments
from fertility_rules.encoding.spaces import (
    ActionSection,
    ActionSpace,
    FeatureLayout,
    FeatureSection,
    Numbering,
    by_place,
    float_array,
    one_hot,
    one_hots,
    switch_numbers,
)
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _
from fertility_rules.shared.sequences import Rest
from fertility_rules.shared.values import ByIdentity, carried

__all__ = [
    "action_space",
    "checked_view",
    "hidden_items",
    "hidden_piles",
    "hidden_sizes",
    "most_tiles",
    "observation_layout_value",
    "setting",
    "with_hidden",
]

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""Where a base space lies from the base tile it touches."""
UNPAID: tuple[Colour | None, ...] = (None, *COLOURS)
"""The marker left unpaid: none (a base tile), or one of each colour (A-3.5)."""
Table = GameState | Observation
"""A state or its view: the encodings read only public parts (A-8.1)."""
TAKEN = 3
"""Tokens taken by a main action (A-3.2), hence also the most above the limits (A-3.9)."""


def _counts() -> tuple[Tokens, ...]:
    """Every count of at most 3 tokens of the 6 kinds, fewest first."""
    found = []
    for size in range(TAKEN + 1):
        for kinds in itertools.combinations_with_replacement(range(6), size):
            c = [kinds.count(kind) for kind in range(6)]
            found.append((c[0], c[1], c[2], c[3], c[4], c[5]))
    return tuple(found)


TOKEN_COUNTS = _counts()
_COUNT_INDEX = {counts: i for i, counts in enumerate(TOKEN_COUNTS)}


@checked_arguments
def most_tiles(catalogue: Catalogue) -> int:
    """The most tiles a layout can hold (A-6.1, A-3.7): the end's count, and one more for
    each scribe of the catalogue."""
    scribes = sum(1 for tile in catalogue.tiles if tile.kind is Kind.SCRIBE)
    return min(len(catalogue.tiles), catalogue.end.tiles + scribes)


def _warehouse_count(catalogue: Catalogue) -> int:
    return sum(1 for tile in catalogue.tiles if tile.kind is Kind.WAREHOUSE)


def checked_view(view: object) -> Observation:
    """The view of ``view``: a state is observed first; anything else is refused."""
    require(view, (Observation, GameState), "view", table_needed)
    return observe(view) if type(view) is GameState else cast(Observation, view)


# ------------------------------------------------------------------------------ places


class _Places:
    """The numbered places of a layout (see the module), found once per layout: the
    number of every place, each base space named from the first base tile it touches."""

    __slots__ = ("_bought", "_layout", "_most", "_order", "_positions", "whole")

    def __init__(self, layout: Sequence[Placed], most: int) -> None:
        self._layout = layout
        self._most = most
        self._order: dict[Position, int] | None = None
        self._bought: dict[Position, int] | None = None
        self._positions: list[Position] = []
        whole: dict[Position, int] = {}
        first = whole.setdefault  # the first base tile a space touches names it
        for i, placed in enumerate(layout):
            level, x, y = placed.level, placed.x, placed.y
            if i >= most:  # a tile beyond the most names no place
                if level == 0:
                    for dx, dy in DIRECTIONS:
                        first((0, x + dx, y + dy), -1)
                whole[(level + 1, x, y)] = -1
                continue
            if level == 0:
                number = i * 4  # the directions of DIRECTIONS, in order
                first((0, x + 1, y), number)
                first((0, x - 1, y), number + 1)
                first((0, x, y + 1), number + 2)
                first((0, x, y - 1), number + 3)
            whole[(level + 1, x, y)] = 4 * most + i
        if not layout:
            whole[(0, 0, 0)] = 5 * most
        self.whole: Mapping[Position, int] = whole

    def bought(self, each: int) -> dict[Position, int]:
        """The number of every place a tile can be bought to, times ``each`` (the
        number of ways to pay), made once per layout: the part of a purchase's offset
        that depends on the layout (places beyond the most left out)."""
        if self._bought is None:
            self._bought = {p: n * each for p, n in self.whole.items() if n >= 0}
        return self._bought

    def _index(self) -> dict[Position, int]:
        """Every tile's place in the layout, by position (and the positions in order)."""
        if self._order is None:
            self._positions = [placed.position for placed in self._layout]
            self._order = {position: i for i, position in enumerate(self._positions)}
        return self._order

    def _without(self, target: Position, origin: Position) -> int:
        """The number of base space ``target`` when the tile at ``origin`` is not counted:
        named from the first other base tile it touches."""
        index = self._index()
        _level, x, y = target
        found, number = len(self._layout), -1
        for direction, (dx, dy) in enumerate(DIRECTIONS):
            tile = (0, x - dx, y - dy)  # the space lies in this direction from the tile
            i = index.get(tile, -1)
            if 0 <= i < found and tile != origin:
                found, number = i, i * 4 + direction
        return number if found < self._most else -1

    def moved(self, moves: Sequence[MoveTile], size: int) -> list[int]:
        """The offset of each move of a tile: the tile's place in the layout times
        ``size``, plus the number of its new place, the tile itself not counted among the
        tiles that place touches; -1 for a move that has none."""
        whole, index = self.whole, self._index()
        positions, most, higher = self._positions, self._most, 4 * self._most
        found = []
        for move in moves:
            origin, target = move.origin, move.target
            place = whole.get(target, -1)
            if place >= higher:  # a higher space: the tile under its corner is not moved
                if place >= higher + most or positions[place - higher] == origin:
                    place = -1  # (or the first tile's place: no tile to move)
            elif place < 0 or positions[place // 4] == origin:
                place = self._without(target, origin) if target[0] == 0 else -1
            at = index.get(origin, -1)
            found.append(at * size + place if 0 <= at < most and 0 <= place < size else -1)
        return found


_PLACES: ByIdentity[Sequence[Placed], tuple[int, _Places]] = ByIdentity(256)
"""The places of the layouts met, by the layout's identity (a bounded memo: a layout is
shared by every state until its owner buys or moves a tile; a few hundred cover the
layouts in play, where thousands made the process grow page by page)."""


def _places(layout: Sequence[Placed], most: int) -> _Places:
    """The numbered places of ``layout`` (tiles beyond the first ``most`` name none)."""
    known = _PLACES.get(layout)
    if known is not None and known[0] == most:
        return known[1]
    return _PLACES.keep(layout, (most, _Places(layout, most)))[1]


def _warehouses(layout: Sequence[Placed]) -> list[Position]:
    return [p.position for p in layout if p.tile.kind is Kind.WAREHOUSE]


# ------------------------------------------------------------------------------ actions


def _check_players(players: object) -> int:
    if type(players) is not int or players not in PLAYER_COUNTS:
        raise MalformedInputError.single(
            "players", _("Ankh'or is played by 2 to 4 players, not {n}.", n=repr(players)), "A-2.1"
        )
    return players


def _no_variant(variant: object) -> None:
    if variant:
        raise MalformedInputError.single("variant", _("Ankh'or has no variant."), "A-2")


@checked_arguments
@cache
def action_space(
    players: int, variant: bool = False, catalogue: Catalogue | None = None
) -> ActionSpace[Table, Move]:
    """The action space of a game of ``players`` (2 to 4; Ankh'or has no variant)."""
    _check_players(players)
    _no_variant(variant)
    catalogue = catalogue or default_catalogue()
    most = most_tiles(catalogue)
    places = 5 * most + 1
    moved_places = 5 * most
    stores = 1 << _warehouse_count(catalogue)

    def layout_of(table: Table) -> tuple[Placed, ...]:
        return table.players[table.current].tiles

    def buy_places(table: Table) -> tuple[dict[Position, int]]:
        return (_places(layout_of(table), most).bought(len(UNPAID)),)

    counts = Numbering[Table](((("tokens",), _COUNT_INDEX),))
    buys = Numbering(
        (
            (("slot",), by_place(range(OFFER_SLOTS), places * len(UNPAID))),
            (("position",), 0),
            (("unpaid",), by_place(UNPAID)),
        ),
        buy_places,
    )

    def move_offsets(moves: Sequence[MoveTile], table: Table) -> list[int]:
        return _places(layout_of(table), most).moved(moves, moved_places)

    refresh = Numbering[Table](((("pile",), {0: 0, 1: 1, None: 2}),))

    def store_offsets(moves: Sequence[StoreTokens], table: Table) -> list[int]:
        bits = {p: 1 << i for i, p in enumerate(_warehouses(layout_of(table)))}
        return [
            sum(bits[p] for p in m.warehouses) if all(p in bits for p in m.warehouses) else -1
            for m in moves
        ]

    refill = Numbering[Table](((("pile",), {0: 0, 1: 1}),))
    only = Numbering[Table](())

    sections: tuple[ActionSection[Table, Move], ...] = (
        ActionSection("take", len(TOKEN_COUNTS), "A-3.2, Q-7", (TakeTokens,), counts),
        ActionSection(
            "buy",
            OFFER_SLOTS * places * len(UNPAID),
            "A-1.3, A-3.4, A-3.5, A-3.7, A-6.1",
            (BuyTile,),
            buys,
        ),
        ActionSection("pass", 1, "A-6.3", (PassMain,), only),
        ActionSection("refresh", 3, "A-4.2", (Refresh,), refresh),
        ActionSection("move", most * moved_places, "A-4.3", (MoveTile,), move_offsets),
        ActionSection("end_actions", 1, "A-3.9", (EndActions,), only),
        ActionSection("store", stores, "A-3.6", (StoreTokens,), store_offsets),
        ActionSection("return", len(TOKEN_COUNTS), "A-3.2, A-3.9", (ReturnTokens,), counts),
        ActionSection("refill", 2, "A-5.1, Q-11", (Refill,), refill),
    )
    return ActionSpace(sections, legal_moves)


# ------------------------------------------------------------------------- observation

_SWITCHES = tuple(a.name for a in fields(Interpretations))
_PHASES = {phase: i for i, phase in enumerate(Phase)}
_KINDS = {kind: i for i, kind in enumerate(Kind)}
TILE_NUMBERS = 1 + len(COLOURS) + len(_KINDS) + 1
"""Numbers per tile of the offer: its number, colour, kind and printed points."""
PLACED_NUMBERS = 1 + len(COLOURS) + len(_KINDS) + 4
"""Numbers per tile of a layout: its number, colour, kind, level, x and y from the
layout's corner, and whether a token is stored on it."""


@cache
def _numbers(catalogue: Catalogue) -> dict[str, float]:
    return {tile.id: float(i + 1) for i, tile in enumerate(catalogue.tiles)}


_NO_TILE = (0.0,) * TILE_NUMBERS


def _tile(numbers: dict[str, float], tile: Tile | None) -> tuple[float, ...]:
    """A tile as the numbers of an offer slot (:data:`TILE_NUMBERS`), made once per tile."""
    if tile is None:
        return _NO_TILE
    kept = _TILES.get(tile)
    if kept is not None and kept[0] is numbers:
        return kept[1]
    found = (
        numbers[tile.id],
        *one_hot(len(COLOURS), tile.colour),
        *one_hot(len(_KINDS), _KINDS[tile.kind]),
        float(tile.points),
    )
    return _TILES.keep(tile, (numbers, found))[1]


_TILES: ByIdentity[Tile, tuple[dict[str, float], tuple[float, ...]]] = ByIdentity(1024)
"""The numbers of each tile met, with the catalogue's numbering they were made from (a
bounded memo, checked by identity)."""


@checked_arguments
@cache
def observation_layout_value(
    players: int, variant: bool = False, catalogue: Catalogue | None = None
) -> FeatureLayout[Table]:
    """The numeric observation of a game of ``players``, section by section: the same
    numbers from a state as from its view (only public parts are read, A-8.1)."""
    _check_players(players)
    _no_variant(variant)
    catalogue = catalogue or default_catalogue()
    most = most_tiles(catalogue)
    numbers = _numbers(catalogue)
    tile_count = len(catalogue.tiles)

    def config(table: Table) -> list[float]:
        config = table.config
        return [
            *switch_numbers(config.interpretations),
            *one_hot(players, config.first),
            *map(float, config.box),
        ]

    seats_hot = one_hots(players)
    phases_hot = {phase: tuple(one_hot(len(_PHASES), i)) for phase, i in _PHASES.items()}

    def turn(table: Table) -> list[float]:
        progress = table.progress
        current = table.current
        return [
            float(table.turn),
            *(seats_hot.get(current) or one_hot(players, current)),
            *phases_hot[table.phase],
            float(progress.spent),
            float(progress.ankhs_taken),
            float(progress.bought),
            float(progress.scribe),
            float(progress.bonus),
            float(table.ending),
        ]

    def offer(table: Table) -> list[float]:
        values: list[float] = []
        for tile in table.offer:
            values += _tile(numbers, tile)
        return values

    def prices(table: Table) -> list[float]:
        values = [0.0] * (OFFER_SLOTS * len(COLOURS))
        for slot, markers in enumerate(table.config.prices):
            for colour in markers:
                values[slot * len(COLOURS) + colour] += 1.0
        return values

    def removed(table: Table) -> list[float]:
        values = [0.0] * tile_count
        for order, tile in enumerate(table.removed, 1):
            values[int(numbers[tile.id]) - 1] = float(order)
        return values

    # a few hundred layouts: thousands of them made the process grow page by page
    laid_out: ByIdentity[tuple[Placed, ...], tuple[tuple[Position, ...], array[float]]] = (
        ByIdentity(256)
    )

    def layout_numbers(layout: tuple[Placed, ...], stored: tuple[Position, ...]) -> array[float]:
        """A layout tile by tile, written from its own corner, and where tokens are stored:
        made once per layout and stored tokens (most decisions change neither)."""
        known = laid_out.get(layout)
        if known is not None and known[0] == stored:
            return known[1]
        left = min((p.x for p in layout), default=0)
        top = min((p.y for p in layout), default=0)
        holding = set(stored)
        values: list[float] = [float(len(layout))]
        for placed in layout:
            values += _tile(numbers, placed.tile)[:-1]
            values += (
                float(placed.level),
                float(placed.x - left),
                float(placed.y - top),
                1.0 if placed.position in holding else 0.0,
            )
        values += [0.0] * (PLACED_NUMBERS * (most - len(layout)))
        return laid_out.keep(layout, (stored, float_array(values)))[1]

    def seat(index: int) -> tuple[FeatureSection[Table], FeatureSection[Table]]:
        """A player's tokens and counts, then their layout: two sections, since most
        decisions change the first only."""

        def encode(table: Table) -> list[float]:
            player = table.players[index]
            return [*player.tokens, player.bonus, player.turns]

        def reads(table: Table) -> object:
            return table.players[index]

        def encode_layout(table: Table) -> array[float]:
            player = table.players[index]
            return layout_numbers(player.tiles, player.stored)

        def reads_layout(table: Table) -> object:
            player = table.players[index]
            return player.tiles, player.stored

        return (
            FeatureSection(f"seat {index + 1}", 8, encode, reads),
            FeatureSection(
                f"seat {index + 1} layout", 1 + PLACED_NUMBERS * most, encode_layout, reads_layout
            ),
        )

    def reads_piles(table: Table) -> object:
        # A state's piles, or a view's sizes: the same objects give the same sizes.
        return table.piles if type(table) is GameState else table.pile_sizes

    reads_config = attrgetter("config")
    sections = [
        FeatureSection("config", len(_SWITCHES) + players + 6, config, reads_config),
        # changed by almost every decision: encoded every time
        FeatureSection("turn", 1 + players + len(_PHASES) + 6, turn),
        FeatureSection(
            "supply", 6, lambda table: [*map(float, table.supply)], attrgetter("supply")
        ),
        FeatureSection(
            "bonus_reserve", 1, lambda table: [float(table.reserve)], attrgetter("reserve")
        ),
        FeatureSection("offer", OFFER_SLOTS * TILE_NUMBERS, offer, attrgetter("offer")),
        FeatureSection("price_markers", OFFER_SLOTS * len(COLOURS), prices, reads_config),
        FeatureSection("pile_sizes", 2, lambda table: [*map(float, table.pile_sizes)], reads_piles),
        FeatureSection("removed", tile_count, removed, attrgetter("removed")),
        *(section for i in range(players) for section in seat(i)),
    ]
    return FeatureLayout(tuple(sections))


@checked_arguments
def setting(table: Table) -> tuple[int, bool, Catalogue]:
    """The players, no variant (Ankh'or has none) and the catalogue of the game of
    ``table`` (a state or its view)."""
    return len(table.players), False, table.config.catalogue


# ------------------------------------------------------------------------ hidden piles


@checked_arguments
def hidden_sizes(table: Table) -> tuple[int, int]:
    """The sizes of the two draw piles (public, A-8.1), of a state or its view."""
    return table.pile_sizes


@checked_arguments
def hidden_piles(view: Observation) -> tuple[tuple[Sequence[str], int], ...]:
    """The two draw piles (A-8.2): each drawn from every unseen tile, with its size."""
    unseen = [tile.id for tile in view.unseen]
    return ((unseen, view.pile_sizes[0]), (unseen, view.pile_sizes[1]))


def _state_piles(state: GameState) -> tuple[tuple[Sequence[str], int], ...]:
    """:func:`hidden_piles` of the state's view, without making the view
    (``GameLearning.state_piles``): the unseen tiles are those of the two piles, and
    their ids sorted are in the view's order (sorted by id; a catalogue's ids are
    unique)."""
    tiles = tuple(sorted(tile.id for pile in state.piles for tile in pile))
    sizes = state.pile_sizes
    return ((tiles, sizes[0]), (tiles, sizes[1]))


def hidden_items() -> tuple[tuple[str, ...], ...]:
    """Every tile of the default catalogue, for each of the two piles."""
    tiles = tuple(tile.id for tile in default_catalogue().tiles)
    return (tiles, tiles)


def _with_piles(state: GameState, piles: tuple[Sequence[str], ...]) -> GameState:
    """``state`` with draw piles holding these tiles, top first, unchecked: for an adapter
    that drew them from :func:`hidden_piles` itself (``GameLearning.with_piles``)."""
    tiles = state.config.catalogue.tiles_by_id
    first, second = ([tiles[item] for item in pile] for pile in piles)
    return evolve_state(state, piles=(Rest(first), Rest(second)))


@checked_arguments
def with_hidden(view: Observation, piles: tuple[Sequence[str], ...]) -> GameState:
    """The state of ``view`` whose draw piles hold these tiles, top first: together, the
    unseen tiles (A-8.2), each pile as many as the view counts."""
    by_id = {tile.id: tile for tile in view.unseen}
    if (
        len(piles) != 2
        or sorted(item for pile in piles for item in pile) != sorted(by_id)
        or tuple(len(pile) for pile in piles) != view.pile_sizes
    ):
        raise MalformedInputError.single(
            "piles",
            _("The draw piles must hold the unseen tiles, as many in each as the view shows."),
            "A-8.2",
        )
    # The view's table with these piles, made at once (one state, its fields checked once).
    return carried(view, GameState, piles=tuple([by_id[item] for item in pile] for pile in piles))
