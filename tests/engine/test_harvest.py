"""Harvest of a placed tile, cases A to D of R-3.3, on hand-built positions.

Positions are drawn in :mod:`tests.engine.positions`; every expected number is counted
by hand in the comments (squares are written (row, column)).
"""

from __future__ import annotations

from fertility_rules.fertility.interpretations import (
    Interpretations,
    OwnHalves,
)
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.rules import PlaceTile, apply, legal_moves
from fertility_rules.fertility.state import Phase
from tests.engine.positions import game, sq, tile, with_wheat

A, B, P, G = Resource.ALABASTER, Resource.BOVINE, Resource.PAPYRUS, Resource.GRAPES

# The tile B|P is laid with its Bovine on (3,3) and its Papyrus on (3,4).
# (3,3) touches B on (2,3), (3,2) and (4,3): 3 Bovine. (3,4) touches G on (2,4) (not
# identical: nothing) and P on (3,5): 1 Papyrus. P on (2,5) and B on (4,3)... are
# diagonal to (3,4) and do not count.
CONNECTIONS = (
    "............",
    "............",
    "...BGP......",
    "..B..P......",
    "...B.G......",
    "............",
    "............",
    "............",
)


def test_connection_gives_one_token_per_identical_orthogonal_neighbour() -> None:
    bp = tile(B, P)
    state = game(scenes=CONNECTIONS, pool=(bp,))
    after = apply(state, PlaceTile(bp, sq(3, 3), sq(3, 4)))
    assert after.player.supply == (0, 3, 1, 0)
    assert after.stock == (20, 17, 19, 20)
    assert after.player.metropolis.wheat == 0
    assert after.phase is Phase.BUILD  # nothing closed: no Quarry
    assert after.quarries == ()


def test_the_same_tile_the_other_way_round_harvests_other_neighbours() -> None:
    # P|B with the Papyrus on (3,3) and the Bovine on (3,4): the Papyrus touches no P
    # ((2,3), (3,2), (4,3) are B); the Bovine touches G (2,4), P (3,5) and nothing on
    # (4,4): no token at all. A placement is still legal only with a connection: none
    # here, so it is refused.
    pb = tile(P, B)
    state = game(scenes=CONNECTIONS, pool=(pb,))
    assert PlaceTile(pb, sq(3, 3), sq(3, 4)) not in legal_moves(state)


# I-12: the double G|G laid on (6,8) and (6,9); G in play on (5,8) and (6,10).
OWN_HALVES = (
    "............",
    "............",
    "............",
    "............",
    "............",
    "........G...",
    "..........G.",
    "............",
)


def test_own_halves_are_not_a_connection_by_default() -> None:
    gg = tile(G, G)
    state = game(scenes=OWN_HALVES, pool=(gg,))
    after = apply(state, PlaceTile(gg, sq(6, 8), sq(6, 9)))
    # (6,8) touches G on (5,8): 1; (6,9) touches G on (6,10): 1; the halves: 0.
    assert after.player.supply == (0, 0, 0, 2)


def test_own_halves_count_under_the_alternative() -> None:
    gg = tile(G, G)
    options = Interpretations(own_halves=OwnHalves.COUNTED)
    state = game(scenes=OWN_HALVES, pool=(gg,), options=options)
    after = apply(state, PlaceTile(gg, sq(6, 8), sq(6, 9)))
    # 1 + 1 as above, plus each half counting the other: 4 Grapes.
    assert after.player.supply == (0, 0, 0, 4)


def test_own_halves_of_a_mixed_tile_never_count() -> None:
    ag = tile(A, G)
    options = Interpretations(own_halves=OwnHalves.COUNTED)
    state = game(scenes=OWN_HALVES, pool=(ag,), options=options)
    after = apply(state, PlaceTile(ag, sq(6, 9), sq(6, 8)))
    # A on (6,9): no A around; G on (6,8): G on (5,8) only -> 1 Grapes.
    assert after.player.supply == (0, 0, 0, 1)


