"""The helpers a game's description is built with, tested once for every game.

A state that keeps its interpretations in ``state.config.interpretations`` needs no
adapters of its own; a :class:`~fertility_rules.games.Lazy` function passes the protocol's
positional arguments under the names a picture function takes.
"""

from __future__ import annotations

import pickle
import sys
import types
from typing import Any, cast

import pytest
from attrs import frozen

from fertility_rules.errors import MalformedInputError
from fertility_rules.games import (
    DESCRIBED,
    GAMES,
    SETUP,
    GameInfo,
    Lazy,
    config_interpretations,
    find_game,
    lazy_schemas,
    with_config_interpretations,
)
from fertility_rules.records.game_record import GameRecord


@frozen
class _Config:
    interpretations: str
    seats: int


@frozen
class _State:
    config: _Config
    turn: int


def test_the_interpretations_of_a_configured_state_are_read_and_replaced() -> None:
    state = _State(_Config("reading A", 3), turn=7)
    assert config_interpretations(state) == "reading A"
    changed = with_config_interpretations(state, "reading B")
    assert changed == _State(_Config("reading B", 3), turn=7)
    assert state == _State(_Config("reading A", 3), turn=7)  # the state given is unchanged


_UNCONFIGURED = _State(cast(_Config, None), 1)


@pytest.mark.parametrize("given", [None, "state", _Config("reading A", 3), _UNCONFIGURED])
def test_a_value_without_a_configuration_is_refused_naming_the_state(given: object) -> None:
    with pytest.raises(MalformedInputError) as error:
        config_interpretations(given)  # type: ignore[arg-type]
    assert [problem.path for problem in error.value.problems] == ["state"]
    with pytest.raises(MalformedInputError):
        with_config_interpretations(given, "reading B")  # type: ignore[arg-type]


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_every_game_reads_and_replaces_the_interpretations_of_its_states(info: GameInfo) -> None:
    rules = find_game(info.name)
    state = rules.initial_state(GameRecord(("Ada", "Bo"), (), 3, game=rules))
    default = rules.new_interpretations()
    assert rules.interpretations_of(state) == default
    field = next(item.field for item in rules.interpretations if item.field is not None)
    current = getattr(default, field)
    other = next(value for value in type(current) if value != current)
    reading = type(default)(**{field: other})
    moved = rules.with_interpretations(state, reading)
    assert rules.interpretations_of(moved) == reading
    assert rules.interpretations_of(state) == default
    assert rules.legal_moves(moved) is not None


def test_described_is_the_setup_and_the_interpretations_adapters() -> None:
    assert (*SETUP, "with_interpretations", "interpretations_of") == DESCRIBED


_MODULE = "tests.games.lazy_target"


@pytest.fixture
def target() -> Any:
    module = types.ModuleType(_MODULE)

    def picture(value: object, *, last_move: object = None, lang: str = "en") -> str:
        return f"{value}|{last_move}|{lang}"

    def schema(name: str) -> dict[str, str]:
        return {"title": name}

    module.picture = picture  # type: ignore[attr-defined]
    module.schema = schema  # type: ignore[attr-defined]
    sys.modules[_MODULE] = module
    yield module
    del sys.modules[_MODULE]


def test_lazy_passes_the_arguments_after_the_first_under_its_keywords(target: Any) -> None:
    table = Lazy(_MODULE, "picture", ("last_move", "lang"))
    assert table("state", "move", "pl") == "state|move|pl"
    sheet = Lazy(_MODULE, "picture", ("lang",))
    assert sheet("catalogue", "nl") == "catalogue|None|nl"
    assert Lazy(_MODULE, "picture")("state", lang="fr") == "state|None|fr"
    with pytest.raises(ValueError, match="zip"):  # more positional arguments than names
        sheet("catalogue", "nl", "extra")
    assert pickle.loads(pickle.dumps(table)) == table


def test_lazy_schemas_give_each_named_schema_of_the_module_in_order(target: Any) -> None:
    schemas = lazy_schemas(_MODULE, "move", "game-state")
    assert list(schemas) == ["move", "game-state"]
    assert schemas["game-state"]() == {"title": "game-state"}
    assert pickle.loads(pickle.dumps(schemas["move"]))() == {"title": "move"}


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_every_game_schema_is_its_formats_own(info: GameInfo) -> None:
    formats = find_game(info.name).formats
    for name, schema in formats.schemas.items():
        assert schema()["$schema"].startswith("https://json-schema.org/"), name
