"""A move read on its own names its format when it is refused, as every other document
does: the error says which format's shape the value breaks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from fertility_rules import ankhor, fertility
from fertility_rules.ankhor.formats.state import MOVE_FORMAT as ANKHOR_MOVE
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.formats.state import MOVE_FORMAT

GAMES: dict[str, tuple[Any, str]] = {
    "fertility": (fertility, MOVE_FORMAT),
    "ankhor": (ankhor, ANKHOR_MOVE),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("data", [3, None, {"nope": 1}, {"type": "take"}, []])
def test_a_refused_move_names_the_move_format(game: str, data: object) -> None:
    module, name = GAMES[game]
    with pytest.raises(MalformedInputError) as error:
        module.read_move(data, module.new_game(["Ann", "Bob"], seed=1))
    assert error.value.format == name
    assert f"({name})" in str(error.value) or all(p.rule for p in error.value.problems)


@pytest.mark.parametrize("game", GAMES)
def test_the_move_format_is_the_move_schemas_title(game: str) -> None:
    module, name = GAMES[game]
    schema: Callable[[str], dict[str, Any]] = module.schema
    assert schema("move")["title"] == name
