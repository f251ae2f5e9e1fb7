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
from collections.abc import Sequence
from functools import cache
from typing import cast

from attrs import evolve, fields

from fertility_rules.ankhor.arguments import require, table_needed
from fertility_rules.ankhor.catalogue import OFFER_SLOTS, PLAYER_COUNTS, Catalogue
from fertility_rules.ankhor.formats.catalogue import default_catalogue
from fertility_rules.ankhor.interpretations import Interpretations
from fertility_rules.ankhor.model import COLOURS, Colour, Kind, Placed, Position, Tile, Tokens
from fertility_rules.ankhor.moves import (
    END_ACTIONS,
    PASS_MAIN,
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
from fertility_rules.ankhor.state import GameState, Phase
from fertility_rules.ankhor.views import Observation, observe, sample_state
from fertility_rules.arguments import checked_arguments
from fertility_rules.encoding.spaces import (
    ActionSection,
    ActionSpace,
    FeatureLayout,
    FeatureSection,
    one_hot,
    switch_numbers,
)
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _

__all__ = [
    "action_space",
    "checked_view",
    "hidden_items",
    "hidden_piles",
    "most_tiles",
    "observation_layout_value",
    "setting",
    "with_hidden",
]

DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1))
"""Where a base space lies from the base tile it touches."""
UNPAID: tuple[Colour | None, ...] = (None, *COLOURS)
"""The marker left unpaid: none (a base tile), or one of each colour (A-3.5)."""
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


def _place_slot(
    layout: Sequence[Placed], position: Position, without: Position | None, most: int
) -> int:
    """The number of ``position`` among the places of ``layout`` (see the module), the
    tile at ``without`` left out; -1 when it has none."""
    level, x, y = position
    if not layout:
        return 5 * most if position == (0, 0, 0) else -1
    if level == 0:
        for i, placed in enumerate(layout):
            if placed.level == 0 and placed.position != without:
                step = (x - placed.x, y - placed.y)
                if step in DIRECTIONS:
                    return i * 4 + DIRECTIONS.index(step) if i < most else -1
        return -1
    corner = (level - 1, x, y)
    for i, placed in enumerate(layout):
        if placed.position == corner and corner != without:
            return 4 * most + i if i < most else -1
    return -1


def _place_at(
    slot: int, layout: Sequence[Placed], without: Position | None, most: int
) -> Position | None:
    """The position numbered ``slot`` (the pair of :func:`_place_slot`), or ``None``."""
    if slot == 5 * most:
        return (0, 0, 0) if not layout else None
    if slot < 4 * most:
        i, direction = divmod(slot, 4)
        if i >= len(layout) or layout[i].level != 0 or layout[i].position == without:
            return None
        dx, dy = DIRECTIONS[direction]
        position = (0, layout[i].x + dx, layout[i].y + dy)
        return position if _place_slot(layout, position, without, most) == slot else None
    i = slot - 4 * most
    if i >= len(layout) or layout[i].position == without:
        return None
    corner = layout[i]
    return (corner.level + 1, corner.x, corner.y)


