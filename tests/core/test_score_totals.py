"""The totals-only scoring path equals the explained pipeline on every position (R-5)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings

from fertility_rules import legal_moves, new_game, score_position
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.effects import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.effects.kinds.generic import GENERIC
from fertility_rules.fertility.effects.kinds.specialized import SPECIALIZED
from fertility_rules.fertility.effects.registry import describe_shop
from fertility_rules.fertility.model.position import FinalPosition
from fertility_rules.fertility.rules import apply_unchecked, final_position
from fertility_rules.fertility.scoring import StageTotals, score_totals
from fertility_rules.fertility.scoring.pipeline import metropolis_totals
from fertility_rules.fertility.testing.strategies import final_positions
from fertility_rules.i18n.message import render

# Kinds without the message-free ``points``: totals must then fall back on ``score``.
_NO_POINTS = DEFAULT_REGISTRY.with_kind(attrs.evolve(GENERIC, points=None)).with_kind(
    attrs.evolve(SPECIALIZED, points=None)
)


def _explained(
    position: FinalPosition, registry: EffectRegistry = DEFAULT_REGISTRY
) -> tuple[StageTotals, ...]:
    return tuple(sheet.stage_totals for sheet in score_position(position, registry).sheets)


@settings(max_examples=300, deadline=None)
@given(final_positions())
def test_totals_equal_the_explained_stage_totals(position: FinalPosition) -> None:
    totals = score_totals(position)
    assert totals == _explained(position)
    assert len(totals) == len(position.players)


@settings(max_examples=100, deadline=None)
@given(final_positions(_NO_POINTS))
def test_totals_without_points_fall_back_on_the_explained_score(position: FinalPosition) -> None:
    assert score_totals(position, _NO_POINTS) == _explained(position, _NO_POINTS)
    assert score_totals(position, _NO_POINTS) == score_totals(position)


def test_totals_of_random_games_equal_the_explained_pipeline() -> None:
    for seed in range(6):
        rng = random.Random(seed)
        state = new_game(("A", "B", "C", "D")[: 2 + seed % 3], seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            state = apply_unchecked(state, moves[rng.randrange(len(moves))])
        position = final_position(state)
        assert score_totals(position) == _explained(position)
        assert sum(map(sum, score_totals(position))) > 0


def test_kept_lines_follow_the_shop_at_each_index() -> None:
    """Lines are kept by player, Shop index and Shop; another Shop at the same index
    (another District built there) gets its own line, in both scoring paths."""
    seen: list[tuple[str, int, object]] = []
    for seed in range(12):
        rng = random.Random(seed)
        state = new_game(("A", "B"), seed=seed)
        while not state.is_over:
            moves = legal_moves(state)
            state = apply_unchecked(state, moves[rng.randrange(len(moves))])
        position = final_position(state)
        report = score_position(position)
        for player, sheet in zip(position.players, report.sheets, strict=True):
            for line in sheet.lines:
                if line.shop is not None:
                    shop = player.metropolis.shops[line.shop]
                    full = sum(shop.tokens) == shop.shop.size
                    # The line explains exactly this Shop, supplied or not.
                    assert full or line.debens == 0
                    text = render(line.reason, "en")
                    assert text.startswith(f"Shop {line.shop + 1} (")
                    assert render(describe_shop(shop.shop), "en") in text
                    assert ("not fully supplied" in text) != full
                    seen.append((sheet.player, line.shop, shop.shop))
        assert score_totals(position) == _explained(position)
    # The same player and index met different Shops across games.
    by_place: dict[tuple[str, int], set[object]] = {}
    for name, index, kept in seen:
        by_place.setdefault((name, index), set()).add(kept)
    assert any(len(shops) > 1 for shops in by_place.values())


@settings(max_examples=200, deadline=None)
@given(final_positions())
def test_one_metropolis_scores_as_on_its_sheet_but_the_monuments(position: FinalPosition) -> None:
    """A search scores one player alone: every stage as the explained sheet counts it,
    the Monuments (which compare every player's, R-5.4) left at 0."""
    for player, sheet in zip(position.players, score_position(position).sheets, strict=True):
        generic, specialized, statues, _monuments, wheat = sheet.stage_totals
        alone = metropolis_totals(player.metropolis, position.gods)
        assert alone == (generic, specialized, statues, 0, wheat)


def test_one_metropolis_totals_refuse_what_is_not_a_metropolis() -> None:
    position = final_position(new_game(("A", "B"), seed=1))
    with pytest.raises(MalformedInputError) as refused:
        metropolis_totals(position.players[0], position.gods)  # type: ignore[arg-type]
    assert [problem.path for problem in refused.value.problems] == ["metropolis"]
    with pytest.raises(MalformedInputError) as refused:
        metropolis_totals(position.players[0].metropolis, position.gods, "effects")  # type: ignore[arg-type]
    assert [problem.path for problem in refused.value.problems] == ["registry"]
