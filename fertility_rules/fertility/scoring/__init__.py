"""Final scoring: the five-stage pipeline and the ranking (R-5, R-4.3)."""

from fertility_rules.fertility.scoring.pipeline import (
    STAGES,
    StageTotals,
    rank,
    score_position,
    score_totals,
)
from fertility_rules.fertility.scoring.sheet import ScoreLine, ScoreReport, ScoreSheet
from fertility_rules.fertility.scoring.stages import best_statue_collection

__all__ = [
    "STAGES",
    "ScoreLine",
    "ScoreReport",
    "ScoreSheet",
    "StageTotals",
    "best_statue_collection",
    "rank",
    "score_position",
    "score_totals",
]
