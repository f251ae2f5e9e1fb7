"""Rewards of a search from the players' values at its horizon: a game's search parts
(:class:`~fertility_rules.games.GameSearch`) score each seat by its lead."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["lead_rewards"]


def lead_rewards(values: Sequence[float], scale: float) -> list[float]:
    """Each seat's reward in (0, 1): a logistic of its lead over the best other seat, in
    units of ``scale`` (a lead of ``scale`` is worth about 0.73, a deficit as much below
    one half)."""
    rewards = []
    for p, value in enumerate(values):
        lead = value - max(v for q, v in enumerate(values) if q != p)
        rewards.append(1 / (1 + math.exp(-lead / scale)))
    return rewards
