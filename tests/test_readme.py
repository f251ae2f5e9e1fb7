"""The README's Python examples and its two set-up commands stay true."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README, re.DOTALL)
    assert blocks
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})


def test_first_lines_are_the_two_setup_commands() -> None:
    lines = README.splitlines()
    assert lines[0] == "```sh"
    assert "fertility-rules demo" in lines[1]
    assert "pytest" in lines[2]
    assert "[test]" in lines[2]
    assert lines[3] == "```"


def test_example_files_named_in_the_readme_exist() -> None:
    for path in re.findall(r"(docs/examples/[\w.]+)", README):
        assert (ROOT / path).exists(), path


HIDE_SPHINX = """
import importlib.abc
import sys


class _Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "sphinx" or name.startswith("sphinx."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, _Hidden())
"""


def test_the_test_command_holds_without_the_docs_extra(tmp_path: Path) -> None:
    """The README's second command installs ``[test]`` only: a test that needs Sphinx (the
    ``docs`` extra) is skipped with its reason there, never failed (CI installs both)."""
    (tmp_path / "sitecustomize.py").write_text(HIDE_SPHINX, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PYTHONPATH"] = str(tmp_path)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-rs",
            "tests/browser/test_pages_in_chromium.py::test_sphinx_rules_page_renders_in_chromium",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:]
    assert "1 skipped" in done.stdout
    assert re.search(r"SKIPPED .*(Sphinx|Chromium) is not installed", done.stdout)


def test_the_readme_says_how_long_the_tests_take() -> None:
    assert re.search(r"The test suite takes about \d+\s+minutes", README)
