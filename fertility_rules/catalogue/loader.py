"""Reading, validating and writing catalogue files (TOML or JSON).

Every problem is reported with its path; a catalogue that loads satisfies the
rules of R-1 and the known facts of the printed game (40 Districts, 50 Valley tiles...).
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from fertility_rules._reading import Reader, join, read_document
from fertility_rules.catalogue.catalogue import CATALOGUE_FORMAT, Catalogue, MonumentRules
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.effects.serialization import (
    dump_shop,
    read_provenance,
    read_shop,
    shop_keys,
)
from fertility_rules.errors import FertilityError, MalformedInputError, Problem
from fertility_rules.i18n.message import _
from fertility_rules.model.district import District
from fertility_rules.model.metropolis import SPOTS, MetropolisBoard, Track
from fertility_rules.model.provenance import Provenance, Source
from fertility_rules.model.resources import MonumentType, Resource
from fertility_rules.model.shop import Shop
from fertility_rules.model.valley import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    SQUARE_LEGEND,
    StartTile,
    ValleyBoard,
    ValleyTile,
)

__all__ = [
    "DEFAULT_CATALOGUE_NAME",
    "default_catalogue",
    "dump_catalogue",
    "load_catalogue",
    "read_catalogue",
]

DEFAULT_CATALOGUE_NAME = "default"

VALLEY_BOARDS = 4
VALLEY_TILES = 50
METROPOLIS_BOARDS = 4
DISTRICTS = 40
MAX_COST = 2


def load_catalogue(
    path: str | Path | None = None, registry: EffectRegistry = DEFAULT_REGISTRY
) -> Catalogue:
    """The catalogue in ``path`` (``.toml`` or ``.json``), or the default one."""
    if path is None or str(path) == DEFAULT_CATALOGUE_NAME:
        return default_catalogue() if registry is DEFAULT_REGISTRY else _read_default(registry)
    return read_catalogue(read_document(path), str(path), registry)


def _read_default(registry: EffectRegistry) -> Catalogue:
    text = (
        resources.files("fertility_rules.catalogue")
        .joinpath("data/default.toml")
        .read_text(encoding="utf-8")
    )
    return read_catalogue(tomllib.loads(text), "default.toml", registry)


@functools.cache
def default_catalogue() -> Catalogue:
    """The built-in catalogue (partly reconstructed; see its provenance)."""
    return _read_default(DEFAULT_REGISTRY)


def _source(reader: Reader, data: Mapping[str, Any], path: str) -> Source | None:
    provenance = read_provenance(
        reader, reader.field(data, "provenance", path), join(path, "provenance")
    )
    note = reader.string(data.get("note", ""), join(path, "note"))
    if provenance is None:
        return None
    return Source(provenance, note or "")


def _section(reader: Reader, data: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    return reader.obj(reader.field(data, key, "$"), join("$", key))


def _read_stock(reader: Reader, data: Mapping[str, Any]) -> tuple[int, Source] | None:
    section = _section(reader, data, "stock")
    if section is None:
        return None
    path = "$.stock"
    reader.only(section, ["per_resource", "provenance", "note"], path)
    count = reader.integer(
        reader.field(section, "per_resource", path), join(path, "per_resource"), 1, rule="R-1.1"
    )
    source = _source(reader, section, path)
    return None if count is None or source is None else (count, source)


def _read_monuments(reader: Reader, data: Mapping[str, Any]) -> MonumentRules | None:
    section = _section(reader, data, "monuments")
    if section is None:
        return None
    path = "$.monuments"
    reader.only(section, ["types", "per_type", "first", "second", "provenance", "note"], path)
    types: list[MonumentType] = []
    for item_path, item in reader.items(reader.field(section, "types", path), join(path, "types")):
        name = reader.string(item, item_path)
        if name is None:
            continue
        try:
            types.append(MonumentType(name))
        except ValueError:
            reader.problem(
                item_path,
                _(
                    "unknown Monument type {name!r}; expected one of: {known}",
                    name=name,
                    known=", ".join(m.value for m in MonumentType),
                ),
                "R-1.8",
            )
    if sorted(t.value for t in types) != sorted(m.value for m in MonumentType):
        reader.problem(
            join(path, "types"), _("the four Monument types are each listed once"), "R-1.8"
        )
    per_type = reader.integer(
        reader.field(section, "per_type", path), join(path, "per_type"), 4, 4, "R-1.8"
    )
    first = reader.integer(
        reader.field(section, "first", path), join(path, "first"), 0, rule="R-5.4"
    )
    second = reader.integer(
        reader.field(section, "second", path), join(path, "second"), 0, rule="R-5.4"
    )
    if first is not None and second is not None and second > first:
        reader.problem(
            join(path, "second"), _("second place cannot score more than first"), "R-5.4"
        )
    source = _source(reader, section, path)
    if per_type is None or first is None or second is None or source is None:
        return None
    return MonumentRules(tuple(types), per_type, first, second, source)


def _read_gods(reader: Reader, data: Mapping[str, Any]) -> tuple[tuple[str, ...], Source] | None:
    section = _section(reader, data, "gods")
    if section is None:
        return None
    path = "$.gods"
    reader.only(section, ["names", "provenance", "note"], path)
    names = []
    for item_path, item in reader.items(reader.field(section, "names", path), join(path, "names")):
        name = reader.string(item, item_path)
        if name == "":
            reader.problem(item_path, _("a god needs a name"), "R-5.3")
        names.append(name)
    valid = tuple(n for n in names if n)
    if not valid:
        reader.problem(join(path, "names"), _("at least one god is needed"), "R-5.3")
    if len(set(valid)) != len(valid):
        reader.problem(join(path, "names"), _("a god is listed twice"), "R-5.3")
    source = _source(reader, section, path)
    return None if source is None or not valid else (valid, source)


def _read_start_tile(reader: Reader, data: Mapping[str, Any]) -> StartTile | None:
    section = _section(reader, data, "start_tile")
    if section is None:
        return None
    path = "$.start_tile"
    reader.only(section, ["scenes", "provenance", "note"], path)
    rows: list[tuple[Resource, Resource]] = []
    for row_path, row in reader.items(reader.field(section, "scenes", path), join(path, "scenes")):
        scenes = [reader.resource(item, p) for p, item in reader.items(row, row_path)]
        if len(scenes) == 2 and scenes[0] is not None and scenes[1] is not None:
            rows.append((scenes[0], scenes[1]))
    source = _source(reader, section, path)
    if len(rows) != 2 or {s for row in rows for s in row} != set(Resource):
        reader.problem(
            join(path, "scenes"),
            _("the starting tile is 2 x 2 squares showing the four scene types"),
            "I-14",
        )
        return None
    if source is None:
        return None
    return StartTile((rows[0], rows[1]), source.provenance, source.note)


def _read_valley_boards(reader: Reader, data: Mapping[str, Any]) -> list[ValleyBoard]:
    boards: list[ValleyBoard] = []
    items = reader.items(reader.field(data, "valley_boards", "$"), "$.valley_boards")
    for path, item in items:
        board = reader.obj(item, path)
        if board is None:
            continue
        reader.only(board, ["id", "rows", "provenance", "note"], path)
        board_id = reader.string(reader.field(board, "id", path), join(path, "id"))
        rows: list[str] = []
        rows_path = join(path, "rows")
        for row_path, row in reader.items(reader.field(board, "rows", path), rows_path):
            text = reader.string(row, row_path)
            if text is None:
                continue
            if len(text) != BOARD_WIDTH:
                reader.problem(
                    row_path,
                    _("a row has {w} squares, not {n}", w=BOARD_WIDTH, n=len(text)),
                    "R-1.4",
                )
            bad = sorted({c for c in text if c not in SQUARE_LEGEND})
            if bad:
                reader.problem(
                    row_path,
                    _(
                        "unknown square codes {codes}; expected one of: {known}",
                        codes=" ".join(bad),
                        known=" ".join(SQUARE_LEGEND),
                    ),
                    "R-1.4",
                )
            rows.append(text)
        if len(rows) != BOARD_HEIGHT:
            reader.problem(
                rows_path, _("a board has {h} rows, not {n}", h=BOARD_HEIGHT, n=len(rows)), "R-1.4"
            )
        elif "S" not in "".join(rows):
            reader.problem(rows_path, _("a Valley board shows at least one start symbol"), "R-2.1")
        source = _source(reader, board, path)
        if board_id is None or source is None or _bad_rows(rows):
            continue
        boards.append(ValleyBoard(board_id, tuple(rows), source.provenance, source.note))
    if isinstance(data.get("valley_boards"), list) and len(items) != VALLEY_BOARDS:
        reader.problem(
            "$.valley_boards",
            _("the game has {n} Valley boards, not {found}", n=VALLEY_BOARDS, found=len(items)),
            "R-1.4",
        )
    _unique(reader, items, "$.valley_boards")
    return boards


def _bad_rows(rows: list[str]) -> bool:
    return len(rows) != BOARD_HEIGHT or any(
        len(r) != BOARD_WIDTH or any(c not in SQUARE_LEGEND for c in r) for r in rows
    )


def _read_valley_tiles(reader: Reader, data: Mapping[str, Any]) -> list[ValleyTile]:
    tiles: list[ValleyTile] = []
    items = reader.items(reader.field(data, "valley_tiles", "$"), "$.valley_tiles")
    for path, item in items:
        tile = reader.obj(item, path)
        if tile is None:
            continue
        reader.only(tile, ["id", "scenes", "provenance", "note"], path)
        tile_id = reader.string(reader.field(tile, "id", path), join(path, "id"))
        scenes_path = join(path, "scenes")
        scenes = [
            reader.resource(s, p)
            for p, s in reader.items(reader.field(tile, "scenes", path), scenes_path)
        ]
        if len(scenes) != 2:
            reader.problem(scenes_path, _("a Valley tile has exactly 2 scenes"), "R-1.3")
        source = _source(reader, tile, path)
        if tile_id is None or source is None or len(scenes) != 2:
            continue
        first, second = scenes
        if first is None or second is None:
            continue
        tiles.append(ValleyTile(tile_id, (first, second), source.provenance, source.note))
    if isinstance(data.get("valley_tiles"), list) and len(items) != VALLEY_TILES:
        reader.problem(
            "$.valley_tiles",
            _("the game has {n} Valley tiles, not {found}", n=VALLEY_TILES, found=len(items)),
            "R-2.2",
        )
    _unique(reader, items, "$.valley_tiles")
    return tiles


def _unique(reader: Reader, items: list[tuple[str, Any]], path: str) -> None:
    """Report repeated ids, at the path of the repeating item."""
    seen: set[str] = set()
    for item_path, item in items:
        item_id = item.get("id") if isinstance(item, dict) else None
        if not isinstance(item_id, str):
            continue
        if item_id in seen:
            reader.problem(join(item_path, "id"), _("the id {id!r} is used twice", id=item_id))
        seen.add(item_id)


def _read_shops(
    reader: Reader,
    value: object,
    path: str,
    owner: str | None,
    registry: EffectRegistry,
    gods: tuple[str, ...] | None,
) -> list[Shop] | None:
    shops: list[Shop] = []
    items = reader.items(value, path)
    if not items and isinstance(value, list):
        reader.problem(path, _("at least one Shop is needed"), "R-1.5")
    ok = bool(items)
    for index, (shop_path, item) in enumerate(items):
        shop_data = reader.obj(item, shop_path)
        if shop_data is None:
            ok = False
            continue
        reader.only(shop_data, shop_keys(True), shop_path)
        shop_id = None if owner is None else f"{owner}.{index + 1}"
        shop = read_shop(reader, shop_data, shop_path, registry, gods, shop_id, True)
        if shop is None:
            ok = False
        else:
            shops.append(shop)
    return shops if ok else None


def _read_track(reader: Reader, data: Mapping[str, Any], key: str, path: str) -> Track | None:
    track_path = join(path, key)
    section = reader.record(
        reader.field(data, key, path), track_path, ["values", "provenance", "note"]
    )
    if section is None:
        return None
    values = reader.track(reader.field(section, "values", track_path), join(track_path, "values"))
    source = _source(reader, section, track_path)
    if values is None or source is None:
        return None
    return Track(values, source.provenance, source.note)


def _read_metropolis_boards(
    reader: Reader, data: Mapping[str, Any], registry: EffectRegistry, gods: tuple[str, ...] | None
) -> list[MetropolisBoard]:
    boards: list[MetropolisBoard] = []
    items = reader.items(reader.field(data, "metropolis_boards", "$"), "$.metropolis_boards")
    for path, item in items:
        board = reader.obj(item, path)
        if board is None:
            continue
        reader.only(
            board,
            ["id", "shops", "spots", "wheat_track", "statue_scale", "provenance", "note"],
            path,
        )
        board_id = reader.string(reader.field(board, "id", path), join(path, "id"))
        spots = reader.integer(
            board.get("spots", SPOTS), join(path, "spots"), SPOTS, SPOTS, "R-1.7"
        )
        shops = _read_shops(
            reader,
            reader.field(board, "shops", path),
            join(path, "shops"),
            board_id,
            registry,
            gods,
        )
        if shops is not None and len(shops) != 4:
            reader.problem(
                join(path, "shops"),
                _("a Metropolis board has 4 starting Shops, not {n}", n=len(shops)),
                "R-1.7",
            )
            shops = None
        wheat_track = _read_track(reader, board, "wheat_track", path)
        statue_scale = _read_track(reader, board, "statue_scale", path)
        if (
            statue_scale is not None
            and gods is not None
            and len(statue_scale.values) < len(gods) + 1
        ):
            reader.problem(
                join(join(path, "statue_scale"), "values"),
                _(
                    "the Statues scale needs a value for 0 to {n} different Statues",
                    n=len(gods),
                ),
                "R-5.3",
            )
            statue_scale = None
        source = _source(reader, board, path)
        if (
            board_id is None
            or spots is None
            or shops is None
            or wheat_track is None
            or statue_scale is None
            or source is None
        ):
            continue
        boards.append(
            MetropolisBoard(
                board_id,
                tuple(shops),
                wheat_track,
                statue_scale,
                spots,
                source.provenance,
                source.note,
            )
        )
    if isinstance(data.get("metropolis_boards"), list) and len(items) != METROPOLIS_BOARDS:
        reader.problem(
            "$.metropolis_boards",
            _(
                "the game has {n} Metropolis boards, not {found}",
                n=METROPOLIS_BOARDS,
                found=len(items),
            ),
            "R-1.7",
        )
    _unique(reader, items, "$.metropolis_boards")
    return boards


def _read_districts(
    reader: Reader, data: Mapping[str, Any], registry: EffectRegistry, gods: tuple[str, ...] | None
) -> list[District]:
    districts: list[District] = []
    items = reader.items(reader.field(data, "districts", "$"), "$.districts")
    for path, item in items:
        district = reader.obj(item, path)
        if district is None:
            continue
        reader.only(district, ["id", "cost", "shops", "provenance", "note"], path)
        district_id = reader.string(reader.field(district, "id", path), join(path, "id"))
        cost = reader.integer(
            reader.field(district, "cost", path), join(path, "cost"), 0, MAX_COST, "R-1.5"
        )
        shops_path = join(path, "shops")
        shops = _read_shops(
            reader, reader.field(district, "shops", path), shops_path, district_id, registry, gods
        )
        if shops is not None and not 1 <= len(shops) <= 3:
            reader.problem(
                shops_path, _("a District has 1 to 3 Shops, not {n}", n=len(shops)), "R-1.5"
            )
            shops = None
        source = _source(reader, district, path)
        if district_id is None or cost is None or shops is None or source is None:
            continue
        districts.append(District(district_id, cost, tuple(shops), source.provenance, source.note))
    if isinstance(data.get("districts"), list) and len(items) != DISTRICTS:
        reader.problem(
            "$.districts",
            _("the game has {n} District tiles, not {found}", n=DISTRICTS, found=len(items)),
            "R-1.5",
        )
    _unique(reader, items, "$.districts")
    return districts


def read_catalogue(
    data: object, source: str | None = None, registry: EffectRegistry = DEFAULT_REGISTRY
) -> Catalogue:
    """Validate JSON-like ``data`` into a :class:`Catalogue`; every problem is reported."""
    reader = Reader(source)
    root = reader.document(
        data,
        CATALOGUE_FORMAT,
        [
            "format",
            "name",
            "title",
            "note",
            "stock",
            "monuments",
            "gods",
            "start_tile",
            "valley_boards",
            "valley_tiles",
            "metropolis_boards",
            "districts",
        ],
    )
    name = reader.string(reader.field(root, "name", "$"), "$.name")
    title = reader.string(root.get("title", name or ""), "$.title")
    note = reader.string(root.get("note", ""), "$.note")
    stock = _read_stock(reader, root)
    monuments = _read_monuments(reader, root)
    gods = _read_gods(reader, root)
    god_names = gods[0] if gods else None
    start_tile = _read_start_tile(reader, root)
    valley_boards = _read_valley_boards(reader, root)
    valley_tiles = _read_valley_tiles(reader, root)
    metropolis_boards = _read_metropolis_boards(reader, root, registry, god_names)
    districts = _read_districts(reader, root, registry, god_names)
    reader.raise_if_problems()
    if name is None or stock is None or monuments is None or gods is None or start_tile is None:
        raise MalformedInputError(
            [Problem("$", _("incomplete catalogue"))], source
        )  # pragma: no cover
    try:
        return Catalogue(
            name=name,
            title=title or name,
            stock_per_resource=stock[0],
            stock_source=stock[1],
            monuments=monuments,
            gods=gods[0],
            gods_source=gods[1],
            start_tile=start_tile,
            valley_boards=tuple(valley_boards),
            valley_tiles=tuple(valley_tiles),
            metropolis_boards=tuple(metropolis_boards),
            districts=tuple(districts),
            note=note or "",
        )
    except FertilityError as error:  # pragma: no cover - the reader checks first
        raise MalformedInputError([Problem("$", error.message)], source) from None


def _source_dict(provenance: Provenance | None, note: str) -> dict[str, object]:
    data: dict[str, object] = {"provenance": (provenance or Provenance.RECONSTRUCTED).value}
    if note:
        data["note"] = note
    return data


def _dump_shop(shop: Shop, registry: EffectRegistry) -> dict[str, object]:
    data = dump_shop(shop, registry)
    data.pop("id", None)  # catalogue Shop ids are derived from their District or board
    return {**data, **_source_dict(shop.provenance, shop.note)}


def _dump_track(track: Track) -> dict[str, object]:
    return {"values": list(track.values), **_source_dict(track.provenance, track.note)}


def dump_catalogue(
    catalogue: Catalogue, registry: EffectRegistry = DEFAULT_REGISTRY
) -> dict[str, Any]:
    """The JSON-like form of ``catalogue``, read back by :func:`read_catalogue`."""
    return {
        "format": CATALOGUE_FORMAT,
        "name": catalogue.name,
        "title": catalogue.title,
        "note": catalogue.note,
        "stock": {
            "per_resource": catalogue.stock_per_resource,
            **_source_dict(catalogue.stock_source.provenance, catalogue.stock_source.note),
        },
        "monuments": {
            "types": [t.value for t in catalogue.monuments.types],
            "per_type": catalogue.monuments.per_type,
            "first": catalogue.monuments.first,
            "second": catalogue.monuments.second,
            **_source_dict(catalogue.monuments.source.provenance, catalogue.monuments.source.note),
        },
        "gods": {
            "names": list(catalogue.gods),
            **_source_dict(catalogue.gods_source.provenance, catalogue.gods_source.note),
        },
        "start_tile": {
            "scenes": [[s.key for s in row] for row in catalogue.start_tile.scenes],
            **_source_dict(catalogue.start_tile.provenance, catalogue.start_tile.note),
        },
        "valley_boards": [
            {"id": b.id, "rows": list(b.rows), **_source_dict(b.provenance, b.note)}
            for b in catalogue.valley_boards
        ],
        "valley_tiles": [
            {"id": t.id, "scenes": [s.key for s in t.scenes], **_source_dict(t.provenance, t.note)}
            for t in catalogue.valley_tiles
        ],
        "metropolis_boards": [
            {
                "id": b.id,
                "spots": b.spots,
                "wheat_track": _dump_track(b.wheat_track),
                "statue_scale": _dump_track(b.statue_scale),
                "shops": [_dump_shop(s, registry) for s in b.shops],
                **_source_dict(b.provenance, b.note),
            }
            for b in catalogue.metropolis_boards
        ],
        "districts": [
            {
                "id": d.id,
                "cost": d.cost,
                "shops": [_dump_shop(s, registry) for s in d.shops],
                **_source_dict(d.provenance, d.note),
            }
            for d in catalogue.districts
        ],
    }
