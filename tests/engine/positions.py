"""Hand-built positions for the engine tests.

A position is drawn as text. The *ground* is the central board of a 2- or 3-player game,
8 rows of 12 squares (Valley boards A, B and C side by side, unturned), in the catalogue's
square codes (``.`` desert, ``w`` wheat, ``~`` water, ``a b p g`` a printed icon, ``S`` a
start symbol); square ``(row, column)`` is ``row * 12 + column``. The test catalogue is
the default one with these board rows and with tiles ``V01`` to ``V16`` showing the 16
ordered pairs of scenes (:func:`tile`).

The *scenes* drawing, when given, replaces the board laid at setup: ``A B P G`` mark a
scene already in play (Alabaster, Bovine, Papyrus, Grapes), ``.`` an uncovered square. The
valley is then built with ``attrs.evolve`` as one pseudo "start" tile covering every drawn
scene: it is a position, not a history, so tile conservation (R-7) is not checked on it.
Without a drawing, the starting tile lies where setup puts it: rows 3-4, columns 5-6,
showing ``A B`` above ``P G``.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from attrs import evolve

from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import (
    default_catalogue,
    dump_catalogue,
    read_catalogue,
)
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.resources import (
    RESOURCES,
    Counts,
    MonumentType,
    Resource,
    sub_counts,
)
from fertility_rules.fertility.rules.geometry import layout
from fertility_rules.fertility.setup import Setup, start_anchors, start_game, tiles_in_play
from fertility_rules.fertility.state import GameState, Phase, PlacedTile

WIDTH = 12
HEIGHT = 8

GROUND = (
    "............",
    "............",
    "............",
    ".S...S...S..",
    "............",
    "............",
    "............",
    "............",
)
"""All desert; the start symbol nearest the centre is (3, 5)."""

START = (3, 5)
"""Where setup lays the starting tile on every ground of these tests."""

_SCENE_CODES = {"A": Resource.ALABASTER, "B": Resource.BOVINE, "P": Resource.PAPYRUS}
_SCENE_CODES["G"] = Resource.GRAPES

_TOP = ("D05", "D02", "D14", "D04", "D07", "D01", "D03", "D06")
DISTRICTS = (*_TOP, *(d.id for d in default_catalogue().districts if d.id not in _TOP))
"""The District pile of these tests, top first: the offer is D05 (cost 2), D02 (cost 1),
D14 (cost 0; Papyrus -> one of Alabaster, Bovine, Grapes on another Shop) and D04
(cost 0; Grapes -> +1 Wheat); D07 is revealed next, then D01, D03, D06 and the rest of
the deck in catalogue order (the pile is the whole deck, R-2.5)."""


def sq(row: int, column: int) -> int:
    """The index of square ``(row, column)``."""
    assert 0 <= row < HEIGHT
    assert 0 <= column < WIDTH
    return row * WIDTH + column


def tile(first: Resource, second: Resource) -> str:
    """The test catalogue's tile showing ``first`` then ``second``."""
    return f"V{4 * first + second + 1:02d}"


@functools.cache
def catalogue(ground: tuple[str, ...] = GROUND, stock: int = 20) -> Catalogue:
    """The default catalogue with ``ground`` as Valley boards A, B, C and the 16 pairs."""
    assert [len(row) for row in ground] == [WIDTH] * HEIGHT, ground
    data = dump_catalogue(default_catalogue())
    for index in range(3):
        board = data["valley_boards"][index]
        assert board["id"] == "ABC"[index]
        board["rows"] = [row[4 * index : 4 * index + 4] for row in ground]
    for index, (first, second) in enumerate((a, b) for a in RESOURCES for b in RESOURCES):
        entry = data["valley_tiles"][index]
        assert entry["id"] == tile(first, second)
        entry["scenes"] = [first.key, second.key]
    data["stock"]["per_resource"] = stock
    return read_catalogue(data, "engine-test-catalogue")


def game(
    ground: Sequence[str] = GROUND,
    *,
    scenes: Sequence[str] | None = None,
    pool: Sequence[str] = (),
    players: int = 2,
    variant: bool = False,
    options: Interpretations | None = None,
    stock: int = 20,
) -> GameState:
    """A game set up on ``ground``; the first player's Personal Pool is ``pool`` (then
    other tiles), the second player's and the Common Pool follow in tile order
    ``V17``, ``V18``...; Metropolis boards M1, M2 (, M3); Districts :data:`DISTRICTS`."""
    cat = catalogue(tuple(ground), stock)
    grid = layout(tuple((cat.valley_board(b), False) for b in "ABC"))
    anchors = start_anchors(grid)
    assert START in anchors, anchors
    others = [t.id for t in cat.valley_tiles[16:] if t.id not in pool]
    fillers = [t.id for t in cat.valley_tiles[:16] if t.id not in pool]
    tiles = (*pool, *others, *fillers)[: tiles_in_play(players, variant)]
    setup = Setup(
        valley=(("A", False), ("B", False), ("C", False)),
        start=START,
        start_rotation=0,
        tiles=tuple(tiles),
        districts=DISTRICTS,
        metropolis_boards=("M1", "M2", "M3")[:players],
        monument_types=(MonumentType.OBELISK, MonumentType.PYRAMID, MonumentType.SPHINX)[:players],
    )
    names = ("Amunet", "Bek", "Chione")[:players]
    state = start_game(names, setup, cat, variant, options)
    return state if scenes is None else with_scenes(state, scenes)


def with_scenes(state: GameState, scenes: Sequence[str]) -> GameState:
    """``state`` with the valley replaced by the ``scenes`` drawing (see the module doc)."""
    assert [len(row) for row in scenes] == [WIDTH] * HEIGHT, scenes
    grid = state.config.layout
    masks = [0, 0, 0, 0]
    squares: list[int] = []
    shown: list[Resource] = []
    for row, text in enumerate(scenes):
        for column, code in enumerate(text):
            if code == ".":
                continue
            square = sq(row, column)
            assert grid.desert >> square & 1, f"a scene on non-desert square {(row, column)}"
            resource = _SCENE_CODES[code]
            masks[resource] |= 1 << square
            squares.append(square)
            shown.append(resource)
    covered = masks[0] | masks[1] | masks[2] | masks[3]
    valley = evolve(
        state.valley,
        empty=grid.desert & ~covered,
        scenes=(masks[0], masks[1], masks[2], masks[3]),
        tiles=(PlacedTile("start", tuple(squares), tuple(shown), None),),
        monuments=(),
    )
    return evolve(state, valley=valley)


def give(state: GameState, tokens: Counts) -> GameState:
    """The current player takes ``tokens`` from the Stock into their supply (conserving)."""
    player = state.player
    supply = (
        player.supply[0] + tokens[0],
        player.supply[1] + tokens[1],
        player.supply[2] + tokens[2],
        player.supply[3] + tokens[3],
    )
    return evolve(
        state.with_player(evolve(player, supply=supply)), stock=sub_counts(state.stock, tokens)
    )


def with_wheat(state: GameState, wheat: int) -> GameState:
    """The current player's Wheat marker put on ``wheat``."""
    player = state.player
    return state.with_player(evolve(player, metropolis=evolve(player.metropolis, wheat=wheat)))


def at(state: GameState, phase: Phase) -> GameState:
    """``state`` jumped to the decision ``phase`` of the same turn (a position, not a move)."""
    return evolve(state, phase=phase)
