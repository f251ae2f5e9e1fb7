"""Reference implementations ("oracles") of the rules, for the differential tests.

Each function restates one rule of ``RULES-SPEC.md`` as plainly as possible, so that
:mod:`tests.engine.test_oracle` can compare the library with it on positions of random
games. The oracles are written independently of the library's rule code: they read only
public state fields (the placed tiles, the Monuments, Pools, Stock, supplies, Metropolis
Shops and tokens, the options) and the printed squares of the board. Neighbours,
emptiness, token-to-icon fitting, payments and scores are all worked out here, square by
square and token by token; the library's bit masks, precomputed neighbour tables and rule
functions (``placements``, ``harvest``, ``closed_quarries``, ``payments``,
``Shop.accepts``, ``score_position``, ``start_anchors``...) are never called.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fertility_rules.fertility.effects.kinds.generic import GenericBenefit
from fertility_rules.fertility.effects.kinds.resource_to_shop import ResourceToShopBenefit
from fertility_rules.fertility.effects.kinds.specialized import SpecializedBenefit
from fertility_rules.fertility.effects.kinds.statue import StatueBenefit
from fertility_rules.fertility.effects.kinds.statue_choice import StatueChoiceBenefit
from fertility_rules.fertility.effects.kinds.wheat import WheatBenefit
from fertility_rules.fertility.interpretations import (
    Enclosure,
    LostResource,
    OfferSize,
    OwnHalves,
    QuarryCount,
)
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.resources import RESOURCES, Counts, Icon, Resource
from fertility_rules.fertility.model.shop import Shop
from fertility_rules.fertility.model.valley import Ground
from fertility_rules.fertility.rules import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    GameState,
    Phase,
    PlaceBonusResource,
    PlaceTile,
    SkipBuilding,
    SupplyShop,
    ValleyLayout,
)

PAWNS = 4
"""Monument pawns per player (R-1.8)."""
SPOTS = 7
"""District spots of a Metropolis board (R-1.7)."""
OFFER_SIZE = {OfferSize.FOUR: 4, OfferSize.THREE: 3}
"""How far the District offer is refilled (I-10)."""

_ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
_EIGHT = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0))


def _counts(values: Sequence[int]) -> Counts:
    return (values[0], values[1], values[2], values[3])


# --------------------------------------------------------------------------- the board


@dataclass(frozen=True)
class Board:
    """The central board seen square by square: printed squares, scenes, Monuments."""

    width: int
    height: int
    ground: tuple[Ground, ...]
    icons: tuple[Resource | None, ...]
    scenes: dict[int, Resource]
    """The scene shown on each square covered by a tile (the starting tile included)."""
    monuments: frozenset[int]

    @property
    def size(self) -> int:
        return self.width * self.height

    def neighbours(self, square: int, diagonal: bool = False) -> Iterator[int]:
        """Squares next to ``square`` on the board: 4 orthogonal ones, or all 8."""
        row, column = divmod(square, self.width)
        for dr, dc in _EIGHT if diagonal else _ORTHOGONAL:
            r, c = row + dr, column + dc
            if 0 <= r < self.height and 0 <= c < self.width:
                yield r * self.width + c

    def is_empty(self, square: int, placed: frozenset[int] = frozenset()) -> bool:
        """An empty desert square (R-3.1): no tile, no Monument, not wheat or water."""
        return (
            self.ground[square] is Ground.DESERT
            and square not in self.scenes
            and square not in self.monuments
            and square not in placed
        )

    def touches(self, square: int, scene: Resource) -> bool:
        """Whether an identical scene in play is orthogonally next to ``square``."""
        return any(self.scenes.get(n) is scene for n in self.neighbours(square))


def board_of(state: GameState) -> Board:
    """The board of ``state``, rebuilt from the placed tiles and Monuments (R-1.4)."""
    grid = state.config.layout
    scenes: dict[int, Resource] = {}
    for placed in state.valley.tiles:
        for square, scene in zip(placed.squares, placed.scenes, strict=True):
            assert square not in scenes, f"two tiles on square {square}"
            scenes[square] = scene
    return Board(
        width=grid.width,
        height=grid.height,
        ground=tuple(sq.ground for sq in grid.squares),
        icons=tuple(sq.icon for sq in grid.squares),
        scenes=scenes,
        monuments=frozenset(square for square, _player in state.valley.monuments),
    )


# --------------------------------------------------------------------------- step 1: placing


def placements(state: GameState) -> set[PlaceTile]:
    """Every legal placement of a Personal Pool tile (R-3.1), both orders of its squares.

    Two orthogonally adjacent empty desert squares; the first scene next to an identical
    scene in play, or the second one.
    """
    board = board_of(state)
    out: set[PlaceTile] = set()
    for tile in set(state.player.pool):
        a, b = state.config.tiles[tile].scenes
        for first in range(board.size):
            if not board.is_empty(first):
                continue
            for second in board.neighbours(first):
                if board.is_empty(second) and (board.touches(first, a) or board.touches(second, b)):
                    out.add(PlaceTile(tile, first, second))
    return out


def step_one_moves(state: GameState) -> set[PlaceTile | DiscardTile]:
    """Placements, or a discard of any Pool tile when none can be laid (R-3.1, R-3.2)."""
    laid: set[PlaceTile | DiscardTile] = set(placements(state))
    return laid or {DiscardTile(tile) for tile in state.player.pool}


def _closed(board: Board, square: int, placed: frozenset[int], diagonal: bool) -> bool:
    """A Quarry square: empty, no empty desert square around it (R-3.3.D, I-1)."""
    return board.is_empty(square, placed) and not any(
        board.is_empty(n, placed) for n in board.neighbours(square, diagonal)
    )


@dataclass(frozen=True)
class Harvest:
    """What a placement yields before the Stock limit (R-3.3 A to D)."""

    tokens: Counts
    wheat: int
    quarries: frozenset[int]


def harvest(state: GameState, move: PlaceTile) -> Harvest:
    """R-3.3: A connections, B wheat squares, C covered icons, D Quarries closed.

    A counts identical scenes already in play (I-12: the tile's own halves only under the
    alternative); B counts each wheat square once or once per half (I-4; on a square grid
    no square touches both halves of a domino, so the two readings always agree); D is
    every square closed now that was not closed before, with 8 or 4 neighbours (I-1).
    """
    board = board_of(state)
    options = state.config.interpretations
    a, b = state.config.tiles[move.tile].scenes
    halves = ((move.first, a), (move.second, b))
    tokens = [0, 0, 0, 0]
    for square, scene in halves:
        tokens[scene] += sum(1 for n in board.neighbours(square) if board.scenes.get(n) is scene)
    if a is b and options.own_halves is OwnHalves.COUNTED:
        tokens[a] += 2
    wheat_next = [
        {n for n in board.neighbours(square) if board.ground[n] is Ground.WHEAT}
        for square, _scene in halves
    ]
    wheat = len(wheat_next[0] | wheat_next[1])
    for square, _scene in halves:
        icon = board.icons[square]
        if icon is not None:
            tokens[icon] += 1
    diagonal = options.quarry_enclosure is Enclosure.EIGHT
    placed = frozenset((move.first, move.second))
    quarries = frozenset(
        square
        for square in range(board.size)
        if _closed(board, square, placed, diagonal)
        and not _closed(board, square, frozenset(), diagonal)
    )
    return Harvest(_counts(tokens), wheat, quarries)


@dataclass(frozen=True)
class AfterPlacing:
    """The current player's side of the state after a placement."""

    supply: Counts
    stock: Counts
    wheat: int
    quarries: frozenset[int]
    quarry_choices: int
    phase: Phase


