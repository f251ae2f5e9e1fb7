"""Amounts take the plural form of each language (Polish has three)."""

from __future__ import annotations

import pytest

from fertility_rules.i18n import Language, render
from fertility_rules.i18n.amounts import debens


@pytest.mark.parametrize(
    ("n", "text"),
    [(1, "1 Deben"), (2, "2 Debeny"), (5, "5 Debenów"), (22, "22 Debeny"), (87, "87 Debenów")],
)
def test_polish_deben_forms(n: int, text: str) -> None:
    assert render(debens(n), Language.PL) == text


@pytest.mark.parametrize(("n", "text"), [(1, "1 Deben"), (2, "2 Debens"), (87, "87 Debens")])
def test_english_deben_forms(n: int, text: str) -> None:
    assert render(debens(n), Language.EN) == text


def test_french_uses_singular_for_one_and_zero() -> None:
    assert render(debens(0), Language.FR) == render(debens(1), Language.FR).replace("1", "0")
