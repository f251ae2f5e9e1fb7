"""What the server sends: a seat's view with its choices, the lobby's entries, errors.

Everything a message holds is drawn from the public view of the table (``observe``, R-9):
the view itself, the choices and status computed from it, the last move described on the
view before it, the score sheet of the finished game. Nothing is read from the hidden
state, so no message can carry what the rules hide.
"""

from __future__ import annotations

import functools
import html
import json
import operator
import weakref
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import FertilityError
from fertility_rules.formats.errors_json import dump_error
from fertility_rules.games import GameRules
from fertility_rules.i18n.message import _, render
from fertility_rules.server.requests import SeatKind
from fertility_rules.server.table import (
    Joined,
    Played,
    Resigned,
    Table,
    TableSetup,
    TableSummary,
    UndoAnswered,
    UndoAsked,
)

T = TypeVar("T")

__all__ = [
    "choices_json",
    "error_message",
    "moves_text",
    "open_seed_json",
    "seats_json",
    "table_entry",
    "text_picture",
    "view_message",
    "view_text",
]


def _per_table(make: Callable[[Table, str], T]) -> Callable[[Table, str], T]:
    """``make(table, language)`` kept while the table value lives: a table is told to
    each of its sockets, and a cache that held tables would keep finished games alive."""
    kept: weakref.WeakKeyDictionary[Table, dict[str, T]] = weakref.WeakKeyDictionary()

    @functools.wraps(make)
    def cached(table: Table, language: str) -> T:
        by_language = kept.get(table)
        if by_language is None:
            by_language = kept[table] = {}
        found = by_language.get(language)
        if found is None:
            found = by_language[language] = make(table, language)
        return found

    return cached


def _option(rules: GameRules, view: Any, option: Any, language: str) -> dict[str, Any]:
    return {
        "notation": option.notation,
        "text": render(option.description, language),
        "move": rules.formats.dump_move(option.move, view),
    }


def _item(rules: GameRules, view: Any, item: Any, language: str) -> dict[str, Any]:
    items = getattr(item, "items", None)
    if items is None:
        return _option(rules, view, item, language)
    return {
        "key": item.key,
        "title": render(item.title, language),
        "items": [_item(rules, view, inner, language) for inner in items],
    }


@checked_arguments
def choices_json(rules: GameRules, view: Any, language: str) -> list[dict[str, Any]]:
    """The legal moves of ``view`` grouped as a person decides, texts in ``language``."""
    grouped = rules.texts.choices
    if grouped is not None:
        return [_item(rules, view, group, language) for group in grouped(view)]
    options = [
        {
            "notation": rules.texts.format_move(move, view),
            "text": _described(rules, move, view, language),
            "move": rules.formats.dump_move(move, view),
        }
        for move in rules.legal_moves(view)
    ]
    return [{"key": "", "title": render(rules.texts.status(view), language), "items": options}]


def _described(rules: GameRules, move: Any, view: Any, language: str) -> str:
    """The move in words (its notation when the game has no words for it)."""
    described = rules.texts.describe_move(move, view)
    return rules.texts.format_move(move, view) if described is None else render(described, language)


@checked_arguments
def seats_json(table: Table | TableSummary) -> list[dict[str, Any]]:
    """Who plays each seat: never a token, only whether an open seat was taken."""
    seats = []
    for name, seat in zip(table.setup.players, table.seats, strict=True):
        entry: dict[str, Any] = {"name": name, "kind": seat.kind.value}
        if seat.agent is not None and seat.kind is SeatKind.BOT:
            entry["agent"] = seat.agent
        if seat.kind is SeatKind.OPEN:
            entry["taken"] = seat.token is not None
        seats.append(entry)
    return seats


def _played(table: Table, seat: int, move: Any, before: Any, language: str) -> dict[str, Any]:
    """A move of ``seat`` from the view ``before`` it: notation, JSON and a sentence."""
    rules = table.rules
    text = _(
        "{player}: {move}",
        player=table.setup.players[seat],
        move=_described(rules, move, before, language),
    )
    return {
        "type": "move",
        "seat": seat,
        "notation": rules.texts.format_move(move, before),
        "move": rules.formats.dump_move(move, before),
        "text": render(text, language),
    }