def after_placing(state: GameState, move: PlaceTile) -> AfterPlacing:
    """The harvest taken: the Stock gives what it has (R-1.1, I-3), Wheat stops at the top
    (I-7), one choice per Quarry or one in all (I-2), none without an option (I-13)."""
    got = harvest(state, move)
    player = state.player
    taken = [min(got.tokens[r], state.stock[r]) for r in RESOURCES]
    stock = _counts([state.stock[r] - taken[r] for r in RESOURCES])
    top = len(player.metropolis.wheat_track) - 1
    choices = len(got.quarries)
    if state.config.interpretations.quarries_per_placement is QuarryCount.ONE:
        choices = min(choices, 1)
    pending = choices > 0 and (player.metropolis.monuments < PAWNS or any(stock))
    return AfterPlacing(
        supply=_counts([player.supply[r] + taken[r] for r in RESOURCES]),
        stock=stock,
        wheat=min(top, player.metropolis.wheat + got.wheat),
        quarries=got.quarries if pending else frozenset(),
        quarry_choices=choices if pending else 0,
        phase=Phase.QUARRY if pending else Phase.BUILD,
    )


# --------------------------------------------------------------------------- Quarries


def quarry_moves(state: GameState) -> set[ClaimQuarry]:
    """For each Quarry awaiting a choice: a token the Stock still has (I-13), or a
    Monument while the player has one left (R-3.3.D, R-1.8)."""
    out: set[ClaimQuarry] = set()
    for square in state.quarries:
        out.update(ClaimQuarry(square, r) for r in RESOURCES if state.stock[r] > 0)
        if state.player.metropolis.monuments < PAWNS:
            out.add(ClaimQuarry(square, None))
    return out


