"""Score reports as text and as JSON, in a chosen language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fertility_rules.arguments import checked_arguments
from fertility_rules.fertility.effects.base import Stage
from fertility_rules.fertility.scoring.sheet import ScoreReport, ScoreSheet
from fertility_rules.i18n.amounts import tokens
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, render
from fertility_rules.shared.scores import StageText, report_table, report_text

__all__ = ["report_to_html", "report_to_json", "report_to_text", "sheet_to_json"]


@checked_arguments
def sheet_to_json(sheet: ScoreSheet, language: Language | str = Language.EN) -> dict[str, Any]:
    stages: dict[str, int] = {stage.key: sheet.stage_total(stage) for stage in Stage}
    stages["total"] = sheet.total
    return {
        "name": sheet.player,
        "stages": stages,
        "total": sheet.total,
        "tokens_on_metropolis": sheet.tokens_on_metropolis,
        "rank": sheet.rank,
        "lines": [
            {
                "stage": line.stage.key,
                "debens": line.debens,
                "rule": line.rule,
                "reason": render(line.reason, language),
                **({} if line.shop is None else {"shop": line.shop}),
            }
            for line in sheet.lines
        ],
    }


@checked_arguments
def report_to_json(report: ScoreReport, language: Language | str = Language.EN) -> dict[str, Any]:
    """The score JSON: per player ``name``, ``stages``, ``total``, ``rank``...; ``winners``."""
    return {
        "players": [sheet_to_json(sheet, language) for sheet in report.sheets],
        "winners": list(report.winners),
    }


@checked_arguments
def report_to_text(report: ScoreReport, language: Language | str = Language.EN) -> str:
    """A readable score sheet: each stage with its explained lines, totals, ranking."""
    return report_text(report, language, stages=_stages, total=_total, victory_rule="R-4.3")


def _stages(sheet: ScoreSheet) -> Iterator[StageText]:
    for stage in Stage:
        lines = tuple((line.debens, line.reason, line.rule) for line in sheet.lines_of(stage))
        yield StageText(stage.label, sheet.stage_total(stage), lines)


def _total(sheet: ScoreSheet) -> Message:
    return _(
        "  Total: {total} ({tokens} on the Metropolis), rank {rank}",
        total=sheet.total,
        tokens=tokens(sheet.tokens_on_metropolis),
        rank=sheet.rank,
    )


@checked_arguments
def report_to_html(report: ScoreReport, language: Language | str = Language.EN) -> str:
    """The score table as HTML: a row per player, the five stages (R-5), total and rank;
    the winners in bold."""
    return report_table(
        report,
        language,
        stages=[stage.label for stage in Stage],
        totals=lambda sheet: sheet.stage_totals,
        game="fertility",
    )
