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

from attrs import field, frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.games import (
    GameInfo,
    GameRules,
    Measure,
    by_key,
    find_game,
    game_field,
)
from fertility_rules.i18n.message import Message, _
from fertility_rules.lab.readings import (
    parse_interpretation,
    reading_to_json,
    repeated_reading,
    varied,
    with_interpretations,
)
from fertility_rules.lab.runner import GameSpec, GameSummary, Progress, run_games, worker_count
from fertility_rules.lab.stats import Estimate, mean_ci, proportion_ci

__all__ = [
    "Comparison",
    "ReadingResult",
    "compare",
    "comparison_from_json",
    "comparison_to_json",
    "measure",
    "measure_label",
    "shown_measures",
]


@frozen
class ReadingResult:
    """The measures of one reading over the games of a comparison."""

    reading: Any
    games: int
    total: Estimate
    """Mean final score of a seat."""
    stages: tuple[Estimate, ...]
    """Mean points of a seat at each stage of the game's scoring, in rulebook order."""
    seat_wins: tuple[Estimate, ...]
    """Win rate of each seat, shared victories split between the winners."""
    moves: Estimate
    winner_changed: Estimate
    """How often the winners differ from those of the first reading in the same game."""
    counts: tuple[tuple[str, Estimate], ...] = ()
    """The mean of each of the game's measures (``quarries``...), by key; read as
    attributes too."""

    def __getattr__(self, name: str) -> Estimate:
        """A measure by its key (``result.quarries``)."""
        found: Estimate = by_key(self, "counts", name)
        return found


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
    game: GameRules = field(factory=find_game, converter=game_field)
    """The game played (given by name or by its rules)."""


def shown_measures(comparison: Comparison) -> tuple[Measure, ...]:
    """The game's measures a comparison shows: those of the events a switch it varies
    governs, so that a reader sees how often the disputed event happened under each
    reading, and those no switch governs."""
    rules = find_game(comparison.game)
    ids = {s.id for s in varied([result.reading for result in comparison.results], rules)}
    counted = {key for result in comparison.results[:1] for key, _estimate in result.counts}
    return tuple(
        m for m in rules.measures if m.key in counted and (not m.switches or ids & set(m.switches))
    )


def measure_label(measure: Measure) -> Message:
    """A measure's name, with the switches that govern it (``Quarries per game (I-1)``)."""
    if not measure.switches:
        return measure.label
    return _("{measure} ({switches})", measure=measure.label, switches=", ".join(measure.switches))


def _count_ci(values: Sequence[float]) -> Estimate:
    """The mean of a count (points, moves, Quarries...): its interval stops at 0."""
    return mean_ci(values, floor=0.0)


def measure(
    reading: Any, summaries: Sequence[GameSummary], baseline: Sequence[GameSummary]
) -> ReadingResult:
    """The measures of ``summaries`` (game ``k`` matched with ``baseline[k]``)."""
    n = len(summaries)
    seats = len(summaries[0].stages) if summaries else 0
    stages = len(summaries[0].stages[0]) if summaries and seats else 0
    keys = [key for key, _value in summaries[0].counts] if summaries else []
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
            _count_ci([float(points[stage]) for s in summaries for points in s.stages])
            for stage in range(stages)
        ),
        seat_wins=tuple(proportion_ci(w, n) for w in wins),
        moves=_count_ci([float(s.moves) for s in summaries]),
        winner_changed=proportion_ci(changed, n),
        counts=tuple(
            (key, _count_ci([float(dict(s.counts)[key]) for s in summaries])) for key in keys
        ),
    )


@checked_arguments
def compare(
    readings: Sequence[Any],
    games: int,
    agents: Sequence[str] = ("greedy", "greedy", "greedy", "greedy"),
    first_seed: int = 0,
    variant: bool = False,
    executor: Executor | None = None,
    jobs: int | None = None,
    progress: Progress | None = None,
    *,
    game: str | GameRules = "fertility",
) -> Comparison:
    """Play games ``first_seed`` to ``first_seed + games - 1`` of ``game`` under every
    reading.

    The games run on ``executor`` (any ``concurrent.futures.Executor``, a Dask client's
    included) or on ``jobs`` worker processes; the result does not depend on which.
    """
    if len(readings) < 1 or games < 1:
        raise MalformedInputError.single(
            "readings", _("A comparison needs at least one reading and one game.")
        )
    repeated = repeated_reading(readings, "readings")
    if repeated is not None:
        raise MalformedInputError([repeated])
    rules = find_game(game)
    specs = (
        GameSpec(first_seed + k, tuple(agents), reading, variant, game=rules)
        for reading in readings
        for k in range(games)
    )
    # The games are handed out as they are made: their number is told here.
    summaries = run_games(specs, executor, worker_count(jobs, games * len(readings)), progress)
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
        game=rules,
    )


def _reading_from_json(data: Mapping[str, Any], game: GameRules) -> Any:
    for name, value in data.items():
        parse_interpretation(f"{name}={value}", game)
    return with_interpretations((f"{name}={value}" for name, value in data.items()), game=game)


_SCALARS = ("total", "moves", "winner_changed")


@checked_arguments
def comparison_to_json(comparison: Comparison) -> dict[str, Any]:
    """The comparison as JSON-like data (read back by :func:`comparison_from_json`)."""
    rules = find_game(comparison.game)
    results = []
    for result in comparison.results:
        entry: dict[str, Any] = {
            "reading": reading_to_json(result.reading, rules),
            "games": result.games,
        }
        for name in _SCALARS:
            entry[name] = getattr(result, name).to_json()
        for key, estimate in result.counts:
            entry[key] = estimate.to_json()
        entry["stages"] = {
            stage.key: estimate.to_json()
            for stage, estimate in zip(rules.stages, result.stages, strict=True)
        }
        entry["seat_wins"] = [estimate.to_json() for estimate in result.seat_wins]
        results.append(entry)
    return {
        "game": rules.name,
        "measures": {m.key: list(m.switches) for m in rules.measures},
        "agents": list(comparison.agents),
        "first_seed": comparison.first_seed,
        "games": comparison.games,
        "variant": comparison.variant,
        "winner_changed": comparison.winner_changed.to_json(),
        "readings": results,
    }


@checked_arguments
def comparison_from_json(
    data: Mapping[str, Any], games: Sequence[GameInfo] | None = None
) -> Comparison:
    """A comparison from :func:`comparison_to_json` data, of one of ``games`` (by default
    every game known, :func:`~fertility_rules.games.known_games`)."""
    try:
        rules = find_game(str(data.get("game", "fertility")), games)
        results = tuple(
            ReadingResult(
                reading=_reading_from_json(entry["reading"], rules),
                games=int(entry["games"]),
                stages=tuple(
                    Estimate.from_json(entry["stages"][stage.key]) for stage in rules.stages
                ),
                seat_wins=tuple(Estimate.from_json(e) for e in entry["seat_wins"]),
                counts=tuple(
                    (m.key, Estimate.from_json(entry[m.key]))
                    for m in rules.measures
                    if m.key in entry  # a measure counted since the comparison was made
                ),
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
            game=rules,
        )
    except (KeyError, TypeError, ValueError) as error:
        raise MalformedInputError.single(
            "$", _("not a comparison: {problem}", problem=repr(error))
        ) from None
