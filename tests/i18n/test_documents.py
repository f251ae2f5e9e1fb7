"""The generated rules document in each language and format."""

from __future__ import annotations

import pytest

from fertility_rules.document import FORMATS
from fertility_rules.fertility.document import rules_document
from fertility_rules.i18n import Language

QUARRY = {"en": "Quarry", "fr": "Carrière", "pl": "Kamieniołom", "nl": "Groeve"}


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_document_has_the_computed_example_and_the_quarry_word(language: str, fmt: str) -> None:
    text = rules_document(language, fmt)
    # 18 + 21 + 10 + 15 + 23, computed by the scoring pipeline, not retyped.
    assert "87" in text
    assert QUARRY[language] in text


def test_document_numbers_come_from_the_data() -> None:
    text = rules_document(Language.EN, "md")
    for n in ("24", "35", "46", "39"):  # tile counts per player count
        assert f"| {n} |" in text
    assert "| District tiles | 40 | reconstructed |" in text


def test_languages_differ() -> None:
    documents = {lang: rules_document(lang, "md") for lang in ("en", "fr", "pl", "nl")}
    assert len(set(documents.values())) == 4
