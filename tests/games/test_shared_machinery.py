"""The shared machinery plays a game it has never heard of: Pairs, written in the tests.

Records and ``verify``, the history with undo, the agent runners, the lab's comparisons and
adjudications, the conformance kit and the command line reach Pairs only through its
``GameRules``, as they reach Fertility and Ankh'or.
"""

from __future__ import annotations

import json
import pickle
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from attrs import evolve
from hypothesis import HealthCheck, settings

from fertility_rules.agents.ismcts import ISMCTSAgent
from fertility_rules.agents.random_agent import RandomAgent
from fertility_rules.agents.simulate import AGENT_LABELS, agents_by_seat, make_agent, play_game
from fertility_rules.cli import main
from fertility_rules.encoding.environment import learning_game
from fertility_rules.errors import IllegalMoveError, MalformedInputError, UnknownIdError
from fertility_rules.games import GAMES, Agent, UnknownKeyError, find_game
from fertility_rules.i18n.message import render
from fertility_rules.lab.adjudicate import adjudicate, disputed_moves
from fertility_rules.lab.chart import comparison_to_svg
from fertility_rules.lab.compare import compare, comparison_from_json, comparison_to_json
from fertility_rules.lab.readings import readings_varying, switches
from fertility_rules.lab.render import adjudication_to_text, comparison_to_text
from fertility_rules.play.history import Game
from fertility_rules.records.format import dump_record, load_record, read_record, save_record
from fertility_rules.records.game_record import GameRecord, replay
from fertility_rules.testing.conformance import ConformanceMachine, check_game
from tests.cli_usage import usage_error
from tests.games import pairs
from tests.games.pairs import RULES, PairBonus, Take

NAMES = ("Ada", "Bo")


def _played(seed: int = 4) -> Game:
    """A whole game of Pairs: each player takes the highest card of the row."""
    game = Game.new(NAMES, seed, game=RULES)
    while not game.state.is_over:
        game = game.play(max(RULES.legal_moves(game.state), key=lambda move: move.value))
    return game


# ---------------------------------------------------------------------- the game's rows


def test_find_game_returns_rules_as_given_and_refuses_an_unknown_name() -> None:
    assert find_game(RULES) is RULES
    assert find_game("pairs", pairs.GAMES) is RULES
    with pytest.raises(UnknownIdError) as error:
        find_game("pairs")
    assert "fertility" in str(error.value)  # the error lists the games the library knows
    assert GAMES[0].name == "fertility"


def test_rules_travel_as_the_name_of_their_module() -> None:
    assert pickle.loads(pickle.dumps(RULES)) is RULES
    assert repr(RULES) == "<GameRules of 'pairs'>"
    assert repr(pairs.INFO) == "<GameInfo of 'pairs'>"


# ------------------------------------------------------------------------------ records


def test_a_record_names_its_game_and_reads_back() -> None:
    record = _played().record
    data = json.loads(json.dumps(dump_record(record)))
    assert (data["format"], data["game"]) == ("fertility-rules/game-record/2", "pairs")
    assert "setup" not in data  # Pairs has no explicit setups: its records give a seed
    assert data["moves"][0] == {"take": record.moves[0].value}
    assert read_record(data, games=pairs.GAMES) == record


def test_a_record_of_an_unknown_game_is_a_clear_error() -> None:
    data = dump_record(_played().record)
    with pytest.raises(MalformedInputError) as error:
        read_record(data)  # the library alone does not know Pairs
    (problem,) = error.value.problems
    assert problem.path == "$.game"
    assert "pairs" in str(error.value)
    assert "fertility" in str(error.value)


def test_a_record_of_a_game_left_out_is_known_but_not_allowed(tmp_path: Path) -> None:
    """Before, a Fertility record read where only Ankh'or is allowed was of an "Unknown
    game 'fertility'"."""
    path = tmp_path / "fertility.json"
    save_record(Game.new(["Amunet", "Bek"], seed=3).record, path)
    only_ankhor = [info for info in GAMES if info.name == "ankhor"]
    with pytest.raises(MalformedInputError) as error:
        load_record(path, games=only_ankhor)
    (problem,) = error.value.problems
    assert problem.path == "$.game"
    assert render(problem.message, "en") == (
        "Fertility is a game of the library, but not one allowed here; the games allowed "
        "are: ankhor."
    )
    assert "Unknown" not in str(error.value)
    assert "n'est pas" in render(problem.message, "fr").replace("’", "'")


