"""Agents for Ankh'or (random, greedy, look-ahead, information-set search); the
library's runner plays them.

Every agent follows the library's agent protocol: ``choose(view, moves)`` gets the public
view (:func:`~fertility_rules.ankhor.views.observe`), never the state, and the legal moves.
Agents that weigh what a move leads to sample a state from the view
(:func:`~fertility_rules.ankhor.views.sample_state`): the draws a refresh or a refill makes
are hidden, so each sample deals the unseen tiles anew.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fertility_rules.agents.best_value import BestValueAgent
from fertility_rules.agents.ismcts import ISMCTSAgent as SearchAgent
from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.agents.seeds import agent_random
from fertility_rules.agents.simulate import PlayedGame
from fertility_rules.agents.simulate import make_agent as make_game_agent
from fertility_rules.agents.simulate import play_game as run_game
from fertility_rules.agents.ties import best_move
from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.interpretations import HigherNeighbours, Interpretations
from fertility_rules.ankhor.layout import Attribute, group_sizes
from fertility_rules.ankhor.model import ANIMALS, COLOURS
from fertility_rules.ankhor.moves import Move
from fertility_rules.ankhor.rules.bonus import BIG
from fertility_rules.ankhor.rules.engine import apply_unchecked, legal_moves
from fertility_rules.ankhor.scoring import seat_totals
from fertility_rules.ankhor.state import GameState
from fertility_rules.ankhor.views import Observation, sample_state
from fertility_rules.arguments import checked_arguments, expect_count
from fertility_rules.games import Agent

__all__ = [
    "AGENTS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "LookaheadAgent",
    "PlayedGame",
    "RandomAgent",
    "make_agent",
    "play_game",
    "position_value",
]

TOKEN = 0.5
"""Worth of a resource token while tiles can still be bought (about 2.5 tokens a tile)."""
ANKH = 0.6
"""Worth of an ankh token: a refresh or a move to come."""
TILE = 1.5
"""Worth of a tile beyond its points now: the groups it may join later."""
NEAR_BONUS = 0.6
"""Worth of each tile of a group one or two tiles short of a bonus token."""


def position_value(state: GameState, player: int) -> float:
    """How good ``state`` looks for ``player``: the points they would score now, plus the
    worth of their tokens, tiles and groups close to a bonus token while the game goes on."""
    totals = seat_totals(state, player)
    me = state.players[player]
    if state.is_over:
        return float(sum(totals))
    # While the game goes on, tokens are worth what they buy, not their 1 VP for 3.
    value = float(totals[0] + totals[1] + totals[2])
    limits = state.config.catalogue.limits
    # Tokens above the limits go back at the end of the turn: they are worth nothing.
    resources = min(sum(me.tokens[:5]), limits.resources) + len(me.stored)
    ankhs = min(me.tokens[5], limits.ankhs)
    value += TOKEN * resources + ANKH * ankhs + TILE * len(me.tiles)
    same_level = state.config.interpretations.higher_neighbours is HigherNeighbours.SAME_LEVEL
    sizes = group_sizes(me.tiles, same_level)
    attributes: list[Attribute] = [*COLOURS, *ANIMALS]
    for attribute in attributes:
        for size in sizes[attribute]:
            if BIG - 2 <= size < BIG:
                value += NEAR_BONUS * size
    return value


class GreedyAgent(BestValueAgent[GameState, Move]):
    """The move whose next position looks best (:func:`position_value`), in a state
    sampled from the view; ties broken by a seeded generator."""

    def position(self, view: Observation) -> GameState:
        return sample_state(view, self._rng)

    after = staticmethod(apply_unchecked)
    value = staticmethod(position_value)


class LookaheadAgent:
    """Plays each candidate to the end of its own turn, the rest of the turn greedily, in
    ``samples`` states sampled from the view, and keeps the move whose turn ends best on
    average; moves are first narrowed to the ``width`` best by their immediate value."""

    name = "lookahead"

    def __init__(self, seed: int | None = None, samples: int = 2, width: int = 8) -> None:
        self._rng = agent_random(seed)
        expect_count("samples", samples)
        expect_count("width", width)
        self._samples = samples
        self._width = width

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        if len(moves) == 1:
            return moves[0]
        me = view.current
        states = [sample_state(view, self._rng) for _ in range(self._samples)]
        first = states[0]
        quick = sorted(
            ((position_value(apply_unchecked(first, move), me), i) for i, move in enumerate(moves)),
            reverse=True,
        )
        kept = [moves[i] for _value, i in quick[: self._width]]

        def turn_end(move: Move) -> float:
            return sum(self._finish(apply_unchecked(s, move), me) for s in states) / len(states)

        return best_move(kept, turn_end, self._rng)

    def _finish(self, state: GameState, me: int) -> float:
        """The value once ``me``'s turn is over, the rest of it played greedily."""
        turn = state.turn
        for _step in range(20):
            if state.is_over or state.current != me or state.turn != turn:
                break
            moves = legal_moves(state)
            state = apply_unchecked(
                state, max(moves, key=lambda m: position_value(apply_unchecked(state, m), me))
            )
        return position_value(state, me)


class ISMCTSAgent(SearchAgent):
    """The information-set search over Ankh'or (:mod:`fertility_rules.ankhor.search`):
    Fertility's :class:`~fertility_rules.agents.ISMCTSAgent` with the game given, the
    agent called ``ismcts`` (``simulate --game ankhor --agents ismcts``)."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
    ) -> None:
        super().__init__(seed, iterations, seconds, game="ankhor")


AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "lookahead": LookaheadAgent,
    "ismcts": ISMCTSAgent,
}
"""The built-in Ankh'or agents by name."""


@checked_arguments
def make_agent(name: str, seed: int | None = None) -> Agent:
    """The Ankh'or agent called ``name`` (``random``, ``greedy``, ``lookahead`` or
    ``ismcts``), seeded."""
    return make_game_agent(name, seed, "ankhor")


@checked_arguments
def play_game(
    names: Sequence[str],
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    interpretations: Interpretations | None = None,
    catalogue: Catalogue | None = None,
) -> PlayedGame:
    """Play a game of Ankh'or from the setup of ``seed``, each seat moved by its agent,
    which is given the public view and the legal moves (the library's runner)."""
    return run_game(
        names, agents, seed, catalogue=catalogue, interpretations=interpretations, game="ankhor"
    )
