"""A third game proves the protocol: Goofspiel (:mod:`tests.games.goofspiel`), described
only through :mod:`fertility_rules.games` and registered for these tests, goes through the
shared machinery untouched: records and replay, the history, views and ``sample_state``,
the random, greedy and search agents, the lab's ``compare``, the action encodings with
PettingZoo's ``api_test`` and OpenSpiel's random simulation test, the conformance kit, the
command line, and a table played to its end on the table server over HTTP."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, settings

from fertility_rules.agents import ISMCTSAgent, make_agent, play_game
from fertility_rules.encoding.encoder import Encoder
from fertility_rules.errors import IllegalMoveError, MalformedInputError, UnknownIdError
from fertility_rules.games import (
    GAMES,
    GameInfo,
    find_game,
    game_info,
    known_games,
    register_game,
    registered,
    unregister_game,
)
from fertility_rules.i18n.message import _
from fertility_rules.lab.compare import compare, comparison_from_json, comparison_to_json
from fertility_rules.lab.readings import readings_varying
from fertility_rules.play.history import Game
from fertility_rules.records.format import dump_record, read_record
from fertility_rules.records.game_record import GameRecord, replay
from fertility_rules.testing.conformance import ConformanceMachine, check_game
from tests.cli_usage import usage_error
from tests.games import goofspiel
from tests.games.goofspiel import Bid, Interpretations, State, Ties, View

NAME = "goofspiel"


@pytest.fixture(autouse=True, scope="module")
def goofspiel_known() -> Iterator[None]:
    """Goofspiel is a game of the library while this module's tests run, and only then."""
    with registered(goofspiel.INFO) as rules:
        assert rules is goofspiel.RULES
        yield
    assert NAME not in [info.name for info in known_games()]


def position(
    hands: tuple[tuple[int, ...], ...],
    bids: tuple[int, ...],
    prize: int,
    deck: tuple[int, ...],
    turn: int,
    won: tuple[int, ...] = (0, 0),
    pot: int = 0,
    ties: Ties = Ties.CARRY,
) -> State:
    """A two-player position written out by hand."""
    config = goofspiel.Config(Interpretations(ties))
    return State(("Ann", "Bob"), hands, bids, prize, pot, won, turn, config, deck)


# ----------------------------------------------------------------------------- registry


def test_the_registry_knows_the_game_only_while_registered() -> None:
    assert (game_info("fertility", GAMES), game_info("ankhor", GAMES)) == GAMES
    assert known_games() == (*GAMES, goofspiel.INFO)
    assert find_game(NAME) is goofspiel.RULES
    assert game_info(NAME) is goofspiel.INFO
    with pytest.raises(UnknownIdError, match="not one allowed here"):
        find_game(NAME, GAMES)  # a list of games given is still obeyed
    other = GameInfo("dice", _("Dice"), (2,), "tests.games.goofspiel")
    register_game(other)
    assert known_games()[-1] is other
    unregister_game("dice")
    with pytest.raises(UnknownIdError, match="Unknown game 'dice'"):
        find_game("dice")
    assert known_games() == (*GAMES, goofspiel.INFO)


def test_the_registry_refuses_a_name_taken_a_builtin_or_junk() -> None:
    taken = GameInfo("ankhor", _("Ankh'or again"), (2,), "tests.games.goofspiel")
    with pytest.raises(MalformedInputError, match="already the name of Ankh'or"):
        register_game(taken)
    with pytest.raises(MalformedInputError, match="already the name of Goofspiel"):
        register_game(goofspiel.INFO)
    with pytest.raises(MalformedInputError, match="game of the library and stays"):
        unregister_game("fertility")
    with pytest.raises(UnknownIdError, match="Unknown game 'chess'"):
        unregister_game("chess")
    with pytest.raises(MalformedInputError):
        register_game("goofspiel")  # type: ignore[arg-type]
    assert known_games() == (*GAMES, goofspiel.INFO)
    assert isinstance(known_games(), tuple)


# ------------------------------------------------------------------------------ rules


