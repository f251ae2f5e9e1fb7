"""Ankh'or moves as JSON: objects tagged by ``type``.

Slots and draw piles are counted from 0 (slot 1 of the notation is 0), positions are
``[level, x, y]``, token counts objects by kind (``{"blue": 1, "ankh": 2}``, zeros
omitted when read). A move read is well formed; the referee says whether it is legal.
"""

from __future__ import annotations

from typing import Any, TypeAlias

from attrs import frozen
from cattrs import Converter

from fertility_rules.ankhor.formats import keys as _keys  # noqa: F401 - registers the hooks
from fertility_rules.ankhor.formats.converter import (
    converter_for,
    format_hooks,
    structure,
)
from fertility_rules.ankhor.model import TOKENS, Colour, Tokens
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
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.base import problems_of, register_tagged_union
from fertility_rules.formats.documents import join
from fertility_rules.i18n.message import _

__all__ = [
    "COORDINATE_LIMIT",
    "TokenCounts",
    "move_from_json",
    "move_to_json",
    "position_problems",
]

COORDINATE_LIMIT = 1000
"""Largest ``x`` or ``y`` (in absolute value) and level a file may give: a layout of 55
tiles never needs more, even after many moves."""

MOST_TOKENS = 36
"""Tokens in the game (A-1.1): no count in a file may exceed it."""


@frozen(kw_only=True)
class TokenCounts:
    """Token counts as a file writes them: one key per kind, 0 when left out."""

    blue: int = 0
    white: int = 0
    black: int = 0
    green: int = 0
    red: int = 0
    ankh: int = 0

    def tokens(self) -> Tokens:
        values = (self.blue, self.white, self.black, self.green, self.red, self.ankh)
        problems = [
            Problem(
                TOKENS[k].key,
                _("{n} is not a number of tokens (0 to {most})", n=n, most=MOST_TOKENS),
                "A-1.1",
            )
            for k, n in enumerate(values)
            if not 0 <= n <= MOST_TOKENS
        ]
        if problems:
            raise MalformedInputError(problems)
        return values

    @classmethod
    def of(cls, tokens: Tokens) -> TokenCounts:
        return cls(
            blue=tokens[0],
            white=tokens[1],
            black=tokens[2],
            green=tokens[3],
            red=tokens[4],
            ankh=tokens[5],
        )


def position_problems(position: tuple[int, ...], path: str = "$") -> list[Problem]:
    """A position outside the bounds a file may give (:data:`COORDINATE_LIMIT`)."""
    level, x, y = position
    if level < 0:
        return [Problem(path, _("Levels are counted from 0, the base."), "A-3.5")]
    if max(level, abs(x), abs(y)) > COORDINATE_LIMIT:
        message = _("a coordinate is beyond {n}, far outside any layout", n=COORDINATE_LIMIT)
        return [Problem(path, message)]
    return []


@frozen(kw_only=True)
class _Take:
    tokens: TokenCounts


@frozen(kw_only=True)
class _Buy:
    slot: int
    at: tuple[int, int, int]
    unpaid: Colour | None = None


@frozen
class _Pass:
    pass


@frozen(kw_only=True)
class _Refresh:
    pile: int | None = None


@frozen(kw_only=True)
class _MoveTile:
    origin: tuple[int, int, int]
    target: tuple[int, int, int]


@frozen
class _End:
    pass


@frozen(kw_only=True)
class _Store:
    warehouses: tuple[tuple[int, int, int], ...] = ()


@frozen(kw_only=True)
class _Return:
    tokens: TokenCounts


@frozen(kw_only=True)
class _Refill:
    pile: int


_Document: TypeAlias = (
    _Take | _Buy | _Pass | _Refresh | _MoveTile | _End | _Store | _Return | _Refill
)

_TYPES: dict[str, type] = {
    "take": _Take,
    "buy": _Buy,
    "pass": _Pass,
    "refresh": _Refresh,
    "move": _MoveTile,
    "end": _End,
    "store": _Store,
    "return": _Return,
    "refill": _Refill,
}


