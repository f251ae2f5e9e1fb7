"""The keys and labels both games' enums take from :mod:`fertility_rules.shared.members`.

A table of labels is checked when it is given (every member once, nothing else, not even
a member of another enum equal to one as a number), and every labelled enum of the
library has a label for each of its members.
"""

from __future__ import annotations

import enum
import importlib

import pytest

from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import Message, _, render
from fertility_rules.shared.members import (
    Keyed,
    Labelled,
    LabelledEnum,
    LabelledIntEnum,
    label_members,
)


class _Suit(Keyed, LabelledIntEnum):
    HEARTS = 0
    SPADES = 1


class _Colour(enum.IntEnum):
    RED = 0
    BLACK = 1


def test_a_member_is_keyed_by_its_name_and_labelled_from_its_table() -> None:
    label_members(_Suit, {_Suit.HEARTS: _("Glossary"), _Suit.SPADES: _("Pictures")})
    assert [suit.key for suit in _Suit] == ["hearts", "spades"]
    assert render(_Suit.SPADES.label, "fr") == "Images"


def test_a_table_missing_a_member_is_refused() -> None:
    with pytest.raises(MalformedInputError) as caught:
        label_members(_Suit, {_Suit.HEARTS: _("Glossary")})
    assert caught.value.problems[0].path == "labels"
    assert "['SPADES']" in str(caught.value)


def test_a_member_of_another_enum_is_refused_even_when_equal_as_a_number() -> None:
    assert int(_Colour.RED) == int(_Suit.HEARTS)
    with pytest.raises(MalformedInputError) as caught:
        label_members(_Suit, {_Colour.RED: _("Glossary"), _Suit.SPADES: _("Pictures")})
    assert caught.value.problems[0].path == "labels"
    assert [problem.path for problem in caught.value.problems] == ["labels", "labels"]
    assert "['HEARTS']" in str(caught.value)  # left out: an equal number is not the member
    assert "_Colour.RED" in str(caught.value)


def test_only_an_enum_takes_labels() -> None:
    for kind in (Keyed, Labelled):
        with pytest.raises(MalformedInputError) as caught:
            label_members(kind, {})  # type: ignore[arg-type]
        assert caught.value.problems[0].path == "kind"


@pytest.mark.parametrize(
    "module",
    [
        "fertility_rules.shared.provenance",
        "fertility_rules.fertility.model.resources",
        "fertility_rules.fertility.effects.base",
        "fertility_rules.fertility.state",
        "fertility_rules.ankhor.model",
        "fertility_rules.ankhor.state",
    ],
)
def test_every_labelled_enum_of_the_library_labels_every_member(module: str) -> None:
    found = [
        value
        for value in vars(importlib.import_module(module)).values()
        if isinstance(value, type)
        and issubclass(value, LabelledEnum | LabelledIntEnum)
        and value.__module__ == module
    ]
    assert found
    for kind in found:
        for member in kind:
            assert isinstance(member.label, Message), member
