"""Playing whole games with agents, for every game, and the record of each game.

Each seat's agent is given the public view of the game (``observe``) and the legal
moves, and chooses one (:class:`~fertility_rules.games.Agent`); the runner plays it
unchecked, since it is one of the legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from attrs import evolve, frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import IllegalMoveError, MalformedInputError, UnknownIdError
from fertility_rules.games import Agent, GameRules, find_game
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.records.game_record import GameRecord

__all__ = [
    "AGENT_LABELS",
    "MAX_MOVES",
    "OPTION",
    "PlayedGame",
    "agent_label",
    "agents_by_seat",
    "agents_help",
    "make_agent",
    "play_game",
]

MAX_MOVES = 20_000
"""Moves after which :func:`play_game` gives up: no game of agents comes near it."""

AGENT_LABELS: dict[str, Message] = {
    "random": _("random agent"),
    "greedy": _("greedy agent"),
    "lookahead": _("lookahead agent"),
    "calibrated": _("calibrated lookahead agent"),
    "ismcts": _("information-set search agent"),
}
"""How the outputs name the built-in agents (a game's others: by name)."""


def agent_label(name: str) -> Message | str:
    """The translated description of agent ``name`` (its name if it has none), with the
    options it is given (``ismcts:iterations=8``)."""
    base, _colon, options = name.partition(":")
    label = AGENT_LABELS.get(base, base)
    if not options:
        return label
    return _("{agent} ({options})", agent=label, options=options.replace(":", ", "))


OPTION = ":"
"""What separates an agent's name from its options, and its options from each other."""


@checked_arguments
def make_agent(name: str, seed: int | None = None, game: str | GameRules = "fertility") -> Agent:
    """The agent of ``game`` called ``name`` (``random``, ``greedy``...), seeded.

    Options follow the name, each ``:option=value`` (``ismcts:iterations=8``), for an
    agent whose factory lists them in its ``options`` attribute (a mapping from each
    option's name to the function that reads its value from text); the same name makes
    the same agent in every worker process of a study."""
    agents = find_game(game).agents
    base, *given = name.split(OPTION)
    factory = agents.get(base)
    if factory is None:
        raise UnknownIdError(
            _(
                "Unknown agent {name!r}; known agents: {known}.",
                name=name[:40],
                known=", ".join(agents),
            )
        )
    if not given:
        return factory(seed)
    known: Mapping[str, Callable[[str], object]] = getattr(factory, "options", {})
    values: dict[str, object] = {}
    for option in given:
        key, equals, text = option.partition("=")
        read = known.get(key)
        if key in values:
            twice = _("The option {option} of {agent} is given twice.", option=key, agent=base)
            raise MalformedInputError.single("agents", twice)
        if read is None or not equals:
            raise UnknownIdError(
                _(
                    "The agent {agent} takes no option {option!r}; its options: {known}.",
                    agent=base,
                    option=option[:40],
                    known=", ".join(f"{known_key}=..." for known_key in known) or _("none"),
                )
            )
        values[key] = read(text)
    configurable: Callable[..., Agent] = factory
    return configurable(seed, **values)


def agents_help() -> Message:
    """The help of an ``--agents`` option, naming the built-in agents of every game (the
    game itself is known only once the arguments are read)."""
    return _(
        "comma-separated agents by seat, repeated in turn when fewer than the seats: "
        "{agents} (each game has its own: an unknown one is named with the game's); the "
        "search agent's budget of each decision after its name, a game having about a "
        "hundred: ismcts:iterations=N (1 to 100000) or ismcts:seconds=S (at most 60) "
        "(default: %(default)s)",
        agents=", ".join(AGENT_LABELS),
    )


def agents_by_seat(text: str, players: int, game: str | GameRules = "fertility") -> tuple[str, ...]:
    """The agent of each seat from ``"greedy,random"``, among ``game``'s agents: the names
    repeat in turn when fewer than the players; more names than players is an error, never
    ignored."""
    known = find_game(game).agents
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in known:
            make_agent(name, game=game)  # the error names the known agents, or options
    if not names:
        raise MalformedInputError.single(
            "--agents", _("No agent given; known agents: {known}.", known=", ".join(known))
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

    state: Any
    record: GameRecord

    @property
    def moves(self) -> tuple[Any, ...]:
        """Every move played, in order."""
        return self.record.moves


def _refuse_choice(rules: GameRules, state: Any, move: object, player: str) -> None:
    """An agent's choice that is not one of the legal moves: the rule it breaks (a value
    that is not a move at all is refused by the referee as malformed)."""
    problems = rules.violations(state, move)
    if not problems:  # pragma: no cover - a move that is not legal breaks a rule
        raise MalformedInputError.single("move", _("not one of the legal moves"))
    raise IllegalMoveError(
        _(
            "The agent of {player} chose a move the rules forbid: {reason}",
            player=player,
            reason=problems[0].message,
        ),
        problems[0].rule,
        move,
    )


@checked_arguments
def play_game(
    names: Sequence[str],
    agents: Sequence[Agent],
    seed: int | None = None,
    variant: bool = False,
    catalogue: Any = None,
    interpretations: Any = None,
    *,
    game: str | GameRules = "fertility",
    on_move: Callable[[Any, Any, Any], object] | None = None,
) -> PlayedGame:
    """Play a game of ``game`` from the setup of ``seed``, each seat moved by its agent,
    which sees the view of the game only. ``on_move(before, move, after)`` is called after
    every move, with the states before and after it (the lab counts its measures so)."""
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
    observe = rules.observe
    moves: list[Any] = []
    while not state.is_over:
        if len(moves) >= MAX_MOVES:
            raise MalformedInputError.single(
                "agents", _("the game did not end within {n} moves", n=MAX_MOVES)
            )
        legal = legal_moves(state)
        move = agents[state.current].choose(observe(state), legal)
        # Agents answer one of the moves offered: found by identity first, which is cheap;
        # only another value is compared move by move.
        if not any(offered is move for offered in legal) and move not in legal:
            _refuse_choice(rules, state, move, names[state.current])
        moves.append(move)
        if on_move is None:
            state = apply_unchecked(state, move)
        else:
            before, state = state, apply_unchecked(state, move)
            on_move(before, move, state)
    return PlayedGame(state, evolve(record, moves=tuple(moves)))
