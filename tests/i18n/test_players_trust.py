"""What a player must be able to trust in every rules document, in every language.

A rule the rulebook never states is marked as the library's reading by its id, so that a
printed rule and a reading are told apart; a picture's caption is a sentence, never a
status line of the table pasted in; a translated page holds no English message that has a
translation (the documentation site's frame included); and each document opens with a
turn summary and numbers the parts of its setup picture.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from fertility_rules.ankhor.document import rules_blocks as ankhor_blocks
from fertility_rules.ankhor.document import rules_pictures as ankhor_pictures
from fertility_rules.ankhor.document import worked_examples as ankhor_examples
from fertility_rules.ankhor.interpretations import INTERPRETATION_INFO
from fertility_rules.ankhor.rule_texts import rule_text
from fertility_rules.document.blocks import Block, Figure, Heading, Paragraph, Table
from fertility_rules.fertility.document.examples import worked_examples as fertility_examples
from fertility_rules.fertility.document.rules_document import rules_blocks as fertility_blocks
from fertility_rules.i18n import Language, render
from fertility_rules.i18n.message import _
from fertility_rules.shared.interpretations import InterpretationKind
from tests.i18n.test_corrected_documents import english_fragments

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["en", "fr", "pl", "nl"]
TRANSLATED = ["fr", "pl", "nl"]
SVG = "{http://www.w3.org/2000/svg}"
CITED = re.compile(r"\b(?:A-\d+(?:\.\d+)?|Q-\d+|R-\d+(?:\.\d+)?(?:\.[A-D])?|I-\d+)\b")


# --------------------------------------------------------------- readings are cited


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_an_interpretation_reads_cites_it(language: str) -> None:
    """R1–R9: a statement the rulebook never makes (taking fewer than 3 tokens, the refill
    at the end of a turn, restocking warehouses...) sits in the rule it completes, and
    that rule names the reading's id, in every language."""
    missing = [
        (info.id, rule)
        for info in INTERPRETATION_INFO
        for rule in info.rules
        if info.id not in render(rule_text(rule).text, language)
    ]
    assert missing == []


