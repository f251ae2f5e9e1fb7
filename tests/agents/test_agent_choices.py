"""An agent's choice is played only if it is one of the legal moves: anything else ends
the game with the library error that names the rule, never with an illegal record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules import ankhor


class Stubborn:
    """An agent that always answers ``move``, legal or not."""

    name = "stubborn"

    def __init__(self, move: object) -> None:
        self.move = move

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        return self.move


@pytest.mark.parametrize(
    ("game", "move", "rule"),
    [("fertility", fr.SkipBuilding(), "R-3"), ("ankhor", ankhor.EndActions(), "A-3")],
)
def test_an_illegal_choice_is_refused_with_its_rule(game: str, move: object, rule: str) -> None:
    with pytest.raises(fr.IllegalMoveError) as refused:
        fr.play_game(["Amunet", "Bek"], [Stubborn(move), Stubborn(move)], 1, game=game)
    assert refused.value.rule == rule
    assert "chose a move the rules forbid" in str(refused.value)


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
@pytest.mark.parametrize("answer", [None, "skip", 7])
def test_a_choice_that_is_no_move_is_malformed(game: str, answer: object) -> None:
    with pytest.raises(fr.MalformedInputError):
        fr.play_game(["Amunet", "Bek"], [Stubborn(answer), Stubborn(answer)], 1, game=game)


def test_ankhors_unchecked_apply_still_checks_the_kinds_of_its_arguments() -> None:
    state = ankhor.new_game(["Amunet", "Bek"], seed=1)
    move = ankhor.legal_moves(state)[0]
    for arguments in ((state, None), (None, move), (fr.new_game(["A", "B"], seed=1), move)):
        with pytest.raises(fr.MalformedInputError):
            ankhor.apply_unchecked(*arguments)
    assert ankhor.apply_unchecked(state, move) == ankhor.apply(state, move)
