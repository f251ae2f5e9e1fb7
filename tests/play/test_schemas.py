"""JSON Schemas: shipped files match the library, every document validates, and the
schemas and the readers agree on what they refuse."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import fertility_rules as fr
from fertility_rules.fertility import dump_final_position, read_final_position
from fertility_rules.fertility.catalogue import dump_catalogue, read_catalogue
from fertility_rules.fertility.formats.schema import SCHEMA_NAMES, build_schema, schema
from fertility_rules.fertility.formats.state import dump_move, dump_observation, read_move
from fertility_rules.fertility.model.position import FinalPosition
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.fertility.testing.strategies import catalogue_documents, final_positions
from fertility_rules.testing.agreement import json_parent, json_paths
from tests.play.helpers import played

ROOT = Path(__file__).resolve().parents[2]


def _validator(name: str) -> Draft202012Validator:
    # Alone: every schema is self-contained (its embedded formats under $defs).
    return Draft202012Validator(schema(name))


def _valid(name: str, document: object) -> bool:
    return not list(_validator(name).iter_errors(document))


def _assert_valid(name: str, document: object) -> None:
    errors = [
        f"{list(e.absolute_path)}: {e.message}"[:300]
        for e in _validator(name).iter_errors(document)
    ]
    assert not errors, errors


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_shipped_schemas_are_what_the_library_builds(name: str) -> None:
    # Rewritten by: python -c "import json; from fertility_rules.fertility.formats.schema import *;
    # [open(f'fertility_rules/fertility/formats/schemas/{n}.json', 'w').write(json.dumps(
    # build_schema(n), indent=1, ensure_ascii=False) + '\n') for n in SCHEMA_NAMES]"
    assert schema(name) == json.loads(json.dumps(build_schema(name)))
    Draft202012Validator.check_schema(schema(name))


def test_unknown_schema_names_are_library_errors() -> None:
    with pytest.raises(fr.UnknownIdError):
        schema("chess")


def test_examples_and_golden_files_validate() -> None:
    _assert_valid("catalogue", dump_catalogue(fr.default_catalogue()))
    for path in (ROOT / "docs" / "examples").glob("*.json"):
        _assert_valid("final-position", json.loads(path.read_text("utf-8")))
    records = sorted((ROOT / "tests" / "golden" / "records").glob("*.json"))
    games = [p for p in records if not p.name.endswith(".score.json")]
    assert games
    for path in games:
        _assert_valid("game-record", json.loads(path.read_text("utf-8")))
    _assert_valid("final-position", dump_final_position(rulebook_example()))


@given(played(60))
def test_generated_states_views_records_and_moves_validate(game: fr.Game) -> None:
    state = game.state
    _assert_valid("game-state", fr.dump_state(state))
    _assert_valid("observation", dump_observation(state, moves=True))
    _assert_valid("game-record", fr.dump_record(game.record))
    for move in fr.legal_moves(state):
        _assert_valid("move", dump_move(move, state))


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(catalogue_documents())
def test_generated_catalogues_validate(document: dict[str, Any]) -> None:
    _assert_valid("catalogue", document)


@given(final_positions())
def test_generated_final_positions_validate(position: FinalPosition) -> None:
    _assert_valid("final-position", dump_final_position(position))


# ---------------------------------------------------------------- agreement on refusals

SAVED = fr.Game.new(["Amunet", "Bek"], seed=9)


def _state_with(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(fr.dump_state(SAVED.state))
    change(data)
    return data


def _rejects(read: Any, document: object) -> bool:
    try:
        read(document)
    except fr.FertilityError:
        return True
    return False


SHAPE_BREAKS = [
    lambda d: d.update(format="x"),
    lambda d: d.update(extra=1),
    lambda d: d.pop("players"),
    lambda d: d.update(turn="one"),
    lambda d: d.update(turn=-1),
    lambda d: d.update(phase="dance"),
    lambda d: d["stock"].update(bovine=-3),
    lambda d: d["stock"].update(gold=1),
    lambda d: d["tiles"][0]["squares"].__setitem__(0, [1]),
    lambda d: d["tiles"][0]["squares"].__setitem__(0, [-1, 0]),
    lambda d: d["tiles"][0]["squares"].__setitem__(0, [9, 0]),  # below every board
    lambda d: d["tiles"][0]["squares"].__setitem__(0, [0, 16]),  # beyond 4 Valley boards
    lambda d: d["tiles"][0].update(scenes=["wood"]),
    lambda d: d["players"][0].update(monument_type="tower"),
    lambda d: d["players"][0].update(monuments=5),
    lambda d: d["players"][0]["shops"][0].append("gold"),
    lambda d: d["players"][0].update(districts=[{"district": "D01", "spot": 9}]),
    lambda d: d["interpretations"].update(quarry_enclosure="six"),
    lambda d: d.update(catalogue=3),
    lambda d: d.update(players=[d["players"][0]]),
]


@pytest.mark.parametrize("index", range(len(SHAPE_BREAKS)))
def test_schema_and_reader_refuse_the_same_broken_shapes(index: int) -> None:
    document = _state_with(SHAPE_BREAKS[index])
    assert not _valid("game-state", document)
    assert _rejects(fr.read_state, document)


# Known one-directional cases: documents of the right shape that break a rule or name
# an id the catalogue does not have. The schema accepts them (it knows no catalogue and
# no rule); the reader refuses them.
READER_ONLY = [
    lambda d: d["pile"].append("V99"),  # unknown tile id
    lambda d: d["players"][0].update(board="M9"),  # unknown Metropolis board
    lambda d: d["players"][0]["shops"][0].extend(["grapes"] * 5),  # tokens beyond icons
    lambda d: d["players"][0].update(wheat=99),  # Wheat off the track
    # Off this board of 3 Valley boards, on the widest one of 4.
    lambda d: d["tiles"][0]["squares"].__setitem__(0, [0, 13]),
    lambda d: d.update(current=3),  # no such player
    lambda d: d.update(rules_version="0"),  # another rules version
]


@pytest.mark.parametrize("index", range(len(READER_ONLY)))
def test_rule_and_id_problems_are_the_readers_alone(index: int) -> None:
    document = _state_with(READER_ONLY[index])
    assert _valid("game-state", document)
    assert _rejects(fr.read_state, document)


MOVE_BREAKS = [
    {"type": "fly"},
    {"type": "supply", "resource": "gold", "shop": 0},
    {"type": "supply", "resource": "grapes"},
    {"type": "supply", "resource": "grapes", "shop": -1},
    {"type": "build", "district": "D01", "spot": 0, "tokens": ["wood"]},
    {"type": "place", "tile": "V01", "squares": [[0, 0]]},
    {"type": "end_supply", "extra": True},
    "end",
]


@pytest.mark.parametrize("document", MOVE_BREAKS)
def test_schema_and_reader_refuse_the_same_broken_moves(document: object) -> None:
    assert not _valid("move", document)
    assert _rejects(lambda d: read_move(d, SAVED.state), document)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_the_command_prints_the_shipped_schema(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from fertility_rules.cli import main

    assert main(["schema", name]) == 0
    assert json.loads(capsys.readouterr().out) == schema(name)


RECORD = fr.dump_record(SAVED.play(fr.legal_moves(SAVED.state)[0]).record)

RECORD_BREAKS = [
    lambda d: d.update(players=3),
    lambda d: d.update(players=["A"]),
    lambda d: d.update(players=["A", "B", "C", "D", "E"]),
    lambda d: d.update(extra=True),
    lambda d: d["moves"].append({"type": "fly"}),
    lambda d: d["moves"].append({"type": "supply", "resource": "grapes", "shop": "1"}),
    lambda d: d.update(variant="yes"),
    lambda d: d["interpretations"].update(district_offer=5),
    lambda d: d.pop("moves"),
]


@pytest.mark.parametrize("index", range(len(RECORD_BREAKS)))
def test_schema_and_reader_refuse_the_same_broken_records(index: int) -> None:
    document = copy.deepcopy(RECORD)
    RECORD_BREAKS[index](document)
    assert not _valid("game-record", document)
    assert _rejects(fr.read_record, document)


def test_a_record_needs_a_seed_or_a_setup_for_both() -> None:
    # Once one-directional: the schema took a record with neither, which the reader
    # refuses; the schema now asks for one of the two keys.
    document = copy.deepcopy(RECORD)
    document.pop("setup")
    document.pop("seed", None)
    assert not _valid("game-record", document)
    assert _rejects(fr.read_record, document)


def test_a_setup_quarter_turn_is_refused_by_both() -> None:
    # Once one-directional: the record reader took a quarter-turn count of 4 and only
    # start_game refused it; the setup value now refuses it when it is made.
    document = copy.deepcopy(RECORD)
    document["setup"]["start_rotation"] = 4
    assert not _valid("game-record", document)
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.read_record(document)
    assert [(p.path, p.rule) for p in caught.value.problems] == [
        ("$.setup.start_rotation", "R-2.1")
    ]


# ------------------------------------------- agreement on refusals: catalogues, positions
#
# Valid documents broken at random in the four ways a hand-edited file breaks: a value
# of the wrong type, a key missing, a key too many, a value out of range. Whenever the
# schema refuses a broken document, the reader must refuse it too (the reader refuses at
# least what the schema refuses). The other direction does not hold, and need not: the
# reader checks what a schema cannot say (see the examples after the property tests).

_WRONG_VALUES: list[object] = [None, True, "x", 1.5, -1, [], {}, [1], {"x": 1}]
_OUT_OF_RANGE: list[object] = [-1, -(10**6), 10**9, 0, "", "gold", [], [[]]]


@st.composite
def _broken(draw: st.DrawFn, documents: st.SearchStrategy[dict[str, Any]]) -> dict[str, Any]:
    """A valid document from ``documents`` with one to three random breaks."""
    document = copy.deepcopy(draw(documents))
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in json_paths(document) if p != ("format",)]  # tested above
        # Half the breaks near the top, where a key or a number may break without the
        # shape breaking: a catalogue has thousands of board squares deeper down.
        shallow = [p for p in paths if len(p) <= 3]
        path = draw(st.sampled_from(shallow if draw(st.booleans()) else paths))
        parent = json_parent(document, path)
        how = draw(st.sampled_from(["type", "missing", "extra", "range"]))
        if how == "type":
            parent[path[-1]] = draw(st.sampled_from(_WRONG_VALUES))
        elif how == "range":
            parent[path[-1]] = draw(st.sampled_from(_OUT_OF_RANGE))
        elif how == "missing" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "missing":
            parent.pop(path[-1])
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(["extra", "id", "shops", "tokens", "kind"]))] = 1
        else:
            parent.append(copy.deepcopy(parent[path[-1]]))
    return document


@settings(
    max_examples=150,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(_broken(catalogue_documents()))
def test_the_catalogue_reader_refuses_whatever_the_schema_refuses(
    document: dict[str, Any],
) -> None:
    if not _valid("catalogue", document):
        assert _rejects(read_catalogue, document)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(_broken(final_positions().map(dump_final_position)))
def test_the_final_position_reader_refuses_whatever_the_schema_refuses(
    document: dict[str, Any],
) -> None:
    if not _valid("final-position", document):
        assert _rejects(read_final_position, document)


CATALOGUE = dump_catalogue(fr.default_catalogue())

# Known one-directional cases: well-shaped catalogues that break a rule between fields.
# The schema accepts them (it cannot compare one item with another); the reader refuses.
CATALOGUE_READER_ONLY: list[Callable[[dict[str, Any]], object]] = [
    # Two Valley tiles with one id: ids are unique per kind.
    lambda d: d["valley_tiles"][1].update(id=d["valley_tiles"][0]["id"]),
    # Two Districts with one id.
    lambda d: d["districts"][1].update(id=d["districts"][0]["id"]),
    # A Statue of a god the catalogue does not name.
    lambda d: d["districts"][0]["shops"][0].update(benefit={"kind": "statue", "gods": ["Thoth"]}),
    # A Wheat track that goes down.
    lambda d: d["metropolis_boards"][0]["wheat_track"].update(values=[0, 5, 3]),
    # A Statues scale too short for the five gods.
    lambda d: d["metropolis_boards"][0]["statue_scale"].update(values=[0, 2]),
    # Valley boards without a start symbol anywhere.
    lambda d: [b.update(rows=[r.replace("S", ".") for r in b["rows"]]) for b in d["valley_boards"]],
]


@pytest.mark.parametrize("index", range(len(CATALOGUE_READER_ONLY)))
def test_catalogue_rules_between_fields_are_the_readers_alone(index: int) -> None:
    document = copy.deepcopy(CATALOGUE)
    CATALOGUE_READER_ONLY[index](document)
    assert _valid("catalogue", document)
    assert _rejects(read_catalogue, document)


POSITION = dump_final_position(rulebook_example())

# Known one-directional cases for final positions: the schema knows neither the icons a
# Shop's tokens must match, nor the gods of the table, nor where a track ends.
POSITION_READER_ONLY: list[Callable[[dict[str, Any]], object]] = [
    # Tokens a Shop's icons cannot take.
    lambda d: d["players"][0]["shops"][0].update(tokens=["grapes"] * 9),
    # Wheat beyond the top of the track.
    lambda d: d["players"][0].update(wheat=999),
    # A Statue of a god not at the table.
    lambda d: d["players"][0]["shops"].append(
        {"requires": ["any"], "benefit": {"kind": "statue", "gods": ["Thoth"]}}
    ),
    # A track that goes down.
    lambda d: d["players"][0].update(wheat_track=[0, 5, 3]),
    # A Statues scale too short for the gods at the table.
    lambda d: d["players"][0].update(statue_scale=[0, 2]),
]


@pytest.mark.parametrize("index", range(len(POSITION_READER_ONLY)))
def test_final_position_rules_between_fields_are_the_readers_alone(index: int) -> None:
    document = copy.deepcopy(POSITION)
    POSITION_READER_ONLY[index](document)
    assert _valid("final-position", document)
    assert _rejects(read_final_position, document)


@pytest.mark.parametrize(
    "key", [key for key in CATALOGUE if key not in ("format", "name", "title", "note")]
)
def test_a_catalogue_without_a_section_is_refused_by_both(key: str) -> None:
    # The schema once required only the format and the name; the reader needs every
    # section, so the schema now says so too.
    document = copy.deepcopy(CATALOGUE)
    del document[key]
    assert not _valid("catalogue", document)
    assert _rejects(read_catalogue, document)


@pytest.mark.parametrize("key", ["wheat_track", "statue_scale"])
def test_an_empty_track_is_refused_by_both(key: str) -> None:
    # Found by the random breaks above: the reader took an empty track for a missing
    # one and used the catalogue's; a track left out is the catalogue's, an empty one
    # is refused.
    document = copy.deepcopy(POSITION)
    document["players"][0][key] = []
    assert not _valid("final-position", document)
    assert _rejects(read_final_position, document)
    del document["players"][0][key]
    assert _valid("final-position", document)
    assert not _rejects(read_final_position, document)