def test_the_parts_of_a_record_are_read_by_the_game_each_under_its_path() -> None:
    data = dump_record(_played().record)
    data["moves"][2] = {"take": 9}
    data["interpretations"] = {"pair_bonus": "ten"}
    with pytest.raises(MalformedInputError) as error:
        read_record(data, games=pairs.GAMES)
    paths = {problem.path for problem in error.value.problems}
    assert paths == {"$.moves[2]", "$.interpretations.pair_bonus"}
    data = dump_record(_played().record)
    data["setup"] = {"row": [1, 2, 3]}
    with pytest.raises(MalformedInputError) as error:
        read_record(data, games=pairs.GAMES)
    assert [problem.path for problem in error.value.problems] == ["$.setup"]


def test_replay_stops_at_the_first_illegal_move_with_the_game_rule() -> None:
    record = _played().record
    broken = evolve(record, moves=(*record.moves[:3], Take(7), *record.moves[4:]))
    result = replay(broken)
    assert not result.ok
    assert result.error is not None
    assert (result.error.index, result.error.rule) == (3, "P-3.1")
    assert replay(record).state == _played().state


def test_a_record_holds_the_interpretations_of_its_own_game() -> None:
    fertility = find_game("fertility")
    assert GameRecord(NAMES, (), 1, game=RULES).interpretations == pairs.Interpretations()
    with pytest.raises(MalformedInputError, match="interpretations of a game of Pairs"):
        GameRecord(NAMES, (), 1, interpretations=fertility.new_interpretations(), game=RULES)
    with pytest.raises(MalformedInputError, match="2 or 3 players"):
        GameRecord(("A", "B", "C", "D"), (), 1, game=RULES)


# ------------------------------------------------------------------------------ history


def test_the_history_plays_undoes_and_records_a_game_of_pairs() -> None:
    game = _played()
    assert game.game is RULES
    assert game.ply == 12
    assert game.undo(3).ply == 9
    assert game.undo(3).play(game.moves[9]).state == game.state_at(10)
    assert Game.from_record(game.record) == game
    assert next(game.states()) == RULES.initial_state(game.record)
    with pytest.raises(IllegalMoveError) as error:
        game.undo().play(Take(7))
    assert error.value.rule == "P-3.1"


def test_a_game_without_pictures_draws_nothing_in_notebooks() -> None:
    assert RULES.pictures is None
    assert _played()._repr_svg_() is None  # Jupyter then shows its text repr


def test_a_seedless_game_of_a_game_without_setups_gets_a_seed() -> None:
    game = Game.new(NAMES, game=RULES)
    assert game.record.seed is not None
    assert game.record.setup is None
    assert Game.from_record(game.record).state == game.state


# ------------------------------------------------------------------------------- agents


def test_agents_of_the_game_play_it_and_see_views_only() -> None:
    played = play_game(
        NAMES, [make_agent("greedy", 1, RULES), make_agent("random", 2, RULES)], 5, game=RULES
    )
    assert played.state.is_over
    assert played.record.game is RULES
    assert replay(played.record).state == played.state
    # The greedy agent refuses anything but a view: the runner gave it views.
    with pytest.raises(MalformedInputError):
        pairs.GreedyAgent().choose(played.state, [Take(1)])
    with pytest.raises(UnknownIdError, match="random, greedy"):
        make_agent("lookahead", 1, RULES)


def test_the_search_agent_plays_any_game_with_search_parts_from_its_views() -> None:
    # Pairs gives the search its candidates, playouts and rewards; the rest is its rules.
    def outright_win(first: Agent, seed: int) -> bool:
        played = play_game(NAMES, [first, RandomAgent(seed)], seed, game=RULES)
        assert replay(played.record).state == played.state
        ranks = [sheet.rank for sheet in RULES.final_scores(played.state).sheets]
        return ranks == [1, 2]

    searched = sum(outright_win(ISMCTSAgent(s, iterations=40, game=RULES), s) for s in range(20))
    blind = sum(outright_win(RandomAgent(s + 100), s) for s in range(20))
    assert searched > blind + 3, (searched, blind)  # same deals, same opponent
    state = Game.new(NAMES, 3, game=RULES).state
    twin = evolve(state, pile=tuple(reversed(state.pile)))
    assert twin.pile != state.pile
    assert RULES.observe(twin) == RULES.observe(state)
    moves = RULES.legal_moves(state)
    chosen = [
        ISMCTSAgent(7, iterations=30, game=RULES).choose(RULES.observe(s), moves)
        for s in (state, twin)
    ]
    assert chosen[0] == chosen[1]  # the hidden order of the pile changes nothing


def test_a_game_without_search_or_encodings_is_refused_by_name() -> None:
    with pytest.raises(UnknownIdError, match="'pairs' has no search agent"):
        ISMCTSAgent(1, game=evolve(RULES, search=None))
    with pytest.raises(UnknownIdError, match="'pairs' has no encodings"):
        learning_game(RULES)
    assert learning_game("fertility").rules is find_game("fertility")


