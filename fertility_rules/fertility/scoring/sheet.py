"""Score lines, score sheets and the ranking (R-4.3, R-5)."""

from __future__ import annotations

from attrs import frozen

from fertility_rules.fertility.effects.base import Stage
from fertility_rules.games import report_table
from fertility_rules.i18n.message import Message
from fertility_rules.shared.scores import Report

__all__ = ["ScoreLine", "ScoreReport", "ScoreSheet"]


@frozen
class ScoreLine:
    """Debens given to a player at one stage, the rule that gives them and why."""

    player: str
    stage: Stage
    debens: int
    rule: str
    reason: Message
    shop: int | None = None
    """Index of the Shop in the player's Metropolis, when a Shop gave the Debens."""


@frozen
class ScoreSheet:
    """One player's final score: the lines of each stage, stage totals and rank."""

    player: str
    lines: tuple[ScoreLine, ...]
    stage_totals: tuple[int, int, int, int, int]
    tokens_on_metropolis: int
    rank: int

    @property
    def total(self) -> int:
        """The final score: the sum of the five stages (R-5)."""
        return sum(self.stage_totals)

    def stage_total(self, stage: Stage) -> int:
        return self.stage_totals[stage - 1]

    def lines_of(self, stage: Stage) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.stage is stage)


@frozen
class ScoreReport(Report[ScoreSheet]):
    """Every player's score sheet, in turn order, and the winners (R-4.3)."""

    def __repr__(self) -> str:
        """Totals and winners; the explained lines are in :attr:`sheets`."""
        totals = {sheet.player: sheet.total for sheet in self.sheets}
        return f"ScoreReport(totals={totals!r}, winners={self.winners!r})"

    def _repr_html_(self) -> str | None:
        """The score table (Jupyter shows it): a row per player, a column per stage."""
        return report_table(self, "fertility")
