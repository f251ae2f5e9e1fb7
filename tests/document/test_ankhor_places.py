"""Captions tell where a tile goes from a neighbour a player can see, not by coordinates.

Each layout is drawn by hand (``x`` to the right, ``y`` downwards, as the pictures draw
them) and the expected phrase is read off the drawing.
"""

from __future__ import annotations

import html
import re

import pytest

from fertility_rules.ankhor.document import rules_document
from fertility_rules.ankhor.document.places import label_at, place_text
from fertility_rules.i18n.message import render
from tests.ankhor.helpers import Box, layout

PICTURE = """
Gj Kv .
Wf Wf Rd
"""
"""A green jackal and a black value tile on top; two white falcons and a red desert
below them: the falcons cannot be named alone."""


def test_a_place_is_told_from_the_tile_on_its_left_first() -> None:
    tiles = layout(Box(), PICTURE)
    assert render(place_text(tiles, (0, 2, 0))) == "to the right of the value tile (black family)"
    assert render(place_text(tiles, (0, -1, 0))) == "to the left of the jackal (green family)"


def test_a_place_under_or_over_a_tile_is_told_from_it() -> None:
    tiles = layout(Box(), PICTURE)
    # Below (2, 1) only the desert is a neighbour; above (0, 0) only the jackal.
    assert render(place_text(tiles, (0, 2, 2))) == "just below the desert (red family)"
    assert render(place_text(tiles, (0, 0, -1))) == "just above the jackal (green family)"


def test_a_neighbour_whose_label_another_tile_shares_is_passed_over() -> None:
    tiles = layout(Box(), PICTURE)
    # (0, 2) touches only the first white falcon: it cannot be named alone.
    assert render(place_text(tiles, (0, 0, 2))) == "at 0,2"
    # (1, 2) touches the second falcon (passed over) and nothing else.
    assert render(place_text(tiles, (0, 1, 2))) == "at 1,2"


def test_a_neighbour_no_higher_tile_covers_is_preferred() -> None:
    box = Box()
    tiles = layout(box, "Gj Kv\nBb Rd", (0, 0, "Ws"))
    # (2, 1) touches the red desert on its left (covered by the scribe) and nothing
    # else: the covered one still names it.
    assert render(place_text(tiles, (0, 2, 1))) == "to the right of the desert (red family)"
    uncovered = layout(Box(), "Gj Kv Rv\nBb Rd .", (0, 0, "Ws"))
    # (2, 1) has the covered desert on its left and the red value tile above it, which
    # nothing covers: the value tile is preferred.
    assert render(place_text(uncovered, (0, 2, 1))) == "just below the value tile (red family)"


def test_a_higher_place_is_told_from_one_of_its_four_supports() -> None:
    tiles = layout(Box(), PICTURE)
    assert render(place_text(tiles, (1, 0, 0))) == (
        "over the jackal (green family) and the three tiles to its right and below it"
    )
    # Over (1,0) (2,0) (1,1) (2,1): the value tile is the top left one.
    assert render(place_text(tiles, (1, 1, 0))) == (
        "over the value tile (black family) and the three tiles to its right and below it"
    )


def test_a_higher_place_whose_top_left_support_is_not_unique_uses_another_corner() -> None:
    tiles = layout(Box(), "Wf Rj\nWf Gj\n. Rj")
    # The white falcons and the red jackals come in pairs: of the supports of (1, 0, 0),
    # only the bottom right one, the green jackal, can be named.
    assert render(place_text(tiles, (1, 0, 0))) == (
        "over the jackal (green family) and the three tiles to its left and above it"
    )


def test_a_tile_moved_is_named_alone_or_with_its_coordinates() -> None:
    tiles = layout(Box(), PICTURE)
    assert render(label_at(tiles, (0, 0, 0))) == "the jackal (green family)"
    assert render(label_at(tiles, (0, 0, 1))) == "the falcon (white family) at 0,1"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "à droite de la tuile valeur (famille noire)"),
        ("pl", "na prawo od kafelka wartości (rodzina czarna)"),
        ("nl", "rechts van de waardetegel (zwarte familie)"),
    ],
)
def test_the_phrases_read_in_every_language(language: str, expected: str) -> None:
    tiles = layout(Box(), PICTURE)
    assert render(place_text(tiles, (0, 2, 0)), language) == expected


SLIPS = {
    "fr": ("tuile tuile",),
    "pl": ("kafelek kafelek", "kafelka kafelek"),
    "nl": ("tegel waardetegel", "de pakhuis"),
}
"""A word said twice where a sentence puts "the tile" before a tile's label."""


@pytest.mark.parametrize("language", sorted(SLIPS))
def test_ankhor_s_document_never_says_tile_twice(language: str) -> None:
    page = rules_document(language, "html")
    text = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", page)).split())
    assert [slip for slip in SLIPS[language] if slip in text] == []


def test_ankhor_s_captions_place_tiles_without_coordinates() -> None:
    """The examples are chosen among moves whose place a neighbour tells."""
    page = rules_document("en", "html")
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", page, re.S)
    text = " ".join(html.unescape(re.sub(r"<[^>]*>", " ", " ".join(captions))).split())
    assert len(captions) > 20
    assert re.findall(r"-?\d+,-?\d+", text) == []
