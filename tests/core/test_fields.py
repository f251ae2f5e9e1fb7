"""The checks of a move's fields (:mod:`fertility_rules.shared.fields`): on a value of
neither game, then on both games' moves, each refusal at ``Class.field`` with its text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from attrs import field, frozen

from fertility_rules import ankhor
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility import moves
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.i18n.message import _, render
from fertility_rules.shared.fields import field_check, kind_message, whole_numbers

_small = field_check(
    lambda value: type(value) is int and 0 <= value < 3,
    _("A small number is needed, not {value} ({kind})."),
    "X-1",
)


@frozen
class _Pick:
    number: int = field(validator=_small)
    maybe: int | None = field(
        default=None, validator=field_check(int, _("{kind}, not a number"), optional=True)
    )


def _refusal(make: Callable[[], object]) -> tuple[str, str | None, str]:
    with pytest.raises(MalformedInputError) as caught:
        make()
    problem = caught.value.problems[0]
    return problem.path, problem.rule, render(problem.message)


def test_a_field_check_names_the_field_the_rule_and_what_was_given() -> None:
    assert _Pick(2).number == 2
    assert _refusal(lambda: _Pick(3)) == (
        "_Pick.number",
        "X-1",
        "A small number is needed, not 3 (int).",
    )
    assert _refusal(lambda: _Pick("2")) == (  # type: ignore[arg-type]
        "_Pick.number",
        "X-1",
        "A small number is needed, not '2' (str).",
    )
    assert _refusal(lambda: _Pick(True)) == (
        "_Pick.number",
        "X-1",
        "A small number is needed, not True (bool).",
    )


def test_an_optional_field_takes_nothing_and_refuses_the_rest() -> None:
    assert _Pick(0, None).maybe is None
    assert _Pick(0, 7).maybe == 7
    assert _refusal(lambda: _Pick(0, 1.5)) == ("_Pick.maybe", None, "float, not a number")  # type: ignore[arg-type]
    assert _refusal(lambda: _Pick(0, False)) == ("_Pick.maybe", None, "bool, not a number")


def test_whole_numbers_are_a_tuple_of_ints_of_the_length_given() -> None:
    four = whole_numbers(4)
    assert four((0, 1, 2, 3))
    assert not four([0, 1, 2, 3])
    assert not four((0, 1, 2))
    assert not four((0, 1, 2, True))
    assert not four((0, 1, 2, 3.0))


_fertility: Any = moves
_ankhor: Any = ankhor
"""The games' moves, given wrong values on purpose."""

_REFUSED: list[tuple[Callable[[], Any], str, str | None, str]] = [
    (lambda: _fertility.PlaceTile(7, 0, 1), "PlaceTile.tile", None, "An id is text, not int."),
    (
        lambda: _fertility.PlaceBonusResource(Resource.GRAPES, "3"),
        "PlaceBonusResource.shop",
        None,
        "A whole number or nothing is needed, not str.",
    ),
    (
        lambda: _fertility.ClaimQuarry(4, "grapes"),
        "ClaimQuarry.resource",
        None,
        "A resource or nothing (a Monument) is needed, not str.",
    ),
    (
        lambda: _fertility.BuildDistrict("D01", 0, (1, 0, 0)),
        "BuildDistrict.tokens",
        None,
        "Token counts are 4 whole numbers, one per resource, not tuple.",
    ),
    (
        lambda: _ankhor.Refresh(2),
        "Refresh.pile",
        "A-2.4",
        "A draw pile is 0 or 1 (there are two), not 2.",
    ),
    (
        lambda: _ankhor.Refill(None),
        "Refill.pile",
        "A-2.4",
        "A draw pile is 0 or 1 (there are two), not None.",
    ),
    (
        lambda: _ankhor.BuyTile(0, (0, 1)),
        "BuyTile.position",
        None,
        "A position is three whole numbers (level, x, y), not tuple.",
    ),
    (
        lambda: _ankhor.BuyTile(0, (0, 0, 1), "red"),
        "BuyTile.unpaid",
        None,
        "A colour or nothing is needed, not str.",
    ),
    (
        lambda: _ankhor.StoreTokens(((0, 0, 1), (0, 1))),
        "StoreTokens.warehouses",
        None,
        "A tuple of positions (level, x, y) is needed, not tuple.",
    ),
    (
        lambda: _ankhor.TakeTokens((1, 1, 1, 0, 0)),
        "TakeTokens.tokens",
        None,
        "Token counts are 6 whole numbers, one per kind of token, not tuple.",
    ),
]


@pytest.mark.parametrize(("make", "path", "rule", "text"), _REFUSED)
def test_both_games_moves_refuse_a_wrong_field_at_its_name(
    make: Callable[[], Any], path: str, rule: str | None, text: str
) -> None:
    assert _refusal(make) == (path, rule, text)


def test_both_games_moves_take_nothing_where_a_field_is_optional() -> None:
    assert moves.ClaimQuarry(4, None).resource is None
    assert moves.PlaceBonusResource(Resource.GRAPES, None).shop is None
    assert ankhor.Refresh(None).pile is None
    assert ankhor.BuyTile(0, (1, 0, 0)).unpaid is None


def test_a_kind_message_names_the_class_given() -> None:
    needed = kind_message(_("A table is needed, not {kind}."))
    assert render(needed("int")) == "A table is needed, not int."
    assert needed("str") == _("A table is needed, not {kind}.", kind="str")


def test_ankhors_referee_says_what_it_needs_instead() -> None:
    view = ankhor.observe(ankhor.new_game(["Amunet", "Bek"], seed=1))
    assert _refusal(lambda: ankhor.legal_moves("x")) == (
        "state",
        None,
        "An Ankh'or game state or view is needed, not str.",
    )
    assert _refusal(lambda: ankhor.apply(view, ankhor.PassMain())) == (  # type: ignore[arg-type]
        "state",
        None,
        "An Ankh'or game state is needed, not Observation.",
    )