@dataclass(frozen=True)
class AfterQuarry:
    """What a Quarry choice changes."""

    stock: Counts
    supply: Counts
    monuments: int
    monument_squares: frozenset[int]
    quarries: frozenset[int]
    phase: Phase


def after_quarry(state: GameState, move: ClaimQuarry) -> AfterQuarry:
    """A token from the Stock to the supply, or a Monument on the square (R-3.3.D); then
    the next Quarry if a choice is left (I-2) and an option exists (I-13), else step 2."""
    player = state.player
    stock = list(state.stock)
    supply = list(player.supply)
    monuments = player.metropolis.monuments
    squares = set(board_of(state).monuments)
    if move.resource is None:
        monuments += 1
        squares.add(move.square)
    else:
        stock[move.resource] -= 1
        supply[move.resource] += 1
    left = set(state.quarries) - {move.square}
    more = state.quarry_choices > 1 and bool(left) and (monuments < PAWNS or any(stock))
    return AfterQuarry(
        _counts(stock),
        _counts(supply),
        monuments,
        frozenset(squares),
        frozenset(left) if more else frozenset(),
        Phase.QUARRY if more else Phase.BUILD,
    )


# --------------------------------------------------------------------------- step 2: building


def payment_options(cost: int, supply: Counts, wheat: int) -> set[tuple[Counts, int]]:
    """Every ``(tokens, wheat)`` paying exactly ``cost`` from the supply and Wheat (R-3.4)."""
    out: set[tuple[Counts, int]] = set()
    for tokens in itertools.product(*(range(supply[r] + 1) for r in RESOURCES)):
        rest = cost - sum(tokens)
        if 0 <= rest <= wheat:
            out.add((_counts(tokens), rest))
    return out


def build_moves(state: GameState) -> set[BuildDistrict | SkipBuilding]:
    """Building nothing, or an offered District on a free spot, paid exactly (R-3.4)."""
    player = state.player
    out: set[BuildDistrict | SkipBuilding] = {SkipBuilding()}
    free = [i for i, district in enumerate(player.metropolis.spots) if district is None]
    for district in state.offer:
        cost = state.config.catalogue.district(district).cost
        for tokens, wheat in payment_options(cost, player.supply, player.metropolis.wheat):
            out.update(BuildDistrict(district, spot, tokens, wheat) for spot in free)
    return out


@dataclass(frozen=True)
class AfterBuilding:
    """What building changes: payment, the new Shops, the offer (R-3.4, R-3.6, I-10)."""

    supply: Counts
    stock: Counts
    wheat: int
    shops: tuple[tuple[Shop, Counts], ...]
    district_at_spot: str
    offer: frozenset[str]
    offer_and_deck: tuple[str, ...]


def after_building(state: GameState, move: BuildDistrict) -> AfterBuilding:
    """Paid tokens go back to the Stock, Wheat moves down, the District's Shops join the
    Metropolis empty, and the offer is refilled to 4 (or 3, I-10) from the pile."""
    player = state.player
    district = state.config.catalogue.district(move.district)
    kept = [d for d in state.offer if d != move.district]
    missing = max(0, OFFER_SIZE[state.config.interpretations.district_offer] - len(kept))
    refill = list(state.district_deck[:missing])
    return AfterBuilding(
        supply=_counts([player.supply[r] - move.tokens[r] for r in RESOURCES]),
        stock=_counts([state.stock[r] + move.tokens[r] for r in RESOURCES]),
        wheat=player.metropolis.wheat - move.wheat,
        shops=(
            *((s.shop, s.tokens) for s in player.metropolis.shops),
            *((shop, (0, 0, 0, 0)) for shop in district.shops),
        ),
        district_at_spot=move.district,
        offer=frozenset(kept + refill),
        offer_and_deck=tuple(sorted(kept + list(state.district_deck))),
    )


# --------------------------------------------------------------------------- step 3: supplying