def _last(table: Table, before: Any, language: str) -> dict[str, Any] | None:
    """The event that led to this version, with a sentence in ``language``."""
    players = table.setup.players
    match table.last:
        case Played(seat, move):
            return _played(table, seat, move, before, language)
        case UndoAsked(seat, ply):
            if table.pending is None:
                text = _(
                    "{player} took back move {n} and the moves after it.",
                    player=players[seat],
                    n=ply + 1,
                )
            else:
                text = _(
                    "{player} asks to take back move {n} and the moves after it.",
                    player=players[seat],
                    n=ply + 1,
                )
            return {"type": "undo", "seat": seat, "ply": ply, "text": render(text, language)}
        case UndoAnswered(seat, accept):
            if accept:
                text = _("{player} agrees to take the moves back.", player=players[seat])
            else:
                text = _("{player} refuses to take the moves back.", player=players[seat])
            return {
                "type": "answer",
                "seat": seat,
                "accept": accept,
                "text": render(text, language),
            }
        case Resigned(seat):
            text = _("{player} resigned; a bot plays the seat to the end.", player=players[seat])
            return {"type": "resign", "seat": seat, "text": render(text, language)}
        case Joined(seat):
            text = _("{player}'s seat is taken.", player=players[seat])
            return {"type": "join", "seat": seat, "text": render(text, language)}
    return None


def _deciding(table: Table, seat: int | None) -> bool:
    """Whether ``seat`` is a person's who decides now (its view then holds the choices)."""
    return (
        seat is not None
        and not table.over
        and table.state.current == seat
        and table.seats[seat].kind is not SeatKind.BOT
    )


@checked_arguments
def view_message(table: Table, seat: int | None, language: str) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) is shown of ``table``, in ``language``."""
    message = {**_shared(table, language), "seat": seat}
    if _deciding(table, seat):
        message["choices"] = _choices(table, language)
    return message


@checked_arguments
def view_text(table: Table, seat: int | None, language: str) -> str:
    """:func:`view_message` as JSON text, for a socket. Every socket of a table is sent
    the same view with its own seat (and the decider its choices): the common part is
    encoded once per version and language, and each socket's message is that text with
    its own few keys added."""
    parts = [_shared_text(table, language), ',"seat":', "null" if seat is None else str(seat)]
    if _deciding(table, seat):
        parts += [',"choices":', _choices_text(table, language)]
    parts.append("}")
    return "".join(parts)


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@_per_table
def _shared_text(table: Table, language: str) -> str:
    """The common part of a view as JSON text, open at its end for the seat's keys."""
    return _dumps(_shared(table, language))[:-1]


@_per_table
def _choices_text(table: Table, language: str) -> str:
    return _dumps(_choices(table, language))


def _shared(table: Table, language: str) -> dict[str, Any]:
    """What every socket of the table is told in ``language``. Only its text is kept (a
    table value is told to several sockets): a kept tree of dictionaries and lists is
    walked by every full garbage collection, a string is not."""
    rules = table.rules
    view = rules.observe(table.state)
    message: dict[str, Any] = {
        "type": "view",
        "table": table.setup.id,
        "game": rules.name,
        "version": table.version,
        "ply": table.ply,
        "seats": seats_json(table),
        "over": table.over,
        "status": render(rules.texts.status(view), language),
        "view": rules.formats.dump_observation(view),
    }
    message.update(open_seed_json(table.setup))
    if not table.over:
        message["decider"] = view.current
    before = None if table.before is None else rules.observe(table.before)
    last = _last(table, before, language)
    if last is not None:
        message["last"] = last
    if table.pending is not None:
        message["undo"] = {
            "seat": table.pending.seat,
            "ply": table.pending.ply,
            "waiting": sorted(table.pending.waiting),
        }
    if table.over:
        message["scores"] = rules.texts.report_to_json(rules.final_scores(table.state), language)
        message["stages"] = [
            {"key": stage.key, "label": render(stage.label, language)} for stage in rules.stages
        ]
    return message


