"""Schema and reader in agreement in both directions, for every format (issue 16, item 3):
random valid documents broken once; whenever the schema refuses one, the reader
refuses it; whenever the reader refuses one the schema accepts, every problem it names
is beyond a schema (a rule of the game, an id of the catalogue, a limit of the readers,
a relation between fields), listed below with the reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

import fertility_rules as fr
from fertility_rules.errors import Problem
from fertility_rules.fertility import dump_final_position, read_final_position
from fertility_rules.fertility.catalogue import read_catalogue
from fertility_rules.fertility.formats.schema import schema
from fertility_rules.fertility.formats.state import (
    dump_move,
    dump_observation,
    read_move,
    read_observation,
)
from fertility_rules.fertility.testing.strategies import catalogue_documents, final_positions
from fertility_rules.games import find_game
from fertility_rules.testing.agreement import (
    broken_documents,
    disagreement,
    json_parent,
    json_paths,
)
from tests.play.helpers import played

BEYOND_A_SCHEMA: dict[str, str] = {
    # Ids looked up in the catalogue the document names (or embeds).
    "Unknown {what} id {key!r} in this catalogue.": "an id of the catalogue",
    "Unknown {kind} id {key!r}.": "an id of the catalogue",
    "unknown Shop {id!r}": "an id of the catalogue",
    "no player has the index {n}": "an index into the document's own list of players",
    # One item against another: a schema compares no two values.
    "two players have the same name": "names compared with each other",
    "two players are named {name!r}": "names compared with each other",
    "the id {id!r} is used twice": "ids compared with each other",
    "this record needs rules version {found}; this library plays rules version {ours}": (
        "the version of the rules this library plays"
    ),
    # The readers' limits (Limits): sizes of the input, not its shape.
    "an integer has more than {n} digits": "a reader's limit",
    "more than {n} items, far beyond the game": "a reader's limit",
    "nested deeper than {n} levels": "a reader's limit",
}
"""Rule-less problems a schema cannot state, by message, with the reason."""


def _beyond(problem: Problem) -> bool:
    return problem.rule is not None or problem.message.msgid in BEYOND_A_SCHEMA


def _accepts(name: str) -> Callable[[object], bool]:
    validator = Draft202012Validator(schema(name))

    def accepts(document: object) -> bool:
        return bool(validator.is_valid(document))

    return accepts


def _check(name: str, document: object, read: Callable[[object], object]) -> None:
    found = disagreement(document, _accepts(name), read, _beyond)
    if found is not None:
        errors = Draft202012Validator(schema(name)).iter_errors(document)
        found += " | schema: " + "; ".join(
            f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors
        )
    assert found is None, found


@st.composite
def _states(draw: st.DrawFn) -> fr.GameState:
    game: fr.Game = draw(played(50))
    state: fr.GameState = game.state
    return state


SETTINGS = settings(
    max_examples=200, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
KEYS = ("extra", "tiles", "shops", "spot", "player", "kind", "id", "tokens", "turns")


@SETTINGS
@given(broken_documents(final_positions().map(dump_final_position), KEYS))
def test_final_positions(document: dict[str, Any]) -> None:
    _check("final-position", document, read_final_position)


@SETTINGS
@given(broken_documents(catalogue_documents(), KEYS))
def test_catalogues(document: dict[str, Any]) -> None:
    _check("catalogue", document, read_catalogue)


@SETTINGS
@given(broken_documents(st.builds(lambda g: fr.dump_record(g.record), played(30)), KEYS))
def test_game_records(document: dict[str, Any]) -> None:
    _check("game-record", document, fr.read_record)


@pytest.mark.parametrize("players", [2, 4])
def test_a_record_whose_setup_lists_no_valley_board_is_refused_by_both(players: int) -> None:
    """Found by the test above: the schema refused an empty list of Valley boards, the
    reader took it (only a replay refused it, by R-1.4)."""
    names = [f"P{i + 1}" for i in range(players)]
    document = fr.dump_record(fr.Game.new(names, 5).record)
    document["setup"]["valley"] = []
    assert not _accepts("game-record")(document)
    with pytest.raises(fr.MalformedInputError) as refused:
        fr.read_record(document)
    assert [(p.path, p.rule) for p in refused.value.problems] == [("$.setup.valley", "R-1.4")]
    _check("game-record", document, fr.read_record)


@SETTINGS
@given(broken_documents(_states().map(fr.dump_state), KEYS))
def test_game_states(document: dict[str, Any]) -> None:
    _check("game-state", document, fr.read_state)


@SETTINGS
@given(broken_documents(_states().map(lambda s: dump_observation(s, moves=True)), KEYS))
def test_observations(document: dict[str, Any]) -> None:
    _check("observation", document, read_observation)


@st.composite
def _moves(draw: st.DrawFn) -> tuple[fr.GameState, dict[str, Any]]:
    state = draw(_states())
    moves = fr.legal_moves(state) or [fr.EndSupplying()]
    return state, dump_move(draw(st.sampled_from(moves)), state)


@SETTINGS
@given(_moves(), st.data())
def test_moves(pair: tuple[fr.GameState, dict[str, Any]], data: st.DataObject) -> None:
    state, move = pair
    document = data.draw(broken_documents(st.just(move), KEYS, keep=()))
    _check("move", document, lambda d: read_move(d, state))


@pytest.mark.parametrize(
    ("name", "document", "read"),
    [
        # Cases the random breaks found, kept as examples.
        ("move", {"type": "build", "district": "D01", "spot": 7}, None),
        ("move", {"type": "supply", "resource": "grapes", "shop": 2.0}, None),
        ("move", {"type": "quarry", "square": [0, 0, 0], "monument": True}, None),
    ],
)
def test_examples(name: str, document: dict[str, Any], read: Any) -> None:
    state = fr.new_game(["A", "B"], seed=1)
    _check(name, document, lambda d: read_move(d, state))


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
@pytest.mark.parametrize("left_out", [("seed",), ("setup",), ("seed", "setup")])
def test_a_record_gives_a_seed_or_a_setup_for_schema_and_reader_alike(
    game: str, left_out: tuple[str, ...]
) -> None:
    # The schema took a record with neither a seed nor a setup, which the reader refuses
    # it now asks for one of them, and for the seed in a game whose records
    # have no setup (Ankh'or).
    rules = find_game(game)
    document = fr.dump_record(fr.Game.new(["Amunet", "Bek"], seed=4, game=game).record)
    validator = Draft202012Validator(rules.formats.schemas["game-record"]())
    assert validator.is_valid(document)
    for key in left_out:
        document.pop(key, None)
    given = "seed" in document or "setup" in document
    assert validator.is_valid(document) is given
    if given:
        assert fr.read_record(document).players == ("Amunet", "Bek")
        return
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.read_record(document)
    assert [(p.path, p.rule) for p in caught.value.problems] == [("$", rules.setup_rule)]


def test_json_parent_holds_the_value_at_each_of_the_json_paths() -> None:
    document: dict[str, Any] = {"a": [1, {"b": None}], "c": {}}
    found = {path: json_parent(document, path)[path[-1]] for path in json_paths(document)}
    assert found == {
        ("a",): [1, {"b": None}],
        ("a", 0): 1,
        ("a", 1): {"b": None},
        ("a", 1, "b"): None,
        ("c",): {},
    }
    assert json_parent(document, ("a", 1, "b")) is document["a"][1]
