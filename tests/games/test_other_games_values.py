"""A value of one game given to the other game's function: a library error that names the
value's class with its module, never two classes told by the same name
(``must be GameState, not GameState``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules import ankhor
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility import svg
from fertility_rules.fertility.choices import summary
from fertility_rules.fertility.formats.state import dump_observation
from fertility_rules.fertility.sampling import sample_state

FERTILITY_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "observe": fr.observe,
    "dump_state": fr.dump_state,
    "dump_observation": dump_observation,
    "legal_moves": fr.legal_moves,
    "summary": summary,
    "choices": fr.choices,
    "text_board": fr.text_board,
    "sample_state": sample_state,
    "svg.table": svg.table,
}
ANKHOR_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "observe": ankhor.observe,
    "dump_state": ankhor.dump_state,
    "legal_moves": ankhor.legal_moves,
    "text_board": ankhor.text_board,
    "final_scores": ankhor.final_scores,
}


CASES = [
    *((f"fertility.{name}", function, "ankhor") for name, function in FERTILITY_FUNCTIONS.items()),
    *((f"ankhor.{name}", function, "fertility") for name, function in ANKHOR_FUNCTIONS.items()),
]
OTHER_STATE: dict[str, tuple[str, Callable[..., object]]] = {
    "ankhor": ("fertility_rules.ankhor.state.GameState", ankhor.new_game),
    "fertility": ("fertility_rules.fertility.state.GameState", fr.new_game),
}


@pytest.mark.parametrize(("name", "function", "other"), CASES, ids=[case[0] for case in CASES])
def test_a_state_of_the_other_game_is_named_by_its_module(
    name: str, function: Callable[[Any], object], other: str
) -> None:
    path, new_game = OTHER_STATE[other]
    with pytest.raises(MalformedInputError) as refused:
        function(new_game(["A", "B"], seed=1))
    assert path in str(refused.value), name


def test_a_class_of_another_name_keeps_its_short_name() -> None:
    with pytest.raises(MalformedInputError) as refused:
        fr.observe(fr.SkipBuilding())  # type: ignore[arg-type]
    assert "not SkipBuilding." in str(refused.value)
