"""What every game's JSON Schemas are built from: the small builders, the document around
a schema, the game record's shape, and the shipped files.

A game builds the schemas of its own formats (its state, view, move, catalogue) from
these; the game record is one shape for every game, its parts (move, setup, catalogue,
interpretations) given by the game.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, cast

import attrs

from fertility_rules.errors import UnknownIdError
from fertility_rules.formats.sections import MAX_NOTE, MAX_TEXT
from fertility_rules.i18n.message import _
from fertility_rules.shared.players import MAX_NAME
from fertility_rules.shared.seeds import MAX_SEED

__all__ = [
    "NAT",
    "NOTE",
    "PLAYER_NAME",
    "SEED",
    "STRING",
    "TEXT",
    "Schema",
    "builder_of",
    "char_class",
    "enum_of",
    "list_of",
    "object_of",
    "record_body",
    "schema_document",
    "shipped_schema",
    "sourced",
    "switch_values",
    "switches",
]

Schema = dict[str, Any]

DIALECT = "https://json-schema.org/draft/2020-12/schema"
RECORD_FORMAT = "fertility-rules/game-record/2"
PLAYER_NAME: Schema = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
SEED: Schema = {"type": "integer", "minimum": -MAX_SEED, "maximum": MAX_SEED}
"""A game's seed (:mod:`fertility_rules.shared.seeds`)."""
"""A player's name (its characters must also be printable, which a schema cannot say)."""
NAT: Schema = {"type": "integer", "minimum": 0}
STRING: Schema = {"type": "string"}
TEXT: Schema = {"type": "string", "maxLength": MAX_TEXT}
"""A text of a catalogue file: its name, title, an id (without control characters, which a
schema cannot say)."""
NOTE: Schema = {"type": "string", "maxLength": MAX_NOTE}
"""A note of a catalogue file (without control characters but new lines)."""


def enum_of(values: list[Any]) -> Schema:
    return {"enum": values}


def list_of(items: Schema, min_items: int = 0, max_items: int | None = None) -> Schema:
    out: Schema = {"type": "array", "items": items}
    if min_items:
        out["minItems"] = min_items
    if max_items is not None:
        out["maxItems"] = max_items
    return out


def object_of(required: list[str], properties: dict[str, Schema]) -> Schema:
    """An object of exactly these properties."""
    return {
        "type": "object",
        "required": required,
        "properties": properties,
        "additionalProperties": False,
    }


def switch_values(defaults: object) -> dict[str, Schema]:
    """Each switch of an interpretations value (an attrs class of enums) with its values."""
    out: dict[str, Schema] = {}
    for field in attrs.fields(cast(Any, type(defaults))):
        kind: type[enum.Enum] = type(getattr(defaults, field.name))
        out[field.name] = enum_of([member.value for member in kind])
    return out


def switches(defaults: object, former: Mapping[str, Schema] | None = None) -> Schema:
    """The interpretations object: each switch of ``defaults`` with its values, and the
    ``former`` options an old file may still hold."""
    properties = {**switch_values(defaults), **(former or {})}
    return {"type": "object", "properties": properties, "additionalProperties": False}


def sourced(required: list[str], properties: dict[str, Schema]) -> Schema:
    """A section of a catalogue file: its properties, where they come from (a provenance
    of ``$defs``) and a note (:class:`~fertility_rules.formats.sections.Section`)."""
    return object_of(
        [*required, "provenance"],
        {**properties, "provenance": {"$ref": "#/$defs/provenance"}, "note": NOTE},
    )


def schema_document(
    base: str,
    name: str,
    title: str,
    body: Schema,
    defs: Schema,
    embedded: Mapping[str, Callable[[], Schema]] | None = None,
) -> Schema:
    """A whole schema: its dialect, its id under ``base``, its title, its definitions.

    The schema is self-contained: each format of ``embedded`` (a catalogue, a move...)
    that the body refers to as ``#/$defs/NAME`` is bundled under ``$defs``, so that the
    schema validates a document alone, in any draft 2020-12 validator.
    """
    defs = dict(defs)
    waiting = [body]
    while waiting:
        text = json.dumps(waiting.pop())
        for part, build in (embedded or {}).items():
            if part not in defs and f'"#/$defs/{part}"' in text:
                defs[part] = build()
                waiting.append(defs[part])
    return {"$schema": DIALECT, "$id": base + name + ".json", "title": title, **body, "$defs": defs}


def char_class(chars: str) -> str:
    """A regular-expression character class of ``chars``, escaping only what a class
    needs escaped: valid in Python and in ECMA-262 with the ``u`` flag, where an escape
    of any other character (``\\~``) is an error."""
    special = "\\]^-["
    return "[" + "".join("\\" + c if c in special else c for c in chars) + "]"


def record_body(
    game: str,
    players: tuple[int, int],
    parts: Mapping[str, Schema],
    former: str | None = None,
) -> Schema:
    """The game record of ``game`` (``fertility-rules/game-record/2``): its parts are the
    game's ``move``, ``catalogue``, ``interpretations`` and, when it has explicit setups,
    ``setup``. A record gives a seed, or an explicit setup when the game has them, as its
    reader requires. A ``former`` version, written before records named their game, is
    the same without ``game``."""
    properties: dict[str, Schema] = {
        "format": {"const": RECORD_FORMAT} if former is None else enum_of([RECORD_FORMAT, former]),
        "game": {"const": game},
        "rules_version": {"type": "string"},
        "catalogue": parts["catalogue"],
        "interpretations": parts["interpretations"],
        "variant": {"type": "boolean"},
        "players": list_of(PLAYER_NAME, *players) | {"uniqueItems": True},
        "seed": SEED,
    }
    if "setup" in parts:
        properties["setup"] = parts["setup"]
    properties["moves"] = list_of(parts["move"])
    required = ["format", "players", "moves"] if former else ["format", "game", "players", "moves"]
    if "setup" in parts:
        body = {
            **object_of(required, properties),
            # Each branch names its property, as ajv's strict mode asks of "required".
            "anyOf": [
                {"properties": {"seed": True}, "required": ["seed"]},
                {"properties": {"setup": True}, "required": ["setup"]},
            ],
        }
    else:
        body = object_of([*required[:-1], "seed", "moves"], properties)
    if former is None:
        return body
    return {
        **body,
        "if": {"properties": {"format": {"const": former}}},
        "then": {"properties": {"game": False}},
        "else": {"required": ["game"]},
    }


def builder_of(builders: Mapping[str, Callable[[], Schema]], name: str) -> Callable[[], Schema]:
    """The builder of format ``name``; an unknown name is refused naming the known ones."""
    builder = builders.get(name)
    if builder is None:
        raise UnknownIdError(
            _(
                "unknown format {found!r}; expected {expected!r}",
                found=name,
                expected=", ".join(builders),
            )
        )
    return builder


def shipped_schema(package: str, name: str) -> Schema:
    """The schema ``schemas/NAME.json`` shipped in ``package``."""
    text = resources.files(package).joinpath(f"schemas/{name}.json")
    data: Schema = json.loads(text.read_text(encoding="utf-8"))
    return data
