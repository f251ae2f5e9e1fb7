"""Fertility's agents: greedy, look-ahead, calibrated look-ahead, by name in :data:`AGENTS`
with the shared random and search agents; every agent decides from the view of the game
(R-9)."""

from fertility_rules.agents.ismcts import ISMCTSAgent
from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.agents.simulate import PlayedGame, make_agent, play_game
from fertility_rules.fertility.agents.base import Agent
from fertility_rules.fertility.agents.builtin import AGENTS
from fertility_rules.fertility.agents.greedy import GreedyAgent, position_value
from fertility_rules.fertility.agents.horizon import CalibratedLookaheadAgent
from fertility_rules.fertility.agents.lookahead import LookaheadAgent, turn_end_value

__all__ = [
    "AGENTS",
    "Agent",
    "CalibratedLookaheadAgent",
    "GreedyAgent",
    "ISMCTSAgent",
    "LookaheadAgent",
    "PlayedGame",
    "RandomAgent",
    "make_agent",
    "play_game",
    "position_value",
    "turn_end_value",
]
