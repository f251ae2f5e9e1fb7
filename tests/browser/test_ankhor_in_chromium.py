"""Ankh'or's rules document (four languages), its Sphinx pages and the documentation's
root page, loaded in headless Chromium: every picture laid out, every ``#`` link landing,
every label of a picture inside the picture (measured by the browser), the language
switcher and the root page leading to the Ankh'or part.

Needs the Debian package ``chromium`` and, for the Sphinx pages, the ``docs`` extra;
without them the tests are skipped locally, never in CI.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from fertility_rules.ankhor.document import rules_document, worked_examples
from fertility_rules.ankhor.document.rules_document import TITLE
from fertility_rules.i18n import render
from tests.browser.test_pages_in_chromium import ROOT, chromium, probe

LANGUAGES = ["en", "fr", "pl", "nl"]

LABELS = r"""
<script>
window.addEventListener("load", function () {
  // Every label of a picture lies inside the picture, as the browser draws it.
  var result = {pictures_measured: 0, labels_measured: 0, labels_outside: []};
  document.querySelectorAll("svg").forEach(function (svg) {
    if (svg.parentElement && svg.parentElement.closest("svg")) { return; }
    result.pictures_measured += 1;
    var frame = svg.getBoundingClientRect();
    svg.querySelectorAll("text").forEach(function (text) {
      if (!text.textContent.trim()) { return; }
      result.labels_measured += 1;
      var box = text.getBoundingClientRect();
      if (box.left < frame.left - 1 || box.right > frame.right + 1 ||
          box.top < frame.top - 1 || box.bottom > frame.bottom + 1) {
        result.labels_outside.push(text.textContent);
      }
    });
  });
  var out = document.createElement("pre");
  out.id = "extra-probe";
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
});
</script>
"""


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_ankhor_rules_document_renders_in_chromium(tmp_path: Path, language: str) -> None:
    page = tmp_path / f"ankhor-rules.{language}.html"
    document = rules_document(language, "html")
    page.write_text(document, encoding="utf-8")
    record = probe(page, LABELS)
    pictures = sum(len(example.svgs) for example in worked_examples(language))
    assert record["lang"] == language
    assert record["title"] == render(TITLE, language)  # French writes Ankh’or
    assert record["svgs"] == pictures + 1  # every worked example and the key, laid out...
    assert record["empty_svgs"] == []  # ...with a visible box
    assert record["broken_images"] == []
    assert record["links"] == document.count('href="#') > 40  # cited rule ids are links
    assert record["broken_links"] == []
    assert record["pictures_measured"] == pictures + 1
    assert record["labels_measured"] > 300
    assert record["labels_outside"] == []


@pytest.mark.slow
def test_ankhor_sphinx_pages_render_in_chromium(tmp_path: Path) -> None:
    chromium()
    pytest.importorskip("sphinx", reason="the docs extra is not installed")
    out = tmp_path / "html"
    command = [sys.executable, "-m", "sphinx", "-q", "-b", "html", "-D", "language=nl"]
    built = subprocess.run(
        [*command, str(ROOT / "docs"), str(out)],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    home = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="ankhor/index.html"' in home  # the home page leads to the Ankh'or part
    for name in ("index", "rules", "gallery", "pictures"):
        page = (out / "ankhor" / f"{name}.html").read_text(encoding="utf-8")
        switcher = re.findall(rf'href="\.\./\.\./(en|fr|pl)/ankhor/{name}\.html" hreflang', page)
        assert sorted(switcher) == ["en", "fr", "pl"], name
    pictures = sum(len(example.svgs) for example in worked_examples("nl"))
    for name, least in (("rules", pictures + 1), ("gallery", pictures + 8)):
        record = probe(out / "ankhor" / f"{name}.html")
        assert record["lang"] == "nl"
        assert record["svgs"] + record["images"] >= least, name
        assert record["empty_svgs"] == []
        assert record["broken_images"] == []
        assert record["broken_links"] == []
    record = probe(out / "ankhor" / "rules.html")
    assert record["links"] > 40
