"""What the command line reads and writes: catalogue texts never reach a terminal as
control characters, writing failures say their real cause, a document of another game
names it, and the final position's gods are checked."""

from __future__ import annotations

import errno
import io
import json
import os
import pty
import sys
import tempfile
import tomllib
from pathlib import Path

import attrs
import pytest

from fertility_rules.cli import main
from fertility_rules.errors import MalformedInputError
from fertility_rules.formats import files
from fertility_rules.formats.files import check_target
from fertility_rules.games import find_game
from tests.cli_usage import usage_error

ESCAPES = "\u001b[2J\u001b[31m"


ROOT = Path(__file__).resolve().parents[2]
DEFAULTS = {
    "fertility": ROOT / "fertility_rules" / "fertility" / "catalogue" / "data" / "default.toml",
    "ankhor": ROOT / "fertility_rules" / "ankhor" / "data" / "default.toml",
}


def _catalogue(tmp_path: Path, game: str, **changes: object) -> str:
    """The built-in catalogue of ``game`` written as JSON, with ``changes``."""
    document = {**tomllib.loads(DEFAULTS[game].read_text(encoding="utf-8")), **changes}
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"title": "Mine" + ESCAPES}, "$.title: a text without control characters"),
        ({"title": "x" * 100_000}, "$.title: a text of at most 200 characters, found 100000"),
        ({"note": "n" * 6000}, "$.note: a text of at most 5000 characters, found 6000"),
        ({"name": "a\nb"}, "$.name: a text without control characters"),
    ],
)
def test_catalogue_texts_are_bounded_and_without_control_characters(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    game: str,
    changes: dict[str, object],
    said: str,
) -> None:
    """Before, a title clearing the terminal, or of 100,000 characters, was valid."""
    path = _catalogue(tmp_path, game, **changes)
    for command in (["catalogue", "check"], ["catalogue", "show"]):
        assert main([*command, "--game", game, path]) == 1
        err = capsys.readouterr().err
        assert said in err
        assert "\u001b" not in err


def test_a_note_may_have_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _catalogue(tmp_path, "fertility", note="one\ntwo")
    assert main(["catalogue", "show", path]) == 0
    assert "one\ntwo" in capsys.readouterr().out


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_catalogue_listing_escapes_control_characters(game: str) -> None:
    """A catalogue made in Python is not read from a file: its listing escapes them."""
    rules = find_game(game)
    catalogue = rules.formats.load_catalogue(None, None)
    catalogue = attrs.evolve(catalogue, title="Mine" + ESCAPES, note="a\u202eb\nc")
    text = rules.texts.describe_catalogue(catalogue, "en")
    assert "\u001b" not in text
    assert "Mine\\x1b[2J\\x1b[31m" in text
    assert "a\\u202eb\nc" in text


def test_the_checked_file_is_named_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "a\u001b[31m"
    folder.mkdir()
    path = _catalogue(folder, "fertility")
    assert main(["catalogue", "check", path]) == 0
    out = capsys.readouterr().out
    assert "\u001b" not in out
    assert "a\\x1b[31m" in out


