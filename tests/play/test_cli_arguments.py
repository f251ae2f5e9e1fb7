"""Arguments wrong together, or wrong for the game, are refused as argparse refuses an
argument: before any game, with the usage, the option and exit status 2 (before, some
ended with exit status 1 after the work, some were taken silently, some crashed)."""

from __future__ import annotations

from pathlib import Path

import pytest

from fertility_rules.cli import main
from fertility_rules.shared.seeds import MAX_SEED
from tests.cli_usage import usage_error

ROOT = Path(__file__).resolve().parents[2]
RECORD = str(ROOT / "tests" / "golden" / "records" / "2p-greedy-vs-random.json")
LISA = str(ROOT / "docs" / "examples" / "lisa.json")


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--players", "2", "--seed", str(MAX_SEED), "--games", "2", "--jobs", "2"],
        ["simulate", "--players", "2", "--seed", str(MAX_SEED), "--games", "2", "--jobs", "1"],
        ["compare", "--vary", "I-10", "--seed", str(MAX_SEED - 1), "--games", "3", "--jobs", "2"],
    ],
)
def test_the_seeds_of_every_game_are_checked_when_the_arguments_are_read(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, an internal error (BrokenProcessPool), or with one job a seed error naming
    a seed not given."""
    err = usage_error(args, capsys)
    assert "argument --seed: " in err
    assert f"to {MAX_SEED + 1}, past the largest seed {MAX_SEED}" in err


@pytest.mark.parametrize(
    ("args", "refused"),
    [
        (["compare", "--seed", "-1", "--games", "3"], True),
        (["simulate", "--seed", "-5", "--games", "20"], True),
        (["simulate", "--seed", "-5", "--games", "5"], False),  # -5 to -1: no repeat
    ],
)
def test_a_run_of_seeds_that_repeats_a_setup_is_refused(
    args: list[str], refused: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """A seed deals the setup of its negative: ``--seed -1 --games 3`` played two games
    twice."""
    if refused:
        assert "a seed deals the same setup as its negative" in usage_error(args, capsys)
    else:
        assert main([*args, "--players", "2"]) == 0


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["demo", "--interpretation", "I-1=orthogonal", "--interpretation", "I-1=eight"],
            "argument --interpretation: the switch quarry_enclosure is given twice",
        ),
        (
            ["compare", "--reading", "I-1=orthogonal,I-1=eight"],
            "argument --reading: the switch quarry_enclosure is given twice",
        ),
        (
            ["adjudicate", RECORD, "--at", "10", "--move", "place V23 a6 b6", "--all-moves"],
            "argument --move: --move and --all-moves do not go together",
        ),
        (
            ["adjudicate", RECORD, "--at", "10", "--vary", "I-14", "--all-moves"],
            "argument --vary: the switch varied has one value only",
        ),
        (["demo", "--game", "nope"], "argument --game: Unknown game 'nope'"),
        (["demo", "--game", ""], "argument --game: Unknown game ''"),
        (["simulate", "--players", "0"], "argument --players: expected a whole number"),
        (["simulate", "--players", "\u0663"], "argument --players: expected a whole number"),
        (["simulate", "--players", "1_0"], "argument --players: expected a whole number"),
        (["simulate", "--players", "7"], "argument --players: Fertility is played by"),
        (["simulate", "--agents", "nope"], "argument --agents: Unknown agent 'nope'"),
        (["compare", "--vary", "nope"], "argument --vary: Unknown interpretation switch"),
        (["compare", "--vary", "I-1", "--reading", "I-1=eight"], "do not go together"),
        (["adjudicate", RECORD, "--at", "10"], "argument --move: give the disputed move"),
        (["adjudicate", RECORD, "--at", "10", "--move", ""], "argument --move: empty move"),
        (["adjudicate", RECORD, "--at", "10", "--move", "/"], "this is a directory"),
    ],
)
def test_arguments_wrong_together_or_for_the_game_are_usage_errors(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert said in usage_error(args, capsys)


def test_a_game_state_file_is_named_in_its_errors(capsys: pytest.CaptureFixture[str]) -> None:
    """Before, "1 problem in the input" for a file that is not a game state."""
    assert main(["adjudicate", LISA, "--all-moves"]) == 1
    assert f"in {LISA}:" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["rules", "--output", "a" * 300 + ".md"], "the name is too long"),
        (["rules", "--output", "a" * 5000 + "/x.md"], "the name is too long"),
        (["rules", "--output", "/dev/null"], "a name without an extension names a folder"),
        (["rules", "--format", "md", "--output", "r.html"], "--format is md"),
        (["rules", "--output", ""], "argument --output: an empty name names no file"),
        (["show", RECORD, "--output", ""], "argument --output: an empty name names no file"),
        (["demo", "--svg", ""], "argument --svg: an empty name names no file"),
        (["simulate", "--record", ""], "argument --record: an empty name names no file"),
    ],
)
def test_outputs_are_checked_when_the_arguments_are_read(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: an internal error (a name too long), "/dev/null is not a folder" after the
    work (exit 1), Markdown written into r.html, standard output or nothing for an empty
    name."""
    err = usage_error(args, capsys)
    assert said in err
    assert len(err) < 1000  # a long name is shown shortened


@pytest.mark.parametrize(
    ("args", "hidden"),
    [
        (["demo", "--game", "g" * 5000], "g" * 100),
        (["demo", "--interpretation", "i" * 100_000 + "=1"], "i" * 100),
        (["demo", "--interpretation", "I-1=" + "v" * 1000], "v" * 100),
    ],
)
def test_long_inputs_are_shown_shortened(
    args: list[str], hidden: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = usage_error(args, capsys)
    assert hidden not in err
    assert "…" in err


def test_file_names_are_shown_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before, a new line in a file name was printed as it is, and a name of thousands of
    characters whole."""
    strange = tmp_path / "a\nb\x1b[2J.json"
    strange.write_text("{", "utf-8")
    assert main(["score", str(strange)]) == 1
    err = capsys.readouterr().err
    assert "a\\nb\\x1b[2J.json:" in err
    assert "\x1b" not in err
    assert len(err.splitlines()) == 2


@pytest.mark.parametrize(
    ("agents", "said"),
    [
        ("ismcts:seconds=1e300", "at most 60, not '1e300'"),
        ("ismcts:seconds=61", "at most 60, not '61'"),
        ("ismcts:iterations=100001", "from 1 to 100000, not '100001'"),
        ("ismcts:iterations=" + "1" * 31, "from 1 to 100000, not '" + "1" * 31 + "'"),
    ],
)
def test_the_search_budget_of_a_decision_is_bounded(
    agents: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, any finite number of seconds was taken, iterations up to 999,999,999, and
    a longer number was said to be below 1 and shown cut ("not 10000000000000000000")."""
    err = usage_error(["simulate", "--players", "2", "--agents", agents], capsys)
    assert "argument --agents: " in err
    assert said in err


def test_the_help_says_what_a_run_costs(capsys: pytest.CaptureFixture[str]) -> None:
    from fertility_rules.lab.readings import readings_varying

    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    readings = len(readings_varying(game="fertility"))
    assert f"({readings} for Fertility: {readings * 100:,} games)" in text
    assert "(default: 100)" in text
    assert "'progress'" in text
    assert "budget of each decision" in text
    assert "(default: greedy)" in text


def test_many_games_are_announced_first(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "2", "--jobs", "1", "--format", "json"]
    assert main([*args, "--games", "100"]) == 0
    assert capsys.readouterr().err == "Playing 100 games…\n"
    assert main([*args, "--games", "99"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--host", "999.1.1.1", "--port", "0"], "argument --host: expected an IP address"),
        (["--host", "a"], "argument --host: expected an IP address or a host name"),
        (["--host", ""], "argument --host: an empty address"),
        (["--db", ""], "argument --db: an empty name"),
        (["--db", "mysql://x"], "argument --db: unsupported database URL 'mysql://x'"),
        (["--rate", "0"], "argument --rate: expected a number above 0 and at most 1000000"),
        (
            ["--header-timeout", "0"],
            "argument --header-timeout: expected a number above 0 and at most 3600",
        ),
    ],
)
def test_the_table_servers_arguments_are_checked_before_it_starts(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: uvicorn's own error (exit 3) for --host, a SQLite file named mysql://x, a
    server on a temporary store or on every interface for an empty value, and "from 0"
    for a range without 0."""
    assert said in usage_error(["serve", *args], capsys)
