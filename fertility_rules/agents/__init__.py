"""Agents that play any game of the library from its views, and games played by them: the
random agent, the information-set search (``ismcts``), and :func:`play_game` /
:func:`make_agent`, which find a game's own agents (greedy, look-ahead…) by name in its
description. Each game's own agents live in its package
(:mod:`fertility_rules.fertility.agents`, :mod:`fertility_rules.ankhor.agents`)."""

from fertility_rules.agents.ismcts import ISMCTSAgent
from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.agents.simulate import PlayedGame, make_agent, play_game
from fertility_rules.games import Agent

__all__ = ["Agent", "ISMCTSAgent", "PlayedGame", "RandomAgent", "make_agent", "play_game"]