def test_agents_by_seat_are_the_games_own() -> None:
    assert agents_by_seat("greedy", 3, RULES) == ("greedy", "greedy", "greedy")
    assert agents_by_seat("random, greedy", 3, RULES) == ("random", "greedy", "random")
    with pytest.raises(UnknownIdError, match="known agents: random, greedy"):
        agents_by_seat("greedy,lookahead", 2, RULES)  # Fertility's, not Pairs'
    with pytest.raises(MalformedInputError, match="3 agents for 2 players"):
        agents_by_seat("greedy,random,greedy", 2, RULES)
    with pytest.raises(MalformedInputError, match="No agent given"):
        agents_by_seat(" , ", 2, RULES)


def test_every_agent_of_every_game_is_named_in_the_outputs() -> None:
    for info in GAMES:
        for name in find_game(info.name).agents:
            assert name in AGENT_LABELS, (info.name, name)


# ---------------------------------------------------------------------------------- lab


def test_the_switches_and_readings_are_the_games_own() -> None:
    assert [(s.id, s.field) for s in switches(RULES)] == [("PQ-1", "pair_bonus")]
    readings = readings_varying((), game=RULES)
    assert [r.pair_bonus for r in readings] == [PairBonus.FIVE, PairBonus.NONE]
    with pytest.raises(UnknownIdError, match="pair_bonus"):
        readings_varying(["I-1"], game=RULES)


def test_compare_is_the_same_in_this_process_in_worker_processes_and_on_threads() -> None:
    readings = readings_varying(["PQ-1"], game=RULES)
    one = compare(readings, 6, ("greedy", "random"), jobs=1, game=RULES)
    assert compare(readings, 6, ("greedy", "random"), jobs=2, game=RULES) == one
    with ThreadPoolExecutor(2) as threads:
        assert compare(readings, 6, ("greedy", "random"), executor=threads, game=RULES) == one
    five, nothing = one.results
    # Without the pair bonus a seat scores its cards only: the pairs stage is 0.
    assert nothing.stages[1].value == 0
    assert five.stages[1].value == 5 * five.pairs.value / 2  # two seats share the pairs
    assert five.pairs.value == nothing.pairs.value  # greedy, random: the same moves
    data = json.loads(json.dumps(comparison_to_json(one)))
    assert data["game"] == "pairs"
    assert comparison_from_json(data, pairs.GAMES) == one
    text = comparison_to_text(one)
    assert "Pairs per game" in text
    assert "PQ-1: nothing" in text  # the reading in words, with the game's own labels
    assert "agents by seat: greedy agent and random agent" in text
    french = comparison_to_text(one, "fr")
    assert re.search(r"\d,\d\d \[\d+,\d\d–\d+,\d\d\]", french)  # Babel's decimals
    chart = comparison_to_svg(one, "fr")
    values = re.findall(r'class="value">([^<]*)<', chart)
    assert len(values) == 2 * 4  # 2 readings: the score, the game's 2 stages, its pairs
    assert ">Pairs per game (PQ-1)<" in chart  # the game's own measure, by its switch
    assert all(re.fullmatch(r"\d+,\d", value) for value in values)
    assert ">Pairs<" in chart  # a stage of the game, not one of Fertility's


def test_adjudication_shows_the_games_gains() -> None:
    game = _played()
    state = game.state_at(3)
    readings = readings_varying((), game=RULES)
    best = max(RULES.legal_moves(state), key=lambda move: move.value)
    judged = adjudicate(state, best, readings, RULES)
    assert all(outcome.legal for outcome in judged.outcomes)
    assert judged.outcomes[0].card == best.value
    assert not judged.differs  # the pair bonus changes the score, not what a move takes
    assert disputed_moves(state, readings, RULES) == ()
    text = adjudication_to_text(judged, state, "en", RULES)
    assert "Card" in text
    assert "All 2 readings agree." in text
    assert sum(1 for line in text.splitlines() if line.startswith("all 2 readings")) == 1
    illegal = adjudicate(state, Take(7), readings, RULES)
    assert {o.rule for o in illegal.outcomes} == {"P-3.1"}


def test_a_gain_read_by_another_name_is_refused_with_the_names_known() -> None:
    state = _played().state_at(3)
    judged = adjudicate(state, RULES.legal_moves(state)[0], [RULES.new_interpretations()], RULES)
    outcome = judged.outcomes[0]
    assert not hasattr(outcome, "cards")  # still an AttributeError, as getattr expects
    with pytest.raises(UnknownKeyError) as error:
        _ = outcome.cards
    keys = [key for key, _value in outcome.values]
    assert keys
    assert error.value.render("fr").endswith(f"{', '.join(keys)}.")
    assert getattr(outcome, "cards", None) is None
    assert pickle.loads(pickle.dumps(outcome)) == outcome  # copy's probes are unharmed


