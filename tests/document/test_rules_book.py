"""A rules document made by :class:`~fertility_rules.document.book.RulesBook` for a game of
neither kind: a two-rule book whose catalogue is a name, checked once for every game.

What is checked: the title, the opening and the key to the pictures come first (the key
only with pictures); the sections follow in their order, each reading the catalogue
given; a worked example goes under the rule it shows; the format is refused before the
catalogue is made; the Markdown pictures are the examples' files; a game's examples
default to its own catalogue; the note on a partly reconstructed catalogue; a section
the specification says whole; the states an example is played through.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from attrs import frozen

from fertility_rules.document.blocks import Figure, Heading, Paragraph
from fertility_rules.document.book import PictureKey, RulesBook, counts_source, spec_section
from fertility_rules.document.example import Example, WorkedExamples, states_after
from fertility_rules.document.writer import Writer
from fertility_rules.errors import FertilityError
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _


@frozen
class _Text:
    id: str
    title: Message
    text: Message


@frozen
class _Catalogue:
    name: str
    is_reconstructed: bool = False


TEXTS = (
    _Text("T-1", _("Draw"), _("Draw a card.")),
    _Text("T-2", _("Play"), _("Play a card.")),
)


def _examples(language: Language, catalogue: _Catalogue) -> Iterator[Example]:
    yield Example("T-2-one", "T-2", _("Worked examples"), (f"<svg>{catalogue.name}</svg>",), {})


def _legend(language: Language) -> str:
    return f"<svg>{language.value}</svg>"


def _first(w: Writer, catalogue: _Catalogue) -> None:
    w.heading(2, "Cards", "cards")
    counts_source(w, catalogue)
    w.rule("T-1")


def _second(w: Writer, catalogue: _Catalogue) -> None:
    w.rule("T-2")


BOOK: RulesBook[_Catalogue] = RulesBook(
    title=_("Pictures"),
    opening=_("Glossary"),
    key=PictureKey("toy-key", _("Components"), _legend),
    sections=(_first, _second),
    texts=lambda: TEXTS,
    examples=_examples,
)


def _outline(blocks: list[object]) -> list[str]:
    out = []
    for block in blocks:
        if isinstance(block, Heading):
            out.append(f"h{block.level}:{block.anchor or block.text}")
        elif isinstance(block, Figure):
            out.append(f"figure:{block.name}")
        elif isinstance(block, Paragraph):
            out.append("p")
    return out


def test_the_key_comes_first_and_the_example_under_its_rule() -> None:
    blocks = BOOK.blocks("fr", _Catalogue("deck"))
    assert _outline(list(blocks)) == [
        "h1:Images",
        "p",
        "h2:toy-key",
        "p",
        "figure:toy-key",
        "h2:cards",
        "h3:T-1",
        "p",
        "h3:T-2",
        "p",
        "figure:T-2-one",
    ]
    key = next(b for b in blocks if isinstance(b, Figure))
    assert key.svgs == ("<svg>fr</svg>",)  # the legend in the document's language
    assert blocks[-1] == Figure("T-2-one", ("<svg>deck</svg>",), "Exemples commentés")


def test_without_pictures_there_is_no_key_and_no_figure() -> None:
    outline = _outline(list(BOOK.blocks("en", _Catalogue("deck"), pictures=False)))
    assert outline == ["h1:Pictures", "p", "h2:cards", "h3:T-1", "p", "h3:T-2", "p"]


def test_a_reconstructed_catalogue_is_said_to_be_so() -> None:
    blocks = BOOK.blocks("en", _Catalogue("guess", is_reconstructed=True), pictures=False)
    notes = [b.text for b in blocks if isinstance(b, Paragraph) and "“guess”" in b.text]
    (note,) = notes
    assert "partly reconstructed" in note
    faithful = BOOK.blocks("en", _Catalogue("guess"), pictures=False)
    assert not [b for b in faithful if isinstance(b, Paragraph) and "“guess”" in b.text]


def test_a_section_the_specification_says_whole_is_its_text_then_its_rules() -> None:
    texts = (*TEXTS, _Text("T", _("Cards"), _("Two rules.")))
    figure = Figure("T-2-one", ("<svg/>",), "shown")
    w = Writer(Language.EN, texts, {"T": (figure,), "T-2": (figure,)})
    spec_section("T", "T-2", "T-1")(w, _Catalogue("deck"))
    outline = ["h2:T", "p", "figure:T-2-one", "h3:T-2", "p", "figure:T-2-one", "h3:T-1", "p"]
    assert _outline(list(w.blocks)) == outline
    assert [b.text for b in w.blocks if isinstance(b, Heading)][1:] == ["T-2 Play", "T-1 Draw"]


def test_the_document_is_rendered_under_its_title() -> None:
    html = BOOK.document("en", "html", lambda: _Catalogue("deck"))
    assert "<title>Pictures</title>" in html
    assert "<svg>deck</svg>" in html


def test_an_unknown_format_is_refused_before_the_catalogue_is_made() -> None:
    def never() -> _Catalogue:
        raise AssertionError("the catalogue was made")

    with pytest.raises(FertilityError):
        BOOK.document("en", "pdf", never)


def test_the_markdown_pictures_are_the_figures_files() -> None:
    assert BOOK.pictures("en", _Catalogue("deck")) == {
        "toy-key.svg": "<svg>en</svg>",
        "T-2-one.svg": "<svg>deck</svg>",
    }


def test_examples_default_to_the_games_catalogue_and_parse_the_language() -> None:
    made = WorkedExamples(_examples, lambda: _Catalogue("default"))("FR")
    assert [e.svgs for e in made] == [("<svg>default</svg>",)]
    given = WorkedExamples(_examples, lambda: _Catalogue("default"))(Language.EN, _Catalogue("x"))
    assert [e.svgs for e in given] == [("<svg>x</svg>",)]


def test_the_states_after_moves_are_the_start_then_each_move_applied_in_turn() -> None:
    assert states_after(lambda total, n: total * 10 + n, 1, (2, 3)) == [1, 12, 123]
    assert states_after(lambda total, n: total + n, 5, ()) == [5]
