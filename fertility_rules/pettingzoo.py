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
has legal actions). Each agent's reward is its final score, given when the game ends.
``render()`` returns the text board and summary (``render_mode="ansi"``) or an SVG
picture of the table (``render_mode="svg"``).

The adapter knows the game only through a :class:`~fertility_rules.encoding.environment.
LearningGame`, made from the rules of ``game`` (a name of :data:`~fertility_rules.games.GAMES`
or a :class:`~fertility_rules.games.GameRules`; Fertility by default).
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from fertility_rules.encoding.environment import learning_game, legal_move
from fertility_rules.errors import MalformedInputError, NotAllowedError
from fertility_rules.games import GameRules
from fertility_rules.i18n.message import _, echo
from fertility_rules.lab.readings import with_interpretations

__all__ = ["env", "raw_env"]

RENDER_MODES = ("ansi", "svg")
OBSERVATION_HIGH = 1000.0
"""Upper bound of every number of the observation (counts, ids and turns stay far below)."""


def env(**kwargs: Any) -> AECEnv:
    """The environment with PettingZoo's usual checks (illegal and out-of-order actions
    refused, order enforced); arguments as :class:`raw_env`."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]
    """``game`` for ``players``, its variant or not, under ``interpretations`` (the game's
    interpretations value or ``NAME=VALUE`` texts)."""

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
    ) -> None:
        super().__init__()
        self._game = learning_game(game)
        rules = self._game.rules
        self.metadata = {**self.metadata, "name": f"{rules.name}_v0"}
        if type(players) is not int:
            raise MalformedInputError.single(
                "players",
                _("A whole number is needed, not {kind}.", kind=type(players).__name__),
                rules.setup_rule,
            )
        rules.check_players(players, variant)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise MalformedInputError.single(
                "render_mode",
                _(
                    "Unknown render mode {mode!r}; known modes: {known}.",
                    mode=str(render_mode),
                    known=", ".join(RENDER_MODES),
                ),
            )
        defaults = rules.new_interpretations()
        if interpretations is None or isinstance(interpretations, type(defaults)):
            self._readings = interpretations or defaults
        else:
            self._readings = with_interpretations(interpretations, game=rules)
        self._players = players
        self._variant = variant
        self._actions = self._game.action_space(players, variant, None)
        self._features = self._game.features(players, variant, None)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seed: int | None = None
        self._rng = np.random.default_rng()
        self._state: Any = None

    # -- spaces -------------------------------------------------------------------

    @functools.cache  # noqa: B019 - one space per agent, as PettingZoo does
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        size = self._features.size + self._players
        return spaces.Dict(
            {
                "observation": spaces.Box(-1.0, OBSERVATION_HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._actions.size,), np.int8),
            }
        )

    @functools.cache  # noqa: B019
    def action_space(self, agent: str) -> spaces.Space[Any]:
        return spaces.Discrete(self._actions.size)

    # -- the game -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None and (type(seed) is not int or seed < 0):
            raise MalformedInputError.single(
                "seed",
                _("A seed is a whole number of 0 or more, not {seed}.", seed=echo(seed)),
            )
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        setup = int(self._rng.integers(0, 2**32)) if seed is None else seed
        self._state = self._game.new_state(self._players, setup, self._variant, self._readings)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self._game.current(self._state)]

    def _check_reset(self) -> None:
        if self._state is None:
            raise NotAllowedError(_("The environment has no game yet: call reset() first."))

    def observe(self, agent: str) -> dict[str, Any]:
        self._check_reset()
        if agent not in self.possible_agents:
            raise MalformedInputError.single(
                "agent",
                _(
                    "Unknown agent {agent!r}; the agents are: {known}.",
                    agent=echo(agent),
                    known=", ".join(self.possible_agents),
                ),
            )
        view = self._game.observe(self._state)
        seat = self.possible_agents.index(agent)
        values = self._features.encode(view)
        values.extend(1.0 if i == seat else 0.0 for i in range(self._players))
        mask = np.zeros(self._actions.size, np.int8)
        if agent == self.agent_selection and not self._game.is_over(self._state):
            for move in self._game.legal_moves(view):
                mask[self._actions.index(move, view)] = 1
        return {"observation": np.asarray(values, np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        self._check_reset()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        view = self._game.observe(self._state)
        move = legal_move(self._game, self._actions, view, action)
        self._cumulative_rewards[agent] = 0.0
        self._state = self._game.apply(self._state, move)
        self.rewards = {a: 0.0 for a in self.agents}
        if self._game.is_over(self._state):
            scores = self._game.scores(self._state)
            for index, name in enumerate(self.agents):
                self.rewards[name] = scores[index]
                self.terminations[name] = True
                self.infos[name] = {"score": scores[index]}
        else:
            self.agent_selection = self.possible_agents[self._game.current(self._state)]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None or self._state is None:
            return None
        if self.render_mode == "svg":
            picture = self._game.picture
            return None if picture is None else picture(self._state)
        return self._game.text(self._state)

    def close(self) -> None:
        self._state = None