def _layout_index(layout: Sequence[Placed], position: Position) -> int | None:
    for i, placed in enumerate(layout):
        if placed.position == position:
            return i
    return None


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
) -> ActionSpace[Observation, Move]:
    """The action space of a game of ``players`` (2 to 4; Ankh'or has no variant)."""
    _check_players(players)
    _no_variant(variant)
    catalogue = catalogue or default_catalogue()
    most = most_tiles(catalogue)
    places = 5 * most + 1
    moved_places = 5 * most
    stores = 1 << _warehouse_count(catalogue)

    def layout_of(view: Observation) -> tuple[Placed, ...]:
        return view.players[view.current].tiles

    def counts_section(
        name: str, kind: type[TakeTokens] | type[ReturnTokens], rule: str
    ) -> ActionSection[Observation, Move]:
        def offset(move: Move, view: Observation) -> int | None:
            if type(move) is not kind or not isinstance(move, TakeTokens | ReturnTokens):
                return None
            return _COUNT_INDEX.get(move.tokens, -1)

        def move_at(offset: int, view: Observation) -> Move | None:
            return kind(TOKEN_COUNTS[offset])

        return ActionSection(name, len(TOKEN_COUNTS), rule, offset, move_at)

    def buy_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, BuyTile):
            return None
        place = _place_slot(layout_of(view), move.position, None, most)
        if place < 0 or not 0 <= move.slot < OFFER_SLOTS:
            return -1
        return (move.slot * places + place) * len(UNPAID) + UNPAID.index(move.unpaid)

    def buy_move(offset: int, view: Observation) -> Move | None:
        rest, unpaid = divmod(offset, len(UNPAID))
        slot, place = divmod(rest, places)
        position = _place_at(place, layout_of(view), None, most)
        if position is None or (position[0] == 0) != (UNPAID[unpaid] is None):
            return None
        return BuyTile(slot, position, UNPAID[unpaid])

    def move_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, MoveTile):
            return None
        layout = layout_of(view)
        origin = _layout_index(layout, move.origin)
        place = _place_slot(layout, move.target, move.origin, most)
        if origin is None or origin >= most or not 0 <= place < moved_places:
            return -1
        return origin * moved_places + place

    def move_move(offset: int, view: Observation) -> Move | None:
        origin, place = divmod(offset, moved_places)
        layout = layout_of(view)
        if origin >= len(layout):
            return None
        start = layout[origin].position
        target = _place_at(place, layout, start, most)
        if target is None or (target[0] == 0) != (start[0] == 0):
            return None
        return MoveTile(start, target)

    def refresh_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, Refresh):
            return None
        return 2 if move.pile is None else move.pile if move.pile in (0, 1) else -1

    def store_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, StoreTokens):
            return None
        warehouses = _warehouses(layout_of(view))
        if any(p not in warehouses for p in move.warehouses):
            return -1
        return sum(1 << warehouses.index(p) for p in move.warehouses)

    def store_move(offset: int, view: Observation) -> Move | None:
        warehouses = _warehouses(layout_of(view))
        if offset >> len(warehouses):
            return None
        return StoreTokens(tuple(p for i, p in enumerate(warehouses) if offset >> i & 1))

    def single(
        name: str, kind: type[PassMain] | type[EndActions], move: Move, rule: str
    ) -> ActionSection[Observation, Move]:
        return ActionSection(
            name, 1, rule, lambda m, v: 0 if type(m) is kind else None, lambda o, v: move
        )

    sections: tuple[ActionSection[Observation, Move], ...] = (
        counts_section("take", TakeTokens, "A-3.2, Q-7"),
        ActionSection(
            "buy",
            OFFER_SLOTS * places * len(UNPAID),
            "A-1.3, A-3.4, A-3.5, A-3.7, A-6.1",
            buy_offset,
            buy_move,
        ),
        single("pass", PassMain, PASS_MAIN, "A-6.3"),
        ActionSection(
            "refresh",
            3,
            "A-4.2",
            refresh_offset,
            lambda o, v: Refresh(None if o == 2 else o),
        ),
        ActionSection("move", most * moved_places, "A-4.3", move_offset, move_move),
        single("end_actions", EndActions, END_ACTIONS, "A-3.9"),
        ActionSection("store", stores, "A-3.6", store_offset, store_move),
        counts_section("return", ReturnTokens, "A-3.2, A-3.9"),
        ActionSection(
            "refill",
            2,
            "A-5.1, Q-11",
            lambda m, v: (m.pile if m.pile in (0, 1) else -1) if isinstance(m, Refill) else None,
            lambda o, v: Refill(o),
        ),
    )
    return ActionSpace(sections, legal_moves)


# ------------------------------------------------------------------------- observation

_SWITCHES = tuple(a.name for a in fields(Interpretations))
_PHASES = tuple(Phase)
_KINDS = tuple(Kind)
TILE_NUMBERS = 1 + len(COLOURS) + len(_KINDS) + 1
"""Numbers per tile of the offer: its number, colour, kind and printed points."""
PLACED_NUMBERS = 1 + len(COLOURS) + len(_KINDS) + 4
"""Numbers per tile of a layout: its number, colour, kind, level, x and y from the
layout's corner, and whether a token is stored on it."""


@cache
def _numbers(catalogue: Catalogue) -> dict[str, int]:
    return {tile.id: i + 1 for i, tile in enumerate(catalogue.tiles)}


def _tile(numbers: dict[str, int], tile: Tile | None) -> list[float]:
    if tile is None:
        return [0.0] * TILE_NUMBERS
    return [
        float(numbers[tile.id]),
        *one_hot(len(COLOURS), tile.colour),
        *one_hot(len(_KINDS), _KINDS.index(tile.kind)),
        float(tile.points),
    ]


