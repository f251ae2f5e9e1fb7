"""The engine against the reference implementation of ``tests/ankhor/oracle.py``: the
legal moves at every decision of random games, and the final scores and winners, under
every reading of Q-1 to Q-6."""

from __future__ import annotations

import random
from typing import Any

import pytest

from fertility_rules import ankhor
from fertility_rules.ankhor.interpretations import (
    BonusTokens,
    Height,
    HigherNeighbours,
    Interpretations,
    Moving,
    PriceLayout,
    Removal,
)
from fertility_rules.ankhor.moves import (
    BuyTile,
    EndActions,
    MoveTile,
    PassMain,
    Refill,
    Refresh,
    ReturnTokens,
    StoreTokens,
    TakeTokens,
)
from tests.ankhor import oracle


def as_tuple(move: ankhor.Move) -> tuple[Any, ...]:
    match move:
        case TakeTokens(tokens=tokens):
            return ("take", tokens)
        case BuyTile(slot=slot, position=position, unpaid=unpaid):
            return ("buy", slot, position, None if unpaid is None else unpaid.name.lower())
        case PassMain():
            return ("pass",)
        case Refresh(pile=pile):
            return ("refresh", pile)
        case MoveTile(origin=origin, target=target):
            return ("move", origin, target)
        case EndActions():
            return ("end",)
        case StoreTokens(warehouses=warehouses):
            return ("store", warehouses)
        case ReturnTokens(tokens=tokens):
            return ("return", tokens)
        case Refill(pile=pile):
            return ("refill", pile)
    raise AssertionError(move)


def readings(seed: int) -> Interpretations:
    """Readings that go through every value of every switch as the seed grows."""
    pick = random.Random(seed)
    return Interpretations(
        two_player_removal=pick.choice(list(Removal)),
        bonus_tokens=pick.choice(list(BonusTokens)),
        higher_neighbours=pick.choice(list(HigherNeighbours)),
        height=pick.choice(list(Height)),
        moving=pick.choice(list(Moving)),
        price_layout=pick.choice(list(PriceLayout)),
    )


def buying(moves: list[ankhor.Move], rng: random.Random) -> ankhor.Move:
    """A random move, a purchase twice in three times when one is legal, on a higher level
    when one can be, and a move of a tile whenever one can be half the time (so that
    layouts grow high and wide enough to test placing, moving and scoring)."""
    buys = [m for m in moves if isinstance(m, BuyTile)]
    higher = [m for m in buys if m.position[0] > 0]
    shifts = [m for m in moves if isinstance(m, MoveTile)]
    if higher and rng.random() < 0.8:
        return higher[rng.randrange(len(higher))]
    if buys and rng.random() < 0.66:
        return buys[rng.randrange(len(buys))]
    if shifts and rng.random() < 0.5:
        return shifts[rng.randrange(len(shifts))]
    return moves[rng.randrange(len(moves))]


@pytest.mark.parametrize("seed", range(12))
def test_legal_moves_and_scores_agree_with_the_oracle(seed: int) -> None:
    rng = random.Random(seed)
    players = ["A", "B", "C", "D"][: 2 + seed % 3]
    state = ankhor.new_game(players, seed=seed, interpretations=readings(seed))
    decisions = 0
    while not state.is_over:
        moves = ankhor.legal_moves(state)
        engine = [as_tuple(m) for m in moves]
        assert len(engine) == len(set(engine)), "a move is listed twice"
        assert set(engine) == oracle.legal_moves(state), (state.phase, decisions)
        state = ankhor.apply(state, buying(moves, rng))
        decisions += 1
        if decisions % 25 == 0 or state.is_over:
            position = ankhor.final_position(state)
            assert [tuple(t) for t in ankhor.score_totals(position)] == oracle.score(position)
            report = ankhor.score(position)
            assert set(report.winners) == oracle.winners(position)
    assert decisions > 50