def _spec_settled() -> list[str]:
    text = (ROOT / "docs" / "spec" / "ANKHOR-SPEC.md").read_text(encoding="utf-8")
    section = text.split("### Settled readings", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^- \*\*(Q-\d+)\*\*", section, re.MULTILINE)


def test_every_settled_reading_of_the_specification_is_listed_with_its_reason() -> None:
    settled = [info for info in INTERPRETATION_INFO if info.kind is InterpretationKind.SETTLED]
    assert [info.id for info in settled] == _spec_settled()
    assert [info.id for info in settled] == [f"Q-{n}" for n in range(7, 20)]
    for info in settled:
        assert info.reading is not None, info.id
        assert info.reason is not None, info.id
        for language in TRANSLATED:
            for message in (info.title, info.reading, info.reason, *info.sources):
                assert render(message, language) != render(message, "en"), (info.id, language)


# --------------------------------------------------------------- captions are sentences


def _header_patterns(language: str) -> list[re.Pattern[str]]:
    """The status lines of a table (``Turn 28 · Amunet: take tokens...``) as they read in
    ``language``, any turn, player and decision."""
    marks = {"turn": "\x01", "player": "\x02", "phase": "\x03"}
    patterns = []
    for message in (
        _("Turn {turn} · {player}: {phase}", **marks),
        _("Turn {turn}: the game is over", turn=marks["turn"]),
    ):
        text = re.escape(render(message, language))
        text = text.replace("\x01", r"\d+").replace("\x02", r"\S+").replace("\x03", ".+")
        patterns.append(re.compile(text))
    return patterns


def _svg_texts(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [root.findtext(f"{SVG}title") or ""] + [
        "".join(node.itertext()) for node in root.iter(f"{SVG}text")
    ]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", ["ankhor", "fertility"])
def test_no_caption_holds_a_turn_header(game: str, language: str) -> None:
    """S1/S2: the scribe's caption ended with a pasted status line, and the setup pictures
    were headed "Turn 1 · …" before anybody plays."""
    examples = ankhor_examples(language) if game == "ankhor" else fertility_examples(language)
    patterns = _header_patterns(language)
    for example in examples:
        text = render(example.caption, language)
        assert not any(p.search(text) for p in patterns), (example.id, text)
        if example.rule in ("A-2", "R-2"):  # the setup: nobody has played a turn
            for svg in example.svgs:
                for line in _svg_texts(svg):
                    assert not any(p.search(line) for p in patterns), (example.id, line)


# --------------------------------------------------------------- no English left


@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_message_is_left_in_ankhor_s_document(language: str) -> None:
    """Every message of the Ankh'or document, pictures included, in the reader's language;
    the glossary lists the English terms on purpose."""
    blocks = ankhor_blocks(language)
    texts: list[str] = []
    for block in blocks:
        if isinstance(block, Heading) and block.anchor == "ankhor-glossary":
            break
        if isinstance(block, Heading | Paragraph):
            texts.append(block.text)
        elif isinstance(block, Table):
            texts += [*block.header, *(cell for row in block.rows for cell in row)]
        elif isinstance(block, Figure):
            texts.append(block.caption)
    for svg in ankhor_pictures(language).values():
        texts += _svg_texts(svg)
    text = " ".join(" ".join(texts).split())
    left = sorted(fragment for fragment in english_fragments() if fragment in text)
    assert left == []


THEME_TEMPLATES = ("relations.html", "navigation.html", "layout.html")
"""The templates of the documentation's theme (alabaster) that its pages show."""


def _template_messages() -> set[str]:
    alabaster = pytest.importorskip("alabaster")
    folders = [Path(alabaster.__file__).parent, ROOT / "docs" / "_templates"]
    found: set[str] = set()
    for folder in folders:
        for name in sorted(folder.glob("*.html")):
            if folder.name == "alabaster" and name.name not in THEME_TEMPLATES:
                continue
            text = name.read_text(encoding="utf-8")
            found |= set(re.findall(r"_\('([^']+)'\)", text))
            for block in re.findall(r"\{% trans[^%]*%\}(.*?)\{% endtrans %\}", text, re.S):
                found.add(re.sub(r"\{\{ *(\w+) *\}\}", r"%(\1)s", block.strip()))
    return found


def _translated(path: Path, language: str) -> set[str]:
    if not path.exists():
        return set()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    return {str(m.id) for m in catalog if m.id and m.string and not m.fuzzy}


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_documentation_s_frame_is_translated(language: str) -> None:
    """NF5: the Polish sidebar read "Related Topics", "Documentation overview" and
    "Powered by Sphinx": the theme's words are in no catalogue Sphinx ships. Every word a
    page's frame shows is translated by Sphinx's own catalogue or by ours."""
    sphinx = pytest.importorskip("sphinx")
    shipped = Path(sphinx.__file__).parent / "locale" / language / "LC_MESSAGES" / "sphinx.po"
    ours = ROOT / "docs" / "locales" / language / "LC_MESSAGES" / "sphinx.po"
    known = _translated(shipped, language) | _translated(ours, language)
    messages = _template_messages()
    assert {"Related Topics", "Documentation overview", "Page source"} <= messages
    assert sorted(messages - known) == []
    layout = (ROOT / "docs" / "_templates" / "layout.html").read_text(encoding="utf-8")
    footer = re.sub(r"\{#.*?#\}", "", layout, flags=re.S)
    assert "Powered by" not in footer  # alabaster's footer writes it as plain text


# --------------------------------------------------------------- player aids


def _documents() -> list[tuple[str, str]]:
    return [(game, language) for game in ("ankhor", "fertility") for language in LANGUAGES]


def _blocks(game: str, language: str) -> list[Block]:
    return ankhor_blocks(language) if game == "ankhor" else fertility_blocks(language)


@pytest.mark.parametrize(("game", "language"), _documents())
def test_each_document_opens_with_a_turn_summary(game: str, language: str) -> None:
    blocks = _blocks(game, language)
    anchor = "ankhor-turn-summary" if game == "ankhor" else "turn-summary"
    at = next(i for i, b in enumerate(blocks) if isinstance(b, Heading) and b.anchor == anchor)
    # right after the title and the opening paragraph: before the key and every rule
    assert at == 2
    table = blocks[at + 2]
    assert isinstance(table, Table)
    assert len(table.rows) >= 5
    for step, what in table.rows:
        assert step
        assert CITED.search(what), (step, what)
    assert render(_("A turn at a glance"), language) == blocks[at].text  # type: ignore[union-attr]


@pytest.mark.parametrize(("game", "language"), _documents())
def test_each_document_numbers_the_parts_of_its_setup(game: str, language: str) -> None:
    setup = "A-2" if game == "ankhor" else "R-2"
    figures = [
        b
        for b in _blocks(game, language)
        if isinstance(b, Figure) and (b.name == setup or b.name.startswith(f"{setup}-"))
    ]
    numbered = []
    for figure in figures:
        numbers = sorted(
            int(node.get("data-number", "0"))
            for svg in figure.svgs
            for node in ET.fromstring(svg).iter(f"{SVG}g")
            if "callout" in (node.get("class") or "").split()
        )
        if numbers:
            numbered.append((figure, numbers))
    assert numbered, "no setup picture with numbered parts"
    for figure, numbers in numbered:
        assert numbers == list(range(1, len(numbers) + 1))
        assert len(numbers) >= 8
        for number in numbers:
            assert re.search(rf"(^|; |\. ){number}\s?:", figure.caption), (number, figure.name)


def test_the_languages_are_four() -> None:
    assert {language.value for language in Language} == set(LANGUAGES)
