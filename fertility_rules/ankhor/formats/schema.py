"""JSON Schemas (draft 2020-12) of Ankh'or's file formats, each self-contained.

Built here from the enumerations of the model, written to
``fertility_rules/ankhor/formats/schemas/NAME.json`` and kept equal to what this module
builds by a test. Every definition a schema uses is bundled under its ``$defs`` (an
embedded catalogue included), so a schema validates on its own. A schema checks the shape
of a document; the ids against the catalogue and the rules (:mod:`~fertility_rules.ankhor.
validity`) are the readers' business.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fertility_rules.ankhor.catalogue import CATALOGUE_FORMAT
from fertility_rules.ankhor.formats.final_position import FINAL_POSITION_FORMAT
from fertility_rules.ankhor.formats.keys import key_of
from fertility_rules.ankhor.formats.moves import COORDINATE_LIMIT, MOST_TOKENS
from fertility_rules.ankhor.formats.state import GAME_STATE_FORMAT, OBSERVATION_FORMAT
from fertility_rules.ankhor.interpretations import HigherNeighbours, Interpretations
from fertility_rules.ankhor.model import COLOURS, TOKENS, Kind
from fertility_rules.ankhor.state import Phase
from fertility_rules.arguments import checked_arguments
from fertility_rules.formats.schema_kit import (
    NAT,
    NOTE,
    PLAYER_NAME,
    RECORD_FORMAT,
    STRING,
    TEXT,
    Schema,
    builder_of,
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

_BASE = "https://fertility-rules.invalid/schemas/ankhor/"
SCHEMA_NAMES = ("game-state", "observation", "move", "final-position", "catalogue", "game-record")
"""The formats with a schema; ``NAME`` is the format id without ``fertility-rules/ankhor-``
and ``/1``."""


_TILE: Schema = {"$ref": "#/$defs/tile_id"}
_POSITION: Schema = {"$ref": "#/$defs/position"}
_TOKENS: Schema = {"$ref": "#/$defs/tokens"}


def _coordinate(low: int) -> Schema:
    return {"type": "integer", "minimum": low, "maximum": COORDINATE_LIMIT}


def _defs() -> Schema:
    colours = [key_of(c) for c in COLOURS]
    kinds = [key_of(k) for k in Kind]
    return {
        "colour": _enum(colours),
        "kind": _enum(kinds),
        "provenance": _enum([p.value for p in Provenance]),
        "tile_id": {
            "type": "string",
            "pattern": f"^({'|'.join(colours)})-({'|'.join(kinds)})(-[1-9][0-9]*)?$",
        },
        "position": {
            "type": "array",
            "prefixItems": [
                _coordinate(0),
                _coordinate(-COORDINATE_LIMIT),
                _coordinate(-COORDINATE_LIMIT),
            ],
            "items": False,
            "minItems": 3,
            "description": "[level, x, y]: level 0 is the base",
        },
        "tokens": _object(
            [],
            {
                key_of(kind): {"type": "integer", "minimum": 0, "maximum": MOST_TOKENS}
                for kind in TOKENS
            },
        ),
        "interpretations": switches(Interpretations()),
        "placed": _object(["tile", "at"], {"tile": _TILE, "at": _POSITION}),
        "move": _move(),
        "catalogue": _catalogue(),
        "catalogue_entry": {"oneOf": [{"const": "default"}, {"$ref": "#/$defs/catalogue"}]},
    }


def _catalogue() -> Schema:
    small = {"type": "integer", "minimum": 0, "maximum": 99}
    return _object(
        [
            "format",
            "name",
            "tokens",
            "limits",
            "bonus_tokens",
            "end",
            "price_board",
            "price_markers",
            "tiles",
        ],
        {
            "format": {"const": CATALOGUE_FORMAT},
            "name": TEXT,
            "title": TEXT,
            "note": NOTE,
            "tokens": sourced(
                ["per_kind", "supply"],
                {
                    "per_kind": {"const": 6},
                    "supply": _list({"type": "integer", "minimum": 0, "maximum": 6}, 3, 3),
                },
            ),
            "limits": sourced(["resources", "ankhs"], {"resources": small, "ankhs": small}),
            "bonus_tokens": sourced(["count", "points"], {"count": {"const": 12}, "points": small}),
            "end": sourced(["tiles"], {"tiles": {"type": "integer", "minimum": 1, "maximum": 55}}),
            "price_board": sourced(
                ["slots"], {"slots": _list({"type": "integer", "minimum": 1, "maximum": 15}, 6, 6)}
            ),
            "price_markers": sourced(
                ["markers"],
                {"markers": _list({"type": "integer", "minimum": 0, "maximum": 15}, 5, 5)},
            ),
            "tiles": _list(
                sourced(
                    ["kind", "colours", "per_colour"],
                    {
                        "kind": {"$ref": "#/$defs/kind"},
                        "colours": {**_list({"$ref": "#/$defs/colour"}, 1, 5), "uniqueItems": True},
                        "per_colour": {"type": "integer", "minimum": 1, "maximum": 55},
                        "points": small,
                    },
                ),
                1,
            ),
        },
    )


def _move() -> Schema:
    pile = {"type": "integer", "minimum": 0, "maximum": 1}
    kinds = [
        _object(["type", "tokens"], {"type": {"const": "take"}, "tokens": _TOKENS}),
        _object(
            ["type", "slot", "at"],
            {
                "type": {"const": "buy"},
                "slot": {"type": "integer", "minimum": 0, "maximum": 5, "description": "from 0"},
                "at": _POSITION,
                "unpaid": {"$ref": "#/$defs/colour"},
            },
        ),
        _object(["type"], {"type": {"const": "pass"}}),
        _object(["type"], {"type": {"const": "refresh"}, "pile": pile}),
        _object(
            ["type", "origin", "target"],
            {"type": {"const": "move"}, "origin": _POSITION, "target": _POSITION},
        ),
        _object(["type"], {"type": {"const": "end"}}),
        _object(["type"], {"type": {"const": "store"}, "warehouses": _list(_POSITION)}),
        _object(["type", "tokens"], {"type": {"const": "return"}, "tokens": _TOKENS}),
        _object(["type", "pile"], {"type": {"const": "refill"}, "pile": pile}),
    ]
    return {"oneOf": kinds}


def _table(fmt: str, extra: dict[str, Schema], required: list[str]) -> Schema:
    player = _object(
        ["name"],
        {
            "name": PLAYER_NAME,
            "tiles": _list({"$ref": "#/$defs/placed"}),
            "tokens": _TOKENS,
            "stored": _list(_POSITION),
            "bonus_tokens": NAT,
            "turns": NAT,
        },
    )
    progress = _object(
        [],
        {
            "spent": {"type": "integer", "minimum": 0, "maximum": 2},
            "ankhs_taken": {"type": "integer", "minimum": 0, "maximum": 3},
            "bought": {"type": "boolean"},
            "scribe": {"type": "boolean"},
            "bonus": {"type": "boolean"},
        },
    )
    properties: dict[str, Schema] = {
        "format": {"const": fmt},
        "rules_version": STRING,
        "catalogue": {"$ref": "#/$defs/catalogue_entry"},
        "interpretations": {"$ref": "#/$defs/interpretations"},
        "prices": _list(_list({"$ref": "#/$defs/colour"}, 1), 6, 6),
        "first": NAT,
        "players": _list(player, 2, 4),
        "supply": _TOKENS,
        "reserve": NAT,
        "offer": _list({"oneOf": [_TILE, {"type": "null"}]}, 6, 6),
        "removed": _list(_TILE),
        "current": NAT,
        "phase": _enum([p.value for p in Phase]),
        "turn": {"type": "integer", "minimum": 1},
        "progress": progress,
        "ending": {"type": "boolean"},
        **extra,
    }
    return _object(
        ["format", "prices", "players", "supply", "reserve", "offer", *required], properties
    )


def _final_position() -> Schema:
    player = _object(
        ["name"],
        {
            "name": PLAYER_NAME,
            "tiles": _list({"$ref": "#/$defs/placed"}),
            "tokens": _TOKENS,
            "bonus_tokens": NAT,
        },
    )
    return _object(
        ["format", "players"],
        {
            "format": {"const": FINAL_POSITION_FORMAT},
            "catalogue": {"$ref": "#/$defs/catalogue_entry"},
            "higher_neighbours": _enum([h.value for h in HigherNeighbours]),
            "players": _list(player, 1, 4),
        },
    )


def _builders() -> dict[str, Any]:
    return {
        "game-state": lambda: _table(
            GAME_STATE_FORMAT, {"piles": _list(_list(_TILE), 2, 2)}, ["piles"]
        ),
        "observation": lambda: _table(
            OBSERVATION_FORMAT,
            {
                "pile_sizes": _list(NAT, 2, 2),
                "unseen": {**_list(_TILE), "uniqueItems": True},
                "legal_moves": {**_list({"$ref": "#/$defs/move"}), "uniqueItems": True},
            },
            ["pile_sizes", "unseen"],
        ),
        "move": lambda: {"$ref": "#/$defs/move"},
        "final-position": _final_position,
        "catalogue": lambda: {"$ref": "#/$defs/catalogue"},
        "game-record": lambda: record_body(
            "ankhor",
            (2, 4),
            {
                "catalogue": {"$ref": "#/$defs/catalogue_entry"},
                "interpretations": {"$ref": "#/$defs/interpretations"},
                "move": {"$ref": "#/$defs/move"},
            },
        ),
    }


def build_schema(name: str) -> Schema:
    """The schema of format ``name`` (one of :data:`SCHEMA_NAMES`)."""
    builders = _builders()
    build = builder_of(builders, name)
    title = RECORD_FORMAT if name == "game-record" else f"fertility-rules/ankhor-{name}/1"
    return schema_document(_BASE, name, title, build(), _defs())


@checked_arguments
def schema(name: str) -> Schema:
    """The shipped schema of format ``name`` (one of :data:`SCHEMA_NAMES`)."""
    if name not in SCHEMA_NAMES:
        build_schema(name)  # raises UnknownIdError naming the known formats
    return shipped_schema("fertility_rules.ankhor.formats", name)


def write_schemas() -> None:
    """Write every schema to the package's ``schemas/`` folder (run after a format changes)."""
    folder = Path(__file__).parent / "schemas"
    for name in SCHEMA_NAMES:
        text = json.dumps(build_schema(name), indent=2, ensure_ascii=False) + "\n"
        (folder / f"{name}.json").write_text(text, encoding="utf-8")
