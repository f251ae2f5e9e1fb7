"""The library's games as OpenSpiel games, ``python_fertility`` and ``python_ankhor``, from
the ``rl`` extra.

``pip install 'fertility_rules[rl]'`` brings ``open-spiel`` (``pyspiel``). OpenSpiel finds
a Python game by its registration: **importing this module registers ``python_<name>``
for every game of the library with encodings** (:attr:`~fertility_rules.games.GameRules.
learning`) with ``pyspiel.register_game``, as OpenSpiel's own Python games do (its
convention; the library itself never registers anything on import). Then::

    import pyspiel
    import fertility_rules.openspiel  # registers python_fertility and python_ankhor

    game = pyspiel.load_game("python_fertility(players=3,quarry_enclosure=orthogonal)")
    other = pyspiel.load_game("python_ankhor(players=4,higher_neighbours=supporters_only)")

Parameters: ``players`` (2 to 4), ``variant`` (Fertility's 2-player variant, R-8; a game
without one refuses it) and one per interpretation switch (``quarry_enclosure=orthogonal``…,
the values of ``fertility-rules interpretations --game NAME``).

Chance nodes: the first chooses the table (one of ``setups`` seeded setups, uniformly:
what the setup lays out is public). After that, every hidden draw is a chance node: when a
move takes items from a hidden pile (Fertility: the Common Pool refilled from the Valley
pile, the offer from the District deck; Ankh'or: the offer refilled or refreshed from a
draw pile, continuing from the other), each item drawn is chosen uniformly among those the
view leaves unseen (R-9.2, A-8.2), one chance node per item, and the move is then played
with those items on top. So the state never holds a hidden order: the hidden part of the
game is exactly the chance to come.

Actions are the game's fixed action space (:mod:`fertility_rules.encoding`,
:mod:`fertility_rules.ankhor.encoding`); chance outcomes are the index of the drawn item
among every item the pile could hold (the catalogue's). The observation and
information-state tensors are the numeric view followed by a one-hot of the observing
seat; the information-state string is the public history (every move and every item
revealed), the observation string the view's summary. ``serialize`` and
``deserialize_state`` replay the history. Returns are the final scores.
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar

import numpy as np
import pyspiel
from attrs import frozen

from fertility_rules.arguments import argument_error
from fertility_rules.encoding.environment import LearningGame, learning_game, legal_move
from fertility_rules.encoding.spaces import ActionSpace, FeatureLayout
from fertility_rules.errors import MalformedInputError
from fertility_rules.games import GAMES, GameInfo
from fertility_rules.i18n.message import _, echo
from fertility_rules.i18n.translate import render
from fertility_rules.lab.readings import switches, with_interpretations

__all__ = [
    "GAME_TYPE",
    "GAME_TYPES",
    "REGISTERED",
    "SETUPS",
    "SpielGame",
    "SpielState",
]

SETUPS = 1 << 16
"""Setups the first chance node chooses from (each a seeded table, R-2, A-2)."""


@frozen
class _Game:
    """A game of the library as the adapter sees it: its learning parts
    (:func:`~fertility_rules.encoding.environment.learning_game`) and its parameters."""

    game: LearningGame[Any, Any, Any]
    switches: tuple[str, ...]
    """The fields of the game's interpretation switches: one parameter each."""
    game_type: Any
    """OpenSpiel's description of the game (a ``pyspiel.GameType``)."""

    @property
    def items(self) -> tuple[tuple[str, ...], ...]:
        """Chance outcomes of each hidden pile: every item it could ever hold."""
        return self.game.hidden_items


def _switch_default(defaults: Any, name: str) -> str | int:
    """A switch's default as OpenSpiel parameters carry it (a number stays a number,
    since a game string such as ``district_offer=3`` is read back as one)."""
    value = getattr(defaults, name).value
    return value if isinstance(value, int) else str(value)


@functools.cache
def _bound(name: str) -> _Game:
    game = learning_game(name)
    rules = game.rules
    defaults = rules.new_interpretations()
    names = tuple(info.field for info in switches(rules) if info.field is not None)
    return _Game(
        game,
        names,
        pyspiel.GameType(
            short_name=f"python_{name}",
            long_name=render(rules.title),
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=game.max_players,
            min_num_players=game.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={
                "players": 2,
                "variant": False,
                **{switch: _switch_default(defaults, switch) for switch in names},
            },
        ),
    )


