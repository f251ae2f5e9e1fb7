"""The hidden draws of ``python_fertility``, ``python_ankhor`` and a third game, step by
step against a reference written here from the public game protocol alone (``rl``
extra).

The reference plays a game the plain way: at a move that draws (the hidden piles'
sizes shrink), the table is observed, its hidden piles listed from the view
(``hidden_piles``), each item drawn among those not yet drawn for the move, numbered by
its place among every item the pile could hold, all equally likely (R-9.2, A-8.2); once
every item is known, the move is played again on the state the view makes with those
items on top of their piles and the other unseen items after them in the view's order
(``with_hidden``, checked). The adapter does the same from the state it holds: whatever
it does instead, every step must give the same chance outcomes (numbers, probabilities,
order), legal actions, tensors, text, table, history and returns, and copies of a state
(pickled, deep-copied, cloned, resampled) must go on exactly as the state itself."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")

import fertility_rules.openspiel  # noqa: E402 - registers the games
from fertility_rules.encoding.environment import learning_game  # noqa: E402
from fertility_rules.errors import MalformedInputError  # noqa: E402
from fertility_rules.games import registered  # noqa: E402
from tests.games import goofspiel  # noqa: E402

SETTINGS = [
    "python_fertility(players=2)",
    "python_fertility(players=2,variant=True)",
    "python_fertility(players=3)",
    "python_fertility(players=4,district_offer=3)",
    "python_ankhor(players=2)",
    "python_ankhor(players=3)",
    "python_ankhor(players=4,height=base_only)",
]


class _Reference:
    """A game played through the public protocol (see the module), beside the adapter's
    state: what each step should show."""

    def __init__(self, state: Any) -> None:
        setting = state.setting
        self.game = learning_game(state.name)
        self.setting = setting
        self.layout = self.game.features(setting.players, setting.variant, None)
        self.table: Any = None
        self.history: list[str] = []
        self.waiting: Any = None
        self.counts: tuple[int, ...] = ()
        self.piles: tuple[tuple[Any, int], ...] = ()
        self.drawn: list[list[str]] = []
        self.view: Any = None

    # -- what the step shows ------------------------------------------------------

    def is_chance(self) -> bool:
        return self.table is None or self.waiting is not None

    def is_over(self) -> bool:
        return not self.is_chance() and self.game.is_over(self.table)

    def player(self) -> int:
        if self.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.game.current(self.table))

    def legal(self) -> dict[int, Any]:
        legal: dict[int, Any] = self.setting.actions.legal(self.table)
        return legal

    def _pile(self) -> int:
        return next(p for p, n in enumerate(self.counts) if len(self.drawn[p]) < n)

    def outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes, each candidate item by its place among every item
        its pile could hold."""
        if self.table is None:
            return [(seed, 1 / fertility_rules.openspiel.SETUPS) for seed in range(4)]
        pile = self._pile()
        taken = {item for items in self.drawn for item in items}
        left = [item for item in self.piles[pile][0] if item not in taken]
        every = self.game.hidden_items[pile]
        return [(every.index(item), 1.0 / len(left)) for item in left]

    def tensor(self, player: int) -> list[float]:
        numbers = np.asarray(self.layout.encode(self.table), np.float32).tolist()
        seats = [0.0] * self.setting.players
        seats[player] = 1.0
        return [*numbers, *seats]

    def returns(self) -> list[float]:
        if not self.is_over():
            return [0.0] * self.setting.players
        return self.game.rewards(self.table, self.setting.reward)

    # -- a step -------------------------------------------------------------------

    def apply(self, action: int) -> None:
        game = self.game
        if self.table is None:
            setting = self.setting
            self.table = game.new_state(setting.players, action, setting.variant, setting.readings)
            self.history.append(f"setup {action}")
        elif self.waiting is not None:
            pile = self._pile()
            item = game.hidden_items[pile][action]
            self.drawn[pile].append(item)
            self.history.append(f"draw {item}")
            if all(len(d) == n for d, n in zip(self.drawn, self.counts, strict=True)):
                self.table = game.apply(game.with_hidden(self.view, self._stacked()), self.waiting)
                self.waiting = None
        else:
            move = self.legal()[action]
            after = game.apply(self.table, move)
            self.history.append(f"move {action}")
            before, left = game.hidden_sizes(self.table), game.hidden_sizes(after)
            counts = tuple(b - a for b, a in zip(before, left, strict=True))
            if any(counts):
                self.waiting, self.counts = move, counts
                self.view = game.observe(self.table)
                self.piles = tuple(game.hidden_piles(self.view))
                self.drawn = [[] for _ in counts]
            else:
                self.table = after

    def _stacked(self) -> tuple[tuple[str, ...], ...]:
        """Each pile: the items drawn for it on top, then as many of the unseen items
        left as it holds, in the view's order (an item goes to one pile only)."""
        placed = {item for items in self.drawn for item in items}
        piles = []
        for (items, size), top in zip(self.piles, self.drawn, strict=True):
            rest = [item for item in items if item not in placed][: size - len(top)]
            placed.update(rest)
            piles.append((*top, *rest))
        return tuple(piles)