@checked_arguments
@cache
def observation_layout_value(
    players: int, variant: bool = False, catalogue: Catalogue | None = None
) -> FeatureLayout[Observation]:
    """The numeric observation of a game of ``players``, section by section."""
    _check_players(players)
    _no_variant(variant)
    catalogue = catalogue or default_catalogue()
    most = most_tiles(catalogue)
    numbers = _numbers(catalogue)
    tile_count = len(catalogue.tiles)

    def config(view: Observation) -> list[float]:
        config = view.config
        return [
            *switch_numbers(config.interpretations),
            *one_hot(players, config.first),
            *config.box,
        ]

    def turn(view: Observation) -> list[float]:
        progress = view.progress
        return [
            view.turn,
            *one_hot(players, view.current),
            *one_hot(len(_PHASES), _PHASES.index(view.phase)),
            progress.spent,
            progress.ankhs_taken,
            float(progress.bought),
            float(progress.scribe),
            float(progress.bonus),
            float(view.ending),
        ]

    def offer(view: Observation) -> list[float]:
        values: list[float] = []
        for tile in view.offer:
            values.extend(_tile(numbers, tile))
        return values

    def prices(view: Observation) -> list[float]:
        values = [0.0] * (OFFER_SLOTS * len(COLOURS))
        for slot, markers in enumerate(view.config.prices):
            for colour in markers:
                values[slot * len(COLOURS) + colour] += 1
        return values

    def removed(view: Observation) -> list[float]:
        values = [0.0] * tile_count
        for order, tile in enumerate(view.removed):
            values[numbers[tile.id] - 1] = order + 1
        return values

    def seat(index: int) -> FeatureSection[Observation]:
        def encode(view: Observation) -> list[float]:
            player = view.players[index]
            tiles = player.tiles
            left = min((p.x for p in tiles), default=0)
            top = min((p.y for p in tiles), default=0)
            stored = set(player.stored)
            values: list[float] = [*player.tokens, player.bonus, player.turns, len(tiles)]
            for placed in tiles:
                values.extend(_tile(numbers, placed.tile)[:-1])
                values.extend(
                    [
                        placed.level,
                        placed.x - left,
                        placed.y - top,
                        float(placed.position in stored),
                    ]
                )
            values.extend([0.0] * (PLACED_NUMBERS * (most - len(tiles))))
            return values

        return FeatureSection(f"seat {index + 1}", 9 + PLACED_NUMBERS * most, encode)

    sections = [
        FeatureSection("config", len(_SWITCHES) + players + 6, config),
        FeatureSection("turn", 1 + players + len(_PHASES) + 6, turn),
        FeatureSection("supply", 6, lambda view: list(view.supply)),
        FeatureSection("bonus_reserve", 1, lambda view: [view.reserve]),
        FeatureSection("offer", OFFER_SLOTS * TILE_NUMBERS, offer),
        FeatureSection("price_markers", OFFER_SLOTS * len(COLOURS), prices),
        FeatureSection("pile_sizes", 2, lambda view: list(view.pile_sizes)),
        FeatureSection("removed", tile_count, removed),
        *(seat(i) for i in range(players)),
    ]
    return FeatureLayout(tuple(sections))


@checked_arguments
def setting(view: Observation) -> tuple[int, bool, Catalogue]:
    """The players, no variant (Ankh'or has none) and the catalogue of ``view``'s game."""
    return len(view.players), False, view.config.catalogue
    unseen = [tile.id for tile in view.unseen]
    return ((unseen, view.pile_sizes[0]), (unseen, view.pile_sizes[1]))


# ------------------------------------------------------------------------ hidden piles


@checked_arguments
def hidden_piles(view: Observation) -> tuple[tuple[Sequence[str], int], ...]:
    """The two draw piles (A-8.2): each drawn from every unseen tile, with its size."""
    unseen = [tile.id for tile in view.unseen]
    return ((unseen, view.pile_sizes[0]), (unseen, view.pile_sizes[1]))


def hidden_items() -> tuple[tuple[str, ...], ...]:
    """Every tile of the default catalogue, for each of the two piles."""
    tiles = tuple(tile.id for tile in default_catalogue().tiles)
    return (tiles, tiles)


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
    return evolve(
        sample_state(view, 0), piles=tuple([by_id[item] for item in pile] for pile in piles)
    )
