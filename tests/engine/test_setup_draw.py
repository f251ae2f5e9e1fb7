"""A seed deals one game: the drawn setup, its shuffle, and ``new_game``'s shortcut (R-2)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules import MalformedInputError, new_game
from fertility_rules.fertility.catalogue import default_catalogue
from fertility_rules.fertility.setup import _shuffle, random_setup, start_game


@given(seed=st.integers(min_value=0, max_value=2**64), length=st.integers(0, 80))
def test_the_shuffle_draws_as_the_standard_library_does(seed: int, length: int) -> None:
    ours = [f"T{i}" for i in range(length)]
    theirs = list(ours)
    mine, reference = random.Random(seed), random.Random(seed)
    _shuffle(mine, ours)
    reference.shuffle(theirs)
    assert ours == theirs
    # The two generators are left in the same state: later draws agree too.
    assert mine.random() == reference.random()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    players=st.sampled_from((2, 3, 4)),
)
def test_new_game_is_the_checked_start_of_the_drawn_setup(seed: int, players: int) -> None:
    names = ("Ann", "Bob", "Cid", "Dee")[:players]
    catalogue = default_catalogue()
    checked = start_game(names, random_setup(catalogue, players, seed=seed), catalogue)
    assert new_game(names, seed=seed) == checked


def test_new_game_still_refuses_two_players_of_the_same_name() -> None:
    with pytest.raises(MalformedInputError) as error:
        new_game(("Ann", "Ann", "Bob"), seed=1)
    assert [problem.path for problem in error.value.problems] == ["$.players[1]"]