class _Told:
    """A table's moves told in one language: each move's JSON text, and the state after
    the last, so that a later version of the table adds only its new moves."""

    __slots__ = ("moves", "state", "texts")

    def __init__(self, initial: Any) -> None:
        self.moves: tuple[Any, ...] = ()
        self.texts: list[str] = []
        self.state = initial


_TOLD: OrderedDict[tuple[str, str], _Told] = OrderedDict()
"""The moves told lately, by table and language (the least recently asked let go)."""
_TOLD_KEPT = 64


def _shared_prefix(kept: tuple[Any, ...], moves: tuple[Any, ...]) -> int:
    """How many of ``kept`` are the first of ``moves`` (the same values: a table's moves
    are shared by its later versions; a move taken back, or a table rebuilt, is not)."""
    if all(map(operator.is_, kept, moves)):
        return min(len(kept), len(moves))
    return next(n for n, (a, b) in enumerate(zip(kept, moves, strict=False)) if a is not b)


@checked_arguments
@_per_table
def moves_text(table: Table, language: str) -> str:
    """The moves of the game so far as JSON text, in order, each as the socket told it
    (public: every seat saw them played); moves taken back are not among them. Each move
    is described once per language: a later version of the table adds only its own."""
    rules, key = table.rules, (table.setup.id, language)
    told = _TOLD.get(key) or _Told(table.initial)
    same = _shared_prefix(told.moves, table.moves)
    if same < len(told.moves) or same == 0:  # moves taken back, or another table value
        del told.texts[same:]
        told.state = table.initial
        for move in table.moves[:same]:
            told.state = rules.apply_unchecked(told.state, move)
    state = told.state
    for seat, move in zip(table.movers[same:], table.moves[same:], strict=True):
        told.texts.append(_dumps(_played(table, seat, move, rules.observe(state), language)))
        state = rules.apply_unchecked(state, move)
    told.state, told.moves = state, table.moves
    _TOLD[key] = told
    _TOLD.move_to_end(key)
    while len(_TOLD) > _TOLD_KEPT:
        _TOLD.popitem(last=False)
    head = _dumps({"table": table.setup.id, "game": rules.name, "ply": table.ply})[:-1]
    return f'{head},"moves":[{",".join(told.texts)}]}}'


def _choices(table: Table, language: str) -> list[dict[str, Any]]:
    return choices_json(table.rules, table.rules.observe(table.state), language)


@checked_arguments
def open_seed_json(setup: TableSetup) -> dict[str, Any]:
    """What a table whose deal is known tells every seat: that it is, and its seed (a
    table going on from a record with an explicit setup has none to show)."""
    if not setup.open_seed:
        return {}
    return {"open_seed": True, **({} if setup.seed is None else {"seed": setup.seed})}


@checked_arguments
def table_entry(table: Table | TableSummary, language: str) -> dict[str, Any]:
    """A table as the lobby lists it."""
    summary = TableSummary.of(table) if isinstance(table, Table) else table
    rules = summary.rules
    return {
        "id": summary.setup.id,
        "game": rules.name,
        "title": render(rules.title, language),
        "seats": seats_json(summary),
        "ply": summary.ply,
        "over": summary.over,
        "status": render(summary.status, language),
        "created": summary.setup.created,
        **open_seed_json(summary.setup),
    }


@checked_arguments
def text_picture(text: str) -> str:
    """A game's text board as an SVG picture, for a game that draws no pictures."""
    lines = text.splitlines() or [""]
    width = 24 + 10 * max(len(line) for line in lines)
    height = 24 + 24 * len(lines)
    rows = "".join(
        f'<text x="12" y="{30 + 24 * index}" xml:space="preserve">{html.escape(line)}</text>'
        for index, line in enumerate(lines)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="DejaVu Sans Mono, monospace" '
        f'font-size="16"><rect width="100%" height="100%" fill="#fffdf8"/>{rows}</svg>'
    )


def error_message(error: FertilityError, language: str) -> dict[str, Any]:
    """An error on a socket: the library's error JSON (kind, message, rule or problems)."""
    return {"type": "error", **dump_error(error, language)}
