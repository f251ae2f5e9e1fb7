"""R-5.4 Monuments: 15 for the most, 7 for second; ties share; first-place ties push the
next count to second place; a player with no Monument scores nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import score_position
from fertility_rules.fertility import read_final_position
from fertility_rules.fertility.effects import Stage
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from tests.core.helpers import metropolis, player_doc, position_doc

FIRST, SECOND = 15, 7  # R-5.4 (and COMPONENTS.md: 15 / 7 Debens for most / second most)

CASES = [
    # --- 2 players
    ((2, 1), (FIRST, SECOND)),  # plain first and second
    ((1, 2), (SECOND, FIRST)),  # turn order does not matter
    ((3, 3), (FIRST, FIRST)),  # tie for first: both take 15, nobody else to be second
    ((0, 0), (0, 0)),  # nobody built a Monument: nobody scores
    ((1, 0), (FIRST, 0)),  # 0 Monuments is never "second place"
    ((4, 4), (FIRST, FIRST)),
    # --- 3 players
    ((2, 1, 1), (FIRST, SECOND, SECOND)),  # tie for second: both take 7
    ((3, 3, 1), (FIRST, FIRST, SECOND)),  # two first; the next player is second
    ((1, 1, 1), (FIRST, FIRST, FIRST)),  # all tied first
    ((3, 2, 1), (FIRST, SECOND, 0)),  # third place scores nothing
    ((0, 0, 1), (0, 0, FIRST)),  # the only builder is first; 0 never scores
    ((2, 0, 0), (FIRST, 0, 0)),
    ((4, 2, 2), (FIRST, SECOND, SECOND)),
    # --- 4 players
    ((3, 3, 1, 0), (FIRST, FIRST, SECOND, 0)),  # the case
    ((4, 4, 4, 4), (FIRST,) * 4),  # everybody tied first
    ((3, 2, 1, 0), (FIRST, SECOND, 0, 0)),
    ((1, 1, 0, 0), (FIRST, FIRST, 0, 0)),  # first shared; 0 Monuments is not second
    ((4, 3, 3, 3), (FIRST, SECOND, SECOND, SECOND)),  # three share second
    ((2, 2, 1, 1), (FIRST, FIRST, SECOND, SECOND)),  # two tied first, two tied "next"
    ((0, 0, 0, 0), (0, 0, 0, 0)),
    ((4, 0, 0, 0), (FIRST, 0, 0, 0)),
    ((1, 4, 2, 3), (0, FIRST, 0, SECOND)),
]

NAMES = ("Amunet", "Bek", "Chione", "Djedi")


def monument_scores(counts: tuple[int, ...], first: int = FIRST, second: int = SECOND) -> list[int]:
    position = FinalPosition(
        players=tuple(
            PlayerPosition(name, metropolis(monuments=n))
            for name, n in zip(NAMES, counts, strict=False)
        ),
        gods=("Ra",),
        monument_first=first,
        monument_second=second,
    )
    report = score_position(position)
    return [sheet.stage_total(Stage.MONUMENTS) for sheet in report.sheets]


@pytest.mark.parametrize(("counts", "expected"), CASES, ids=[str(c) for c, _ in CASES])
def test_monument_ties(counts: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert monument_scores(counts) == list(expected)


@pytest.mark.parametrize(("counts", "expected"), CASES[:6], ids=[str(c) for c, _ in CASES[:6]])
def test_monument_values_come_from_the_file(
    counts: tuple[int, ...], expected: tuple[int, ...]
) -> None:
    """``monument_scores`` of a final-position file replaces 15 / 7 (same places)."""
    document = position_doc(
        [player_doc(name, monuments=n) for name, n in zip(NAMES, counts, strict=False)],
        monument_scores={"first": 20, "second": 9},
    )
    report = score_position(read_final_position(document))
    relabel = {FIRST: 20, SECOND: 9, 0: 0}
    assert [s.stage_total(Stage.MONUMENTS) for s in report.sheets] == [relabel[e] for e in expected]


def test_monument_lines_cite_r54() -> None:
    position = FinalPosition(
        players=(PlayerPosition("A", metropolis(monuments=2)), PlayerPosition("B", metropolis())),
        gods=("Ra",),
    )
    for sheet in score_position(position).sheets:
        (line,) = sheet.lines_of(Stage.MONUMENTS)
        assert line.rule == "R-5.4"


def rulebook_monuments(counts: list[int]) -> list[int]:
    """R-5.4 read literally: rank the players who built at least one Monument by their count;
    everybody with the best count is first; among the others, everybody with the best
    remaining count is second; the rest, and players without a Monument, score 0."""
    builders = [n for n in counts if n > 0]
    if not builders:
        return [0] * len(counts)
    best = max(builders)
    rest = [n for n in builders if n < best]
    runner_up = max(rest) if rest else None
    return [FIRST if n == best and n > 0 else SECOND if n == runner_up else 0 for n in counts]


@given(st.lists(st.integers(0, 4), min_size=1, max_size=4))
def test_monuments_match_the_rulebook_reading(counts: list[int]) -> None:
    assert monument_scores(tuple(counts)) == rulebook_monuments(counts)
