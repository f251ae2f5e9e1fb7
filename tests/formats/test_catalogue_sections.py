"""The catalogue-file sections both games read and write, on a catalogue of neither game.

A toy catalogue ("a deck": its card names and the copies of each) is read and written
with :class:`fertility_rules.formats.sections.CatalogueFile` alone, so that what every
catalogue reader relies on is checked once: every broken section reported at once with
its path, one problem for a document that is not a catalogue, the catalogue's own checks
under ``$``, the note left out when empty and the round trip.
"""

from __future__ import annotations

from typing import Any

import pytest
from attrs import field, frozen
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.base import strict_converter
from fertility_rules.formats.sections import CatalogueFile, Section, write_sections
from fertility_rules.i18n.message import _
from fertility_rules.shared.provenance import Provenance, Source

FORMAT = "fertility-rules/deck-catalogue/1"


def _copies_problems(per_card: int) -> list[Problem]:
    return [] if per_card >= 1 else [Problem("per_card", _("at least one copy of each card"))]


@frozen(kw_only=True)
class _Card(Section):
    name: str


def _unique_names(_instance: object, _attribute: object, cards: tuple[Card, ...]) -> None:
    if len({name for name, _source in cards}) < len(cards):
        raise MalformedInputError.single("cards", _("two cards have the same name"))


@frozen(kw_only=True)
class _Copies(Section):
    per_card: int
    jokers: int = 0
    checks = staticmethod(_copies_problems)


Card = tuple[str, Source]


@frozen(kw_only=True)
class Deck:
    name: str
    title: str
    note: str = ""
    cards: tuple[Card, ...] = field(validator=_unique_names)
    copies: tuple[int, int]
    """Copies of each card, and jokers."""
    copies_source: Source


FILE = CatalogueFile(FORMAT, {"cards": tuple[_Card, ...], "copies": _Copies})

CONVERTER = strict_converter().copy()
write_sections(CONVERTER, (_Card, _Copies))


def read_deck(data: object, source: str | None = None) -> Deck:
    root, sections = FILE.read(data, CONVERTER, source)
    copies = sections["copies"]
    cards = tuple((card.name, Source(card.provenance, card.note)) for card in sections["cards"])
    source_of_copies = Source(copies.provenance, copies.note)
    counts = (copies.per_card, copies.jokers)
    return FILE.build(
        Deck, root, source, cards=cards, copies=counts, copies_source=source_of_copies
    )


def dump_deck(deck: Deck) -> dict[str, Any]:
    per_card, jokers = deck.copies
    made = deck.copies_source
    sections = {
        "cards": tuple(_Card(name=n, provenance=s.provenance, note=s.note) for n, s in deck.cards),
        "copies": _Copies(
            per_card=per_card, jokers=jokers, provenance=made.provenance, note=made.note
        ),
    }
    return FILE.document(deck, sections, CONVERTER)


def document(**changes: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "name": "small",
        "cards": [
            {"name": "ace", "provenance": "rulebook"},
            {"name": "king", "provenance": "review"},
        ],
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
    assert deck.cards == (("ace", Source(Provenance.RULEBOOK)), ("king", Source(Provenance.REVIEW)))
    assert deck.copies == (2, 0)
    assert deck.copies_source == Source(Provenance.RECONSTRUCTED, "a guess")


def test_every_broken_section_and_the_frame_are_reported_at_once() -> None:
    found = problems_of(
        document(
            name=3,
            cards=[{"name": "ace", "provenance": "rulebook"}, {"name": 7, "provenance": "review"}],
            copies={"per_card": 0, "provenance": "rulebook"},
        )
    )
    paths = [path for path, _message in found]
    assert "$.name" in paths
    assert "$.cards[1].name" in paths
    assert "$.copies.per_card" in paths  # the section's own check


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
    twice = [{"name": "ace", "provenance": "rulebook"}, {"name": "ace", "provenance": "review"}]
    assert problems_of(document(cards=twice)) == [("$.cards", "two cards have the same name")]


def test_a_section_is_written_without_its_note_when_it_has_none() -> None:
    written = dump_deck(read_deck(document()))
    assert written["cards"][0] == {"name": "ace", "provenance": "rulebook"}
    assert written["copies"] == {
        "per_card": 2,
        "jokers": 0,
        "provenance": "reconstructed",
        "note": "a guess",
    }
    assert (written["format"], written["name"], written["title"]) == (FORMAT, "small", "small")


# A catalogue's texts are without control characters (sections.text_problems).
_TEXT = st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


@given(
    names=st.lists(st.text(_TEXT, min_size=1, max_size=5), max_size=4, unique=True),
    copies=st.tuples(st.integers(1, 9), st.integers(0, 3)),
    title=st.text(_TEXT, max_size=5),
    provenance=st.sampled_from(Provenance),
)
def test_a_written_deck_reads_back_equal(
    names: list[str], copies: tuple[int, int], title: str, provenance: Provenance
) -> None:
    deck = Deck(
        name="d",
        title=title or "d",
        cards=tuple((name, Source(provenance, name[::-1])) for name in names),
        copies=copies,
        copies_source=Source(Provenance.RULEBOOK, "printed"),
    )
    assert read_deck(dump_deck(deck)) == deck


@frozen
class _Item:
    """A catalogue item of a game's model: its provenance may be unknown."""

    name: str
    provenance: Provenance | None = None
    note: str = ""


@frozen
class _Rules:
    """A part of a game's catalogue holding its own source."""

    per_card: int
    jokers: int
    source: Source


def test_a_section_is_made_of_a_value_with_where_it_comes_from() -> None:
    rules = _Rules(2, 1, Source(Provenance.REVIEW, "seen"))
    assert _Copies.of(rules) == _Copies(
        per_card=2, jokers=1, provenance=Provenance.REVIEW, note="seen"
    )
    other = Source(Provenance.RULEBOOK, "printed")
    assert _Copies.of(rules, other, jokers=0) == _Copies(
        per_card=2, jokers=0, provenance=Provenance.RULEBOOK, note="printed"
    )
    # An item's own provenance; unknown, it is written as reconstructed (never as printed).
    known = _Item("ace", Provenance.INFERRED, "from two facts")
    assert _Card.of(known) == _Card(
        name="ace", provenance=Provenance.INFERRED, note="from two facts"
    )
    assert _Card.of(_Item("king")).provenance is Provenance.RECONSTRUCTED
