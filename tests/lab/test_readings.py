"""Switch readings written NAME=VALUE: parsing, formatting, combinations (spec "Switches")."""

from __future__ import annotations

import enum

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.errors import UnknownIdError
from fertility_rules.fertility.interpretations import (
    Enclosure,
    Interpretations,
    OfferSize,
    OwnHalves,
    QuarryCount,
)
from fertility_rules.lab.readings import (
    SWITCHES,
    format_interpretation,
    parse_interpretation,
    reading_label,
    readings_varying,
    with_interpretations,
)

SWITCH_VALUES = st.sampled_from(SWITCHES).flatmap(
    lambda s: st.tuples(st.just(s.field), st.sampled_from(s.values))
)


def test_the_switches_are_those_of_the_specification() -> None:
    assert [s.id for s in SWITCHES] == ["I-1", "I-2", "I-6", "I-10", "I-12", "I-14"]
    assert [s.field for s in SWITCHES] == [
        "quarry_enclosure",
        "quarries_per_placement",
        "lost_resource",
        "district_offer",
        "own_halves",
        "start_tile",
    ]
    # The default comes first; every value of the enum is listed once.
    for switch in SWITCHES:
        assert switch.values[0] is getattr(Interpretations(), switch.field)
        assert set(switch.values) == set(type(switch.default))


@given(SWITCH_VALUES)
def test_format_then_parse_gives_the_value_back(pair: tuple[str, enum.Enum]) -> None:
    name, value = pair
    assert parse_interpretation(format_interpretation(name, value)) == (name, value)


@given(SWITCH_VALUES, st.booleans(), st.booleans())
def test_the_id_form_and_any_case_read_the_same(
    pair: tuple[str, enum.Enum], by_id: bool, upper: bool
) -> None:
    name, value = pair
    switch = next(s for s in SWITCHES if s.field == name)
    text = f"{switch.id if by_id else name}={value.value}"
    assert parse_interpretation(text.upper() if upper else text) == (name, value)


def test_examples() -> None:
    assert parse_interpretation("I-1=orthogonal") == ("quarry_enclosure", Enclosure.ORTHOGONAL)
    assert parse_interpretation("district_offer=3") == ("district_offer", OfferSize.THREE)
    assert format_interpretation("I-12", OwnHalves.COUNTED) == "own_halves=counted"
    options = with_interpretations(["I-1=orthogonal", "quarries_per_placement=one"])
    assert options == Interpretations(
        quarry_enclosure=Enclosure.ORTHOGONAL, quarries_per_placement=QuarryCount.ONE
    )
    assert reading_label(options) == "quarry_enclosure=orthogonal, quarries_per_placement=one"
    assert reading_label(Interpretations()) == ""


def test_an_unknown_name_lists_the_switches() -> None:
    with pytest.raises(UnknownIdError) as caught:
        parse_interpretation("quarry=orthogonal")
    text = str(caught.value)
    assert "'quarry'" in text
    for switch in SWITCHES:
        assert f"{switch.field} ({switch.id})" in text


def test_settled_and_retired_readings_are_not_switches() -> None:
    for name in ("I-3", "empty_stock", "I-4", "wheat_adjacency", "I-5", "I-11"):
        with pytest.raises(UnknownIdError):
            parse_interpretation(f"{name}=nothing")


def test_an_unknown_value_lists_the_values() -> None:
    with pytest.raises(UnknownIdError) as caught:
        parse_interpretation("I-1=diagonal")
    assert "'diagonal'" in str(caught.value)
    assert "eight, orthogonal" in str(caught.value)
    with pytest.raises(UnknownIdError):
        parse_interpretation("quarry_enclosure")  # no value
    with pytest.raises(UnknownIdError):
        format_interpretation("I-1", OwnHalves.COUNTED)  # a value of another switch


def test_readings_varying_makes_every_combination_base_first() -> None:
    assert readings_varying(["I-1"]) == (
        Interpretations(),
        Interpretations(quarry_enclosure=Enclosure.ORTHOGONAL),
    )
    base = Interpretations(own_halves=OwnHalves.COUNTED)
    both = readings_varying(["I-12", "I-2", "own_halves"], base)
    assert len(both) == 4  # a switch named twice is varied once
    assert both[0] == base
    assert len(set(both)) == 4
    # All switches: 2 values each except I-14 (one value today).
    expected = 1
    for switch in SWITCHES:
        expected *= len(switch.values)
    assert len(readings_varying()) == expected == 32
