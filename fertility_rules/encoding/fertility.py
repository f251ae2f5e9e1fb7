"""Fertility's fixed action space and numeric observation.

Every bound comes from the rules and the catalogue, never from games played:

============  ==========================================  =================================
section       size                                        why it is enough
============  ==========================================  =================================
place         3 pool tiles x N squares x 4 directions     Personal Pool <= 3 (R-2.3); the
                                                          second square is orthogonally
                                                          beside the first (R-3.1)
discard       3 pool tiles                                R-3.2, R-2.3
quarry        N squares x 5 (4 resources, a Monument)     R-3.3.D
build         4 offer places x 7 spots x P payments       offer <= 4 (R-2.5, I-10); 7 spots
                                                          (R-1.7); a payment is a multiset
                                                          of the District's cost (<= the
                                                          catalogue's largest, 2 by
                                                          default) among 4 resources and
                                                          Wheat (R-1.5, R-3.4): 21
skip_build    1                                           R-3.4
supply        4 resources x S Shops                       S = 4 starting Shops + 7 spots x
                                                          the most Shops of a District in
                                                          the catalogue (R-1.7): 25
bonus         4 resources x (S + 1)                       R-6, I-6 (the token may go to the
                                                          supply: the last place)
end_supply    1                                           R-3.6
take          3 Common Pool places                        R-2.3, R-3.6
remove        3 Common Pool places (variant only)         R-8
============  ==========================================  =================================

N is the central board's squares: 3 Valley boards for 2 or 3 players, 4 for 4 (R-1.4),
side by side, each as wide and tall as the catalogue's boards (12 x 8 or 16 x 8 by
default). Tiles are named by their place in the Personal or Common Pool, Districts by
their place in the offer, so an action means the same decision in every game.

The numeric observation has one section per public component of a view (R-9.1); see
:func:`observation_layout`. Ids are numbered from 1 in catalogue order (0: nothing).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from functools import cache

from attrs import fields

from fertility_rules.arguments import checked_arguments, kind_name
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import default_catalogue
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
from fertility_rules.model.metropolis import SPOTS, Metropolis
from fertility_rules.model.resources import Counts, MonumentType, Resource
from fertility_rules.model.valley import Ground
from fertility_rules.play.views import Observation, observe
from fertility_rules.rules.engine import legal_moves
from fertility_rules.rules.geometry import ValleyLayout
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)
from fertility_rules.rules.setup import COMMON_POOL, OFFER, PERSONAL_POOL, valley_boards_for
from fertility_rules.rules.state import GameState, Phase

__all__ = ["action_space", "checked_view", "observation_layout_value", "setting"]

RESOURCES = tuple(Resource)
CHOICES: tuple[Resource | None, ...] = (*RESOURCES, None)
"""A Quarry's choices: a token of each resource, or a Monument (R-3.3.D)."""


def _board_size(players: int, catalogue: Catalogue) -> tuple[int, int]:
    board = catalogue.valley_boards[0]
    return valley_boards_for(players) * len(board.rows[0]), len(board.rows)


def _shops(catalogue: Catalogue) -> int:
    starting = max(len(b.shops) for b in catalogue.metropolis_boards)
    return starting + SPOTS * max(len(d.shops) for d in catalogue.districts)


def _payments(catalogue: Catalogue) -> tuple[tuple[Counts, int], ...]:
    """Every payment of a cost up to the catalogue's largest: tokens and Wheat (R-3.4)."""
    largest = max(d.cost for d in catalogue.districts)
    kinds = (*RESOURCES, None)
    payments = []
    for cost in range(largest + 1):
        for items in itertools.combinations_with_replacement(kinds, cost):
            tokens = tuple(items.count(r) for r in RESOURCES)
            payments.append(((tokens[0], tokens[1], tokens[2], tokens[3]), items.count(None)))
    return tuple(payments)


def checked_view(view: object) -> Observation:
    """The view of ``view``: a state is observed first; anything else is refused."""
    if isinstance(view, GameState):
        return observe(view)
    if not isinstance(view, Observation):
        raise MalformedInputError.single(
            "view",
            _(
                "A game state or a view of one is needed, not {kind}.",
                kind=kind_name(view, (GameState, Observation)),
            ),
        )
    return view


def _slot(items: Sequence[str], item: str) -> int | None:
    return items.index(item) if item in items else None


