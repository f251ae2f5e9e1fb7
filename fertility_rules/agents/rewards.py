"""Rewards of a search from the players' values at its horizon: a game's search parts
(:class:`~fertility_rules.games.GameSearch`) score each seat by its lead."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _

__all__ = ["LeadRewards", "lead_rewards"]


@checked_arguments
def lead_rewards(values: Sequence[float], scale: float) -> list[float]:
    """Each seat's reward in (0, 1): a logistic of its lead over the best other seat, in
    units of ``scale`` (a lead of ``scale`` is worth about 0.73, a deficit as much below
    one half)."""
    if len(values) < 2:
        raise MalformedInputError.single(
            "values", _("A lead needs the values of two seats or more, not {n}.", n=len(values))
        )
    if not 0 < scale < math.inf:
        raise MalformedInputError.single(
            "scale", _("A scale is a positive number, not {n}.", n=repr(scale))
        )
    rewards = []
    for p, value in enumerate(values):
        lead = value - max(v for q, v in enumerate(values) if q != p)
        rewards.append(1 / (1 + math.exp(-lead / scale)))
    return rewards


@frozen
class LeadRewards:
    """The rewards of :func:`lead_rewards` at a search's horizon (a
    :attr:`~fertility_rules.games.GameSearch.rewards`): each seat's final total once the
    game is over, the game's estimate of it before."""

    final_position: Callable[[Any], Any]
    """``(state)``: the final position of a state whose game is over."""
    score_totals: Callable[[Any], Sequence[Sequence[int]]]
    """``(final_position)``: each seat's score lines."""
    estimate: Callable[[Any, int], float]
    """``(state, seat)``: what the seat's position is worth, in points of the game."""
    scale: float
    """Points of lead that make a reward of about 0.73."""

    def __call__(self, state: Any) -> list[float]:
        if state.is_over:
            values = [float(sum(lines)) for lines in self.score_totals(self.final_position(state))]
        else:
            values = [self.estimate(state, seat) for seat in range(len(state.players))]
        return lead_rewards(values, self.scale)
