"""JSON Schemas (draft 2020-12) of every file format of the library.

The schemas are built here from the library's own enumerations (resources, icons,
Monument types, provenances, interpretation switches, benefit kinds and their
parameters) and shipped as ``fertility_rules/fertility/formats/schemas/NAME.json``; a test keeps
the shipped files equal to what this module builds. A schema checks the shape of a
document: ids against a catalogue, the rules (a Shop's tokens fitting its icons, a
Wheat marker on its track) and the readers' limits are the readers' business.

Every schema is self-contained: the catalogue and move formats a record or a state
embeds are bundled under ``$defs``, so that a schema validates a document alone, in any
draft 2020-12 validator; its patterns are regular expressions valid both in Python and
in ECMA-262 with the ``u`` flag (a test compiles them in both).
"""

from __future__ import annotations

from typing import Any

from fertility_rules.arguments import checked_arguments
from fertility_rules.fertility.effects.base import ParamType
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.formats.interpretations import FORMER_OPTIONS
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.metropolis import MAX_SHOPS, SPOTS
from fertility_rules.fertility.model.resources import Icon, MonumentType, Resource
from fertility_rules.fertility.model.valley import BOARD_HEIGHT, MAX_BOARD_WIDTH, SQUARE_LEGEND
from fertility_rules.fertility.state import Phase
from fertility_rules.formats.schema_kit import (
    NAT,
    NOTE,
    PLAYER_NAME,
    STRING,
    TEXT,
    Schema,
    builder_of,
    char_class,
    record_body,
    schema_document,
    shipped_schema,
    sourced,
    switches,
)
from fertility_rules.formats.schema_kit import enum_of as _enum
from fertility_rules.formats.schema_kit import list_of as _list
from fertility_rules.formats.schema_kit import object_of as _object
from fertility_rules.shared.provenance import Provenance

__all__ = ["SCHEMA_NAMES", "build_schema", "schema"]

_BASE = "https://fertility-rules.invalid/schemas/"
SCHEMA_NAMES = (
    "final-position",
    "game-record",
    "catalogue",
    "game-state",
    "observation",
    "move",
)
"""The formats with a schema; ``NAME`` is the format id without ``fertility-rules/``
and ``/1``."""

_VERSIONS = {"game-record": 2}
"""The version of each format whose version is not 1."""


def _index(count: int, description: str | None = None) -> Schema:
    """An index from 0 to ``count - 1``."""
    out: Schema = {"type": "integer", "minimum": 0, "maximum": count - 1}
    if description:
        out["description"] = description
    return out


_RESOURCE: Schema = {"$ref": "#/$defs/resource"}
_SQUARE: Schema = {"$ref": "#/$defs/square"}
_PLAYER: Schema = _index(4, "a player's index, from 0 in turn order")


def _param(kind: ParamType) -> Schema:
    if kind is ParamType.POSITIVE_INT:
        return {"type": "integer", "minimum": 1}
    if kind is ParamType.RESOURCE:
        return _RESOURCE
    if kind is ParamType.RESOURCES:
        return {**_list(_RESOURCE, 1, 4), "uniqueItems": True}
    return {**_list({"type": "string", "minLength": 1}, 1), "uniqueItems": True}


def _benefits(registry: EffectRegistry) -> Schema:
    kinds = []
    for kind in registry:
        properties: dict[str, Schema] = {"kind": {"const": kind.id}}
        properties.update({p.name: _param(p.type) for p in kind.params})
        kinds.append(_object(["kind", *(p.name for p in kind.params)], properties))
    return {"oneOf": kinds}


def _defs(registry: EffectRegistry) -> Schema:
    # Records written before the split may hold a former option at its single value.
    former = {
        name: {"const": value, "description": f"former option ({info_id}), read and dropped"}
        for name, (info_id, value) in FORMER_OPTIONS.items()
    }
    return {
        "resource": _enum([r.key for r in Resource]),
        "icon": _enum([i.value for i in Icon]),
        "monument_type": _enum([m.value for m in MonumentType]),
        "provenance": _enum([p.value for p in Provenance]),
        "square": {
            "type": "array",
            "prefixItems": [_index(BOARD_HEIGHT), _index(MAX_BOARD_WIDTH)],
            "items": False,
            "minItems": 2,
            "description": "[row, column], from 0, on a central board of up to 4 Valley boards",
        },
        "tokens": _list(_RESOURCE),
        "track": _list(NAT, 1),
        "benefit": _benefits(registry),
        "interpretations": switches(Interpretations(), former),
        "counts": _object([], {r.key: NAT for r in Resource}),
    }


def _shop(with_tokens: bool, provenance: bool) -> Schema:
    properties: dict[str, Schema] = {
        "requires": _list({"$ref": "#/$defs/icon"}, 1),
        "benefit": {"$ref": "#/$defs/benefit"},
    }
    required = ["requires", "benefit"]
    if provenance:
        properties["provenance"] = {"$ref": "#/$defs/provenance"}
        properties["note"] = NOTE
        required.append("provenance")
    else:
        properties["id"] = STRING
    if with_tokens:
        properties["tokens"] = {"$ref": "#/$defs/tokens"}
    return _object(required, properties)


