"""One reader per move format (issue 16, item 3; issue 15, item 3): a JSON move whose
spot, Shop or square is out of range is refused by the reader itself (and its schema),
in the API, in game records and on the command line alike; the notation reads exactly
its documented grammar. Before, ``adjudicate --move`` took negative spots and Shops, the
notation took ``03`` and spots 8 to 999, and the record and state readers took
``{"type": "build", ..., "spot": 9}`` for the referee to refuse later."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import fertility_rules as fr
from fertility_rules.cli import main
from fertility_rules.fertility.formats.schema import schema
from fertility_rules.fertility.formats.state import dump_move, read_move
from fertility_rules.fertility.model import Resource
from tests.cli_usage import usage_error

GAME = fr.Game.new(["Amunet", "Bek"], seed=9)  # 3 Valley boards: 12 columns
STATE = GAME.state
MOVE_SCHEMA = Draft202012Validator(schema("move"))

OUT_OF_RANGE: list[tuple[dict[str, Any], str]] = [
    ({"type": "build", "district": "D01", "spot": 9}, "$.spot"),
    ({"type": "build", "district": "D01", "spot": 7}, "$.spot"),
    ({"type": "build", "district": "D01", "spot": -1}, "$.spot"),
    ({"type": "build", "district": "D01", "spot": 0, "wheat": -2}, "$.wheat"),
    ({"type": "supply", "resource": "grapes", "shop": 25}, "$.shop"),
    ({"type": "supply", "resource": "grapes", "shop": -1}, "$.shop"),
    ({"type": "bonus", "resource": "grapes", "shop": 99}, "$.shop"),
    ({"type": "place", "tile": "V01", "squares": [[8, 0], [7, 0]]}, "$.squares[0][0]"),
    ({"type": "place", "tile": "V01", "squares": [[0, 0], [0, 16]]}, "$.squares[1][1]"),
    ({"type": "quarry", "square": [0, -3], "monument": True}, "$.square[1]"),
]


@pytest.mark.parametrize(("document", "path"), OUT_OF_RANGE)
def test_the_json_move_reader_and_the_schema_refuse_out_of_range_values(
    document: dict[str, Any], path: str
) -> None:
    with pytest.raises(fr.MalformedInputError) as caught:
        read_move(document, STATE)
    assert [p.path for p in caught.value.problems] == [path]
    assert not MOVE_SCHEMA.is_valid(document)


@pytest.mark.parametrize(("document", "path"), OUT_OF_RANGE)
def test_a_record_holding_such_a_move_is_refused_where_it_is(
    document: dict[str, Any], path: str
) -> None:
    record = fr.dump_record(GAME.record)
    record["moves"] = [document]
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.read_record(record)
    assert [p.path for p in caught.value.problems] == ["$.moves[0]" + path[1:]]


def test_a_square_off_this_board_but_on_a_wider_one_names_the_rule() -> None:
    # The schema knows only the widest board (4 Valley boards); the reader knows this one.
    document = {"type": "place", "tile": "V01", "squares": [[0, 11], [0, 12]]}
    assert MOVE_SCHEMA.is_valid(document)
    with pytest.raises(fr.MalformedInputError) as caught:
        read_move(document, STATE)
    assert [(p.path, p.rule) for p in caught.value.problems] == [("$.squares[1]", "R-1.4")]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("build D07 03 -", "'03' is not a spot number"),
        ("build D07 8 -", "'8' is not a spot number"),
        ("build D07 999 -", "'999' is not a spot number"),
        ("supply g 26", "'26' is not a Shop number (1 to 25)"),
        ("supply g 007", "'007' is not a Shop number"),
        ("bonus g 0", "'0' is not a Shop number"),
        ("place V01 c04 c5", "'c04' is not a square"),
        ("quarry a01 monument", "'a01' is not a square"),
        ("supply gold 1", "'gold' is not a resource"),
    ],
)
def test_the_notation_reads_exactly_its_grammar(text: str, fragment: str) -> None:
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.parse_move(text, STATE)
    assert fragment in str(caught.value)


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("build D07 7 -", fr.BuildDistrict("D07", 6, (0, 0, 0, 0), 0)),
        ("supply g 25", fr.SupplyShop(Resource.GRAPES, 24)),
        # The grammar lists the file-format names of the resources too.
        ("supply papyrus 1", fr.SupplyShop(Resource.PAPYRUS, 0)),
        ("bonus Alabaster supply", fr.PlaceBonusResource(Resource.ALABASTER, None)),
    ],
)
def test_the_edges_of_the_grammar_are_read(text: str, move: fr.Move) -> None:
    assert fr.parse_move(text, STATE) == move


def test_the_grammar_in_the_documentation_names_the_bounds() -> None:
    from fertility_rules.fertility import notation

    doc = notation.__doc__ or ""
    assert "SPOT     = 1..7" in doc
    assert "SHOP     = 1..25" in doc
    assert '"grapes"' in doc
    assert "leading zero" in doc


# ------------------------------------------------------------ the command line, same reader


@pytest.fixture
def saved_state(tmp_path: Path) -> Path:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(fr.dump_state(STATE)), "utf-8")
    return path


def _adjudicate(
    capsys: pytest.CaptureFixture[str], state: Path, move: str, *options: str
) -> tuple[int, str]:
    code = main([*options, "adjudicate", str(state), "--move", move, "--format", "json"])
    captured = capsys.readouterr()
    return code, captured.err


def _refused(capsys: pytest.CaptureFixture[str], state: Path, move: str) -> str:
    """The refusal of ``--move``, as argparse refuses an argument."""
    return usage_error(["adjudicate", str(state), "--move", move, "--format", "json"], capsys)


@pytest.mark.parametrize(("document", "path"), OUT_OF_RANGE)
def test_adjudicate_reads_moves_with_the_same_reader(
    document: dict[str, Any], path: str, saved_state: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(capsys, saved_state, json.dumps(document))
    assert f"argument --move: {path}: " in err


def test_adjudicate_takes_a_move_file_within_the_size_limit(
    saved_state: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    move = dump_move(fr.legal_moves(STATE)[0], STATE)
    path = tmp_path / "move.json"
    path.write_text(json.dumps(move) + " " * 300, "utf-8")
    assert _adjudicate(capsys, saved_state, str(path))[0] == 0
    code, err = _adjudicate(capsys, saved_state, str(path), "--max-file-size", "100")
    assert code == 1
    assert "larger than the limit of 100 bytes" in err


def test_adjudicate_holds_the_position_to_the_size_limit(
    saved_state: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = _adjudicate(capsys, saved_state, "skip", "--max-file-size", "1000")
    assert code == 1
    assert "larger than the limit of 1000 bytes" in err


@pytest.mark.parametrize("text", ["x" * 300, "place " + "V" * 5000, "\x00", "{" * 300])
def test_adjudicate_refuses_long_or_strange_moves_cleanly(
    text: str, saved_state: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _refused(capsys, saved_state, text)
    assert "argument --move: " in err
    assert "internal error" not in err


def test_the_same_json_move_reads_the_same_everywhere(
    saved_state: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = fr.dump_record(GAME.record)
    for move in fr.legal_moves(STATE):
        document = dump_move(move, STATE)
        assert read_move(copy.deepcopy(document), STATE) == move
        record["moves"] = [document]
        assert fr.read_record(record).moves == (move,)
    code, _err = _adjudicate(capsys, saved_state, json.dumps(document))
    assert code == 0


@pytest.mark.parametrize(
    "move",
    [
        fr.ClaimQuarry(-1, None),
        fr.ClaimQuarry(12 * 8, Resource.GRAPES),
        fr.ClaimQuarry(10**100, None),
        fr.PlaceTile("V01", 0, -12),
    ],
)
def test_a_move_off_the_board_is_not_written(move: fr.Move) -> None:
    # dump_move wrote [-1, 11] or [8333..., 4], which read_move then refused; it now refuses
    # the square as format_move does.
    for write in (dump_move, fr.format_move):
        with pytest.raises(fr.MalformedInputError) as caught:
            write(move, STATE)
        assert [(p.path, p.rule) for p in caught.value.problems] == [("square", "R-1.4")]


@pytest.mark.parametrize("square", [0, 11, 12 * 8 - 1])
def test_a_move_on_the_board_round_trips(square: int) -> None:
    for move in (fr.ClaimQuarry(square, None), fr.ClaimQuarry(square, Resource.BOVINE)):
        assert read_move(dump_move(move, STATE), STATE) == move
        assert fr.parse_move(fr.format_move(move, STATE), STATE) == move
