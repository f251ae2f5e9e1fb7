"""Playing whole games with agents, for every game, and the record of each game.

Each seat's agent is given the public view of the game (``observe``) and the legal
moves, and chooses one (:class:`~fertility_rules.games.Agent`); the runner plays it
unchecked, since it is one of the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from attrs import frozen

from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.games import Agent, GameRules, find_game
from fertility_rules.i18n.message import _
from fertility_rules.records.game_record import GameRecord

__all__ = ["MAX_MOVES", "PlayedGame", "make_agent", "play_game"]

MAX_MOVES = 20_000
"""Moves after which :func:`play_game` gives up: no game of agents comes near it."""


def make_agent(name: str, seed: int | None = None, game: str | GameRules = "fertility") -> Agent:
    """The agent of ``game`` called ``name`` (``random``, ``greedy``...), seeded."""
    agents = find_game(game).agents
    factory = agents.get(name) if type(name) is str else None
    if factory is None:
        raise UnknownIdError(
            _(
                "Unknown agent {name!r}; known agents: {known}.",
                name=str(name)[:40],
                known=", ".join(agents),
            )
        )
    return factory(seed)


@frozen
class PlayedGame:
    """A finished game: its final state and its record."""

    state: Any
    record: GameRecord

    @property
    def moves(self) -> tuple[Any, ...]:
        """Every move played, in order."""
        return self.record.moves


def play_game(
    names: Sequence[str],
    agents: Sequence[Agent],
    seed: int | None = None,
    variant: bool = False,
    catalogue: Any = None,
    interpretations: Any = None,
    *,
    game: str | GameRules = "fertility",
) -> PlayedGame:
    """Play a game of ``game`` from the setup of ``seed``, each seat moved by its agent,
    which sees the view of the game only."""
    rules = find_game(game)
    if len(agents) != len(names):
        raise MalformedInputError.single("agents", _("one agent is needed for each player"))
    setup = None
    if seed is None:
        # Without a seed the setup drawn cannot be drawn again: keep it in the record.
        if rules.random_setup is not None:
            setup = rules.random_setup(len(names), None, catalogue, variant)
        else:
            seed = random.SystemRandom().randrange(2**63)
    record = GameRecord(tuple(names), (), seed, setup, variant, interpretations, catalogue, rules)
    state = rules.initial_state(record)
    legal_moves, apply_unchecked = rules.legal_moves, rules.apply_unchecked
    view_of = rules.agent_view or rules.observe
    moves: list[Any] = []
    while not state.is_over:
        if len(moves) >= MAX_MOVES:
            raise MalformedInputError.single(
                "agents", _("the game did not end within {n} moves", n=MAX_MOVES)
            )
        legal = legal_moves(state)
        move = agents[state.current].choose(view_of(state), legal)
        moves.append(move)
        state = apply_unchecked(state, move)
    return PlayedGame(
        state,
        GameRecord(
            tuple(names),
            tuple(moves),
            seed,
            setup,
            variant,
            record.interpretations,
            catalogue,
            rules,
        ),
    )