def test_a_tie_is_carried_or_discarded_as_gq1_reads() -> None:
    # Turn 4 is led by Bob (seat 1), who laid 3 for the prize 4; Ann lays 3 too (G-4).
    before = position(((3, 5), (1,)), (3,), 4, (2,), 4, won=(1, 2))
    carried = goofspiel.apply(before, Bid(3))
    assert (carried.pot, carried.won, carried.prize, carried.turn) == (4, (1, 2), 2, 5)
    # Turn 5, led by Ann: her 5 beats Bob's 1 and takes the prize 2 and the pot 4.
    end = goofspiel.apply(goofspiel.apply(carried, Bid(5)), Bid(1))
    assert (end.won, end.pot, end.is_over) == ((1 + 2 + 4, 2), 0, True)
    discarding = goofspiel.RULES.with_interpretations(before, Interpretations(Ties.DISCARD))
    discarded = goofspiel.apply(discarding, Bid(3))
    assert (discarded.pot, discarded.won) == (0, (1, 2))
    end = goofspiel.apply(goofspiel.apply(discarded, Bid(5)), Bid(1))
    assert end.won == (1 + 2, 2)


def test_an_illegal_bid_names_its_rule_and_leaves_the_state() -> None:
    state = position(((1, 2), (4, 5)), (), 3, (2,), 4)  # Bob leads turn 4
    with pytest.raises(IllegalMoveError) as refused:
        goofspiel.RULES.apply(state, Bid(1))
    assert refused.value.rule == "G-3.1"
    assert state == position(((1, 2), (4, 5)), (), 3, (2,), 4)


# ---------------------------------------------------------------------- records, history


def test_a_game_played_by_the_agents_is_recorded_read_back_and_replayed() -> None:
    agents = [make_agent("greedy", 1, NAME), make_agent("random", 2, NAME)]
    played = play_game(["Ann", "Bob"], agents, seed=11, game=NAME)
    record = played.record
    assert record.game is goofspiel.RULES
    assert len(record.moves) == 10  # 5 rounds of 2 bids
    assert played.state.is_over
    assert sum(played.state.won) + played.state.pot == 15
    data = json.loads(json.dumps(dump_record(record)))
    assert data["game"] == NAME
    jsonschema.Draft202012Validator(goofspiel.RULES.formats.schemas["game-record"]()).validate(data)
    again = read_record(data)  # the registry, not a list given, finds the game
    assert again == record
    result = replay(again)
    assert result.ok
    assert result.state == played.state
    data["moves"][1] = {"card": 9}
    with pytest.raises(MalformedInputError) as broken:
        read_record(data)
    assert "$.moves[1].card" in [problem.path for problem in broken.value.problems]


def test_a_record_with_an_illegal_bid_stops_the_replay_there() -> None:
    # Turn 2 is led by Bob, whose 2 was laid in turn 1.
    record = GameRecord(("Ann", "Bob"), (Bid(1), Bid(2), Bid(2)), seed=3, game=NAME)
    result = replay(record)
    assert not result.ok
    assert result.error is not None
    assert (result.error.index, result.error.rule) == (2, "G-3.1")
    assert result.state == replay(GameRecord(("Ann", "Bob"), (Bid(1), Bid(2)), 3, game=NAME)).state


def test_the_history_plays_undoes_and_knows_what_a_move_showed() -> None:
    game = Game.new(["Ann", "Bob"], 5, game=NAME)
    assert game.game is goofspiel.RULES
    game = game.play_notation("bid 4")
    assert game.undoable == 1  # the first bid of a round shows nothing
    game = game.play(Bid(2))
    assert game.undoable == 0  # the round's end turned the next prize (G-4)
    assert game.undo(2).state == Game.new(["Ann", "Bob"], 5, game=NAME).state
    assert Game.from_record(game.record).state == game.state


# ------------------------------------------------------------------------ views, sampling


def test_the_view_hides_the_deck_order_and_a_sample_fits_the_view() -> None:
    state = goofspiel.RULES.initial_state(GameRecord(("Ann", "Bob", "Cleo"), (), seed=4, game=NAME))
    view = goofspiel.RULES.observe(state)
    assert isinstance(view, View)
    assert view.unseen == tuple(sorted(state.deck))
    assert "deck" not in goofspiel.RULES.formats.dump_observation(view)
    orders = set()
    sample = goofspiel.sample_state  # the game's own, which RULES names
    assert goofspiel.RULES.sample_state is sample
    for seed in range(12):
        sampled = sample(view, seed)
        assert goofspiel.RULES.observe(sampled) == view
        orders.add(sampled.deck)
    assert len(orders) > 1  # the hidden order is redealt, not copied from the state


