"""What the documentation site takes from the library for Ankh'or (its gallery), and the
root page of the build leading to the Ankh'or part in every language."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fertility_rules.ankhor.document import gallery_blocks, worked_examples
from fertility_rules.ankhor.model import Kind
from fertility_rules.document.blocks import Figure, Heading

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["en", "fr", "pl", "nl"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_gallery_has_every_example_the_key_and_a_tile_of_each_kind(language: str) -> None:
    blocks = gallery_blocks(language)
    figures = [b for b in blocks if isinstance(b, Figure)]
    examples = {e.id for e in worked_examples(language)}
    kinds = {f"ankhor-{kind.value}" for kind in Kind}
    assert {f.name for f in figures} == examples | kinds | {"ankhor-key"}
    for figure in figures:
        for svg in figure.svgs:
            assert ET.fromstring(svg).get("lang") == language
    anchors = {b.anchor for b in blocks if isinstance(b, Heading) and b.anchor}
    assert all(anchor.startswith("ankhor-") for anchor in anchors)


def test_the_root_page_of_the_build_leads_to_ankhor(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("docs_build", ROOT / "docs" / "build.py")
    assert spec is not None
    assert spec.loader is not None
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    setattr(build, "OUTPUT", tmp_path)  # noqa: B010 - a module loaded from its file
    build.write_root_page()
    page = (tmp_path / "index.html").read_text(encoding="utf-8")
    for code in LANGUAGES:
        assert f'href="{code}/index.html"' in page
        assert f'href="{code}/ankhor/index.html"' in page
