"""Shared helpers of the server tests: the extra they need, clients, scripted players."""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest


def require(module: str, extra: str) -> None:
    """Skips the calling test module without ``module`` (outside CI; CI must have it)."""
    try:
        importlib.import_module(module)
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"the {extra} extra ({module}) is not installed", allow_module_level=True)


def options(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every option under the grouped choices of a view message."""
    found: list[dict[str, Any]] = []
    stack = list(reversed(groups))
    while stack:
        item = stack.pop()
        if "items" in item:
            stack.extend(reversed(item["items"]))
        else:
            found.append(item)
    return found


def pick(message: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A scripted person's choice: one of the offered options, at random."""
    return rng.choice(options(message["choices"]))


BOTS = [{"kind": "bot", "agent": "random"}] * 2
"""Two random bots' seats: a table that plays itself to its end."""


def bots_play_to_the_end(http: Any) -> dict[str, Any]:
    """A table of two random bots made on ``http``, watched on a socket until its game is
    over; the table as made."""
    table: dict[str, Any] = http.post(
        "/tables", json={"players": ["Ann", "Bob"], "seats": BOTS}
    ).json()
    with http.websocket_connect(f"/tables/{table['id']}/socket") as socket:
        while not socket.receive_json()["over"]:
            pass
    return table


@contextmanager
def client(tmp_path: Path, **settings: Any) -> Iterator[Any]:
    """A test client of a server over a fresh SQLite file (generous rate limits)."""
    with serving(tmp_path, **settings) as (test_client, _service):
        yield test_client


@contextmanager
def serving(tmp_path: Path, **settings: Any) -> Iterator[tuple[Any, Any]]:
    """A test client and the table service behind it."""
    from starlette.testclient import TestClient

    from fertility_rules.server.app import create_app
    from fertility_rules.server.config import ServerConfig
    from fertility_rules.server.service import TableService
    from fertility_rules.server.storage import open_storage

    settings.setdefault("requests_per_second", 10_000.0)
    settings.setdefault("request_burst", 10_000)
    settings.setdefault("frames_per_second", 10_000.0)
    settings.setdefault("frame_burst", 10_000)
    config = ServerConfig(**settings)
    service = TableService(open_storage(str(tmp_path / "tables.db")), config)
    with TestClient(create_app(service, config)) as test_client:
        yield test_client, service