def fits(requires: Sequence[Icon], tokens: Counts) -> bool:
    """Whether each token can sit on its own icon: its resource's or "any" (R-1.6)."""
    wanted = [r for r in RESOURCES for _ in range(tokens[r])]
    if len(wanted) > len(requires):
        return False
    for icons in itertools.permutations(requires, len(wanted)):
        if all(
            icon is Icon.ANY or icon.resource is r for icon, r in zip(icons, wanted, strict=True)
        ):
            return True
    return False


def accepts(requires: Sequence[Icon], tokens: Counts, resource: Resource) -> bool:
    """Whether a Shop holding ``tokens`` can take one more ``resource`` (R-1.6, R-3.5)."""
    more = list(tokens)
    more[resource] += 1
    return fits(requires, _counts(more))


def _accepting(shops: Sequence[tuple[Sequence[Icon], Counts]], resource: Resource) -> list[int]:
    return [i for i, (requires, held) in enumerate(shops) if accepts(requires, held, resource)]


def _shops_of(state: GameState) -> list[tuple[Sequence[Icon], Counts]]:
    return [(s.shop.requires, s.tokens) for s in state.player.metropolis.shops]


def supply_moves(state: GameState) -> set[SupplyShop | EndSupplying]:
    """Ending step 3, or a supply token onto a Shop that can take it (R-3.5, R-1.6)."""
    out: set[SupplyShop | EndSupplying] = {EndSupplying()}
    shops = _shops_of(state)
    for resource in RESOURCES:
        if state.player.supply[resource] > 0:
            out.update(SupplyShop(resource, i) for i in _accepting(shops, resource))
    return out


def _bonus_options(
    shops: Sequence[tuple[Sequence[Icon], Counts]],
    stock: Counts,
    choices: Sequence[Resource],
    to_supply: bool,
) -> set[PlaceBonusResource]:
    out = {PlaceBonusResource(r, i) for r in choices if stock[r] > 0 for i in _accepting(shops, r)}
    if not out and to_supply:
        out = {PlaceBonusResource(r, None) for r in choices if stock[r] > 0}
    return out


def _to_supply(state: GameState) -> bool:
    return state.config.interpretations.lost_resource is LostResource.TO_SUPPLY


def bonus_moves(state: GameState) -> set[PlaceBonusResource]:
    """The first pending ``resource_to_shop`` benefit: one of its resources the Stock still
    has (I-13), put on a Shop that can take it (R-6); to the supply only when no Shop can
    and I-6's alternative is chosen."""
    return _bonus_options(_shops_of(state), state.stock, state.bonuses[0], _to_supply(state))


@dataclass(frozen=True)
class AfterSupplying:
    """The Metropolis, supply and Stock after a token is put on a Shop."""

    tokens: tuple[Counts, ...]
    supply: Counts
    stock: Counts
    wheat: int
    bonuses: tuple[tuple[Resource, ...], ...]
    phase: Phase


def after_supplying(state: GameState, move: SupplyShop | PlaceBonusResource) -> AfterSupplying:
    """The token lands (from the supply, or for a benefit from the Stock); a Shop it fills
    applies its immediate benefit (R-3.5, R-6): Wheat up to the top (I-7), or a resource
    to place at once, queued first. Benefits nothing can receive are dropped (I-6, I-13)."""
    player = state.player
    metropolis = player.metropolis
    tokens = [s.tokens for s in metropolis.shops]
    supply = list(player.supply)
    stock = list(state.stock)
    wheat = metropolis.wheat
    bonuses = state.bonuses
    target: int | None = move.shop
    if isinstance(move, SupplyShop):
        supply[move.resource] -= 1
    else:
        bonuses = bonuses[1:]
        stock[move.resource] -= 1
        if target is None:
            supply[move.resource] += 1
    if target is not None:
        held = list(tokens[target])
        held[move.resource] += 1
        tokens[target] = _counts(held)
        shop = metropolis.shops[target].shop
        if sum(held) == len(shop.requires):
            benefit = shop.benefit
            if isinstance(benefit, WheatBenefit):
                wheat = min(len(metropolis.wheat_track) - 1, wheat + benefit.wheat)
            elif isinstance(benefit, ResourceToShopBenefit):
                bonuses = (benefit.choices, *bonuses)
    shops = [(s.shop.requires, held) for s, held in zip(metropolis.shops, tokens, strict=True)]
    while bonuses and not _bonus_options(shops, _counts(stock), bonuses[0], _to_supply(state)):
        bonuses = bonuses[1:]
    return AfterSupplying(
        tuple(tokens),
        _counts(supply),
        _counts(stock),
        wheat,
        bonuses,
        Phase.BONUS if bonuses else Phase.SUPPLY,
    )


