"""A value of one game given to the other game's function: a library error that names the
value's class with its module, never two classes told by the same name
(``must be GameState, not GameState``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules import ankhor, svg
from fertility_rules.errors import MalformedInputError

FERTILITY_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "observe": fr.observe,
    "dump_state": fr.dump_state,
    "dump_observation": fr.dump_observation,
    "legal_moves": fr.legal_moves,
    "summary": fr.summary,
    "choices": fr.choices,
    "text_board": fr.text_board,
    "sample_state": fr.sample_state,
    "svg.table": svg.table,
}
ANKHOR_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "observe": ankhor.observe,
    "dump_state": ankhor.dump_state,
    "legal_moves": ankhor.legal_moves,
    "text_board": ankhor.text_board,
    "final_scores": ankhor.final_scores,
}


@pytest.mark.parametrize("name", sorted(FERTILITY_FUNCTIONS))
def test_fertility_names_an_ankhor_state_by_its_module(name: str) -> None:
    state = ankhor.new_game(["A", "B"], seed=1)
    with pytest.raises(MalformedInputError) as refused:
        FERTILITY_FUNCTIONS[name](state)
    assert "fertility_rules.ankhor.state.GameState" in str(refused.value)


@pytest.mark.parametrize("name", sorted(ANKHOR_FUNCTIONS))
def test_ankhor_names_a_fertility_state_by_its_module(name: str) -> None:
    state = fr.new_game(["A", "B"], seed=1)
    with pytest.raises(MalformedInputError) as refused:
        ANKHOR_FUNCTIONS[name](state)
    assert "fertility_rules.rules.state.GameState" in str(refused.value)


def test_a_class_of_another_name_keeps_its_short_name() -> None:
    with pytest.raises(MalformedInputError) as refused:
        fr.observe(fr.SkipBuilding())  # type: ignore[arg-type]
    assert "not SkipBuilding." in str(refused.value)