def _same(state: Any, reference: _Reference, every_seat: bool) -> None:
    """Everything ``state`` shows is what ``reference`` shows."""
    assert state.current_player() == reference.player()
    assert state.is_chance_node() == reference.is_chance()
    assert state.is_terminal() == reference.is_over()
    assert state.public_history() == "; ".join(reference.history)
    assert state.returns() == reference.returns()
    if reference.table is None:
        return
    assert state.table == reference.table
    assert str(state) == reference.game.text(reference.table)
    if reference.is_chance():
        assert list(state.chance_outcomes()) == reference.outcomes()
        assert state.legal_actions() == [number for number, _p in reference.outcomes()]
        return
    if reference.is_over():
        assert state.legal_actions() == []
        return
    assert state.legal_actions() == sorted(reference.legal())
    seats = range(reference.setting.players) if every_seat else [state.current_player()]
    for seat in seats:
        expected = reference.tensor(seat)
        assert state.observation_tensor(seat) == expected
        assert state.information_state_tensor(seat) == expected


def _copies(state: Any) -> Iterator[Any]:
    """Every way of copying a state that OpenSpiel and Python offer."""
    yield pickle.loads(pickle.dumps(state))
    yield copy.deepcopy(state)
    yield state.clone()
    if not state.is_chance_node() and not state.is_terminal():
        yield state.resample_from_infostate(state.current_player(), None)


def _play(name: str, seed: int) -> int:
    """One random game of ``name`` beside the reference; the number of draws."""
    rng = random.Random(seed)
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    reference = _Reference(state)
    assert state.chance_outcomes()[:4] == tuple(reference.outcomes())
    setup = rng.randrange(fertility_rules.openspiel.SETUPS)
    state.apply_action(setup)
    reference.apply(setup)
    draws = steps = 0
    while True:
        _same(state, reference, every_seat=steps % 7 == 0)
        if reference.is_over():
            break
        if rng.random() < 0.04:  # a copy goes on in the state's place, mid-draw or not
            copies = list(_copies(state))
            for other in copies:
                assert other.history() == state.history()
                _same(other, reference, every_seat=False)
            state = copies[rng.randrange(len(copies))]
        if reference.is_chance():
            choices = [number for number, _p in reference.outcomes()]
            draws += 1
        else:
            choices = sorted(reference.legal())
        action = choices[rng.randrange(len(choices))]
        state.apply_action(action)
        reference.apply(action)
        steps += 1
    again = game.deserialize_state(state.serialize())
    assert again.table == state.table
    assert again.history() == state.history()
    return draws


@pytest.mark.parametrize("name", SETTINGS)
def test_every_step_of_random_games_is_the_references(name: str) -> None:
    draws = sum(_play(name, seed) for seed in range(4))
    assert draws > 20  # the games drew: the path under test was taken


@pytest.mark.slow
@pytest.mark.parametrize("name", SETTINGS)
def test_every_step_of_many_random_games_is_the_references(name: str) -> None:
    for seed in range(100, 120):
        _play(name, seed)


def test_a_third_games_draws_are_the_references() -> None:
    """Goofspiel's prize deck is drawn through the protocol's defaults (a game with
    neither ``state_piles`` nor ``with_piles``)."""
    with registered(goofspiel.INFO):
        fertility_rules.openspiel.spiel_game("goofspiel")
        draws = sum(_play("python_goofspiel(players=3)", seed) for seed in range(6))
    assert draws > 10


@pytest.mark.parametrize("name", ["python_fertility(players=3)", "python_ankhor(players=2)"])
def test_an_outcome_not_left_to_draw_is_refused_and_changes_nothing(name: str) -> None:
    """At a chance node, an item of the pile's catalogue already in sight, or drawn
    earlier for the same move, is refused."""
    rng = random.Random(8)
    state = pyspiel.load_game(name).new_initial_state()
    state.apply_action(5)
    checked = 0
    while not state.is_terminal() and checked < 6:
        if not state.is_chance_node():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
            continue
        offered = {number for number, _p in state.chance_outcomes()}
        every = state._game.hidden_items[state.position.pile]
        outside = [number for number in range(len(every)) if number not in offered]
        assert outside  # something of the catalogue is in sight by now
        before = (state.table, state.chance_outcomes(), state.history())
        for number in outside:
            with pytest.raises(MalformedInputError, match="not an outcome"):
                state.apply_action(number)
        assert (state.table, state.chance_outcomes(), state.history()) == before
        checked += 1
        state.apply_action(sorted(offered)[rng.randrange(len(offered))])
    assert checked == 6
