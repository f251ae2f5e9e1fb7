"""A game as the learning adapters (:mod:`fertility_rules.pettingzoo`,
:mod:`fertility_rules.openspiel`, :mod:`fertility_rules.gymnasium`) see it: plain
functions over states, views and moves, the action space, the numeric observation and
the rewards. The adapters know nothing else of a game; :func:`learning_game` makes it
from the game's :class:`~fertility_rules.games.GameRules` (its referee, views, scores,
texts and pictures, and its :class:`~fertility_rules.games.GameLearning`), so any game
with encodings is served.

A game's hidden information is a list of *hidden piles*, each a sorted list of the items
a view leaves unseen and the number of them in the pile (Fertility: the Valley pile
drawn from the unseen tiles, the District deck of the unseen Districts, R-9.2); the
OpenSpiel adapter draws from them at chance nodes.

Rewards come at the end of a game. By default each seat's reward is the *outcome*: +1
for the winner, -1 for every other seat, and winners tied after the game's tie-breaks
share what one of them would have won, each ``(2 - k) / k`` for ``k`` of them (a draw of
two gives 0 each; the rewards always add up to ``2 - players``). ``"score"`` gives the
final scores instead.
"""

from __future__ import annotations

import functools
import importlib
import operator
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from attrs import frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.encoding.spaces import ActionSpace, FeatureLayout
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.games import GameLearning, GameRules, Lazy, find_game
from fertility_rules.i18n.message import _, echo
from fertility_rules.records.game_record import GameRecord

__all__ = [
    "REWARDS",
    "LearningGame",
    "check_reward",
    "learning_game",
    "learning_parts",
    "outcome",
]

S = TypeVar("S")
V = TypeVar("V")
M = TypeVar("M")


REWARDS = ("outcome", "score")
"""The kinds of reward the adapters give: the outcome (win, loss, ties shared) or the
final score."""


@frozen
class LearningGame(Generic[S, V, M]):
    """Everything the adapters call; each a function of the game's own values."""

    rules: GameRules
    """The game's rules, which the rest is made of."""
    name: str
    min_players: int
    max_players: int
    new_state: Callable[[int, int, bool, Any], S]
    """A new game: players, setup seed, variant, interpretations."""
    observe: Callable[[S], V]
    """The public view of a state, as the library's agents are given it."""
    legal_moves: Callable[[S | V], Sequence[M]]
    apply: Callable[[S, M], S]
    current: Callable[[S], int]
    is_over: Callable[[S], bool]
    results: Callable[[S], tuple[list[float], list[int]]]
    """Each seat's final score and rank (1 for the winners, after the game's tie-breaks)."""
    max_score: float
    action_space: Callable[[int, bool, Any], ActionSpace[S | V, M]]
    """``(players, variant, catalogue)``; ``None``: the default catalogue."""
    features: Callable[[int, bool, Any], FeatureLayout[S | V]]
    hidden_sizes: Callable[[S | V], tuple[int, ...]]
    """How many items each hidden pile holds (public)."""
    hidden_piles: Callable[[V], tuple[tuple[Sequence[str], int], ...]]
    """Per hidden pile: the items it is drawn from (sorted) and how many it holds."""
    hidden_items: tuple[tuple[str, ...], ...]
    """Per hidden pile, every item it could ever hold (the catalogue's), in a fixed order:
    a draw is numbered by its place here."""
    with_hidden: Callable[[V, tuple[Sequence[str], ...]], S]
    """The state of a view whose hidden piles hold these items, top first."""
    with_piles: Callable[[S, tuple[Sequence[str], ...]], S]
    """A state with its hidden piles holding these items, top first, unchecked (the
    game's own, or ``with_hidden`` of the state's view)."""
    state_piles: Callable[[S], tuple[tuple[Sequence[str], int], ...]]
    """``hidden_piles`` of a state's view (the game's own, read from the state, or
    ``hidden_piles`` of the view made first)."""
    text: Callable[[S], str]
    picture: Callable[[S], str] | None
    """The table as SVG; ``None`` for a game without pictures."""

    def rewards(self, state: S, kind: str = "outcome") -> list[float]:
        """Each seat's reward for the finished game ``state``: its outcome or its final
        score (``kind``, one of :data:`REWARDS`)."""
        scores, ranks = self.results(state)
        return scores if kind == "score" else outcome(ranks)

    def reward_bounds(self, kind: str = "outcome") -> tuple[float, float]:
        """The least and the greatest reward of a seat."""
        return (0.0, self.max_score) if kind == "score" else (-1.0, 1.0)


