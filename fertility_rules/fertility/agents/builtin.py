"""Fertility's built-in agents by name."""

from __future__ import annotations

from collections.abc import Callable

from fertility_rules.agents.ismcts import ISMCTSAgent
from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.fertility.agents.base import Agent
from fertility_rules.fertility.agents.greedy import GreedyAgent
from fertility_rules.fertility.agents.horizon import CalibratedLookaheadAgent
from fertility_rules.fertility.agents.lookahead import LookaheadAgent

__all__ = ["AGENTS"]

AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "lookahead": LookaheadAgent,
    "calibrated": CalibratedLookaheadAgent,
    "ismcts": ISMCTSAgent,
}
"""The built-in agents by name."""
