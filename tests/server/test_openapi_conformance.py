"""The server keeps the promises of its OpenAPI description, checked by schemathesis: for
requests it generates from the description, valid ones and ones that break it, every answer
is documented and matches its schema, a valid request is taken, a request the description
forbids is refused; and, following the description's links from a table it made, sequences
of calls on that table do the same."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.helpers import require

require("starlette", "server")
require("schemathesis", "server-test")

import schemathesis  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402

from fertility_rules.server.openapi import openapi  # noqa: E402
from tests.server.processes import ServerProcess  # noqa: E402

CASES = sorted(
    (path, method.upper(), mode)
    for path, methods in openapi()["paths"].items()
    if path != "/tables/{id}/socket"  # a WebSocket: its plain GET is tested in test_http
    for method, operation in methods.items()
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    # A request can break the description only where it has parameters or a body.
    if mode is GenerationMode.POSITIVE or operation.get("parameters") or "requestBody" in operation
)
SPARED = {("POST", path) for path in ("", "/join", "/moves", "/undo", "/answer", "/resign")} | {
    ("GET", "/socket")
}
"""The operations (by the end of their path under a table, or ``""`` for ``/tables``) whose
valid requests may be refused: whether a move is legal, a seat open or an undo asked depends
on the table; whether a name is printable and the switches are the game's, on more than a
JSON Schema can say; and a WebSocket is not reached by a plain request (426)."""


def _state_checks(path: str, method: str) -> list[Any]:
    """The checks a valid request's answer is spared: acceptance, for an operation of SPARED."""
    end = path.removeprefix("/tables").removeprefix("/{id}")
    if (method, end) in SPARED:
        return [schemathesis.checks.positive_data_acceptance]
    return []


EXAMPLES = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The description as the running server serves it, calls going to that server."""
    folder: Path = tmp_path_factory.mktemp("openapi")
    server = ServerProcess(
        str(folder / "tables.db"), folder / "server.log", None, "--rate", "100000"
    )
    server.start()
    try:
        yield schemathesis.openapi.from_url(server.url + "/openapi.json")
    finally:
        server.stop()


@pytest.mark.parametrize(("path", "method", "mode"), CASES)
def test_an_operation_answers_as_described(
    api: Any, path: str, method: str, mode: GenerationMode
) -> None:
    operation = api[path][method]
    excluded = _state_checks(path, method)

    @EXAMPLES
    @given(case=operation.as_strategy(generation_mode=mode))
    def check(case: Any) -> None:
        case.call_and_validate(excluded_checks=excluded)

    check()


def test_calls_following_the_links_from_a_new_table_answer_as_described(api: Any) -> None:
    class Workflow(api.as_state_machine()):  # type: ignore[misc]
        def validate_response(
            self, response: Any, case: Any, additional_checks: Any = None, **kwargs: Any
        ) -> None:
            excluded = _state_checks(case.operation.path, case.operation.method.upper())
            case.validate_response(
                response, excluded_checks=excluded, transport_kwargs=kwargs or None
            )

    run_state_machine_as_test(
        Workflow,
        settings=settings(
            max_examples=30,
            stateful_step_count=6,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
