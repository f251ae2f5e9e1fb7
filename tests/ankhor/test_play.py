"""Playing Ankh'or from outside: the notation, views and sampled states, the text board,
grouped choices and summaries, agents, and whole random games for 2, 3 and 4 players."""

from __future__ import annotations

import pickle
import random

import pytest
from attrs import evolve
from hypothesis import HealthCheck, given, settings

from fertility_rules import ankhor
from fertility_rules.ankhor.model import Colour
from fertility_rules.ankhor.moves import BuyTile, MoveTile, Refresh, StoreTokens, TakeTokens
from fertility_rules.ankhor.testing import played
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n import render
from tests.ankhor.test_oracle import readings

SLOW = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ---------------------------------------------------------------- notation


@SLOW
@given(played())
def test_every_legal_move_round_trips_through_the_notation(state: ankhor.GameState) -> None:
    for move in ankhor.legal_moves(state):
        text = ankhor.format_move(move, state)
        assert ankhor.parse_move(text, state) == move, text
        assert ankhor.parse_move(text.upper(), state) == move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("take bba", TakeTokens((2, 0, 0, 0, 0, 1))),
        ("buy 2 0,1", BuyTile(1, (0, 0, 1))),
        ("buy 5 1:0,-1 r", BuyTile(4, (1, 0, -1), Colour.RED)),
        ("refresh 2", Refresh(1)),
        ("refresh -", Refresh(None)),
        ("move -3,0 2:10,12", MoveTile((0, -3, 0), (2, 10, 12))),
        ("store 0,2 1,1", StoreTokens(((0, 0, 2), (0, 1, 1)))),
        ("store -", StoreTokens(())),
    ],
)
def test_the_notation_reads_what_its_grammar_says(text: str, move: ankhor.Move) -> None:
    assert ankhor.parse_move(text) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "dance",
        "take",
        "take xyz",
        "buy 7 0,0",
        "buy 0 0,0",
        "buy 1 01,0",
        "buy 1 -0,0",
        "buy 1 0:0,0",
        "buy 1 0,0 a",
        "buy 1 0,0 r r",
        "buy 1 12345,0",
        "refresh 3",
        "refill",
        "move 0,0",
        "store",
        "x" * 300,
    ],
)
def test_the_notation_refuses_what_its_grammar_does_not_allow(text: str) -> None:
    with pytest.raises(MalformedInputError):
        ankhor.parse_move(text)


# ---------------------------------------------------------------- views


@SLOW
@given(played())
def test_a_sampled_state_has_the_view_it_was_sampled_from(state: ankhor.GameState) -> None:
    view = ankhor.observe(state)
    for seed in range(3):
        sample = ankhor.sample_state(view, seed)
        assert ankhor.observe(sample) == view
        assert ankhor.legal_moves(sample) == ankhor.legal_moves(view) == ankhor.legal_moves(state)


def test_samples_deal_the_unseen_tiles_anew() -> None:
    view = ankhor.observe(ankhor.new_game(["A", "B"], seed=4))
    tops = {ankhor.sample_state(view, seed).piles[0][0].id for seed in range(60)}
    assert len(tops) > 20


def test_no_view_depends_on_the_hidden_order_of_the_piles() -> None:
    state = ankhor.new_game(["A", "B", "C"], seed=5)
    shuffled = list(state.piles[0]) + list(state.piles[1])
    random.Random(1).shuffle(shuffled)
    twin = evolve(state, piles=(shuffled[: len(state.piles[0])], shuffled[len(state.piles[0]) :]))
    assert twin != state
    one, two = ankhor.observe(state), ankhor.observe(twin)
    assert one == two
    assert repr(one) == repr(two)
    assert pickle.dumps(one) == pickle.dumps(two)
    assert ankhor.dump_observation(one) == ankhor.dump_observation(two)


# ---------------------------------------------------------------- texts


@SLOW
@given(played())
def test_choices_hold_every_legal_move_once(state: ankhor.GameState) -> None:
    legal: list[object] = list(ankhor.legal_moves(state))
    groups = ankhor.choices(state)
    options = [option for group in groups for option in group.options]
    assert sorted(legal.index(o.move) for o in options) == list(range(len(legal)))
    for group in groups:  # each group keeps the order of legal_moves
        places = [legal.index(o.move) for o in group.options]
        assert places == sorted(places)
    for option in options:
        parsed: object = ankhor.parse_move(option.notation)
        assert parsed == option.move
        assert render(option.description)


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_the_text_board_and_the_summary_show_the_table(language: str) -> None:
    rng = random.Random(2)
    state = ankhor.new_game(["Amunet", "Bek"], seed=2)
    move = None
    for _step in range(80):
        moves = ankhor.legal_moves(state)
        buys = [m for m in moves if isinstance(m, BuyTile)]
        move = (buys or moves)[rng.randrange(len(buys or moves))]
        state = ankhor.apply(state, move)
    board = ankhor.text_board(state, last_move=move, lang=language)
    for player in state.players:
        assert player.name in board
        for placed in player.tiles:
            letters = placed.tile.colour.letter.upper()
            assert letters in board
    summary = ankhor.summary(state, language)
    assert len(summary.splitlines()) == 1 + len(state.players) + 6 + 2
    assert all(p.name in summary for p in state.players)


# ---------------------------------------------------------------- agents and games


def test_agents_choose_legal_moves_from_the_view() -> None:
    state = ankhor.new_game(["A", "B"], seed=6)
    for name in ankhor.AGENTS:
        agent = ankhor.make_agent(name, 1)
        view = ankhor.observe(state)
        assert agent.choose(view, ankhor.legal_moves(view)) in ankhor.legal_moves(state)


def test_greedy_and_lookahead_beat_random() -> None:
    won = 0
    for seed in range(6):
        agents = [ankhor.make_agent("greedy", seed), ankhor.make_agent("random", seed)]
        result = ankhor.final_scores(ankhor.play_game(["G", "R"], agents, seed).state)
        won += result.winners == ("G",)
    assert won >= 5
    lookahead = ankhor.LookaheadAgent(1, samples=1, width=4)
    game = ankhor.play_game(["L", "R"], [lookahead, ankhor.RandomAgent(1)], 1)
    assert ankhor.final_scores(game.state).winners == ("L",)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_player_on_as_many_turns(players: int) -> None:
    """Under readings drawn from the seed, through every value of every switch."""
    names = [f"P{i}" for i in range(players)]
    for seed in range(8):
        agents = [ankhor.RandomAgent(seed * 10 + i) for i in range(players)]
        game = ankhor.play_game(names, agents, seed, interpretations=readings(seed))
        assert game.state.is_over
        assert len({p.turns for p in game.state.players}) == 1
        replay = ankhor.new_game(names, seed, interpretations=readings(seed))
        for move in game.moves:
            replay = ankhor.apply(replay, move)
        assert replay == game.state
