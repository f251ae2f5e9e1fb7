"""Labels fit: no two texts of a picture overlap and no text leaves its Shop, District or
track cell, in any language (review: "zrekonstruowanedarmowa", "Anubis" over a border)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.drawing.text import MINIMUM_SIZE, fit_size, text_width
from fertility_rules.fertility import svg
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.document.examples import worked_examples
from fertility_rules.fertility.effects.kinds.statue import StatueBenefit
from fertility_rules.fertility.model.resources import Icon
from fertility_rules.fertility.model.shop import Shop
from fertility_rules.fertility.svg._style import WHEAT_GOLD
from tests.pictures.helpers import SVG, drawn, states
from tests.pictures.labels import boxes, overflows, overlaps

LANGUAGES = ["en", "fr", "pl", "nl"]


def _check(picture: str) -> None:
    root = ET.fromstring(picture)
    assert overlaps(root) == []
    assert list(overflows(root)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_sheet(language: str) -> None:
    _check(svg.catalogue_sheet(default_catalogue(), lang=language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key(language: str) -> None:
    _check(svg.legend(lang=language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_tables_from_setup_to_the_end(language: str) -> None:
    for state in states(3, 4, points=3):
        _check(svg.table(state, lang=language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_worked_example(language: str) -> None:
    for example in worked_examples(language):
        for picture in example.svgs:
            _check(picture)


@given(
    st.lists(
        st.sampled_from(["Ra", "Isis", "Osiris", "Horus", "Anubis", "Amun-Ra"]),
        min_size=1,
        max_size=4,
        unique=True,
    )
)
def test_any_gods_fit_their_shop(gods: list[str]) -> None:
    shop = Shop((Icon.ALABASTER, Icon.GRAPES), StatueBenefit(tuple(gods)))
    _check(svg.shop(shop))


def test_a_label_shrinks_then_shortens_never_overflows() -> None:
    assert fit_size("Anubis", 10, 100) == 10
    assert MINIMUM_SIZE < fit_size("zrekonstruowane", 9, 70) < 9
    assert fit_size("x" * 200, 12, 50) == MINIMUM_SIZE
    assert text_width("Żż", 10) == text_width("Zz", 10)  # an accent measures as its letter
    assert text_width("WWW", 10) > text_width("iii", 10)


def test_the_end_of_the_game_shows_scores_ranks_and_the_winner() -> None:
    final = states(3, 4)[-1]
    assert final.is_over
    root = ET.fromstring(svg.table(final))
    heading = root.findtext(f"{SVG}title") or ""
    assert "winner" in heading
    titles = [b.text for b in boxes(root) if "rank" in b.text]
    assert len(titles) == 4
    scales = drawn(root, "statues-scale")
    lit = [
        cell
        for scale in scales
        for cell in scale.findall(f"{SVG}g")
        if cell.find(f"{SVG}rect[@fill='{WHEAT_GOLD}']") is not None
    ]
    assert len(lit) == 4  # each player's count of different Statues is marked


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_comparison_chart_with_every_reading(language: str) -> None:
    from fertility_rules.lab.chart import WIDTH, comparison_to_svg
    from fertility_rules.lab.compare import compare
    from fertility_rules.lab.readings import readings_varying

    comparison = compare(readings_varying(), 1, ("random", "random"), first_seed=1, jobs=1)
    picture = comparison_to_svg(comparison, language)
    _check(picture)
    assert all(box.left >= 0 and box.right <= WIDTH for box in boxes(ET.fromstring(picture)))