@checked_arguments
def outcome(ranks: Sequence[int]) -> list[float]:
    """The outcome of each seat from the final ranks: +1 for a sole winner, -1 for every
    seat not ranked first, and ``(2 - k) / k`` for each of ``k`` winners tied (their
    share of one win and ``k - 1`` losses)."""
    winners = sum(1 for rank in ranks if rank == 1)
    share = (2 - winners) / winners if winners else -1.0
    return [share if rank == 1 else -1.0 for rank in ranks]


def check_reward(reward: object) -> str:
    """``reward`` as a kind of reward (:data:`REWARDS`); anything else is refused."""
    if type(reward) is not str or reward not in REWARDS:
        raise MalformedInputError.single(
            "reward",
            _(
                "Unknown reward {reward}; known rewards: {known}.",
                reward=echo(reward),
                known=", ".join(REWARDS),
            ),
        )
    return reward


def _new_state(rules: GameRules, players: int, seed: int, variant: bool, readings: Any) -> Any:
    names = tuple(f"P{i + 1}" for i in range(players))
    return rules.initial_state(GameRecord(names, (), seed, None, variant, readings, None, rules))


def _results(rules: GameRules, state: Any) -> tuple[list[float], list[int]]:
    """A game without ``results``: the totals and ranks of its score sheets."""
    sheets = rules.final_scores(state).sheets
    return [float(sheet.total) for sheet in sheets], [sheet.rank for sheet in sheets]


def _with_piles(rules: GameRules, state: Any, piles: tuple[Sequence[str], ...]) -> Any:
    """A game without ``with_piles``: ``with_hidden`` of the state's view."""
    learning = learning_parts(rules)
    return learning.with_hidden(rules.observe(state), piles)


def _state_piles(rules: GameRules, state: Any) -> tuple[tuple[Sequence[str], int], ...]:
    """A game without ``state_piles``: ``hidden_piles`` of the state's view."""
    return learning_parts(rules).hidden_piles(rules.observe(state))


def _text(rules: GameRules, state: Any) -> str:
    return rules.texts.text_board(state, None, "en") + "\n" + rules.texts.summary(state, "en")


def _picture(table: Callable[[Any, Any, str], str], state: Any) -> str:
    return table(state, None, "en")


@checked_arguments
@functools.cache
def learning_parts(game: str | GameRules = "fertility") -> GameLearning:
    """What ``game`` gives for machine learning
    (:attr:`~fertility_rules.games.GameRules.learning`); a game without it is refused."""
    rules = find_game(game)
    if rules.learning is None:
        raise UnknownIdError(
            _("The game {game!r} has no encodings for machine learning.", game=rules.name)
        )
    return rules.learning


def _loaded(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` itself, a :class:`~fertility_rules.games.Lazy` one imported now, and
    without the checks of its arguments' kinds (``checked_arguments``): the adapters call
    these at every move with the tables they hold, where looking the module up and
    checking again what they made themselves shows."""
    if type(function) is Lazy and not function.keywords:
        function = getattr(importlib.import_module(function.module), function.name)
    inner: Callable[..., Any] = getattr(function, "__wrapped__", function)
    return inner


@checked_arguments
@functools.cache
def learning_game(game: str | GameRules = "fertility") -> LearningGame[Any, Any, Any]:
    """``game`` for the learning adapters, from its rules; a game without encodings
    (:attr:`~fertility_rules.games.GameRules.learning`) is refused."""
    rules = find_game(game)
    parts = learning_parts(rules)
    return LearningGame(
        rules=rules,
        name=rules.name,
        min_players=min(rules.info.players),
        max_players=max(rules.info.players),
        new_state=functools.partial(_new_state, rules),
        observe=rules.observe,
        legal_moves=rules.legal_moves,
        apply=rules.apply_unchecked,
        current=operator.attrgetter("current"),
        is_over=operator.attrgetter("is_over"),
        results=functools.partial(_results, rules)
        if parts.results is None
        else _loaded(parts.results),
        max_score=parts.max_score,
        action_space=parts.action_space,
        features=parts.features,
        hidden_sizes=_loaded(parts.hidden_sizes),
        hidden_piles=_loaded(parts.hidden_piles),
        hidden_items=parts.hidden_items(),
        with_hidden=_loaded(parts.with_hidden),
        with_piles=functools.partial(_with_piles, rules)
        if parts.with_piles is None
        else _loaded(parts.with_piles),
        state_piles=functools.partial(_state_piles, rules)
        if parts.state_piles is None
        else _loaded(parts.state_piles),
        text=functools.partial(_text, rules),
        picture=None
        if rules.pictures is None
        else functools.partial(_picture, rules.pictures.table),
    )
