"""Bad final-position files through ``fertility-rules score``: one line per problem, with its
JSON path and the rule it breaks; never a traceback."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fertility_rules import MalformedInputError
from fertility_rules.cli import main
from fertility_rules.fertility import load_final_position, read_final_position
from tests.core.helpers import generic, player_doc, position_doc, shop_doc, write_json

DATA = Path(__file__).resolve().parent.parent / "data" / "core"


def base() -> dict[str, Any]:
    """A valid two-player table."""
    return position_doc(
        [
            player_doc(
                "Amunet",
                [
                    shop_doc(["any"], generic(2), ["bovine"]),
                    shop_doc(["bovine", "grapes"], {"kind": "statue_choice"}, ["bovine"]),
                ],
                wheat=3,
                monuments=1,
            ),
            player_doc("Bek", [shop_doc(["papyrus"], generic(5), [])], wheat=10, monuments=2),
        ]
    )


def test_base_is_valid() -> None:
    assert len(read_final_position(base()).players) == 2


Corrupt = Callable[[dict[str, Any]], None]


def _set(path: list[str | int], value: Any) -> Corrupt:
    def corrupt(document: dict[str, Any]) -> None:
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return corrupt


def _delete(path: list[str | int]) -> Corrupt:
    def corrupt(document: dict[str, Any]) -> None:
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return corrupt


# (name, corruption, JSON path of the one problem, rule or None, words of the message)
CASES: list[tuple[str, Corrupt, str, str | None, str]] = [
    (
        "unknown resource",
        _set(["players", 0, "shops", 0, "tokens"], ["wood"]),
        "$.players[0].shops[0].tokens[0]",
        "R-1.1",
        "unknown resource 'wood'",
    ),
    (
        "unknown icon",
        _set(["players", 1, "shops", 0, "requires"], ["wheat"]),
        "$.players[1].shops[0].requires[0]",
        "R-1.6",
        "unknown icon 'wheat'",
    ),
    (
        "token the Shop cannot take",
        # the Shop needs Bovine + Grapes and holds a Bovine: a second Bovine does not fit
        _set(["players", 0, "shops", 1, "tokens"], ["bovine", "bovine"]),
        "$.players[0].shops[1].tokens",
        "R-1.6",
        "cannot hold the tokens bovine, bovine",
    ),
    (
        "token of a resource the Shop does not show",
        _set(["players", 0, "shops", 1, "tokens"], ["papyrus"]),
        "$.players[0].shops[1].tokens",
        "R-1.6",
        "requiring 1 Bovine + 1 Grape cannot hold the tokens papyrus",
    ),
    (
        "wheat off the track",
        _set(["players", 1, "wheat"], 11),  # the default track has squares 0 to 10
        "$.players[1].wheat",
        "R-1.2",
        "Wheat 11 is off the Wheat Storehouse track (0 to 10)",
    ),
    (
        "negative wheat",
        _set(["players", 1, "wheat"], -1),
        "$.players[1].wheat",
        "R-1.2",
        "Wheat -1 is off the Wheat Storehouse track (0 to 10)",
    ),
    (
        "five monuments",
        _set(["players", 1, "monuments"], 5),
        "$.players[1].monuments",
        "R-1.8",
        "0 to 4 Monuments, not 5",
    ),
    (
        "unknown kind",
        _set(["players", 1, "shops", 0, "benefit", "kind"], "bonus"),
        "$.players[1].shops[0].benefit.kind",
        "R-6",
        "unknown Shop benefit kind 'bonus'",
    ),
    (
        "wrong type",
        _set(["players", 0, "monuments"], "three"),
        "$.players[0].monuments",
        None,
        "expected an integer, found string",
    ),
    (
        "unknown god",
        _set(["players", 1, "shops", 0, "benefit"], {"kind": "statue", "gods": ["Zeus"]}),
        "$.players[1].shops[0].benefit.gods[0]",
        "R-5.3",
        "unknown god 'Zeus'",
    ),
    (
        "unknown catalogue Shop",
        _set(["players", 1, "shops", 0], {"shop": "D99.1", "tokens": []}),
        "$.players[1].shops[0].shop",
        None,
        "D99.1",
    ),
    (
        "same name twice",
        _set(["players", 1, "name"], "Amunet"),
        "$.players[1].name",
        None,
        "Amunet",
    ),
    (
        "unknown field",
        _set(["players", 0, "score"], 12),
        "$.players[0].score",
        None,
        "unknown field 'score'",
    ),
    (
        "missing field",
        _delete(["players", 0, "wheat"]),
        "$.players[0]",
        None,
        "missing field 'wheat'",
    ),
    ("missing players", _delete(["players"]), "$", None, "missing field 'players'"),
]


def problem_lines(stderr: str) -> list[str]:
    """The problem lines of an error report (the first line is the header)."""
    lines = stderr.splitlines()
    assert lines, "nothing on stderr"
    assert "problem" in lines[0]
    return [line.strip() for line in lines[1:]]


def score_file(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["score", str(path)])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(
    ("name", "corrupt", "path", "rule", "words"), CASES, ids=[c[0] for c in CASES]
)
def test_bad_file_one_problem(
    name: str,
    corrupt: Corrupt,
    path: str,
    rule: str | None,
    words: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = copy.deepcopy(base())
    corrupt(document)
    file = write_json(tmp_path / "bad.json", document)
    code, out, err = score_file(file, capsys)
    assert code != 0
    assert out == ""
    assert "Traceback" not in err
    assert str(file) in err.splitlines()[0]
    lines = problem_lines(err)
    assert len(lines) == 1, f"one problem, one line; got {lines}"
    line = lines[0]
    assert line.startswith(f"{path}: ")
    assert words in line
    if rule is not None:
        assert line.endswith(f"({rule})")
    # the library raises the same problem
    with pytest.raises(MalformedInputError) as caught:
        load_final_position(file)
    assert [(p.path, p.rule) for p in caught.value.problems] == [(path, rule)]


def test_several_problems_each_on_its_own_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tests/data/core/bad_final_position.json: four problems, four lines."""
    expected = [
        ("$.players[0].shops[1].tokens[0]", "R-1.1"),  # "wood"
        ("$.players[0].shops[2].tokens", "R-1.6"),  # a second Grapes on a 1-Grapes Shop
        ("$.players[0].wheat", "R-1.2"),  # 12 on a track of squares 0 to 10
        ("$.players[1].monuments", "R-1.8"),  # 5 Monuments
    ]
    code, out, err = score_file(DATA / "bad_final_position.json", capsys)
    assert code != 0
    assert out == ""
    assert "Traceback" not in err
    lines = problem_lines(err)
    assert len(lines) == len(expected), lines
    for path, rule in expected:
        (line,) = [x for x in lines if x.startswith(f"{path}: ")]
        assert line.endswith(f"({rule})")
    assert err.splitlines()[0].startswith(f"{len(expected)} problem")


