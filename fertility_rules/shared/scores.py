"""What every game's final score report shares: the ranking, the report, its text.

A game scores its players in stages, each explained by lines that cite a rule; the
players are then ranked by a key (most points first, then the game's tie-breaks), equal
keys sharing a rank, and every player of rank 1 wins (a shared victory when several do).
The game supplies its sheets, its stages and its sentences; the ranking, the report's
lookups and the layout of the readable sheet are written here once.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from attrs import frozen

from fertility_rules.arguments import language_of
from fertility_rules.errors import UnknownIdError
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, number_text, render

__all__ = ["Report", "Sheet", "StageText", "places", "report_table", "report_text"]


class Sheet(Protocol):
    """What the shared code reads of one player's sheet."""

    @property
    def player(self) -> str: ...

    @property
    def rank(self) -> int: ...

    @property
    def total(self) -> int: ...


S = TypeVar("S", bound=Sheet)


def places(keys: Sequence[tuple[int, ...]]) -> list[int]:
    """The rank of each key: 1 + how many keys are better (greater), so that equal keys
    share a rank and the next rank skips as many places as shared it."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


@frozen
class Report(Generic[S]):
    """Every player's score sheet, in turn order, and the winners (rank 1)."""

    sheets: tuple[S, ...]
    winners: tuple[str, ...]

    def sheet(self, player: str) -> S:
        for sheet in self.sheets:
            if sheet.player == player:
                return sheet
        raise UnknownIdError(_("No player is named {name!r}.", name=player))

    @property
    def shared_victory(self) -> bool:
        return len(self.winners) > 1


@frozen
class StageText:
    """One stage of a sheet as the readable sheet shows it: its label and total, then
    each line's points, reason and rule."""

    label: Message
    total: int
    lines: tuple[tuple[int, Message, str], ...]


def report_text(
    report: Report[S],
    language: Language | str,
    *,
    stages: Callable[[S], Iterable[StageText]],
    total: Callable[[S], Message],
    victory_rule: str,
) -> str:
    """A readable score report: every sheet, stage by stage with its explained lines
    and the sheet's ``total`` line, then the winners and the rule that ranks them."""
    lang = language_of(language)
    out: list[str] = []
    for sheet in report.sheets:
        out.append(render(_("Score sheet of {player}", player=sheet.player), lang))
        for number, stage in enumerate(stages(sheet), 1):
            heading = _(
                "  {number}. {stage}: {total}", number=number, stage=stage.label, total=stage.total
            )
            out.append(render(heading, lang))
            for points, reason, rule in stage.lines:
                out.append(f"       {number_text(points):>3}  {render(reason, lang)} [{rule}]")
        out.append(render(total(sheet), lang))
        out.append("")
    names = ", ".join(report.winners)
    if report.shared_victory:
        out.append(
            render(_("Shared victory: {names} ({rule})", names=names, rule=victory_rule), lang)
        )
    else:
        out.append(render(_("Winner: {names}", names=names), lang))
    return "\n".join(out)


def report_table(
    report: Report[S],
    language: Language | str,
    *,
    stages: Sequence[Message],
    totals: Callable[[S], Sequence[int]],
    game: str,
) -> str:
    """The score table as HTML (what a notebook shows of a report): a row per player, a
    column per stage of ``stages`` (each sheet's ``totals``), the total and the rank; the
    winners in bold. ``game`` names the table's class (``fertility-score``)."""
    lang = language_of(language)
    header = [
        render(_("Player"), lang),
        *(render(stage, lang) for stage in stages),
        render(_("Total"), lang),
        render(_("Rank"), lang),
    ]
    rows = []
    for sheet in report.sheets:
        cells = [sheet.player, *(str(points) for points in totals(sheet))]
        cells += [str(sheet.total), str(sheet.rank)]
        row = "".join(f"<td>{html.escape(cell)}</td>" for cell in cells)
        style = ' style="font-weight:bold"' if sheet.player in report.winners else ""
        rows.append(f"<tr{style}>{row}</tr>")
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    return (
        f'<table class="{html.escape(game)}-score" lang="{lang.value}"><thead><tr>{head}'
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