# --------------------------------------------------------------------------- final scoring


@dataclass(frozen=True)
class Sheet:
    """One player's five stage totals (R-5.1 to R-5.5), tokens on the board and rank."""

    player: str
    stages: tuple[int, int, int, int, int]
    tokens_on_metropolis: int
    rank: int


def _shop_stages(metropolis: Metropolis, gods: Sequence[str]) -> tuple[int, int, int]:
    """Generic (R-5.1), specialized (R-5.2) and Statues (R-5.3, I-8) of fully supplied
    Shops; a "god of your choice" adds a god not yet in the collection, if any is left."""
    on_board = [sum(s.tokens[r] for s in metropolis.shops) for r in RESOURCES]
    generic = specialized = choices = 0
    named: set[str] = set()
    for state in metropolis.shops:
        if sum(state.tokens) != len(state.shop.requires):
            continue
        benefit = state.shop.benefit
        if isinstance(benefit, GenericBenefit):
            generic += benefit.debens
        elif isinstance(benefit, SpecializedBenefit):
            specialized += benefit.per_token * on_board[benefit.resource]
        elif isinstance(benefit, StatueBenefit):
            named.update(benefit.gods)
        elif isinstance(benefit, StatueChoiceBenefit):
            choices += 1
    different = len(named) + min(choices, len(set(gods) - named))
    scale = metropolis.statue_scale
    return generic, specialized, scale[min(different, len(scale) - 1)]


def final_sheets(
    players: Sequence[tuple[str, Metropolis]], gods: Sequence[str], first: int, second: int
) -> list[Sheet]:
    """Final scores (R-5) and ranks (R-4.3): highest total, then fewest tokens on the
    Metropolis; ties share. Monuments (R-5.4): ``first`` for the highest non-zero count,
    ``second`` for the next count below it, 0 otherwise."""
    counts = sorted({m.monuments for _name, m in players if m.monuments > 0}, reverse=True)
    scored: list[tuple[str, tuple[int, int, int, int, int], int]] = []
    for name, metropolis in players:
        generic, specialized, statues = _shop_stages(metropolis, gods)
        n = metropolis.monuments
        monuments = first if counts and n == counts[0] else 0
        if len(counts) > 1 and n == counts[1]:
            monuments = second
        wheat = metropolis.wheat_track[metropolis.wheat]
        on_board = sum(sum(s.tokens) for s in metropolis.shops)
        scored.append((name, (generic, specialized, statues, monuments, wheat), on_board))
    keys = [(sum(stages), -on_board) for _name, stages, on_board in scored]
    return [
        Sheet(name, stages, on_board, 1 + sum(1 for other in keys if other > key))
        for (name, stages, on_board), key in zip(scored, keys, strict=True)
    ]


# --------------------------------------------------------------------------- setup


def start_anchors(grid: ValleyLayout) -> set[tuple[int, int]]:
    """Top-left squares of the 2 x 2 starting tile (R-2.1, I-14): desert squares only,
    covering a start symbol nearest the centre of the valley (exact distances)."""
    width, height = grid.width, grid.height

    def distance(square: int) -> int:
        """4 x the squared distance of the square's centre from the valley's centre:
        an integer, so that equally near symbols compare equal exactly."""
        row, column = divmod(square, width)
        return (2 * row + 1 - height) ** 2 + (2 * column + 1 - width) ** 2

    symbols = [i for i, square in enumerate(grid.squares) if square.start]
    if not symbols:
        return set()
    best = min(distance(s) for s in symbols)
    nearest = {s for s in symbols if distance(s) == best}
    out: set[tuple[int, int]] = set()
    for row in range(height - 1):
        for column in range(width - 1):
            block = {(row + dr) * width + column + dc for dr in (0, 1) for dc in (0, 1)}
            if block & nearest and all(grid.squares[s].ground is Ground.DESERT for s in block):
                out.add((row, column))
    return out


def centre_distance(grid: ValleyLayout, anchor: tuple[int, int]) -> float:
    """How far the four squares of a starting tile at ``anchor`` are from the centre."""
    row, column = anchor
    return sum(
        math.hypot(r + 0.5 - grid.height / 2, c + 0.5 - grid.width / 2)
        for r in (row, row + 1)
        for c in (column, column + 1)
    )