def _catalogue() -> Schema:
    track = sourced(["values"], {"values": {"$ref": "#/$defs/track"}})
    codes = "".join(SQUARE_LEGEND)
    row = {"type": "string", "pattern": "^" + char_class(codes) + "{4}$"}
    shop = _shop(False, True)
    return _object(
        [
            "format",
            "name",
            "stock",
            "monuments",
            "gods",
            "start_tile",
            "valley_boards",
            "valley_tiles",
            "metropolis_boards",
            "districts",
        ],
        {
            "format": {"const": "fertility-rules/catalogue/1"},
            "name": TEXT,
            "title": TEXT,
            "note": NOTE,
            "stock": sourced(["per_resource"], {"per_resource": NAT}),
            "monuments": sourced(
                ["types", "per_type", "first", "second"],
                {
                    "types": _list({"$ref": "#/$defs/monument_type"}, 1),
                    "per_type": NAT,
                    "first": NAT,
                    "second": NAT,
                },
            ),
            "gods": sourced(["names"], {"names": _list({**TEXT, "minLength": 1}, 1)}),
            "start_tile": sourced(["scenes"], {"scenes": _list(_list(_RESOURCE, 2, 2), 2, 2)}),
            "valley_boards": _list(
                sourced(["id", "rows"], {"id": TEXT, "rows": _list(row, 8, 8)}), 1
            ),
            "valley_tiles": _list(
                sourced(["id", "scenes"], {"id": TEXT, "scenes": _list(_RESOURCE, 2, 2)}), 1
            ),
            "metropolis_boards": _list(
                sourced(
                    ["id", "wheat_track", "statue_scale", "shops"],
                    {
                        "id": TEXT,
                        "spots": {"const": 7},
                        "wheat_track": track,
                        "statue_scale": track,
                        "shops": _list(shop, 4, 4),
                    },
                ),
                1,
            ),
            "districts": _list(
                sourced(
                    ["id", "cost", "shops"],
                    {"id": TEXT, "cost": NAT, "shops": _list(shop, 1, 3)},
                ),
                1,
            ),
        },
    )


def _final_position() -> Schema:
    shop_by_id = _object(["shop"], {"shop": STRING, "tokens": {"$ref": "#/$defs/tokens"}})
    player = _object(
        ["name", "wheat", "monuments", "shops"],
        {
            "name": PLAYER_NAME,
            "wheat": NAT,
            "monuments": {"type": "integer", "minimum": 0, "maximum": 4},
            "wheat_track": {"$ref": "#/$defs/track"},
            "statue_scale": {"$ref": "#/$defs/track"},
            "shops": _list({"oneOf": [_shop(True, False), shop_by_id]}),
        },
    )
    return _object(
        ["format", "players"],
        {
            "format": {"const": "fertility-rules/final-position/1"},
            "gods": {**_list({"type": "string", "minLength": 1}, 1), "uniqueItems": True},
            "monument_scores": _object([], {"first": NAT, "second": NAT}),
            "players": _list(player, 1),
        },
    )


_SHOP: Schema = _index(MAX_SHOPS, "from 0: the board's 4 Shops, then each District's")


def _move() -> Schema:
    tile = {"tile": STRING}
    kinds = [
        _object(
            ["type", "tile", "squares"],
            {"type": {"const": "place"}, **tile, "squares": _list(_SQUARE, 2, 2)},
        ),
        _object(["type", "tile"], {"type": {"const": "discard"}, **tile}),
        _object(
            ["type", "square"],
            {
                "type": {"const": "quarry"},
                "square": _SQUARE,
                "resource": _RESOURCE,
                "monument": {"type": "boolean"},
            },
        ),
        _object(
            ["type", "district", "spot"],
            {
                "type": {"const": "build"},
                "district": STRING,
                "spot": _index(SPOTS, "from 0: spot 1 is 0"),
                "tokens": {"$ref": "#/$defs/tokens"},
                "wheat": NAT,
            },
        ),
        _object(["type"], {"type": {"const": "skip_build"}}),
        _object(
            ["type", "resource", "shop"],
            {"type": {"const": "supply"}, "resource": _RESOURCE, "shop": _SHOP},
        ),
        _object(
            ["type", "resource", "shop"],
            {
                "type": {"const": "bonus"},
                "resource": _RESOURCE,
                "shop": {"oneOf": [_SHOP, {"type": "null"}]},
            },
        ),
        _object(["type"], {"type": {"const": "end_supply"}}),
        _object(["type", "tile"], {"type": {"const": "take"}, **tile}),
        _object(["type", "tile"], {"type": {"const": "remove"}, **tile}),
    ]
    return {"oneOf": kinds}