def _at(items: Sequence[str], slot: int) -> str | None:
    return items[slot] if slot < len(items) else None


@checked_arguments
@cache
def action_space(
    players: int, variant: bool = False, catalogue: Catalogue | None = None
) -> ActionSpace[Observation, Move]:
    """The action space of a game of ``players`` (2 to 4), the 2-player variant or not."""
    if type(players) is not int or not 2 <= players <= 4 or (variant and players != 2):
        raise MalformedInputError.single(
            "players",
            _("Fertility is played by 2 to 4 players, not {n}.", n=repr(players)),
            "R-2.2",
        )
    catalogue = catalogue or default_catalogue()
    width, height = _board_size(players, catalogue)
    squares = width * height
    shops = _shops(catalogue)
    payments = _payments(catalogue)
    paid = {payment: i for i, payment in enumerate(payments)}
    steps = (1, width, -1, -width)

    def place_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, PlaceTile):
            return None
        slot = _slot(view.player.pool, move.tile)
        step = move.second - move.first
        if slot is None or step not in steps or not 0 <= move.first < squares:
            return -1
        return (slot * squares + move.first) * 4 + steps.index(step)

    def place_move(offset: int, view: Observation) -> Move | None:
        slot, rest = divmod(offset, squares * 4)
        first, direction = divmod(rest, 4)
        tile = _at(view.player.pool, slot)
        row, column = divmod(first, width)
        dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[direction]
        if tile is None or not (0 <= row + dr < height and 0 <= column + dc < width):
            return None
        return PlaceTile(tile, first, first + steps[direction])

    def tile_section(
        name: str,
        kind: type[DiscardTile] | type[TakeTile] | type[RemoveTile],
        pool: str,
        size: int,
        rule: str,
    ) -> ActionSection[Observation, Move]:
        def items(view: Observation) -> Sequence[str]:
            return view.player.pool if pool == "personal" else view.common_pool

        def offset(move: Move, view: Observation) -> int | None:
            if not isinstance(move, DiscardTile | TakeTile | RemoveTile) or type(move) is not kind:
                return None
            slot = _slot(items(view), move.tile)
            return -1 if slot is None else slot

        def move_at(offset: int, view: Observation) -> Move | None:
            tile = _at(items(view), offset)
            return None if tile is None else kind(tile)

        return ActionSection(name, size, rule, offset, move_at)

    def quarry_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, ClaimQuarry):
            return None
        return move.square * 5 + CHOICES.index(move.resource) if 0 <= move.square < squares else -1

    def quarry_move(offset: int, view: Observation) -> Move | None:
        square, choice = divmod(offset, 5)
        return ClaimQuarry(square, CHOICES[choice])

    def build_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, BuildDistrict):
            return None
        slot = _slot(view.offer, move.district)
        payment = paid.get((move.tokens, move.wheat))
        if slot is None or payment is None or not 0 <= move.spot < SPOTS:
            return -1
        return (slot * SPOTS + move.spot) * len(payments) + payment

    def build_move(offset: int, view: Observation) -> Move | None:
        rest, payment = divmod(offset, len(payments))
        slot, spot = divmod(rest, SPOTS)
        district = _at(view.offer, slot)
        if district is None:
            return None
        tokens, wheat = payments[payment]
        return BuildDistrict(district, spot, tokens, wheat)

    def fixed(kind: type[SkipBuilding] | type[EndSupplying]) -> ActionSection[Observation, Move]:
        name, rule = ("skip_build", "R-3.4") if kind is SkipBuilding else ("end_supply", "R-3.6")
        return ActionSection(
            name, 1, rule, lambda m, v: 0 if type(m) is kind else None, lambda o, v: kind()
        )

    def supply_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, SupplyShop):
            return None
        return RESOURCES.index(move.resource) * shops + move.shop if 0 <= move.shop < shops else -1

    def supply_move(offset: int, view: Observation) -> Move | None:
        resource, shop = divmod(offset, shops)
        return SupplyShop(RESOURCES[resource], shop)

    def bonus_offset(move: Move, view: Observation) -> int | None:
        if not isinstance(move, PlaceBonusResource):
            return None
        shop = shops if move.shop is None else move.shop
        return RESOURCES.index(move.resource) * (shops + 1) + shop if 0 <= shop <= shops else -1

    def bonus_move(offset: int, view: Observation) -> Move | None:
        resource, shop = divmod(offset, shops + 1)
        return PlaceBonusResource(RESOURCES[resource], None if shop == shops else shop)

    sections: list[ActionSection[Observation, Move]] = [
        ActionSection(
            "place", PERSONAL_POOL * squares * 4, "R-2.3, R-3.1", place_offset, place_move
        ),
        tile_section("discard", DiscardTile, "personal", PERSONAL_POOL, "R-2.3, R-3.2"),
        ActionSection("quarry", squares * len(CHOICES), "R-3.3.D", quarry_offset, quarry_move),
        ActionSection(
            "build",
            OFFER * SPOTS * len(payments),
            "R-1.5, R-1.7, R-2.5, R-3.4",
            build_offset,
            build_move,
        ),
        fixed(SkipBuilding),
        ActionSection("supply", len(RESOURCES) * shops, "R-1.7, R-3.5", supply_offset, supply_move),
        ActionSection("bonus", len(RESOURCES) * (shops + 1), "R-6, I-6", bonus_offset, bonus_move),
        fixed(EndSupplying),
        tile_section("take", TakeTile, "common", COMMON_POOL, "R-2.3, R-3.6"),
    ]
    if variant:
        sections.append(tile_section("remove", RemoveTile, "common", COMMON_POOL, "R-8"))
    return ActionSpace(tuple(sections), legal_moves)


