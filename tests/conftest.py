"""Shared test settings: hypothesis profiles (``ci`` is chosen when ``CI`` is set), the
extras' libraries, and the list of skipped tests that CI runs again with the extras."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "ci",
    max_examples=100,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("ci" if os.environ.get("CI") else os.environ.get("HYPOTHESIS_PROFILE", "dev"))

OPTIONAL_LIBRARIES = frozenset(
    {
        "numpy",
        "pettingzoo",
        "gymnasium",
        "pyspiel",
        "open_spiel",
        "starlette",
        "uvicorn",
        "h11",
        "websockets",
        "psycopg",
        "httpx2",
        "playwright",
        "schemathesis",
        "sphinx",
    }
)
"""The libraries of the extras (``rl``, ``server``, ``postgres``, ``server-test``, ``docs``):
a module that needs one is not imported by the tests of an install without it."""

SKIPPED_LOG = "FERTILITY_RULES_SKIPPED_LOG"
"""When set, the file to which a run appends the ids of the tests and modules it skipped,
one a line (every process of the run appends its own, so an id may come twice):
``.ci/run`` runs them again once the extras are installed."""

_skipped: set[str] = set()


def _note(report: pytest.CollectReport | pytest.TestReport) -> None:
    if report.skipped and report.nodeid:
        _skipped.add(report.nodeid)


def pytest_collectreport(report: pytest.CollectReport) -> None:
    _note(report)  # a module skipped as a whole, in the process that collected it


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _note(report)


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = os.environ.get(SKIPPED_LOG)
    if path and _skipped:
        with Path(path).open("a", encoding="utf-8") as log:
            log.write("".join(f"{nodeid}\n" for nodeid in sorted(_skipped)))
