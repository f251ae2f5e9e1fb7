"""Values checked where they are made (issue 15, item 3): a public value a user builds
takes what its JSON form accepts and refuses anything else at once, naming the field;
before, ``Interpretations(district_offer=3)`` crashed mid-game and
``quarry_enclosure="diagonal"`` was taken silently."""

from __future__ import annotations

import importlib
from typing import Any

import attrs
import pytest

import fertility_rules as fr
from fertility_rules.fertility.effects import (
    DEFAULT_REGISTRY,
    DebenAward,
    GainWheat,
    PlaceResource,
    StatueAward,
)
from fertility_rules.fertility.interpretations import Enclosure, OfferSize
from fertility_rules.fertility.model import Resource
from fertility_rules.fertility.model.valley import BoardSquare, Ground
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.fertility.setup import random_setup
from fertility_rules.formats import Limits
from fertility_rules.i18n import Message
from fertility_rules.lab import GameSpec
from fertility_rules.shared.provenance import Provenance, Source

CATALOGUE = fr.default_catalogue()
GAME = fr.Game.new(["Amunet", "Bek"], seed=4)


def test_interpretations_take_the_values_of_their_json_form() -> None:
    reading = fr.Interpretations(district_offer=3, quarry_enclosure="orthogonal")  # type: ignore[arg-type]
    assert reading.district_offer is OfferSize.THREE
    assert reading.quarry_enclosure is Enclosure.ORTHOGONAL
    assert reading == fr.Interpretations(
        district_offer=OfferSize.THREE, quarry_enclosure=Enclosure.ORTHOGONAL
    )
    assert attrs.evolve(reading, district_offer=4).district_offer is OfferSize.FOUR  # type: ignore[arg-type]
    # As in JSON, 4.0 is the number 4.
    assert fr.Interpretations(district_offer=4.0).district_offer is OfferSize.FOUR  # type: ignore[arg-type]


def test_a_game_under_plain_values_plays_and_saves() -> None:
    # The crash of the review: the plain values reached the engine and the writer.
    reading = fr.Interpretations(district_offer=3, quarry_enclosure="orthogonal")  # type: ignore[arg-type]
    game = fr.Game.new(["Amunet", "Bek"], seed=2, interpretations=reading)
    for _ in range(40):
        game = game.play(fr.legal_moves(game.state)[-1])
    document = fr.dump_state(game.state)
    assert document["interpretations"]["district_offer"] == 3
    assert fr.read_state(document) == game.state


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("quarry_enclosure", "diagonal"),
        ("quarry_enclosure", "EIGHT"),
        ("district_offer", 5),
        ("district_offer", True),
        ("district_offer", "3"),
        ("own_halves", None),
        ("lost_resource", ["lost"]),
    ],
)
def test_interpretations_refuse_any_other_value_naming_field_value_and_values(
    field: str, value: object
) -> None:
    with pytest.raises(fr.MalformedInputError) as caught:
        fr.Interpretations(**{field: value})  # type: ignore[arg-type]
    problem = caught.value.problems[0]
    assert problem.path == f"Interpretations.{field}"
    text = problem.render()
    if value is not None:
        assert str(value) in text
        default = getattr(fr.Interpretations(), field)
        assert all(str(v.value) in text for v in type(default))
    assert problem.render("fr") != text


def _user_values() -> list[object]:
    """One value of every public class a user builds (as input to the library)."""
    district = CATALOGUE.districts[0]
    board = CATALOGUE.metropolis_boards[0]
    registry = DEFAULT_REGISTRY
    benefits = [s.benefit for d in CATALOGUE.districts for s in d.shops]
    kinds = {type(b): b for b in benefits}
    return [
        CATALOGUE,
        CATALOGUE.monuments,
        district,
        district.shops[0],
        CATALOGUE.valley_tiles[0],
        CATALOGUE.valley_boards[0],
        BoardSquare(Ground.DESERT, Resource.GRAPES),
        CATALOGUE.start_tile,
        board,
        board.wheat_track,
        GAME.state.players[0].metropolis,
        GAME.state.players[0].metropolis.shops[0],
        rulebook_example(),
        rulebook_example().players[0],
        registry,
        registry.kinds[0],
        registry.kinds[0].params[0],
        *kinds.values(),
        GainWheat(1),
        Source(Provenance.RULEBOOK, "printed"),
        DebenAward(2, Message("x")),
        StatueAward(frozenset({"Isis"}), 1),
        PlaceResource((Resource.GRAPES,)),
        fr.Interpretations(),
        Limits(),
        random_setup(CATALOGUE, 2, seed=1),
        GAME.record,
        GameSpec(1, ("random", "random")),
        fr.PlaceTile("V01", 0, 1),
    ]


USER_VALUES = _user_values()

LIBRARY_MADE = {
    # Results and states the library makes; a user reads them, builds them through
    # new_game, read_state, observe, score_position... and changes them with the moves.
    "Adjudication",
    "Choice",
    "ChoiceGroup",
    "Comparison",
    "FirstIllegalMove",
    "Game",
    "GameState",
    "GameSummary",
    "Message",
    "Observation",
    "Outcome",
    "PlayedGame",
    "Problem",
    "ReplayError",
    "ReplayResult",
    "ScoreLine",
    "ScoreReport",
    "ScoreSheet",
    "ShopContext",
    "StageTotals",
    "Violation",
}


PUBLIC_MODULES = (
    fr,
    importlib.import_module("fertility_rules.fertility"),
    importlib.import_module("fertility_rules.fertility.model"),
    importlib.import_module("fertility_rules.fertility.effects"),
    importlib.import_module("fertility_rules.fertility.catalogue"),
    importlib.import_module("fertility_rules.fertility.scoring"),
)
"""The modules whose names an app reads Fertility's values from."""


def test_every_public_value_class_is_checked_or_made_by_the_library() -> None:
    checked = {type(v).__name__ for v in USER_VALUES}
    public = {
        name: getattr(module, name)
        for module in PUBLIC_MODULES
        for name in module.__all__
        if isinstance(getattr(module, name), type) and attrs.has(getattr(module, name))
    }
    classes = set(public)
    moves = {name for name in classes if issubclass(public[name], fr.Move.__args__)}
    assert classes - moves - LIBRARY_MADE <= checked, classes - moves - LIBRARY_MADE - checked


@pytest.mark.parametrize("value", USER_VALUES, ids=lambda v: type(v).__name__)
def test_a_field_of_the_wrong_type_is_refused_naming_it(value: object) -> None:
    cls: Any = type(value)
    fields = [f for f in attrs.fields(cls) if f.init]
    given = {f.alias: getattr(value, f.name) for f in fields}
    assert cls(**given) == value
    for field in fields:
        for wrong in (object(), 1.5, [object()]):
            with pytest.raises(fr.MalformedInputError) as caught:
                cls(**{**given, field.alias: wrong})
            paths = [p.path for p in caught.value.problems]
            assert any(field.name in path for path in paths), (field.name, paths)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("max_bytes", -2, "minimum 1"),
        ("max_bytes", 0, "minimum 1"),
        ("max_bytes", 10**30, "maximum"),
        ("max_depth", 10**6, "maximum"),
        ("max_digits", 10**5, "maximum"),
        ("max_bytes", "16", "int"),
    ],
)
def test_limits_are_bounded(field: str, value: object, words: str) -> None:
    with pytest.raises(fr.MalformedInputError) as caught:
        Limits(**{field: value})  # type: ignore[arg-type]
    assert caught.value.problems[0].path == f"Limits.{field}"
    assert words in str(caught.value)
