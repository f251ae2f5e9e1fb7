"""The README's Python examples and its two set-up commands stay true."""

from __future__ import annotations

import re
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
