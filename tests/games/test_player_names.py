"""Players' names follow one rule in every game and every way in: a new game, a record, a
saved state and a final position. A name that no file can hold (a lone surrogate) used
to be accepted by Fertility's ``new_game`` and then to break ``save_record``."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import fertility_rules as fr
from fertility_rules import ankhor, fertility
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.formats.schema import schema as fertility_schema
from fertility_rules.records.format import dump_record, read_record
from fertility_rules.shared.players import MAX_NAME

NewGame = Callable[..., Any]
GAMES: dict[str, tuple[NewGame, Callable[[Any], dict[str, Any]], Callable[..., Any]]] = {
    "fertility": (fr.new_game, fr.dump_state, fr.read_state),
    "ankhor": (ankhor.new_game, ankhor.dump_state, ankhor.read_state),
}
BAD_NAMES = ["", "\ud800", "Ann\nBob", "tab\there", "x" * (MAX_NAME + 1), "\u200b"]
GOOD_NAMES = ["Zoë", "李", "Ann Lee", "x" * MAX_NAME, "Ŝ 🙂"]


def _paths(error: pytest.ExceptionInfo[MalformedInputError]) -> list[str]:
    return [problem.path for problem in error.value.problems]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", BAD_NAMES)
def test_new_game_refuses_a_name_that_is_not_printable_text(game: str, bad: str) -> None:
    new_game = GAMES[game][0]
    with pytest.raises(MalformedInputError) as error:
        new_game(["Ann", bad], seed=1)
    assert _paths(error)[0].endswith("players[1]")
    assert "printable text of 1 to 100" in str(error.value)


@pytest.mark.parametrize("game", GAMES)
def test_new_game_names_the_second_of_two_equal_names(game: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        GAMES[game][0](["Ann", "Bob", "Ann"], seed=1)
    assert _paths(error)[0].endswith("players[2]")
    assert "'Ann'" in str(error.value)


@pytest.mark.parametrize("game", GAMES)
def test_every_readable_name_plays_and_saves(game: str, tmp_path: Path) -> None:
    new_game, dump_state, read_state = GAMES[game]
    for first, second in itertools.pairwise(GOOD_NAMES):
        state = new_game([first, second], seed=2)
        assert read_state(json.loads(json.dumps(dump_state(state)))) == state
    played = fr.Game.new([GOOD_NAMES[0], GOOD_NAMES[1]], seed=3, game=game)
    path = tmp_path / "game.json"
    fr.save_record(played.record, path)
    assert fr.load_record(path).players == (GOOD_NAMES[0], GOOD_NAMES[1])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bad", ["", "Ann\x07", "x" * (MAX_NAME + 1)])
def test_a_record_with_a_bad_name_is_refused_when_read(game: str, bad: str) -> None:
    record = fr.Game.new(["Ann", "Bob"], seed=4, game=game).record
    data = json.loads(json.dumps(dump_record(record)))
    data["players"][0] = bad
    with pytest.raises(MalformedInputError) as error:
        read_record(data)
    assert _paths(error) == ["$.players[0]"]


@pytest.mark.parametrize("game", GAMES)
def test_a_record_with_two_equal_names_is_refused_when_read(game: str) -> None:
    # It used to be read, and refused only when replayed (Fertility) or not at all.
    record = fr.Game.new(["Ann", "Bob"], seed=4, game=game).record
    data = json.loads(json.dumps(dump_record(record)))
    data["players"] = ["Ann", "Ann"]
    with pytest.raises(MalformedInputError) as error:
        read_record(data)
    assert _paths(error) == ["$.players[1]"]


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_state_with_a_bad_name_is_refused_at_the_name(game: str) -> None:
    new_game, dump_state, read_state = GAMES[game]
    data = json.loads(json.dumps(dump_state(new_game(["Ann", "Bob"], seed=5))))
    data["players"][1]["name"] = "Bob\r"
    with pytest.raises(MalformedInputError) as error:
        read_state(data)
    assert "$.players[1].name" in _paths(error)


def test_an_ankhor_final_position_with_two_equal_names_is_refused() -> None:
    position = ankhor.final_position(ankhor.new_game(["Ann", "Bob"], seed=6))
    data = json.loads(json.dumps(ankhor.dump_final_position(position)))
    data["players"][1]["name"] = "Ann"
    with pytest.raises(MalformedInputError) as error:
        ankhor.read_final_position(data)
    assert _paths(error) == ["$.players[1].name"]


@pytest.mark.parametrize("schema", [fertility_schema, ankhor.schema])
def test_the_record_schemas_bound_a_name_as_the_readers_do(schema: Callable[[str], Any]) -> None:
    name = schema("game-record")["properties"]["players"]["items"]
    assert (name["minLength"], name["maxLength"]) == (1, MAX_NAME)


@pytest.mark.parametrize(("game", "path"), [("fertility", "names"), ("ankhor", "players")])
def test_a_name_that_is_not_text_far_down_a_long_list_is_named(game: str, path: str) -> None:
    # Every name is looked at, not only the first ten (a list cannot be compared for
    # repeats). Both games' new_game refuse the argument's type before their rules.
    names: list[object] = [f"P{i}" for i in range(11)] + [["not", "a", "name"]]
    with pytest.raises(MalformedInputError) as error:
        GAMES[game][0](names, seed=1)
    assert _paths(error)[-1] == path


# ------------------------------------------------------------------------------ seeds
# One range of seeds for both games, their records and schemas, the commands and the
# table server (fertility_rules.shared.seeds): what a signed 64-bit integer holds.

LARGEST = 2**63 - 1


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
@pytest.mark.parametrize("seed", [0, -1, LARGEST, -LARGEST])
def test_a_seed_in_range_sets_a_game_up_and_its_record_reads_back(game: str, seed: int) -> None:
    played = fr.Game.new(["Ann", "Bob"], seed=seed, game=game)
    assert fr.read_record(fr.dump_record(played.record)).seed == seed


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
@pytest.mark.parametrize("seed", [LARGEST + 1, -LARGEST - 1, 2**70])
def test_a_seed_out_of_range_is_refused_by_the_game_the_record_and_its_schema(
    game: str, seed: int
) -> None:
    module = ankhor if game == "ankhor" else fertility
    with pytest.raises(MalformedInputError) as made:
        module.new_game(["Ann", "Bob"], seed=seed)
    assert made.value.problems[0].path == "seed"
    document = fr.dump_record(fr.Game.new(["Ann", "Bob"], seed=1, game=game).record)
    document["seed"] = seed
    with pytest.raises(MalformedInputError) as read:
        fr.read_record(document)
    assert [p.path for p in read.value.problems] == ["$.seed"]
    schema = (ankhor.schema if game == "ankhor" else fertility_schema)("game-record")
    assert list(Draft202012Validator(schema).iter_errors(document))
