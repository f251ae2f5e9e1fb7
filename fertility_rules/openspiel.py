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
without one refuses it), ``reward`` (``outcome``, the default, or ``score``) and one per
interpretation switch (``quarry_enclosure=orthogonal``…, the values of
``fertility-rules interpretations --game NAME``).

Returns: by default the outcome, +1 for the winner and -1 for every other player, winners
tied after the game's tie-breaks sharing (``(2 - k) / k`` each for ``k`` of them): the
utilities lie in [-1, 1] and add up to ``2 - players``, so that the game is zero-sum with
two players and constant-sum with more (OpenSpiel's MCTS and the like need no scaling).
``reward=score`` gives the final scores (a general-sum game, utilities from 0 to the
game's greatest score).

Chance nodes: the first chooses the table (one of ``setups`` seeded setups, uniformly:
what the setup lays out is public). After that, every hidden draw is a chance node: when a
move takes items from a hidden pile (Fertility: the Common Pool refilled from the Valley
pile, the offer from the District deck; Ankh'or: the offer refilled or refreshed from a
draw pile, continuing from the other), each item drawn is chosen uniformly among those the
view leaves unseen (R-9.2, A-8.2), one chance node per item, and the move is then played
with those items on top. So the state never holds a hidden order: the hidden part of the
game is exactly the chance to come.

Actions are the game's fixed action space (:mod:`fertility_rules.encoding`,
:mod:`fertility_rules.ankhor.encoding`); an action the legal actions leave out is refused
with a :class:`~fertility_rules.errors.MalformedInputError` and changes nothing. Chance
outcomes are the index of the drawn item among every item the pile could hold (the
catalogue's). The observation and information-state tensors are the numeric view followed
by a one-hot of the observing seat; the information-state string is the public history
(every move and every item revealed), the observation string the view's summary.
``serialize`` and ``deserialize_state`` replay the history.

Each position lists its legal moves once, from the table itself, and keeps them by action
for ``legal_actions`` and ``apply_action``; a move is applied once, unless it draws: then
the unseen items are listed once, from the table itself (the game's ``state_piles``, no
view made), each chance node offers those no draw of the move took yet, and the move is
applied again once its items are known (the first time only tells how many it draws).
The tensors are encoded from the table (its public parts only), only the sections a move
changed again (:class:`~fertility_rules.encoding.encoder.Encoder`).
``state.observation_tensor()`` and ``state.information_state_tensor()`` are answered by
the state itself: OpenSpiel's own path for a Python game makes a new initial state at
every call to learn the tensor's size. The numbers are the same (32-bit floats); the
observers that OpenSpiel's C++ side reads write them as well.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from itertools import repeat
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

import numpy as np
import pyspiel
from attrs import frozen

from fertility_rules.arguments import argument_error, checked_arguments
from fertility_rules.encoding.encoder import Encoder
from fertility_rules.encoding.environment import (
    LearningGame,
    check_reward,
    learning_game,
    outcome,
)
from fertility_rules.encoding.spaces import ActionSpace
from fertility_rules.errors import MalformedInputError
from fertility_rules.games import GAMES, GameInfo, game_info
from fertility_rules.i18n.message import _, echo, render
from fertility_rules.lab.readings import switches, with_interpretations

__all__ = [
    "GAME_TYPE",
    "GAME_TYPES",
    "REGISTERED",
    "SETUPS",
    "SpielGame",
    "SpielState",
    "spiel_game",
]

SETUPS = 1 << 16
"""Setups the first chance node chooses from (each a seeded table, R-2, A-2)."""
MAX_GAME_LENGTH = 4000
"""The most actions of a game OpenSpiel is told of (moves and draws)."""
_SETUP_OUTCOMES = tuple((seed, 1.0 / SETUPS) for seed in range(SETUPS))
"""The outcomes of the first chance node, made once."""
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_UTILITIES = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}


@frozen
class _Game:
    """A game of the library as the adapter sees it: its learning parts
    (:func:`~fertility_rules.encoding.environment.learning_game`) and its parameters."""

    game: LearningGame[Any, Any, Any]
    switches: tuple[str, ...]
    """The fields of the game's interpretation switches: one parameter each."""
    outcomes: tuple[Mapping[str, int], ...]
    """Per hidden pile, the chance outcome of each item (its place among every item the
    pile could hold)."""

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
    names = tuple(info.field for info in switches(game.rules) if info.field is not None)
    outcomes = tuple(
        MappingProxyType({item: i for i, item in enumerate(items)}) for items in game.hidden_items
    )
    return _Game(game, names, outcomes)


@functools.cache
def _game_type(name: str, utility: str) -> Any:
    """OpenSpiel's description of ``python_<name>`` whose utilities are ``utility`` (the
    registered one is that of the default parameters: two players, outcome rewards)."""
    game = _bound(name).game
    rules = game.rules
    defaults = rules.new_interpretations()
    return pyspiel.GameType(
        short_name=f"python_{name}",
        long_name=render(rules.title),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_UTILITIES[utility],
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
            "reward": "outcome",
            **{switch: _switch_default(defaults, switch) for switch in _bound(name).switches},
        },
    )


