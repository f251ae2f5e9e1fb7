"""JSON Schemas (draft 2020-12) of everything the server reads and sends.

Each socket message has a self-contained schema (``socket_schema(name)``, shipped as
``fertility_rules/server/schemas/socket/NAME.json``); the OpenAPI description of the HTTP
API uses the same definitions as its components. The parts that belong to a game (its
view, its moves, its game record) are the game's own schemas, gathered from every game of
:data:`~fertility_rules.games.GAMES` with their definitions renamed under the game's name,
so that one document holds them all.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import UnknownIdError
from fertility_rules.formats.schema_kit import SEED
from fertility_rules.games import GAMES, GameRules
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _
from fertility_rules.server.auth import TOKEN_BYTES
from fertility_rules.server.refusals import Refusal
from fertility_rules.server.requests import MAX_FRAME_ID, MAX_NAME, SeatKind
from fertility_rules.server.service import MAX_NOTATION

__all__ = ["SOCKET_MESSAGES", "definitions", "shipped", "socket_schema"]

Schema = dict[str, Any]
_DEFS = "#/$defs/"
_BASE = "https://fertility-rules.invalid/schemas/server/"

SOCKET_MESSAGES = {
    "move": ("MoveFrame", "A move sent on a seat's socket (as every frame, JSON in a text frame)."),
    "undo": ("UndoFrame", "Asks to take back the sender's last move."),
    "answer": ("AnswerFrame", "Accepts or refuses the undo another seat asked for."),
    "resign": ("ResignFrame", "Leaves the game; a bot plays the seat from then on."),
    "view": ("ViewMessage", "What the server sends after every change: the seat's view."),
    "error": (
        "ErrorMessage",
        "What the server sends when a frame (a binary frame among them) or the socket is "
        "refused, or before it closes the socket.",
    ),
}
"""The socket messages by file name: the definition each is, and what it is."""

_STRING: Schema = {"type": "string"}
_NAT: Schema = {"type": "integer", "minimum": 0}
_BOOL: Schema = {"type": "boolean"}
_TEXT: Schema = {"type": "string", "description": "A sentence in the asked language."}


_OPEN_SEED: Schema = {
    "required": ["open_seed"],
    "properties": {"open_seed": {"const": True}},
}
"""Fair seats: a chosen seed, or a record, only for a table that shows the deal is known."""


def _ref(name: str) -> Schema:
    return {"$ref": _DEFS + name}


def _object(required: list[str], properties: dict[str, Schema], closed: bool = True) -> Schema:
    schema: Schema = {"type": "object", "required": required, "properties": properties}
    if closed:
        schema["additionalProperties"] = False
    return schema


def _list(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def _exactly_one_of(*keys: str) -> Schema:
    """An object has exactly one of ``keys`` (each branch names the key it requires among
    its properties, as a strict validator such as ajv asks)."""
    return {"oneOf": [{"required": [key], "properties": {key: True}} for key in keys]}


def _none_of(*keys: str) -> Schema:
    """An object has none of ``keys`` (named among each branch's properties, for ajv)."""
    return {"not": {"anyOf": [{"required": [key], "properties": {key: True}} for key in keys]}}


def _event(kind: str, extra: dict[str, Schema]) -> Schema:
    return _object(
        ["type", "seat", "text", *extra],
        {"type": {"const": kind}, "seat": _NAT, **extra, "text": _TEXT},
    )


# ------------------------------------------------------------------ the games' schemas


def _rewrite(node: Any, rename: dict[str, str], bundle: Any) -> Any:
    if isinstance(node, list):
        return [_rewrite(item, rename, bundle) for item in node]
    if not isinstance(node, dict):
        return node
    out = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            out[key] = _DEFS + _target(value, rename, bundle)
        else:
            out[key] = _rewrite(value, rename, bundle)
    return out


def _target(ref: str, rename: dict[str, str], bundle: Any) -> str:
    document, _hash, pointer = ref.partition("#")
    if not document:
        return rename[pointer or "/"]
    root = bundle(document.removesuffix(".json"))
    if not pointer:
        return str(root)
    return f"{root}-{pointer.rsplit('/', 1)[-1]}"


def _game_schemas(rules: GameRules, defs: dict[str, Schema]) -> None:
    """The game's observation, move and record schemas, with what they refer to."""

    def bundle(name: str) -> str:
        key = f"{rules.name}-{name}"
        if key in defs:
            return key
        schema = dict(rules.formats.schemas[name]())
        inner = schema.pop("$defs", {})
        schema.pop("$schema", None)
        schema.pop("$id", None)
        rename = {"/": key, **{f"/$defs/{d}": f"{key}-{d}" for d in inner}}
        defs[key] = {}
        defs[key] = _rewrite(schema, rename, bundle)
        for name_, body in inner.items():
            defs[f"{key}-{name_}"] = _rewrite(body, rename, bundle)
        return key

    for name in ("observation", "move", "game-record"):
        bundle(name)


# ------------------------------------------------------------------------ definitions


def definitions() -> dict[str, Schema]:
    """Every named schema of the server's API, its references ``#/$defs/NAME``."""
    defs: dict[str, Schema] = {}
    for info in GAMES:
        _game_schemas(info.load(), defs)
    names = [info.name for info in GAMES]
    games_of = {
        part: {"anyOf": [_ref(f"{name}-{part}") for name in names]}
        for part in ("observation", "move", "game-record")
    }
    name = {
        "type": "string",
        "minLength": 1,
        "maxLength": MAX_NAME,
        "pattern": r"^\S(.*\S)?$",
        "description": "Printable characters (which a schema cannot say), no space around.",
    }
    seated = [count for info in GAMES for count in info.players]
    counts = {"minItems": min(seated), "maxItems": max(seated)}
    languages = {"enum": [language.value for language in Language]}
    error_kinds = {
        "enum": ["illegal_move", "malformed_input", "unknown_id", "not_allowed", "error"]
    }
    error_fields: dict[str, Schema] = {
        "error": error_kinds,
        "code": {
            "enum": [refusal.value for refusal in Refusal],
            "description": "Of a not_allowed error: why, as a word for programs.",
        },
        "message": _TEXT,
        "rule": {"type": "string", "description": "The id of the rule that forbids it."},
        "source": _STRING,
        "problems": _list(
            _object(
                ["path", "message"],
                {
                    "path": {
                        "type": "string",
                        "description": "A JSON path into the body (?name: a query parameter).",
                    },
                    "message": _TEXT,
                    "rule": _STRING,
                },
            )
        ),
        "retry_after": {
            "type": "number",
            "minimum": 0,
            "description": "When refused for going too fast: seconds to wait before again.",
        },
    }
    frame_id = {
        "anyOf": [
            {"type": "string", "maxLength": MAX_FRAME_ID},
            {"type": "integer", "minimum": -(2**53), "maximum": 2**53},
        ],
        "description": "Any id the client gives a frame; an error refusing it carries it back.",
    }
    known_deal: dict[str, Schema] = {
        "open_seed": {
            "const": True,
            "description": "The deal is known: its seed was chosen, or the table went on "
            "from a record. Absent: the server drew the seed, and no one knows it.",
        },
        "seed": {**SEED, "description": "The seed of a table with open_seed."},
    }
    move_or_notation = {
        "anyOf": [{"type": "string", "maxLength": MAX_NOTATION}, _ref("Move")],
        "description": "A move in the game's notation (``take V12``) or as its JSON.",
    }
    token = {
        "type": "string",
        "maxLength": 128,
        "description": f"A seat's secret token ({TOKEN_BYTES} random bytes, URL-safe).",
    }
    defs.update(
        {
            "Observation": {
                **games_of["observation"],
                "description": "A game's public view (R-9).",
            },
            "Move": {
                **games_of["move"],
                "description": (
                    "A move of the table's game (the ``game`` of the view): each game's moves "
                    "have their own ``type`` values and fields, and the same ``type`` (take) "
                    "may mean different moves in two games."
                ),
            },
            "GameRecord": games_of["game-record"],
            "Error": _object(["error", "message"], error_fields),
            "ErrorMessage": _object(
                ["type", "error", "message"],
                {
                    "type": {"const": "error"},
                    **error_fields,
                    "id": {**frame_id, "description": "The id of the frame refused."},
                },
            ),
            "Seat": _object(
                ["name", "kind"],
                {
                    "name": _STRING,
                    "kind": {"enum": [kind.value for kind in SeatKind]},
                    "agent": _STRING,
                    "taken": {**_BOOL, "description": "For an open seat: whether it was joined."},
                },
            ),
            "Option": _object(
                ["notation", "text", "move"],
                {"notation": _STRING, "text": _TEXT, "move": _ref("Move")},
            ),
            "ChoiceGroup": _object(
                ["key", "title", "items"],
                {
                    "key": _STRING,
                    "title": _TEXT,
                    "items": _list({"anyOf": [_ref("ChoiceGroup"), _ref("Option")]}),
                },
            ),
            "MoveEvent": _event("move", {"notation": _STRING, "move": _ref("Move")}),
            "Moves": _object(
                ["table", "game", "ply", "moves"],
                {
                    "table": _STRING,
                    "game": _STRING,
                    "ply": {**_NAT, "description": "The number of moves played."},
                    "moves": {
                        **_list(_ref("MoveEvent")),
                        "description": "The moves of the game so far, in order.",
                    },
                },
            ),
            "Event": {
                "oneOf": [
                    _ref("MoveEvent"),
                    _event("undo", {"ply": _NAT}),
                    _event("answer", {"accept": _BOOL}),
                    _event("resign", {}),
                    _event("join", {}),
                ],
                "description": "The event that led to this version, described in words.",
            },
            "PendingUndo": _object(
                ["seat", "ply", "waiting"], {"seat": _NAT, "ply": _NAT, "waiting": _list(_NAT)}
            ),
            "Scores": _object(
                ["players", "winners"],
                {
                    "players": _list(
                        _object(
                            ["name", "total", "rank", "stages", "lines"],
                            {
                                "name": _STRING,
                                "total": {"type": "integer"},
                                "rank": {
                                    "type": "integer",
                                    "minimum": 1,
                                    "description": "1 for the winners (a rank, not an index).",
                                },
                                "stages": {
                                    "type": "object",
                                    "additionalProperties": {"type": "integer"},
                                    "description": (
                                        "Each stage's points by its key (the view's "
                                        "``stages``), and the ``total``."
                                    ),
                                },
                                "lines": _list(_ref("ScoreLine")),
                            },
                            closed=False,
                        )
                    ),
                    "winners": {
                        **_list(_STRING),
                        "description": "The winners' names: more than one on a shared victory.",
                    },
                },
            ),
            "ScoreLine": {
                **_object(
                    ["stage", "rule", "reason"],
                    {
                        "stage": {**_STRING, "description": "The key of the line's stage."},
                        "rule": _STRING,
                        "reason": _TEXT,
                        "debens": {"type": "integer", "description": "Fertility's points."},
                        "points": {"type": "integer", "description": "Ankh'or's points."},
                        "shop": {**_NAT, "description": "Fertility: the Shop scored, from 0."},
                    },
                ),
                **_exactly_one_of("debens", "points"),
                "description": "One line of a score sheet: the points in the game's unit.",
            },
            "ViewMessage": _object(
                [
                    "type",
                    "table",
                    "game",
                    "version",
                    "ply",
                    "seat",
                    "seats",
                    "over",
                    "status",
                    "view",
                ],
                {
                    "type": {"const": "view"},
                    "table": _STRING,
                    "game": _STRING,
                    "version": {**_NAT, "description": "Events applied to the table."},
                    "ply": {**_NAT, "description": "Moves played."},
                    "seat": {
                        "anyOf": [_NAT, {"type": "null"}],
                        "description": "null: a spectator.",
                    },
                    "seats": _list(_ref("Seat")),
                    "over": _BOOL,
                    "status": _TEXT,
                    "view": _ref("Observation"),
                    "decider": {**_NAT, "description": "The seat whose decision it is."},
                    "last": _ref("Event"),
                    "undo": _ref("PendingUndo"),
                    "choices": {
                        **_list(_ref("ChoiceGroup")),
                        "description": "Only to the seat that decides.",
                    },
                    "scores": _ref("Scores"),
                    "stages": _list(_object(["key", "label"], {"key": _STRING, "label": _TEXT})),
                    **known_deal,
                },
            ),
            "MoveFrame": _object(
                ["type", "move"],
                {"type": {"const": "move"}, "move": move_or_notation, "ply": _NAT, "id": frame_id},
            ),
            "UndoFrame": _object(["type"], {"type": {"const": "undo"}, "id": frame_id}),
            "AnswerFrame": _object(
                ["type", "accept"], {"type": {"const": "answer"}, "accept": _BOOL, "id": frame_id}
            ),
            "ResignFrame": _object(["type"], {"type": {"const": "resign"}, "id": frame_id}),
            "SeatRequest": _object(
                [],
                {
                    "kind": {"enum": [kind.value for kind in SeatKind]},
                    "agent": {
                        "enum": sorted({agent for info in GAMES for agent in info.load().agents}),
                        "description": "A bot seat's agent, one of its game's (GET /games).",
                    },
                    "language": languages,
                },
            ),
            "TableRequest": _object(
                [],
                {
                    "players": _list(name) | counts | {"uniqueItems": True},
                    "game": {
                        "enum": names,
                        "description": "A game of GET /games (default: fertility).",
                    },
                    "seats": _list(_ref("SeatRequest")) | counts,
                    "seed": {
                        **SEED,
                        "description": (
                            "Sets the game up, for a table with open_seed only; left out, "
                            "the server draws a seed no one knows."
                        ),
                    },
                    "open_seed": {
                        **_BOOL,
                        "description": (
                            "Shows the seed to every seat and in the lobby: needed to choose "
                            "a seed, or to go on from a record (whoever holds it knows the "
                            "deal)."
                        ),
                    },
                    "variant": _BOOL,
                    "interpretations": {
                        "anyOf": [_ref(f"{game}-game-record-interpretations") for game in names],
                        "description": "The game's rule switches, as its game record writes them.",
                    },
                    "listed": _BOOL,
                    "record": {
                        **games_of["game-record"],
                        "description": (
                            "A game record to go on with (fertility-rules/game-record/2): "
                            "the table takes its game, players, setup, readings and moves."
                        ),
                    },
                },
            )
            | _exactly_one_of("players", "record")
            | {
                "dependentSchemas": {
                    "record": _none_of("game", "seed", "variant", "interpretations") | _OPEN_SEED,
                    "seed": _OPEN_SEED,
                }
            },
            "MoveRequest": _object(
                ["move"], {"move": move_or_notation, "token": token, "ply": _NAT}
            ),
            "JoinRequest": _object(
                ["seat"],
                {
                    "seat": _NAT,
                    "language": {
                        **languages,
                        "description": "The seat's language from now on (else the table's).",
                    },
                },
            ),
            "TokenRequest": _object([], {"token": token}),
            "AnswerRequest": _object(["accept"], {"accept": _BOOL, "token": token}),
            "TableEntry": _object(
                ["id", "game", "title", "seats", "ply", "over", "status", "created"],
                {
                    "id": _STRING,
                    "game": _STRING,
                    "title": _TEXT,
                    "seats": _list(_ref("Seat")),
                    "ply": _NAT,
                    "over": _BOOL,
                    "status": _TEXT,
                    "created": {"type": "number"},
                    **known_deal,
                },
            ),
            "Created": _object(
                ["id", "seats", "spectate", "table"],
                {
                    "id": _STRING,
                    "seats": _list(
                        _object(
                            ["name", "kind"],
                            {
                                "name": _STRING,
                                "kind": {"enum": [k.value for k in SeatKind]},
                                "token": token,
                                "link": _STRING,
                            },
                        )
                    ),
                    "spectate": _STRING,
                    "table": _ref("TableEntry"),
                },
            ),
            "Joined": _object(
                ["seat", "token", "link", "table"],
                {"seat": _NAT, "token": token, "link": _STRING, "table": _ref("TableEntry")},
            ),
            "Games": _object(
                ["games"],
                {
                    "games": _list(
                        _object(
                            ["name", "title", "players", "agents", "switches"],
                            {
                                "name": _STRING,
                                "title": _TEXT,
                                "players": _list(_NAT),
                                "agents": _list(_STRING),
                                "switches": _list(
                                    _object(
                                        ["id", "name", "title", "rules", "values", "default"],
                                        {
                                            "id": _STRING,
                                            "name": _STRING,
                                            "title": _TEXT,
                                            "rules": _list(_STRING),
                                            "values": _list(
                                                _object(
                                                    ["value", "label"],
                                                    {"value": {}, "label": _TEXT},
                                                )
                                            ),
                                            "default": {},
                                        },
                                    )
                                ),
                            },
                        )
                    )
                },
            ),
            "Tables": _object(["tables"], {"tables": _list(_ref("TableEntry"))}),
            "Texts": {"type": "object", "additionalProperties": _STRING},
        }
    )
    return defs


def _needed(root: str, defs: dict[str, Schema]) -> dict[str, Schema]:
    """The definitions ``root`` reaches through its references."""
    found: dict[str, Schema] = {}
    stack = [root]
    while stack:
        name = stack.pop()
        if name in found:
            continue
        found[name] = defs[name]
        text = json.dumps(defs[name])
        for part in text.split('"$ref": "' + _DEFS)[1:]:
            stack.append(part.split('"', 1)[0])
    return found


def _unknown(name: str, known: list[str]) -> UnknownIdError:
    return UnknownIdError(
        _("Unknown schema {name!r}; the schemas are: {known}.", name=name, known=", ".join(known))
    )


@checked_arguments
def socket_schema(name: str) -> Schema:
    """The self-contained schema of the socket message ``name`` (``move``, ``view``...)."""
    if name not in SOCKET_MESSAGES:
        raise _unknown(name, list(SOCKET_MESSAGES))
    root, title = SOCKET_MESSAGES[name]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{_BASE}socket/{name}.json",
        "title": title,
        "$ref": _DEFS + root,
        "$defs": dict(sorted(_needed(root, definitions()).items())),
    }


@checked_arguments
def shipped(name: str) -> Schema:
    """A schema as shipped with the package (``openapi`` or ``socket/NAME``)."""
    known = ["openapi", *(f"socket/{message}" for message in SOCKET_MESSAGES)]
    if name not in known:  # never a path of the caller's choosing
        raise _unknown(name, known)
    text = resources.files("fertility_rules.server").joinpath("schemas", f"{name}.json").read_text()
    data: Schema = json.loads(text)
    return data
