"""Ankh'or through the shared machinery: conformance, records, the lab and every command."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from distributed import Client, LocalCluster
from hypothesis import HealthCheck, settings
from hypothesis.stateful import invariant

from fertility_rules.ankhor.testing import check_invariants
from fertility_rules.cli import main
from fertility_rules.games import find_game
from fertility_rules.lab.compare import compare
from fertility_rules.lab.readings import readings_varying
from fertility_rules.records.format import dump_record, load_record
from fertility_rules.testing.conformance import ConformanceMachine, check_game
from tests.cli_usage import usage_error

ANKHOR = find_game("ankhor")


def test_ankhor_passes_the_conformance_kit() -> None:
    assert check_game(ANKHOR, seeds=[3], players=[2, 4]) == []


class AnkhorConformance(ConformanceMachine):
    """The kit's machine (moves and undos through the history), with Ankh'or's own
    invariants (tokens and tiles conserved, limits, scores adding up) after every step."""

    game = "ankhor"

    @invariant()
    def ankhor_invariants(self) -> None:
        if self.history is not None:
            state = self.history.state
            assert check_invariants(state, scores=state.is_over) == []


TestAnkhorConformance = AnkhorConformance.TestCase
TestAnkhorConformance.settings = settings(
    max_examples=4,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ankhor") / "game.json"
    args = ["simulate", "--game", "ankhor", "--players", "3", "--seed", "8"]
    assert main([*args, "--agents", "greedy,random", "--record", str(path)]) == 0
    return path


def test_a_simulated_game_is_recorded_verified_and_valid(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(record.read_text("utf-8"))
    assert (data["format"], data["game"]) == ("fertility-rules/game-record/2", "ankhor")
    assert "setup" not in data  # Ankh'or's records give the seed
    jsonschema.Draft202012Validator(ANKHOR.formats.schemas["game-record"]()).validate(data)
    assert load_record(record).game is ANKHOR
    capsys.readouterr()
    assert main(["verify", str(record), "--format", "json"]) == 0
    verified = json.loads(capsys.readouterr().out)
    assert verified["legal"]
    assert verified["moves"] == len(data["moves"])
    # --game may name the record's game, never another one.
    assert main(["verify", str(record), "--game", "ankhor"]) == 0
    assert main(["verify", str(record), "--game", "fertility"]) == 1
    assert "record of a game of Ankh'or, not of Fertility" in capsys.readouterr().err


def test_a_broken_ankhor_record_names_the_ankhor_rule(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(record.read_text("utf-8"))
    data["moves"].insert(0, {"type": "end"})  # ending a turn before its main action
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data), "utf-8")
    capsys.readouterr()
    assert main(["verify", str(broken), "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert out["index"] == 0
    assert out["rule"].startswith("A-")


def test_show_and_adjudicate_an_ankhor_position(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main(["show", str(record), "--at", "4", "--view", "--format", "json"]) == 0
    view = json.loads(capsys.readouterr().out)
    assert view["format"] == "fertility-rules/ankhor-observation/1"
    assert view["legal_moves"]
    assert main(["show", str(record), "--at", "4", "--lang", "nl"]) == 0
    assert capsys.readouterr().out.strip()
    played = load_record(record)
    state = ANKHOR.initial_state(played)
    notation = ANKHOR.texts.format_move(played.moves[0], state)
    args = ["adjudicate", str(record), "--at", "0", "--move", notation, "--format", "json"]
    assert main([*args, "--vary", "Q-2"]) == 0
    judged = json.loads(capsys.readouterr().out)["moves"][0]
    assert [r["legal"] for r in judged["readings"]] == [True, True]
    assert {"tokens", "tiles", "bonus_tokens"} <= set(judged["readings"][0])


@pytest.mark.parametrize(
    ("language", "header", "seats", "turn"),
    [
        (
            "en",
            "A seeded 4-player game of Ankh'or",
            "Amunet and Chione: greedy agent",
            "Turn 1, Amunet:",
        ),
        ("fr", "Ankh\u2019or", "Amunet et Chione\u202f: agent glouton", "Tour 1, Amunet"),
        ("pl", "Ankh'or", "Amunet i Chione: ", "Tura 1, Amunet:"),
        ("nl", "Ankh'or", "Amunet en Chione: ", "Beurt 1, Amunet:"),
    ],
)
def test_the_ankhor_demo_reads_in_every_language(
    language: str, header: str, seats: str, turn: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["demo", "--game", "ankhor", "--seed", "5", "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert header in lines[0]
    assert seats in lines[1]  # who plays which agent, as for Fertility
    assert lines[3].startswith(turn)
    english = ("A seeded", "Turn 1", "Score sheet", "Total")
    if language != "en":
        assert not any(line.startswith(english) for line in lines), lines[:3]
    # A score sheet per player, each line with its A-7 rule.
    assert sum("[A-7." in line for line in lines) >= 4 * 4


def test_interpretations_of_ankhor_list_q1_to_q19(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["interpretations", "--game", "ankhor", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    switches = [entry["id"] for entry in data["switch"]]
    settled = [entry["id"] for entry in data["settled"]]
    assert switches == [f"Q-{n}" for n in range(1, 7)]
    assert settled == [f"Q-{n}" for n in range(7, 20)]
    assert main(["interpretations", "--game", "ankhor", "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert "--interpretation bonus_tokens=" in text
    assert "Q-19" in text


def test_compare_ankhor_readings_of_q2_anywhere(capsys: pytest.CaptureFixture[str]) -> None:
    readings = readings_varying(["Q-2"], game=ANKHOR)
    assert [r.bonus_tokens.value for r in readings] == ["one_per_group", "kept_on_merge"]
    one = compare(readings, 2, ("greedy", "random"), first_seed=1, jobs=1, game=ANKHOR)
    assert compare(readings, 2, ("greedy", "random"), first_seed=1, jobs=2, game=ANKHOR) == one
    for result in one.results:
        assert result.total.low <= result.total.value <= result.total.high
        assert len(result.stages) == 4
    args = ["compare", "--game", "ankhor", "--vary", "Q-2", "--games", "2", "--players", "2"]
    args += ["--agents", "greedy,random", "--seed", "1", "--format", "json"]
    assert main([*args, "--jobs", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert local["game"] == "ankhor"
    assert [r["reading"]["bonus_tokens"] for r in local["readings"]] == [
        "one_per_group",
        "kept_on_merge",
    ]
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster),  # type: ignore[no-untyped-call]
    ):
        assert main([*args, "--scheduler", cluster.scheduler_address]) == 0
        assert json.loads(capsys.readouterr().out) == local


def test_ankhor_commands_refuse_what_is_not_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--game", "ankhor", "/dev/zero"]) == 1
    assert "this is a device, not a regular file" in capsys.readouterr().err
    assert main(["verify", "--game", "ankhor", "."]) == 1
    err = capsys.readouterr().err
    assert "this is a directory, not a file" in err
    assert "Traceback" not in err
    err = usage_error(["simulate", "--game", "ankhor", "--players", "5"], capsys)
    assert "argument --players: " in err
    assert "(A-2.1)" in err
    err = usage_error(["simulate", "--game", "ankhor", "--variant", "--players", "2"], capsys)
    assert "Ankh'or has no variant" in err


def test_ankhor_catalogue_and_schemas_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["catalogue", "show", "--game", "ankhor"]) == 0
    assert "55" in capsys.readouterr().out
    assert main(["schema", "game-record", "--game", "ankhor"]) == 0
    assert json.loads(capsys.readouterr().out)["title"] == "fertility-rules/game-record/2"
    assert main(["catalogue", "show", "--game", "ankhor", "--format", "svg"]) == 0
    assert capsys.readouterr().out.startswith("<svg")  # its pictures: tests/pictures


def test_records_of_both_games_and_fertilitys_old_records_read_back() -> None:
    old = Path(__file__).parents[1] / "data" / "engine" / "no_moves.json"
    assert json.loads(old.read_text("utf-8"))["format"] == "fertility-rules/game-record/1"
    fertility = load_record(old)
    assert fertility.game is find_game("fertility")
    assert dump_record(fertility)["format"] == "fertility-rules/game-record/2"


def test_a_submodule_imported_by_a_description_never_hides_the_function() -> None:
    # Ankh'or's description imports fertility_rules.ankhor.text_board when a board is
    # printed; the package's name stays the function, as Fertility's does.
    import importlib

    from fertility_rules import ankhor

    importlib.import_module("fertility_rules.ankhor.text_board")
    assert callable(ankhor.text_board)
    state = ankhor.new_game(["A", "B"], seed=1)
    assert ANKHOR.texts.text_board(state, None, "en") == ankhor.text_board(
        state, last_move=None, lang="en", with_status=False
    )
