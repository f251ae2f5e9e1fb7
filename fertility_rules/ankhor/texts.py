"""Ankh'or in words, in four languages: moves in a turn log, the decision at hand, what
every player sees, explained score sheets and the catalogue with its provenance."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from fertility_rules.ankhor.arguments import (
    catalogue_needed,
    move_needed,
    report_needed,
    require,
    table_needed,
)
from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.model import (
    COLOURS,
    TOKENS,
    Tile,
    Tokens,
    marker_label,
    position_text,
    token_amount,
)
from fertility_rules.ankhor.moves import (
    BuyTile,
    EndActions,
    Move,
    MoveTile,
    PassMain,
    Refill,
    Refresh,
    ReturnTokens,
    StoreTokens,
    TakeTokens,
)
from fertility_rules.ankhor.scoring import STAGES, ScoreReport, ScoreSheet
from fertility_rules.ankhor.state import GameState
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext, printable, render
from fertility_rules.shared.scores import StageText, report_table, report_text

__all__ = [
    "STAGE_LABELS",
    "describe_catalogue",
    "describe_move",
    "report_to_html",
    "report_to_json",
    "report_to_text",
    "status",
    "summary",
    "tokens_text",
]

STAGE_LABELS: dict[str, Message] = {
    "A-7.1": _("Printed points and bonus tokens"),
    "A-7.2": _("Animal groups"),
    "A-7.3": _("Colour groups"),
    "A-7.4": _("Leftover tokens"),
}
"""The name of each scoring step."""

STAGE_KEYS: dict[str, str] = {
    "A-7.1": "printed",
    "A-7.2": "animals",
    "A-7.3": "colours",
    "A-7.4": "tokens",
}
"""The key of each scoring step in JSON outputs."""


def tokens_text(tokens: Tokens) -> Message | str:
    """``2 blue tokens and 1 ankh token``; ``no token`` for none."""
    parts: list[Message | str] = [
        token_amount(kind, tokens[kind]) for kind in TOKENS if tokens[kind]
    ]
    return all_of(parts) if parts else _("no token")


def _tile(tile: Tile | None) -> Message | str:
    return "-" if tile is None else tile.label


@checked_arguments
def describe_move(move: Move, state: GameState | Observation) -> Message:
    """``move`` as a turn log tells it, from the state it is played in."""
    require(state, (GameState, Observation), "state", table_needed)
    match move:
        case TakeTokens(tokens=tokens):
            return _("takes {tokens}", tokens=tokens_text(tokens))
        case BuyTile(slot=slot, position=position, unpaid=unpaid):
            tile = _tile(state.offer[slot] if 0 <= slot < len(state.offer) else None)
            if unpaid is None:
                return _(
                    "buys the tile of slot {slot} ({tile}) and places it at {position}",
                    tile=tile,
                    slot=slot + 1,
                    position=position_text(position),
                )
            return _(
                "buys the tile of slot {slot} ({tile}), places it at {position} on a higher "
                "level and does not pay one {marker}",
                tile=tile,
                slot=slot + 1,
                position=position_text(position),
                marker=marker_label(unpaid),
            )
        case PassMain():
            return _("can neither take tokens nor buy a tile, and passes (Q-16)")
        case Refresh(pile=pile):
            if pile is None:
                return _("spends an ankh token to refresh the tiles; both piles are empty")
            return _("spends an ankh token to refresh the tiles from pile {pile}", pile=pile + 1)
        case MoveTile(origin=origin, target=target):
            return _(
                "spends an ankh token to move the tile at {origin} to {target}",
                origin=position_text(origin),
                target=position_text(target),
            )
        case EndActions():
            return _("ends the turn")
        case StoreTokens(warehouses=warehouses):
            if not warehouses:
                return _("stores no token")
            return ngettext(
                "stores a token on the warehouse at {positions}",
                "stores a token on each of the {n} warehouses at {positions}",
                len(warehouses),
                positions=", ".join(map(position_text, warehouses)),
            )
        case ReturnTokens(tokens=tokens):
            return _("returns {tokens} to the supply", tokens=tokens_text(tokens))
        case Refill(pile=pile):
            return _("refills the offer from pile {pile}", pile=pile + 1)
    raise MalformedInputError.single("move", move_needed(type(move).__name__))


def status(table: GameState | Observation) -> Message:
    """One line: whose turn and decision it is, or that the game is over."""
    require(table, (GameState, Observation), "state", table_needed)
    if table.is_over:
        return _("Turn {turn}: the game is over", turn=table.turn)
    return _(
        "Turn {turn} · {player}: {phase}",
        turn=table.turn,
        player=table.players[table.current].name,
        phase=table.phase.label,
    )


def _player_line(table: GameState | Observation, index: int) -> Message:
    player = table.players[index]
    marker = "▶ " if index == table.current and not table.is_over else ""
    return _(
        "{marker}{name}: {tiles}, {bonus}; holding {tokens}; {stored}",
        marker=marker,
        name=player.name,
        tiles=ngettext("{n} tile", "{n} tiles", len(player.tiles)),
        bonus=ngettext("{n} bonus token", "{n} bonus tokens", player.bonus),
        tokens=tokens_text(player.tokens),
        stored=ngettext("{n} stored token", "{n} stored tokens", len(player.stored)),
    )


@checked_arguments
def summary(table: GameState | Observation, language: Language | str = Language.EN) -> str:
    """The state in a few lines: turn and decision, each player's tiles and tokens, the
    offer with its prices, the supply, the piles and the reserve."""
    require(table, (GameState, Observation), "state", table_needed)
    lines: list[Message] = [status(table)]
    lines.extend(_player_line(table, i) for i in range(len(table.players)))
    for slot, (tile, markers) in enumerate(zip(table.offer, table.config.prices, strict=False)):
        lines.append(
            _(
                "Slot {slot}: {tile}, price {price}",
                slot=slot + 1,
                tile=_tile(tile),
                price=", ".join(render(c.label, language) for c in markers),
            )
        )
    sizes = (
        table.pile_sizes
        if isinstance(table, Observation)
        else (len(table.piles[0]), len(table.piles[1]))
    )
    lines.append(_("Supply: {tokens}", tokens=tokens_text(table.supply)))
    lines.append(
        _(
            "Draw piles: {first} and {second}; removed: {removed}; bonus tokens in the "
            "reserve: {reserve}",
            first=ngettext("{n} tile", "{n} tiles", sizes[0]),
            second=ngettext("{n} tile", "{n} tiles", sizes[1]),
            removed=ngettext("{n} tile", "{n} tiles", len(table.removed)),
            reserve=table.reserve,
        )
    )
    return "\n".join(render(line, language) for line in lines)


@checked_arguments
def report_to_json(report: ScoreReport, language: Language | str = Language.EN) -> dict[str, Any]:
    """The score JSON: per player ``name``, ``stages``, ``total``, ``tiles``, ``tokens``,
    ``rank`` and the explained ``lines`` (each with its ``stage``, as Fertility's);
    ``winners``."""
    require(report, ScoreReport, "report", report_needed)
    return {
        "players": [
            {
                "name": sheet.player,
                "stages": {
                    **{
                        STAGE_KEYS[rule]: total
                        for rule, total in zip(STAGES, sheet.stage_totals, strict=True)
                    },
                    "total": sheet.total,
                },
                "total": sheet.total,
                "tiles": sheet.tiles,
                "tokens": sheet.tokens,
                "rank": sheet.rank,
                "lines": [
                    {
                        "stage": STAGE_KEYS[line.rule],
                        "rule": line.rule,
                        "points": line.points,
                        "reason": render(line.reason, language),
                    }
                    for line in sheet.lines
                ],
            }
            for sheet in report.sheets
        ],
        "winners": list(report.winners),
    }


@checked_arguments
def report_to_text(report: ScoreReport, language: Language | str = Language.EN) -> str:
    """A readable score sheet: each step with its explained lines, totals, ranking."""
    require(report, ScoreReport, "report", report_needed)
    return report_text(report, language, stages=_stages, total=_total, victory_rule="A-7.5")


def report_to_html(report: ScoreReport, language: Language | str = Language.EN) -> str:
    """The score table as HTML: a row per player, the four steps (A-7.1 to A-7.4), total
    and rank (A-7.5); the winners in bold."""
    require(report, ScoreReport, "report", report_needed)
    return report_table(
        report,
        language,
        stages=[STAGE_LABELS[rule] for rule in STAGES],
        totals=lambda sheet: sheet.stage_totals,
        game="ankhor",
    )


def _stages(sheet: ScoreSheet) -> Iterator[StageText]:
    for rule, total in zip(STAGES, sheet.stage_totals, strict=True):
        lines = tuple((line.points, line.reason, line.rule) for line in sheet.lines_of(rule))
        yield StageText(STAGE_LABELS[rule], total, lines)


def _total(sheet: ScoreSheet) -> Message:
    return _(
        "  Total: {total}, {tiles}, {tokens}, rank {rank}",
        total=sheet.total,
        tiles=ngettext("{n} tile", "{n} tiles", sheet.tiles),
        tokens=ngettext("{n} resource or ankh token", "{n} resource or ankh tokens", sheet.tokens),
        rank=sheet.rank,
    )


@checked_arguments
def describe_catalogue(catalogue: Catalogue, language: Language | str = Language.EN) -> str:
    """The catalogue's components, each with its provenance; reconstructed ones marked."""
    require(catalogue, Catalogue, "catalogue", catalogue_needed)
    lang = language_of(language)

    def line(message: Message | str) -> str:
        return render(message, lang)

    out = [line(_(catalogue.title)), ""]
    if catalogue.note:
        out += [line(_(catalogue.note)), ""]
    sources = catalogue.sources()
    board = catalogue.price_board
    rows: list[tuple[Message, str]] = [
        (
            _(
                "Tokens: {n} of each kind; a supply of {two}, {three} or {four} of each "
                "kind for 2, 3 or 4 players",
                n=catalogue.tokens.per_kind,
                two=catalogue.tokens.supply[0],
                three=catalogue.tokens.supply[1],
                four=catalogue.tokens.supply[2],
            ),
            "tokens",
        ),
        (
            _(
                "Limits at the end of a turn: {resources} resource and {ankhs} ankh tokens",
                resources=catalogue.limits.resources,
                ankhs=catalogue.limits.ankhs,
            ),
            "limits",
        ),
        (
            _(
                "Bonus tokens: {n}, {points} VP each",
                n=catalogue.bonus.count,
                points=catalogue.bonus.points,
            ),
            "bonus_tokens",
        ),
        (_("The end: a player's tile number {n}", n=catalogue.end.tiles), "end"),
        (
            _(
                "Price board: {slots} markers per slot, left to right",
                slots=", ".join(map(str, board.slots)),
            ),
            "price_board",
        ),
        (
            _(
                "Price markers: {markers}",
                markers=", ".join(
                    f"{n} {render(colour.label, lang)}"
                    for colour, n in zip(COLOURS, board.markers, strict=True)
                ),
            ),
            "price_markers",
        ),
    ]
    for text, key in rows:
        source = sources[key]
        out.append(f"{line(text)} [{line(source.provenance.label)}]")
    out.append("")
    out.append(line(ngettext("{n} tile:", "{n} tiles:", len(catalogue.tiles))))
    for entry in catalogue.entries:
        families = ", ".join(render(colour.label, lang) for colour in entry.colours)
        text = _(
            "{count} × {kind} in each family ({families})",
            count=entry.per_colour,
            kind=entry.kind.label,
            families=families,
        )
        if entry.points:
            text = _("{text}, {points} VP printed", text=text, points=entry.points)
        out.append(f"  {line(text)} [{line(entry.provenance.label)}]")
    return printable("\n".join(out))  # the title and note as written, never a control