def test_not_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "bad.json"
    file.write_text('{"format": "fertility-rules/final-position/1", players: []}', "utf-8")
    code, _out, err = score_file(file, capsys)
    assert code != 0
    assert "Traceback" not in err
    (line,) = problem_lines(err)
    assert line.startswith("$: not valid JSON")
    assert "line 1" in line


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = score_file(tmp_path / "nowhere.json", capsys)
    assert code != 0
    assert "Traceback" not in err
    assert "cannot read" in err


def test_not_an_object(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = score_file(write_json(tmp_path / "list.json", [1, 2]), capsys)
    assert code != 0
    (line,) = problem_lines(err)
    assert line == "$: expected an object, found list (fertility-rules/final-position/1)"


def test_wrong_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document = base()
    document["format"] = "fertility-rules/final-position/9"
    code, _out, err = score_file(write_json(tmp_path / "v9.json", document), capsys)
    assert code != 0
    (line,) = problem_lines(err)
    assert line.startswith("$.format: unknown format")


def test_statue_scale_too_short_for_the_gods(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = base()
    document["gods"] = ["Ra", "Isis", "Osiris"]
    document["players"][0]["statue_scale"] = [0, 2, 5]  # needs 4 values: 0..3 Statues
    code, _out, err = score_file(write_json(tmp_path / "scale.json", document), capsys)
    assert code != 0
    (line,) = problem_lines(err)
    assert line.startswith("$.players[0].statue_scale: ")
    assert line.endswith("(R-5.3)")


def test_valid_file_with_catalogue_shops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = position_doc(
        [player_doc("Amunet", [{"shop": "D39.1", "tokens": ["papyrus"]}], wheat=0)]
    )
    assert main(["score", str(write_json(tmp_path / "ok.json", document)), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # D39.1 is the rulebook's "1 Papyrus -> 5 Debens" Shop
    assert data["players"][0]["stages"]["generic"] == 5


def test_catalogue_statue_shop_of_a_god_not_at_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """R-5.3: Statues are of the table's gods. An inline Shop naming another god is refused
    ("unknown god"); a catalogue Shop used by id must be refused the same way, or a table
    of 2 gods scores 3 different Statues."""
    shops = [
        {"shop": "D34.1", "tokens": ["alabaster"]},  # Statue of Ra (default catalogue)
        {"shop": "D12.1", "tokens": ["bovine", "grapes"]},  # Statue of your choice
        {"shop": "D09.2", "tokens": ["bovine", "papyrus"]},  # Statue of your choice
    ]
    document = position_doc(
        [player_doc("Amunet", shops, statue_scale=[0, 2, 5, 10])], gods=["Amun", "Bastet"]
    )
    file = write_json(tmp_path / "gods.json", document)
    code, _out, err = score_file(file, capsys)
    assert code != 0, "a Statue of Ra was scored at a table whose gods are Amun and Bastet"
    assert any(
        line.startswith("$.players[0].shops[0]") and line.endswith("(R-5.3)")
        for line in problem_lines(err)
    ), err
