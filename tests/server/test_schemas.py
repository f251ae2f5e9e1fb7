"""The API's descriptions: the shipped OpenAPI document and socket schemas are what the
server builds, they cover every route, and every message and response of a played game
validates against them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tests.play.test_schemas_in_ajv import _ajv as ajv
from tests.server.helpers import client, options, require

require("starlette", "server")
require("httpx2", "server-test")

from starlette.routing import Route, WebSocketRoute  # noqa: E402

from fertility_rules.errors import UnknownIdError  # noqa: E402
from fertility_rules.server.openapi import openapi  # noqa: E402
from fertility_rules.server.schemas import SOCKET_MESSAGES, shipped, socket_schema  # noqa: E402


def _component(name: str) -> Draft202012Validator:
    document = openapi()
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", **document})


def test_every_server_schema_compiles_in_ajv_strict_mode() -> None:
    # What a strict JavaScript client compiles: each socket message's schema, and every
    # component of the OpenAPI document (as the definitions of one schema).
    components = openapi()["components"]["schemas"]
    text = json.dumps(components).replace('"#/components/schemas/', '"#/$defs/')
    bundle = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": json.loads(text)}
    schemas = {f"socket/{name}": shipped(f"socket/{name}") for name in SOCKET_MESSAGES}
    schemas |= {
        f"openapi/{name}": {**bundle, "$ref": f"#/$defs/{name}"} for name in sorted(components)
    }
    answer = ajv({"schemas": schemas})
    assert answer["compiled"] == dict.fromkeys(schemas)


def _problems(validator: Draft202012Validator, value: Any) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}"[:300] for e in validator.iter_errors(value)]


@pytest.mark.parametrize("name", sorted(SOCKET_MESSAGES))
def test_the_shipped_socket_schemas_are_what_the_server_builds(name: str) -> None:
    built = json.loads(json.dumps(socket_schema(name)))
    assert shipped(f"socket/{name}") == built
    Draft202012Validator.check_schema(built)
    assert "$ref" not in json.dumps(built).replace('"$ref": "#/$defs/', "")  # self-contained


@pytest.mark.parametrize("name", ["socket/nothing", "../../__init__", "/etc/passwd", "move"])
def test_an_unknown_schema_is_refused_with_the_names_known(name: str) -> None:
    with pytest.raises(UnknownIdError, match="socket/move") as error:
        shipped(name)
    assert "openapi" in error.value.render("nl")
    with pytest.raises(UnknownIdError, match="answer"):
        socket_schema(f"{name}s")


def test_the_shipped_openapi_document_is_what_the_server_serves(tmp_path: Path) -> None:
    assert shipped("openapi") == openapi()
    with client(tmp_path) as http:
        assert http.get("/openapi.json").json() == openapi()
        app = http.app.app  # the Starlette app inside the guard
        routes = {
            route.path
            for route in app.routes
            if isinstance(route, Route | WebSocketRoute)
            and route.path not in ("/", "/lobby", "/play")
        }
    assert routes == set(openapi()["paths"])
    for name, schema in openapi()["components"]["schemas"].items():
        Draft202012Validator.check_schema(schema)
        assert "$defs" not in json.dumps(schema), name


def test_every_operation_lists_the_answers_its_route_can_give() -> None:
    # Every route is rate-limited and refuses a query parameter given twice; every body is
    # read within a time, a size and a type; every table is looked for by its id.
    for path, methods in openapi()["paths"].items():
        for method, operation in methods.items():
            statuses = set(operation["responses"])
            where = f"{method} {path}"
            assert {"400", "429"} <= statuses, where
            assert "Retry-After" in operation["responses"]["429"]["headers"], where
            if "requestBody" in operation:
                assert {"408", "413", "415"} <= statuses, where
            if "{id}" in path:
                assert "404" in statuses, where


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_every_message_and_response_of_a_game_validates(tmp_path: Path, game: str) -> None:
    rng = random.Random(9)
    frames = {kind: Draft202012Validator(socket_schema(kind)) for kind in SOCKET_MESSAGES}
    responses: list[tuple[str, Any]] = []
    with client(tmp_path) as http:
        made = http.post(
            "/tables",
            json={
                "game": game,
                "players": ["Ann", "Bob"],
                "seats": [{}, {"kind": "bot", "agent": "random"}],
            },
        )
        responses.append(("Created", made.json()))
        table, token = made.json()["id"], made.json()["seats"][0]["token"]
        responses.append(("Games", http.get("/games?lang=nl").json()))
        responses.append(("Tables", http.get("/tables").json()))
        responses.append(("Texts", http.get("/texts").json()))
        responses.append(("Error", http.get("/tables/none/view").json()))
        sent: list[tuple[str, Any]] = []
        with http.websocket_connect(f"/tables/{table}/socket?token={token}&lang=pl") as socket:
            message = socket.receive_json()
            last_view: dict[str, Any] = message
            while message["type"] == "error" or not message["over"]:
                sent.append((message["type"], message))
                if message["type"] == "error":  # an undo refused: play on
                    message = last_view
                    option = rng.choice(options(message["choices"]))
                    move = {"type": "move", "move": option["move"], "ply": message["ply"]}
                    socket.send_text(json.dumps(move))
                    message = socket.receive_json()
                    continue
                last_view = message
                if "choices" in message:
                    if rng.random() < 0.1:
                        frame: dict[str, Any] = {"type": "undo"}
                    else:
                        option = rng.choice(options(message["choices"]))
                        frame = {"type": "move", "move": option["move"], "ply": message["ply"]}
                    assert not _problems(frames[frame["type"]], frame)
                    socket.send_text(json.dumps(frame))
                message = socket.receive_json()
            sent.append((message["type"], message))
            socket.send_text(json.dumps({"type": "answer", "accept": True}))
            sent.append(("error", socket.receive_json()))
        responses.append(("ViewMessage", http.get(f"/tables/{table}/view").json()))
        responses.append(("GameRecord", http.get(f"/tables/{table}/record").json()))
        responses.append(("TableEntry", http.get(f"/tables/{table}").json()))
        responses.append(("Moves", http.get(f"/tables/{table}/moves?lang=fr").json()))
    assert {kind for kind, _m in sent} == {"view", "error"}
    assert any("last" in m and m["last"]["type"] == "undo" for _k, m in sent)
    for kind, message in sent:
        assert not _problems(frames[kind], message), message
    for name, body in responses:
        assert not _problems(_component(name), body), (name, body)


@pytest.mark.parametrize("beside", [{}, {"seed": 0}, {"game": "fertility"}, {"variant": False}])
def test_the_table_request_schema_takes_a_record_alone_as_the_server_does(
    beside: dict[str, Any],
) -> None:
    import fertility_rules as fr

    record = fr.dump_record(fr.Game.new(["Ann", "Bob"], seed=1).record)
    body = {"record": record, "open_seed": True, **beside}
    problems = _problems(_component("TableRequest"), body)
    assert bool(problems) == bool(beside), problems


@pytest.mark.parametrize(
    ("body", "valid"),
    [
        ({"players": ["Ann", "Bob"]}, True),
        ({"players": ["Ann", "Bob"], "seed": 4}, False),
        ({"players": ["Ann", "Bob"], "seed": 4, "open_seed": False}, False),
        ({"players": ["Ann", "Bob"], "seed": 4, "open_seed": True}, True),
        ({"players": ["Ann", "Bob"], "open_seed": True}, True),
        ("record", False),
    ],
)
def test_the_table_request_schema_takes_a_seed_only_openly_as_the_server_does(
    body: Any, valid: bool, tmp_path: Path
) -> None:
    import fertility_rules as fr

    if body == "record":
        body = {"record": fr.dump_record(fr.Game.new(["Ann", "Bob"], seed=1).record)}
    problems = _problems(_component("TableRequest"), body)
    assert (not problems) == valid, problems
    with client(tmp_path) as http:
        answer = http.post("/tables", json=body)
    assert (answer.status_code == 201) == valid, answer.text
