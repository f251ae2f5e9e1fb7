"""Fertility's parts of the ``ismcts`` agent (:class:`~fertility_rules.agents.ismcts.ISMCTSAgent`).

What the generic search (:mod:`fertility_rules.agents.ismcts`) needs of Fertility beside
its referee and :func:`~fertility_rules.fertility.sampling.sample_state` (a determinization
draws the pile and the deck from what the view leaves unseen, R-9.2) is here, in one
:class:`~fertility_rules.games.GameSearch`, :data:`FERTILITY_SEARCH`, which Fertility's
rules (:mod:`fertility_rules.fertility.game`) carry:

- the tree holds the searching player's own turn: the placement and the District among
  the few the look-ahead's turn value ranks best
  (:func:`~fertility_rules.fertility.agents.lookahead.ranked_moves`), and every tile of the Common
  Pool it may take; the Quarry choices, supplying and bonuses follow the look-ahead's
  plan of the turn (one child each);
- a playout plays the other players' turns and the searching player's next turn, up to
  the tile it takes then, with the look-ahead agent in every seat (the Common Pool and
  the offer are refilled from the determinization's pile and deck): the tile taken and
  the board left to the others are judged by what they lead to;
- each seat's reward is a logistic of its lead over the best other seat, in the estimate
  of final Debens of :func:`~fertility_rules.fertility.agents.horizon.horizon_value` (the true
  totals once the game is over);
- the searching player's own look-ahead (its proposals, the decisions not searched, its
  turns in a playout) plans with that estimate too; the other seats are played by the
  plain look-ahead.

The agent searches placing a tile, building and the tile taken; its other decisions are
the look-ahead's. What was tried and measured is in
``tests/benchmarks/results/ismcts-notes.txt``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from fertility_rules.agents.ismcts import InPhases, play_out
from fertility_rules.agents.rewards import LeadRewards
from fertility_rules.fertility.agents.horizon import CalibratedLookaheadAgent, horizon_value
from fertility_rules.fertility.agents.lookahead import (
    LookaheadAgent,
    Plans,
    _Scorer,
    ranked_moves,
    ranked_tiles,
)
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.rules.engine import apply_unchecked, final_position, legal_moves
from fertility_rules.fertility.scoring.pipeline import score_totals
from fertility_rules.fertility.state import GameState, Phase
from fertility_rules.games import GameSearch

__all__ = ["FERTILITY_SEARCH"]

WIDTH = {Phase.PLACE: 5, Phase.BUILD: 4}
"""Children per decision of these kinds (the best by the turn value); the tile taken or
removed tries every tile, and the other decisions of the turn follow the look-ahead."""

ITERATIONS = 12
"""Iterations a searched decision runs by default: as strong as 32 before the playouts
kept their plans, at a sixth of the cost (``tests/benchmarks/results/ismcts-notes.txt``)."""

LEAD_SCALE = 4.0
"""Debens of lead that make a reward of about 0.73 (a logistic's unit)."""

SEARCHED = frozenset({Phase.PLACE, Phase.BUILD, Phase.TAKE, Phase.REMOVE})

PLANS = Plans()
"""The look-ahead's plans of a turn, kept by the position they start from for every
playout in this process: a playout meets the same positions again and again (the other
players' turns after the same moves of the searcher's, in other draws), and a plan
depends on nothing hidden."""

ENDS = (Phase.TAKE, Phase.REMOVE)
"""Where a playout stops in the searching player's next turn: its placing, building
and supplying are judged, not yet the tile it takes then."""


def _candidates(state: GameState, moves: Sequence[Move]) -> Sequence[Move]:
    if state.phase in ENDS:
        return ranked_tiles(state, moves)
    width = WIDTH.get(state.phase)
    if width is None:
        # Quarry choices, supplying, bonuses: the look-ahead's move, the only child.
        return [CalibratedLookaheadAgent(0, PLANS).decide(state, moves)]
    if len(moves) <= width:
        return moves
    ranked = ranked_moves(state, moves, _Scorer(state, state.current), value=horizon_value)
    return [move for _value, move, _after in ranked[:width]]


def _in_tree(state: GameState, seat: int) -> bool:
    """The searching player's own turn is in the tree; the others' turns are played out."""
    return state.current == seat


def _rollout(state: GameState, seat: int, rng: random.Random) -> GameState:
    """Look-ahead play in every seat up to ``seat``'s tile taken in its next turn (or the
    end of the game): the rest of this turn, the other players' turns and ``seat``'s next
    one. Every draw comes from the determinization's pile and deck."""
    agents = [
        CalibratedLookaheadAgent(rng.getrandbits(32), PLANS)
        if i == seat
        else LookaheadAgent(rng.getrandbits(32), plans=PLANS)
        for i in range(len(state.players))
    ]
    # The turns after this one; any turn when another player's is being played.
    after = state.turn if state.current == seat else state.turn - 1

    def until(reached: GameState) -> bool:
        return reached.current == seat and reached.turn > after and reached.phase in ENDS

    def choose(reached: GameState, moves: Sequence[Move]) -> Move:
        return agents[reached.current].decide(reached, moves)

    return play_out(state, legal_moves, apply_unchecked, choose, until)


FERTILITY_SEARCH = GameSearch(
    # The tree: the searcher's own turn, a few moves of each decision.
    in_tree=_in_tree,
    candidates=_candidates,
    rollout=_rollout,
    rewards=LeadRewards(final_position, score_totals, horizon_value, LEAD_SCALE),
    searched=InPhases(SEARCHED),
    planner=CalibratedLookaheadAgent,
    iterations=ITERATIONS,
    proposals_from=2,
)
"""Fertility as the search sees it, beside its referee and ``sample_state``."""
