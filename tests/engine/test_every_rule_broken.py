"""``violations`` names every rule a move breaks, not only the first found (R-1.3 to R-6).

Each condition of a placement, a Quarry's choice, a District built, a supply and a
benefit's resource is restated here with the reference implementation's pieces
(:mod:`tests.engine.oracle`), which share nothing with the referee: which of R-1.3, R-1.6,
R-1.8, R-3.1, R-3.3.D, R-3.4, R-3.5, R-6, I-6 and I-13 the move breaks. Random candidate
moves, most of them illegal, at the decisions of random games under random readings, must
be refused naming exactly those rules. Before, a placement on squares apart named R-1.3
and not R-3.1 when no scene touched its like, a tile not in the Personal Pool named R-3.1
alone, a supply of a token not held named R-3.5 and not the Shop that cannot take it
(R-1.6), and a Quarry's choice on a square without a Quarry did not say that the Stock was
out of the token (I-13).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import fertility_rules as fr
from fertility_rules.fertility.interpretations import (
    Enclosure,
    Interpretations,
    LostResource,
    OfferSize,
    OwnHalves,
    QuarryCount,
)
from fertility_rules.fertility.model.resources import RESOURCES, Resource
from fertility_rules.fertility.rules import (
    BuildDistrict,
    ClaimQuarry,
    GameState,
    Phase,
    PlaceBonusResource,
    PlaceTile,
    SupplyShop,
)
from tests.engine import oracle
from tests.engine.positions import game, sq, tile
from tests.engine.test_quarries import DIAGONAL

Candidate = PlaceTile | ClaimQuarry | BuildDistrict | SupplyShop | PlaceBonusResource


def _adjacent(width: int, first: int, second: int) -> bool:
    """R-1.3: the two squares share a side (rows and columns counted past the board's edge
    too, where a square off the board lies)."""
    (r1, c1), (r2, c2) = divmod(first, width), divmod(second, width)
    return abs(r1 - r2) + abs(c1 - c2) == 1


def _place_rules(state: GameState, move: PlaceTile) -> set[str]:
    board = oracle.board_of(state)
    squares = (move.first, move.second)
    on_board = all(0 <= square < board.size for square in squares)
    broken = set()
    if (
        move.tile not in state.player.pool  # a tile of the Personal Pool
        or not all(0 <= s < board.size and board.is_empty(s) for s in squares)  # empty desert
    ):
        broken.add("R-3.1")
    if on_board and move.tile in state.config.tiles:  # a scene next to an identical one
        a, b = state.config.tiles[move.tile].scenes
        if not (board.touches(move.first, a) or board.touches(move.second, b)):
            broken.add("R-3.1")
    if not _adjacent(board.width, *squares):
        broken.add("R-1.3")
    return broken


def _shop_rules(state: GameState, resource: Resource, shop: int) -> set[str]:
    shops = oracle._shops_of(state)
    if not 0 <= shop < len(shops):
        return {"R-3.5"}  # a Shop of the Metropolis
    requires, held = shops[shop]
    return set() if oracle.accepts(requires, held, resource) else {"R-1.6"}


def _bonus_rules(state: GameState, move: PlaceBonusResource) -> set[str]:
    choices = state.bonuses[0]
    broken = set()
    if move.resource not in choices:  # a resource the benefit offers
        broken.add("R-6")
    if not state.stock[move.resource]:  # the Stock still has it
        broken.add("I-13")
    if move.shop is not None:
        return broken | _shop_rules(state, move.resource, move.shop)
    shops = oracle._shops_of(state)
    a_shop_takes = any(
        state.stock[r] and oracle._accepting(shops, r) for r in choices
    )  # to the supply only when no Shop can take any, under I-6's alternative
    if a_shop_takes or state.config.interpretations.lost_resource is LostResource.LOST:
        broken.add("I-6")
    return broken


def expected(state: GameState, move: Candidate) -> set[str]:
    """The rules ``move`` breaks at ``state``, condition by condition."""
    if isinstance(move, PlaceTile):
        return _place_rules(state, move)
    if isinstance(move, ClaimQuarry):
        broken = set() if move.square in state.quarries else {"R-3.3.D"}
        if move.resource is None and state.player.metropolis.monuments >= oracle.PAWNS:
            broken.add("R-1.8")  # a Monument left to build
        if move.resource is not None and not state.stock[move.resource]:
            broken.add("I-13")  # the token in the Stock
        return broken
    if isinstance(move, BuildDistrict):
        return set() if move in oracle.build_moves(state) else {"R-3.4"}
    if isinstance(move, SupplyShop):
        held = state.player.supply[move.resource] > 0  # a token beside the board
        return (set() if held else {"R-3.5"}) | _shop_rules(state, move.resource, move.shop)
    return _bonus_rules(state, move)


def candidates(state: GameState, rng: random.Random) -> list[Candidate]:
    """Random moves of the kind the decision takes, most of them illegal."""
    size = state.config.layout.width * state.config.layout.height
    shops = len(state.player.metropolis.shops)
    resource = rng.choice(RESOURCES)
    match state.phase:
        case Phase.PLACE:
            tiles = [*state.player.pool, *rng.sample(sorted(state.config.tiles), 2)]
            moves: list[Candidate] = []
            for _ in range(4):
                first = rng.randrange(-1, size + 1)
                step = rng.choice((1, -1, state.config.layout.width, rng.randrange(size)))
                moves.append(PlaceTile(rng.choice(tiles), first, first + step))
            return moves
        case Phase.QUARRY:
            squares = [*state.quarries, rng.randrange(size)]
            return [
                ClaimQuarry(rng.choice(squares), rng.choice((None, *RESOURCES))) for _ in range(4)
            ]
        case Phase.BUILD:
            offer = [*state.offer, "D01"]
            tokens = (rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 1), rng.randint(0, 1))
            spot = rng.randint(-1, 7)
            return [BuildDistrict(rng.choice(offer), spot, tokens, rng.randint(0, 2))]
        case Phase.SUPPLY:
            return [SupplyShop(resource, rng.randint(-1, shops)) for _ in range(2)]
        case Phase.BONUS:
            return [
                PlaceBonusResource(
                    rng.choice(RESOURCES), rng.choice((None, rng.randint(-1, shops)))
                )
                for _ in range(6)
            ]
    return []


def readings(rng: random.Random) -> Interpretations:
    return Interpretations(
        quarry_enclosure=rng.choice(list(Enclosure)),
        quarries_per_placement=rng.choice(list(QuarryCount)),
        lost_resource=rng.choice(list(LostResource)),
        district_offer=rng.choice(list(OfferSize)),
        own_halves=rng.choice(list(OwnHalves)),
    )


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_violations_name_every_rule_a_move_breaks(seed: int) -> None:
    rng = random.Random(seed)
    players = ["A", "B", "C", "D"][: 2 + seed % 3]
    state = fr.new_game(players, seed=seed, interpretations=readings(rng))
    checked = 0
    while not state.is_over:
        for move in candidates(state, rng):
            found = {v.rule for v in fr.violations(state, move)}
            assert found == expected(state, move), (move, state.phase)
            checked += bool(found)
        legal = fr.legal_moves(state)
        state = fr.apply(state, legal[rng.randrange(len(legal))])
    assert checked > 50


def test_a_choice_for_no_quarry_of_a_token_the_stock_lacks_names_both_rules() -> None:
    """The Quarry of the drawing DIAGONAL (tests.engine.test_quarries) closed with a Stock
    of one token each, which the Alabaster harvested empties (I-3): an Alabaster for a
    square without a Quarry breaks R-3.3.D and I-13."""
    ab = tile(Resource.ALABASTER, Resource.BOVINE)
    state = fr.apply(game(scenes=DIAGONAL, pool=(ab,), stock=1), PlaceTile(ab, sq(2, 4), sq(1, 4)))
    assert state.phase is Phase.QUARRY
    assert state.stock[Resource.ALABASTER] == 0
    move = ClaimQuarry(sq(0, 0), Resource.ALABASTER)
    assert [v.rule for v in fr.violations(state, move)] == ["R-3.3.D", "I-13"]


def test_a_tile_not_held_laid_on_squares_apart_names_both_rules() -> None:
    ab, held = tile(Resource.ALABASTER, Resource.BOVINE), tile(Resource.PAPYRUS, Resource.PAPYRUS)
    state = game(scenes=DIAGONAL, pool=(held,))
    move = PlaceTile(ab, sq(2, 4), sq(0, 4))
    assert [v.rule for v in fr.violations(state, move)] == ["R-3.1", "R-1.3"]
