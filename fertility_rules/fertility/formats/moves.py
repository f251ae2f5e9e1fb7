"""Moves to and from JSON: a tagged union on ``type``; squares are written ``[row, column]``."""

from __future__ import annotations

from typing import Any, TypeAlias

from attrs import frozen
from cattrs import Converter
from cattrs.gen import make_dict_unstructure_fn

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.formats.converter import (
    converter_for,
    format_hooks,
    problems_of,
    register_tagged_union,
    structure,
)
from fertility_rules.fertility.model.coordinates import square_name
from fertility_rules.fertility.model.metropolis import MAX_SHOPS, SPOTS
from fertility_rules.fertility.model.resources import Resource, counts_of, tokens_of
from fertility_rules.fertility.model.valley import BOARD_HEIGHT, MAX_BOARD_WIDTH
from fertility_rules.fertility.moves import (
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
from fertility_rules.formats.documents import join
from fertility_rules.formats.limits import bound_problems
from fertility_rules.i18n.message import _

__all__ = ["MoveDocument", "move_from_json", "move_to_json"]

Square: TypeAlias = tuple[int, int]


def _within(value: int, count: int, path: str) -> int:
    """``value`` when it is an index from 0 to ``count - 1`` (the schema's bounds)."""
    problems = bound_problems(path, value, 0, count - 1)
    if problems:
        raise MalformedInputError(problems)
    return value


def _square(square: Square, width: int, height: int, path: str) -> int:
    """A square index from ``[row, column]``: first within the widest central board (the
    format's bounds), then on this board (R-1.4)."""
    row, column = square
    _within(row, BOARD_HEIGHT, join(path, 0))
    _within(column, MAX_BOARD_WIDTH, join(path, 1))
    if row >= height or column >= width:
        raise MalformedInputError.single(
            path, _("square {square} is off the board", square=str([row, column])), "R-1.4"
        )
    return row * width + column


@frozen
class _Place:
    tile: str
    squares: tuple[Square, Square]

    def move(self, width: int, height: int) -> Move:
        first, second = self.squares
        return PlaceTile(
            self.tile,
            _square(first, width, height, "squares[0]"),
            _square(second, width, height, "squares[1]"),
        )


@frozen
class _Quarry:
    square: Square
    resource: Resource | None = None
    monument: bool = False

    def move(self, width: int, height: int) -> Move:
        if (self.resource is None) != self.monument:
            raise MalformedInputError.single(
                "$", _("a Quarry gives a resource or a Monument"), "R-3.3.D"
            )
        return ClaimQuarry(_square(self.square, width, height, "square"), self.resource)


@frozen
class _Build:
    district: str
    spot: int
    tokens: tuple[Resource, ...] = ()
    wheat: int = 0

    def move(self, width: int, height: int) -> Move:
        spot = _within(self.spot, SPOTS, "spot")
        problems = bound_problems("wheat", self.wheat, 0)
        if problems:
            raise MalformedInputError(problems)
        return BuildDistrict(self.district, spot, counts_of(self.tokens), self.wheat)


@frozen
class _Supply:
    resource: Resource
    shop: int

    def move(self, width: int, height: int) -> Move:
        return SupplyShop(self.resource, _within(self.shop, MAX_SHOPS, "shop"))


@frozen
class _Bonus:
    resource: Resource
    shop: int | None

    def move(self, width: int, height: int) -> Move:
        shop = None if self.shop is None else _within(self.shop, MAX_SHOPS, "shop")
        return PlaceBonusResource(self.resource, shop)


def _tile_move(kind: type[DiscardTile | TakeTile | RemoveTile]) -> type:
    @frozen
    class _Tile:
        tile: str

        def move(self, width: int, height: int) -> Move:
            return kind(self.tile)

    return _Tile


def _fixed(value: Move) -> type:
    @frozen
    class _Fixed:
        def move(self, width: int, height: int) -> Move:
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


def _cell(square: int, width: int) -> tuple[int, int]:
    """``[row, column]`` of a square; a square off the board is refused as the notation
    refuses it (R-1.4), not written for the reader to refuse."""
    square_name(square, width)
    return divmod(square, width)


def _document(move: Move, width: int) -> Any:
    match move:
        case PlaceTile(tile, first, second):
            return _Place(tile, (_cell(first, width), _cell(second, width)))
        case ClaimQuarry(square, resource):
            return _Quarry(_cell(square, width), resource, resource is None)
        case BuildDistrict(district, spot, tokens, wheat):
            return _Build(district, spot, tokens_of(tokens), wheat)
        case SupplyShop(resource, shop):
            return _Supply(resource, shop)
        case PlaceBonusResource(resource, shop):
            return _Bonus(resource, shop)
        case DiscardTile(tile) | TakeTile(tile) | RemoveTile(tile):
            return _TILE_MOVES[type(move)](tile)
    return _FIXED[type(move)]()


@checked_arguments
def move_to_json(move: Move, width: int) -> dict[str, Any]:
    """The JSON form of ``move`` on a board ``width`` squares wide."""
    data: dict[str, Any] = converter_for().unstructure(_document(move, width), MoveDocument)
    return data


@checked_arguments
def move_from_json(
    data: object, width: int, path: str = "$", height: int = BOARD_HEIGHT, *, section: bool = False
) -> Move:
    """A move from its JSON form on a board ``width`` by ``height``; raises
    :class:`MalformedInputError` with every problem.

    This is the one move reader (records, states, the API and the command line): it
    checks what the schema says (types, a spot 0 to 6, a Shop 0 to 24, a row 0 to 7 and
    a column 0 to 15, no negative Wheat) and that the squares are on this board. A
    ``section`` of a document already held to the file limits is not checked again.
    """
    converter = converter_for() if section else None
    document: Any = structure(data, MoveDocument, path=path, converter=converter)  # type: ignore[arg-type]
    try:
        move: Move = document.move(width, height)
    except MalformedInputError as error:
        raise MalformedInputError(problems_of(error, path)) from None
    return move
