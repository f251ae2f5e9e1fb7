"""A setup's starting square lies within the widest central board, as the record schema
says (R-1.4): the reader refuses the same squares the schema does."""

from __future__ import annotations

import json

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
