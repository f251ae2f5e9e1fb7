"""Ankh'or's parts of the ``ismcts`` agent (:class:`~fertility_rules.agents.ismcts.ISMCTSAgent`).

What the generic search (:mod:`fertility_rules.agents.ismcts`) needs of Ankh'or beside its
referee and :func:`~fertility_rules.ankhor.views.sample_state` (a determinization deals
the unseen tiles into the two draw piles, A-8.2) is one
:class:`~fertility_rules.games.GameSearch`, :data:`ANKHOR_SEARCH`, which Ankh'or's rules
(:mod:`fertility_rules.ankhor.game`) carry:

- the tree tries, at each decision it searches, the two moves of each kind (a purchase:
  of each offer slot) whose next position looks best
  (:func:`~fertility_rules.ankhor.agents.position_value`): different choices, not the
  many equivalent spaces or takes a decision may offer;
- a playout plays greedily (the best next position, as the look-ahead finishes a turn)
  until the searching player's next turn is over, or the game: the tokens taken in a
  turn are worth what they buy in the next;
- each seat's reward is a logistic of its lead over the best other seat, in
  :func:`~fertility_rules.ankhor.agents.position_value` (the final totals once the game is
  over).

The agent searches the decisions that shape its turn: the main action and the ankh
actions before and after it (A-3.1, A-4). Storing tokens, returning tokens above the
limits and the pile of the refill follow the look-ahead: the first two are small
book-keeping choices, and the refill draws a tile nobody knows (A-8.2).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from fertility_rules.agents.ismcts import InPhases, play_out
from fertility_rules.agents.rewards import LeadRewards
from fertility_rules.ankhor.agents import LookaheadAgent, position_value
from fertility_rules.ankhor.moves import BuyTile, Move
from fertility_rules.ankhor.rules.common import SlotCosts, available, slot_costs
from fertility_rules.ankhor.rules.engine import apply_unchecked, legal_moves
from fertility_rules.ankhor.scoring import final_position, score_totals
from fertility_rules.ankhor.state import GameState, Phase
from fertility_rules.games import GameSearch
from fertility_rules.shared.values import ByIdentity

__all__ = ["ANKHOR_SEARCH"]

ITERATIONS = 16
"""Iterations a searched decision runs by default (``tests/benchmarks/results/
ismcts-notes.txt``)."""

PER_KIND = 2
"""Children per kind of move of a searched decision (a buy: per offer slot), the best by
the next position's value: the choices differ, not many equivalent spaces or takes."""

SEARCHED = frozenset({Phase.MAIN, Phase.AFTER})

LEAD_SCALE = 3.0
"""Victory points of lead that make a reward of about 0.73 (a logistic's unit): about
one tile in a group, or a bonus token (A-7)."""

PLAYOUT_MOVES = 200
"""At most this many moves in a playout (a turn of Ankh'or takes a handful)."""


SHORT = 0.3
"""Worth lost per resource token missing to pay for the most affordable tile of the offer:
the colours of the tokens held matter, not only their number (A-3.3)."""


def _shortfall(state: GameState, me: int) -> int:
    """Resource tokens ``me`` lacks to pay for the tile of the offer closest in reach."""
    have = available(state.players[me])
    costs = slot_costs(state.config.prices)
    filled = tuple(tile is not None for tile in state.offer)
    found = _SHORTFALLS.get(costs, (have, filled))
    if found is not None:
        return found
    missing = [
        sum(max(0, need - held) for need, held in zip(costs[slot][0], have, strict=True))
        for slot, present in enumerate(filled)
        if present
    ]
    return _SHORTFALLS.keep(costs, min(missing, default=0), (have, filled))


_SHORTFALLS: ByIdentity[SlotCosts, int] = ByIdentity(4096)
""":func:`_shortfall` by the prices' costs (by identity, kept beside), the tokens held and
the offer slots holding a tile: a search asks it at every position it judges."""


def search_value(state: GameState, me: int) -> float:
    """:func:`~fertility_rules.ankhor.agents.position_value`, less the tokens still missing
    to buy a tile while the game goes on."""
    found = position_value(state, me)
    return found if state.is_over else found - SHORT * _shortfall(state, me)


def _kind(move: Move) -> tuple[type, int]:
    return (type(move), move.slot if isinstance(move, BuyTile) else 0)


def _candidates(state: GameState, moves: Sequence[Move]) -> Sequence[Move]:
    if state.phase not in SEARCHED or len(moves) <= PER_KIND:
        return moves
    me = state.current
    ranked = sorted(
        ((search_value(apply_unchecked(state, move), me), i) for i, move in enumerate(moves)),
        key=lambda item: (-item[0], item[1]),
    )
    kept: list[Move] = []
    per_kind: dict[tuple[type, int], int] = {}
    for _value, i in ranked:
        kind = _kind(moves[i])
        if per_kind.get(kind, 0) < PER_KIND:
            per_kind[kind] = per_kind.get(kind, 0) + 1
            kept.append(moves[i])
    return kept


def _greedy(state: GameState, moves: Sequence[Move]) -> Move:
    me = state.current
    best, value = moves[0], -math.inf
    for move in moves:
        found = search_value(apply_unchecked(state, move), me)
        if found > value:
            best, value = move, found
    return best


def _rollout(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Greedy play until ``seat``'s next turn is over (or the game is): the tokens taken
    now are worth what they buy next turn."""
    turns = state.players[seat].turns

    def until(reached: GameState) -> bool:
        return reached.players[seat].turns != turns

    return play_out(state, legal_moves, apply_unchecked, _greedy, until, PLAYOUT_MOVES)


ANKHOR_SEARCH = GameSearch(
    candidates=_candidates,
    rollout=_rollout,
    rewards=LeadRewards(final_position, score_totals, search_value, LEAD_SCALE),
    searched=InPhases(SEARCHED),
    planner=LookaheadAgent,
    iterations=ITERATIONS,
)
"""Ankh'or as the search sees it, beside its referee and ``sample_state``."""
