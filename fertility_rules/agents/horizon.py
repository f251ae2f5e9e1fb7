"""The search's measure of a position where its playouts stop: the look-ahead's turn
value, calibrated on played games.

:func:`~fertility_rules.agents.lookahead.turn_end_value` scores a Metropolis as if the game
ended now, plus the Shops likely to be supplied. Played games show where that estimate of
the final Debens goes wrong: a Monument counts for its majority now (R-5.4), though the
others build theirs later, and Wheat and the tokens on Shops are worth more while turns
remain. :data:`CALIBRATION` corrects it by the turns the seat has left, with weights
fitted by least squares on games of the look-ahead agent in every seat
(``tests/benchmarks/horizon.py``, which also measures how much better the corrected value
orders the final totals).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from fertility_rules.agents.lookahead import TURNS, _Scorer, turn_end_value
from fertility_rules.arguments import checked_arguments
from fertility_rules.rules.state import GameState, PlayerState

__all__ = ["CALIBRATION", "FEATURES", "features", "horizon_value"]

FEATURES = ("monuments", "wheat", "tokens")
"""What the correction reads of a player, in order: Monuments built, Wheat held, tokens
on its Shops."""

CALIBRATION: Mapping[int, tuple[tuple[float, ...], ...]] = MappingProxyType(
    {
        # Fitted on 1,000 games of each player count (setup seeds 100000 to 100999).
        3: (
            (0.0, 0.0, 0.0, 0.0),
            (6.41, -5.47, 0.19, 0.15),
            (10.89, -7.28, 0.4, 0.48),
            (13.83, -9.16, 0.92, 0.9),
            (23.09, -10.27, 1.2, 0.8),
            (31.12, -10.92, 1.64, 0.74),
            (39.3, -11.33, 2.04, 0.72),
            (47.47, -11.13, 2.54, 0.65),
            (56.43, -12.9, 2.56, 0.82),
            (65.13, 0.0, 0.0, 0.0),
        ),
        4: (
            (0.0, 0.0, 0.0, 0.0),
            (9.43, -7.6, 0.13, 0.13),
            (15.23, -10.06, 0.27, 0.45),
            (17.51, -10.57, 0.79, 0.75),
            (25.27, -10.82, 1.08, 0.71),
            (33.36, -11.32, 1.42, 0.64),
            (41.51, -11.45, 1.73, 0.55),
            (50.21, -11.99, 1.99, 0.27),
            (57.87, -12.05, 2.14, 0.51),
            (65.3, 0.0, 0.0, 0.0),
        ),
    }
)
"""Per number of players, for each number of turns left (0 to 9), the constant then one
weight per feature of :data:`FEATURES` added to the turn value. A player count without a
table keeps the turn value as it is: so far 2 players, whose search agent was measured with
the turn value alone (a 2-player fit is in ``tests/benchmarks/results/horizon-fit-2p.txt``)."""


@checked_arguments
def features(player: PlayerState) -> tuple[int, int, int]:
    """The values of :data:`FEATURES` for ``player``."""
    metropolis = player.metropolis
    return metropolis.monuments, metropolis.wheat, metropolis.token_total()


@checked_arguments
def horizon_value(state: GameState, player: int, scorer: _Scorer | None = None) -> float:
    """Estimated final Debens of ``player``: the turn value, corrected by
    :data:`CALIBRATION` for the turns the player has left (a
    :data:`~fertility_rules.agents.lookahead.TurnValue`; ``scorer`` as for
    :func:`~fertility_rules.agents.lookahead.turn_end_value`)."""
    value = turn_end_value(state, player, scorer)
    table = CALIBRATION.get(len(state.players))
    me = state.players[player]
    left = TURNS - me.turns - (1 if state.current == player else 0)
    if table is None or not 0 <= left < len(table):
        return value
    const, *weights = table[left]
    return value + const + sum(w * f for w, f in zip(weights, features(me), strict=True))
