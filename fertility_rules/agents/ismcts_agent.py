"""Fertility's parts of the ``ismcts`` agent (:class:`~fertility_rules.agents.ismcts.ISMCTSAgent`).

What the generic search (:mod:`fertility_rules.agents.ismcts`) needs of Fertility beside
its referee and :func:`~fertility_rules.play.sampling.sample_state` (a determinization
draws the pile and the deck from what the view leaves unseen, R-9.2) is here, in one
:class:`~fertility_rules.games.GameSearch`, :data:`FERTILITY_SEARCH`, which Fertility's
rules (:mod:`fertility_rules.fertility`) carry:

- the tree tries, at each decision, the few moves the look-ahead's turn value ranks
  best (:func:`~fertility_rules.agents.lookahead.ranked_moves`; every move when there are
  few): the placements, Districts and supplies that matter, not the hundreds a decision
  may offer;
- a playout finishes the searching player's turn with the look-ahead agent, the tile it
  takes included (the offer a District leaves and the Common Pool a tile leaves are
  refilled from the determinization's deck and pile);
- each seat's reward is a logistic of its lead over the best other seat, in the
  look-ahead's estimate of final Debens (the true totals once the game is over).

The agent searches the decisions that shape its turn (placing a tile, building); the
Quarry choices, supplying and the tile taken follow the look-ahead (its plan of the turn,
its harvest estimate for the tile): a playout that stops at the end of the turn could not
tell tiles apart, and a longer one costs about ten times more. Against the look-ahead
this agent falls short of the strength asked of it; what was tried and measured is in
``tests/benchmarks/results/ismcts-notes.txt``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from fertility_rules.agents.lookahead import LookaheadAgent, _Scorer, ranked_moves, turn_end_value
from fertility_rules.games import GameSearch
from fertility_rules.play.views import Observation
from fertility_rules.rules.engine import apply_unchecked, final_position, legal_moves
from fertility_rules.rules.moves import Move
from fertility_rules.rules.state import GameState, Phase
from fertility_rules.scoring.pipeline import score_totals

__all__ = ["FERTILITY_SEARCH"]

WIDTH = {Phase.PLACE: 5, Phase.BUILD: 4, Phase.SUPPLY: 3}
"""Children per decision of these kinds (the best by the turn value); others try all."""

LEAD_SCALE = 4.0
"""Debens of lead that make a reward of about 0.73 (a logistic's unit)."""

SEARCHED = frozenset({Phase.PLACE, Phase.BUILD})


def _candidates(state: GameState, moves: Sequence[Move]) -> Sequence[Move]:
    width = WIDTH.get(state.phase)
    if width is None or len(moves) <= width:
        return moves
    ranked = ranked_moves(state, moves, _Scorer(state, state.current))
    return [move for _value, move, _after in ranked[:width]]


def _rollout(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Look-ahead play until ``seat``'s turn is over (or the game is): the rest of the
    turn, then the tile taken, from the Common Pool as the draw left it."""
    turns = state.players[seat].turns
    agents = [LookaheadAgent(rng.getrandbits(32)) for _ in state.players]
    while not state.is_over and state.players[seat].turns == turns:
        moves = legal_moves(state)
        move = moves[0] if len(moves) == 1 else agents[state.current].decide(state, moves)
        state = apply_unchecked(state, move)
    return state


def _rewards(state: GameState) -> list[float]:
    if state.is_over:
        values = [float(sum(t)) for t in score_totals(final_position(state))]
    else:
        values = [turn_end_value(state, p) for p in range(len(state.players))]
    rewards = []
    for p, value in enumerate(values):
        lead = value - max(v for q, v in enumerate(values) if q != p)
        rewards.append(1 / (1 + math.exp(-lead / LEAD_SCALE)))
    return rewards


def _searched(view: Observation | GameState) -> bool:
    return view.phase in SEARCHED


FERTILITY_SEARCH = GameSearch(
    candidates=_candidates,
    rollout=_rollout,
    rewards=_rewards,
    searched=_searched,
    planner=LookaheadAgent,
)
"""Fertility as the search sees it, beside its referee and ``sample_state``."""
