"""Every rule and interpretation of the specification has a text in every language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fertility_rules.fertility.rule_texts import rule_text, rule_texts
from fertility_rules.i18n import Language, render, uses_catalogue

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "docs" / "spec" / "RULES-SPEC.md"
SHARED_SPEC = ROOT.parent / "shared" / "RULES-SPEC.md"
ID = re.compile(r"\*\*((?:R|I)-[0-9]+(?:\.[0-9]+)?(?:\.[A-D])?)\b")
HEADING = re.compile(r"^## (R-[0-9]+)\b", re.MULTILINE)


def spec_ids(text: str) -> set[str]:
    return set(ID.findall(text)) | set(HEADING.findall(text)) | {"R-6", "R-7", "R-8"}


def test_every_spec_id_has_a_rule_text() -> None:
    ids = spec_ids(SPEC.read_text(encoding="utf-8"))
    texts = {text.id for text in rule_texts()}
    assert ids - texts == set()
    assert texts - ids == set()


def test_the_spec_copy_is_current() -> None:
    copy = spec_ids(SPEC.read_text(encoding="utf-8"))
    if SHARED_SPEC.exists():  # beside the repository in development and in CI
        assert spec_ids(SHARED_SPEC.read_text(encoding="utf-8")) == copy
    assert len(copy) >= 56


@pytest.mark.parametrize("language", [Language.FR, Language.PL, Language.NL])
def test_every_rule_text_is_translated(language: Language) -> None:
    assert uses_catalogue(language)
    # Titles may coincide ("Monuments" in French); the texts never do.
    untranslated = [
        text.id
        for text in rule_texts()
        if render(text.text, language) == render(text.text, Language.EN)
    ]
    assert untranslated == []


@pytest.mark.parametrize(
    ("language", "word"),
    [
        (Language.EN, "Quarry"),
        (Language.FR, "Carrière"),
        (Language.PL, "Kamieniołom"),
        (Language.NL, "Groeve"),
    ],
)
def test_quarry_rule_uses_the_official_term(language: Language, word: str) -> None:
    assert word in render(rule_text("R-3.3.D").text, language)