# Wheat fields on (2,3), (3,2) and (4,4); B in play on (4,3).
WHEAT_GROUND = (
    "............",
    "............",
    "...w........",
    ".Sw..S...S..",
    "....w.......",
    "............",
    "............",
    "............",
)
WHEAT_SCENES = (
    "............",
    "............",
    "............",
    "............",
    "...B........",
    "............",
    "............",
    "............",
)


def test_wheat_counts_each_wheat_field_next_to_the_tile() -> None:
    bp = tile(B, P)
    state = game(WHEAT_GROUND, scenes=WHEAT_SCENES, pool=(bp,))
    after = apply(state, PlaceTile(bp, sq(3, 3), sq(3, 4)))
    # (3,3) touches wheat (2,3) and (3,2); (3,4) touches wheat (4,4): 3 Wheat.
    # Tokens: the Bovine touches B on (4,3): 1.
    assert after.player.metropolis.wheat == 3
    assert after.player.supply == (0, 1, 0, 0)


def test_no_square_touches_both_halves_so_i4_is_retired() -> None:
    # I-4 (retired) asked about a wheat square adjacent to both halves; on a square grid
    # the two halves of a domino have no orthogonal neighbour in common. Checked on every
    # domino of the board.
    state = game(WHEAT_GROUND, scenes=WHEAT_SCENES, pool=(tile(B, P),))
    grid = state.config.layout
    checked = 0
    for square in range(grid.width * grid.height):
        for other in (square + 1, square + grid.width):
            if other < grid.width * grid.height and grid.nb4[square] >> other & 1:
                assert grid.nb4[square] & grid.nb4[other] == 0
                checked += 1
    assert checked > 0


def test_each_wheat_square_next_to_the_tile_counts_once() -> None:
    bp = tile(B, P)
    state = game(WHEAT_GROUND, scenes=WHEAT_SCENES, pool=(bp,))
    after = apply(state, PlaceTile(bp, sq(3, 3), sq(3, 4)))
    # (3,3): 2 wheat fields; (3,4): 1 -> 3 (R-3.3.B).
    assert after.player.metropolis.wheat == 3


def test_wheat_stops_at_the_top_of_the_track() -> None:
    bp = tile(B, P)
    state = game(WHEAT_GROUND, scenes=WHEAT_SCENES, pool=(bp,))
    top = state.player.metropolis.wheat_top
    assert top == 10  # the default track has 11 squares, 0 to 10
    after = apply(with_wheat(state, top - 1), PlaceTile(bp, sq(3, 3), sq(3, 4)))
    # 9 + 3 Wheat = 12, stopped on 10 (I-7).
    assert after.player.metropolis.wheat == top
    on_top = apply(with_wheat(state, top), PlaceTile(bp, sq(3, 3), sq(3, 4)))
    assert on_top.player.metropolis.wheat == top


# Printed icons: Alabaster on (3,3), Grapes on (3,4).
ICON_GROUND = (
    "............",
    "............",
    "............",
    ".S.agS...S..",
    "............",
    "............",
    "............",
    "............",
)


def test_a_covered_icon_gives_its_resource_whatever_scene_covers_it() -> None:
    bp = tile(B, P)
    state = game(ICON_GROUND, scenes=CONNECTIONS, pool=(bp,))
    after = apply(state, PlaceTile(bp, sq(3, 3), sq(3, 4)))
    # Connections as in CONNECTIONS: 3 Bovine, 1 Papyrus; the Bovine scene covers the
    # Alabaster icon: +1 Alabaster; the Papyrus scene covers the Grapes icon: +1 Grapes.
    assert after.player.supply == (1, 3, 1, 1)


def test_icons_are_harvested_with_an_empty_neighbourhood_too() -> None:
    # The tile A|G laid on the icons, with A in play on (2,3) only: the Alabaster half
    # touches it (1) and covers the Alabaster icon (1); the Grapes half covers the
    # Grapes icon (1) and touches no G.
    ag = tile(A, G)
    scenes = ("............", "............", "...A........", *("............",) * 5)
    state = game(ICON_GROUND, scenes=scenes, pool=(ag,))
    after = apply(state, PlaceTile(ag, sq(3, 3), sq(3, 4)))
    assert after.player.supply == (2, 0, 0, 1)
