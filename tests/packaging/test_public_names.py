"""Every public name resolves, and the outer rooms load only when one of their names is used."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

import fertility_rules
from tests.conftest import OPTIONAL_LIBRARIES


def _printed_by(code: str) -> str:
    """What ``code`` prints in a fresh interpreter, where nothing is imported yet."""
    return subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.mark.parametrize("name", fertility_rules.__all__)
def test_every_public_name_resolves(name: str) -> None:
    value = getattr(fertility_rules, name)
    namespace: dict[str, object] = {}
    exec(f"from fertility_rules import {name} as found", namespace)
    assert namespace["found"] is value


def test_lazy_names_are_the_values_of_their_modules() -> None:
    for name, module in fertility_rules._LAZY.items():
        assert name in fertility_rules.__all__
        assert getattr(fertility_rules, name) is getattr(importlib.import_module(module), name)


def test_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        fertility_rules.no_such_name  # noqa: B018
    assert "new_game" in dir(fertility_rules)
    assert set(fertility_rules.__all__) <= set(dir(fertility_rules))


def test_import_leaves_formats_records_documents_pictures_and_agents_unloaded() -> None:
    code = (
        "import sys, fertility_rules; "
        "print(sorted(m for m in sys.modules if m.split('.')[:2] in ("
        "['fertility_rules', 'formats'], ['fertility_rules', 'records'], "
        "['fertility_rules', 'document'], ['fertility_rules', 'svg'], "
        "['fertility_rules', 'agents'], ['fertility_rules', 'cli']) or m == 'cattrs'))"
    )
    assert _printed_by(code) == "[]"


def test_a_submodule_imported_later_does_not_hide_its_function() -> None:
    code = (
        "import fertility_rules, importlib; "
        "module = importlib.import_module('fertility_rules.fertility.text_board'); "
        "found = fertility_rules.fertility.text_board; "
        "print(found is module.text_board, callable(found))"
    )
    assert _printed_by(code).split() == ["True", "True"]


_FIRST_IMPORTS = r"""
import importlib, pkgutil, sys
import fertility_rules

def forget():
    for loaded in [m for m in sys.modules if m.split(".")[0] == "fertility_rules"]:
        del sys.modules[loaded]

names = {}
for name, module in fertility_rules._LAZY.items():
    names.setdefault(module, name)  # one name per module: the module is what loads
modules = [m.name for m in pkgutil.walk_packages(fertility_rules.__path__, "fertility_rules.")]
failed = []
for module, name in sorted(names.items()):
    forget()
    try:
        exec(f"from fertility_rules import {name}")
    except Exception as error:
        failed.append(f"{name}: {error!r}")
for module in modules:
    forget()
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in OPTIONAL:  # an extra not installed
            failed.append(f"{module}: {error!r}")
    except Exception as error:
        failed.append(f"{module}: {error!r}")
print(len(names) + len(modules))
print("\n".join(failed))
"""


def test_every_name_and_module_can_be_imported_first() -> None:
    """An app's first import may be any public name or module: no import cycle may
    depend on what was imported before (``from fertility_rules import dump_state`` in a
    fresh interpreter once failed that way)."""
    code = f"OPTIONAL = {sorted(OPTIONAL_LIBRARIES)!r}\n{_FIRST_IMPORTS}"
    count, *failed = _printed_by(code).splitlines()
    assert int(count) > 100
    assert failed == []
