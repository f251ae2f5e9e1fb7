"""Comparing readings: identical results on any executor, JSON round trip, the command."""

from __future__ import annotations

import json
import re
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from fertility_rules.agents import ISMCTSAgent, make_agent
from fertility_rules.cli import main
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.interpretations import Enclosure, Interpretations
from fertility_rules.lab.compare import (
    Comparison,
    compare,
    comparison_from_json,
    comparison_to_json,
)
from fertility_rules.lab.readings import readings_varying
from fertility_rules.lab.runner import GameSpec, play_summary, run_games
from tests.cli_usage import usage_error

AGENTS = ("random", "greedy")
READINGS = readings_varying(["I-1"])


def small(jobs: int | None = None, executor: Executor | None = None) -> Comparison:
    return compare(READINGS, 3, AGENTS, first_seed=5, jobs=jobs, executor=executor)


def test_same_results_with_one_job_two_jobs_threads_and_a_dask_cluster(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = small(jobs=1)
    assert small(jobs=2) == one
    with ThreadPoolExecutor(3) as threads:
        assert small(executor=threads) == one
    with (
        LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,  # type: ignore[no-untyped-call]
    ):
        assert small(executor=client.get_executor()) == one
        # The command line reaches the same cluster by its address.
        args = ["compare", "--vary", "I-1", "--games", "2", "--players", "2", "--agents", "random"]
        assert main([*args, "--format", "json", "--jobs", "1"]) == 0
        local = capsys.readouterr().out
        address = cluster.scheduler_address
        assert main([*args, "--format", "json", "--scheduler", address]) == 0
        assert capsys.readouterr().out == local
        # One game of simulate too, its record and score sheets as if played here.
        single = ["simulate", "--players", "2", "--seed", "4", "--format", "json"]
        assert main(single) == 0
        assert main([*single, "--scheduler", address]) == 0
        here, there = capsys.readouterr().out.split("\n}\n", 1)
        assert json.loads(here + "}") == json.loads(there)


def test_summaries_come_back_in_the_order_of_the_specs() -> None:
    specs = [GameSpec(seed, ("random", "random")) for seed in (9, 3, 7, 1)]
    summaries = run_games(specs, jobs=2, chunk=1)
    assert [s.seed for s in summaries] == [9, 3, 7, 1]
    assert summaries == tuple(play_summary(spec) for spec in specs)


def test_progress_is_reported_for_every_game() -> None:
    specs = [GameSpec(seed, ("random", "random")) for seed in range(5)]
    for jobs in (1, 2):
        done: list[int] = []
        run_games(specs, jobs=jobs, progress=done.append, chunk=2)
        assert sum(done) == 5
        assert len(done) == (5 if jobs == 1 else 3)  # one call per game, or per chunk


@pytest.mark.parametrize("option", ["--games", "--jobs"])
def test_counts_must_be_positive(option: str, capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("simulate", "compare"):
        with pytest.raises(SystemExit) as exit_status:
            main([command, option, "0"])
        assert exit_status.value.code == 2
        assert "'0'" in capsys.readouterr().err


def test_a_summary_matches_its_game() -> None:
    summary = play_summary(GameSpec(3, ("random", "random", "random"), keep_record=True))
    record = summary.record
    assert record is not None
    assert summary.moves == len(record.moves)
    assert summary.monuments <= summary.quarries
    assert len(summary.stages) == 3
    assert summary.winners
    best = max(summary.totals)
    assert all(summary.totals[seat] == best for seat in summary.winners)


def test_measures_of_a_comparison() -> None:
    result = small(jobs=1)
    assert [r.reading for r in result.results] == list(READINGS)
    first, second = result.results
    # The first reading is its own baseline: its winners never differ from themselves.
    assert first.winner_changed.value == 0
    assert second.winner_changed.value == result.winner_changed.value
    for reading in result.results:
        assert sum(e.value for e in reading.stages) == pytest.approx(reading.total.value)
        # Each game has at least one winner; a shared victory is split.
        assert sum(e.value for e in reading.seat_wins) == pytest.approx(1.0)
        assert reading.total.low <= reading.total.value <= reading.total.high


def test_json_round_trip() -> None:
    result = small(jobs=1)
    data = json.loads(json.dumps(comparison_to_json(result)))
    assert comparison_from_json(data) == result
    assert data["readings"][1]["reading"]["quarry_enclosure"] == "orthogonal"


def test_the_compare_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "chart.svg"
    args = ["compare", "--vary", "I-1", "--games", "2", "--players", "2", "--agents", "random"]
    assert main([*args, "--jobs", "1", "--format", "json", "--svg", str(svg)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["reading"]["quarry_enclosure"] for r in data["readings"]] == ["eight", "orthogonal"]
    assert data["games"] == 2
    assert svg.read_text(encoding="utf-8").startswith("<svg")
    assert main([*args, "--jobs", "2", "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert re.search(r"I-1\s:\sles 4 voisines orthogonales", text)  # the reading in words
    assert "Boutiques" in text  # stage labels in French


def test_an_unreachable_scheduler_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", "--vary", "I-1", "--games", "1", "--scheduler", "tcp://127.0.0.1:9"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "tcp://127.0.0.1:9" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", ["simulate", "compare"])
@pytest.mark.parametrize(
    "address", ["garbage", "tcp://[::1", "http://127.0.0.1:80", "tcp://127.0.0.1:0", ":8786"]
)
def test_what_is_not_a_scheduler_address_is_refused_as_an_argument(
    command: str, address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, ``simulate --games 1 --scheduler garbage`` played its game and exited 0."""
    with pytest.raises(SystemExit) as exit_status:
        main([command, "--games", "1", "--scheduler", address, "--lang", "fr"])
    assert exit_status.value.code == 2
    err = capsys.readouterr().err
    assert re.search(r"argument --scheduler\s:\sl’adresse d’un ordonnanceur Dask est attendue", err)
    assert repr(address) in err
    assert "Traceback" not in err


def test_one_game_is_played_on_the_scheduler_given(capsys: pytest.CaptureFixture[str]) -> None:
    """A scheduler that does not answer is an error even for one game (it was not asked)."""
    args = ["simulate", "--games", "1", "--players", "2", "--scheduler", "tcp://127.0.0.1:9"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "Cannot reach the Dask scheduler tcp://127.0.0.1:9" in err


def test_compare_needs_two_readings(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["compare", "--vary", "I-14", "--games", "1"], capsys)
    assert "argument --vary: the switch varied has one value only" in err
    assert "use --vary" not in err  # before, told someone who used --vary to use it


@pytest.mark.parametrize(
    "readings",
    [
        ["I-1=orthogonal", "I-1=orthogonal"],  # the same reading twice
        ["I-1=eight"],  # the one reading given is the base
        ["I-1=orthogonal", "I-2=one", "quarry_enclosure=orthogonal"],  # two spellings
    ],
)
def test_a_reading_given_twice_is_refused_before_any_game(
    readings: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["compare", "--games", "1", "--players", "2", "--agents", "random", "--jobs", "1"]
    for reading in readings:
        args += ["--reading", reading]
    err = usage_error(args, capsys)
    assert re.search(r"--reading: reading \d is the same as reading \d", err)


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_readings_and_switches_to_vary_are_not_given_together(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    reading = "I-1=orthogonal" if game == "fertility" else "Q-4=base_only"
    args = ["compare", "--game", game, "--games", "1", "--reading", reading, "--vary", "Q-2"]
    err = usage_error(args, capsys)
    assert "argument --reading: --reading and --vary do not go together" in err


def test_compare_refuses_a_reading_given_twice() -> None:
    twice = [Interpretations(), Interpretations(quarry_enclosure=Enclosure.EIGHT)]
    with pytest.raises(MalformedInputError, match=r"readings: reading 2 is the same as reading 1"):
        compare(twice, games=1, agents=("random", "random"))


def test_a_reading_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["compare", "--reading", "I-1=orthogonal", "--games", "1", "--players", "2"]
    assert main([*args, "--agents", "random", "--jobs", "1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    readings = [r["reading"]["quarry_enclosure"] for r in data["readings"]]
    assert readings == ["eight", "orthogonal"]  # the base reading comes first


def test_simulate_games_give_the_same_summary_with_any_job_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--players", "3", "--games", "3", "--seed", "2", "--format", "json"]
    assert main([*args, "--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == one


def test_simulate_under_a_reading(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["simulate", "--players", "2", "--seed", "3", "--record", str(record)]
    assert main([*args, "--interpretation", "I-1=orthogonal"]) == 0
    capsys.readouterr()
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["interpretations"]["quarry_enclosure"] == Enclosure.ORTHOGONAL.value
    assert Interpretations().quarry_enclosure is Enclosure.EIGHT


@pytest.mark.parametrize("command", ["simulate", "demo", "compare"])
def test_an_unknown_switch_is_a_clear_error(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_status:
        main([command, "--interpretation", "I-99=x"])
    assert exit_status.value.code == 2
    err = capsys.readouterr().err
    assert "I-99" in err
    assert "quarry_enclosure (I-1)" in err
    assert "Traceback" not in err


def test_a_seat_names_the_search_agents_budget(capsys: pytest.CaptureFixture[str]) -> None:
    """``ismcts:iterations=N`` travels to every worker as a name: the same games with one
    job or two, and the budget is the one named."""
    agents = ("ismcts:iterations=2", "greedy")
    one = compare(READINGS, 1, agents, first_seed=5, jobs=1)
    assert compare(READINGS, 1, agents, first_seed=5, jobs=2) == one
    assert one.agents == agents
    made = make_agent("ismcts:iterations=2", 1, "ankhor")
    assert isinstance(made, ISMCTSAgent)
    assert made.budget.iterations == 2
    args = ["compare", "--vary", "I-1", "--games", "1", "--players", "2", "--jobs", "1"]
    assert main([*args, "--agents", "ismcts:iterations=2,random"]) == 0
    assert "information-set search agent (iterations=2)" in capsys.readouterr().out
    for wrong in ("ismcts:iterations=0", "ismcts:depth=3", "greedy:iterations=2"):
        err = usage_error([*args, "--agents", wrong], capsys)
        assert "argument --agents: " in err
        assert ("iterations" in err) or ("depth=3" in err)
