"""An agent taking the move with the best immediate gain for itself.

The gain is measured on the state after the move: the player's score if the game
ended now, plus small values for tokens still useful (in the supply or on a partly
supplied Shop) and for Districts built. Ties are broken by a seeded generator.

No move of one decision draws a hidden item that the value reads (a refill of the Common
Pool or of the offer changes no Metropolis), so the agent plays on the view's stand-in
state and decides as it would knowing the piles.
"""

from __future__ import annotations

from fertility_rules.agents.best_value import BestValueAgent
from fertility_rules.arguments import expect_type
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.agents.base import public_view
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.rules.engine import apply_unchecked, final_position
from fertility_rules.fertility.scoring.pipeline import score_totals
from fertility_rules.fertility.state import GameState
from fertility_rules.fertility.views import Observation
from fertility_rules.i18n.message import _

__all__ = ["GreedyAgent", "position_value"]

SUPPLY_TOKEN = 0.5
PARTIAL_TOKEN = 0.6
DISTRICT = 1.5


def check_player(state: GameState, player: int) -> None:
    """Refuse what is not a state, or not the index of one of its players."""
    expect_type("state", state, GameState)
    expect_type("player", player, int)
    if not 0 <= player < len(state.seats):
        raise MalformedInputError.single("player", _("no player has the index {n}", n=player))


def position_value(state: GameState, player: int) -> float:
    """How good ``state`` looks for ``player`` right now.

    The score comes from the totals-only path: no score sheet is explained.
    """
    if (
        type(state) is not GameState
        or type(player) is not int
        or not 0 <= player < len(state.seats)
    ):
        check_player(state, player)
    totals = score_totals(final_position(state), state.config.registry)[player]
    me = state.players[player]
    partial = sum(s.token_count for s in me.metropolis.shops if not s.is_full)
    return (
        sum(totals)
        + SUPPLY_TOKEN * sum(me.supply)
        + PARTIAL_TOKEN * partial
        + DISTRICT * len(me.metropolis.districts)
    )


class GreedyAgent(BestValueAgent[GameState, Move]):
    """Best immediate gain (:func:`position_value`) on the view's stand-in state; the same
    seed plays the same moves."""

    def position(self, view: Observation) -> GameState:
        return public_view(view).stand_in()

    after = staticmethod(apply_unchecked)
    value = staticmethod(position_value)
