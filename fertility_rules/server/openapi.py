"""The OpenAPI 3.1 description of the HTTP API, served at ``/openapi.json`` and shipped as
``fertility_rules/server/schemas/openapi.json``.

Its components are the server's JSON Schemas (:mod:`fertility_rules.server.schemas`): the
same definitions describe the socket messages, so the two cannot drift apart.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from fertility_rules._version import __version__
from fertility_rules.games import GAMES
from fertility_rules.server.schemas import SOCKET_MESSAGES, definitions, socket_schema

__all__ = ["openapi", "write_shipped"]

Schema = dict[str, Any]
_COMPONENTS = "#/components/schemas/"


def _ref(name: str) -> Schema:
    return {"$ref": _COMPONENTS + name}


def _json(name: str, description: str) -> Schema:
    return {"description": description, "content": {"application/json": {"schema": _ref(name)}}}


def _errors(*statuses: int) -> dict[str, Schema]:
    texts = {
        400: (
            "Malformed input: every problem with its JSON path or ?parameter (and rule); a "
            "query parameter given twice, an unknown ?lang."
        ),
        403: (
            "Not allowed (its code says why): a token of no seat, a spectator acting, out of "
            "turn or after the end (with the rule), a table at the server's move limit "
            "(too_long), the server's or this client's tables all taken (full, quota)."
        ),
        404: "No such table.",
        408: "The body did not arrive in time (the server's body_seconds).",
        413: "The body is larger than the limit.",
        415: "The body is not JSON.",
        409: "The move was sent for another position: the table has moved on (code stale).",
        422: "An illegal move, with the rule it breaks.",
        426: "The path is a WebSocket: ask for it with Upgrade: websocket.",
        429: "Too many requests from this address.",
    }
    responses = {str(s): _json("Error", texts[s]) for s in sorted({400, *statuses, 429})}
    responses["429"]["headers"] = {
        "Retry-After": {
            "description": "Seconds to wait before the next request.",
            "schema": {"type": "integer", "minimum": 1},
        }
    }
    return responses


_SEAT: list[dict[str, list[str]]] = [{"seat": []}, {"seat_query": []}]
"""A seat's token: an ``Authorization: Bearer`` header or the ``token`` query parameter
(or, in a request body, its ``token`` field)."""
_SEAT_OR_SPECTATOR: list[dict[str, list[str]]] = [{}, *_SEAT]
"""A seat's token, or none for a spectator."""


_LANG = {
    "name": "lang",
    "in": "query",
    "required": False,
    "description": "The language of texts and errors (en, fr, pl, nl); a seat's own by default.",
    "schema": {"enum": ["en", "fr", "pl", "nl"]},
}
_ID = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 64}}
_TOKEN = {
    "name": "token",
    "in": "query",
    "required": False,
    "description": "A seat's token (or an Authorization: Bearer header); none: a spectator.",
    "schema": {"type": "string", "maxLength": 128},
}


_OPERATIONS = {
    ("/games", "get"): "listGames",
    ("/texts", "get"): "getTexts",
    ("/tables", "get"): "listTables",
    ("/tables", "post"): "createTable",
    ("/tables/{id}", "get"): "getTable",
    ("/tables/{id}/join", "post"): "joinSeat",
    ("/tables/{id}/view", "get"): "getView",
    ("/tables/{id}/picture", "get"): "getPicture",
    ("/tables/{id}/record", "get"): "getRecord",
    ("/tables/{id}/moves", "get"): "listMoves",
    ("/tables/{id}/moves", "post"): "playMove",
    ("/tables/{id}/undo", "post"): "askUndo",
    ("/tables/{id}/answer", "post"): "answerUndo",
    ("/tables/{id}/resign", "post"): "resign",
    ("/tables/{id}/socket", "get"): "openSocket",
    ("/openapi.json", "get"): "getOpenAPI",
}
"""Every operation's ``operationId``: the name a generated client gives its call."""

_FIRST_TOKEN = "$response.body#/seats/0/token"
_TABLE_LINKS: Schema = {
    "links": {
        operation: {
            "operationId": operation,
            "parameters": {"id": "$response.body#/id"}
            | ({"token": _FIRST_TOKEN} if operation in ("getView", "openSocket") else {}),
            "description": "The table just made (as its first seat, where a token is asked).",
        }
        for (path, _method), operation in _OPERATIONS.items()
        if path.startswith("/tables/{id}")
    }
}
"""Where a made table leads: every operation on it, by its id."""