@format_hooks
def _hooks(converter: Converter) -> None:
    register_tagged_union(
        converter,
        _Document,
        "type",
        _TYPES,
        lambda name, known: _(
            "unknown move type {kind!r}; known types: {known}", kind=name, known=known
        ),
        "A-3",
    )


def _pile(value: int, path: str) -> list[Problem]:
    if value in (0, 1):
        return []
    return [Problem(path, _("There are two draw piles: 0 and 1 in a file."), "A-2.4")]


def _move(document: _Document) -> Move:
    """The move of a document, its values checked against the bounds of a file."""
    problems: list[Problem] = []
    match document:
        case _Take(tokens=tokens):
            return TakeTokens(_counts(tokens, "$.tokens"))
        case _Buy(slot=slot, at=at, unpaid=unpaid):
            if not 0 <= slot < 6:
                problems.append(Problem("$.slot", _("A slot is counted from 0 to 5."), "A-1.3"))
            problems += position_problems(at, "$.at")
            _raise(problems)
            return BuyTile(slot, at, unpaid)
        case _Pass():
            return PassMain()
        case _Refresh(pile=pile):
            if pile is not None:
                _raise(_pile(pile, "$.pile"))
            return Refresh(pile)
        case _MoveTile(origin=origin, target=target):
            _raise(position_problems(origin, "$.origin") + position_problems(target, "$.target"))
            return MoveTile(origin, target)
        case _End():
            return EndActions()
        case _Store(warehouses=warehouses):
            for index, position in enumerate(warehouses):
                problems += position_problems(position, join("$.warehouses", index))
            _raise(problems)
            return StoreTokens(warehouses)
        case _Return(tokens=tokens):
            return ReturnTokens(_counts(tokens, "$.tokens"))
        case _Refill(pile=pile):
            _raise(_pile(pile, "$.pile"))
            return Refill(pile)
    raise TypeError(document)  # pragma: no cover - the match is exhaustive


def _counts(tokens: TokenCounts, path: str) -> Tokens:
    try:
        return tokens.tokens()
    except MalformedInputError as error:
        raise MalformedInputError(
            [Problem(join(path, p.path), p.message, p.rule) for p in error.problems]
        ) from None


def _raise(problems: list[Problem]) -> None:
    if problems:
        raise MalformedInputError(problems)


def move_from_json(data: object, path: str = "$") -> Move:
    """A move from its JSON form; raises :class:`MalformedInputError` with every path."""
    document: _Document = structure(data, _Document, path=path)  # type: ignore[arg-type]
    try:
        return _move(document)
    except MalformedInputError as error:
        raise MalformedInputError(problems_of(error, path)) from None


def _document(move: Move) -> _Document:
    match move:
        case TakeTokens(tokens=tokens):
            return _Take(tokens=TokenCounts.of(tokens))
        case BuyTile(slot=slot, position=position, unpaid=unpaid):
            return _Buy(slot=slot, at=position, unpaid=unpaid)
        case PassMain():
            return _Pass()
        case Refresh(pile=pile):
            return _Refresh(pile=pile)
        case MoveTile(origin=origin, target=target):
            return _MoveTile(origin=origin, target=target)
        case EndActions():
            return _End()
        case StoreTokens(warehouses=warehouses):
            return _Store(warehouses=warehouses)
        case ReturnTokens(tokens=tokens):
            return _Return(tokens=TokenCounts.of(tokens))
        case Refill(pile=pile):
            return _Refill(pile=pile)
    raise MalformedInputError.single(
        "move", _("An Ankh'or move is needed, not {kind}.", kind=type(move).__name__)
    )


def move_to_json(move: Move) -> dict[str, Any]:
    """The JSON form of ``move`` (read back equal by :func:`move_from_json`)."""
    data: dict[str, Any] = converter_for().unstructure(_document(move), _Document)
    for key in ("unpaid", "pile"):
        if key in data and data[key] is None:
            del data[key]
    return data
