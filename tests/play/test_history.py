"""Game history: play, undo, the state after move N, and the record it makes."""

from __future__ import annotations

import random
import tracemalloc

import pytest
from attrs import evolve
from hypothesis import given

from fertility_rules import (
    Game,
    IllegalMoveError,
    MalformedInputError,
    SkipBuilding,
    apply,
    dump_record,
    legal_moves,
    read_record,
    replay,
)
from tests.play.helpers import played


@given(played(50))
def test_history_matches_replay_and_round_trips_through_records(game: Game) -> None:
    states = list(game.states())
    assert len(states) == game.ply + 1 == len(game.moves) + 1
    replayed = [states[0]]
    for move in game.moves:
        replayed.append(apply(replayed[-1], move))
    assert states == replayed
    assert all(game.state_at(n) == states[n] for n in range(game.ply + 1))
    record = game.record
    assert replay(record).state == game.state
    again = Game.from_record(read_record(dump_record(record)))
    assert again == game
    assert again.state == game.state
    if game.ply:
        undone = game.undo()
        assert undone.ply == game.ply - 1
        assert undone.state == states[-2]
        assert undone.moves == game.moves[:-1]
        assert undone.play(game.moves[-1]) == game


def test_playing_never_changes_the_game() -> None:
    game = Game.new(["Amunet", "Bek"], seed=3)
    move = legal_moves(game.state)[0]
    after = game.play(move)
    assert game.ply == 0
    assert game.moves == ()
    assert after.ply == 1
    assert after.moves == (move,)
    assert after.last_move == move
    assert after.undo() == game


def test_an_illegal_move_raises_and_leaves_the_game() -> None:
    game = Game.new(["Amunet", "Bek"], seed=3)
    with pytest.raises(IllegalMoveError) as caught:
        game.play(SkipBuilding())
    assert caught.value.rule.startswith("R-")
    assert game.ply == 0


def test_from_record_names_the_illegal_move_one_based() -> None:
    game = Game.new(["Amunet", "Bek"], seed=3)
    game = game.play(legal_moves(game.state)[0])
    first = legal_moves(Game.new(["Amunet", "Bek"], seed=3).state)[0]
    bad = evolve(game.record, moves=(*game.record.moves, first))
    with pytest.raises(IllegalMoveError, match="Move 2 is illegal"):
        Game.from_record(bad)


def test_out_of_range_counts_are_library_errors() -> None:
    game = Game.new(["Amunet", "Bek"], seed=3)
    with pytest.raises(MalformedInputError):
        game.state_at(1)
    with pytest.raises(MalformedInputError):
        game.undo()


def test_a_game_without_seed_keeps_its_setup() -> None:
    game = Game.new(["Amunet", "Bek", "Chione"])
    assert game.record.setup is not None
    assert replay(game.record).state == game.state


def test_history_shares_states() -> None:
    """A whole game's history costs about what its states cost: no copies per move."""
    rng = random.Random(5)
    game = Game.new(["Amunet", "Bek", "Chione", "Djedi"], seed=5)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    versions = [game]
    while not game.state.is_over:
        game = game.play(rng.choice(legal_moves(game.state)))
        versions.append(game)
    with_history = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    # Every version kept: each new version adds one link and one state, never a copy of
    # the earlier ones, so the total grows linearly (a copy per move would be quadratic).
    per_move = with_history / game.ply
    assert per_move < 40_000, per_move
    assert versions[10].state is game.state_at(10)
