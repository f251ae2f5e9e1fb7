"""Move notation: every legal move of random games round-trips; bad text is a library error."""

from __future__ import annotations

import pytest
from hypothesis import given

from fertility_rules import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    Game,
    MalformedInputError,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SupplyShop,
    TakeTile,
    format_move,
    legal_moves,
    new_game,
    observe,
    parse_move,
)
from fertility_rules.fertility.model import Resource
from tests.play.helpers import played


@given(played(80))
def test_every_legal_move_round_trips(game: Game) -> None:
    for state in [*list(game.states())[::5], game.state]:
        texts = set()
        for move in legal_moves(state):
            text = format_move(move, state)
            assert parse_move(text, state) == move
            # Keywords, squares, resources and ids ignore case (the default ids are upper
            # case); the id read back is the catalogue's, so the text round trip is exact.
            assert parse_move(text.upper(), observe(state)) == move
            assert parse_move(text.lower(), state) == move
            assert format_move(parse_move(text.lower(), state), state) == text
            texts.add(text)
        assert len(texts) == len(legal_moves(state))  # distinct moves, distinct texts


STATE = new_game(["Amunet", "Bek"], seed=1)  # a 12-square-wide board


@pytest.mark.parametrize(
    ("text", "move"),
    [
        # Hand-worked: a1 is row 0 column 0; b6 is row 5 column 1 -> 5 * 12 + 1 = 61.
        ("place V23 a6 b6", PlaceTile("V23", 60, 61)),
        ("quarry l8 monument", ClaimQuarry(7 * 12 + 11, None)),
        ("quarry C1 g", ClaimQuarry(2, Resource.GRAPES)),
        ("build D07 3 aabww", BuildDistrict("D07", 2, (2, 1, 0, 0), 2)),
        ("build D07 1 -", BuildDistrict("D07", 0, (0, 0, 0, 0), 0)),
        ("supply grapes 5", SupplyShop(Resource.GRAPES, 4)),
        ("Place v23 A6 b6", PlaceTile("V23", 60, 61)),
        ("build d07 3 AABWW", BuildDistrict("D07", 2, (2, 1, 0, 0), 2)),
        ("take v05", TakeTile("V05")),
        ("discard V05", DiscardTile("V05")),
        # An id no catalogue entry matches is kept as written: the rules refuse it.
        ("remove x99", RemoveTile("x99")),
        ("  bonus P   supply ", PlaceBonusResource(Resource.PAPYRUS, None)),
    ],
)
def test_examples(text: str, move: object) -> None:
    assert parse_move(text, STATE) == move


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty move"),
        ("fly V01", "unknown move 'fly'"),
        ("place V01 a1", "takes 3 words"),
        ("place V01 a1 z9", "'z9' is not a square"),
        ("place V01 a1 a9", "'a9' is not a square"),
        ("quarry a1 x", "'x' is not a resource"),
        ("build D01 0 a", "'0' is not a spot number"),
        ("build D01 1 axw", "'axw' is not a payment"),
        ("supply g -1", "is not a Shop number"),
        ("x" * 500, "at most 200 characters"),
    ],
)
def test_bad_text_is_a_library_error(text: str, fragment: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_move(text, STATE)
    assert fragment in str(caught.value)
    assert caught.value.problems[0].path == "$"
