"""The shared machinery never imports a game: it reaches games through their rules only.

Every import statement of the shared modules (at the top, inside functions, for type
checking alike) is read from the source and must name another shared module or one of the
foundations every game stands on (errors, messages, versions). A package's ``__init__``
re-exports for Fertility's public API are not the shared module's own imports.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.games.imports import imported

ROOT = Path(__file__).resolve().parents[2]

SHARED = (
    "fertility_rules.arguments",
    "fertility_rules.cli_types",
    "fertility_rules.games",
    "fertility_rules.records.game_record",
    "fertility_rules.records.format",
    "fertility_rules.formats.base",
    "fertility_rules.formats.documents",
    "fertility_rules.formats.files",
    "fertility_rules.formats.schema_kit",
    "fertility_rules.formats.sections",
    "fertility_rules.formats.limits",
    "fertility_rules.formats.errors_json",
    "fertility_rules.fonts",
    "fertility_rules.play.history",
    "fertility_rules.agents.simulate",
    "fertility_rules.agents.random_agent",
    "fertility_rules.agents.seeds",
    "fertility_rules.agents.ismcts",
    "fertility_rules.encoding.encoder",
    "fertility_rules.encoding.spaces",
    "fertility_rules.encoding.environment",
    "fertility_rules.encoding.speedups",
    "fertility_rules.pettingzoo",
    "fertility_rules.gymnasium",
    "fertility_rules.lab.adjudicate",
    "fertility_rules.lab.chart",
    "fertility_rules.lab.commands",
    "fertility_rules.lab.compare",
    "fertility_rules.lab.readings",
    "fertility_rules.lab.render",
    "fertility_rules.lab.runner",
    "fertility_rules.lab.stats",
    "fertility_rules.testing.conformance",
    "fertility_rules.document.blocks",
    "fertility_rules.document.interpretations",
    "fertility_rules.cli",
    "fertility_rules.server.app",
    "fertility_rules.server.auth",
    "fertility_rules.server.config",
    "fertility_rules.server.deadline",
    "fertility_rules.server.heap",
    "fertility_rules.server.limits",
    "fertility_rules.server.lobby",
    "fertility_rules.server.messages",
    "fertility_rules.server.openapi",
    "fertility_rules.server.refusals",
    "fertility_rules.server.requests",
    "fertility_rules.server.run",
    "fertility_rules.server.schemas",
    "fertility_rules.server.service",
    "fertility_rules.server.storage",
    "fertility_rules.server.storage.base",
    "fertility_rules.server.storage.postgres",
    "fertility_rules.server.storage.sqlite",
    "fertility_rules.server.table",
)
"""The machinery every game shares."""

FOUNDATIONS = (
    "fertility_rules.errors",
    "fertility_rules.arguments",
    "fertility_rules.i18n",
    "fertility_rules._version",
    "fertility_rules.shared",
    "fertility_rules.shared.rule_texts",
)
"""What every game stands on: the library's errors, its arguments checked against their
annotations, its messages, its version, the game-neutral values of
:mod:`fertility_rules.shared` and the reader of rule texts."""


def _allowed(name: str) -> bool:
    return name in SHARED or any(
        name == root or name.startswith(root + ".") for root in FOUNDATIONS
    )


@pytest.mark.parametrize("module", SHARED)
def test_a_shared_module_imports_no_game(module: str) -> None:
    foreign = sorted(name for name in imported(module) if not _allowed(name))
    assert foreign == [], f"{module} imports {foreign}"


def test_the_walk_sees_a_game_import() -> None:
    # The walk is not blind: Fertility's own description imports Fertility's rules.
    names = imported("fertility_rules.fertility.game")
    assert any(name.startswith("fertility_rules.fertility.rules") for name in names)
    assert not all(_allowed(name) for name in names)


def test_importing_the_library_and_its_games_list_imports_no_second_game() -> None:
    code = (
        "import sys, fertility_rules, fertility_rules.games, fertility_rules.cli\n"
        "fertility_rules.games.find_game('fertility')\n"
        "print(sorted(m for m in sys.modules if m.startswith('fertility_rules.ankhor')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
