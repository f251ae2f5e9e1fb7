"""Build hook: compile the gettext catalogues of ``locales/`` into the package.

The ``.mo`` files are build products (not in git); they are listed as wheel
artifacts in ``pyproject.toml`` and written into the source tree, so an editable
install finds them too.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        spec = importlib.util.spec_from_file_location(
            "fertility_rules_catalogues", Path(__file__).with_name("catalogues.py")
        )
        if spec is None or spec.loader is None:
            raise RuntimeError("locales/catalogues.py is missing")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.compile_catalogues(Path(self.root))