@frozen
class _Setting:
    """What a game's parameters mean: players, variant, readings and the two spaces."""

    players: int
    variant: bool
    readings: Any
    actions: ActionSpace[Any, Any]
    features: FeatureLayout[Any]


@functools.cache
def _setting_of(name: str, params: tuple[tuple[str, Any], ...]) -> _Setting:
    bound = _bound(name)
    given = dict(params)
    players = int(given.get("players", 2))
    variant = bool(given.get("variant", False))
    texts = [f"{switch}={given[switch]}" for switch in bound.switches if switch in given]
    return _Setting(
        players,
        variant,
        with_interpretations(texts, game=bound.game.rules),
        bound.game.action_space(players, variant, None),
        bound.game.features(players, variant, None),
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A game of the library with its parameters; each game registered is a subclass
    (``FertilityGame``, ``AnkhorGame``) naming its game in :attr:`name`."""

    name: ClassVar[str]
    state_class: ClassVar[type[SpielState]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        bound = _bound(self.name)
        setting = _setting_of(self.name, tuple(sorted((params or {}).items())))
        info = pyspiel.GameInfo(
            num_distinct_actions=setting.actions.size,
            max_chance_outcomes=max(SETUPS, *(len(items) for items in bound.items)),
            num_players=setting.players,
            min_utility=0.0,
            max_utility=bound.game.max_score,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(bound.game_type, info, params or {})

    def setting(self) -> _Setting:
        """The setting of this game (OpenSpiel may rebuild the game object, so nothing is
        kept on it: the parameters say everything)."""
        return _setting_of(self.name, tuple(sorted(self.get_parameters().items())))

    def new_initial_state(self) -> SpielState:
        return self.state_class(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(_bound(self.name).game, self.setting(), perfect_recall)


MAX_GAME_LENGTH = 4000
"""The most actions of a game OpenSpiel is told of (moves and draws)."""


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A position: the table, and the move waiting for its draws."""

    name: ClassVar[str]

    def __init__(self, game: SpielGame) -> None:
        if not isinstance(game, SpielGame):  # OpenSpiel's C++ side would crash on it
            raise argument_error("game", SpielGame, game)
        super().__init__(game)
        self.table: Any = None
        """The game state once the setup is chosen; its hidden piles are in sorted order
        (a stand-in: they are drawn at chance nodes)."""
        self._waiting: Any = None
        self._counts: tuple[int, ...] = ()
        self._drawn: list[list[str]] = []
        self._history: list[str] = []

    @property
    def _game(self) -> LearningGame[Any, Any, Any]:
        return _bound(self.name).game

    @property
    def _rules(self) -> _Setting:
        game: SpielGame = self.get_game()
        return _setting_of(self.name, tuple(sorted(game.get_parameters().items())))

    # -- whose turn ---------------------------------------------------------------

    def current_player(self) -> int:
        if self.table is None or self._waiting is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._game.is_over(self.table):
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self._game.current(self.table))

    def _legal_actions(self, player: int) -> list[int]:
        view = self._game.observe(self.table)
        actions = self._rules.actions
        return sorted(actions.index(m, view) for m in self._game.legal_moves(view))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.table is None:
            return [(seed, 1.0 / SETUPS) for seed in range(SETUPS)]
        pile, items = self._next_pile()
        index = {item: i for i, item in enumerate(_bound(self.name).items[pile])}
        return [(index[item], 1.0 / len(items)) for item in items]

    def _next_pile(self) -> tuple[int, list[str]]:
        """The hidden pile the next chance node draws from, and its candidates (an item
        drawn for one pile is in no other: two piles may be drawn from the same items)."""
        piles = self._game.hidden_piles(self._game.observe(self.table))
        taken = {item for drawn in self._drawn for item in drawn}
        for pile, count in enumerate(self._counts):
            if len(self._drawn[pile]) < count:
                return pile, [item for item in piles[pile][0] if item not in taken]
        raise pyspiel.SpielError("no draw is waiting")

    # -- moves --------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        game = self._game
        if self.table is None or self._waiting is not None:
            outcomes: range | set[int] = (
                range(SETUPS)
                if self.table is None
                else {outcome for outcome, _chance in self.chance_outcomes()}
            )
            if type(action) is not int or action not in outcomes:
                raise MalformedInputError.single(
                    "action",
                    _("{action} is not an outcome of this chance node.", action=echo(action)),
                )
        if self.table is None:
            rules = self._rules
            self.table = game.new_state(rules.players, action, rules.variant, rules.readings)
            self._history.append(f"setup {action}")
            return
        if self._waiting is not None:
            pile, _items = self._next_pile()
            item = _bound(self.name).items[pile][action]
            self._drawn[pile].append(item)
            self._history.append(f"draw {item}")
            if all(len(d) == c for d, c in zip(self._drawn, self._counts, strict=True)):
                self._play(self._waiting, tuple(self._drawn))
            return
        view = game.observe(self.table)
        move = legal_move(game, self._rules.actions, view, action)
        self._history.append(f"move {action}")
        # How many items each hidden pile gives up to this move: the rules draw them.
        before = game.hidden_piles(view)
        after = game.hidden_piles(game.observe(game.apply(self.table, move)))
        counts = tuple(b[1] - a[1] for b, a in zip(before, after, strict=True))
        if any(counts):
            self._waiting, self._counts = move, counts
            self._drawn = [[] for _ in counts]
        else:
            self.table = game.apply(self.table, move)

    def _play(self, move: Any, drawn: tuple[list[str], ...]) -> None:
        """Play ``move`` with the items drawn on top of their piles, the rest sorted (an
        item goes to one pile only)."""
        game = self._game
        view = game.observe(self.table)
        used = {item for top in drawn for item in top}
        piles = []
        for (items, size), top in zip(game.hidden_piles(view), drawn, strict=True):
            rest = [item for item in items if item not in used][: size - len(top)]
            used.update(rest)
            piles.append((*top, *rest))
        state = game.with_hidden(view, tuple(piles))
        self.table = game.apply(state, move)
        self._waiting, self._counts, self._drawn = None, (), []

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.table is None:
                return f"setup {action}"
            pile, _items = self._next_pile()
            return f"draw {_bound(self.name).items[pile][action]}"
        view = self._game.observe(self.table)
        return repr(self._rules.actions.move(action, view))

    def is_terminal(self) -> bool:
        return self.table is not None and self._waiting is None and self._game.is_over(self.table)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.get_game().num_players()
        return self._game.scores(self.table)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state with this information state: this one, since nothing hidden is decided
        before its chance node (the piles are drawn when used)."""
        clone: SpielState = self.clone()
        return clone

    def public_history(self) -> str:
        return "; ".join(self._history)

    def __str__(self) -> str:
        if self.table is None:
            return "setup to draw"
        return self._game.text(self.table)


class _Observer:
    """The numeric view and the observing seat; strings as described in the module."""

    def __init__(
        self, rules: LearningGame[Any, Any, Any], game: _Setting, perfect_recall: bool
    ) -> None:
        self._rules = rules
        self._game = game
        self._perfect_recall = perfect_recall
        size = game.features.size + game.players
        self.tensor = np.zeros(size, np.float32)
        self.dict = {
            "view": self.tensor[: game.features.size],
            "observer": self.tensor[game.features.size :],
        }

    def set_from(self, state: SpielState, player: int) -> None:
        self.tensor.fill(0)
        self.dict["observer"][player] = 1
        if state.table is not None:
            self.dict["view"][:] = self._game.features.encode(self._rules.observe(state.table))

    def string_from(self, state: SpielState, player: int) -> str:
        if self._perfect_recall:
            return f"p{player}: {state.public_history()}"
        if state.table is None:
            return f"p{player}: setup to draw"
        return f"p{player}: {self._rules.text(state.table)}"


def _register(info: GameInfo) -> tuple[type[SpielGame], type[SpielState]]:
    """The classes of ``python_<name>``, registered with OpenSpiel: ``FertilityGame`` and
    ``FertilityState``..., module attributes (pickles find them by name)."""
    title = "".join(part.capitalize() for part in info.name.split("_"))
    members = {"name": info.name, "__module__": __name__}
    state = type(f"{title}State", (SpielState,), dict(members))
    game = type(f"{title}Game", (SpielGame,), {**members, "state_class": state})
    globals()[game.__name__] = game
    globals()[state.__name__] = state
    pyspiel.register_game(_bound(info.name).game_type, game)
    return game, state


REGISTERED = {info.name: _register(info) for info in GAMES if info.load().learning is not None}
"""The game and state classes of every game with encodings, by the game's name."""
GAME_TYPES = {name: _bound(name).game_type for name in REGISTERED}
"""OpenSpiel's description of each game registered, by the game's name."""
GAME_TYPE = GAME_TYPES[GAMES[0].name]
"""OpenSpiel's description of the default game (``python_fertility``)."""
