"""``adjudicate`` reads its position from a game-state file too, and its move in notation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fertility_rules.cli import main
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.formats.moves import move_from_json
from fertility_rules.fertility.formats.state import dump_state
from fertility_rules.fertility.notation import format_move, parse_move
from fertility_rules.lab.adjudicate import position_at, read_move
from fertility_rules.records.format import load_record
from tests.cli_usage import usage_error

RECORD = Path(__file__).resolve().parents[1] / "golden" / "records" / "2p-random.json"
AT = 5


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(argv) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def _disputed() -> dict[str, object]:
    """The move the record plays at position ``AT``, in its JSON form."""
    move = json.loads(RECORD.read_text(encoding="utf-8"))["moves"][AT]
    assert isinstance(move, dict)
    return move


def test_a_game_state_file_gives_the_same_judgement_as_record_and_move_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = position_at(load_record(RECORD), AT)
    state_file = tmp_path / "position.json"
    state_file.write_text(json.dumps(dump_state(state)), encoding="utf-8")
    move = json.dumps(_disputed())
    by_record = _run(
        ["adjudicate", str(RECORD), "--at", str(AT), "--move", move, "--format", "json"], capsys
    )
    by_state = _run(["adjudicate", str(state_file), "--move", move, "--format", "json"], capsys)
    assert by_record["at"] == AT
    assert by_state["at"] is None
    assert by_state["moves"] == by_record["moves"]
    assert len(by_record["moves"]) == 1  # type: ignore[arg-type]
    assert main(["adjudicate", str(state_file), "--move", move]) == 0
    assert "game state" in capsys.readouterr().out


@pytest.mark.parametrize("format_", ["fertility-rules/game-state/9", None, 4])
def test_a_game_state_file_with_a_wrong_format_is_told_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], format_: object
) -> None:
    document = dump_state(position_at(load_record(RECORD), AT))
    if format_ is None:
        del document["format"]
    else:
        document["format"] = format_
    state_file = tmp_path / "position.json"
    state_file.write_text(json.dumps(document), encoding="utf-8")
    assert main(["adjudicate", str(state_file), "--all-moves"]) == 1
    err = capsys.readouterr().err
    assert ("$.format:" if format_ is not None else "missing field 'format'") in err
    assert "--at" not in err


def test_a_move_in_notation_is_judged_like_its_json(capsys: pytest.CaptureFixture[str]) -> None:
    state = position_at(load_record(RECORD), AT)
    move = json.dumps(_disputed())
    as_json = _run(
        ["adjudicate", str(RECORD), "--at", str(AT), "--move", move, "--format", "json"], capsys
    )
    text = format_move(move_from_json(_disputed(), state.config.layout.width), state)
    assert parse_move(text, state) == move_from_json(_disputed(), state.config.layout.width)
    as_text = _run(
        ["adjudicate", str(RECORD), "--at", str(AT), "--move", text, "--format", "json"], capsys
    )
    assert as_text == as_json


def test_a_record_without_a_move_count_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = usage_error(["adjudicate", str(RECORD), "--all-moves"], capsys)
    assert "argument --at: " in err
    assert "is a game record: give the position with --at N" in err


def test_bad_notation_is_a_library_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", str(RECORD), "--at", str(AT), "--move", "fly V99 z9"]) == 1
    err = capsys.readouterr().err
    assert "unknown move 'fly'" in err
    assert "Traceback" not in err


def test_a_move_file_is_named_in_its_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = position_at(load_record(RECORD), AT)
    path = tmp_path / "badmove.json"
    path.write_text(json.dumps({"type": "take", "tile": 5}), encoding="utf-8")
    with pytest.raises(MalformedInputError) as caught:
        read_move(str(path), state)
    assert caught.value.source == str(path)
    assert [p.path for p in caught.value.problems] == ["$.tile"]
    assert f"dans {path}" in caught.value.render("fr")
    assert main(["adjudicate", str(RECORD), "--at", str(AT), "--move", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"1 problem in {path}:" in err
    assert "$.tile: expected a string, found number" in err
    inline = ["adjudicate", str(RECORD), "--at", str(AT), "--move", path.read_text("utf-8")]
    assert main(inline) == 1
    assert "1 problem in --move:" in capsys.readouterr().err
