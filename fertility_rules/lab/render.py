"""Lab results as text tables (any of the four languages) and adjudications as JSON."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from fertility_rules.agents.simulate import agent_label
from fertility_rules.arguments import checked_arguments
from fertility_rules.effects.base import Stage
from fertility_rules.formats.moves import move_to_json
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.i18n.numbers import decimal, number, percent
from fertility_rules.i18n.translate import render
from fertility_rules.lab.adjudicate import Adjudication, Outcome
from fertility_rules.lab.compare import Comparison, ReadingResult
from fertility_rules.lab.readings import reading_label, reading_title, reading_to_json
from fertility_rules.lab.stats import Estimate
from fertility_rules.model.resources import Icon, Resource

__all__ = [
    "adjudication_to_json",
    "adjudication_to_text",
    "comparison_to_text",
    "interval",
    "reading_names",
]


def reading_names(comparison: Comparison, language: Language | str = Language.EN) -> list[str]:
    """A name per reading in words: the switches it sets apart from the defaults."""
    return [render(reading_title(result.reading), language) for result in comparison.results]


def interval(estimate: Estimate, language: Language | str, rate: bool = False) -> str:
    """``53.34 [50.96–55.71]`` (``53,34 [50,96–55,71]`` in French); rates as percentages."""
    show = percent if rate else decimal
    return render(
        _(
            "{value} [{low}–{high}]",
            value=show(estimate.value, language),
            low=show(estimate.low, language),
            high=show(estimate.high, language),
        ),
        language,
    )


WIDE = 100
"""Text wider than this is laid out per measure, not with a column per reading."""


def _measures(comparison: Comparison, language: Language | str) -> list[tuple[str, list[str]]]:
    """Each measure's name and its cell for each reading."""

    def t(message: Message) -> str:
        return render(message, language)

    results = comparison.results

    def means(pick: Callable[[ReadingResult], Estimate]) -> list[str]:
        return [interval(pick(r), language) for r in results]

    def rates(pick: Callable[[ReadingResult], Estimate]) -> list[str]:
        return [interval(pick(r), language, rate=True) for r in results]

    rows: list[tuple[str, list[str]]] = [(t(_("Mean score")), means(lambda r: r.total))]
    for stage in Stage:
        rows.append((t(stage.label), means(lambda r, i=stage - 1: r.stages[i])))  # type: ignore[misc]
    for seat, agent in enumerate(comparison.agents):
        name = t(_("Wins, seat {seat} ({agent})", seat=seat + 1, agent=agent_label(agent)))
        rows.append((name, rates(lambda r, i=seat: r.seat_wins[i])))  # type: ignore[misc]
    rows += [
        (t(_("Moves per game")), means(lambda r: r.moves)),
        (t(_("Quarries per game")), means(lambda r: r.quarries)),
        (t(_("Monuments per game")), means(lambda r: r.monuments)),
        (t(_("Discards per game")), means(lambda r: r.discards)),
        (t(_("Winner differs from the first reading")), rates(lambda r: r.winner_changed)),
    ]
    return rows


def _columns(rows: list[tuple[str, list[str]]], readings: int) -> list[str]:
    """A table: measures in rows, a column per reading (headed by its number)."""
    header = ["", *(str(n) for n in range(1, readings + 1))]
    widths = [max(len(name) for name, _cells in rows)]
    for column in range(readings):
        widths.append(max(len(header[column + 1]), *(len(cells[column]) for _n, cells in rows)))
    lines = [
        "  ".join(
            cell.rjust(w) if i else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(header, widths, strict=True))
        ).rstrip()
    ]
    for name, cells in rows:
        line = [name.ljust(widths[0])]
        line += [cell.rjust(width) for cell, width in zip(cells, widths[1:], strict=True)]
        lines.append("  ".join(line))
    return lines


def _blocks(rows: list[tuple[str, list[str]]], names: Sequence[str]) -> list[str]:
    """A block per measure, a row per reading: readable with many readings."""
    label = max(len(str(len(names))), 1)
    lines: list[str] = []
    for name, cells in rows:
        lines.append(name)
        width = max(len(cell) for cell in cells)
        for index, cell in enumerate(cells, 1):
            lines.append(f"  {str(index).rjust(label)}  {cell.rjust(width)}")
        lines.append("")
    return lines[:-1]


