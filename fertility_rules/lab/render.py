"""Lab results as text tables (any of the four languages) and adjudications as JSON."""

from __future__ import annotations

import json
from typing import Any

from fertility_rules.games import GameRules, find_game
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _
from fertility_rules.i18n.translate import render
from fertility_rules.lab.adjudicate import Adjudication
from fertility_rules.lab.compare import Comparison
from fertility_rules.lab.readings import reading_label, reading_to_json
from fertility_rules.lab.stats import Estimate

__all__ = [
    "adjudication_to_json",
    "adjudication_to_text",
    "comparison_to_text",
    "reading_names",
]


def reading_names(comparison: Comparison, language: Language | str = Language.EN) -> list[str]:
    """A short name per reading: the switches it sets apart from the defaults."""
    return [
        reading_label(result.reading, game=comparison.game) or render(_("defaults"), language)
        for result in comparison.results
    ]


def _mean(estimate: Estimate) -> str:
    return f"{estimate.value:.2f} [{estimate.low:.2f}, {estimate.high:.2f}]"


def _rate(estimate: Estimate) -> str:
    return f"{estimate.value:.1%} [{estimate.low:.1%}, {estimate.high:.1%}]"


def comparison_to_text(comparison: Comparison, language: Language | str = Language.EN) -> str:
    """Measures in rows, readings in columns; each cell a value and its 95 % interval."""

    def t(message: Message) -> str:
        return render(message, language)

    rules = find_game(comparison.game)
    results = comparison.results
    rows: list[tuple[str, list[str]]] = [
        (t(_("Mean total")), [_mean(r.total) for r in results]),
    ]
    for index, stage in enumerate(rules.stages):
        rows.append((t(stage.label), [_mean(r.stages[index]) for r in results]))
    for seat in range(len(comparison.agents)):
        rows.append(
            (
                t(_("Wins, seat {seat} ({agent})", seat=seat + 1, agent=comparison.agents[seat])),
                [_rate(r.seat_wins[seat]) for r in results],
            )
        )
    rows.append((t(_("Moves per game")), [_mean(r.moves) for r in results]))
    for measure in rules.measures:
        rows.append((t(measure.label), [_mean(getattr(r, measure.key)) for r in results]))
    rows.append(
        (t(_("Winner differs from the first reading")), [_rate(r.winner_changed) for r in results])
    )
    header = ["", *reading_names(comparison, language)]
    widths = [max(len(header[0]), *(len(name) for name, _cells in rows))]
    for column in range(len(results)):
        widths.append(max(len(header[column + 1]), *(len(cells[column]) for _n, cells in rows)))
    lines = [
        t(
            _(
                "{games} games per reading (seeds {first} to {last}), agents {agents}; "
                "95 % confidence intervals in brackets.",
                games=comparison.games,
                first=comparison.first_seed,
                last=comparison.first_seed + comparison.games - 1,
                agents=", ".join(comparison.agents),
            )
        ),
        "",
        "  ".join(cell.ljust(width) for cell, width in zip(header, widths, strict=True)).rstrip(),
    ]
    for name, cells in rows:
        line = [name.ljust(widths[0])]
        line += [cell.rjust(width) for cell, width in zip(cells, widths[1:], strict=True)]
        lines.append("  ".join(line))
    lines += [
        "",
        t(
            _(
                "The winners differ between readings in {rate} of the games.",
                rate=_rate(comparison.winner_changed),
            )
        ),
    ]
    return "\n".join(lines)


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in [header, *rows]
    ]


def _move_json(judgement: Adjudication, state: Any, rules: GameRules) -> dict[str, Any]:
    return rules.formats.dump_move(judgement.move, state)


def _gain_labels(judgement: Adjudication) -> list[Message]:
    for outcome in judgement.outcomes:
        if outcome.legal:
            return [gain.label for gain in outcome.gains]
    return []


def adjudication_to_text(
    judgement: Adjudication,
    state: Any,
    language: Language | str = Language.EN,
    game: str | GameRules = "fertility",
) -> str:
    """One row per reading: legal or not, the rule broken, and what the move yields."""
    rules = find_game(game)

    def t(message: Message | str) -> str:
        return message if isinstance(message, str) else render(message, language)

    labels = _gain_labels(judgement)
    header = [t(_("Reading")), t(_("Legal")), *(t(label) for label in labels)]
    rows = []
    notes = []
    for outcome in judgement.outcomes:
        name = reading_label(outcome.reading, short=True, game=rules) or t(_("defaults"))
        if not outcome.legal:
            rows.append([name, t(_("no ({rule})", rule=outcome.rule or "")), *("" for _ in labels)])
            if outcome.reason is not None:
                notes.append(f"  {name}: {t(outcome.reason)} ({outcome.rule})")
            continue
        rows.append([name, t(_("yes")), *(t(gain.text) for gain in outcome.gains)])
    move = t(_("Move {move}", move=json.dumps(_move_json(judgement, state, rules))))
    return "\n".join([move, *_table(header, rows), *notes])


def adjudication_to_json(
    judgement: Adjudication,
    state: Any,
    language: Language | str = Language.EN,
    game: str | GameRules = "fertility",
) -> dict[str, Any]:
    """The adjudication as JSON-like data; messages in ``language``."""
    rules = find_game(game)
    readings = []
    for outcome in judgement.outcomes:
        entry: dict[str, Any] = {
            "reading": reading_to_json(outcome.reading, rules),
            "legal": outcome.legal,
        }
        if outcome.legal:
            entry.update({gain.key: gain.json for gain in outcome.gains})
        else:
            entry["rule"] = outcome.rule
            entry["message"] = render(outcome.reason, language) if outcome.reason else ""
        readings.append(entry)
    return {
        "move": _move_json(judgement, state, rules),
        "differs": judgement.differs,
        "readings": readings,
    }
