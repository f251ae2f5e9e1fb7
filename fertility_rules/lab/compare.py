"""Comparing readings: the same seeded games played under each, measured side by side.

Game ``k`` of every reading has the same setup seed, the same agents in the same
seats and the same agent seeds; only the interpretation switches differ. So a
difference between readings is the readings' doing (and chance through the agents'
choices, which the confidence intervals account for).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from typing import Any

from attrs import frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.effects.base import Stage
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _
from fertility_rules.lab.readings import (
    parse_interpretation,
    reading_to_json,
    with_interpretations,
)
from fertility_rules.lab.runner import GameSpec, GameSummary, Progress, default_jobs, run_games
from fertility_rules.lab.stats import Estimate, mean_ci, proportion_ci
from fertility_rules.rules.interpretations import Interpretations

__all__ = [
    "Comparison",
    "ReadingResult",
    "compare",
    "comparison_from_json",
    "comparison_to_json",
    "measure",
]


@frozen
class ReadingResult:
    """The measures of one reading over the games of a comparison."""

    reading: Interpretations
    games: int
    total: Estimate
    """Mean final score of a seat."""
    stages: tuple[Estimate, ...]
    """Mean Debens of a seat at each stage, in rulebook order (R-5)."""
    seat_wins: tuple[Estimate, ...]
    """Win rate of each seat, shared victories split between the winners (R-4.3)."""
    moves: Estimate
    quarries: Estimate
    monuments: Estimate
    discards: Estimate
    winner_changed: Estimate
    """How often the winners differ from those of the first reading in the same game."""


@frozen
class Comparison:
    """Readings compared over the same games."""

    agents: tuple[str, ...]
    first_seed: int
    games: int
    variant: bool
    results: tuple[ReadingResult, ...]
    winner_changed: Estimate
    """How often the winners are not the same under every reading."""


def _count_ci(values: Sequence[float]) -> Estimate:
    """The mean of a count (Debens, moves, Quarries...): its interval stops at 0."""
    return mean_ci(values, floor=0.0)


def measure(
    reading: Interpretations, summaries: Sequence[GameSummary], baseline: Sequence[GameSummary]
) -> ReadingResult:
    """The measures of ``summaries`` (game ``k`` matched with ``baseline[k]``)."""
    n = len(summaries)
    seats = len(summaries[0].stages) if summaries else 0
    totals = [float(t) for s in summaries for t in s.totals]
    wins = [0.0] * seats
    for summary in summaries:
        for seat in summary.winners:
            wins[seat] += 1 / len(summary.winners)
    changed = sum(
        1 for a, b in zip(summaries, baseline, strict=True) if set(a.winners) != set(b.winners)
    )
    return ReadingResult(
        reading=reading,
        games=n,
        total=_count_ci(totals),
        stages=tuple(
            _count_ci([float(stages[stage - 1]) for s in summaries for stages in s.stages])
            for stage in Stage
        ),
        seat_wins=tuple(proportion_ci(w, n) for w in wins),
        moves=_count_ci([float(s.moves) for s in summaries]),
        quarries=_count_ci([float(s.quarries) for s in summaries]),
        monuments=_count_ci([float(s.monuments) for s in summaries]),
        discards=_count_ci([float(s.discards) for s in summaries]),
        winner_changed=proportion_ci(changed, n),
    )


@checked_arguments
def compare(
    readings: Sequence[Interpretations],
    games: int,
    agents: Sequence[str] = ("greedy", "greedy", "greedy", "greedy"),
    first_seed: int = 0,
    variant: bool = False,
    executor: Executor | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
) -> Comparison:
    """Play games ``first_seed`` to ``first_seed + games - 1`` under every reading.

    The games run on ``executor`` (any ``concurrent.futures.Executor``, a Dask client's
    included) or on ``jobs`` worker processes; the result does not depend on which.
    """
    if len(readings) < 1 or games < 1:
        raise MalformedInputError.single(
            "readings", _("A comparison needs at least one reading and one game.")
        )
    specs = (
        GameSpec(first_seed + k, tuple(agents), reading, variant)
        for reading in readings
        for k in range(games)
    )
    if jobs is None:  # never more workers than games
        jobs = min(default_jobs(), games * len(readings))
    summaries = run_games(specs, executor, jobs, progress)
    per_reading = [summaries[i * games : (i + 1) * games] for i in range(len(readings))]
    baseline = per_reading[0]
    changed = sum(
        1 for k in range(games) if len({frozenset(part[k].winners) for part in per_reading}) > 1
    )
    return Comparison(
        agents=tuple(agents),
        first_seed=first_seed,
        games=games,
        variant=variant,
        results=tuple(
            measure(reading, part, baseline)
            for reading, part in zip(readings, per_reading, strict=True)
        ),
        winner_changed=proportion_ci(changed, games),
    )


def _reading_from_json(data: Mapping[str, Any]) -> Interpretations:
    for name, value in data.items():
        parse_interpretation(f"{name}={value}")
    return with_interpretations(f"{name}={value}" for name, value in data.items())


_SCALARS = ("total", "moves", "quarries", "monuments", "discards", "winner_changed")


@checked_arguments
def comparison_to_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as JSON-like data (read back by :func:`comparison_from_json`)."""
    results = []
    for result in comparison.results:
        entry: dict[str, Any] = {"reading": reading_to_json(result.reading), "games": result.games}
        for name in _SCALARS:
            entry[name] = getattr(result, name).to_json()
        entry["stages"] = {
            stage.key: estimate.to_json()
            for stage, estimate in zip(Stage, result.stages, strict=True)
        }
        entry["seat_wins"] = [estimate.to_json() for estimate in result.seat_wins]
        results.append(entry)
    return {
        "agents": list(comparison.agents),
        "first_seed": comparison.first_seed,
        "games": comparison.games,
        "variant": comparison.variant,
        "winner_changed": comparison.winner_changed.to_json(),
        "readings": results,
    }


@checked_arguments
def comparison_from_json(data: Mapping[str, Any]) -> Comparison:
    """A comparison from :func:`comparison_to_json` data."""
    try:
        results = tuple(
            ReadingResult(
                reading=_reading_from_json(entry["reading"]),
                games=int(entry["games"]),
                stages=tuple(Estimate.from_json(entry["stages"][stage.key]) for stage in Stage),
                seat_wins=tuple(Estimate.from_json(e) for e in entry["seat_wins"]),
                **{name: Estimate.from_json(entry[name]) for name in _SCALARS},
            )
            for entry in data["readings"]
        )
        return Comparison(
            agents=tuple(str(a) for a in data["agents"]),
            first_seed=int(data["first_seed"]),
            games=int(data["games"]),
            variant=bool(data["variant"]),
            results=results,
            winner_changed=Estimate.from_json(data["winner_changed"]),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise MalformedInputError.single(
            "$", _("not a comparison: {problem}", problem=repr(error))
        ) from None
