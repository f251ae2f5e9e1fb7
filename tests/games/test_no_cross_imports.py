"""Ankh'or reaches shared code only, and the shared code reaches no game.

Every import statement of every module (at the top, inside functions, for type checking
alike) is read from the source with :mod:`ast` (:func:`tests.games.imports.imported`).
Ankh'or's modules may import Ankh'or's own modules and the shared ones, never one of
:data:`FERTILITY_ONLY`; a shared module (:data:`SHARED_PACKAGES`, and every module
Ankh'or imports outside its package) imports no module of either game. The walk itself
is checked on imports known to cross.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.imports import imported

PACKAGE = Path(__file__).resolve().parents[2] / "fertility_rules"

FERTILITY_ONLY = ("fertility_rules.fertility",)
"""Fertility's own modules (a name covers the modules under it)."""

ANKHOR = "fertility_rules.ankhor"

SHARED_PACKAGES = ("fertility_rules.shared", "fertility_rules.drawing")
"""Packages that hold only game-neutral code."""


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _within(name: str, roots: tuple[str, ...]) -> bool:
    return any(name == root or name.startswith(root + ".") for root in roots)


def _is_game(name: str) -> bool:
    return _within(name, (*FERTILITY_ONLY, ANKHOR))


ANKHOR_MODULES = sorted(name for name in MODULES if _within(name, (ANKHOR,)))
REACHED = sorted(
    {name for module in ANKHOR_MODULES for name in imported(module) if not _within(name, (ANKHOR,))}
)
SHARED = sorted(set(REACHED) | {name for name in MODULES if _within(name, SHARED_PACKAGES)})


def test_every_listed_fertility_module_exists() -> None:
    missing = [root for root in FERTILITY_ONLY if not any(_within(m, (root,)) for m in MODULES)]
    assert missing == []


@pytest.mark.parametrize("module", ANKHOR_MODULES)
def test_an_ankhor_module_imports_no_fertility_module(module: str) -> None:
    fertility = sorted(name for name in imported(module) if _within(name, FERTILITY_ONLY))
    assert fertility == [], f"{module} imports {fertility}"


@pytest.mark.parametrize("module", SHARED)
def test_a_shared_module_imports_no_game(module: str) -> None:
    games = sorted(name for name in imported(module) if _is_game(name))
    assert games == [], f"{module} imports {games}"


LIFTED = (
    "fertility_rules.shared.interpretations",
    "fertility_rules.shared.scores",
    "fertility_rules.shared.notation",
    "fertility_rules.shared.referee",
    "fertility_rules.shared.choices",
    "fertility_rules.shared.provenance",
    "fertility_rules.shared.violations",
    "fertility_rules.formats.base",
    "fertility_rules.formats.sections",
    "fertility_rules.formats.schema_kit",
    "fertility_rules.drawing.image",
    "fertility_rules.agents.ties",
    "fertility_rules.testing.machine",
)
"""Code written once for both games."""


@pytest.mark.parametrize("module", LIFTED)
def test_a_lifted_module_serves_both_games(module: str) -> None:
    users = {name for name in MODULES if module in imported(name)}
    assert module in SHARED
    assert any(_within(user, (ANKHOR,)) for user in users), f"Ankh'or does not use {module}"
    assert any(_within(user, FERTILITY_ONLY) for user in users), f"Fertility does not use {module}"


def test_the_walk_sees_imports_that_cross() -> None:
    # Fertility's description imports Fertility's rules, Ankh'or's imports Ankh'or's
    # modules, and a relative import is resolved: the checks above are not blind.
    assert any(_within(name, FERTILITY_ONLY) for name in imported("fertility_rules.fertility.game"))
    assert any(_within(name, (ANKHOR,)) for name in imported("fertility_rules.ankhor.game"))
    assert imported("fertility_rules.shared.scores") >= {"fertility_rules.errors"}
