"""Build hook: compile the gettext catalogues of ``locales/`` into the package, and the
adapters' optional C loops (``fertility_rules/encoding/_speedups.c``) when a C compiler
and Python's headers are there.

The ``.mo`` files and the compiled module are build products (not in git); they are
listed as wheel artifacts in ``pyproject.toml`` and written into the source tree, so an
editable install finds them too. Without a compiler, or with
``FERTILITY_RULES_PURE_PYTHON=1``, the package is pure Python and runs the same loops in
Python (:mod:`fertility_rules.encoding.speedups`).
"""

from __future__ import annotations

import importlib.util
import os
import shlex
import subprocess
import sys
import sysconfig
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
        if _compile_speedups(Path(self.root)):
            build_data["pure_python"] = False
            build_data["infer_tag"] = True


def _compile_speedups(root: Path) -> bool:
    """Compile the adapters' C loops next to their source; whether it was done."""
    source = root / "fertility_rules" / "encoding" / "_speedups.c"
    target = source.with_name("_speedups" + str(sysconfig.get_config_var("EXT_SUFFIX")))
    target.unlink(missing_ok=True)
    if os.environ.get("FERTILITY_RULES_PURE_PYTHON") == "1":
        return False
    compiler = shlex.split(str(sysconfig.get_config_var("CC") or "cc"))
    include = sysconfig.get_paths()["include"]
    command = [*compiler, "-shared", "-fPIC", "-O2", f"-I{include}", str(source), "-o", str(target)]
    try:
        subprocess.run(command, check=True, capture_output=True, timeout=300)
    except (OSError, subprocess.SubprocessError) as error:
        sys.stderr.write(f"fertility_rules: C loops not built ({error}); pure Python\n")
        target.unlink(missing_ok=True)
        return False
    return True
