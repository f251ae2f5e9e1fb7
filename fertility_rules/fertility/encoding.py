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

import inspect
import itertools
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter, is_not

from attrs import fields

from fertility_rules.arguments import checked_arguments, kind_name
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
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import SPOTS, Metropolis
from fertility_rules.fertility.model.resources import Counts, MonumentType, Resource
from fertility_rules.fertility.model.shop import Shop, ShopState
from fertility_rules.fertility.model.valley import Ground
from fertility_rules.fertility.moves import (
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
from fertility_rules.fertility.rules.engine import legal_moves
from fertility_rules.fertility.rules.geometry import ValleyLayout
from fertility_rules.fertility.setup import COMMON_POOL, OFFER, PERSONAL_POOL, valley_boards_for
from fertility_rules.fertility.state import GameState, Phase, PlacedTile, PlayerState, evolve_state
from fertility_rules.fertility.views import Observation, Table, observe
from fertility_rules.i18n.message import _
from fertility_rules.shared.sequences import Chain, Rest
from fertility_rules.shared.values import ByIdentity, MadeOnce

__all__ = [
    "action_space",
    "checked_view",
    "hidden_sizes",
    "observation_layout_value",
    "setting",
]

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


_slots = inspect.unwrap(by_place)
"""The place of each item of a pool or the offer, as :func:`by_place` gives it, without
checking its arguments again at every decision."""


@checked_arguments
@cache
def action_space(
    players: int, variant: bool = False, catalogue: Catalogue | None = None
) -> ActionSpace[Table, Move]:
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
    paid = by_place(payments)
    # A placement's squares: the first one's four ways to the second, right, down, left
    # and up (any pair of the first on the board and one of its four neighbours' numbers).
    directions = {1: 0, width: 1, -1: 2, -width: 3}
    pairs = {
        (first, first + d): first * 4 + way
        for first in range(squares)
        for d, way in directions.items()
    }

    def pool_places(each: int) -> Callable[[Table], tuple[dict[str, int]]]:
        return lambda table: (_slots(table.player.pool, each),)

    def common_places(table: Table) -> tuple[dict[str, int]]:
        return (_slots(table.common_pool),)

    def offer_places(table: Table) -> tuple[dict[str, int]]:
        return (_slots(table.offer, SPOTS * len(payments)),)

    def tile_section(
        name: str,
        kind: type[DiscardTile] | type[TakeTile] | type[RemoveTile],
        size: int,
        rule: str,
    ) -> ActionSection[Table, Move]:
        places = pool_places(1) if kind is DiscardTile else common_places
        return ActionSection(name, size, rule, (kind,), Numbering(((("tile",), 0),), places))

    only = Numbering[Table](())
    shop_numbers = range(shops)
    sections: list[ActionSection[Table, Move]] = [
        ActionSection(
            "place",
            PERSONAL_POOL * squares * 4,
            "R-2.3, R-3.1",
            (PlaceTile,),
            Numbering(((("tile",), 0), (("first", "second"), pairs)), pool_places(squares * 4)),
        ),
        tile_section("discard", DiscardTile, PERSONAL_POOL, "R-2.3, R-3.2"),
        ActionSection(
            "quarry",
            squares * len(CHOICES),
            "R-3.3.D",
            (ClaimQuarry,),
            Numbering[Table](
                ((("square",), by_place(range(squares), 5)), (("resource",), by_place(CHOICES)))
            ),
        ),
        ActionSection(
            "build",
            OFFER * SPOTS * len(payments),
            "R-1.5, R-1.7, R-2.5, R-3.4",
            (BuildDistrict,),
            Numbering(
                (
                    (("district",), 0),
                    (("spot",), by_place(range(SPOTS), len(payments))),
                    (("tokens", "wheat"), paid),
                ),
                offer_places,
            ),
        ),
        ActionSection("skip_build", 1, "R-3.4", (SkipBuilding,), only),
        ActionSection(
            "supply",
            len(RESOURCES) * shops,
            "R-1.7, R-3.5",
            (SupplyShop,),
            Numbering[Table](
                ((("resource",), by_place(RESOURCES, shops)), (("shop",), by_place(shop_numbers)))
            ),
        ),
        ActionSection(
            "bonus",
            len(RESOURCES) * (shops + 1),
            "R-6, I-6",
            (PlaceBonusResource,),
            Numbering[Table](
                (
                    (("resource",), by_place(RESOURCES, shops + 1)),
                    (("shop",), by_place((*shop_numbers, None))),
                )
            ),
        ),
        ActionSection("end_supply", 1, "R-3.6", (EndSupplying,), only),
        tile_section("take", TakeTile, COMMON_POOL, "R-2.3, R-3.6"),
    ]
    if variant:
        sections.append(tile_section("remove", RemoveTile, COMMON_POOL, "R-8"))
    return ActionSpace(tuple(sections), legal_moves)


# ------------------------------------------------------------------ observation


@cache
def _numbers(catalogue: Catalogue) -> tuple[dict[str, float], dict[str, float], dict[str, int]]:
    tiles = {t.id: float(i + 1) for i, t in enumerate(catalogue.valley_tiles)}
    tiles["start"] = float(len(tiles) + 1)
    districts = {d.id: float(i + 1) for i, d in enumerate(catalogue.districts)}
    boards = {b.id: i for i, b in enumerate(catalogue.metropolis_boards)}
    return tiles, districts, boards


_SWITCHES = tuple(a.name for a in fields(Interpretations))
_PHASES = {phase: i for i, phase in enumerate(Phase)}
_GROUNDS = {ground: i for i, ground in enumerate(Ground)}
_MONUMENT_TYPES = {kind: i for i, kind in enumerate(MonumentType)}
_RESOURCE_PLACES = {resource: i for i, resource in enumerate(RESOURCES)}
_EMPTY_SHOP = (-1.0, 0.0, 0.0, 0.0, 0.0)


def _player(table: Table, seat: int) -> PlayerState:
    """The player at ``seat`` (a state keeps the player deciding apart from the others:
    reading it there spares making the tuple of players)."""
    if type(table) is GameState:
        seated = table.seats[seat]
        return table.player if seated is None else seated
    return table.players[seat]


@checked_arguments
def hidden_sizes(table: Table) -> tuple[int, int]:
    """The sizes of the Valley pile and the District deck (public, R-9.1), of a state or
    its view."""
    if type(table) is GameState:
        return len(table.pile), len(table.district_deck)
    return table.pile_size, table.deck_size  # type: ignore[union-attr]


def _with_piles(state: GameState, piles: tuple[Sequence[str], ...]) -> GameState:
    """``state`` with this Valley pile and District deck, top first, unchecked: for an
    adapter that drew them from the unseen items itself (``GameLearning.with_piles``)."""
    return evolve_state(state, pile=Rest(piles[0]), district_deck=Rest(piles[1]))


@checked_arguments
@cache
def observation_layout_value(
    players: int, variant: bool = False, catalogue: Catalogue | None = None
) -> FeatureLayout[Table]:
    """The numeric observation of a game of ``players``, section by section: the same
    numbers from a state as from its view (only public parts are read, R-9.1)."""
    action_space(players, variant, catalogue)  # the same arguments are checked
    catalogue = catalogue or default_catalogue()
    width, height = _board_size(players, catalogue)
    squares = width * height
    shops = _shops(catalogue)
    tiles, districts, boards = _numbers(catalogue)
    tile_count = len(catalogue.valley_tiles)
    # the tables encoded are the adapters' own: their kinds are not checked again
    sizes = inspect.unwrap(hidden_sizes)

    def config(table: Table) -> list[float]:
        return [float(table.config.variant), *switch_numbers(table.config.interpretations)]

    seats_hot = one_hots(players)
    phases_hot = {phase: tuple(one_hot(len(_PHASES), i)) for phase, i in _PHASES.items()}

    def turn_numbers(key: tuple[int, int | None, int, Phase]) -> array[float]:
        number, turns_left, current, phase = key
        return float_array(
            [
                float(number),
                0.0 if turns_left is None else float(turns_left + 1),
                *(seats_hot.get(current) or one_hot(players, current)),
                *phases_hot[phase],
            ]
        )

    # Made once for each turn, turns left, seat and phase met (a few hundred a game):
    # the section changes at most decisions, and a look-up costs a tenth of making it.
    turns = MadeOnce(turn_numbers, 4096)

    def turn(table: Table) -> array[float]:
        return turns[table.turn, table.turns_left, table.current, table.phase]

    def on_table(table: Table) -> list[float]:
        pool, offer = table.common_pool, table.offer
        return [
            *map(float, table.stock),
            *map(float, sizes(table)),
            *[tiles[t] for t in pool] + [0.0] * (COMMON_POOL - len(pool)),
            *[districts[d] for d in offer] + [0.0] * (OFFER - len(offer)),
        ]

    per_square = 3 + 4 + 1 + 4 + 1 + 1 + (players + 1) + players

    boards_printed: ByIdentity[ValleyLayout, array[float]] = ByIdentity(256)

    def printed(layout: ValleyLayout) -> array[float]:
        """The squares' grounds, icons and start symbols: fixed for a game (and kept for
        its layout, which every game with the same Valley boards shares)."""
        known = boards_printed.get(layout)
        if known is not None:
            return known
        values = array("f", bytes(4 * squares * per_square))
        for square, printed in enumerate(layout.squares):
            at = square * per_square
            values[at + _GROUNDS[printed.ground]] = 1.0
            if printed.icon is not None:
                values[at + 3 + _RESOURCE_PLACES[printed.icon]] = 1.0
            values[at + 7] = float(printed.start)
        return boards_printed.keep(layout, values)

    # Few boards kept: each is 8 KB for 3 players, and a memo of thousands grew the
    # process by 8 KB at every placement (each new page a page fault, about 3 µs); a
    # placement needs the board of the chain before it only.
    laid: ByIdentity[Chain[PlacedTile], tuple[ValleyLayout, array[float]]] = ByIdentity(64)

    def with_tiles(layout: ValleyLayout, chain: Chain[PlacedTile]) -> array[float]:
        """The board's numbers with the tiles of ``chain``, made from those of the chain
        one tile shorter (states share it): one tile written per placement."""
        kept = laid.get(chain)
        if kept is not None and kept[0] is layout:
            return kept[1]
        order = len(chain)
        if not order:
            return laid.keep(chain, (layout, printed(layout)))[1]
        values = array("f", with_tiles(layout, chain.before))
        placed = chain.last
        seat = players if placed.player is None else placed.player
        number = tiles[placed.tile]
        for square, scene in zip(placed.squares, placed.scenes, strict=True):
            at = square * per_square
            values[at + 8 + _RESOURCE_PLACES[scene]] = 1.0
            values[at + 12] = number
            values[at + 13] = float(order)
            values[at + 14 + seat] = 1.0
        return laid.keep(chain, (layout, values))[1]

    def board(table: Table) -> array[float]:
        valley = table.valley
        values = with_tiles(table.config.layout, valley.tiles)
        if valley.monuments:
            values = array("f", values)
            for square, seat in valley.monuments:
                values[square * per_square + 15 + players + seat] = 1.0
        return values

    def pending(table: Table) -> list[float]:
        quarries = [0.0] * squares
        for order, square in enumerate(table.quarries, 1):
            quarries[square] = float(order)
        bonuses = [0.0] * (shops * 4)
        for order, bonus in enumerate(table.bonuses[:shops]):
            for resource in bonus:
                bonuses[order * 4 + _RESOURCE_PLACES[resource]] += 1.0
        return [float(table.quarry_choices), float(len(table.bonuses)), *quarries, *bonuses]

    def out_of_play(table: Table) -> list[float]:
        values = [0.0] * (2 * tile_count)
        for order, tile in enumerate(table.discarded, 1):
            values[int(tiles[tile]) - 1] = float(order)
        for order, tile in enumerate(table.removed, 1):
            values[tile_count + int(tiles[tile]) - 1] = float(order)
        return values

    monument_types = {
        kind: tuple(one_hot(len(_MONUMENT_TYPES), i)) for kind, i in _MONUMENT_TYPES.items()
    }
    boards_shown = {board: tuple(one_hot(len(boards), i)) for board, i in boards.items()}
    no_board = tuple(one_hot(len(boards), None))
    pool_gaps = tuple((0.0,) * (PERSONAL_POOL - n) for n in range(PERSONAL_POOL + 1))
    built: ByIdentity[Metropolis, array[float]] = ByIdentity(4096)

    def metropolis_numbers(metropolis: Metropolis) -> array[float]:
        """The spots and the Shops of a Metropolis, made once per Metropolis (a decision
        that leaves it alone shares it)."""
        found = built.get(metropolis)
        if found is not None:
            return found
        values = spot_numbers(metropolis.spots)
        for owner, shop in zip(_shop_owners(metropolis), metropolis.shops, strict=True):
            values.append(owner)
            values.extend(map(float, shop.tokens))
        values.extend(_EMPTY_SHOP * (shops - len(metropolis.shops)))
        return built.keep(metropolis, float_array(values))

    def spot_numbers(spots: tuple[District | None, ...]) -> list[float]:
        return [districts[d.id] if d else 0.0 for d in spots]

    def put_tokens(values: array[float], at: int, shop: ShopState) -> None:
        """Write the tokens of the ``at``-th Shop of a Metropolis into its numbers."""
        start = SPOTS + 5 * at + 1
        values[start : start + 4] = array("f", shop.tokens)

    def supplied(
        known: array[float], before: tuple[ShopState, ...], now: tuple[ShopState, ...]
    ) -> array[float] | None:
        """The numbers after tokens were put on Shops: only theirs written again; ``None``
        if a Shop is another (its owner may differ)."""
        values = array("f", known)
        for at in itertools.compress(itertools.count(), map(is_not, now, before)):
            shop = now[at]
            if shop.shop is not before[at].shop:
                return None
            put_tokens(values, at, shop)
        return values

    def built_on(
        known: array[float],
        before: tuple[ShopState, ...],
        was: tuple[District | None, ...],
        metropolis: Metropolis,
    ) -> array[float] | None:
        """The numbers after a District was built on spots that were ``was``, its Shops
        after the others: the spots and owners written again, and the new Shops' tokens."""
        spots = metropolis.spots
        if len(spots) != SPOTS:
            return None
        values = array("f", known)
        values[:SPOTS] = float_array(spot_numbers(spots))
        owners = _shop_owners(metropolis, was)
        values[SPOTS : SPOTS + 5 * len(owners) : 5] = float_array(owners)
        now = metropolis.shops
        for at in range(len(before), len(now)):
            if any(now[at].tokens):  # the Shops of a District built come without tokens
                put_tokens(values, at, now[at])
        return values

    def seat(index: int) -> tuple[FeatureSection[Table], FeatureSection[Table]]:
        """A seat's two sections: the player's own numbers, which change at most of their
        decisions, then their Metropolis (spots and Shops), which changes when they build or
        supply and is kept by the encoder meanwhile."""
        # The last spots and Shops of this seat met, with their numbers: a move that
        # supplies a Shop changes one of them, and only its tokens are written again.
        last: list[tuple[tuple[ShopState, ...], tuple[District | None, ...], array[float]]] = []

        def metropolis_part(metropolis: Metropolis) -> array[float]:
            spots, now = metropolis.spots, metropolis.shops
            values = None
            if last:
                before, was, known = last[0]
                if was is spots:
                    if before is now:
                        return known
                    if len(before) == len(now):
                        values = supplied(known, before, now)
                elif len(before) <= len(now) <= shops and now[: len(before)] == before:
                    values = built_on(known, before, was, metropolis)
            if values is None:
                values = metropolis_numbers(metropolis)
            last[:] = [(now, spots, values)]
            return values

        def encode(table: Table) -> tuple[float, ...]:
            player = _player(table, index)
            metropolis = player.metropolis
            pool = player.pool
            return (
                *monument_types[player.monument_type],
                *boards_shown.get(metropolis.board_id or "", no_board),
                metropolis.wheat,
                metropolis.monuments,
                player.turns,
                *player.supply,
                *[tiles[t] for t in pool],
                *pool_gaps[len(pool)],
            )

        def encode_metropolis(table: Table) -> array[float]:
            return metropolis_part(_player(table, index).metropolis)

        def reads(table: Table) -> PlayerState:
            if type(table) is GameState:  # _player, without a call at every decision
                seated = table.seats[index]
                return table.player if seated is None else seated
            return table.players[index]

        def reads_metropolis(table: Table) -> Metropolis:
            return reads(table).metropolis

        size = len(_MONUMENT_TYPES) + len(boards) + 3 + 4 + PERSONAL_POOL
        return (
            FeatureSection(f"seat {index + 1}", size, encode, reads),
            FeatureSection(
                f"seat {index + 1} metropolis",
                SPOTS + shops * 5,
                encode_metropolis,
                reads_metropolis,
            ),
        )

    # A state keeps what a turn owes and the tiles out of play in two values of their
    # own, shared while unchanged; a view holds their parts.
    def reads_table(table: Table) -> tuple[object, ...]:
        if type(table) is GameState:
            return (table.stock, table.pile, table.district_deck, table.common_pool, table.offer)
        return (table.stock, *sizes(table), table.common_pool, table.offer)

    def reads_pending(table: Table) -> object:
        if type(table) is GameState:
            return table.pending
        return (table.quarries, table.quarry_choices, table.bonuses)

    def reads_out_of_play(table: Table) -> object:
        if type(table) is GameState:
            return table.out_of_play
        return (table.discarded, table.removed)

    sections = [
        FeatureSection("config", 1 + len(_SWITCHES), config, attrgetter("config")),
        FeatureSection("turn", 2 + players + len(_PHASES), turn),
        FeatureSection("table", 4 + 2 + COMMON_POOL + OFFER, on_table, reads_table),
        FeatureSection("board", squares * per_square, board, attrgetter("config", "valley")),
        FeatureSection("pending", 2 + squares + shops * 4, pending, reads_pending),
        FeatureSection("out_of_play", 2 * tile_count, out_of_play, reads_out_of_play),
        *(section for i in range(players) for section in seat(i)),
    ]
    return FeatureLayout(tuple(sections))


_Owners = tuple[tuple[Shop, ...], tuple[float, ...], tuple[tuple[int, int, bool], ...]]
"""The kinds of a Metropolis's Shops, their owners, and the steps that found them: where
each District's Shops were taken to start, its spot, and whether its Shops matched."""

_OWNERS: ByIdentity[tuple[District | None, ...], _Owners] = ByIdentity(4096)
"""The Shop owners of a Metropolis by its spots (and the kinds of its Shops, checked):
they change only when a District is built."""


def _shop_owners(
    metropolis: Metropolis, before: tuple[District | None, ...] = ()
) -> tuple[float, ...]:
    """For each Shop of a Metropolis, the spot + 1 of the District it belongs to (0 for a
    starting Shop): with the Shops' order, it tells the order the Districts were built.
    ``before``: the spots before the last District was built, whose owners are then
    extended rather than found again."""
    spots = metropolis.spots
    kinds = tuple(map(_KIND, metropolis.shops))
    kept = _OWNERS.get(spots)
    if kept is not None and kept[0] == kinds:
        return kept[1]
    known = _OWNERS.get(before) if before else None
    found = None if known is None else _extended(known, before, spots, kinds)
    return _OWNERS.keep(spots, found or _owners(spots, kinds))[1]


def _owners(spots: tuple[District | None, ...], kinds: tuple[Shop, ...]) -> _Owners:
    """The owners of ``kinds`` found from the start: from the first Shop after the
    starting ones, the first District in spot order whose Shops come next, or the first
    District left when none does."""
    count = len(kinds)
    owners = [0.0] * count
    steps = []
    remaining = {spot: d.shops for spot, d in enumerate(spots) if d}
    index = count - sum(map(len, remaining.values()))
    while remaining and index < count:
        spot, matched = next(iter(remaining)), False
        for candidate, run in remaining.items():
            if kinds[index : index + len(run)] == run:
                spot, matched = candidate, True
                break
        steps.append((index, spot, matched))
        size = len(remaining.pop(spot))
        for at in range(index, index + size):
            owners[at] = float(spot + 1)
        index += size
    return kinds, tuple(owners), tuple(steps)


def _extended(
    known: _Owners,
    before: tuple[District | None, ...],
    spots: tuple[District | None, ...],
    kinds: tuple[Shop, ...],
) -> _Owners | None:
    """The owners :func:`_owners` finds once one District more is built, its Shops after
    the others: those before, and the new District's, when no step of the search before
    would now choose otherwise; ``None`` when one might (or the change is any other)."""
    old_kinds, old_owners, steps = known
    count = len(old_kinds)
    if len(spots) != SPOTS or len(before) != SPOTS or kinds[:count] != old_kinds:
        return None
    new = [at for at, (now, was) in enumerate(zip(spots, before, strict=True)) if now is not was]
    if len(new) != 1 or before[new[0]] is not None:
        return None
    spot = new[0]
    run = spots[spot].shops  # type: ignore[union-attr]
    if kinds[count:] != run:
        return None
    # Every District has Shops, so the search before took each one, and no other
    # District can match where it did not: each one left at a step is taken later, its
    # Shops ending before the new ones start.
    for index, chosen, matched in steps:
        # The new District, before the one chosen or where none matched, would be taken.
        if (spot < chosen or not matched) and kinds[index : index + len(run)] == run:
            return None
        if not matched and spot < chosen:
            return None
    return kinds, old_owners + (float(spot + 1),) * len(run), (*steps, (count, spot, True))


_KIND = attrgetter("shop")


@checked_arguments
def setting(table: Table) -> tuple[int, bool, Catalogue]:
    """The players, the variant and the catalogue of the game of ``table`` (a state or
    its view)."""
    return len(table.players), table.config.variant, table.config.catalogue