# ------------------------------------------------------------------------------ agents


def test_greedy_beats_the_cards_laid_for_a_prize_worth_it() -> None:
    greedy = make_agent("greedy", 0, NAME)
    # Turn 3 is led by Ann (seat 0), who laid 2; Bob decides.
    view = goofspiel.RULES.observe(position(((1, 5), (2, 4, 5)), (2,), 4, (1, 2), 3))
    assert view.current == 1
    assert greedy.choose(view, goofspiel.legal_moves(view)) == Bid(4)  # the lowest above 2
    cheap = goofspiel.RULES.observe(position(((1, 5), (2, 4, 5)), (2,), 1, (3, 4), 3))
    assert greedy.choose(cheap, goofspiel.legal_moves(cheap)) == Bid(2)  # the lowest


def test_the_search_agent_takes_the_prize_it_sees_is_won() -> None:
    # Turn 4 is led by Bob, who laid 4 for the prize 5; the last prize is 1. Ann's 5 wins
    # 5 and then loses the 1 (her 1 to Bob's 2): reward 1. Her 1 loses 5 and wins 1: 0.2.
    view = goofspiel.RULES.observe(position(((1, 5), (2,)), (4,), 5, (1,), 4))
    assert view.current == 0
    searcher = make_agent("ismcts:iterations=24", 3, NAME)
    assert isinstance(searcher, ISMCTSAgent)
    assert searcher.choose(view, goofspiel.legal_moves(view)) == Bid(5)


@pytest.mark.parametrize(
    "agents", [("random", "greedy", "ismcts:iterations=4"), ("ismcts:iterations=4", "random")]
)
def test_every_agent_plays_whole_games(agents: tuple[str, ...]) -> None:
    names = ["Ann", "Bob", "Cleo"][: len(agents)]
    made = [make_agent(agent, seed, NAME) for seed, agent in enumerate(agents)]
    played = play_game(names, made, seed=2, game=NAME)
    assert played.state.is_over
    assert replay(played.record).state == played.state
    again = play_game(
        names, [make_agent(a, s, NAME) for s, a in enumerate(agents)], seed=2, game=NAME
    )
    assert again.record == played.record  # seeded agents play the same moves


# --------------------------------------------------------------------------------- lab


def test_compare_reads_gq1_both_ways_and_counts_the_ties() -> None:
    readings = readings_varying(["GQ-1"], game=NAME)
    assert [reading.ties for reading in readings] == [Ties.CARRY, Ties.DISCARD]
    one = compare(readings, 6, ("greedy", "random"), first_seed=1, jobs=1, game=NAME)
    assert one.game is goofspiel.RULES
    assert compare(readings, 6, ("greedy", "random"), first_seed=1, jobs=2, game=NAME) == one
    assert comparison_from_json(comparison_to_json(one)) == one  # found among the known games
    carry, discard = one.results
    for result in one.results:
        assert len(result.stages) == 1  # G-5
        assert dict(result.counts)["ties"].value > 0  # some rounds tied (GQ-1)
    # A game shares out at most the 15 points of the prizes between its two seats; under
    # the discard reading each tied round loses its prize, and some rounds tied.
    assert carry.total.value <= 7.5
    assert discard.total.value < 7.5


