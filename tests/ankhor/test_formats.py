"""Ankh'or's JSON formats: round trips, the shipped schemas, schemas and readers agreeing,
hostile documents, and states no game reaches refused with the rule they break."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from fertility_rules import ankhor
from fertility_rules.ankhor.formats.catalogue import dump_catalogue, read_catalogue
from fertility_rules.ankhor.formats.final_position import (
    dump_final_position,
    read_final_position,
)
from fertility_rules.ankhor.formats.schema import SCHEMA_NAMES, build_schema, schema
from fertility_rules.ankhor.formats.state import (
    dump_interpretations,
    dump_move,
    dump_observation,
    dump_state,
    read_interpretations,
    read_move,
    read_observation,
    read_state,
)
from fertility_rules.ankhor.model import Kind
from fertility_rules.ankhor.testing import interpretations, played
from fertility_rules.errors import MalformedInputError, UnknownIdError

SLOW = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def through_json(data: object) -> Any:
    return json.loads(json.dumps(data))


def problems(read: Any, document: object) -> list[tuple[str, str | None]]:
    original = copy.deepcopy(document)
    with pytest.raises(MalformedInputError) as caught:
        read(document)
    assert document == original, "a reader changed its input"
    return [(p.path, p.rule) for p in caught.value.problems]


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schema(name))


def valid(name: str, document: object) -> bool:
    return not list(validator(name).iter_errors(document))


@pytest.fixture(scope="module")
def middle() -> ankhor.GameState:
    """A state some way into a 3-player game, with tiles on two levels."""
    import random

    rng = random.Random(7)
    state = ankhor.new_game(["A", "B", "C"], seed=7)
    while state.turn < 40:
        moves = ankhor.legal_moves(state)
        buys = [m for m in moves if isinstance(m, ankhor.BuyTile)]
        state = ankhor.apply(state, (buys or moves)[rng.randrange(len(buys or moves))])
    return state


# ---------------------------------------------------------------- round trips


@SLOW
@given(played())
def test_states_views_moves_and_final_positions_round_trip(state: ankhor.GameState) -> None:
    assert read_state(through_json(dump_state(state))) == state
    view = ankhor.observe(state)
    assert read_observation(through_json(dump_observation(state, moves=True))) == view
    assert read_observation(through_json(dump_observation(view))) == view
    for move in ankhor.legal_moves(state):
        assert read_move(through_json(dump_move(move, state)), state) == move
    position = ankhor.final_position(state)
    assert read_final_position(through_json(dump_final_position(position))) == position


def test_a_catalogue_round_trips_and_an_owners_catalogue_plays() -> None:
    default = ankhor.default_catalogue()
    assert read_catalogue(through_json(dump_catalogue(default))) == default
    data = dump_catalogue(default)
    data["name"] = "owner"
    data["tiles"][3]["points"] = 3  # value tiles of 3 VP
    owner = read_catalogue(data)
    assert {t.points for t in owner.tiles if t.kind is Kind.VALUE} == {3}
    state = ankhor.new_game(["A", "B"], seed=1, catalogue=owner)
    assert read_state(through_json(dump_state(state))).config.catalogue == owner
    assert dump_state(state)["catalogue"]["name"] == "owner"


def test_a_reader_copies_its_converter_once_and_again_after_a_new_hook() -> None:
    # A copy compiles its structuring functions anew on first use: made at every call,
    # it cost a reader of a state ten times the reading.
    from fertility_rules.ankhor.formats import converter as converters
    from fertility_rules.ankhor.formats.state import _converter

    first = _converter()
    assert _converter() is first
    assert converters.converter_with({}) is not first
    converters.HOOKS.cache_clear()  # as a new registration does
    again = _converter()
    assert again is not first
    assert read_state(dump_state(ankhor.new_game(["A", "B"], seed=1))).turn == 1


# ---------------------------------------------------------------- schemas


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_shipped_schemas_are_what_the_library_builds_and_stand_alone(name: str) -> None:
    shipped = schema(name)
    assert shipped == through_json(build_schema(name))
    Draft202012Validator.check_schema(shipped)
    text = json.dumps(shipped)
    refs = set(re.findall(r'"\$ref": "([^"]+)"', text))
    assert all(ref.startswith("#/$defs/") for ref in refs), refs
    assert all(ref.split("/")[-1] in shipped["$defs"] for ref in refs)


def test_schema_patterns_use_only_ecmascript_syntax() -> None:
    # The patterns of the formats are anchored alternations of plain letters: the same
    # language in Python and ECMA-262 (unicode mode), no class escapes, no lookaround.
    for name in SCHEMA_NAMES:
        for pattern in re.findall(r'"pattern": "([^"]+)"', json.dumps(schema(name))):
            assert re.fullmatch(r"[\^$a-z0-9|()\[\]*?+\-{}]+", pattern), pattern
            re.compile(pattern)


def test_unknown_schemas_are_library_errors() -> None:
    with pytest.raises(UnknownIdError):
        schema("chess")


@SLOW
@given(played())
def test_every_document_validates(state: ankhor.GameState) -> None:
    assert valid("game-state", dump_state(state))
    assert valid("observation", dump_observation(state, moves=True))
    assert valid("final-position", dump_final_position(ankhor.final_position(state)))
    assert all(valid("move", dump_move(m)) for m in ankhor.legal_moves(state))
    assert valid("catalogue", dump_catalogue(ankhor.default_catalogue()))


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "catalogue":
                found += _paths(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:3]):
            found += _paths(value, (*path, index))
    return found


_WRONG: list[Any] = [None, True, -1, 1.5, "x", [], {}, 10**6, [[[]]], {"x": 1}]


def _mutated(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy_ = copy.deepcopy(document)
    if not path:
        return value
    parent = copy_
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = value
    return copy_


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_schema_and_reader_agree_on_mutated_documents(
    middle: ankhor.GameState, data: st.DataObject
) -> None:
    readers: dict[str, tuple[Any, Any]] = {
        "game-state": (dump_state(middle), read_state),
        "observation": (dump_observation(middle), read_observation),
        "final-position": (dump_final_position(ankhor.final_position(middle)), read_final_position),
        "move": (dump_move(ankhor.legal_moves(middle)[0]), read_move),
    }
    name = data.draw(st.sampled_from(sorted(readers)))
    document, read = readers[name]
    path = data.draw(st.sampled_from(_paths(document)))
    value = data.draw(st.sampled_from(_WRONG))
    mutated = _mutated(document, path, value)
    try:
        read(copy.deepcopy(mutated))
    except MalformedInputError:
        accepted = False
    else:
        accepted = True
    if not valid(name, mutated):
        assert not accepted, (name, path, value)  # what the schema refuses, the reader refuses
    if accepted:
        assert valid(name, mutated), (name, path, value)


# ---------------------------------------------------------------- hostile documents


NESTED: Any = []
for _level in range(40):
    NESTED = [NESTED]


def test_hostile_documents_are_library_errors(middle: ankhor.GameState) -> None:
    good = dump_state(middle)
    cases: list[Any] = [
        None,
        [],
        "state",
        {},
        {**good, "format": "fertility-rules/game-state/1"},
        {**good, "rules_version": "0"},
        {**good, "unknown": 1},
        {**good, "players": "AB"},
        {**good, "supply": {"blue": 10**40}},
        {**good, "offer": [None] * 5000},
        {**good, "players": NESTED},
        {**good, "interpretations": {"height": "very"}},
        {**good, "interpretations": {"height": None}},
        {**good, "catalogue": "mine"},
        {**good, "catalogue": {"format": "fertility-rules/ankhor-catalogue/1"}},
    ]
    for document in cases:
        assert problems(read_state, document)


@pytest.mark.parametrize(
    ("change", "path", "rule"),
    [
        (lambda d: d["piles"][0].append(d["piles"][1][0]), "$", "A-1.2"),
        (lambda d: d["supply"].update(blue=d["supply"]["blue"] + 1), "$.supply", "A-1.1"),
        (lambda d: d.update(reserve=d["reserve"] - 1), "$.reserve", "A-1.4"),
        (lambda d: d["prices"].__setitem__(0, ["red", "red"]), "$.prices", "A-1.3"),
        (
            lambda d: d["players"][0]["tiles"].append({"tile": "nobody", "at": [0, 9, 9]}),
            None,
            "A-1.2",
        ),
        (lambda d: d.update(current=7), "$.current", "A-2.6"),
        (lambda d: d.update(ending=not d["ending"]), "$.ending", "A-6.1"),
        (
            lambda d: d["players"][1].update(turns=d["players"][1]["turns"] + 3),
            "$.players",
            "A-6.1",
        ),
        (lambda d: d.update(phase="store"), "$.phase", "A-3.6"),
        (lambda d: d.update(phase="return"), "$.phase", "A-3.9"),
        (lambda d: d["players"][0].update(stored=[[0, 50, 50]]), "$.players[0].stored", "A-3.6"),
        (lambda d: d["progress"].update(spent=3), "$.progress.spent", "A-4.1"),
        (lambda d: d["players"][0]["tokens"].update(red=20), None, None),
    ],
)
def test_states_no_game_reaches_are_refused_with_their_rule(
    middle: ankhor.GameState, change: Any, path: str | None, rule: str | None
) -> None:
    document = dump_state(middle)
    change(document)
    found = problems(read_state, document)
    if path is not None:
        assert (path, rule) in found, found
    elif rule is not None:
        assert rule in {r for _p, r in found}, found


def test_a_higher_tile_in_the_air_is_refused() -> None:
    state = ankhor.new_game(["A", "B"], seed=2)
    document = dump_state(state)
    tile = document["piles"][0].pop()
    document["players"][0]["tiles"].append({"tile": tile, "at": [1, 0, 0]})
    found = problems(read_state, document)
    assert ("$.players[0].tiles", "A-3.5") in found


def test_an_observation_with_moves_that_are_not_its_own_is_refused(
    middle: ankhor.GameState,
) -> None:
    document = dump_observation(middle, moves=True)
    document["legal_moves"] = document["legal_moves"][1:]
    assert ("$.legal_moves", "A-3") in problems(read_observation, document)
    document = dump_observation(middle)
    document["pile_sizes"] = [document["pile_sizes"][0] + 1, document["pile_sizes"][1]]
    assert ("$.pile_sizes", "A-8.1") in problems(read_observation, document)
    document = dump_observation(middle)
    document["unseen"] = list(reversed(document["unseen"]))
    assert ("$.unseen", "A-8.1") in problems(read_observation, document)


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        (lambda d: d["tiles"][0].update(per_colour=1), "A-1.2"),
        (lambda d: d["tiles"][0].update(colours=["blue", "blue"]), "A-1.2"),
        (lambda d: d["tiles"][0].update(kind="lion"), "A-1.2"),
        (lambda d: d["tiles"][3].update(points=0), "A-7.1"),
        (lambda d: d["tokens"].update(per_kind=5), "A-1.1"),
        (lambda d: d["bonus_tokens"].update(count=11), "A-1.4"),
        (lambda d: d["price_board"].update(slots=[2, 2, 2, 3, 3, 4]), "A-1.3"),
        (lambda d: d["price_markers"].update(markers=[13, 2, 0, 0, 0]), "A-2.3"),
        (lambda d: d["end"].update(tiles=0), "A-6.1"),
        (lambda d: d["limits"].pop("ankhs"), None),
        (lambda d: d["tiles"].__setitem__(4, {**d["tiles"][4], "per_colour": 3}), None),
    ],
)
def test_broken_catalogues_are_refused(change: Any, rule: str | None) -> None:
    document = dump_catalogue(ankhor.default_catalogue())
    change(document)
    found = problems(read_catalogue, document)
    if rule is not None:
        assert rule in {r for _p, r in found}, found


def test_final_positions_are_checked() -> None:
    good = dump_final_position(ankhor.final_position(ankhor.new_game(["A", "B"], seed=1)))
    twice = copy.deepcopy(good)
    twice["players"][0]["tiles"] = [
        {"tile": "red-desert", "at": [0, 0, 0]},
        {"tile": "red-desert", "at": [0, 1, 0]},
    ]
    assert ("$.players", "A-1.2") in problems(read_final_position, twice)
    floating = copy.deepcopy(good)
    floating["players"][0]["tiles"] = [{"tile": "red-desert", "at": [1, 0, 0]}]
    assert ("$.players[0].tiles[0].at", "A-3.5") in problems(read_final_position, floating)
    rich = copy.deepcopy(good)
    rich["players"][0]["tokens"] = {"blue": 7}
    assert ("$.players", "A-1.1") in problems(read_final_position, rich)


@given(interpretations())
def test_readings_round_trip(readings: ankhor.Interpretations) -> None:
    assert read_interpretations(through_json(dump_interpretations(readings))) == readings


def test_readings_name_the_switch_at_fault() -> None:
    found = problems(read_interpretations, {"height": "x", "moving": 3, "colour": "red"})
    assert {path for path, _rule in found} == {
        "$.interpretations.height",
        "$.interpretations.moving",
        "$.interpretations.colour",
    }
