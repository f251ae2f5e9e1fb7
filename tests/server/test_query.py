"""What a request says beyond its body: the query parameters, each given once and told
where it is wrong, and the rate limit's answer, in the client's language, on HTTP and on
a socket alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import client, require

require("starlette", "server")
require("httpx2", "server-test")


def _problem_paths(answer: dict[str, Any]) -> list[str]:
    return [problem["path"] for problem in answer.get("problems", [])]


def test_an_unknown_language_is_refused_at_lang_over_http_and_on_a_socket(
    tmp_path: Path,
) -> None:
    from starlette.websockets import WebSocketDisconnect

    with client(tmp_path) as http:
        refused = http.get("/games?lang=xx")
        assert refused.status_code == 400
        assert _problem_paths(refused.json()) == ["?lang"]
        table = http.post("/tables", json={"players": ["Ann", "Bob"]}).json()["id"]
        with http.websocket_connect(f"/tables/{table}/socket?lang=xx") as socket:
            assert _problem_paths(socket.receive_json()) == ["?lang"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
        assert closed.value.code == 4400


def test_a_parameter_given_twice_is_refused_by_its_name(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        table = http.post("/tables", json={"players": ["Ann", "Bob"]}).json()["id"]
        for path, name in [
            ("/games?lang=fr&lang=pl", "?lang"),
            ("/tables?over=true&over=true", "?over"),
            (f"/tables/{table}/view?token=a&token=b", "?token"),
        ]:
            refused = http.get(path)
            assert refused.status_code == 400, path
            assert _problem_paths(refused.json()) == [name]
        with http.websocket_connect(f"/tables/{table}/socket?lang=fr&lang=pl") as socket:
            assert _problem_paths(socket.receive_json()) == ["?lang"]


def test_too_many_requests_are_told_so_in_the_clients_language(tmp_path: Path) -> None:
    with client(tmp_path, requests_per_second=0.001, request_burst=1) as http:
        http.get("/games")
        refused = http.get("/games?lang=fr")
        assert refused.status_code == 429
        assert refused.json()["code"] == "rate"
        english = http.get("/games").json()["message"]
        assert refused.json()["message"] != english
        assert int(refused.headers["Retry-After"]) >= 1


def test_a_socket_past_the_rate_limit_is_answered_429_as_json(tmp_path: Path) -> None:
    from starlette.testclient import WebSocketDenialResponse

    with client(tmp_path, requests_per_second=0.001, request_burst=1) as http:
        table = http.post("/tables", json={"players": ["Ann", "Bob"]}).json()["id"]
        with (
            pytest.raises(WebSocketDenialResponse) as denied,
            http.websocket_connect(f"/tables/{table}/socket?lang=fr"),
        ):
            pass
        assert denied.value.status_code == 429
        assert denied.value.json()["code"] == "rate"
        assert int(denied.value.headers["Retry-After"]) >= 1


def test_a_socket_past_the_rate_limit_without_denial_responses_is_told_and_closed(
    tmp_path: Path,
) -> None:
    from starlette.testclient import TestClient
    from starlette.websockets import WebSocketDisconnect

    with client(tmp_path, requests_per_second=0.001, request_burst=1) as http:
        table = http.post("/tables", json={"players": ["Ann", "Bob"]}).json()["id"]
        guard = http.app

        async def without_extension(scope: Any, receive: Any, send: Any) -> None:
            await guard({**scope, "extensions": {}}, receive, send)

        old = TestClient(without_extension)
        with old.websocket_connect(f"/tables/{table}/socket") as socket:
            told = socket.receive_json()
            assert told["type"] == "error"
            assert told["code"] == "rate"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
        assert closed.value.code == 4429