def test_the_command_line_simulates_and_verifies_a_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fertility_rules.cli import main

    path = tmp_path / "game.json"
    args = ["simulate", "--game", NAME, "--players", "3", "--seed", "4"]
    assert main([*args, "--agents", "greedy,random,ismcts", "--record", str(path)]) == 0
    assert json.loads(path.read_text("utf-8"))["game"] == NAME
    capsys.readouterr()
    assert main(["verify", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == 15
    assert "(G-2)" in usage_error(["simulate", "--game", NAME, "--players", "4"], capsys)


# ----------------------------------------------------------------------------- encodings


def test_the_encodings_number_the_bids_and_the_public_table() -> None:
    space = goofspiel.RULES.learning.action_space(2, False, None)  # type: ignore[union-attr]
    layout = goofspiel.RULES.learning.features(2, False, None)  # type: ignore[union-attr]
    assert space.size == 5
    game = Game.new(["Ann", "Bob"], 9, game=NAME)
    encoder = Encoder(layout)
    rng = random.Random(0)
    while not game.is_over:
        state, view = game.state, game.view
        assert encoder.values(state) == layout.encode(view)
        assert space.mask(state) == [Bid(card) in game.legal_moves for card in range(1, 6)]
        action = rng.choice(list(space.legal(view)))
        game = game.play(space.move(action, state))
    with pytest.raises(MalformedInputError, match="G-2"):
        goofspiel.RULES.learning.action_space(4, False, None)  # type: ignore[union-attr]


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoos_api_test_passes(players: int) -> None:
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from pettingzoo.test import api_test

    from fertility_rules.pettingzoo import env

    environment = env(game=NAME, players=players)
    api_test(environment, num_cycles=200)
    assert environment.unwrapped.metadata["name"] == "goofspiel_v0"


def test_openspiels_random_simulation_test_passes() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the rl extra (open-spiel) is not installed")
    from fertility_rules.openspiel import spiel_game

    assert spiel_game(NAME).__name__ == "GoofspielGame"
    assert spiel_game(NAME) is spiel_game(NAME)  # registered once
    game = pyspiel.load_game(f"python_{NAME}(players=3,ties=discard)")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


# ----------------------------------------------------------------------- conformance kit


def test_goofspiel_passes_the_conformance_kit() -> None:
    assert check_game(NAME, seeds=range(4)) == []


class GoofspielConformance(ConformanceMachine):
    game = NAME


TestGoofspielConformance = GoofspielConformance.TestCase
TestGoofspielConformance.settings = settings(
    max_examples=5,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def test_the_kit_finds_a_referee_that_breaks_the_protocol() -> None:
    """The kit is not a rubber stamp: a referee listing a bid the hand lacks is caught."""
    import attrs

    def lenient(table: Any) -> list[Bid]:
        return [*goofspiel.legal_moves(table), Bid(5)] if not table.is_over else []

    broken = attrs.evolve(goofspiel.RULES, legal_moves=lenient)
    assert check_game(broken, seeds=[1], players=[2])


# ------------------------------------------------------------------------- table server


def test_a_table_is_played_to_its_end_over_http(tmp_path: Path) -> None:
    pytest.importorskip("starlette", reason="the server extra is not installed")
    from tests.server.helpers import client, pick

    with client(tmp_path) as http:
        games = [game["name"] for game in http.get("/games").json()["games"]]
        assert NAME in games
        made = http.post(
            "/tables",
            json={
                "game": NAME,
                "players": ["Ann", "Bob"],
                "seats": [{}, {"kind": "bot", "agent": "greedy"}],
                "interpretations": {"ties": "discard"},
                "seed": 6,
                "open_seed": True,
            },
        )
        assert made.status_code == 201, made.text
        table, token = made.json()["id"], made.json()["seats"][0]["token"]
        rng = random.Random(1)
        deadline = time.monotonic() + 60
        moves = 0
        while time.monotonic() < deadline:
            view = http.get(f"/tables/{table}/view", params={"token": token}).json()
            if view["over"]:
                break
            if view.get("decider") != 0:
                time.sleep(0.002)
                continue
            move = pick(view, rng)["notation"]
            answer = http.post(f"/tables/{table}/moves", json={"token": token, "move": move})
            assert answer.status_code == 200, answer.text
            moves += 1
        assert view["over"]
        assert moves == 5  # Ann bids once a round
        record = read_record(http.get(f"/tables/{table}/record").json())
        assert record.game is goofspiel.RULES
        assert record.interpretations == Interpretations(Ties.DISCARD)
        assert replay(record).state.is_over
        refused = http.post(f"/tables/{table}/moves", json={"token": token, "move": "bid 1"})
        assert refused.status_code == 403
        assert refused.json()["error"] == "not_allowed"
