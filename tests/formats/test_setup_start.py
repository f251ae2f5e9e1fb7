"""A setup's starting square lies within the widest central board, as the record schema
says (R-1.4): the reader refuses the same squares the schema does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

import fertility_rules as fr
from fertility_rules.fertility.formats.schema import schema
from fertility_rules.fertility.model.valley import BOARD_HEIGHT, MAX_BOARD_WIDTH


@pytest.mark.parametrize(
    "start", [[BOARD_HEIGHT, 2], [25, 5], [-1, 2], [3, MAX_BOARD_WIDTH], [3, 99]]
)
def test_a_start_square_off_every_central_board_is_refused_by_reader_and_schema(
    start: list[int],
) -> None:
    document = json.loads(json.dumps(fr.dump_record(fr.Game.new(["A", "B"], seed=3).record)))
    document["setup"]["start"] = start
    assert not Draft202012Validator(schema("game-record")).is_valid(document)
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.read_record(document)
    problem = caught.value.problems[0]
    assert (problem.path, problem.rule) == ("$.setup.start", "R-1.4")
    assert str(start) in caught.value.render("nl")


def test_a_start_square_within_the_bounds_is_read() -> None:
    record = fr.Game.new(["A", "B"], seed=3).record
    assert fr.read_record(fr.dump_record(record)).setup.start == record.setup.start


def _record_with_setup() -> dict[str, object]:
    from fertility_rules.fertility import default_catalogue
    from fertility_rules.fertility.setup import random_setup

    setup = random_setup(default_catalogue(), 2, False, 1)
    record = fr.GameRecord(("A", "B"), (), setup=setup)
    document: dict[str, object] = json.loads(json.dumps(fr.dump_record(record)))
    return document


def test_a_setup_that_breaks_the_setup_rules_is_refused_when_read_naming_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fertility_rules.cli import main

    document = _record_with_setup()
    document["setup"]["tiles"][0] = "ZZZ"  # type: ignore[index]
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.read_record(document)
    ((path, rule),) = [(p.path, p.rule) for p in caught.value.problems]
    assert (path, rule) == ("$.setup.tiles", "R-2.2")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.load_record(bad)
    assert caught.value.source == str(bad)
    for command in ("verify", "show"):
        assert main([command, str(bad)]) == 1
        assert "bad.json" in capsys.readouterr().err
    one_player_less = {**_record_with_setup(), "players": ["A", "B", "C"]}
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.read_record(one_player_less)
    assert all(p.path.startswith("$.setup") for p in caught.value.problems)