@pytest.mark.skipif(not Path("/proc/version").exists(), reason="no /proc file system")
@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--players", "2", "--record", "/proc/version"],
        ["demo", "--svg", "/proc/fertility-pictures"],
        ["rules", "--output", "/proc/rules.md"],
    ],
)
def test_a_folder_that_takes_no_files_is_refused_before_the_work(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, the game was played, then: cannot write the file: there is no such file."""
    err = usage_error(args, capsys)
    assert "the folder /proc takes no new files" in err
    assert "no such file" not in err
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    ("number", "said"),
    [
        (errno.EROFS, "the file system is read-only"),
        (errno.EACCES, "permission denied"),
        (errno.ENOSPC, "the disk is full"),
        (errno.EDQUOT, "the disk quota is used up"),
        (errno.EISDIR, "it is a folder"),
        (errno.ENOENT, "takes no new files"),
    ],
)
def test_a_failed_write_says_the_systems_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, number: int, said: str
) -> None:
    def refused(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(number, os.strerror(number))

    target = tmp_path / "out.txt"
    check_target(target)  # writable when the arguments are read
    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(MalformedInputError) as refusal:
        files.write_text(target, "text")
    text = str(refusal.value)
    assert "cannot write the file: " in text
    assert said in text


def test_a_god_given_twice_in_a_final_position_is_refused_where_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: unknown god 'Horus'; the gods are: Ra, Ra, Ra, Ra, Ra."""
    document = json.loads((ROOT / "docs" / "examples" / "table.json").read_text())
    document["gods"] = ["Ra"] * 5
    path = tmp_path / "table.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["score", str(path)]) == 1
    err = capsys.readouterr().err
    assert "$.gods[1]: the god 'Ra' is listed twice: a table's gods differ (R-5.3)" in err
    assert "$.gods[4]" in err
    assert "unknown god" not in err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["catalogue", "check", str(DEFAULTS["ankhor"])],
            "document of Ankh'or, not 'fertility-rules/catalogue/1': give --game ankhor to read it",
        ),
        (
            ["catalogue", "show", "--game", "ankhor", str(DEFAULTS["fertility"])],
            "document of Fertility, not 'fertility-rules/ankhor-catalogue/1': give --game "
            "fertility to read it",
        ),
        (
            ["simulate", "--catalogue", str(DEFAULTS["ankhor"])],
            "give --game ankhor to read it",
        ),
    ],
)
def test_a_file_of_another_game_names_the_game_that_reads_it(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before: this is a 'fertility-rules/ankhor-catalogue/1' document, not
    'fertility-rules/catalogue/1' (fertility-rules/catalogue/1)."""
    assert main(args) == 1
    err = capsys.readouterr().err
    assert said in err
    assert "(fertility-rules/" not in err


def test_standard_input_from_a_terminal_is_refused_as_such(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before: ``-: this is a device``."""
    leader, follower = pty.openpty()
    try:
        with open(follower, "rb", closefd=False) as terminal:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(terminal))
            with pytest.raises(MalformedInputError) as refusal:
                files.read_bytes("-")
    finally:
        os.close(leader)
        os.close(follower)
    assert "standard input is a terminal" in str(refusal.value)


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_shown_position_ends_its_line_and_the_view_lists_the_legal_moves(
    tmp_path: Path, game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, Ankh'or's board had no final new line, and --view (text) promised the
    legal moves without listing them."""
    record = tmp_path / "r.json"
    args = ["--game", game]
    assert main(["simulate", "--players", "2", "--record", str(record), *args]) == 0
    capsys.readouterr()
    assert main(["show", str(record), "--at", "3"]) == 0
    out = capsys.readouterr().out
    assert out.endswith("\n")
    assert not out.endswith("\n\n")
    assert main(["show", str(record), "--at", "3", "--view"]) == 0
    assert "Legal moves: " in capsys.readouterr().out


def test_counts_and_lists_read_as_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: "the limit of 1 bytes"; the formats quoted as one name; stage means
    without saying what they are means of."""
    assert main(["--max-file-size", "1", "score", str(ROOT / "docs/examples/table.json")]) == 1
    assert "the limit of 1 byte\n" in capsys.readouterr().err
    assert main(["schema", "nope"]) == 1
    assert "unknown format 'nope'; the formats are: final-position, game-record" in (
        capsys.readouterr().err
    )
    assert main(["simulate", "--games", "2", "--players", "2"]) == 0
    assert "Mean score of a player in a game, by stage:\n" in capsys.readouterr().out


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_the_version_option_is_explained_in_the_language_asked(
    language: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main(["--lang", language, "--help"])
    out = capsys.readouterr().out
    assert "show program's version number and exit" not in out
    assert "at most 64 MiB" in " ".join(main_help().split())


def main_help() -> str:
    from fertility_rules.cli import build_parser

    return build_parser().format_help()
