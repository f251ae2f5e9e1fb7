"""The ``ismcts`` agent: information-set Monte Carlo tree search over Fertility.

What the generic search (:mod:`fertility_rules.agents.ismcts`) needs of Fertility is
here, in one value, :data:`FERTILITY_SEARCH`:

- a determinization is :func:`~fertility_rules.play.sampling.sample_state` (the pile
  and the deck drawn from what the view leaves unseen, R-9.2);
- the tree tries, at each decision, the few moves the look-ahead's turn value ranks
  best (:func:`~fertility_rules.agents.lookahead.ranked_moves`; every move when there are
  few): the placements, Districts and supplies that matter, not the hundreds a decision
  may offer;
- a playout finishes the searching player's turn with the look-ahead agent, the tile it
  takes included: a search that starts past the end of its turn (or a tree that reaches
  it) meets the draws of the determinization (the refilled Common Pool and offer);
- each seat's reward is a logistic of its lead over the best other seat, in the
  look-ahead's estimate of final Debens (the true totals once the game is over).

The agent searches the decisions that shape its turn (placing a tile, building); the
Quarry choices, supplying and the tile taken follow the look-ahead (its plan of the turn,
its harvest estimate for the tile): a playout that stops at the end of the turn could not
tell tiles apart, and a longer one costs more than the machine this was measured on
allowed (see ``tests/benchmarks/results/ismcts.txt``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from fertility_rules.agents.base import public_view
from fertility_rules.agents.ismcts import Budget, SearchGame, search
from fertility_rules.agents.lookahead import LookaheadAgent, _Scorer, ranked_moves, turn_end_value
from fertility_rules.play.sampling import sample_state
from fertility_rules.play.views import Observation
from fertility_rules.rules.engine import apply_unchecked, final_position, legal_moves
from fertility_rules.rules.moves import Move
from fertility_rules.rules.state import GameState, Phase
from fertility_rules.scoring.pipeline import score_totals

__all__ = ["DEFAULT_ITERATIONS", "FERTILITY_SEARCH", "ISMCTSAgent"]

DEFAULT_ITERATIONS = 32
"""Iterations per searched decision by default (see ``tests/benchmarks/results``)."""

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


FERTILITY_SEARCH: SearchGame[GameState, Observation, Move] = SearchGame(
    sample=sample_state,
    legal_moves=legal_moves,
    apply=apply_unchecked,
    current=lambda state: state.current,
    is_over=lambda state: state.is_over,
    candidates=_candidates,
    rollout=_rollout,
    rewards=_rewards,
)
"""Fertility as the search sees it."""


class ISMCTSAgent:
    """Information-set MCTS with a determinization per iteration; the same seed plays
    the same moves under an iteration budget."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
    ) -> None:
        self.budget = Budget(iterations, seconds)
        self._rng = random.Random(seed)
        self._planner = LookaheadAgent(seed)
        self.iterations: list[int] = []
        """Iterations run at each searched decision (for measurements)."""

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        seen = public_view(view)
        if seen.phase not in SEARCHED:
            return self._planner.choose(seen, moves)
        move, count = search(FERTILITY_SEARCH, seen, moves, self._rng, self.budget, seen.current)
        self.iterations.append(count)
        return move
