"""The catalogue-file sections both games read and write, on a catalogue of neither game.

A toy catalogue ("a deck": its card names and the copies of each) is read and written
with :mod:`fertility_rules.formats.sections` alone, so that what every catalogue reader
relies on is checked once: every broken section reported at once with its path, one
problem for a document that is not a catalogue, the catalogue's own checks under ``$``,
the note left out when empty and the round trip.
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import field, frozen
from cattrs import Converter
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.base import strict_converter
from fertility_rules.formats.sections import (
    Section,
    built_catalogue,
    catalogue_document,
    frame,
    read_catalogue_sections,
    write_sections,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.provenance import Provenance, Source
from fertility_rules.shared.values import carried

FORMAT = "fertility-rules/deck-catalogue/1"


def _names_problems(names: tuple[str, ...]) -> list[Problem]:
    if len(set(names)) == len(names):
        return []
    return [Problem("names", _("two cards have the same name"))]


@frozen(kw_only=True)
class _Cards(Section):
    names: tuple[str, ...]

    checks = staticmethod(_names_problems)


@frozen(kw_only=True)
class _Copies(Section):
    per_card: int


def _at_least_one(_instance: object, _attribute: object, value: int) -> None:
    if value < 1:
        raise MalformedInputError.single("per_card", _("at least one copy of each card"))


@frozen(kw_only=True)
class Deck:
    name: str
    title: str
    note: str = ""
    names: tuple[str, ...]
    names_source: Source
    per_card: int = field(validator=_at_least_one)
    per_card_source: Source


SECTIONS: dict[str, Any] = {"cards": _Cards, "copies": _Copies}
FRAME = frame("_Deck", SECTIONS)


def _converter() -> Converter:
    converter = strict_converter().copy()
    write_sections(converter, (_Cards, _Copies))
    return converter


CONVERTER = _converter()


def read_deck(data: object, source: str | None = None) -> Deck:
    root, sections = read_catalogue_sections(data, FRAME, FORMAT, SECTIONS, CONVERTER, source)
    cards, copies = sections["cards"], sections["copies"]
    return built_catalogue(
        Deck,
        root,
        FORMAT,
        source,
        names=cards.names,
        names_source=Source(cards.provenance, cards.note),
        per_card=copies.per_card,
        per_card_source=Source(copies.provenance, copies.note),
    )


def dump_deck(deck: Deck) -> dict[str, Any]:
    sections = {
        "cards": carried(deck, _Cards, provenance=deck.names_source.provenance, note=""),
        "copies": _Copies(
            per_card=deck.per_card,
            provenance=deck.per_card_source.provenance,
            note=deck.per_card_source.note,
        ),
    }
    return catalogue_document(FORMAT, deck, sections, CONVERTER)


def document(**changes: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "name": "small",
        "cards": {"names": ["ace", "king"], "provenance": "rulebook"},
        "copies": {"per_card": 2, "provenance": "reconstructed", "note": "a guess"},
        **changes,
    }


def problems_of(data: object) -> list[tuple[str, str]]:
    with pytest.raises(MalformedInputError) as caught:
        read_deck(data, "deck.toml")
    assert caught.value.source == "deck.toml"
    return [(p.path, str(p.message)) for p in caught.value.problems]


def test_a_document_is_read_with_its_title_defaulting_to_its_name() -> None:
    deck = read_deck(document())
    assert (deck.name, deck.title, deck.note) == ("small", "small", "")
    assert deck.names == ("ace", "king")
    assert deck.per_card_source == Source(Provenance.RECONSTRUCTED, "a guess")


def test_every_broken_section_and_the_frame_are_reported_at_once() -> None:
    found = problems_of(
        document(
            name=3,
            cards={"names": ["ace", "ace"], "provenance": "rulebook"},
            copies={"per_card": "two", "provenance": "rulebook"},
        )
    )
    paths = [path for path, _message in found]
    assert "$.name" in paths
    assert "$.cards.names" in paths  # the section's own check
    assert "$.copies.per_card" in paths


def test_a_missing_section_is_a_problem_at_the_root() -> None:
    data = document()
    del data["copies"]
    assert ("$", "missing field 'copies'") in problems_of(data)


def test_a_document_of_another_format_gets_one_problem() -> None:
    found = problems_of({"format": "fertility-rules/game-record/2", "cards": 1, "copies": 2})
    assert found == [
        ("$.format", f"this is a 'fertility-rules/game-record/2' document, not {FORMAT!r}")
    ]


def test_a_document_that_is_not_an_object_gets_one_problem() -> None:
    assert problems_of(["cards"]) == [("$", "expected an object, found list")]


def test_the_catalogues_own_checks_are_under_the_root() -> None:
    found = problems_of(document(copies={"per_card": 0, "provenance": "rulebook"}))
    assert found == [("$.per_card", "at least one copy of each card")]


def test_a_section_is_written_without_its_note_when_it_has_none() -> None:
    written = dump_deck(read_deck(document()))
    assert written["cards"] == {"names": ["ace", "king"], "provenance": "rulebook"}
    assert written["copies"]["note"] == "a guess"
    assert (written["format"], written["name"], written["title"]) == (FORMAT, "small", "small")


@given(
    names=st.lists(st.text(min_size=1, max_size=5), max_size=4, unique=True),
    per_card=st.integers(1, 9),
    title=st.text(max_size=5),
    provenance=st.sampled_from(Provenance),
)
def test_a_written_deck_reads_back_equal(
    names: list[str], per_card: int, title: str, provenance: Provenance
) -> None:
    deck = Deck(
        name="d",
        title=title or "d",
        names=tuple(names),
        names_source=Source(provenance),
        per_card=per_card,
        per_card_source=Source(Provenance.RULEBOOK, "printed"),
    )
    assert read_deck(dump_deck(deck)) == deck
