"""Groups and higher places of a layout, on small hand-drawn layouts (A-3.5, A-3.8,
A-4.3, Q-3, Q-4): the cases mutation testing found untested.

Drawings: rows of two-letter tiles, family then kind (``Gj`` a green jackal); the second
drawing of a layout is level 1, at the given corner (see ``tests.ankhor.helpers``).
"""

from __future__ import annotations

from fertility_rules.ankhor.layout import (
    attributes,
    big_groups,
    count_groups,
    group_sizes,
    groups,
    higher_moves,
    higher_spaces,
    index,
    supporting,
)
from fertility_rules.ankhor.model import Colour, Kind
from tests.ankhor.helpers import Box, layout

GREEN = Colour.GREEN

# Six base tiles with no green, and two green tiles side by side on level 1: they touch
# along an edge, so they are neighbours under Q-3's default and not under its second
# reading (their shared supporters are not green).
TWO_HIGH = """
Bj Rj Kj
Bf Rf Kf
"""


def test_fewer_tiles_of_a_colour_than_a_group_needs_make_no_group() -> None:
    tiles = layout(Box(), "Gj Gf Bj")
    assert count_groups(tiles, GREEN, True, 5) == 0
    assert count_groups(tiles, GREEN, True, 2) == 1  # the two greens do touch


def test_two_higher_tiles_touching_are_a_group_only_under_q3_default() -> None:
    tiles = layout(Box(), TWO_HIGH, (0, 0, "Gj Gf"))
    assert count_groups(tiles, GREEN, True, 2) == 1  # same_level: a group of 2
    assert count_groups(tiles, GREEN, False, 2) == 0  # supporters only: two of 1


def test_a_group_of_exactly_five_is_a_big_group() -> None:
    box = Box()
    tiles = layout(box, "Gj Gf Gb Gv Gs Bj\nRj Rf Rb Kj Kf Kb")
    (group,) = big_groups(tiles, GREEN, True)
    assert len(group) == 5
    greens = {p.tile.id for p in tiles if p.tile.colour is GREEN}
    assert group == frozenset(greens)
    assert big_groups(tiles, GREEN, True, size=6) == []


def test_five_greens_in_a_row_on_level_one_are_big_only_when_they_are_neighbours() -> None:
    base = "Bj Bf Bb Bv Bs Bw\nRj Rf Rb Rv Rs Rw"
    tiles = layout(Box(), base, (0, 0, "Gj Gf Gb Gv Gs"))
    assert [len(group) for group in big_groups(tiles, GREEN, True)] == [5]
    assert big_groups(tiles, GREEN, False) == []


# A base of 4 by 3 with every level-1 place taken: the higher tile at (1, 2, 0) may go
# on level 2 at (2, 0, 0), which rests on four tiles other than itself; (2, 1, 0) rests
# on the tile that moves, so it is not a place for it.
FULL_BASE = "Bj Bf Bb Bv\nRj Rf Rb Rv\nKj Kf Kb Kv"
LEVEL_ONE = "Gj Gf Gb\nWj Wf Wb"


def test_a_higher_tile_moves_onto_four_tiles_other_than_itself() -> None:
    tiles = index(layout(Box(), FULL_BASE, (0, 0, LEVEL_ONE)))
    assert higher_moves(tiles, (1, 2, 0), None) == ((2, 0, 0),)


def test_with_a_single_higher_level_a_higher_tile_cannot_climb_to_level_two() -> None:
    tiles = index(layout(Box(), FULL_BASE, (0, 0, LEVEL_ONE)))
    assert higher_moves(tiles, (1, 2, 0), 1) == ()  # Q-4's second reading: level 1 only


def test_a_tile_groups_by_its_colour_and_by_its_animal_if_it_shows_one() -> None:
    jackal, value = layout(Box(), "Gj Rv")
    assert attributes(jackal) == (Colour.GREEN, Kind.JACKAL)
    assert attributes(value) == (Colour.RED,)


def test_nothing_rests_on_the_tiles_of_an_empty_or_flat_layout() -> None:
    assert supporting(()) == frozenset()
    assert supporting(layout(Box(), "Gj Rv")) == frozenset()
    tall = layout(Box(), TWO_HIGH, (0, 0, "Gj"))
    assert supporting(tall) == {(0, 0, 0), (0, 1, 0), (0, 0, 1), (0, 1, 1)}


def test_higher_spaces_come_in_the_order_of_their_positions() -> None:
    # Three spaces on level 1 over a base of 4 by 2, each over other colours.
    tiles = layout(Box(), "Gj Rj Bj Kj\nWj Gf Rf Bf")
    found = higher_spaces(tiles, None)
    assert [space for space, _colours in found] == [(1, 0, 0), (1, 1, 0), (1, 2, 0)]
    assert found[0][1] == {Colour.GREEN, Colour.RED, Colour.WHITE}


# Level 1 of 4 by 2 on a base of 5 by 3: the tile at (1, 1, 0) holds up the level-2
# places (2, 0, 0) and (2, 1, 0), so it may go only to (2, 2, 0), which is found after them.
WIDE_BASE = "Bj Bf Bb Rj Rf\nRb Kj Kf Kb Gj\nGf Gb Wj Wf Wb"
WIDE_LEVEL_ONE = "Bj Bf Bb Rj\nRf Rb Kj Kf"


def test_places_resting_on_the_moving_tile_are_passed_over_not_the_rest() -> None:
    tiles = index(layout(Box(), WIDE_BASE, (0, 0, WIDE_LEVEL_ONE)))
    assert higher_moves(tiles, (1, 1, 0), None) == ((2, 2, 0),)


def test_group_sizes_count_every_group_of_every_colour_and_animal() -> None:
    # Greens at (0, 0), (1, 0), (1, 1) and (3, 0): a group of 3 and one alone; the two
    # jackals one above the other: a group of 2; no white tile, no beetle.
    drawing = "Gj Gf Bs Gv\nRj Gs .  ."
    tiles = layout(Box(), drawing)
    sizes = group_sizes(tiles, True)
    assert sorted(sizes[GREEN]) == [1, 3]
    assert sizes[Kind.JACKAL] == (2,)
    assert sizes[Colour.BLUE] == (1,)
    assert sizes[Colour.RED] == (1,)
    assert sizes[Colour.WHITE] == ()
    assert sizes[Kind.BEETLE] == ()
    for attribute, found in sizes.items():
        assert found == tuple(len(group) for group in groups(tiles, attribute, True))
    # The same layout made again (another tuple of equal tiles) has the same sizes; the
    # green scribe moved under the green value tile makes two groups of 2.
    again = layout(Box(), drawing)
    assert again is not tiles
    assert again == tiles
    assert group_sizes(again, True) == sizes
    moved = layout(Box(), "Gj Gf Bs Gv\nRj .  .  Gs")
    assert group_sizes(moved, True)[GREEN] == (2, 2)
    assert sorted(group_sizes(tiles, True)[GREEN]) == [1, 3]