# ------------------------------------------------------------------ observation


@cache
def _numbers(catalogue: Catalogue) -> tuple[dict[str, int], dict[str, int], dict[str, int]]:
    tiles = {t.id: i + 1 for i, t in enumerate(catalogue.valley_tiles)}
    tiles["start"] = len(tiles) + 1
    districts = {d.id: i + 1 for i, d in enumerate(catalogue.districts)}
    boards = {b.id: i for i, b in enumerate(catalogue.metropolis_boards)}
    return tiles, districts, boards


_SWITCHES = tuple(a.name for a in fields(Interpretations))
_PHASES = tuple(Phase)
_GROUNDS = tuple(Ground)
_MONUMENT_TYPES = tuple(MonumentType)


@checked_arguments
@cache
def observation_layout_value(
    players: int, variant: bool = False, catalogue: Catalogue | None = None
) -> FeatureLayout[Observation]:
    """The numeric observation of a game of ``players``, section by section."""
    action_space(players, variant, catalogue)  # the same arguments are checked
    catalogue = catalogue or default_catalogue()
    width, height = _board_size(players, catalogue)
    squares = width * height
    shops = _shops(catalogue)
    tiles, districts, boards = _numbers(catalogue)
    tile_count = len(catalogue.valley_tiles)

    def config(view: Observation) -> list[float]:
        return [float(view.config.variant), *switch_numbers(view.config.interpretations)]

    def turn(view: Observation) -> list[float]:
        left = 0 if view.turns_left is None else view.turns_left + 1
        return [
            view.turn,
            left,
            *one_hot(players, view.current),
            *one_hot(len(_PHASES), _PHASES.index(view.phase)),
        ]

    def table(view: Observation) -> list[float]:
        return [
            *view.stock,
            view.pile_size,
            view.deck_size,
            *[tiles[t] for t in view.common_pool] + [0] * (COMMON_POOL - len(view.common_pool)),
            *[districts[d] for d in view.offer] + [0] * (OFFER - len(view.offer)),
        ]

    per_square = 3 + 4 + 1 + 4 + 1 + 1 + (players + 1) + players

    def printed(layout: ValleyLayout) -> list[float]:
        """The squares' grounds, icons and start symbols: fixed for a game."""
        values = [0.0] * (squares * per_square)
        for square, printed in enumerate(layout.squares):
            at = square * per_square
            values[at + _GROUNDS.index(printed.ground)] = 1.0
            if printed.icon is not None:
                values[at + 3 + RESOURCES.index(printed.icon)] = 1.0
            values[at + 7] = float(printed.start)
        return values

    printed_boards: dict[int, tuple[ValleyLayout, list[float]]] = {}

    def board(view: Observation) -> list[float]:
        layout = view.config.layout
        known = printed_boards.get(id(layout))
        if known is None or known[0] is not layout:
            if len(printed_boards) > 64:
                printed_boards.clear()
            known = printed_boards[id(layout)] = (layout, printed(layout))
        values = known[1].copy()
        for order, placed in enumerate(view.valley.tiles):
            seat = players if placed.player is None else placed.player
            for square, scene in zip(placed.squares, placed.scenes, strict=True):
                at = square * per_square
                values[at + 8 + RESOURCES.index(scene)] = 1.0
                values[at + 12] = tiles[placed.tile]
                values[at + 13] = order + 1
                values[at + 14 + seat] = 1.0
        for square, seat in view.valley.monuments:
            values[square * per_square + 15 + players + seat] = 1.0
        return values

    def pending(view: Observation) -> list[float]:
        quarries = [0.0] * squares
        for order, square in enumerate(view.quarries):
            quarries[square] = order + 1
        bonuses = [0.0] * (shops * 4)
        for order, bonus in enumerate(view.bonuses[:shops]):
            for resource in bonus:
                bonuses[order * 4 + RESOURCES.index(resource)] += 1
        return [view.quarry_choices, float(len(view.bonuses)), *quarries, *bonuses]

    def out_of_play(view: Observation) -> list[float]:
        values = [0.0] * (2 * tile_count)
        for order, tile in enumerate(view.discarded):
            values[tiles[tile] - 1] = order + 1
        for order, tile in enumerate(view.removed):
            values[tile_count + tiles[tile] - 1] = order + 1
        return values

    def seat(index: int) -> FeatureSection[Observation]:
        def encode(view: Observation) -> list[float]:
            player = view.players[index]
            metropolis = player.metropolis
            spots = [float(districts[d.id]) if d else 0.0 for d in metropolis.spots]
            owners = _shop_owners(metropolis)
            shop_values: list[float] = []
            for slot in range(shops):
                if slot < len(metropolis.shops):
                    shop_values.extend([owners[slot], *metropolis.shops[slot].tokens])
                else:
                    shop_values.extend([-1.0, 0.0, 0.0, 0.0, 0.0])
            return [
                *one_hot(len(_MONUMENT_TYPES), _MONUMENT_TYPES.index(player.monument_type)),
                *one_hot(len(boards), boards.get(metropolis.board_id or "")),
                metropolis.wheat,
                metropolis.monuments,
                player.turns,
                *player.supply,
                *[tiles[t] for t in player.pool] + [0] * (PERSONAL_POOL - len(player.pool)),
                *spots,
                *shop_values,
            ]

        size = len(_MONUMENT_TYPES) + len(boards) + 3 + 4 + PERSONAL_POOL + SPOTS + shops * 5
        return FeatureSection(f"seat {index + 1}", size, encode)

    sections = [
        FeatureSection("config", 1 + len(_SWITCHES), config),
        FeatureSection("turn", 2 + players + len(_PHASES), turn),
        FeatureSection("table", 4 + 2 + COMMON_POOL + OFFER, table),
        FeatureSection("board", squares * per_square, board),
        FeatureSection("pending", 2 + squares + shops * 4, pending),
        FeatureSection("out_of_play", 2 * tile_count, out_of_play),
        *(seat(i) for i in range(players)),
    ]
    return FeatureLayout(tuple(sections))


@functools.lru_cache(maxsize=4096)
def _shop_owners(metropolis: Metropolis) -> tuple[float, ...]:
    """For each Shop of a Metropolis, the spot + 1 of the District it belongs to (0 for a
    starting Shop): with the Shops' order, it tells the order the Districts were built."""
    shops = metropolis.shops
    spots = metropolis.spots
    owners = [0.0] * len(shops)
    built = sum(len(d.shops) for d in spots if d)
    index = len(shops) - built
    remaining = {spot: d for spot, d in enumerate(spots) if d}
    while remaining and index < len(shops):
        run = tuple(s.shop for s in shops[index:])
        spot = next(
            (k for k, d in remaining.items() if run[: len(d.shops)] == d.shops),
            next(iter(remaining)),
        )
        district = remaining.pop(spot)
        for k in range(len(district.shops)):
            owners[index + k] = spot + 1
        index += len(district.shops)
    return tuple(owners)


@checked_arguments
def setting(view: Observation) -> tuple[int, bool, Catalogue]:
    """The players, the variant and the catalogue of the game ``view`` is of."""
    return len(view.players), view.config.variant, view.config.catalogue