def _body(name: str) -> Schema:
    return {"required": True, "content": {"application/json": {"schema": _ref(name)}}}


def _seat_request(summary: str, body: str) -> Schema:
    return {
        "post": {
            "summary": summary,
            "security": _SEAT,
            "parameters": [_ID, _LANG],
            "requestBody": _body(body),
            "responses": {
                "200": _json("ViewMessage", "The seat's view after it."),
                **_errors(400, 403, 404, 408, 413, 415),
            },
        }
    }


def _paths() -> Schema:
    sockets = ", ".join(f"socket/{name}.json" for name in SOCKET_MESSAGES)
    return {
        "/games": {
            "get": {
                "summary": "The games served, their player counts, agents and rule switches",
                "parameters": [_LANG],
                "responses": {"200": _json("Games", "The games."), **_errors(400)},
            }
        },
        "/texts": {
            "get": {
                "summary": "The web pages' own words in a language",
                "parameters": [_LANG],
                "responses": {"200": _json("Texts", "Words by key."), **_errors(400)},
            }
        },
        "/tables": {
            "get": {
                "summary": "The lobby: listed tables, newest first",
                "parameters": [
                    _LANG,
                    {
                        "name": "game",
                        "in": "query",
                        "required": False,
                        "description": "Only the tables of this game (GET /games).",
                        "schema": {"enum": [info.name for info in GAMES]},
                    },
                    {
                        "name": "over",
                        "in": "query",
                        "required": False,
                        "description": "Only the tables whose game is over (true) or not (false).",
                        "schema": {"enum": ["true", "false"]},
                    },
                ],
                "responses": {"200": _json("Tables", "The tables."), **_errors(400)},
            },
            "post": {
                "summary": "Makes a table: one secret token per person seat, shown this once",
                "description": (
                    "Fair seats: the server draws the table's seed from a secure source and "
                    "shows it to no one. A seed is chosen, or a game goes on from its record, "
                    "only with open_seed: every seat's view and the lobby then show that the "
                    "deal is known, and its seed. A seed without open_seed is refused at $.seed."
                ),
                "parameters": [_LANG],
                "requestBody": _body("TableRequest"),
                "responses": {
                    "201": _json("Created", "The table, its tokens and links.") | _TABLE_LINKS,
                    **_errors(400, 403, 408, 413, 415),
                },
            },
        },
        "/tables/{id}": {
            "get": {
                "summary": "A table as the lobby shows it (listed or not)",
                "parameters": [_ID, _LANG],
                "responses": {"200": _json("TableEntry", "The table."), **_errors(400, 404)},
            }
        },
        "/tables/{id}/join": {
            "post": {
                "summary": "Takes an open seat: its token, shown this once",
                "parameters": [_ID, _LANG],
                "requestBody": _body("JoinRequest"),
                "responses": {
                    "201": _json("Joined", "The seat's token and link."),
                    **_errors(400, 403, 404, 408, 413, 415),
                },
            }
        },
        "/tables/{id}/view": {
            "get": {
                "summary": "A seat's view (with its choices when it decides), or a spectator's",
                "security": _SEAT_OR_SPECTATOR,
                "parameters": [_ID, _TOKEN, _LANG],
                "responses": {"200": _json("ViewMessage", "The view."), **_errors(400, 403, 404)},
            }
        },
        "/tables/{id}/picture": {
            "get": {
                "summary": "The table's view drawn as SVG",
                "parameters": [_ID, _LANG],
                "responses": {
                    "200": {
                        "description": "The picture.",
                        "content": {"image/svg+xml": {"schema": {"type": "string"}}},
                    },
                    **_errors(400, 404),
                },
            }
        },
        "/tables/{id}/record": {
            "get": {
                "summary": "The game record, once the game is over (it shows the piles' order)",
                "parameters": [_ID, _LANG],
                "responses": {
                    "200": _json("GameRecord", "A record verify accepts."),
                    **_errors(400, 403, 404),
                },
            }
        },
        "/tables/{id}/moves": {
            "get": {
                "summary": "The moves played so far, in order (public, as every seat saw them)",
                "parameters": [_ID, _LANG],
                "responses": {"200": _json("Moves", "The moves."), **_errors(400, 404)},
            },
            "post": {
                "summary": "A seat's move, in notation or as JSON",
                "security": _SEAT,
                "parameters": [_ID, _LANG],
                "requestBody": _body("MoveRequest"),
                "responses": {
                    "200": _json("ViewMessage", "The seat's view after the move."),
                    **_errors(400, 403, 404, 408, 409, 413, 415, 422),
                },
            },
        },
        "/tables/{id}/undo": _seat_request(
            "Asks to take back the seat's last move", "TokenRequest"
        ),
        "/tables/{id}/answer": _seat_request(
            "Accepts or refuses the undo another seat asked for", "AnswerRequest"
        ),
        "/tables/{id}/resign": _seat_request(
            "Leaves the game; a bot plays the seat from then on", "TokenRequest"
        ),
        "/tables/{id}/socket": {
            "get": {
                "summary": "WebSocket: the seat's view after every change; moves and requests in",
                "description": (
                    "Upgrade to a WebSocket. The server sends a ViewMessage at once and after "
                    "every change of the table, and an ErrorMessage for every refused frame; "
                    "the client sends MoveFrame, UndoFrame, AnswerFrame or ResignFrame. Each "
                    f"message has a self-contained JSON Schema: {sockets}. Every frame is "
                    "JSON in a text frame: a binary frame is refused with an ErrorMessage. A "
                    "refused connection gets an ErrorMessage, then is closed with the code "
                    "4000 + the HTTP status (4400, 4403, 4404). A seat always finds room: a "
                    "seat's socket beyond the seat's bound closes its oldest, and at a full "
                    "table a spectator's; the socket closed gets an ErrorMessage (code "
                    "replaced), then the close code 4403. A client past the rate limit is "
                    "answered 429 before the handshake (JSON, Retry-After); a server that "
                    "cannot answer so accepts, sends the ErrorMessage and closes with 4429."
                ),
                "security": _SEAT_OR_SPECTATOR,
                "parameters": [_ID, _TOKEN, _LANG],
                "responses": {
                    "101": {"description": "Switching to the WebSocket protocol."},
                    **_errors(400, 404, 426),
                },
            }
        },
        "/openapi.json": {
            "get": {
                "summary": "This description",
                "responses": {"200": {"description": "OpenAPI 3.1."}, **_errors(400)},
            }
        },
    }


