"""One seat of a game of the library as a single-agent Gymnasium environment, the other
seats played by the library's agents, from the ``rl`` extra.

**Importing this module registers** ``fertility_rules/Fertility-v0`` and
``fertility_rules/Ankhor-v0`` (one environment per game with encodings, as Gymnasium's
own third-party environments do on import)::

    import gymnasium
    import fertility_rules.gymnasium  # registers the environments

    env = gymnasium.make("fertility_rules/Ankhor-v0", opponents="greedy")
    observation, info = env.reset(seed=7)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

Arguments: ``players`` (2 to 4), ``opponents`` (the agents of the other seats by name, in
turn order: ``"greedy"``, ``"random,lookahead"``, or a list; names repeat when fewer than
the seats), ``seat`` (the learner's seat; ``None``, the default, draws it at every reset),
``variant``, ``interpretations`` (``NAME=VALUE`` texts), ``reward`` (``outcome``, the
default: +1 for a win, -1 for a loss, winners tied sharing; or ``score``, the final
score), ``illegal`` and ``render_mode`` (``human``, ``ansi`` or ``svg``).

The observation is a dict, as PettingZoo's: ``observation``, the numeric view followed by
a one-hot of the learner's seat, and ``action_mask``, 1 at every legal action; the info
holds the same mask as ``info["action_mask"]``, where Gymnasium's own masked
environments put it. Each step plays the learner's action, then the other seats until the
learner decides again or the game ends; the reward is 0 until the end. An action the mask
leaves out ends the episode as a loss (``illegal="lose"``, the default: what Gymnasium's
checks and learners that sample without the mask expect), with ``info["illegal_action"]``
set; ``illegal="raise"`` refuses it with a :class:`~fertility_rules.errors.
MalformedInputError` instead, changing nothing.

``gymnasium.make_vec`` runs several of them, in one process (``vectorization_mode="sync"``)
or in one process each (``"async"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from fertility_rules.agents.simulate import make_agent
from fertility_rules.encoding.encoder import Encoder
from fertility_rules.encoding.environment import check_reward, learning_game, outcome
from fertility_rules.errors import MalformedInputError, NotAllowedError
from fertility_rules.games import GAMES, Agent, GameRules, find_game
from fertility_rules.i18n.message import _, echo, ngettext
from fertility_rules.pettingzoo import (
    OBSERVATION_HIGH,
    RENDER_MODES,
    check_players,
    check_render_mode,
    readings_of,
    rendered,
)

__all__ = ["ENVIRONMENTS", "ILLEGAL", "SeatEnv"]

ILLEGAL = ("lose", "raise")
"""What an action the mask leaves out does: end the episode as a loss, or raise."""


def _opponents(rules: GameRules, opponents: object, seats: int) -> tuple[str, ...]:
    """The agent of each other seat from ``opponents``: names, comma-separated in one text
    or in a list, repeating in turn when fewer than ``seats``; each must be one of the
    game's agents."""
    if isinstance(opponents, str):
        names = [name.strip() for name in opponents.split(",") if name.strip()]
    elif isinstance(opponents, Sequence) and all(isinstance(n, str) for n in opponents):
        names = [name.strip() for name in opponents]
    else:
        raise MalformedInputError.single(
            "opponents",
            _("Agents are named in a text or a list of texts, not {kind}.", kind=echo(opponents)),
        )
    if not names or len(names) > seats:
        raise MalformedInputError.single(
            "opponents",
            ngettext(
                "Name from 1 to {count} agent for the other seat, not {n}.",
                "Name from 1 to {count} agents for the other seats, not {n}.",
                seats,
                count=seats,
                n=len(names),
            ),
        )
    for name in names:
        make_agent(name, 0, game=rules)  # an unknown name is refused, naming the known ones
    return tuple(names[i % len(names)] for i in range(seats))


class SeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """One seat of ``game`` for a learner, the others played by ``opponents`` (see the
    module for every argument)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it from the class
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str | GameRules = "fertility",
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int | None = None,
        variant: bool = False,
        interpretations: Any = None,
        reward: str = "outcome",
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        self._rules = find_game(game)
        self._game = learning_game(self._rules)
        self._players = check_players(self._rules, players, variant)
        if seat is not None and (type(seat) is not int or not 0 <= seat < players):
            raise MalformedInputError.single(
                "seat",
                _(
                    "A seat from 0 to {last} is needed, not {seat}.",
                    last=players - 1,
                    seat=echo(seat),
                ),
            )
        if type(illegal) is not str or illegal not in ILLEGAL:
            raise MalformedInputError.single(
                "illegal",
                _(
                    "Unknown choice {choice}; known choices: {known}.",
                    choice=echo(illegal),
                    known=", ".join(ILLEGAL),
                ),
            )
        self._opponents = _opponents(self._rules, opponents, players - 1)
        self._seat_given = seat
        self._variant = variant
        self._readings = readings_of(self._rules, interpretations)
        self._reward = check_reward(reward)
        self._illegal = illegal
        self.render_mode = check_render_mode(render_mode, RENDER_MODES)
        self._actions = self._game.action_space(players, variant, None)
        self._encoder = Encoder(self._game.features(players, variant, None), tail=players)
        self._numbers = np.frombuffer(self._encoder.floats_buffer, np.float32)
        size = self._encoder.size + players
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-1.0, OBSERVATION_HIGH, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._actions.size,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self._actions.size)
        self._state: Any = None
        self._seat = 0
        self._agents: dict[int, Agent] = {}
        self._legal: dict[int, Any] = {}

    # -- the game -------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if seed is not None and (type(seed) is not int or seed < 0):
            raise MalformedInputError.single(
                "seed", _("A seed is a whole number of 0 or more, not {seed}.", seed=echo(seed))
            )
        super().reset(seed=seed)
        rng = self.np_random
        setup = int(rng.integers(0, 2**32))
        seat = self._seat_given
        self._seat = int(rng.integers(0, self._players)) if seat is None else seat
        others = [s for s in range(self._players) if s != self._seat]
        self._agents = {
            other: make_agent(name, int(rng.integers(0, 2**32)), game=self._rules)
            for other, name in zip(others, self._opponents, strict=True)
        }
        self._state = self._game.new_state(self._players, setup, self._variant, self._readings)
        self._play_others()
        return self._observation(), self._info()

    def _play_others(self) -> None:
        """Let the agents play until the learner decides or the game ends; then list the
        learner's legal moves by action, once."""
        game, state = self._game, self._state
        while not game.is_over(state) and game.current(state) != self._seat:
            agent = self._agents[game.current(state)]
            state = game.apply(state, agent.choose(game.observe(state), game.legal_moves(state)))
        self._state = state
        self._legal = {} if game.is_over(state) else self._actions.legal(state)

    def _observation(self) -> dict[str, np.ndarray]:
        self._encoder.floats(self._state)
        observation = self._numbers.copy()
        observation[self._encoder.size + self._seat] = 1.0
        allowed = self._actions.allowed(self._legal)
        return {"observation": observation, "action_mask": np.frombuffer(allowed, np.int8)}

    def _info(self, **more: Any) -> dict[str, Any]:
        allowed = np.frombuffer(self._actions.allowed(self._legal), np.int8)
        return {"action_mask": allowed, "seat": self._seat, **more}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self._state is None:
            raise NotAllowedError(_("The environment has no game yet: call reset() first."))
        if not self._legal:
            raise NotAllowedError(_("The game is over: call reset() to play another."))
        try:
            move = self._actions.chosen(self._legal, action)
        except MalformedInputError:
            if self._illegal == "raise":
                raise
            # Refused, and the episode ends as a loss: the state stays as it was.
            self._legal = {}
            low = self._game.reward_bounds(self._reward)[0]
            return self._observation(), low, True, False, self._info(illegal_action=True)
        self._state = self._game.apply(self._state, move)
        self._play_others()
        if not self._game.is_over(self._state):
            return self._observation(), 0.0, False, False, self._info()
        scores, ranks = self._game.results(self._state)
        rewards = scores if self._reward == "score" else outcome(ranks)
        info = self._info(score=scores[self._seat], rank=ranks[self._seat])
        return self._observation(), float(rewards[self._seat]), True, False, info

    def render(self) -> str | None:
        return rendered(self._game, self._state, self.render_mode)

    def close(self) -> None:
        self._state = None
        self._legal = {}


def _register() -> dict[str, str]:
    """Register an environment per game with encodings; its id by the game's name."""
    found = {}
    for info in GAMES:
        if info.load().learning is None:
            continue
        title = "".join(part.capitalize() for part in info.name.split("_"))
        found[info.name] = f"fertility_rules/{title}-v0"
        gymnasium.register(
            id=found[info.name],
            entry_point=f"{__name__}:SeatEnv",
            kwargs={"game": info.name},
        )
    return found


ENVIRONMENTS = _register()
"""The Gymnasium id of each game's environment, by the game's name."""
