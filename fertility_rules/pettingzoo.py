"""Fertility (or any game of the library with encodings) as a PettingZoo environment (AEC),
from the ``rl`` extra.

``pip install 'fertility_rules[rl]'`` brings numpy, PettingZoo and Gymnasium. Then::

    from fertility_rules.pettingzoo import env

    game = env(players=3, render_mode="ansi")
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else game.action_space(agent).sample(mask)
        game.step(action)

Agents are ``player_0`` … in turn order. A player often decides several times in a row
(a placement, Quarries, a District, each token supplied, the tile taken): the agent to
act is the player whose decision it is, so turns and steps differ. The observation is a
dict: ``observation``, the numeric view (:func:`fertility_rules.encoding.
observation_vector`, the same for every agent, R-9.3) followed by a one-hot of the
observing seat, and ``action_mask`` over the fixed action space (only the acting agent
has legal actions). An action the mask leaves out is refused with a
:class:`~fertility_rules.errors.MalformedInputError` and changes nothing.

Rewards come when the game ends: by default the outcome (+1 for the winner, -1 for the
others, winners tied sharing, :mod:`fertility_rules.encoding.environment`); with
``reward="score"``, the final scores. Each agent's ``info`` then holds its ``score`` and
its ``rank``. ``render()`` prints the text board and summary (``render_mode="human"``),
returns them (``"ansi"``) or returns an SVG picture of the table (``"svg"``).

Each step lists the legal moves once, from the state itself, and keeps them by action:
the mask is made from them and the next action is looked up among them. The observation
is encoded from the state (its public parts only) the first time it is asked for at a
step, and only the sections a move changed are encoded again
(:class:`~fertility_rules.encoding.encoder.Encoder`). An environment pickles, mid-game
too, and its copy plays on exactly as the original would.

The adapter knows the game only through a :class:`~fertility_rules.encoding.environment.
LearningGame`, made from the rules of ``game`` (a name of :data:`~fertility_rules.games.GAMES`
or a :class:`~fertility_rules.games.GameRules`; Fertility by default).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)

from fertility_rules.encoding.encoder import Encoder
from fertility_rules.encoding.environment import (
    LearningGame,
    check_reward,
    learning_game,
    outcome,
)
from fertility_rules.errors import MalformedInputError, NotAllowedError
from fertility_rules.games import GameRules, find_game
from fertility_rules.i18n.message import _, echo
from fertility_rules.lab.readings import with_interpretations

__all__ = ["OBSERVATION_HIGH", "RENDER_MODES", "OrderEnforcing", "env", "raw_env", "rendered"]

RENDER_MODES = ("human", "ansi", "svg")
OBSERVATION_HIGH = 1000.0
"""Upper bound of every number of the observation (counts, ids and turns stay far below)."""

_REBUILT = ("_game", "_actions", "_encoder", "_numbers", "_legal")
"""What an environment makes again from its setting when it is unpickled."""


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's order checks (``OrderEnforcingWrapper``: nothing
    before ``reset``, ``step`` at every turn of ``agent_iter``); arguments as
    :class:`raw_env`. An action outside the space, or one the mask leaves out, is refused
    by the environment itself with a :class:`~fertility_rules.errors.MalformedInputError`
    (PettingZoo's ``AssertOutOfBoundsWrapper`` would only raise an ``AssertionError``)."""
    return OrderEnforcing(raw_env(**kwargs))


class OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper`` with the same checks, whose ``last``,
    ``step`` and ``agent_iter`` read the environment's attributes directly: the wrapper
    otherwise reaches each of them through two ``__getattr__`` (eight at every step)."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        found: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return found

    def agent_iter(self, max_iter: int = 2**63) -> _Turns:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)

    def step(self, action: int | None) -> None:
        """PettingZoo's ``step`` with its checks, the environment's agents read directly."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def __str__(self) -> str:
        return str(self.env)


class _Turns(AECOrderEnforcingIterable):  # type: ignore[misc]
    def __iter__(self) -> _Turn:
        return _Turn(self.env, self.max_iter)


class _Turn(AECOrderEnforcingIterator):  # type: ignore[misc]
    """The agent to act at each step, as PettingZoo's iterator gives it and with its check
    (a ``step`` or ``reset`` since the last agent), read from the environment itself."""

    def __init__(self, env: OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self.inner = env.env

    def __next__(self) -> str:
        inner = self.inner
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not self.env._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        self.env._has_updated = False
        agent: str = inner.agent_selection
        return agent


def check_render_mode(render_mode: object, known: tuple[str, ...]) -> str | None:
    """``render_mode`` when it is ``None`` or one of ``known``; anything else is refused."""
    if render_mode is None or (type(render_mode) is str and render_mode in known):
        return render_mode
    raise MalformedInputError.single(
        "render_mode",
        _(
            "Unknown render mode {mode!r}; known modes: {known}.",
            mode=str(render_mode),
            known=", ".join(known),
        ),
    )


def rendered(game: LearningGame[Any, Any, Any], state: Any, mode: str | None) -> str | None:
    """The table of ``state`` as ``mode`` asks: the text board and summary printed
    (``human``, as PettingZoo's and Gymnasium's text games do) or returned (``ansi``), or an
    SVG picture (``svg``); nothing before a game or without a mode."""
    if mode is None or state is None:
        return None
    if mode == "svg":
        return None if game.picture is None else game.picture(state)
    text = game.text(state)
    if mode == "human":
        print(text)  # noqa: T201 - the human mode prints
        return None
    return text


def check_seed(seed: object) -> int | None:
    """``seed`` when it is ``None`` or a whole number of 0 or more; anything else is
    refused."""
    if seed is not None and (type(seed) is not int or seed < 0):
        raise MalformedInputError.single(
            "seed", _("A seed is a whole number of 0 or more, not {seed}.", seed=echo(seed))
        )
    return seed


def readings_of(rules: GameRules, interpretations: Any) -> Any:
    """The game's interpretations value from ``interpretations``: ``None`` (the default
    readings), such a value, or ``NAME=VALUE`` texts."""
    defaults = rules.new_interpretations()
    if interpretations is None or isinstance(interpretations, type(defaults)):
        return interpretations or defaults
    return with_interpretations(interpretations, game=rules)


def check_players(rules: GameRules, players: object, variant: bool) -> int:
    """``players`` when ``rules`` allow it (with ``variant`` or not); a library error
    naming the rule of setup otherwise."""
    if type(players) is not int:
        raise MalformedInputError.single(
            "players",
            _("A whole number is needed, not {kind}.", kind=type(players).__name__),
            rules.setup_rule,
        )
    rules.check_players(players, variant)
    return players


class raw_env(AECEnv):  # type: ignore[misc]
    """``game`` for ``players``, its variant or not, under ``interpretations`` (the game's
    interpretations value or ``NAME=VALUE`` texts), rewarding the ``reward`` (``outcome``
    or ``score``)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - replaced per game in __init__
        "render_modes": list(RENDER_MODES),
        "name": "fertility_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 2,
        variant: bool = False,
        interpretations: Any = None,
        render_mode: str | None = None,
        game: str | GameRules = "fertility",
        reward: str = "outcome",
    ) -> None:
        super().__init__()
        self._rules = find_game(game)
        game_parts = learning_game(self._rules)
        self.metadata = {**self.metadata, "name": f"{self._rules.name}_v0"}
        self._players = check_players(self._rules, players, variant)
        self.render_mode = check_render_mode(render_mode, RENDER_MODES)
        self._reward = check_reward(reward)
        self._readings = readings_of(self._rules, interpretations)
        self._variant = variant
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = game_parts.features(players, variant, None).size
        actions = game_parts.action_space(players, variant, None).size
        # One space per agent, as PettingZoo asks: the same object at every call.
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -1.0, OBSERVATION_HIGH, (size + players,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self._state: Any = None
        self._rebuild()

    def _rebuild(self) -> None:
        """The parts made from the setting: the game, its spaces and the encoder."""
        self._game = learning_game(self._rules)
        self._actions = self._game.action_space(self._players, self._variant, None)
        layout = self._game.features(self._players, self._variant, None)
        # The encoder's buffer read in place (it never changes size), with room for the
        # one-hot of the observing seat after the numbers.
        self._encoder = Encoder(layout, tail=self._players)
        self._numbers = np.frombuffer(self._encoder.floats_buffer, np.float32)
        self._legal: dict[int, Any] = {}
        if self._state is not None:
            self._decide()

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        for name in _REBUILT:
            state.pop(name, None)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._rebuild()

    # -- spaces -------------------------------------------------------------------

    def _seat(self, agent: str) -> int:
        seat = self._seats.get(agent) if type(agent) is str else None
        if seat is None:
            raise MalformedInputError.single(
                "agent",
                _(
                    "Unknown agent {agent!r}; the agents are: {known}.",
                    agent=echo(agent),
                    known=", ".join(self.possible_agents),
                ),
            )
        return seat

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[self.possible_agents[self._seat(agent)]]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[self.possible_agents[self._seat(agent)]]

    # -- the game -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if check_seed(seed) is not None:
            self._rng = np.random.default_rng(seed)
        setup = int(self._rng.integers(0, 2**32)) if seed is None else seed
        self._state = self._game.new_state(self._players, setup, self._variant, self._readings)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._game.current(self._state)]
        self._decide()

    def _decide(self) -> None:
        """The legal moves of the decision by action, listed once: the mask is made of
        them and the next action looked up among them."""
        state = self._state
        self._legal = {} if self._game.is_over(state) else self._actions.legal(state)

    def _check_reset(self) -> None:
        if self._state is None:
            raise NotAllowedError(_("The environment has no game yet: call reset() first."))

    def observe(self, agent: str) -> dict[str, Any]:
        self._check_reset()
        seat = self._seat(agent)
        self._encoder.floats(self._state)  # only the sections a move changed are encoded
        observation = self._numbers.copy()
        observation[self._encoder.size + seat] = 1.0
        legal = self._legal if agent == self.agent_selection else ()
        allowed = self._actions.allowed(legal)
        return {"observation": observation, "action_mask": np.frombuffer(allowed, np.int8)}

    def step(self, action: int | None) -> None:
        self._check_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = self._actions.chosen(self._legal, action)
        self._cumulative_rewards[agent] = 0.0
        state = self._state = self._game.apply(self._state, move)
        # Rewards come at the end only: until then every step's rewards stay the zeros
        # that reset gave, and nothing is added up.
        if self._game.is_over(state):
            scores, ranks = self._game.results(state)
            rewards = scores if self._reward == "score" else outcome(ranks)
            self.rewards = dict(zip(self.agents, rewards, strict=True))
            for index, name in enumerate(self.agents):
                self.terminations[name] = True
                self.infos[name] = {"score": scores[index], "rank": ranks[index]}
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[self._game.current(state)]
        self._decide()

    def render(self) -> str | None:
        return rendered(self._game, self._state, self.render_mode)

    def close(self) -> None:
        self._state = None
