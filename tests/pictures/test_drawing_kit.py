"""The game-neutral pieces of the drawing kit both games draw with, tested once, with
kinds and tokens of no game."""

from __future__ import annotations

import enum
import xml.etree.ElementTree as ET

from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.drawing.palette import frame
from fertility_rules.drawing.rows import CountRow, count_row, grid
from fertility_rules.shared.members import Keyed


class Fruit(Keyed, enum.Enum):
    APPLE = 1
    PEAR = 2
    PLUM = 3


def _token(parent: ET.Element, kind: Fruit, x: float, y: float, radius: float, role: str) -> None:
    ET.SubElement(
        parent, "circle", {"cx": str(x), "cy": str(y), "r": str(radius), "class": role}
    ).set("data-fruit", kind.key)


BASKET = CountRow(step=30, radius=8, room=12, size=11, kind="basket-count", data="fruit")


@given(st.lists(st.tuples(st.sampled_from(Fruit), st.integers(0, 99)), max_size=6))
def test_a_count_row_writes_each_number_right_of_its_token(
    counts: list[tuple[Fruit, int]],
) -> None:
    parent = ET.Element("g")
    count_row(parent, BASKET, _token, counts, 5, 40)
    tokens, numbers = parent.findall("circle"), parent.findall("text")
    assert len(tokens) == len(numbers) == len(counts)
    for index, ((kind, count), drawn, number) in enumerate(
        zip(counts, tokens, numbers, strict=True)
    ):
        centre = 5 + index * BASKET.step
        assert (float(drawn.get("cx", "")), float(drawn.get("cy", ""))) == (centre, 40)
        assert drawn.get("r") == "8"
        assert drawn.get("class") == "pictogram"
        assert number.text == str(count)
        assert float(number.get("x", "")) == centre + BASKET.room
        assert float(number.get("y", "")) == 45  # on the token's line, under its centre
        assert number.get("class") == "basket-count"
        assert number.get("data-fruit") == drawn.get("data-fruit") == kind.key


@given(st.integers(0, 40), st.integers(1, 7), st.floats(1, 50), st.floats(1, 50))
def test_grid_cells_fill_rows_left_to_right_then_top_to_bottom(
    count: int, columns: int, across: float, down: float
) -> None:
    cells = grid(count, columns, 10, 20, across, down)
    assert len(cells) == count
    assert len(set(cells)) == count
    for index, (x, y) in enumerate(cells):
        row, column = index // columns, index % columns
        assert x == 10 + column * across
        assert y == 20 + row * down
    rows = {y for _x, y in cells}
    assert len(rows) == (count + columns - 1) // columns


def test_a_frame_lies_its_margin_outside_the_box_and_is_not_filled() -> None:
    parent = ET.Element("g")
    drawn = frame(
        parent, 10, 20, 100, 50, "#123456", margin=4, line=2, rx=6, kind="chosen", data_seat="1"
    )
    assert drawn in list(parent)
    assert {name: drawn.get(name) for name in ("x", "y", "width", "height")} == {
        "x": "6",
        "y": "16",
        "width": "108",
        "height": "58",
    }
    assert drawn.get("fill") == "none"
    assert drawn.get("stroke") == "#123456"
    assert drawn.get("stroke-width") == "2"
    assert drawn.get("class") == "chosen"
    assert drawn.get("data-seat") == "1"
    assert drawn.get("stroke-dasharray") is None
    dashed = frame(parent, 0, 0, 10, 10, "#000000", margin=3, line=1.5, rx=6, kind="k", dash="5 3")
    assert dashed.get("stroke-dasharray") == "5 3"