@frozen
class _Setting:
    """What a game's parameters mean: players, variant, readings, rewards, the action
    space and the encoder of the observation."""

    name: str
    params: tuple[tuple[str, Any], ...]
    players: int
    variant: bool
    readings: Any
    reward: str
    actions: ActionSpace[Any, Any]
    encoder: Encoder[Any]
    """Keeps the numbers of the sections a move left alone (a memo: the numbers are always
    the layout's)."""
    bound: _Game
    """The game's learning parts and chance outcomes (read at every action)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setting:
        return self  # shared by every state of the game, as OpenSpiel copies states

    def __reduce__(self) -> tuple[Any, tuple[str, tuple[tuple[str, Any], ...]]]:
        """Pickled as the game's name and parameters (a serialized state holds it)."""
        return _setting_of, (self.name, self.params)

    @property
    def utility(self) -> str:
        if self.reward == "score":
            return "general_sum"
        return "zero_sum" if self.players == 2 else "constant_sum"


@functools.cache
def _setting_of(name: str, params: tuple[tuple[str, Any], ...]) -> _Setting:
    bound = _bound(name)
    given = dict(params)
    players = int(given.get("players", 2))
    variant = bool(given.get("variant", False))
    texts = [f"{switch}={given[switch]}" for switch in bound.switches if switch in given]
    return _Setting(
        name,
        params,
        players,
        variant,
        with_interpretations(texts, game=bound.game.rules),
        check_reward(given.get("reward", "outcome")),
        bound.game.action_space(players, variant, None),
        Encoder(bound.game.features(players, variant, None)),
        bound,
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """A game of the library with its parameters; each game registered is a subclass
    (``FertilityGame``, ``AnkhorGame``) naming its game in :attr:`name`."""

    name: ClassVar[str]
    state_class: ClassVar[type[SpielState]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        bound = _bound(self.name)
        setting = _setting_of(self.name, tuple(sorted((params or {}).items())))
        low, high = bound.game.reward_bounds(setting.reward)
        info = pyspiel.GameInfo(
            num_distinct_actions=setting.actions.size,
            max_chance_outcomes=max(SETUPS, *(len(items) for items in bound.items)),
            num_players=setting.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None if setting.reward == "score" else float(2 - setting.players),
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(self.name, setting.utility), info, params or {})

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


_NO_MOVES: Mapping[int, Any] = MappingProxyType({})

_History = tuple[Any, ...]
"""The public history as linked entries, ``(before, kind, value)`` (``()`` when empty):
an action adds one small tuple, where a tuple of every entry would be copied whole."""


def _later(history: _History, kind: str, value: object) -> _History:
    return (history, kind, value)


def _entries(history: _History) -> list[tuple[str, object]]:
    """The entries of ``history``, first first."""
    found = []
    while history:
        history, kind, value = history
        found.append((kind, value))
    found.reverse()
    return found


def _linked(entries: Sequence[tuple[str, object]]) -> _History:
    history: _History = ()
    for kind, value in entries:
        history = (history, kind, value)
    return history


class _Position(NamedTuple):
    """Everything a state holds, one immutable value: OpenSpiel copies a state by deep
    copies of its attributes, and this one is shared instead (a named tuple, made at
    every action at a third of the cost of a frozen class)."""

    table: Any
    """The game state once the setup is chosen (``None`` before): the order of its hidden
    piles is never read, their items are drawn at chance nodes."""
    player: int
    """Whose decision it is: a seat, or OpenSpiel's chance or terminal player."""
    legal: Mapping[int, Any] = _NO_MOVES
    """The legal moves of a decision by action, listed once (read-only)."""
    actions: tuple[int, ...] = ()
    """The legal actions in increasing order."""
    sizes: tuple[int, ...] = ()
    """How many items each hidden pile of the table holds, read once: the next move
    compares its own with them to see whether it drew."""
    waiting: Any = None
    """The move waiting for its draws."""
    counts: tuple[int, ...] = ()
    """How many items each hidden pile gives up to the move waiting."""
    drawn: tuple[tuple[str, ...], ...] = ()
    """The items drawn so far for the move waiting, per pile."""
    left: tuple[tuple[str, ...], ...] = ()
    """Per hidden pile, the items it is drawn from that no draw of the move waiting took
    yet, in the game's order: listed once from the table before the move
    (``state_piles``), then an item drawn is taken out of every pile's."""
    holds: tuple[int, ...] = ()
    """How many items each hidden pile holds before the move waiting."""
    pile: int = 0
    """The hidden pile the chance node draws from."""
    outcomes: tuple[tuple[int, float], ...] = ()
    """The chance node's outcomes: each item of ``left[pile]`` by its number, all equally
    likely."""
    history: _History = ()
    """The public history: every move and every item revealed (:data:`_History`)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled field by field (a serialized state holds it), the legal moves as a
        dictionary and the history as a flat tuple of its entries (a long game's linked
        entries would nest too deep for pickle)."""
        flat = self._replace(legal=dict(self.legal), history=tuple(_entries(self.history)))
        return _restored, tuple(flat)


def _restored(*fields: Any) -> _Position:
    """A position unpickled (:meth:`_Position.__reduce__`)."""
    flat = _Position._make(fields)
    return flat._replace(legal=MappingProxyType(flat.legal), history=_linked(flat.history))


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A position: the table, and the move waiting for its draws."""

    name: ClassVar[str]

    def __init__(self, game: SpielGame) -> None:
        if not isinstance(game, SpielGame):  # OpenSpiel's C++ side would crash on it
            raise argument_error("game", SpielGame, game)
        super().__init__(game)
        self.setting = game.setting()
        self.position = _Position(None, _CHANCE)

    @property
    def table(self) -> Any:
        """The game state once the setup is chosen; its hidden piles are a stand-in
        (they are drawn at chance nodes)."""
        return self.position.table

    @property
    def _game(self) -> LearningGame[Any, Any, Any]:
        return self.setting.bound.game

    def _at(self, table: Any, history: _History, sizes: tuple[int, ...] | None = None) -> _Position:
        """The position of ``table`` at a decision: its legal moves listed once, and the
        sizes of its hidden piles (``sizes`` when known already)."""
        game = self._game
        if sizes is None:
            sizes = game.hidden_sizes(table)
        if game.is_over(table):
            return _Position(table, _TERMINAL, sizes=sizes, history=history)
        legal = self.setting.actions.legal(table)
        return _Position(
            table,
            game.current(table),
            MappingProxyType(legal),
            tuple(sorted(legal)),
            sizes,
            history=history,
        )

    # -- whose turn ---------------------------------------------------------------

    def current_player(self) -> int:
        return self.position.player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.position.actions)

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` (of the player to act by default), in
        increasing order: those of OpenSpiel's own ``legal_actions``, answered here rather
        than through its five calls back into Python."""
        position = self.position
        if player is not None and type(player) is not int:
            raise argument_error("player", int, player)
        if position.player == _TERMINAL:
            return []
        if position.player == _CHANCE:
            return [outcome for outcome, _chance in self.chance_outcomes()]
        if player is None or player == position.player:
            return list(position.actions)
        return []

    def is_chance_node(self) -> bool:
        return self.position.player == _CHANCE

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        """The chance node's outcomes with their probabilities, as a tuple the position
        keeps: immutable, so every call shares it (a list of the setup node's 65,536
        outcomes made per call cost half a millisecond a game)."""
        if self.position.table is None:
            return _SETUP_OUTCOMES
        return self.position.outcomes

    def _drawing(
        self,
        waiting: _Position,
        drawn: tuple[tuple[str, ...], ...],
        left: tuple[tuple[str, ...], ...],
        history: _History,
    ) -> _Position:
        """The chance node of the next item ``waiting``'s move draws, with ``drawn`` drawn
        already and ``left`` to draw from (an item drawn for one pile is in no other: two
        piles may be drawn from the same items)."""
        for pile, count in enumerate(waiting.counts):
            if len(drawn[pile]) < count:
                items = left[pile]
                numbers = self.setting.bound.outcomes[pile]
                outcomes = tuple(zip(map(numbers.__getitem__, items), repeat(1.0 / len(items))))
                return _Position(
                    waiting.table,
                    _CHANCE,
                    waiting=waiting.waiting,
                    counts=waiting.counts,
                    drawn=drawn,
                    left=left,
                    holds=waiting.holds,
                    pile=pile,
                    outcomes=outcomes,
                    history=history,
                )
        raise pyspiel.SpielError("no draw is waiting")

    # -- moves --------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.player != _CHANCE:
            self._play_action(position, action)
        elif position.table is None:
            if type(action) is not int or not 0 <= action < SETUPS:
                raise self._no_outcome(action)
            rules = self.setting
            table = self._game.new_state(rules.players, action, rules.variant, rules.readings)
            self.position = self._at(table, _later(position.history, "setup", action))
        else:
            self._draw(position, action)

    @staticmethod
    def _no_outcome(action: object) -> MalformedInputError:
        return MalformedInputError.single(
            "action", _("{action} is not an outcome of this chance node.", action=echo(action))
        )

    def _draw(self, position: _Position, action: int) -> None:
        """Draw the item of chance outcome ``action`` (the item at that place of the
        pile's catalogue, refused unless still to draw); the move waiting is played once
        every item it draws is known."""
        pile = position.pile
        every = self.setting.bound.items[pile]
        item = every[action] if type(action) is int and 0 <= action < len(every) else None
        if item is None or item not in position.left[pile]:
            raise self._no_outcome(action)
        drawn = list(position.drawn)
        drawn[pile] = (*drawn[pile], item)
        left = tuple(_without(items, item) for items in position.left)
        history = _later(position.history, "draw", item)
        if all(len(d) == c for d, c in zip(drawn, position.counts, strict=True)):
            self.position = self._at(self._drawn(position, tuple(drawn), left), history)
        else:
            self.position = self._drawing(position, tuple(drawn), left, history)

    def _play_action(self, position: _Position, action: int) -> None:
        """Play the move of ``action``; a move that draws from a hidden pile (its sizes
        shrink) waits for its chance nodes, the items to draw from listed from the table
        once for all of them."""
        game = self._game
        move = self.setting.actions.chosen(position.legal, action)
        table = position.table
        after = game.apply(table, move)
        history = _later(position.history, "move", action)
        sizes = game.hidden_sizes(after)
        if sizes == position.sizes:
            self.position = self._at(after, history, sizes)
            return
        counts = tuple(before - left for before, left in zip(position.sizes, sizes, strict=True))
        piles = game.state_piles(table)
        waiting = _Position(
            table,
            _CHANCE,
            waiting=move,
            counts=counts,
            holds=tuple(size for _items, size in piles),
        )
        left = tuple(tuple(items) for items, _size in piles)
        self.position = self._drawing(waiting, ((),) * len(counts), left, history)

    def _drawn(
        self,
        position: _Position,
        drawn: tuple[tuple[str, ...], ...],
        left: tuple[tuple[str, ...], ...],
    ) -> Any:
        """The table after the move waiting, played with the items drawn on top of their
        piles and, under them, the first of the items ``left`` that no earlier pile took
        (an item goes to one pile only)."""
        game = self._game
        used: set[str] = set()
        piles = []
        for items, size, top in zip(left, position.holds, drawn, strict=True):
            if not used.isdisjoint(items):
                items = tuple(item for item in items if item not in used)
            rest = items[: size - len(top)]
            used.update(rest)
            piles.append((*top, *rest))
        return game.apply(game.with_piles(position.table, tuple(piles)), position.waiting)

    def _action_to_string(self, player: int, action: int) -> str:
        position = self.position
        if player == _CHANCE:
            if position.table is None:
                return f"setup {action}"
            every = self.setting.bound.items[position.pile]
            if type(action) is not int or not 0 <= action < len(every):
                raise self._no_outcome(action)
            return f"draw {every[action]}"
        return repr(self.setting.actions.chosen(position.legal, action))

    def is_terminal(self) -> bool:
        return self.position.player == _TERMINAL

    def returns(self) -> list[float]:
        position = self.position
        if position.player != _TERMINAL:
            return [0.0] * self.get_game().num_players()
        scores, ranks = self._game.results(position.table)
        return scores if self.setting.reward == "score" else outcome(ranks)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state with this information state: this one, since nothing hidden is decided
        before its chance node (the piles are drawn when used)."""
        clone: SpielState = self.clone()
        return clone

    def public_history(self) -> str:
        return "; ".join(f"{kind} {value}" for kind, value in _entries(self.position.history))

    def _tensor(self, player: int | None) -> list[float]:
        """The numeric view and the one-hot of ``player`` (the current one by default)."""
        setting = self.setting
        seat = self.position.player if player is None else player
        if type(seat) is not int or not 0 <= seat < setting.players:
            raise MalformedInputError.single(
                "player",
                _(
                    "A player from 0 to {last} is needed, not {player}.",
                    last=setting.players - 1,
                    player=echo(player),
                ),
            )
        table = self.position.table
        size, players = setting.encoder.size, setting.players
        if table is None:
            values = [0.0] * (size + players)
        else:
            values = setting.encoder.values(table, players)
        values[size + seat] = 1.0
        return values

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The observation tensor of ``player``: the numbers OpenSpiel's own
        ``observation_tensor`` gives, without its new initial state at every call."""
        return self._tensor(player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The information-state tensor of ``player`` (the same numbers)."""
        return self._tensor(player)

    def __str__(self) -> str:
        table = self.position.table
        if table is None:
            return "setup to draw"
        return self._game.text(table)


class _Observer:
    """The numeric view and the observing seat; strings as described in the module."""

    def __init__(
        self, rules: LearningGame[Any, Any, Any], game: _Setting, perfect_recall: bool
    ) -> None:
        self._learning = rules
        self._game = game
        self._perfect_recall = perfect_recall
        self._encoder = Encoder(game.encoder.layout)
        size = self._encoder.size
        self.tensor = np.zeros(size + game.players, np.float32)
        self.dict = {"view": self.tensor[:size], "observer": self.tensor[size:]}

    def set_from(self, state: SpielState, player: int) -> None:
        table = state.position.table
        observer = self.dict["observer"]
        observer.fill(0)
        observer[player] = 1
        if table is None:
            self.dict["view"].fill(0)
        else:
            self.dict["view"][:] = np.frombuffer(self._encoder.floats(table), np.float32)

    def string_from(self, state: SpielState, player: int) -> str:
        if self._perfect_recall:
            return f"p{player}: {state.public_history()}"
        table = state.position.table
        if table is None:
            return f"p{player}: setup to draw"
        return f"p{player}: {self._learning.text(table)}"


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` without ``item`` (``items`` itself when it is not there)."""
    try:
        at = items.index(item)
    except ValueError:
        return items
    return items[:at] + items[at + 1 :]


def _register(info: GameInfo) -> tuple[type[SpielGame], type[SpielState]]:
    """The classes of ``python_<name>``, registered with OpenSpiel: ``FertilityGame`` and
    ``FertilityState``..., module attributes (pickles find them by name)."""
    title = "".join(part.capitalize() for part in info.name.split("_"))
    members = {"name": info.name, "__module__": __name__}
    state = type(f"{title}State", (SpielState,), dict(members))
    game = type(f"{title}Game", (SpielGame,), {**members, "state_class": state})
    globals()[game.__name__] = game
    globals()[state.__name__] = state
    pyspiel.register_game(_game_type(info.name, "zero_sum"), game)
    return game, state


REGISTERED = {info.name: _register(info) for info in GAMES if info.load().learning is not None}
"""The game and state classes of every game with encodings, by the game's name."""
GAME_TYPES = {name: _game_type(name, "zero_sum") for name in REGISTERED}
"""OpenSpiel's description of each game registered (that of its default parameters), by
the game's name."""
GAME_TYPE = GAME_TYPES[GAMES[0].name]
"""OpenSpiel's description of the default game (``python_fertility``)."""


_registered_later = functools.cache(_register)
"""The games registered after this module was imported, each once (OpenSpiel keeps them)."""


@checked_arguments
def spiel_game(name: str) -> type[SpielGame]:
    """The OpenSpiel game class of the game called ``name``, registering ``python_<name>``
    first for a game known after this module was imported
    (:func:`~fertility_rules.games.register_game`); OpenSpiel cannot forget a game, so it
    stays registered. A game without encodings is refused."""
    found = REGISTERED.get(name) or _registered_later(game_info(name))
    return found[0]
