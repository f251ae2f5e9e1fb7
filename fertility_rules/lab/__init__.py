"""The interpretation lab: readings of the switches, adjudication and comparisons."""

from fertility_rules.lab.adjudicate import (
    Adjudication,
    Outcome,
    adjudicate,
    disputed_moves,
    position_at,
    read_move,
)
from fertility_rules.lab.chart import comparison_to_svg
from fertility_rules.lab.compare import (
    Comparison,
    ReadingResult,
    compare,
    comparison_from_json,
    comparison_to_json,
)
from fertility_rules.lab.readings import (
    SWITCHES,
    Switch,
    format_interpretation,
    parse_interpretation,
    readings_varying,
    with_interpretations,
)
from fertility_rules.lab.render import (
    adjudication_to_json,
    adjudication_to_text,
    comparison_to_text,
)
from fertility_rules.lab.runner import GameSpec, GameSummary, play_summary, run_games
from fertility_rules.lab.stats import Estimate, mean_ci, proportion_ci

__all__ = [
    "SWITCHES",
    "Adjudication",
    "Comparison",
    "Estimate",
    "GameSpec",
    "GameSummary",
    "Outcome",
    "ReadingResult",
    "Switch",
    "adjudicate",
    "adjudication_to_json",
    "adjudication_to_text",
    "compare",
    "comparison_from_json",
    "comparison_to_json",
    "comparison_to_svg",
    "comparison_to_text",
    "disputed_moves",
    "format_interpretation",
    "mean_ci",
    "parse_interpretation",
    "play_summary",
    "position_at",
    "proportion_ci",
    "read_move",
    "readings_varying",
    "run_games",
    "with_interpretations",
]
