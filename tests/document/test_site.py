"""The pages the documentation site takes from the library (gallery, language names)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from fertility_rules.document.blocks import Figure, Heading
from fertility_rules.fertility.document.examples import worked_examples
from fertility_rules.fertility.document.site import LANGUAGE_NAMES, LANGUAGES_LABEL, gallery_blocks
from fertility_rules.i18n import Language, render


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_gallery_has_every_example_and_one_of_each_component(language: str) -> None:
    blocks = gallery_blocks(language)
    figures = [b for b in blocks if isinstance(b, Figure)]
    examples = {e.id for e in worked_examples(language)}
    assert {f.name for f in figures} == examples | {
        "component-tile",
        "component-start",
        "component-district",
        "component-valley",
        "component-metropolis",
    }
    for figure in figures:
        for svg in figure.svgs:
            assert ET.fromstring(svg).get("lang") == language
    heading = blocks[0]
    assert isinstance(heading, Heading)
    if language != "en":
        assert heading.text != "Pictures"


def test_language_names_are_autonyms() -> None:
    assert set(LANGUAGE_NAMES) == set(Language)
    assert LANGUAGE_NAMES[Language.PL] == "Polski"
    assert len({render(LANGUAGES_LABEL, lang) for lang in Language}) == 4
