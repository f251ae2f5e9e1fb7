"""Fertility through the conformance kit, as any game of the library."""

from __future__ import annotations

from fertility_rules.testing.conformance import check_game


def test_fertility_passes_the_conformance_kit() -> None:
    assert check_game("fertility", seeds=[1], players=[2, 4]) == []