def _with_operation_ids(paths: Schema) -> Schema:
    for (path, method), operation in _OPERATIONS.items():
        paths[path][method] = {"operationId": operation, **paths[path][method]}
    return paths


def _components(defs: dict[str, Schema]) -> dict[str, Schema]:
    text = json.dumps(defs).replace('"#/$defs/', '"' + _COMPONENTS)
    components: dict[str, Schema] = json.loads(text)
    return dict(sorted(components.items()))


@functools.cache
def _document() -> str:
    document = {
        "openapi": "3.1.0",
        "info": {
            "title": "fertility_rules table server",
            "version": __version__,
            "description": (
                "Tables of the library's games over HTTP and WebSocket. Every refusal is a "
                "library error: its kind, a message in the asked language, the rule id or "
                "the JSON path of each problem. A table's seed is the server's own, secret, "
                "unless the table says openly that its deal is known (open_seed)."
            ),
        },
        "jsonSchemaDialect": "https://json-schema.org/draft/2020-12/schema",
        "components": {
            "schemas": _components(definitions()),
            "securitySchemes": {
                "seat": {
                    "type": "http",
                    "scheme": "bearer",
                    "description": "A seat's token, given when the table is made or joined.",
                },
                "seat_query": {
                    "type": "apiKey",
                    "in": "query",
                    "name": "token",
                    "description": "The same token as a query parameter (for a WebSocket).",
                },
            },
        },
        "paths": _with_operation_ids(_paths()),
    }
    return json.dumps(document)


def openapi() -> Schema:
    """The OpenAPI document (a fresh copy)."""
    document: Schema = json.loads(_document())
    return document


def write_shipped() -> None:
    """Rewrites the shipped schemas, the OpenAPI document and the socket messages'
    (``python -m fertility_rules.server.openapi``)."""
    folder = Path(__file__).parent / "schemas"
    (folder / "socket").mkdir(parents=True, exist_ok=True)
    documents = {"openapi": openapi()}
    documents.update({f"socket/{name}": socket_schema(name) for name in SOCKET_MESSAGES})
    for name, document in documents.items():
        text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        (folder / f"{name}.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    write_shipped()