def test_readings_of_another_game_are_refused_naming_the_argument() -> None:
    state = _played().state_at(3)
    fertility = find_game("fertility").new_interpretations()
    with pytest.raises(MalformedInputError) as error:
        adjudicate(
            state, RULES.legal_moves(state)[0], [RULES.new_interpretations(), fertility], RULES
        )
    assert [p.path for p in error.value.problems] == ["readings[1]"]
    with pytest.raises(MalformedInputError) as error:
        readings_varying((), base=fertility, game=RULES)
    assert [p.path for p in error.value.problems] == ["base"]


# --------------------------------------------------------------------- conformance kit


def test_pairs_passes_the_conformance_kit() -> None:
    assert check_game(RULES, seeds=range(4)) == []


class PairsMachine(ConformanceMachine):
    game = RULES


TestPairsMachine = PairsMachine.TestCase
TestPairsMachine.settings = settings(
    max_examples=10,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


def _lists_an_illegal_move(table: pairs.Table) -> list[object]:
    return [*pairs.legal_moves(table), Take(7)]


def _forgets_the_pile(state: pairs.State) -> dict[str, object]:
    return {**pairs.dump_state(state), "pile": []}


def _sees_another_pile(view: pairs.View, seed: object) -> pairs.State:
    return evolve(pairs.sample_state(view, 0), pile=())


def _always_wins(table: pairs.Table) -> pairs.Report:
    report = pairs.final_scores(table)
    return pairs.Report(tuple(evolve(sheet, rank=2) for sheet in report.sheets))


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"legal_moves": _lists_an_illegal_move}, "listed as legal but refused"),
        ({"formats": evolve(RULES.formats, dump_state=_forgets_the_pile)}, "read_state"),
        ({"sample_state": _sees_another_pile}, "sampled from the view"),
        ({"final_scores": _always_wins}, "nobody is ranked first"),
        ({"rule_id": r"^R-\d+$"}, "not a rule id of the game"),
    ],
)
def test_the_conformance_kit_finds_a_broken_game(change: dict[str, object], expected: str) -> None:
    broken = evolve(RULES, **change)  # type: ignore[arg-type]
    problems = check_game(broken, seeds=[1], players=[2])
    assert any(expected in problem for problem in problems), problems


# ---------------------------------------------------------------------------- commands


def test_the_commands_play_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "pairs.json"
    game = ["--game", "pairs"]
    assert main(["simulate", *game, "--players", "2", "--record", str(record)], pairs.GAMES) == 0
    capsys.readouterr()
    assert main(["verify", str(record), "--format", "json"], pairs.GAMES) == 0
    assert json.loads(capsys.readouterr().out)["moves"] == 12
    assert main(["verify", str(record), "--game", "fertility"], pairs.GAMES) == 1
    assert "record of a game of Pairs" in capsys.readouterr().err
    assert main(["show", str(record), "--at", "2", "--view", "--format", "json"], pairs.GAMES) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["format"] == "pairs/observation/1"
    assert len(view["legal_moves"]) >= 1
    assert main(["demo", *game, "--seed", "3"], pairs.GAMES) == 0
    assert "A seeded 3-player game of Pairs" in capsys.readouterr().out
    assert main(["interpretations", *game, "--format", "json"], pairs.GAMES) == 0
    assert [e["id"] for e in json.loads(capsys.readouterr().out)["switch"]] == ["PQ-1"]
    args = ["compare", *game, "--players", "2", "--agents", "greedy", "--games", "2"]
    assert main([*args, "--jobs", "1", "--format", "json"], pairs.GAMES) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "pairs"
    assert main(["adjudicate", str(record), "--at", "1", "--move", "take 6"], pairs.GAMES) == 0
    assert "Position after 1 move: Turn 2 · P2." in capsys.readouterr().out
    assert main(["schema", "move", *game], pairs.GAMES) == 0
    assert json.loads(capsys.readouterr().out)["required"] == ["take"]


def test_commands_say_cleanly_what_a_game_lacks(capsys: pytest.CaptureFixture[str]) -> None:
    game = ["--game", "pairs"]
    assert main(["score", "x.json", *game], pairs.GAMES) == 1
    assert "Pairs has no final-position files" in capsys.readouterr().err
    err = usage_error(["demo", "--game", "chess"], capsys, pairs.GAMES)
    assert "argument --game: Unknown game 'chess'; the games are: fertility, ankhor, pairs." in err
    assert "(P-2)" in usage_error(["simulate", *game, "--players", "4"], capsys, pairs.GAMES)
    with pytest.raises(SystemExit) as exit_status:
        main(["simulate", *game, "--interpretation", "I-1=orthogonal"], pairs.GAMES)
    assert exit_status.value.code == 2
    assert "pair_bonus (PQ-1)" in capsys.readouterr().err
