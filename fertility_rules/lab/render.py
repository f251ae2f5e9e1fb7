"""Lab results as text tables (any of the four languages) and adjudications as JSON."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fertility_rules.agents.simulate import agent_label
from fertility_rules.arguments import checked_arguments
from fertility_rules.games import GameRules, StateLike, find_game
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of, series
from fertility_rules.i18n.message import Message, _, ngettext, render
from fertility_rules.i18n.numbers import decimal, number, percent
from fertility_rules.lab.adjudicate import Adjudication, Outcome
from fertility_rules.lab.compare import Comparison, ReadingResult, measure_label, shown_measures
from fertility_rules.lab.readings import (
    Switch,
    reading_title,
    reading_to_json,
    value_label,
    varied,
)
from fertility_rules.lab.stats import Estimate

__all__ = [
    "adjudication_to_json",
    "adjudication_to_text",
    "comparison_to_text",
    "interval",
    "reading_names",
]


def reading_names(comparison: Comparison, language: Language | str = Language.EN) -> list[str]:
    """A name per reading in words: the switches it sets apart from the defaults."""
    return [
        render(reading_title(result.reading, game=comparison.game), language)
        for result in comparison.results
    ]


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
    """Each measure's name and its cell for each reading: the score and its stages, the
    seats' wins, the moves and the game's own measures."""

    def t(message: Message) -> str:
        return render(message, language)

    rules = find_game(comparison.game)
    results = comparison.results

    def means(pick: Callable[[ReadingResult], Estimate]) -> list[str]:
        return [interval(pick(r), language) for r in results]

    def rates(pick: Callable[[ReadingResult], Estimate]) -> list[str]:
        return [interval(pick(r), language, rate=True) for r in results]

    rows: list[tuple[str, list[str]]] = [(t(_("Mean score")), means(lambda r: r.total))]
    for index, stage in enumerate(rules.stages):
        rows.append((t(stage.label), means(lambda r, i=index: r.stages[i])))  # type: ignore[misc]
    for seat, agent in enumerate(comparison.agents):
        name = t(_("Wins, seat {seat} ({agent})", seat=seat + 1, agent=agent_label(agent)))
        rows.append((name, rates(lambda r, i=seat: r.seat_wins[i])))  # type: ignore[misc]
    rows.append((t(_("Moves per game")), means(lambda r: r.moves)))
    for measure in shown_measures(comparison):
        rows.append((t(measure_label(measure)), means(lambda r, k=measure.key: getattr(r, k))))  # type: ignore[misc]
    rows.append((t(_("Winner differs from the first reading")), rates(lambda r: r.winner_changed)))
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


def _move_json(judgement: Adjudication, state: Any, rules: GameRules) -> dict[str, Any]:
    return rules.formats.dump_move(judgement.move, state)


def _gain_labels(judgement: Adjudication) -> list[Message]:
    for outcome in judgement.outcomes:
        if outcome.legal:
            return [gain.label for gain in outcome.gains]
    return []


def _alike(outcomes: Sequence[Outcome]) -> list[list[Outcome]]:
    """The outcomes grouped by what they yield, in the order each yield first appears."""
    groups: dict[tuple[object, ...], list[Outcome]] = {}
    for outcome in outcomes:
        groups.setdefault((*outcome.yields(), outcome.reason), []).append(outcome)
    return list(groups.values())


def _label(reading: Any, chosen: Sequence[Switch], rules: GameRules) -> Message | str:
    """A reading by the values of the switches ``chosen`` in words (the default marked)."""
    parts: list[Message | str] = [value_label(s, getattr(reading, s.field), rules) for s in chosen]
    return series(parts) if parts else reading_title(reading, game=rules)


def _readings(
    group: Sequence[Outcome],
    outcomes: Sequence[Outcome],
    language: Language | str,
    rules: GameRules,
) -> str:
    """The readings of a group by what sets them apart, in words: the values of the
    switches varied that the group shares, when no other reading has them all (with how
    many readings when several); else the readings named one by one, or the first and how
    many others."""
    total = len(outcomes)
    if len(group) == total > 1:
        return render(ngettext("all {n} reading", "all {n} readings", total), language)
    varies = varied([o.reading for o in outcomes], rules)
    shared = [s for s in varies if len({getattr(o.reading, s.field) for o in group}) == 1]
    first = group[0].reading
    alike = [
        o
        for o in outcomes
        if all(getattr(o.reading, s.field) is getattr(first, s.field) for s in shared)
    ]
    if shared and len(alike) == len(group):
        label = _label(first, shared, rules)
        if len(group) > 1:
            label = ngettext(
                "{readings} ({n} reading)", "{readings} ({n} readings)", len(group), readings=label
            )
        return render(label, language)
    names = [render(_label(o.reading, varies, rules), language) for o in group]
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
    judgement: Adjudication,
    state: StateLike,
    language: Language | str = Language.EN,
    game: str | GameRules = "fertility",
) -> str:
    """One row per distinct outcome: the readings that share it, legal or not, the rule
    broken, and what the move yields (the game's gains); a line saying so when every
    reading agrees."""
    rules = find_game(game)

    def t(message: Message | str | int) -> str:
        if isinstance(message, int):
            return number(message, language)
        return message if isinstance(message, str) else render(message, language)

    labels = _gain_labels(judgement)
    header = [t(_("Reading")), t(_("Legal")), *(t(label) for label in labels)]
    rows = []
    notes = []
    total = len(judgement.outcomes)
    for group in _alike(judgement.outcomes):
        outcome = group[0]
        name = _readings(group, judgement.outcomes, language, rules)
        if not outcome.legal:
            rows.append([name, t(_("no ({rule})", rule=outcome.rule or "")), *("" for _ in labels)])
            if outcome.reason is not None:
                note = _(
                    "{readings}: {reason} ({rule})",
                    readings=name,
                    reason=outcome.reason,
                    rule=outcome.rule or "",
                )
                notes.append("  " + t(note))
            continue
        rows.append([name, t(_("yes")), *(t(gain.text) for gain in outcome.gains)])
    move = t(_("Move: {move}", move=rules.texts.format_move(judgement.move, state)))
    lines = [move]
    if total > 1 and not judgement.differs:
        lines.append(t(ngettext("The {n} reading agrees.", "All {n} readings agree.", total)))
    return "\n".join([*lines, *_table(header, rows), *notes])


@checked_arguments
def adjudication_to_json(
    judgement: Adjudication,
    state: StateLike,
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
        "notation": rules.texts.format_move(judgement.move, state),
        "differs": judgement.differs,
        "readings": readings,
    }
