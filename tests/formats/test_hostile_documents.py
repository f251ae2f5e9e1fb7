"""Regression tests: each class of hostile or wrong document found by fuzzing the loaders.

Every one ends in a :class:`MalformedInputError` naming the path (and the rule where a
game rule is broken), never in another exception, a hang or a wrong acceptance.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from fertility_rules import (
    GameRecord,
    MalformedInputError,
    dump_record,
    read_record,
    score_position,
)
from fertility_rules._version import RULES_VERSION
from fertility_rules.fertility import read_final_position
from fertility_rules.fertility.catalogue import read_catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue, dump_catalogue
from fertility_rules.fertility.effects import GenericBenefit
from fertility_rules.fertility.formats.interpretations import read_interpretations
from fertility_rules.fertility.model import Icon, Shop, ShopState
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.scoring.render import report_to_text
from tests.core.helpers import generic, metropolis, player_doc, position_doc, shop_doc

RECORD = dump_record(GameRecord(players=("A", "B"), moves=(), seed=1))


def problems(read: Any, document: object) -> list[tuple[str, str | None, str]]:
    with pytest.raises(MalformedInputError) as caught:
        read(document)
    return [(p.path, p.rule, str(p.message)) for p in caught.value.problems]


def table(**extra: Any) -> dict[str, Any]:
    return position_doc(
        [player_doc("Amunet", [shop_doc(["any"], generic(2), ["grapes"])])], **extra
    )


# ---------------------------------------------------------------- wrong acceptance


def test_rules_version_is_checked() -> None:
    record = {**RECORD, "rules_version": "0"}
    ((path, rule, message),) = problems(read_record, record)
    assert path == "$.rules_version"
    assert rule is None
    assert message == (
        f"this record needs rules version '0'; this library plays rules version {RULES_VERSION}"
    )
    assert read_record(RECORD).players == ("A", "B")


def test_a_wrong_rules_version_is_shown_escaped_and_short() -> None:
    record = {**RECORD, "rules_version": "\x1b[2J" + "9" * 500}
    ((_path, _rule, message),) = problems(read_record, record)
    assert "\x1b" not in message
    assert "'\\x1b[2J999" in message
    assert len(message) < 200


@pytest.mark.parametrize("value", [4.5, True, "4", 1e40])
def test_an_integer_is_an_integer(value: object) -> None:
    document = table()
    document["players"][0]["wheat"] = value
    ((path, rule, message),) = problems(read_final_position, document)
    assert (path, rule) == ("$.players[0].wheat", None)
    assert message.startswith("expected an integer, found ")


def test_a_seed_of_4_5_is_refused() -> None:
    assert [p[0] for p in problems(read_record, {**RECORD, "seed": 4.5})] == ["$.seed"]


def test_a_whole_number_written_4_0_is_the_integer_4_as_in_json_schema() -> None:
    # JSON Schema's "integer" admits 4.0 (JSON cannot tell it from 4); the readers agree.
    assert read_record({**RECORD, "seed": 4.0}).seed == 4
    document = table()
    document["players"][0]["wheat"] = 2.0
    assert read_final_position(document).players[0].metropolis.wheat == 2


@pytest.mark.parametrize(
    ("gods", "path"), [(["Ra", ""], "$.gods[1]"), ([], "$.gods"), (["Ra", "Ra"], "$.gods[1]")]
)
def test_the_gods_of_a_final_position(gods: list[str], path: str) -> None:
    found = problems(read_final_position, table(gods=gods))
    assert (path, "R-5.3") in [(p, r) for p, r, _m in found]


def test_second_place_above_first_is_reported_not_clamped() -> None:
    found = problems(read_final_position, table(monument_scores={"first": 5, "second": 9}))
    assert found == [
        ("$.monument_scores.second", "R-5.4", "second place cannot score more than first")
    ]
    found = problems(read_final_position, table(monument_scores={"first": "x", "second": 9}))
    assert [p for p, _r, _m in found] == ["$.monument_scores.first"]


def test_optional_fields_are_left_out_not_null() -> None:
    found = problems(read_final_position, table(monument_scores=None))
    assert [p for p, _r, _m in found] == ["$.monument_scores"]


# ---------------------------------------------------------------- values that broke output


def test_a_shop_worth_a_huge_number_of_debens() -> None:
    document = table()
    document["players"][0]["shops"][0]["benefit"]["debens"] = 10**5000
    ((path, _rule, message),) = problems(read_final_position, document)
    assert path == "$.players[0].shops[0].benefit.debens"
    assert "more than 30 digits" in message
    # built in Python, such a Shop still scores, and its sheet renders
    shop = Shop((Icon.ANY,), GenericBenefit(10**5000))
    position = FinalPosition(
        (PlayerPosition("P", metropolis([ShopState(shop, (1, 0, 0, 0))])),), ("Ra",)
    )
    assert "<5001 digits>" in report_to_text(score_position(position))


def test_huge_integers_from_python_are_bounded() -> None:
    record = copy.deepcopy(RECORD)
    record["moves"] = [{"type": "supply", "resource": "grapes", "shop": 10**5000}]
    ((path, _rule, message),) = problems(read_record, record)
    assert path == "$.moves[0].shop"
    assert "more than 30 digits" in message


def test_a_lone_surrogate_in_a_name() -> None:
    document = table()
    document["players"][0]["name"] = "\ud800"
    ((path, _rule, message),) = problems(read_final_position, document)
    assert path == "$.players[0].name"
    assert "lone surrogate" in message


@pytest.mark.parametrize("depth", [30, 1000, 100_000])
def test_deep_values_in_interpretations(depth: int) -> None:
    value: object = "eight"
    for _ in range(depth):
        value = [value]
    record = {**RECORD, "interpretations": {"quarry_enclosure": value}}
    found = problems(read_record, record)
    assert found[0][0].startswith("$.interpretations.quarry_enclosure")
    assert "deeper than" in found[0][2]
    assert problems(read_interpretations, {"quarry_enclosure": value})


def test_a_million_shops_are_refused_fast() -> None:
    document = table()
    document["players"][0]["shops"] = [{"shop": "M1.1"}] * 10**6
    start = time.monotonic()
    ((path, _rule, message),) = problems(read_final_position, document)
    assert time.monotonic() - start < 1
    assert path == "$.players[0].shops"
    assert "more than 5000 items" in message


def _state_document() -> dict[str, Any]:
    from fertility_rules.fertility import dump_state, new_game

    return dump_state(new_game(["A", "B"], seed=1))


def test_a_tuple_built_in_python_is_held_to_the_limits_of_a_list() -> None:
    from fertility_rules.fertility import read_state

    document = _state_document()
    squares = document["tiles"][0]["squares"]
    document["tiles"][0]["squares"] = [(10**5000, 0), *squares[1:]]
    ((path, _rule, message),) = problems(read_state, document)
    assert (path, message) == ("$.tiles[0].squares[0][0]", "an integer has more than 30 digits")
    record = {**RECORD, "players": ("A", "B\ud800")}
    ((path, _rule, message),) = problems(read_record, record)
    assert path == "$.players[1]"
    assert "lone surrogate" in message
    ((path, _rule, message),) = problems(read_final_position, table(gods=("Ra\ud800",)))
    assert path == "$.gods[0]"
    assert "lone surrogate" in message


def test_a_long_tuple_is_refused_fast() -> None:
    from fertility_rules.fertility import read_state

    document = _state_document()
    document["players"] = ("x",) * 10**6
    start = time.monotonic()
    ((path, _rule, message),) = problems(read_state, document)
    assert time.monotonic() - start < 1
    assert (path, message) == ("$.players", "more than 5000 items, far beyond the game")


@pytest.mark.parametrize(
    ("players", "name"),
    [
        ({"A", "B"}, "set"),
        (frozenset({"A", "B"}), "frozenset"),
        (range(10**9), "range"),
        (MappingProxyType({"A": 1}), "mappingproxy"),
        (b"AB", "bytes"),
    ],
)
def test_a_container_json_does_not_have_is_refused_by_its_type(players: object, name: str) -> None:
    ((path, _rule, message),) = problems(read_record, {**RECORD, "players": players})
    assert path == "$.players"
    assert message.startswith(f"a value of type {name}, which JSON does not have")


def test_the_moves_of_a_record_given_as_a_tuple_are_read() -> None:
    record = dump_record(GameRecord(players=("A", "B"), moves=(), seed=1))
    moves = [{"type": "supply", "resource": "grapes", "shop": 1}]
    given = read_record({**record, "moves": tuple(moves)}).moves
    assert len(given) == 1
    assert given == read_record({**record, "moves": moves}).moves


def test_a_metropolis_has_at_most_seven_districts_worth_of_shops_in_a_file(
    tmp_path: Path,
) -> None:
    file = tmp_path / "shops.json"
    document = table()
    document["players"][0]["shops"] = [{"shop": "M1.1"}] * 20_000
    file.write_text(json.dumps(document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "fertility_rules.cli", "score", str(file)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "$.players[0].shops: more than 5000 items" in done.stderr
    assert "Traceback" not in done.stderr


# ---------------------------------------------------------------- duplicate keys, all formats


@pytest.mark.parametrize("command", [["score"], ["verify"], ["catalogue", "check"]])
def test_duplicate_keys_in_any_file(command: list[str], tmp_path: Path) -> None:
    file = tmp_path / "dup.json"
    file.write_text('{"format": "a", "format": "b"}', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "fertility_rules.cli", *command, str(file)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert "$.format: the key 'format' is given twice" in done.stderr


def test_catalogue_every_problem_at_once_even_with_broken_sections() -> None:
    document = copy.deepcopy(dump_catalogue(default_catalogue()))
    document["stock"] = {"per_resource": 0, "provenance": "guess"}
    document["monuments"]["second"] = 99
    document["gods"]["names"] = ["Ra", ""]
    found = {(p, r) for p, r, _m in problems(read_catalogue, document)}
    assert {
        ("$.stock.per_resource", "R-1.1"),
        ("$.stock.provenance", None),
        ("$.monuments.second", "R-5.4"),
        ("$.gods.names[1]", "R-5.3"),
    } <= found


@pytest.mark.parametrize("section", ["stock", "monuments", "gods"])
def test_a_catalogue_section_written_as_a_list_is_a_problem_not_a_crash(section: str) -> None:
    document = copy.deepcopy(dump_catalogue(default_catalogue()))
    document[section] = [0, 0, 0]
    kept = copy.deepcopy(document)
    paths = [p for p, _r, _m in problems(read_catalogue, document)]
    assert paths
    assert all(path.startswith(f"$.{section}") for path in paths)
    assert document == kept


def test_a_shape_problem_names_the_format_a_rule_problem_its_rule() -> None:
    document = table()
    document["players"][0]["score"] = 1
    document["players"][0]["monuments"] = 5
    with pytest.raises(MalformedInputError) as caught:
        read_final_position(document, "table.json")
    lines = caught.value.render().splitlines()
    assert lines[0] == "2 problems in table.json:"
    assert lines[1].startswith("  $.players[0].score: unknown field 'score'")
    assert lines[1].endswith("(fertility-rules/final-position/1)")
    assert lines[2].endswith("(R-1.8)")
    french = caught.value.render("fr").splitlines()
    assert french[1].startswith("  $.players[0].score\u202f: champ 'score' inconnu")
    assert french[1].endswith("(fertility-rules/final-position/1)")


def test_a_metropolis_holds_at_most_25_shops() -> None:
    document = table()
    document["players"][0]["shops"] = [{"shop": "M1.1"}] * 26  # 4 + 7 Districts x 3 = 25
    ((path, rule, message),) = problems(read_final_position, document)
    assert (path, rule) == ("$.players[0].shops", "R-1.7")
    assert message == "A Metropolis holds at most 25 Shops, not 26."
    document["players"][0]["shops"] = [{"shop": "M1.1"}] * 25
    assert len(read_final_position(document).players[0].metropolis.shops) == 25


def test_a_record_reports_every_problem_at_once() -> None:
    record = copy.deepcopy(RECORD)
    record["rules_version"] = "0"
    record["variant"] = "yes"
    record["moves"] = [
        {"type": "place", "tile": "T1", "squares": [[0, 99], [0, 1]]},  # off the board
        {"type": "supply", "resource": "wood", "shop": 0},
        {"type": "fly"},
    ]
    found = {(p, r) for p, r, _m in problems(read_record, record)}
    assert found == {
        ("$.rules_version", None),
        ("$.variant", None),
        ("$.moves[0].squares[0][1]", None),  # beyond the widest board: the format's bound
        ("$.moves[1].resource", "R-1.1"),
        ("$.moves[2].type", None),
    }


@pytest.mark.parametrize(
    ("section", "item", "shop"), [("districts", 0, 1), ("metropolis_boards", 1, 2)]
)
def test_a_shop_problem_is_reported_under_its_shops_index(
    section: str, item: int, shop: int
) -> None:
    # Issue 16.6: the path once lacked the ``.shops[k]`` segment.
    from fertility_rules import default_catalogue
    from fertility_rules.fertility.catalogue import dump_catalogue, read_catalogue

    document = dump_catalogue(default_catalogue())
    document[section][item]["shops"][shop]["requires"] = []
    assert [(p, r) for p, r, _m in problems(read_catalogue, document)] == [
        (f"$.{section}[{item}].shops[{shop}].requires", "R-1.6")
    ]


# ------------------------------------------- what Python says, said in the language


def _rendered(path: Path, language: str) -> str:
    from fertility_rules import load_record

    with pytest.raises(MalformedInputError) as caught:
        load_record(path)
    return caught.value.render(language)


@pytest.mark.parametrize(
    ("content", "english", "french"),
    [
        (None, "there is no such file", "ce fichier n’existe pas"),
        (b'{"a" 1}', "a colon is expected (line 1, column 6)", "un deux-points est attendu"),
        (b"[1 2]", "a comma is expected", "une virgule est attendue"),
        (b'"abc', "a text is not closed", "un texte n’est pas fermé"),
        (b"{} x", "something follows the document", "quelque chose suit le document"),
        (b'"a\\x"', "a backslash escape that JSON does not have", "que JSON ne connaît pas"),
        (b'"\\u12"', "a backslash escape that JSON does not have", "que JSON ne connaît pas"),
        (b"[]", "expected an object, found list", "liste"),
        (b'{"format": true}', "expected a string, found boolean", "booléen"),
    ],
)
def test_what_python_says_of_a_file_is_said_in_the_asked_language(
    tmp_path: Path, content: bytes | None, english: str, french: str
) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_bytes(content)
    assert english in _rendered(path, "en")
    assert french in _rendered(path, "fr")
    for language in ("fr", "pl", "nl"):
        text = _rendered(path, language)
        for python_words in ("Expecting", "No such file", "Unterminated", "Extra data", "found"):
            assert python_words not in text, (language, text)


def test_a_byte_order_mark_before_a_record_is_passed_over(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(RECORD).encode())
    from fertility_rules import load_record

    assert load_record(path).players == ("A", "B")


def test_the_text_of_an_error_lists_fifty_problems_and_counts_the_rest() -> None:
    document = {**RECORD, "players": ["A", "B"], "moves": [{"type": "place"}] * 300}
    with pytest.raises(MalformedInputError) as caught:
        read_record(document)
    error = caught.value
    assert len(error.problems) > 60  # every problem is kept for programs
    lines = error.render("fr").splitlines()
    assert len(lines) == 1 + 50 + 1
    assert lines[-1] == f"  … et {len(error.problems) - 50} autres problèmes"
