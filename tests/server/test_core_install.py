"""The core install does not grow: the server's stack is an extra that no core module
imports, and the core dependencies stay attrs and cattrs."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER_STACK = ("starlette", "uvicorn", "websockets", "psycopg", "httpx", "httpx2", "anyio")

PROBE = """
import importlib, pkgutil, sys
import fertility_rules
skipped = ("fertility_rules.server", "fertility_rules.pettingzoo", "fertility_rules.openspiel",
           "fertility_rules.gymnasium")
for module in pkgutil.walk_packages(fertility_rules.__path__, "fertility_rules."):
    if not module.name.startswith(skipped):
        importlib.import_module(module.name)
stack = {stack!r}
print(sorted(name for name in sys.modules if name.split(".")[0] in stack))
"""


def test_no_core_module_imports_the_server_stack() -> None:
    probe = PROBE.format(stack=SERVER_STACK)
    found = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert found.stdout.strip() == "[]"


def test_the_server_is_an_extra_and_the_core_dependencies_name_none_of_its_stack() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    core = {re.split(r"[<>=\[ ]", requirement)[0] for requirement in project["dependencies"]}
    assert "attrs" in core
    assert core.isdisjoint({*SERVER_STACK, "psycopg-binary"})
    extras = project["optional-dependencies"]
    assert {name.split(">")[0] for name in extras["server"]} == {
        "starlette",
        "uvicorn",
        "websockets",
    }
    assert extras["postgres"] == ["psycopg[binary]>=3.1"]


def test_serve_without_the_server_extra_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from fertility_rules.cli import main

    monkeypatch.setitem(sys.modules, "starlette", None)  # as if the extra were not installed
    assert main(["serve", "--db", str(tmp_path / "t.db")]) == 1
    error = capsys.readouterr().err
    assert "starlette is missing" in error
    assert "pip install 'fertility_rules[server,postgres]'" in error
    assert "internal error" not in error
