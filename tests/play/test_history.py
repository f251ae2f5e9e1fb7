"""Game history: play, undo, the state after move N, and the record it makes."""

from __future__ import annotations

import random
import tracemalloc
from typing import Any

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


@pytest.mark.parametrize("name", ["fertility", "ankhor"])
def test_undo_says_what_cannot_be_undone(name: str) -> None:
    """Before, ``undo()`` at the first move said "The game has 0 moves; choose 0 to 0"."""
    game = Game.new(["Amunet", "Bek"], seed=3, game=name)
    with pytest.raises(MalformedInputError, match=r"count: .*there is no move to undo\.$"):
        game.undo()
    played = game.play(game.legal_moves[0])
    with pytest.raises(MalformedInputError, match=r"count: The game has 1 move: it cannot undo 2"):
        played.undo(2)
    with pytest.raises(MalformedInputError, match=r"count: .*cannot be negative \(-1\)"):
        played.undo(-1)
    assert played.undo(1) == game
    with pytest.raises(MalformedInputError) as error:
        game.undo()
    assert "aucun coup à annuler" in error.value.render("fr")


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


@pytest.mark.parametrize("name", ["fertility", "ankhor"])
def test_a_game_offers_its_moves_view_and_plays_notation_and_agents(name: str) -> None:
    from fertility_rules.agents import make_agent
    from fertility_rules.games import find_game

    rules = find_game(name)
    game = Game.new(["Amunet", "Bek"], seed=3, game=name)
    assert not game.is_over
    assert game.legal_moves == list(rules.legal_moves(game.state))
    assert game.view == rules.observe(game.state)
    move = game.legal_moves[-1]
    written = rules.texts.format_move(move, game.state)
    assert game.play_notation(written) == game.play(move)
    with pytest.raises(MalformedInputError):
        game.play_notation("no such move")
    chosen = make_agent("random", 5, name).choose(game.view, game.legal_moves)
    assert game.play_agent(make_agent("random", 5, name)) == game.play(chosen)
    agents = [make_agent("greedy", 1, name), make_agent("random", 2, name)]
    while not game.is_over:
        game = game.play_agent(agents[game.state.current])
    assert game.legal_moves == []
    assert replay(game.record).state == game.state


def _shows_something(name: str, before: Any, after: Any) -> bool:
    """A draw from a face-down pile: Fertility's Valley pile or District deck (R-9.2),
    Ankh'or's two draw piles (A-8.2)."""
    if name == "fertility":
        drawn = (len(before.pile), len(before.district_deck))
        return drawn != (len(after.pile), len(after.district_deck))
    return bool(before.pile_sizes != after.pile_sizes)


@pytest.mark.parametrize("name", ["fertility", "ankhor"])
def test_undoable_counts_the_last_moves_that_showed_nothing_hidden(name: str) -> None:
    rng = random.Random(7)
    game = Game.new(["Amunet", "Bek", "Chione"], seed=7, game=name)
    assert game.undoable == 0
    quiet = 0
    while not game.is_over:
        before = game.state
        game = game.play(rng.choice(game.legal_moves))
        quiet = 0 if _shows_something(name, before, game.state) else quiet + 1
        assert game.undoable == quiet
    counts = [game.at(n).undoable for n in range(game.ply + 1)]
    assert 0 < max(counts) < game.ply
    assert counts.count(0) > 1
