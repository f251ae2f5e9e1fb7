"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), and the
``ismcts`` agent of every game that supplies its search parts.

The search knows a game only through :class:`SearchGame`: how to draw a state
consistent with a view, the legal moves and the transition, whose decision it is, which
moves are worth trying, how the rest of a game is played out to a horizon and what each
player's position is then worth. :func:`search_parts` makes it from the game's
:class:`~fertility_rules.games.GameRules`: its referee, its ``sample_state`` and its
:class:`~fertility_rules.games.GameSearch`. Nothing here is specific to one game.

Each iteration draws one state consistent with the view (a determinization), walks
down the tree from the root with UCB1 among the children whose moves are legal in
that draw (the "subset-armed bandit" of the paper: a child is scored against the number
of times it was *available*, not the parent's visits), adds one child, plays out to the
horizon with the game's rollout policy and backs up every player's reward, each node
counting the reward of the player who moved into it (single-observer ISMCTS: every
move of these games is public, so the tree is keyed by the moves played). The move
played is the root child with the best mean reward.
"""

from __future__ import annotations

import math
import operator
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Generic, TypeVar

from attrs import frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.games import Agent, GameRules, GameSearch, find_game
from fertility_rules.i18n.message import _

__all__ = ["DEFAULT_ITERATIONS", "Budget", "ISMCTSAgent", "SearchGame", "search", "search_parts"]

S = TypeVar("S")
"""A full state of the game (hidden information included)."""
V = TypeVar("V")
"""A view: what the searching player sees."""
M = TypeVar("M", bound=Hashable)
"""A move."""


@frozen
class SearchGame(Generic[S, V, M]):
    """What the search needs of a game, as plain functions."""

    sample: Callable[[V, random.Random], S]
    """A state consistent with the view, each equally likely."""
    legal_moves: Callable[[S], Sequence[M]]
    apply: Callable[[S, M], S]
    """The state after a legal move (no checks needed)."""
    current: Callable[[S], int]
    """The seat whose decision it is."""
    is_over: Callable[[S], bool]
    candidates: Callable[[S, Sequence[M]], Sequence[M]]
    """The legal moves worth a child in the tree, best first (all of them, or a few)."""
    rollout: Callable[[S, int, random.Random], S]
    """The state at the horizon, played out from a state by the rollout policy; the
    second argument is the searching seat."""
    rewards: Callable[[S], Sequence[float]]
    """Each seat's reward in [0, 1] at the horizon (1 for a sure win)."""


@frozen
class Budget:
    """How long one decision searches: ``iterations``, or ``seconds`` of wall time when
    given (then the decision depends on the machine's speed, and is not reproducible)."""

    iterations: int = 200
    seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.iterations) is not int or self.iterations < 1:
            raise MalformedInputError.single(
                "iterations",
                _(
                    "A number of iterations is a whole number of 1 or more, not {n}.",
                    n=repr(self.iterations),
                ),
            )
        if self.seconds is not None and not (
            isinstance(self.seconds, int | float) and 0 < self.seconds < math.inf
        ):
            raise MalformedInputError.single(
                "seconds",
                _("a positive number of seconds is needed, not {n}", n=repr(self.seconds)),
            )


EXPLORATION = 0.15
"""UCB1's exploration constant, for rewards in [0, 1]. Small: the rewards of good lines
differ by a few hundredths, and the playouts are a strong policy, not random play."""


