"""A game as the learning adapters (:mod:`fertility_rules.pettingzoo`,
:mod:`fertility_rules.openspiel`) see it: plain functions over states, views and moves,
the action space and the numeric observation. The adapters know nothing else of a game;
:data:`FERTILITY` is Fertility's entry.

A game's hidden information is a list of *hidden piles*, each a sorted list of the items
a view leaves unseen and the number of them in the pile (Fertility: the Valley pile
drawn from the unseen tiles, the District deck of the unseen Districts, R-9.2); the
OpenSpiel adapter draws from them at chance nodes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from attrs import frozen

from fertility_rules.catalogue.loader import default_catalogue
from fertility_rules.encoding.fertility import action_space, observation_layout_value
from fertility_rules.encoding.spaces import ActionSpace, FeatureLayout
from fertility_rules.play.choices import summary
from fertility_rules.play.views import Observation, observe
from fertility_rules.rules.engine import apply_unchecked, final_position, legal_moves
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import Move
from fertility_rules.rules.setup import new_game
from fertility_rules.rules.state import GameState
from fertility_rules.scoring.pipeline import score_totals
from fertility_rules.svg.overview import table
from fertility_rules.text_board import text_board

__all__ = ["FERTILITY", "LearningGame"]

S = TypeVar("S")
V = TypeVar("V")
M = TypeVar("M")


@frozen
class LearningGame(Generic[S, V, M]):
    """Everything the adapters call; each a function of the game's own values."""

    name: str
    min_players: int
    max_players: int
    new_state: Callable[[int, int, bool, Interpretations], S]
    """A new game: players, setup seed, variant, interpretations."""
    observe: Callable[[S], V]
    legal_moves: Callable[[V], Sequence[M]]
    apply: Callable[[S, M], S]
    current: Callable[[S], int]
    is_over: Callable[[S], bool]
    scores: Callable[[S], list[float]]
    """Each seat's final score (the reward of a finished game)."""
    max_score: float
    action_space: Callable[[int, bool], ActionSpace[V, M]]
    features: Callable[[int, bool], FeatureLayout[V]]
    hidden_piles: Callable[[V], tuple[tuple[Sequence[str], int], ...]]
    """Per hidden pile: the items it is drawn from (sorted) and how many it holds."""
    hidden_items: tuple[tuple[str, ...], ...]
    """Per hidden pile, every item it could ever hold (the catalogue's), in a fixed order:
    a draw is numbered by its place here."""
    with_hidden: Callable[[V, tuple[Sequence[str], ...]], S]
    """The state of a view whose hidden piles hold these items, top first."""
    text: Callable[[S], str]
    picture: Callable[[S], str]


def _scores(state: GameState) -> list[float]:
    return [float(sum(stages)) for stages in score_totals(final_position(state))]


def _text(state: GameState) -> str:
    return text_board(state) + "\n" + summary(state)


def _picture(state: GameState) -> str:
    return str(table(state))


FERTILITY: LearningGame[GameState, Observation, Move] = LearningGame(
    name="fertility",
    min_players=2,
    max_players=4,
    new_state=lambda players, seed, variant, readings: new_game(
        [f"P{i + 1}" for i in range(players)], seed, variant=variant, interpretations=readings
    ),
    observe=observe,
    legal_moves=legal_moves,
    apply=apply_unchecked,
    current=lambda state: state.current,
    is_over=lambda state: state.is_over,
    scores=_scores,
    max_score=500.0,
    action_space=lambda players, variant: action_space(players, variant),
    features=lambda players, variant: observation_layout_value(players, variant),
    hidden_piles=lambda view: (
        (view.unseen_tiles, view.pile_size),
        (view.unseen_districts, view.deck_size),
    ),
    with_hidden=lambda view, piles: view.with_hidden(piles[0], piles[1]),
    hidden_items=(
        tuple(tile.id for tile in default_catalogue().valley_tiles),
        tuple(district.id for district in default_catalogue().districts),
    ),
    text=_text,
    picture=_picture,
)
"""Fertility for the learning adapters."""
