"""A game as the learning adapters (:mod:`fertility_rules.pettingzoo`,
:mod:`fertility_rules.openspiel`) see it: plain functions over states, views and moves,
the action space and the numeric observation. The adapters know nothing else of a game;
:func:`learning_game` makes it from the game's :class:`~fertility_rules.games.GameRules`
(its referee, views, scores, texts and pictures, and its
:class:`~fertility_rules.games.GameLearning`), so any game with encodings is served.

A game's hidden information is a list of *hidden piles*, each a sorted list of the items
a view leaves unseen and the number of them in the pile (Fertility: the Valley pile
drawn from the unseen tiles, the District deck of the unseen Districts, R-9.2); the
OpenSpiel adapter draws from them at chance nodes.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from attrs import frozen

from fertility_rules.arguments import checked_arguments, kind_name
from fertility_rules.encoding.spaces import ActionSpace, FeatureLayout
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.games import GameLearning, GameRules, find_game
from fertility_rules.i18n.message import _, echo
from fertility_rules.records.game_record import GameRecord

__all__ = ["LearningGame", "learning_game", "learning_parts"]

S = TypeVar("S")
V = TypeVar("V")
M = TypeVar("M")


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
    legal_moves: Callable[[V], Sequence[M]]
    apply: Callable[[S, M], S]
    current: Callable[[S], int]
    is_over: Callable[[S], bool]
    scores: Callable[[S], list[float]]
    """Each seat's final score (the reward of a finished game)."""
    max_score: float
    action_space: Callable[[int, bool, Any], ActionSpace[V, M]]
    """``(players, variant, catalogue)``; ``None``: the default catalogue."""
    features: Callable[[int, bool, Any], FeatureLayout[V]]
    hidden_piles: Callable[[V], tuple[tuple[Sequence[str], int], ...]]
    """Per hidden pile: the items it is drawn from (sorted) and how many it holds."""
    hidden_items: tuple[tuple[str, ...], ...]
    """Per hidden pile, every item it could ever hold (the catalogue's), in a fixed order:
    a draw is numbered by its place here."""
    with_hidden: Callable[[V, tuple[Sequence[str], ...]], S]
    """The state of a view whose hidden piles hold these items, top first."""
    text: Callable[[S], str]
    picture: Callable[[S], str] | None
    """The table as SVG; ``None`` for a game without pictures."""


def _new_state(rules: GameRules, players: int, seed: int, variant: bool, readings: Any) -> Any:
    names = tuple(f"P{i + 1}" for i in range(players))
    return rules.initial_state(GameRecord(names, (), seed, None, variant, readings, None, rules))


def _scores(rules: GameRules, state: Any) -> list[float]:
    return [float(sheet.total) for sheet in rules.final_scores(state).sheets]


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
        scores=functools.partial(_scores, rules),
        max_score=parts.max_score,
        action_space=parts.action_space,
        features=parts.features,
        hidden_piles=parts.hidden_piles,
        hidden_items=parts.hidden_items(),
        with_hidden=parts.with_hidden,
        text=functools.partial(_text, rules),
        picture=None
        if rules.pictures is None
        else functools.partial(_picture, rules.pictures.table),
    )


def legal_move(
    game: LearningGame[Any, Any, Any], actions: ActionSpace[Any, Any], view: Any, action: object
) -> Any:
    """The move of ``action`` in ``view``, refused with a library error when the action is
    not a whole number (numpy's included), not in the action space, or not a legal move
    there: an adapter never plays an illegal move."""
    if isinstance(action, bool):
        index = -1
    else:
        try:
            index = operator.index(action)  # type: ignore[arg-type]
        except TypeError:
            raise MalformedInputError.single(
                "action", _("An action is a whole number, not {kind}.", kind=kind_name(action))
            ) from None
    if not 0 <= index < actions.size:
        raise MalformedInputError.single(
            "action",
            _(
                "An action is a whole number from 0 to {last}, not {action}.",
                last=actions.size - 1,
                action=echo(action),
            ),
        )
    move = actions.move(index, view)
    if move not in game.legal_moves(view):
        raise MalformedInputError.single(
            "action", _("Action {index} is not a move of this position.", index=index)
        )
    return move