def _setup() -> Schema:
    return _object(
        ["valley", "start", "tiles", "districts", "metropolis_boards", "monument_types"],
        {
            "valley": _list(
                _object(["board"], {"board": STRING, "rotated": {"type": "boolean"}}), 1
            ),
            "start": _SQUARE,
            "start_rotation": {"type": "integer", "minimum": 0, "maximum": 3},
            "tiles": _list(STRING),
            "districts": _list(STRING),
            "metropolis_boards": _list(STRING),
            "monument_types": _list({"$ref": "#/$defs/monument_type"}),
        },
    )


_HEAD: dict[str, Schema] = {
    "rules_version": STRING,
    "catalogue": {"oneOf": [{"const": "default"}, {"$ref": "#/$defs/catalogue"}]},
    "interpretations": {"$ref": "#/$defs/interpretations"},
    "variant": {"type": "boolean"},
}


def _game_record() -> Schema:
    return record_body(
        "fertility",
        (2, 4),
        {
            "catalogue": _HEAD["catalogue"],
            "interpretations": _HEAD["interpretations"],
            "setup": _setup(),
            "move": {"$ref": "#/$defs/move"},
        },
        former="fertility-rules/game-record/1",
    )


def _table(fmt: str, extra: dict[str, Schema], required: list[str]) -> Schema:
    player = _object(
        ["name", "monument_type", "board", "shops"],
        {
            "name": PLAYER_NAME,
            "monument_type": {"$ref": "#/$defs/monument_type"},
            "board": STRING,
            "wheat": NAT,
            "monuments": {"type": "integer", "minimum": 0, "maximum": 4},
            "districts": _list(
                _object(
                    ["district", "spot"],
                    {"district": STRING, "spot": _index(SPOTS)},
                ),
                0,
                7,
            ),
            "shops": _list({"$ref": "#/$defs/tokens"}),
            "supply": {"$ref": "#/$defs/counts"},
            "pool": _list(STRING),
            "turns": NAT,
        },
    )
    placed = _object(
        ["tile", "squares", "scenes"],
        {
            "tile": STRING,
            "squares": _list(_SQUARE, 1),
            "scenes": _list(_RESOURCE, 1),
            "player": _PLAYER,
        },
    )
    properties: dict[str, Schema] = {
        "format": {"const": fmt},
        **_HEAD,
        "valley": _list(_object(["board"], {"board": STRING, "rotated": {"type": "boolean"}}), 1),
        "tiles": _list(placed),
        "monuments": _list(_object(["square", "player"], {"square": _SQUARE, "player": _PLAYER})),
        "players": _list(player, 2, 4),
        "stock": {"$ref": "#/$defs/counts"},
        "common_pool": _list(STRING),
        "offer": _list(STRING),
        "current": _PLAYER,
        "phase": _enum([p.value for p in Phase]),
        "quarries": _list(_SQUARE),
        "quarry_choices": NAT,
        "bonuses": _list(_list(_RESOURCE)),
        "discarded": _list(STRING),
        "removed": _list(STRING),
        "turn": NAT,
        "turns_left": NAT,
        **extra,
    }
    return _object(["format", "valley", "tiles", "players", "stock", *required], properties)


def _builders() -> dict[str, Any]:
    return {
        "final-position": _final_position,
        "game-record": _game_record,
        "catalogue": _catalogue,
        "game-state": lambda: _table(
            "fertility-rules/game-state/1",
            {"pile": _list(STRING), "district_deck": _list(STRING)},
            [],
        ),
        "observation": lambda: _table(
            "fertility-rules/observation/1",
            {
                "pile_size": NAT,
                "unseen_tiles": {**_list(STRING), "uniqueItems": True},
                "deck_size": NAT,
                "unseen_districts": {**_list(STRING), "uniqueItems": True},
                "legal_moves": {**_list({"$ref": "#/$defs/move"}), "uniqueItems": True},
            },
            ["pile_size", "unseen_tiles", "deck_size", "unseen_districts"],
        ),
        "move": _move,
    }


@checked_arguments
def build_schema(name: str, registry: EffectRegistry = DEFAULT_REGISTRY) -> Schema:
    """The schema of format ``name`` (one of :data:`SCHEMA_NAMES`) for ``registry``'s
    benefit kinds."""
    builders = _builders()
    build = builder_of(builders, name)
    title = f"fertility-rules/{name}/{_VERSIONS.get(name, 1)}"
    embedded = {"catalogue": builders["catalogue"], "move": builders["move"]}
    return schema_document(_BASE, name, title, build(), _defs(registry), embedded)


@checked_arguments
def schema(name: str) -> Schema:
    """The shipped schema of format ``name`` (one of :data:`SCHEMA_NAMES`)."""
    if name not in SCHEMA_NAMES:
        build_schema(name)  # raises UnknownIdError naming the known formats
    return shipped_schema("fertility_rules.fertility.formats", name)
