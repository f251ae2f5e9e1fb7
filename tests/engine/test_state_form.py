"""A state's stored form holds exactly what its attributes tell (R-2 to R-4, R-8)."""

from __future__ import annotations

import random

import attrs
import pytest

from fertility_rules import MalformedInputError, legal_moves, new_game
from fertility_rules.fertility.rules import apply_unchecked
from fertility_rules.fertility.state import (
    NONE_OUT_OF_PLAY,
    NOTHING_PENDING,
    STATE_ATTRIBUTES,
    GameState,
)


def test_a_state_is_what_its_attributes_tell() -> None:
    """Every state of random games is made again, equal, from its public attributes;
    the stored form (the seat of the player deciding left empty, what is pending and
    out of play shared when empty) is an arrangement, not more information."""
    for seed in range(4):
        rng = random.Random(seed)
        state = new_game(("A", "B", "C", "D")[: 2 + seed % 3], seed=seed, variant=seed == 0)
        while True:
            again = GameState(**{name: getattr(state, name) for name in STATE_ATTRIBUTES})
            assert again == state
            assert hash(again) == hash(state)
            assert state.players[state.current] == state.player
            assert state.seats.count(None) == 1
            assert state.seats[state.current] is None
            if not (state.quarries or state.bonuses or state.end_triggered):
                assert state.pending is NOTHING_PENDING
            if not (state.discarded or state.removed):
                assert state.out_of_play is NONE_OUT_OF_PLAY
            if state.is_over:
                break
            moves = legal_moves(state)
            state = apply_unchecked(state, moves[rng.randrange(len(moves))])


def test_a_state_needs_its_players_and_a_player_at_the_current_seat() -> None:
    state = new_game(("A", "B"), seed=3)
    values = {name: getattr(state, name) for name in STATE_ATTRIBUTES}
    for current in (2, -1, "0", 0.0, True):
        with pytest.raises(MalformedInputError) as error:
            GameState(**{**values, "current": current})
        assert [(p.path, p.rule) for p in error.value.problems] == [("current", "R-2.7")]
    with pytest.raises(MalformedInputError):
        GameState(**{**values, "players": None})


def test_attrs_evolve_keeps_the_player_deciding() -> None:
    """``attrs.evolve`` passes the stored form: the player deciding stays who they are
    unless ``current`` or ``players`` is given."""
    state = new_game(("A", "B", "C"), seed=5)
    later = apply_unchecked(state, legal_moves(state)[0])
    while later.current == 0:
        later = apply_unchecked(later, legal_moves(later)[0])
    assert attrs.evolve(later, turn=9).current == later.current
    assert attrs.evolve(later, turn=9).players == later.players
    moved = attrs.evolve(later, current=0)
    assert moved.current == 0
    assert moved.players == later.players
    assert moved.player == later.players[0]
