"""``--lang`` is accepted by every command that prints, and changes its language."""

from __future__ import annotations

from pathlib import Path

import pytest

from fertility_rules.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = str(ROOT / "docs" / "examples" / "lisa.json")
CATALOGUE = str(ROOT / "fertility_rules" / "fertility" / "catalogue" / "data" / "default.toml")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    "command",
    [
        ["score", EXAMPLE],
        ["catalogue", "show"],
        ["catalogue", "check", CATALOGUE],
        ["simulate", "--players", "2", "--seed", "1"],
        ["rules"],
    ],
)
def test_lang_changes_the_output(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    outputs = {}
    for language in ("en", "fr", "pl", "nl"):
        code, out, _err = run(capsys, *command, "--lang", language)
        assert code == 0
        outputs[language] = out
    assert len(set(outputs.values())) == 4


def test_lang_on_verify_and_demo(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    assert main(["simulate", "--players", "2", "--seed", "3", "--record", str(record)]) == 0
    capsys.readouterr()
    for command in (["verify", str(record)], ["demo", "--seed", "4"]):
        outputs = set()
        for language in ("en", "fr", "pl", "nl"):
            code, out, _err = run(capsys, *command, "--lang", language)
            assert code == 0
            outputs.add(out)
        assert len(outputs) == 4


def test_errors_are_translated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": "fertility-rules/final-position/1", "players": [{"name": "A", '
        '"wheat": 99, "monuments": 0, "shops": []}]}',
        encoding="utf-8",
    )
    errors = {}
    for language in ("en", "fr", "pl", "nl"):
        code, _out, err = run(capsys, "score", str(bad), "--lang", language)
        assert code == 1
        assert "$.players[0].wheat" in err
        assert "R-1.2" in err
        errors[language] = err
    assert len(set(errors.values())) == 4


def test_help_is_translated(capsys: pytest.CaptureFixture[str]) -> None:
    helps = set()
    for language in ("en", "fr", "pl", "nl"):
        with pytest.raises(SystemExit) as exit_info:
            main(["simulate", "--help", "--lang", language])
        assert exit_info.value.code == 0
        helps.add(capsys.readouterr().out)
    assert len(helps) == 4
