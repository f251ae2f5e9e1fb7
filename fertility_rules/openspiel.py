"""Fertility as an OpenSpiel game, ``python_fertility``, from the ``rl`` extra.

``pip install 'fertility_rules[rl]'`` brings ``open-spiel`` (``pyspiel``). OpenSpiel finds
a Python game by its registration: **importing this module registers
``python_fertility``** with ``pyspiel.register_game``, as OpenSpiel's own Python games do
(its convention; the library itself never registers anything on import). Then::

    import pyspiel
    import fertility_rules.openspiel  # registers python_fertility

    game = pyspiel.load_game("python_fertility(players=3,quarry_enclosure=orthogonal)")

Parameters: ``players`` (2 to 4), ``variant`` (the 2-player variant, R-8) and one per
interpretation switch (``quarry_enclosure=orthogonal``…, the values of
``fertility-rules interpretations``).

Chance nodes: the first chooses the table (one of ``setups`` seeded setups, uniformly:
the boards, the starting tile, the Personal and Common Pools and the offer are public
once laid out). After that, every hidden draw is a chance node: when a move refills the
Common Pool from the Valley pile or the offer from the District deck, each item drawn is
chosen uniformly among those the view leaves unseen (R-9.2), one chance node per item, and
the move is then played with those items on top. So the state never holds a hidden
order: the hidden part of the game is exactly the chance to come.

Actions are the fixed action space of :mod:`fertility_rules.encoding`; chance outcomes
are the index of the drawn item among the catalogue's tiles or Districts. The
observation and information-state tensors are the numeric view followed by a one-hot of
the observing seat; the information-state string is the public history (every move and
every item revealed), the observation string the view's summary. ``serialize`` and
``deserialize_state`` replay the history. Returns are the final scores.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pyspiel
from attrs import frozen

from fertility_rules.encoding.environment import FERTILITY, LearningGame
from fertility_rules.encoding.spaces import ActionSpace, FeatureLayout
from fertility_rules.lab.readings import SWITCHES, with_interpretations
from fertility_rules.rules.interpretations import Interpretations

__all__ = ["GAME_TYPE", "SETUPS", "FertilityGame", "FertilityState"]

SETUPS = 1 << 16
"""Setups the first chance node chooses from (each a seeded table, R-2)."""

_GAME: LearningGame[Any, Any, Any] = FERTILITY
_DEFAULTS = Interpretations()
_ITEMS = _GAME.hidden_items
"""Chance outcomes of each hidden pile: the catalogue's tiles, then its Districts."""

_SWITCH_NAMES = tuple(info.field for info in SWITCHES)


def _switch_default(name: str) -> str | int:
    """A switch's default as OpenSpiel parameters carry it (a number stays a number,
    since a game string such as ``district_offer=3`` is read back as one)."""
    value = getattr(_DEFAULTS, name).value
    return value if isinstance(value, int) else str(value)


GAME_TYPE = pyspiel.GameType(
    short_name="python_fertility",
    long_name="Fertility",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_GAME.max_players,
    min_num_players=_GAME.min_players,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={
        "players": 2,
        "variant": False,
        **{name: _switch_default(name) for name in _SWITCH_NAMES},
    },
)
"""OpenSpiel's description of the game."""


@frozen
class _Setting:
    """What a game's parameters mean: players, variant, readings and the two spaces."""

    players: int
    variant: bool
    readings: Interpretations
    actions: ActionSpace[Any, Any]
    features: FeatureLayout[Any]


@functools.cache
def _setting_of(params: tuple[tuple[str, Any], ...]) -> _Setting:
    given = dict(params)
    players = int(given.get("players", 2))
    variant = bool(given.get("variant", False))
    texts = [f"{name}={given[name]}" for name in _SWITCH_NAMES if name in given]
    return _Setting(
        players,
        variant,
        with_interpretations(texts),
        _GAME.action_space(players, variant),
        _GAME.features(players, variant),
    )


def _setting(game: Any) -> _Setting:
    """The setting of a loaded game (OpenSpiel may rebuild the game object, so nothing is
    kept on it: the parameters say everything)."""
    return _setting_of(tuple(sorted(game.get_parameters().items())))


