"""Moves to and from JSON; squares are written ``[row, column]``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fertility_rules._reading import MISSING, Reader, join
from fertility_rules.i18n.message import _
from fertility_rules.model.resources import NO_TOKENS, Counts, add_token, tokens_of
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

__all__ = ["move_from_json", "move_to_json"]


def _square(square: int, width: int) -> list[int]:
    return list(divmod(square, width))


def move_to_json(move: Move, width: int) -> dict[str, Any]:
    """The JSON form of ``move`` on a board ``width`` squares wide."""
    match move:
        case PlaceTile(tile, first, second):
            return {
                "type": "place",
                "tile": tile,
                "squares": [_square(first, width), _square(second, width)],
            }
        case DiscardTile(tile):
            return {"type": "discard", "tile": tile}
        case ClaimQuarry(square, resource):
            claim: dict[str, Any] = {"type": "quarry", "square": _square(square, width)}
            if resource is None:
                claim["monument"] = True
            else:
                claim["resource"] = resource.key
            return claim
        case BuildDistrict(district, spot, tokens, wheat):
            return {
                "type": "build",
                "district": district,
                "spot": spot,
                "tokens": [r.key for r in tokens_of(tokens)],
                "wheat": wheat,
            }
        case SkipBuilding():
            return {"type": "skip_build"}
        case SupplyShop(resource, shop):
            return {"type": "supply", "resource": resource.key, "shop": shop}
        case PlaceBonusResource(resource, shop):
            return {"type": "bonus", "resource": resource.key, "shop": shop}
        case EndSupplying():
            return {"type": "end_supply"}
        case TakeTile(tile):
            return {"type": "take", "tile": tile}
        case RemoveTile(tile):
            return {"type": "remove", "tile": tile}
    raise TypeError(move)  # pragma: no cover - the match is exhaustive


def _read_square(reader: Reader, value: object, path: str, width: int) -> int | None:
    items = reader.items(value, path)
    parts = [reader.integer(v, p, 0) for p, v in items]
    if len(parts) != 2:
        reader.problem(path, _("a square is [row, column]"))
        return None
    row, column = parts
    if row is None or column is None:
        return None
    if column >= width:
        reader.problem(path, _("column {column} is off the board", column=column), "R-3.1")
        return None
    return row * width + column


def _tokens(reader: Reader, value: object, path: str) -> Counts | None:
    counts: Counts = NO_TOKENS
    for p, item in reader.items(value, path):
        resource = reader.resource(item, p)
        if resource is None:
            return None
        counts = add_token(counts, resource)
    return counts


_Reader = Callable[[Reader, Mapping[str, Any], str, int], Move | None]


def _place(reader: Reader, data: Mapping[str, Any], path: str, width: int) -> Move | None:
    tile = reader.string(reader.field(data, "tile", path), join(path, "tile"))
    squares = reader.items(reader.field(data, "squares", path), join(path, "squares"))
    if len(squares) != 2:
        reader.problem(join(path, "squares"), _("a tile covers 2 squares"), "R-1.3")
        return None
    first = _read_square(reader, squares[0][1], squares[0][0], width)
    second = _read_square(reader, squares[1][1], squares[1][0], width)
    if tile is None or first is None or second is None:
        return None
    return PlaceTile(tile, first, second)


def _tile_move(kind: type[DiscardTile] | type[TakeTile] | type[RemoveTile]) -> _Reader:
    def read(reader: Reader, data: Mapping[str, Any], path: str, width: int) -> Move | None:
        tile = reader.string(reader.field(data, "tile", path), join(path, "tile"))
        return None if tile is None else kind(tile)

    return read


def _quarry(reader: Reader, data: Mapping[str, Any], path: str, width: int) -> Move | None:
    square = _read_square(reader, reader.field(data, "square", path), join(path, "square"), width)
    if data.get("monument") is True:
        return None if square is None else ClaimQuarry(square, None)
    resource = reader.resource(reader.field(data, "resource", path), join(path, "resource"))
    if square is None or resource is None:
        return None
    return ClaimQuarry(square, resource)


def _build(reader: Reader, data: Mapping[str, Any], path: str, width: int) -> Move | None:
    district = reader.string(reader.field(data, "district", path), join(path, "district"))
    spot = reader.integer(reader.field(data, "spot", path), join(path, "spot"), 0)
    tokens = _tokens(reader, data.get("tokens", []), join(path, "tokens"))
    wheat = reader.integer(data.get("wheat", 0), join(path, "wheat"), 0)
    if district is None or spot is None or tokens is None or wheat is None:
        return None
    return BuildDistrict(district, spot, tokens, wheat)


def _supply(reader: Reader, data: Mapping[str, Any], path: str, width: int) -> Move | None:
    resource = reader.resource(reader.field(data, "resource", path), join(path, "resource"))
    shop = reader.integer(reader.field(data, "shop", path), join(path, "shop"), 0)
    if resource is None or shop is None:
        return None
    return SupplyShop(resource, shop)


def _bonus(reader: Reader, data: Mapping[str, Any], path: str, width: int) -> Move | None:
    resource = reader.resource(reader.field(data, "resource", path), join(path, "resource"))
    raw_shop = reader.field(data, "shop", path)
    shop = None if raw_shop is None else reader.integer(raw_shop, join(path, "shop"), 0)
    if resource is None or raw_shop is MISSING or (raw_shop is not None and shop is None):
        return None
    return PlaceBonusResource(resource, shop)


_READERS: dict[str, tuple[tuple[str, ...], _Reader]] = {
    "place": (("tile", "squares"), _place),
    "discard": (("tile",), _tile_move(DiscardTile)),
    "quarry": (("square", "resource", "monument"), _quarry),
    "build": (("district", "spot", "tokens", "wheat"), _build),
    "skip_build": ((), lambda r, d, p, w: SkipBuilding()),
    "supply": (("resource", "shop"), _supply),
    "bonus": (("resource", "shop"), _bonus),
    "end_supply": ((), lambda r, d, p, w: EndSupplying()),
    "take": (("tile",), _tile_move(TakeTile)),
    "remove": (("tile",), _tile_move(RemoveTile)),
}


def move_from_json(reader: Reader, value: object, path: str, width: int) -> Move | None:
    """A move from its JSON form; problems go to ``reader``."""
    data = reader.obj(value, path)
    if data is None:
        return None
    kind = reader.string(reader.field(data, "type", path), join(path, "type"))
    if kind is None:
        return None
    entry = _READERS.get(kind)
    if entry is None:
        reader.problem(
            join(path, "type"),
            _(
                "unknown move type {kind!r}; expected one of: {known}",
                kind=kind,
                known=", ".join(_READERS),
            ),
        )
        return None
    keys, read = entry
    reader.only(data, ("type", *keys), path)
    return read(reader, data, path, width)
