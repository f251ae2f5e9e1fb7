"""Playing whole games with agents, and the record of each game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from fertility_rules.agents.base import Agent
from fertility_rules.agents.greedy import GreedyAgent
from fertility_rules.agents.lookahead import LookaheadAgent
from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.arguments import checked_arguments
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import default_catalogue
from fertility_rules.errors import UnknownIdError
from fertility_rules.i18n.message import _
from fertility_rules.records.game_record import GameRecord
from fertility_rules.rules.engine import apply_unchecked, legal_moves
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import Move
from fertility_rules.rules.setup import random_setup, start_game
from fertility_rules.rules.state import GameState

__all__ = ["AGENTS", "PlayedGame", "make_agent", "play_game"]

AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "lookahead": LookaheadAgent,
}
"""The built-in agents by name."""


@checked_arguments
def make_agent(name: str, seed: int | None = None) -> Agent:
    """The agent called ``name`` (``random``, ``greedy`` or ``lookahead``), seeded."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise UnknownIdError(
            _("Unknown agent {name!r}; known agents: {known}.", name=name, known=", ".join(AGENTS))
        ) from None


@frozen
class PlayedGame:
    """A finished game: its final state and its record."""

    state: GameState
    record: GameRecord


@checked_arguments
def play_game(
    names: Sequence[str],
    agents: Sequence[Agent],
    seed: int | None = None,
    variant: bool = False,
    catalogue: Catalogue | None = None,
    interpretations: Interpretations | None = None,
) -> PlayedGame:
    """Play a game from the setup of ``seed``, each seat moved by its agent."""
    options = interpretations or Interpretations()
    setup = random_setup(catalogue or default_catalogue(), len(names), variant, seed)
    state = start_game(names, setup, catalogue, variant, options)
    moves: list[Move] = []
    while not state.is_over:
        legal = legal_moves(state)
        move = agents[state.current].choose(state, legal)
        moves.append(move)
        state = apply_unchecked(state, move)
    record = GameRecord(
        players=tuple(names),
        moves=tuple(moves),
        seed=seed,
        # Without a seed the setup drawn cannot be drawn again: keep it in the record.
        setup=setup if seed is None else None,
        variant=variant,
        interpretations=options,
        catalogue=None if catalogue is None else catalogue,
    )
    return PlayedGame(state, record)