class FertilityGame(pyspiel.Game):  # type: ignore[misc]
    """``python_fertility`` with its parameters."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        setting = _setting_of(tuple(sorted((params or {}).items())))
        info = pyspiel.GameInfo(
            num_distinct_actions=setting.actions.size,
            max_chance_outcomes=max(SETUPS, *(len(items) for items in _ITEMS)),
            num_players=setting.players,
            min_utility=0.0,
            max_utility=_GAME.max_score,
            utility_sum=None,
            max_game_length=2000,
        )
        super().__init__(GAME_TYPE, info, params or {})

    def new_initial_state(self) -> FertilityState:
        return FertilityState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(_setting(self), perfect_recall)


class FertilityState(pyspiel.State):  # type: ignore[misc]
    """A position of ``python_fertility``: the table, and the move waiting for its draws."""

    def __init__(self, game: FertilityGame) -> None:
        super().__init__(game)
        self.table: Any = None
        """The game state once the setup is chosen; its hidden piles are in sorted order
        (a stand-in: they are drawn at chance nodes)."""
        self._waiting: Any = None
        self._counts: tuple[int, ...] = ()
        self._drawn: list[list[str]] = []
        self._history: list[str] = []

    @property
    def _rules(self) -> _Setting:
        return _setting(self.get_game())

    # -- whose turn ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.table is None or self._waiting is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if _GAME.is_over(self.table):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(_GAME.current(self.table))

    def _legal_actions(self, player: int) -> list[int]:
        view = _GAME.observe(self.table)
        return sorted(self._rules.actions.index(m, view) for m in _GAME.legal_moves(view))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.table is None:
            return [(seed, 1.0 / SETUPS) for seed in range(SETUPS)]
        pile, items = self._next_pile()
        index = {item: i for i, item in enumerate(_ITEMS[pile])}
        return [(index[item], 1.0 / len(items)) for item in items]

    def _next_pile(self) -> tuple[int, list[str]]:
        """The hidden pile the next chance node draws from, and its candidates."""
        view = _GAME.observe(self.table)
        piles = _GAME.hidden_piles(view)
        for pile, count in enumerate(self._counts):
            if len(self._drawn[pile]) < count:
                taken = set(self._drawn[pile])
                return pile, [item for item in piles[pile][0] if item not in taken]
        raise pyspiel.SpielError("no draw is waiting")

    # -- moves --------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self.table is None:
            rules = self._rules
            self.table = _GAME.new_state(rules.players, action, rules.variant, rules.readings)
            self._history.append(f"setup {action}")
            return
        if self._waiting is not None:
            pile, _items = self._next_pile()
            item = _ITEMS[pile][action]
            self._drawn[pile].append(item)
            self._history.append(f"draw {item}")
            if all(len(d) == c for d, c in zip(self._drawn, self._counts, strict=True)):
                self._play(self._waiting, tuple(self._drawn))
            return
        view = _GAME.observe(self.table)
        move = self._rules.actions.move(action, view)
        self._history.append(f"move {action}")
        # How many items each hidden pile gives up to this move: the rules draw them.
        before = _GAME.hidden_piles(view)
        after = _GAME.hidden_piles(_GAME.observe(_GAME.apply(self.table, move)))
        counts = tuple(b[1] - a[1] for b, a in zip(before, after, strict=True))
        if any(counts):
            self._waiting, self._counts = move, counts
            self._drawn = [[] for _ in counts]
        else:
            self.table = _GAME.apply(self.table, move)

    def _play(self, move: Any, drawn: tuple[list[str], ...]) -> None:
        """Play ``move`` with the items drawn on top of their piles, the rest sorted."""
        view = _GAME.observe(self.table)
        piles = []
        for (items, size), top in zip(_GAME.hidden_piles(view), drawn, strict=True):
            rest = [item for item in items if item not in top]
            piles.append((*top, *rest[: size - len(top)]))
        state = _GAME.with_hidden(view, tuple(piles))
        self.table = _GAME.apply(state, move)
        self._waiting, self._counts, self._drawn = None, (), []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.table is None:
                return f"setup {action}"
            pile, _items = self._next_pile()
            return f"draw {_ITEMS[pile][action]}"
        view = _GAME.observe(self.table)
        return repr(self._rules.actions.move(action, view))

    def is_terminal(self) -> bool:
        return self.table is not None and self._waiting is None and _GAME.is_over(self.table)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return _GAME.scores(self.table)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> FertilityState:
        """A state with this information state: this one, since nothing hidden is decided
        before its chance node (the piles are drawn when used)."""
        clone: FertilityState = self.clone()
        return clone

    def public_history(self) -> str:
        return "; ".join(self._history)

    def __str__(self) -> str:
        if self.table is None:
            return "setup to draw"
        return _GAME.text(self.table)


class _Observer:
    """The numeric view and the observing seat; strings as described in the module."""

    def __init__(self, game: _Setting, perfect_recall: bool) -> None:
        self._game = game
        self._perfect_recall = perfect_recall
        size = game.features.size + game.players
        self.tensor = np.zeros(size, np.float32)
        self.dict = {
            "view": self.tensor[: game.features.size],
            "observer": self.tensor[game.features.size :],
        }

    def set_from(self, state: FertilityState, player: int) -> None:
        self.tensor.fill(0)
        self.dict["observer"][player] = 1
        if state.table is not None:
            self.dict["view"][:] = self._game.features.encode(_GAME.observe(state.table))

    def string_from(self, state: FertilityState, player: int) -> str:
        if self._perfect_recall:
            return f"p{player}: {state.public_history()}"
        if state.table is None:
            return f"p{player}: setup to draw"
        return f"p{player}: {_GAME.text(state.table)}"


pyspiel.register_game(GAME_TYPE, FertilityGame)