class _Node(Generic[M]):
    """A decision in the tree, reached by the moves on the path from the root."""

    __slots__ = ("available", "children", "mover", "total", "tried", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        """The seat that played the move into this node (its rewards are counted)."""
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[M, _Node[M]] = {}
        self.tried: list[M] = []
        """Candidate moves of this decision, in the game's order of preference."""

    def ucb(self) -> float:
        if self.visits == 0:
            return math.inf
        return self.total / self.visits + EXPLORATION * math.sqrt(
            math.log(max(self.available, 1)) / self.visits
        )


@checked_arguments
def search(
    game: SearchGame[S, V, M],
    view: V,
    moves: Sequence[M],
    rng: random.Random,
    budget: Budget,
    seat: int,
) -> tuple[M, int]:
    """The move to play at ``view`` (``moves`` are its legal moves) and the number of
    iterations run."""
    root: _Node[M] = _Node(-1)
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    iterations = 0
    while iterations < budget.iterations or deadline is not None:
        if deadline is not None and iterations and time.perf_counter() >= deadline:
            break
        _iterate(game, root, game.sample(view, rng), rng, seat)
        iterations += 1
    legal = set(moves)
    best = max(
        (child for move, child in root.children.items() if move in legal and child.visits),
        key=lambda child: (child.total / child.visits, child.visits),
        default=None,
    )
    if best is None:
        return moves[0], iterations
    chosen = next(move for move, child in root.children.items() if child is best)
    return chosen, iterations


def _iterate(
    game: SearchGame[S, V, M], root: _Node[M], state: S, rng: random.Random, seat: int
) -> None:
    path = [root]
    node = root
    while not game.is_over(state):
        legal = game.legal_moves(state)
        if len(legal) == 1 and not node.tried:
            # A forced move is no decision: follow it without a node of its own.
            state = game.apply(state, legal[0])
            continue
        if not node.tried:
            node.tried = list(game.candidates(state, legal))
        allowed = set(legal)
        available = [m for m in node.tried if m in allowed]
        if not available:
            extra = [m for m in game.candidates(state, legal) if m not in node.children]
            node.tried.extend(extra)
            available = extra
        mover = game.current(state)
        for move in available:
            child = node.children.get(move)
            if child is not None:
                child.available += 1
        fresh = [m for m in available if m not in node.children]
        if fresh:
            move = fresh[0]
            child = node.children[move] = _Node(mover)
            child.available = 1
            state = game.apply(state, move)
            path.append(child)
            break
        best = max(node.children[m].ucb() for m in available)
        ties = [m for m in available if node.children[m].ucb() >= best - 1e-12]
        move = ties[rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
        node = node.children[move]
        state = game.apply(state, move)
        path.append(node)
    if not game.is_over(state):
        state = game.rollout(state, seat, rng)
    rewards = game.rewards(state)
    for visited in path:
        visited.visits += 1
        if visited.mover >= 0:
            visited.total += rewards[visited.mover]


@checked_arguments
def search_parts(
    game: str | GameRules = "fertility",
) -> tuple[SearchGame[Any, Any, Any], GameSearch]:
    """The search's view of ``game``, from its rules (``sample_state``, the unchecked
    referee, the seat to decide and the end read off the state, the game's
    :class:`~fertility_rules.games.GameSearch`), and those search parts. A game without
    them is refused."""
    rules = find_game(game)
    parts = rules.search
    if parts is None or rules.sample_state is None:
        raise UnknownIdError(_("The game {game!r} has no search agent.", game=rules.name))
    binding = SearchGame(
        sample=rules.sample_state,
        legal_moves=rules.legal_moves,
        apply=rules.apply_unchecked,
        current=operator.attrgetter("current"),
        is_over=operator.attrgetter("is_over"),
        candidates=parts.candidates,
        rollout=parts.rollout,
        rewards=parts.rewards,
    )
    return binding, parts


DEFAULT_ITERATIONS = 32
"""Iterations per searched decision by default (see ``tests/benchmarks/results``)."""


class ISMCTSAgent:
    """Information-set MCTS with a determinization per iteration, over ``game`` (Fertility
    by default); the same seed plays the same moves under an iteration budget.

    The decisions the game does not search (:attr:`~fertility_rules.games.GameSearch.searched`)
    are its planner's."""

    name = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        *,
        game: str | GameRules = "fertility",
    ) -> None:
        self.budget = Budget(iterations, seconds)
        self._game, parts = search_parts(game)
        self._searched = parts.searched
        self._planner: Agent | None = None if parts.planner is None else parts.planner(seed)
        self._rng = random.Random(seed)
        self.iterations: list[int] = []
        """Iterations run at each searched decision (for measurements)."""

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        if len(moves) == 1:
            return moves[0]
        if self._searched is not None and self._planner is not None and not self._searched(view):
            return self._planner.choose(view, moves)
        move, count = search(self._game, view, moves, self._rng, self.budget, view.current)
        self.iterations.append(count)
        return move
