"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), and the
``ismcts`` agent of every game that supplies its search parts.

The search knows a game only through :class:`SearchGame`: how to draw a state
consistent with a view, the legal moves and the transition, whose decision it is, which
moves are worth trying, how the rest of a game is played out to a horizon and what each
player's position is then worth. :func:`search_parts` makes it from the game's
:class:`~fertility_rules.games.GameRules`: its referee, its ``sample_state`` and its
:class:`~fertility_rules.games.GameSearch`. Nothing here is specific to one game.

Each iteration draws one state consistent with the view (a determinization), walks
down the tree from the root among the children whose moves are legal in that draw,
adds one child, plays out to the horizon with the game's rollout policy and backs up
every player's reward, each node counting the reward of the player who moved into it
(single-observer ISMCTS: every move of these games is public, so the tree is keyed by
the moves played). The game says which decisions the tree holds (say, the searching
player's own turn); the playout starts at the first it does not.

At the root, with a budget of iterations, the game's candidates are compared by
sequential halving: in rounds, every remaining candidate is played out in the same
determinizations with the same playout draws, and the better half goes on. A few
dozen iterations then tell good moves apart: the comparisons are paired, so the luck
of a draw does not favour one candidate over another. Below the root (and at the root
under a time budget) a child is chosen by PUCT (the rule of AlphaZero), the game's
order of preference giving each candidate its prior. As in the paper's "subset-armed
bandit", a child's exploration term counts the iterations in which it was
*available*, not the parent's visits; a child not yet visited is valued at the mean of
its visited siblings (first-play urgency). A decision with one candidate is followed
without ending the walk.

The agent keeps the tree between the decisions of one turn: the moves of a turn draw
nothing hidden that a later decision of the turn reads, so what the search learnt about
the rest of the turn still holds, and the next decision only tops the tree's visits up
to the budget.
"""

from __future__ import annotations

import math
import operator
import random
import statistics
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from attrs import evolve, frozen

from fertility_rules.agents.seeds import agent_random
from fertility_rules.arguments import checked_arguments, expect_count
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.games import Agent, GameRules, GameSearch, find_game
from fertility_rules.i18n.message import _, echo

__all__ = [
    "DEFAULT_ITERATIONS",
    "MARGIN",
    "Budget",
    "ISMCTSAgent",
    "InPhases",
    "SearchGame",
    "play_out",
    "search",
    "search_parts",
]

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
    in_tree: Callable[[S, int], bool] = lambda _state, _seat: True
    """Whether a decision gets a node in the tree (the second argument is the searching
    seat); an iteration's playout starts at the first decision that does not."""
    turn: Callable[[V], Hashable] = operator.attrgetter("current", "turn")
    """Which turn a view is in: the tree is kept between decisions of the same turn."""


@runtime_checkable
class Ending(Protocol):
    """A full state that says whether its game is over."""

    @property
    def is_over(self) -> bool: ...


E = TypeVar("E", bound=Ending)
"""A full state of a game (what :func:`play_out` plays on)."""


@checked_arguments
def play_out(
    state: E,
    legal_moves: Callable[[E], Sequence[M]],
    apply: Callable[[E, M], E],
    choose: Callable[[E, Sequence[M]], M],
    until: Callable[[E], bool],
    limit: int | None = None,
) -> E:
    """The state a playout reaches from ``state``: ``choose`` decides every decision (a
    forced move is played without asking) until the game is over, ``until`` holds, or
    ``limit`` moves were played. ``state`` has an ``is_over`` attribute; a game's
    :attr:`~fertility_rules.games.GameSearch.rollout` says its policy and horizon."""
    played = 0
    while not state.is_over and not until(state) and (limit is None or played < limit):
        moves = legal_moves(state)
        state = apply(state, moves[0] if len(moves) == 1 else choose(state, moves))
        played += 1
    return state


@frozen
class InPhases:
    """Whether a view's decision is in one of ``phases``: a game's
    :attr:`~fertility_rules.games.GameSearch.searched` when the phase says it."""

    phases: frozenset[Hashable]

    def __call__(self, view: Any) -> bool:
        return view.phase in self.phases


@frozen
class Budget:
    """How long one decision searches: ``iterations``, or ``seconds`` of wall time when
    given (then the decision depends on the machine's speed, and is not reproducible)."""

    iterations: int = 200
    seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        expect_count("iterations", self.iterations)
        if self.seconds is not None and not (
            isinstance(self.seconds, int | float) and 0 < self.seconds < math.inf
        ):
            raise MalformedInputError.single(
                "seconds",
                _("a positive number of seconds is needed, not {n}", n=repr(self.seconds)),
            )


EXPLORATION = 0.5
"""PUCT's exploration constant, for rewards in [0, 1]."""

PRIOR_DECAY = 0.6
"""Each candidate's prior is this share of the one ranked before it."""


class _Node(Generic[M]):
    """A decision in the tree, reached by the moves on the path from the root."""

    __slots__ = ("available", "children", "mover", "prior", "total", "tried", "visits")

    def __init__(self, mover: int, prior: float = 1.0) -> None:
        self.mover = mover
        """The seat that played the move into this node (its rewards are counted)."""
        self.prior = prior
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.children: dict[M, _Node[M]] = {}
        self.tried: list[M] = []
        """Candidate moves of this decision, in the game's order of preference."""


def _priors(count: int) -> list[float]:
    weights = [PRIOR_DECAY**rank for rank in range(count)]
    whole = sum(weights)
    return [w / whole for w in weights]


@checked_arguments
def search(
    game: SearchGame[S, V, M],
    view: V,
    moves: Sequence[M],
    rng: random.Random,
    budget: Budget,
    seat: int,
    root: _Node[M] | None = None,
    proposal: M | None = None,
    margin: float = 0.0,
    confidence: float = 0.0,
) -> tuple[M, int, _Node[M]]:
    """The move to play at ``view`` (``moves`` are its legal moves), the number of
    iterations run and the tree searched (grown from ``root`` when given: a tree kept
    from an earlier decision of the turn, its visits counting towards the budget).

    With a budget of iterations the root's candidates are compared by sequential
    halving; with a time budget, chosen by PUCT like every other decision of the tree
    until the time is up, and the move played is the root child visited most. A
    ``proposal`` (the game's planner's move) is kept to the last round of the halving
    and played unless the best candidate's mean reward beats it by ``margin`` (and, with a
    ``confidence``, by that many standard errors of their differences in the same draws)."""
    if proposal is not None and proposal not in moves:
        raise MalformedInputError.single(
            "proposal",
            _("A proposed move is one of the legal moves, not {move}.", move=repr(proposal)),
        )
    if not 0 <= margin < math.inf:
        raise MalformedInputError.single(
            "margin", _("A margin is a number of 0 or more, not {n}.", n=repr(margin))
        )
    if not 0 <= confidence < math.inf:
        raise MalformedInputError.single(
            "confidence",
            _("A number of standard errors is a number of 0 or more, not {n}.", n=repr(confidence)),
        )
    if root is None:
        root = _Node(-1)
    if budget.seconds is None:
        return _halving(
            game, view, moves, rng, budget.iterations, seat, root, proposal, margin, confidence
        )
    deadline = time.perf_counter() + budget.seconds
    iterations = 0
    while not iterations or time.perf_counter() < deadline:
        _iterate(game, root, game.sample(view, rng), rng, seat)
        iterations += 1
    legal = set(moves)
    best = max(
        (move for move, child in root.children.items() if move in legal and child.visits),
        key=lambda move: (root.children[move].visits, _mean(root.children[move])),
        default=moves[0],
    )
    return best, iterations, root


def _halving(
    game: SearchGame[S, V, M],
    view: V,
    moves: Sequence[M],
    rng: random.Random,
    iterations: int,
    seat: int,
    root: _Node[M],
    proposal: M | None = None,
    margin: float = 0.0,
    confidence: float = 0.0,
) -> tuple[M, int, _Node[M]]:
    """Sequential halving at the root (Karnin, Koren & Somekh 2013; as in Gumbel MuZero):
    the game's candidates are played out in rounds, every candidate of a round in the
    same determinizations with the same playout draws (so they are compared on equal
    terms), and the better half by mean reward goes on to the next round. Below the root
    each iteration walks the tree as usual. A kept tree's visits count towards the
    budget, which is never exceeded: a round runs only if every candidate still in gets
    an iteration, and a budget smaller than the candidates tries the first ones in the
    game's order; when the budget is spent, the best mean so far is played. A
    ``proposal`` among the candidates is never halved away, and stays the move unless
    the best candidate's mean reward beats it by ``margin`` and, when ``confidence`` is
    given, its lead in the decision's draws is that many standard errors
    (:func:`_significant`): with many players a playout is noisy, and a small lead over
    the planner's move is more often luck than skill."""
    legal = set(moves)
    remaining = [m for m in root.tried if m in legal]
    if not remaining:
        remaining = _expand(game, root, game.sample(view, rng), moves)
    if len(remaining) < 2:
        return (remaining or list(moves))[0], 0, root
    kept_to_the_end = proposal if proposal is not None and proposal in remaining else None
    budget = max(iterations - root.visits, 0)
    if budget < len(remaining):
        # Too few iterations to try every candidate: the ones the game prefers (and the
        # proposal, which takes the place of the last of them).
        narrowed = remaining[:budget]
        if kept_to_the_end is not None and kept_to_the_end not in narrowed:
            narrowed[-1:] = [kept_to_the_end]
        remaining = narrowed if len(narrowed) >= 2 else remaining
    rounds = math.ceil(math.log2(len(remaining)))
    spent = 0
    paired: dict[M, list[float]] = {move: [] for move in remaining}
    """Each candidate's reward in each draw it was played in, in the order of the draws."""
    for done in range(rounds):
        if spent + len(remaining) > budget:
            # No iteration left for every candidate still in: the best mean so far wins.
            break
        share = max(1, (budget - spent) // ((rounds - done) * len(remaining)))
        for _draw in range(share):
            world = game.sample(view, rng)
            draws = rng.getrandbits(64)
            for move in remaining:
                rewards = _iterate(game, root, world, random.Random(draws), seat, move)
                paired[move].append(rewards[root.children[move].mover])
                spent += 1
        remaining.sort(key=lambda m: -_mean(root.children[m]))
        kept = remaining[: math.ceil(len(remaining) / 2)]
        if kept_to_the_end is not None and kept_to_the_end not in kept:
            kept.append(kept_to_the_end)
        remaining = kept
    remaining.sort(key=lambda m: -_mean(root.children[m]))
    best = remaining[0]
    if kept_to_the_end is not None and not root.children[best].visits:
        best = kept_to_the_end  # nothing played: the planner's move
    elif kept_to_the_end is not None:
        lead = _mean(root.children[best]) - _mean(root.children[kept_to_the_end])
        if lead < margin or (
            confidence and not _significant(paired[best], paired[kept_to_the_end], confidence)
        ):
            best = kept_to_the_end
    return best, spent, root


def _significant(rewards: Sequence[float], others: Sequence[float], z: float) -> bool:
    """Whether ``rewards`` lead ``others`` by ``z`` standard errors or more of the mean of
    their differences (the same draws in the same order: the survivor of every round and
    the proposal, both played in every draw of the decision). One draw tells nothing."""
    differences = [a - b for a, b in zip(rewards, others, strict=True)]
    if len(differences) < 2:
        return False
    lead = statistics.fmean(differences)
    error = statistics.stdev(differences) / math.sqrt(len(differences))
    return lead > 0 and lead >= z * error


def _mean(node: _Node[M]) -> float:
    return node.total / node.visits if node.visits else -math.inf


def _expand(game: SearchGame[S, V, M], node: _Node[M], state: S, legal: Sequence[M]) -> list[M]:
    """Give ``node`` children for the game's candidates at ``state`` that it lacks (a
    decision first reached, or reached in a draw where none of the candidates found
    before is legal), each with its prior; they are returned."""
    extra = [m for m in game.candidates(state, legal) if m not in node.children]
    mover = game.current(state)
    for move, prior in zip(extra, _priors(len(extra)), strict=True):
        node.children[move] = _Node(mover, prior)
    node.tried.extend(extra)
    return extra


def _select(node: _Node[M], available: Sequence[M]) -> M:
    """The available child of best PUCT score (the first of equals, in the game's order)."""
    visited = total = 0.0
    for move in available:
        child = node.children[move]
        visited += child.visits
        total += child.total
    urgency = total / visited if visited else 0.5
    best_move = available[0]
    best_score = -math.inf
    for move in available:
        child = node.children[move]
        mean = child.total / child.visits if child.visits else urgency
        score = mean + EXPLORATION * child.prior * math.sqrt(child.available) / (1 + child.visits)
        if score > best_score:
            best_move, best_score = move, score
    return best_move


def _iterate(
    game: SearchGame[S, V, M],
    root: _Node[M],
    state: S,
    rng: random.Random,
    seat: int,
    first: M | None = None,
) -> Sequence[float]:
    """One iteration from ``state`` (a determinization); the rewards at its horizon."""
    path = [root]
    node = root
    while not game.is_over(state) and (node is root or game.in_tree(state, seat)):
        legal = game.legal_moves(state)
        if len(legal) == 1:
            # A forced move is no decision: follow it without a node of its own.
            state = game.apply(state, legal[0])
            continue
        allowed = set(legal)
        available = [m for m in node.tried if m in allowed]
        if not available:
            available = _expand(game, node, state, legal)
        for move in available:
            node.children[move].available += 1
        move = first if node is root and first is not None else _select(node, available)
        child = node.children[move]
        state = game.apply(state, move)
        path.append(child)
        node = child
        if child.visits == 0 and len(available) > 1:
            # A new node ends the walk; a decision with one candidate is followed on.
            break
    if not game.is_over(state):
        state = game.rollout(state, seat, rng)
    rewards = game.rewards(state)
    for visited in path:
        visited.visits += 1
        if visited.mover >= 0:
            visited.total += rewards[visited.mover]
    return rewards


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
    if parts.in_tree is not None:
        binding = evolve(binding, in_tree=parts.in_tree)
    return binding, parts


DEFAULT_ITERATIONS = 32
"""Iterations per searched decision of a game that names no budget of its own
(:attr:`~fertility_rules.games.GameSearch.iterations`)."""

MARGIN = 0.02
"""The mean reward by which the search's best candidate must beat the planner's move to
be played instead (see ``tests/benchmarks/results/ismcts-notes.txt``)."""


MAX_ITERATIONS = 100_000
"""The most iterations an agent's name may give a decision (``ismcts:iterations=N``):
minutes a decision already, hours a game."""
MAX_SECONDS = 60.0
"""The most seconds an agent's name may give a decision (``ismcts:seconds=S``)."""


def _read_iterations(text: str) -> int:
    """An ``iterations=N`` option of an agent's name: a whole number from 1 to
    :data:`MAX_ITERATIONS`."""
    digits = text.strip()
    whole = digits.isascii() and digits.isdigit() and len(digits) <= 9
    if not whole or not 1 <= int(digits) <= MAX_ITERATIONS:
        raise MalformedInputError.single(
            "iterations",
            _(
                "the iterations of a decision are a whole number from 1 to {high}, not {n}",
                high=MAX_ITERATIONS,
                n=echo(text),
            ),
        )
    return int(digits)


def _read_seconds(text: str) -> float:
    """A ``seconds=S`` option of an agent's name: a number of seconds above 0 and at most
    :data:`MAX_SECONDS`."""
    try:
        seconds = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MAX_SECONDS:
        raise MalformedInputError.single(
            "seconds",
            _(
                "the seconds of a decision are a number above 0 and at most {high}, not {n}",
                high=int(MAX_SECONDS),
                n=echo(text),
            ),
        )
    return seconds


class ISMCTSAgent:
    """Information-set MCTS with a determinization per iteration, over ``game`` (Fertility
    by default); the same seed plays the same moves under an iteration budget, by default
    the game's (:attr:`~fertility_rules.games.GameSearch.iterations`).

    The decisions the game does not search (:attr:`~fertility_rules.games.GameSearch.searched`)
    are its planner's. From the game's number of players
    (:attr:`~fertility_rules.games.GameSearch.proposals_from`) the planner proposes a move at
    every searched decision too, and the search overrides it only by :data:`MARGIN`: with a
    few iterations a decision, a small lead over the planner's move is more often luck than
    skill."""

    name = "ismcts"
    options: ClassVar[Mapping[str, Callable[[str], object]]] = MappingProxyType(
        {"iterations": _read_iterations, "seconds": _read_seconds}
    )
    """What an agent's name may set after it (``ismcts:iterations=8``,
    :func:`~fertility_rules.agents.simulate.make_agent`): the budget of a decision."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        game: str | GameRules = "fertility",
    ) -> None:
        self._game, parts = search_parts(game)
        if iterations is None:
            iterations = DEFAULT_ITERATIONS if parts.iterations is None else parts.iterations
        self.budget = Budget(iterations, seconds)
        self._searched = parts.searched
        self._planner: Agent | None = None if parts.planner is None else parts.planner(seed)
        self._proposals_from = parts.proposals_from
        self._rng = agent_random(seed)
        self._tree: tuple[Hashable, _Node[Any]] | None = None
        """The tree kept for the rest of a turn, and that turn."""
        self.iterations: list[int] = []
        """Iterations run at each searched decision (for measurements)."""

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        turn = self._game.turn(view)
        root = self._tree[1] if self._tree is not None and self._tree[0] == turn else None
        self._tree = None
        if len(moves) == 1:
            move = moves[0]
        elif self._searched is not None and self._planner is not None and not self._searched(view):
            move = self._planner.choose(view, moves)
        else:
            proposal, margin = None, 0.0
            if self._planner is not None and len(view.players) >= self._proposals_from:
                proposal, margin = self._planner.choose(view, moves), MARGIN
            move, count, root = search(
                self._game,
                view,
                moves,
                self._rng,
                self.budget,
                view.current,
                root,
                proposal,
                margin,
            )
            self.iterations.append(count)
        if root is not None and len(moves) > 1:
            root = root.children.get(move)
        if root is not None:
            self._tree = (turn, root)
        return move
