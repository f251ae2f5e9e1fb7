"""Moves to and from JSON: a tagged union on ``type``; squares are written ``[row, column]``."""

from __future__ import annotations

from typing import Any, TypeAlias

from attrs import frozen
from cattrs import Converter
from cattrs.gen import make_dict_unstructure_fn

from fertility_rules.errors import MalformedInputError
from fertility_rules.formats.converter import (
    converter_for,
    format_hooks,
    problems_of,
    register_tagged_union,
    structure,
)
from fertility_rules.i18n.message import _
from fertility_rules.model.resources import Resource, counts_of, tokens_of
from fertility_rules.rules.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)

__all__ = ["MoveDocument", "move_from_json", "move_to_json"]

Square: TypeAlias = tuple[int, int]


def _square(square: Square, width: int, path: str) -> int:
    row, column = square
    if row < 0 or column < 0:
        raise MalformedInputError.single(path, _("a square is [row, column]"), "R-3.1")
    if column >= width:
        raise MalformedInputError.single(
            path, _("column {column} is off the board", column=column), "R-3.1"
        )
    return row * width + column


@frozen
class _Place:
    tile: str
    squares: tuple[Square, Square]

    def move(self, width: int) -> Move:
        first, second = self.squares
        return PlaceTile(
            self.tile, _square(first, width, "squares[0]"), _square(second, width, "squares[1]")
        )


@frozen
class _Quarry:
    square: Square
    resource: Resource | None = None
    monument: bool = False

    def move(self, width: int) -> Move:
        if (self.resource is None) != self.monument:
            raise MalformedInputError.single(
                "$", _("a Quarry gives a resource or a Monument"), "R-3.3.D"
            )
        return ClaimQuarry(_square(self.square, width, "square"), self.resource)


@frozen
class _Build:
    district: str
    spot: int
    tokens: tuple[Resource, ...] = ()
    wheat: int = 0

    def move(self, width: int) -> Move:
        return BuildDistrict(self.district, self.spot, counts_of(self.tokens), self.wheat)


@frozen
class _Supply:
    resource: Resource
    shop: int

    def move(self, width: int) -> Move:
        return SupplyShop(self.resource, self.shop)


@frozen
class _Bonus:
    resource: Resource
    shop: int | None

    def move(self, width: int) -> Move:
        return PlaceBonusResource(self.resource, self.shop)


def _tile_move(kind: type[DiscardTile | TakeTile | RemoveTile]) -> type:
    @frozen
    class _Tile:
        tile: str

        def move(self, width: int) -> Move:
            return kind(self.tile)

    return _Tile


def _fixed(value: Move) -> type:
    @frozen
    class _Fixed:
        def move(self, width: int) -> Move:
            return value

    return _Fixed


_TILE_MOVES = {kind: _tile_move(kind) for kind in (DiscardTile, TakeTile, RemoveTile)}
_FIXED = {type(move): _fixed(move) for move in (SkipBuilding(), EndSupplying())}
_DOCUMENTS: dict[str, type] = {
    "place": _Place,
    "discard": _TILE_MOVES[DiscardTile],
    "quarry": _Quarry,
    "build": _Build,
    "skip_build": _FIXED[SkipBuilding],
    "supply": _Supply,
    "bonus": _Bonus,
    "end_supply": _FIXED[EndSupplying],
    "take": _TILE_MOVES[TakeTile],
    "remove": _TILE_MOVES[RemoveTile],
}

MoveDocument: TypeAlias = _Place | _Quarry | _Build | _Supply | _Bonus | Any
"""The JSON form of a move (a tagged union on ``type``)."""


@format_hooks
def _hooks(converter: Converter) -> None:
    converter.register_unstructure_hook(
        _Quarry, make_dict_unstructure_fn(_Quarry, converter, _cattrs_omit_if_default=True)
    )
    register_tagged_union(
        converter,
        MoveDocument,
        "type",
        _DOCUMENTS,
        lambda name, known: _(
            "unknown move type {kind!r}; expected one of: {known}", kind=name, known=known
        ),
    )


def _document(move: Move, width: int) -> Any:
    match move:
        case PlaceTile(tile, first, second):
            return _Place(tile, (divmod(first, width), divmod(second, width)))
        case ClaimQuarry(square, resource):
            return _Quarry(divmod(square, width), resource, resource is None)
        case BuildDistrict(district, spot, tokens, wheat):
            return _Build(district, spot, tokens_of(tokens), wheat)
        case SupplyShop(resource, shop):
            return _Supply(resource, shop)
        case PlaceBonusResource(resource, shop):
            return _Bonus(resource, shop)
        case DiscardTile(tile) | TakeTile(tile) | RemoveTile(tile):
            return _TILE_MOVES[type(move)](tile)
    return _FIXED[type(move)]()


def move_to_json(move: Move, width: int) -> dict[str, Any]:
    """The JSON form of ``move`` on a board ``width`` squares wide."""
    data: dict[str, Any] = converter_for().unstructure(_document(move, width), MoveDocument)
    return data


def move_from_json(data: object, width: int, path: str = "$", *, section: bool = False) -> Move:
    """A move from its JSON form; raises :class:`MalformedInputError` with every problem.

    A ``section`` of a document already held to the file limits is not checked again.
    """
    converter = converter_for() if section else None
    document: Any = structure(data, MoveDocument, path=path, converter=converter)  # type: ignore[arg-type]
    try:
        move: Move = document.move(width)
    except MalformedInputError as error:
        raise MalformedInputError(problems_of(error, path)) from None
    return move
