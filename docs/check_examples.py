"""Run the Python examples of the documentation, so that they keep matching the API.

Every ``.. code-block:: python`` of a page is run, in page order, in one namespace per
page, from a temporary folder in which ``docs/`` points to this folder (examples read
``docs/examples/...`` as from the repository root, and write their files in the
temporary folder). Usage: ``python docs/check_examples.py [PAGE.rst ...]``; exits 1 if
an example fails. ``docs/build.py`` runs it before building the HTML.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import tempfile
import textwrap
import traceback
import types
from pathlib import Path

DOCS = Path(__file__).resolve().parent
SKIP = ("_build", "_generated", "locales", "examples")
DIRECTIVE = re.compile(r"^(\s*)\.\. code-block:: python\s*$")


def python_blocks(text: str) -> list[tuple[int, str]]:
    """``(line number, code)`` of every Python code block of a reST text."""
    lines = text.splitlines()
    blocks: list[tuple[int, str]] = []
    i = 0
    while i < len(lines):
        match = DIRECTIVE.match(lines[i])
        i += 1
        if not match:
            continue
        indent = len(match.group(1))
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or _indent(lines[i]) > indent):
            body.append(lines[i])
            i += 1
        code = textwrap.dedent("\n".join(body)).strip("\n")
        code_lines = code.splitlines()
        while code_lines and code_lines[0].startswith(":"):  # directive options
            code_lines.pop(0)
        blocks.append((i - len(body), "\n".join(code_lines)))
    return blocks


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def pages() -> list[Path]:
    return sorted(
        p
        for p in DOCS.rglob("*.rst")
        if not any(part in SKIP for part in p.relative_to(DOCS).parts)
    )


def _name(page: Path) -> str:
    return str(page.relative_to(DOCS)) if page.is_relative_to(DOCS) else str(page)


def run_page(page: Path) -> list[str]:
    """Run the examples of ``page``; returns the failures."""
    # A real module, as a reader's script would be: typing and cattrs resolve the
    # annotations of classes defined in the examples through ``sys.modules``.
    module = types.ModuleType("__docs_example__")
    sys.modules[module.__name__] = module
    namespace = module.__dict__
    failures = []
    for line, code in python_blocks(page.read_text(encoding="utf-8")):
        output = io.StringIO()
        try:
            with contextlib.redirect_stdout(output):
                exec(compile(code, f"{_name(page)}:{line}", "exec", dont_inherit=True), namespace)
        except Exception:
            failures.append(f"{_name(page)}, block at line {line}:\n{traceback.format_exc()}")
            break
    return failures


def main(argv: list[str]) -> int:
    selected = [Path(a).resolve() for a in argv] or pages()
    failures: list[str] = []
    count = 0
    cwd = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        os.symlink(DOCS, Path(folder) / "docs")
        os.chdir(folder)
        try:
            for page in selected:
                count += len(python_blocks(page.read_text(encoding="utf-8")))
                failures += run_page(page)
        finally:
            os.chdir(cwd)
    for failure in failures:
        sys.stderr.write(failure + "\n")
    sys.stdout.write(f"documentation examples: {count} blocks, {len(failures)} failing\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
