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
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.records.game_record import GameRecord
from fertility_rules.rules.engine import apply_unchecked, legal_moves
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import Move
from fertility_rules.rules.setup import random_setup, start_game
from fertility_rules.rules.state import GameState

__all__ = [
    "AGENTS",
    "AGENT_LABELS",
    "PlayedGame",
    "agent_label",
    "agents_by_seat",
    "agents_help",
    "make_agent",
    "play_game",
]

AGENTS: dict[str, Callable[[int | None], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "lookahead": LookaheadAgent,
}
"""The built-in agents by name."""

AGENT_LABELS: dict[str, Message] = {
    "random": _("random agent"),
    "greedy": _("greedy agent"),
    "lookahead": _("lookahead agent"),
}
"""How the outputs name each built-in agent."""


def agent_label(name: str) -> Message | str:
    """The translated description of agent ``name`` (its name if it has none)."""
    return AGENT_LABELS.get(name, name)


@checked_arguments
def make_agent(name: str, seed: int | None = None) -> Agent:
    """The agent called ``name`` (``random``, ``greedy`` or ``lookahead``), seeded."""
    try:
        return AGENTS[name](seed)
    except KeyError:
        raise UnknownIdError(
            _("Unknown agent {name!r}; known agents: {known}.", name=name, known=", ".join(AGENTS))
        ) from None


def agents_help() -> Message:
    """The help of an ``--agents`` option, naming every built-in agent."""
    return _("comma-separated agents by seat: {agents}", agents=", ".join(AGENTS))


def agents_by_seat(text: str, players: int) -> tuple[str, ...]:
    """The agent of each seat from ``"greedy,random"``: the names repeat in turn when
    fewer than the players; more names than players is an error, never ignored."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in AGENTS:
            make_agent(name)  # the error names the known agents
    if not names:
        raise MalformedInputError.single(
            "--agents", _("No agent given; known agents: {known}.", known=", ".join(AGENTS))
        )
    if len(names) > players:
        raise MalformedInputError.single(
            "--agents",
            ngettext(
                "{count} agents for {n} player: give at most one agent per seat.",
                "{count} agents for {n} players: give at most one agent per seat.",
                players,
                count=len(names),
            ),
        )
    return tuple(names[seat % len(names)] for seat in range(players))


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
