"""R-4.3: highest total wins; tie: fewest tokens on the Metropolis board; still tied: shared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import score_position
from fertility_rules.cli import main
from fertility_rules.fertility import dump_final_position
from fertility_rules.fertility.effects import WheatBenefit
from fertility_rules.fertility.model import Icon, Metropolis, Shop, ShopState
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.scoring.render import report_to_text
from fertility_rules.fertility.testing.strategies import final_positions
from tests.core.helpers import write_json

LINEAR = tuple(range(61))
"""A Wheat track where square n is worth n Debens: a player's total is their Wheat."""

HOLDER = Shop((Icon.ANY, Icon.ANY), WheatBenefit(1))
"""A Shop that scores nothing at the end (immediate benefit): it only holds tokens."""


def player(name: str, total: int, tokens: int) -> PlayerPosition:
    """A player scoring ``total`` (all from Wheat) with ``tokens`` on the Metropolis."""
    states = [ShopState(HOLDER, (2, 0, 0, 0))] * (tokens // 2)
    if tokens % 2:
        states.append(ShopState(HOLDER, (0, 1, 0, 0)))  # a partly supplied Shop counts too
    metropolis = Metropolis(
        shops=tuple(states), wheat_track=LINEAR, statue_scale=(0, 1), wheat=total
    )
    return PlayerPosition(name, metropolis)


def ranks(*players: PlayerPosition) -> tuple[dict[str, int], tuple[str, ...]]:
    report = score_position(FinalPosition(players=players, gods=("Ra",)))
    return {sheet.player: sheet.rank for sheet in report.sheets}, report.winners


def test_helper_sets_total_and_tokens() -> None:
    report = score_position(FinalPosition(players=(player("A", 31, 5),), gods=("Ra",)))
    (sheet,) = report.sheets
    assert (sheet.total, sheet.tokens_on_metropolis) == (31, 5)


def test_highest_total_wins() -> None:
    assert ranks(player("A", 20, 0), player("B", 30, 9)) == ({"A": 2, "B": 1}, ("B",))


def test_tie_fewest_tokens_wins() -> None:
    # same total; B keeps fewer tokens on the Metropolis board
    assert ranks(player("A", 30, 5), player("B", 30, 3)) == ({"A": 2, "B": 1}, ("B",))


def test_tie_broken_by_tokens_even_with_many_tokens() -> None:
    assert ranks(player("A", 30, 0), player("B", 30, 1)) == ({"A": 1, "B": 2}, ("A",))


def test_still_tied_shared_victory() -> None:
    ranked, winners = ranks(player("A", 30, 3), player("B", 30, 3))
    assert ranked == {"A": 1, "B": 1}
    assert winners == ("A", "B")


def test_shared_victory_in_text_and_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    position = FinalPosition(
        players=(player("A", 30, 3), player("B", 30, 3), player("C", 12, 0)), gods=("Ra",)
    )
    report = score_position(position)
    assert report.shared_victory
    assert "Shared victory" in report_to_text(report)
    file = write_json(tmp_path / "tie.json", dump_final_position(position))
    assert main(["score", str(file), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winners"] == ["A", "B"]
    assert {p["name"]: p["rank"] for p in data["players"]} == {"A": 1, "B": 1, "C": 3}


def test_loser_tie_shares_a_rank() -> None:
    ranked, winners = ranks(player("A", 30, 3), player("B", 30, 3), player("C", 40, 9))
    assert winners == ("C",)
    assert ranked == {"C": 1, "A": 2, "B": 2}


def test_four_players_competition_ranking() -> None:
    # C first; A and D tied on total and tokens; B is behind both
    ranked, winners = ranks(
        player("A", 25, 4), player("B", 25, 6), player("C", 30, 10), player("D", 25, 4)
    )
    assert winners == ("C",)
    assert ranked == {"C": 1, "A": 2, "D": 2, "B": 4}


@given(final_positions(min_players=2))
def test_winners_are_the_best_by_total_then_fewest_tokens(position: FinalPosition) -> None:
    report = score_position(position)
    key = {s.player: (s.total, -s.tokens_on_metropolis) for s in report.sheets}
    best = max(key.values())
    assert set(report.winners) == {name for name, k in key.items() if k == best}
    for sheet in report.sheets:
        ahead = sum(1 for k in key.values() if k > key[sheet.player])
        assert sheet.rank == 1 + ahead
    assert [s.player for s in report.sheets] == [p.name for p in position.players]


@given(st.integers(0, 60), st.integers(0, 12), st.integers(0, 12))
def test_equal_totals_rank_by_tokens(total: int, tokens_a: int, tokens_b: int) -> None:
    _ranked, winners = ranks(player("A", total, tokens_a), player("B", total, tokens_b))
    if tokens_a == tokens_b:
        assert winners == ("A", "B")
    else:
        assert winners == (("A",) if tokens_a < tokens_b else ("B",))
