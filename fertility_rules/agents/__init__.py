"""Agents (random, greedy, look-ahead) and game simulation."""

from fertility_rules.agents.base import Agent
from fertility_rules.agents.builtin import AGENTS
from fertility_rules.agents.greedy import GreedyAgent, position_value
from fertility_rules.agents.lookahead import LookaheadAgent, turn_end_value
from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.agents.simulate import PlayedGame, make_agent, play_game

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "LookaheadAgent",
    "PlayedGame",
    "RandomAgent",
    "make_agent",
    "play_game",
    "position_value",
    "turn_end_value",
]
