"""Code blocks of the documentation pages in French, Polish and Dutch.

Code blocks are messages of the pages' catalogues, so that their comments are read in
the page's language. A translation changes nothing but the comments: the code a reader
copies is the code the English page runs. The blocks are those Sphinx's gettext builder
extracts (the documentation's extension lists them in ``code-blocks.json``).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _tool() -> ModuleType:
    """``docs/update_translations.py``, the script that keeps the catalogues."""
    spec = importlib.util.spec_from_file_location(
        "update_translations", DOCS / "update_translations.py"
    )
    if spec is None or spec.loader is None:
        raise RuntimeError("docs/update_translations.py is missing")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def code_blocks(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    pytest.importorskip("sphinx", reason="the docs extra (pip install -e '.[docs]')")
    out = tmp_path_factory.mktemp("gettext")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-q", "-b", "gettext", str(DOCS), str(out)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    blocks: list[str] = json.loads((out / "code-blocks.json").read_text(encoding="utf-8"))
    return set(blocks)


def test_comments_are_what_a_translation_may_change() -> None:
    strip = _tool().without_comments
    code = 'x = f(1)   # the first move\n# a whole line\nurl = "a#b"  # kept: "#b" is code'
    assert strip(code) == 'x = f(1)\n\nurl = "a#b"'
    assert strip("print(1)") == "print(1)"
    script = 'let s = null;  // the last frame\nnew WebSocket("ws://host/a");'
    assert strip(script) == 'let s = null;\nnew WebSocket("ws://host/a");'


@pytest.mark.slow
def test_the_blocks_are_extracted(code_blocks: set[str]) -> None:
    quickstart = [block for block in code_blocks if "fr.legal_moves(game)" in block]
    assert any("# every legal move of this decision" in block for block in quickstart)
    assert len(code_blocks) > 50


@pytest.mark.slow
@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_translated_blocks_change_only_their_comments(code_blocks: set[str], language: str) -> None:
    strip = _tool().without_comments
    seen: set[str] = set()
    commented = 0
    for po_file in sorted((DOCS / "locales" / language / "LC_MESSAGES").rglob("*.po")):
        with po_file.open("rb") as handle:
            catalog = read_po(handle, locale=language)
        for message in catalog:
            if message.id not in code_blocks:
                continue
            seen.add(message.id)
            assert message.string, f"{po_file.name}: a code block is not translated"
            assert strip(message.string) == strip(message.id), (po_file.name, message.id[:60])
            if strip(message.id) != message.id and message.string != message.id:
                commented += 1
    assert seen == code_blocks  # every block, in its page's catalogue
    assert commented >= 20  # the blocks with prose comments read in the language
