"""Square names (``c4``): one scheme for pictures, text board and move notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.model.coordinates import MAX_COLUMNS, parse_square, square_name
from fertility_rules.fertility.model.valley import BOARD_HEIGHT


@st.composite
def squares(draw: st.DrawFn) -> tuple[int, int]:
    width = draw(st.integers(1, MAX_COLUMNS))
    return draw(st.integers(0, width * BOARD_HEIGHT - 1)), width


@given(squares())
def test_name_and_parse_round_trip(case: tuple[int, int]) -> None:
    square, width = case
    name = square_name(square, width)
    assert parse_square(name, width) == square
    assert parse_square(f" {name.upper()} ", width) == square


def test_names_read_left_to_right_then_top_to_bottom() -> None:
    # Board of 3 Valley boards: 12 columns a..l, rows 1..8 from the top.
    assert square_name(0, 12) == "a1"
    assert square_name(11, 12) == "l1"
    assert square_name(12, 12) == "a2"
    assert square_name(3 * 12 + 2, 12) == "c4"
    assert square_name(95, 12) == "l8"
    assert parse_square("p8", 16) == 127


@pytest.mark.parametrize("text", ["", "c", "4", "m1", "a0", "a9", "a-1", "1a", "a²", "aa1", "c4x"])
def test_bad_names_are_library_errors(text: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        parse_square(text, 12)
    assert "R-1.4" in str(error.value)


def test_squares_off_the_board_have_no_name() -> None:
    with pytest.raises(MalformedInputError):
        square_name(96, 12)
    with pytest.raises(MalformedInputError):
        square_name(-1, 12)
    with pytest.raises(MalformedInputError):
        square_name(0, 27)


def test_names_are_translated_errors() -> None:
    with pytest.raises(MalformedInputError) as error:
        parse_square("z9", 12)
    assert "z9" in error.value.render("fr")
