"""``violations`` names every rule a move breaks, not only the first found (A-3 to A-4).

Each condition of a purchase, a take, a refresh and a move of a tile is restated here with
the reference implementation's pieces (:mod:`tests.ankhor.oracle`), which share nothing with
the referee: which of A-3.2, A-3.3, A-3.4, A-3.5, A-4.1, A-4.2 and A-4.3 the move breaks.
Random candidate moves, most of them illegal, at the decisions of random games under random
readings, must be refused naming exactly those rules. Before, ``buy 1 4,4`` with an empty
hand named A-3.4 (where) and not A-3.3 (cannot pay), and a refresh or a move of a tile
without an ankh token to spend named A-4.1 alone.
"""

from __future__ import annotations

import random
from typing import Any

from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules import ankhor
from fertility_rules.ankhor.model import Colour
from fertility_rules.ankhor.moves import BuyTile, MoveTile, Refresh, TakeTokens
from tests.ankhor import oracle
from tests.ankhor.helpers import Box, layout, table
from tests.ankhor.test_oracle import as_tuple, buying, readings

Position = tuple[int, int, int]


def _can_spend_an_ankh(state: Any) -> bool:
    """A-4.1: an ankh token held before this turn, and fewer than 2 spent in it."""
    player = state.players[state.current]
    return bool(player.tokens[5] - state.progress.ankhs_taken > 0 and state.progress.spent < 2)


def _tile_moves(state: Any) -> set[tuple[Any, ...]]:
    """The moves of a tile A-4.3 allows, whatever the ankh tokens: the oracle's, asked of
    the same position with an ankh token to spend."""
    player = state.players[state.current]
    hand = (*player.tokens[:5], 1)
    players = list(state.players)
    players[state.current] = evolve(player, tokens=hand)
    progress = evolve(state.progress, spent=0, ankhs_taken=0)
    free = evolve(state, players=tuple(players), progress=progress)
    return {move for move in oracle._ankh_actions(free) if move[0] == "move"}


def _markers(state: Any, slot: int) -> list[str]:
    return [colour.name.lower() for colour in state.config.prices[slot]]


def _buy_rules(state: Any, move: BuyTile) -> set[str]:
    player = state.players[state.current]
    tiles = oracle._tiles(player)
    level, x, y = move.position
    in_offer = 0 <= move.slot < len(state.offer)
    tile = state.offer[move.slot] if in_offer else None
    unpaid = None if move.unpaid is None else move.unpaid.name.lower()
    broken = set()
    if tile is None:  # a tile of the offer is bought
        broken.add("A-3.3")
    else:  # paid with a token of each marker's colour, one fewer on a higher level
        need = _markers(state, move.slot)
        if unpaid in need:
            need.remove(unpaid)
        if (unpaid is None or unpaid in _markers(state, move.slot)) and not oracle._pays(
            oracle._have(player, tiles), need
        ):
            broken.add("A-3.3")
    if level < 0:  # levels count from the base
        return broken | {"A-3.4"}
    if move.position in tiles:  # an empty place
        broken.add("A-3.4")
    if level == 0:
        first = not tiles and move.position != (0, 0, 0)
        if first or (tiles and not oracle._next_to_base(tiles, x, y)):
            broken.add("A-3.4")
        if unpaid is not None:  # only a higher tile costs less
            broken.add("A-3.5")
        return broken
    under = [tiles.get((level - 1, x + dx, y + dy)) for dx in (0, 1) for dy in (0, 1)]
    colours = {oracle._colour(t) for t in under if t is not None}
    if (
        level > oracle._top(state)
        or not oracle._supported(tiles, level, x, y)  # on four tiles
        or (tile is not None and oracle._colour(tile) not in colours)  # one of their colours
        or unpaid is None  # a marker left unpaid
        or (in_offer and unpaid not in _markers(state, move.slot))  # one above the slot
    ):
        broken.add("A-3.5")
    return broken


def expected(state: Any, move: Any) -> set[str]:
    """The rules ``move`` breaks at ``state`` (a decision of the main action or after it),
    condition by condition."""
    if isinstance(move, TakeTokens):
        legal = ("take", move.tokens) in oracle._takes(state.supply)
        return set() if legal else {"A-3.2"}
    if isinstance(move, BuyTile):
        return _buy_rules(state, move)
    broken = set() if _can_spend_an_ankh(state) else {"A-4.1"}
    if isinstance(move, MoveTile):
        if as_tuple(move) not in _tile_moves(state):
            broken.add("A-4.3")
        return broken
    sizes = state.pile_sizes
    if (
        all(tile is None for tile in state.offer)  # a tile to remove
        or (move.pile is None and (sizes[0] or sizes[1]))  # a pile chosen while one has tiles
        or (move.pile is not None and not sizes[move.pile])  # a pile that has tiles
    ):
        broken.add("A-4.2")
    return broken


def _places(state: Any, rng: random.Random) -> Position:
    """A place near the current player's layout: on a tile, beside one, above, or off."""
    tiles = list(oracle._tiles(state.players[state.current]))
    if tiles and rng.random() < 0.6:
        level, x, y = rng.choice(tiles)
        return (level + rng.choice((-1, 0, 0, 1)), x + rng.randint(-1, 1), y + rng.randint(-1, 1))
    return (rng.randint(-1, 2), rng.randint(-3, 3), rng.randint(-3, 3))


def candidates(state: Any, rng: random.Random) -> list[Any]:
    """Random moves of the kinds the decision takes, most of them illegal."""
    moves: list[Any] = [
        Refresh(rng.choice((None, 0, 1))),
        MoveTile(_places(state, rng), _places(state, rng)),
    ]
    if state.phase is ankhor.Phase.MAIN:
        a, b, c, d, e, f = (rng.randint(-1, 3) for _ in range(6))
        moves.append(TakeTokens((a, b, c, d, e, f)))
        for _ in range(3):
            unpaid = rng.choice((None, *Colour))
            moves.append(BuyTile(rng.randint(-1, len(state.offer)), _places(state, rng), unpaid))
    return moves


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_violations_name_every_rule_a_move_breaks(seed: int) -> None:
    rng = random.Random(seed)
    players = ["A", "B", "C", "D"][: 2 + seed % 3]
    state = ankhor.new_game(players, seed=seed, interpretations=readings(seed))
    checked = 0
    while not state.is_over:
        if state.phase in (ankhor.Phase.MAIN, ankhor.Phase.AFTER):
            for move in candidates(state, rng):
                found = {v.rule for v in ankhor.violations(state, move)}
                assert found == expected(state, move), (as_tuple(move), state.phase)
                checked += bool(found)
        state = ankhor.apply(state, buying(ankhor.legal_moves(state), rng))
    assert checked > 100


def test_a_purchase_at_a_wrong_place_with_nothing_to_pay_names_both_rules() -> None:
    """The case found: ``buy 1 4,4`` with an empty hand, far from the layout."""
    box = Box()
    state = table([layout(box, "Bd Bs"), layout(box, "Gd")])  # nobody holds a token
    move = ankhor.parse_move("buy 1 4,4", state)
    assert [v.rule for v in ankhor.violations(state, move)] == ["A-3.4", "A-3.3"]