@checked_arguments
def comparison_to_text(comparison: Comparison, language: Language | str = Language.EN) -> str:
    """The readings numbered and named, then every measure with its 95 % interval for
    each reading: as a table when it fits in :data:`WIDE` characters, else a block per
    measure. Numbers are written as the language writes them."""

    def t(message: Message) -> str:
        return render(message, language)

    names = reading_names(comparison, language)
    rows = _measures(comparison, language)
    agents = all_of([agent_label(a) for a in comparison.agents])
    lines = [
        t(
            ngettext(
                "{n} game per reading, from seed {first} to {last}; agents by seat: {agents}; "
                "95 % confidence intervals in brackets.",
                "{n} games per reading, from seed {first} to {last}; agents by seat: {agents}; "
                "95 % confidence intervals in brackets.",
                comparison.games,
                first=comparison.first_seed,
                last=comparison.first_seed + comparison.games - 1,
                agents=agents,
            )
        ),
        "",
        t(_("Readings:")),
        *(
            f"  {str(index).rjust(len(str(len(names))))}  {name}"
            for index, name in enumerate(names, 1)
        ),
        "",
    ]
    table = _columns(rows, len(names))
    lines += table if max(len(line) for line in table) <= WIDE else _blocks(rows, names)
    lines += [
        "",
        t(
            _(
                "The winners differ between readings in {rate} of the games.",
                rate=interval(comparison.winner_changed, language, rate=True),
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


def _tokens(outcome: Outcome, language: Language | str) -> str:
    parts = [
        Icon.of(resource).amount(n)
        for resource, n in zip(Resource, outcome.tokens, strict=True)
        if n
    ]
    return render(all_of(parts), language) or "0"


def _alike(outcomes: Sequence[Outcome]) -> list[list[Outcome]]:
    """The outcomes grouped by what they yield, in the order each yield first appears."""
    groups: dict[tuple[object, ...], list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault((*outcome.yields(), outcome.reason), []).append(outcome)
    return list(groups.values())


def _readings(group: Sequence[Outcome], total: int, language: Language | str) -> str:
    """The readings of a group: their names, or how many when they are many."""
    if len(group) == total > 1:
        return render(ngettext("all {n} reading", "all {n} readings", total), language)
    names = [reading_label(o.reading, short=True) or render(_("defaults"), language) for o in group]
    if len(names) <= 3:
        return "; ".join(names)
    return render(
        ngettext(
            "{first} and {n} other reading",
            "{first} and {n} other readings",
            len(names) - 1,
            first=names[0],
        ),
        language,
    )


@checked_arguments
def adjudication_to_text(
    judgement: Adjudication, width: int, language: Language | str = Language.EN
) -> str:
    """One row per distinct outcome: the readings that share it, legal or not, the rule
    broken, and what the move yields; a line saying so when every reading agrees."""

    def t(message: Message) -> str:
        return render(message, language)

    header = [
        t(_("Reading")),
        t(_("Legal")),
        t(_("Tokens")),
        t(_("Wheat")),
        t(_("Quarries")),
        t(_("Monuments")),
        t(_("Districts on offer")),
    ]
    rows = []
    notes = []
    total = len(judgement.outcomes)
    for group in _alike(judgement.outcomes):
        outcome = group[0]
        name = _readings(group, total, language)
        if not outcome.legal:
            rows.append([name, t(_("no ({rule})", rule=outcome.rule or "")), "", "", "", "", ""])
            if outcome.reason is not None:
                notes.append(f"  {name}: {t(outcome.reason)} ({outcome.rule})")
            continue
        rows.append(
            [
                name,
                t(_("yes")),
                _tokens(outcome, language),
                number(outcome.wheat, language),
                number(outcome.quarries, language),
                number(outcome.monuments, language),
                number(outcome.offer or 0, language),
            ]
        )
    move = t(_("Move {move}", move=json.dumps(move_to_json(judgement.move, width))))
    lines = [move]
    if total > 1 and not judgement.differs:
        lines.append(t(ngettext("The {n} reading agrees.", "All {n} readings agree.", total)))
    return "\n".join([*lines, *_table(header, rows), *notes])


@checked_arguments
def adjudication_to_json(
    judgement: Adjudication, width: int, language: Language | str = Language.EN
) -> dict[str, Any]:
    """The adjudication as JSON-like data; messages in ``language``."""
    readings = []
    for outcome in judgement.outcomes:
        entry: dict[str, Any] = {
            "reading": reading_to_json(outcome.reading),
            "legal": outcome.legal,
        }
        if outcome.legal:
            entry.update(
                tokens={r.key: n for r, n in zip(Resource, outcome.tokens, strict=True) if n},
                wheat=outcome.wheat,
                quarries=outcome.quarries,
                monuments=outcome.monuments,
                offer=outcome.offer,
            )
        else:
            entry["rule"] = outcome.rule
            entry["message"] = render(outcome.reason, language) if outcome.reason else ""
        readings.append(entry)
    return {
        "move": move_to_json(judgement.move, width),
        "differs": judgement.differs,
        "readings": readings,
    }
