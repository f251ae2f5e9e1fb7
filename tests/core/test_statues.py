"""R-5.3 Statues of the Gods: the largest collection of *different* Statues scores on the
scale; "god of your choice" Statues are chosen to make it largest; duplicates count once
(I-8); a Shop naming two gods gives two Statues; choices never exceed the gods."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import score_position
from fertility_rules.fertility.effects import Stage, StatueAward, StatueBenefit, StatueChoiceBenefit
from fertility_rules.fertility.model import Benefit, Icon, Shop, ShopState
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.scoring import best_statue_collection
from tests.core.helpers import full, metropolis

GODS = ("Ra", "Isis", "Osiris", "Horus", "Anubis")
SCALE = (0, 2, 5, 10, 16, 24)  # default catalogue; only 3 -> 10 is from the rulebook


def statue(*gods: str) -> Benefit:
    return StatueBenefit(tuple(gods))


CHOICE = StatueChoiceBenefit()


def statues_score(
    benefits: Sequence[Benefit],
    gods: Sequence[str] = GODS,
    scale: Sequence[int] = SCALE,
    partial: Sequence[Benefit] = (),
) -> int:
    """The Statues stage of a player whose Statue Shops are all fully supplied, plus
    ``partial`` Statue Shops each missing one token."""
    states = [full(Shop((Icon.ALABASTER,), b)) for b in benefits]
    states += [ShopState(Shop((Icon.ALABASTER, Icon.BOVINE), b), (1, 0, 0, 0)) for b in partial]
    position = FinalPosition(
        players=(PlayerPosition("P", metropolis(states, statue_scale=scale)),), gods=tuple(gods)
    )
    (sheet,) = score_position(position).sheets
    return sheet.stage_total(Stage.STATUES)


@pytest.mark.parametrize(
    ("benefits", "different"),
    [
        ([], 0),
        ([statue("Ra")], 1),
        ([statue("Ra"), statue("Isis"), statue("Osiris")], 3),  # the rulebook's 3 -> 10
        ([statue("Horus", "Anubis"), statue("Ra")], 3),  # 2 Shops, 3 Statues
        ([statue("Horus", "Anubis")], 2),  # one Shop naming two gods gives two
        ([statue("Ra"), statue("Ra")], 1),  # I-8: a duplicate scores nothing
        ([statue("Ra", "Isis"), statue("Isis", "Ra")], 2),  # same gods, other order
        ([CHOICE], 1),
        ([statue("Ra"), CHOICE], 2),  # the choice picks a god not yet owned
        ([statue("Ra"), statue("Isis"), CHOICE, CHOICE], 4),
        ([statue("Ra"), statue("Ra"), CHOICE], 2),  # the duplicate does not use up the choice
        ([CHOICE] * 5, 5),  # five choices: five different gods
        ([CHOICE] * 7, 5),  # choices beyond the gods are capped
        ([statue(*GODS), CHOICE, CHOICE], 5),  # all gods already: choices add nothing
        ([statue("Ra", "Isis", "Osiris"), CHOICE, CHOICE, CHOICE], 5),
    ],
)
def test_different_statues(benefits: list[Benefit], different: int) -> None:
    assert statues_score(benefits) == SCALE[different]


def test_three_different_statues_are_worth_10() -> None:
    # the one value of the scale stated by the rulebook (R-5.6, COMPONENTS.md)
    assert statues_score([statue("Horus", "Anubis"), CHOICE]) == 10


def test_partly_supplied_statue_shops_give_nothing() -> None:
    assert statues_score([], partial=[statue("Ra"), CHOICE]) == 0
    assert statues_score([statue("Isis")], partial=[statue("Ra"), CHOICE]) == SCALE[1]


def test_choices_capped_by_the_gods_even_on_a_longer_scale() -> None:
    # 2 gods, a scale going further: 4 choices still make only 2 different Statues
    assert statues_score([CHOICE] * 4, gods=("Ra", "Isis"), scale=(0, 1, 2, 3, 4)) == 2


def test_best_collection_fills_missing_gods_with_choices() -> None:
    awards = [StatueAward(frozenset({"Isis"})), StatueAward(choices=3), StatueAward(choices=1)]
    named, chosen = best_statue_collection(awards, GODS)
    assert named == ("Isis",)
    assert chosen == 4  # Ra, Osiris, Horus, Anubis were missing: all 4 choices add a god
    named, chosen = best_statue_collection([StatueAward(choices=9)], ("Ra", "Isis"))
    assert (named, chosen) == ((), 2)


def test_statue_line_cites_r53() -> None:
    position = FinalPosition(
        players=(PlayerPosition("P", metropolis([full(Shop((Icon.ANY,), CHOICE))])),), gods=GODS
    )
    (sheet,) = score_position(position).sheets
    assert {line.rule for line in sheet.lines_of(Stage.STATUES)} == {"R-5.3"}


@given(
    st.lists(st.lists(st.sampled_from(GODS), min_size=1, max_size=3, unique=True), max_size=6),
    st.integers(0, 8),
)
def test_statues_oracle(named: list[list[str]], choices: int) -> None:
    """Different named gods, plus one new god per choice while any god is missing."""
    owned = {god for gods in named for god in gods}
    different = len(owned) + min(choices, len(GODS) - len(owned))
    benefits = [statue(*gods) for gods in named] + [CHOICE] * choices
    assert statues_score(benefits) == SCALE[different]
