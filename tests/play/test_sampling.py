"""States drawn from a view: consistent with it, reproducible, and uniform over the
arrangements of what the view leaves unseen (R-9.2)."""

from __future__ import annotations

import random
from collections import Counter
from statistics import NormalDist

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import Game, MalformedInputError, legal_moves, new_game, observe, read_state
from fertility_rules.fertility.formats.state import dump_state
from fertility_rules.fertility.sampling import sample_state
from tests.play.helpers import played


@given(played(80), st.integers(0, 2**32 - 1))
def test_a_sampled_state_shows_the_view_it_was_drawn_from(game: Game, seed: int) -> None:
    view = observe(game.state)
    state = sample_state(view, seed)
    assert observe(state) == view
    assert sample_state(view, seed) == state
    assert legal_moves(state) == legal_moves(view)
    # A sampled state is one a game can reach: it reads back through every check.
    assert read_state(dump_state(state)) == state


@given(played(40), st.integers(0, 2**32 - 1))
def test_a_state_given_instead_of_a_view_is_observed_first(game: Game, seed: int) -> None:
    assert sample_state(game.state, seed) == sample_state(observe(game.state), seed)


def test_a_generator_is_advanced_by_each_draw() -> None:
    view = observe(new_game(["A", "B", "C"], seed=1))
    rng = random.Random(5)
    first, second = sample_state(view, rng), sample_state(view, rng)
    assert first != second
    again = random.Random(5)
    assert sample_state(view, again) == first


@pytest.mark.parametrize("seed", [1.5, "1", [1], object()])
def test_a_seed_of_another_type_is_a_library_error(seed: object) -> None:
    view = observe(new_game(["A", "B"], seed=1))
    with pytest.raises(MalformedInputError, match="seed"):
        sample_state(view, seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("thing", [None, 3, "view", object()])
def test_what_is_not_a_view_is_a_library_error(thing: object) -> None:
    with pytest.raises(MalformedInputError):
        sample_state(thing, 1)  # type: ignore[arg-type]


SAMPLES = 4000
ALPHA = 1e-3


def _chi_square_threshold(df: int, alpha: float) -> float:
    """Upper ``alpha`` quantile of chi-square with ``df`` degrees of freedom
    (Wilson–Hilferty: accurate to a few parts in a thousand for df >= 10)."""
    z = NormalDist().inv_cdf(1 - alpha)
    return float(df * (1 - 2 / (9 * df) + z * (2 / (9 * df)) ** 0.5) ** 3)


def _chi_square(counts: Counter[str], items: tuple[str, ...], total: int) -> float:
    expected = total / len(items)
    return sum((counts[item] - expected) ** 2 / expected for item in items)


def test_every_unseen_item_is_equally_likely_at_every_position() -> None:
    # A 3-player game a few moves in: 35 tiles drawn, 15 in the box, so the pile is a
    # strict subset of the unseen tiles; the deck is every unseen District.
    game = Game.new(["A", "B", "C"], 21)
    rng = random.Random(3)
    for _ in range(12):
        game = game.play(rng.choice(legal_moves(game.state)))
    view = observe(game.state)
    assert view.pile_size < len(view.unseen_tiles)
    positions = {
        "pile": (0, view.pile_size // 2, view.pile_size - 1),
        "deck": (0, view.deck_size // 2, view.deck_size - 1),
    }
    counts = {(where, i): Counter[str]() for where, spots in positions.items() for i in spots}
    pile_members: Counter[str] = Counter()
    draws = random.Random(20260101)
    for _ in range(SAMPLES):
        state = sample_state(view, draws)
        pile_members.update(state.pile)
        for i in positions["pile"]:
            counts["pile", i][state.pile[i]] += 1
        for i in positions["deck"]:
            counts["deck", i][state.district_deck[i]] += 1
    # Six positions tested: Bonferroni keeps the family's false alarm rate below ALPHA.
    alpha = ALPHA / (len(counts) + 1)
    for (where, _i), seen in counts.items():
        items = view.unseen_tiles if where == "pile" else view.unseen_districts
        assert set(seen) <= set(items)
        statistic = _chi_square(seen, items, SAMPLES)
        assert statistic < _chi_square_threshold(len(items) - 1, alpha), (where, _i)
    # Membership: each unseen tile is in the pile with probability pile_size / unseen.
    share = SAMPLES * view.pile_size
    statistic = _chi_square(pile_members, view.unseen_tiles, share)
    # A member count is binomial (N, p = pile_size / k) and two counts covary by
    # -N p (1 - p) / (k - 1) (a draw without replacement), so the statistic is
    # (1 - p) k / (k - 1) times a chi-square with k - 1 degrees of freedom.
    k = len(view.unseen_tiles)
    p = view.pile_size / k
    scale = (1 - p) * k / (k - 1)
    assert statistic / scale < _chi_square_threshold(len(view.unseen_tiles) - 1, alpha)


def test_the_chi_square_test_sees_a_biased_draw() -> None:
    # The same statistic refuses a shuffle that favours one tile at the top of the pile.
    items = tuple(f"V{i:02}" for i in range(1, 31))
    draws = random.Random(9)
    seen: Counter[str] = Counter()
    for _ in range(SAMPLES):
        top = items[0] if draws.random() < 0.06 else draws.choice(items)
        seen[top] += 1
    assert _chi_square(seen, items, SAMPLES) > _chi_square_threshold(len(items) - 1, ALPHA / 7)
