"""The HTML rules document (four languages) and a Sphinx page, loaded in headless Chromium.

A probe script, appended to a copy of each page, records through the DOM what the
browser made of it: every ``<img>`` loaded (``complete`` and ``naturalWidth > 0``),
every inline ``<svg>`` laid out with a non-empty box, every ``href="#…"`` landing on an
element of that id. Chromium prints the DOM after the scripts ran (``--dump-dom``).

Chromium is the Debian package ``chromium`` (``.ci/run`` installs it); the Sphinx page
also needs Sphinx (the ``docs`` extra). Without them the tests are skipped locally, with
the reason, never in CI (``CI`` set).
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from fertility_rules.cli import main
from fertility_rules.fertility.document import rules_document
from fertility_rules.fertility.document.examples import worked_examples

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

PROBE = r"""
<script>
window.addEventListener("load", function () {
  var result = {lang: document.documentElement.lang, title: document.title,
    images: 0, broken_images: [], svgs: 0, empty_svgs: [], links: 0, broken_links: []};
  Array.prototype.forEach.call(document.images, function (img) {
    result.images += 1;
    if (!(img.complete && img.naturalWidth > 0)) { result.broken_images.push(img.src); }
  });
  document.querySelectorAll("svg").forEach(function (svg) {
    if (svg.parentElement && svg.parentElement.closest("svg")) { return; }
    result.svgs += 1;
    var box = svg.getBoundingClientRect();
    if (!(box.width > 0 && box.height > 0)) { result.empty_svgs.push(svg.outerHTML.slice(0, 80)); }
  });
  // Labels measured by the browser: no two texts of a picture overlap, and no text
  // leaves the frame of the Shop, District or track cell it belongs to.
  result.label_overlaps = [];
  result.label_overflows = [];
  result.labels = 0;
  function inside(inner, outer) {
    return inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 &&
      inner.x + inner.width <= outer.x + outer.width + 0.5 &&
      inner.y + inner.height <= outer.y + outer.height + 0.5;
  }
  document.querySelectorAll("svg").forEach(function (svg) {
    if (svg.parentElement && svg.parentElement.closest("svg")) { return; }
    var boxes = [];
    svg.querySelectorAll("text").forEach(function (text) {
      if (!text.textContent.trim()) { return; }
      boxes.push([text.textContent, text.getBBox()]);
    });
    result.labels += boxes.length;
    for (var i = 0; i < boxes.length; i++) {
      for (var j = i + 1; j < boxes.length; j++) {
        var a = boxes[i][1], b = boxes[j][1];
        var w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        var h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (w > 1 && h > 1) { result.label_overlaps.push(boxes[i][0] + " / " + boxes[j][0]); }
      }
    }
    svg.querySelectorAll("g.shop, g.district, g.track-cell").forEach(function (group) {
      var frame = group.querySelector(":scope > rect");
      if (!frame) { return; }
      var outer = frame.getBBox();
      group.querySelectorAll("text").forEach(function (text) {
        if (text.textContent.trim() && !inside(text.getBBox(), outer)) {
          result.label_overflows.push(text.textContent);
        }
      });
    });
  });
  var main = document.querySelector('[role="main"]') || document.body;
  result.main_text = main.textContent.replace(/\s+/g, " ");
  document.querySelectorAll('a[href^="#"]').forEach(function (a) {
    result.links += 1;
    var target = decodeURIComponent(a.getAttribute("href").slice(1));
    if (target && !document.getElementById(target)) { result.broken_links.push(target); }
  });
  var out = document.createElement("pre");
  out.id = "browser-probe";
  out.textContent = JSON.stringify(result);
  document.body.appendChild(out);
});
</script>
"""


def missing(reason: str) -> None:
    """Skip for ``reason`` on a developer's machine; fail in CI, which installs everything."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI must install it (.ci/run)")
    pytest.skip(reason)


def chromium() -> str:
    if not Path(CHROMIUM).exists():
        missing("Chromium is not installed (apt-get install chromium)")
    return CHROMIUM


def sphinx() -> None:
    try:
        import sphinx  # noqa: F401
    except ImportError:
        missing("Sphinx is not installed (pip install -e '.[docs]')")


def chromium_dom(url: str) -> str:
    """The DOM of ``url`` once headless Chromium has run its scripts."""
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [
                chromium(),
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                f"--user-data-dir={profile}",
                "--window-size=1200,900",
                "--virtual-time-budget=20000",
                "--dump-dom",
                url,
            ],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    return done.stdout


def found_pages(search_page: Path, query: str) -> set[str]:
    """The pages the site's search page lists for ``query`` (sections aside)."""
    dom = chromium_dom(f"{search_page.as_uri()}?q={quote(query)}")
    results = re.search(r'<ul role="list" class="search">(.*?)</ul>', dom, re.S)
    assert results, dom[-2000:]
    return set(re.findall(r'<li class="kind-text"><a href="([^"#]*)"', results.group(1)))


def probe(page: Path, extra: str = "") -> dict[str, Any]:
    """Load ``page`` (with the probe appended) in headless Chromium; the probe's record.

    ``extra`` is a script of its own, appended too; what it writes as JSON in a
    ``<pre id="extra-probe">`` joins the record."""
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("</body>", PROBE + extra + "</body>", 1), encoding="utf-8")
    dom = chromium_dom(page.as_uri())
    found = re.search(r'<pre id="browser-probe">(.*?)</pre>', dom, re.S)
    assert found, dom[-2000:]
    record: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    more = re.search(r'<pre id="extra-probe">(.*?)</pre>', dom, re.S)
    if extra:
        assert more, dom[-2000:]
        record.update(json.loads(html.unescape(more.group(1))))
    return record


SIDEBAR_PROBE = r"""
<script>
window.addEventListener("load", function () {
  // Every entry of the sidebar ends inside it: none is cut at its right edge.
  var bar = document.querySelector("div.sphinxsidebar");
  var right = bar.getBoundingClientRect().right;
  var entries = bar.querySelectorAll("a, code, span.pre");
  var clipped = [];
  entries.forEach(function (entry) {
    if (entry.getBoundingClientRect().right > right + 0.5) { clipped.push(entry.textContent); }
  });
  var out = document.createElement("pre");
  out.id = "extra-probe";
  out.textContent = JSON.stringify({sidebar_entries: entries.length, clipped: clipped});
  document.body.appendChild(out);
});
</script>
"""


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_rules_document_renders_in_chromium(tmp_path: Path, language: str) -> None:
    page = tmp_path / f"rules.{language}.html"
    document = rules_document(language, "html")
    page.write_text(document, encoding="utf-8")
    record = probe(page)
    pictures = sum(len(example.svgs) for example in worked_examples(language))
    assert record["lang"] == language
    assert record["title"].startswith("Fertility")
    assert record["svgs"] == pictures + 1  # every worked example and the key, laid out...
    assert record["empty_svgs"] == []  # ...with a visible box
    assert record["broken_images"] == []
    assert record["links"] == document.count('href="#') > 20  # cited rule ids are links
    assert record["broken_links"] == []
    assert record["labels"] > 500
    assert record["label_overlaps"] == []  # measured by the browser, in every language
    assert record["label_overflows"] == []


@pytest.mark.slow
@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_markdown_rules_to_standard_output_show_their_pictures(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The pictures inside the Markdown written to standard output are HTML images, which
    Markdown viewers pass through as they are: Chromium loads every one of them."""
    assert main(["rules", "--game", game, "--lang", "pl"]) == 0
    images = re.findall(r"<img [^>]*>", capsys.readouterr().out)
    page = tmp_path / "pictures.html"
    head = '<!DOCTYPE html><html lang="pl"><head><meta charset="utf-8"><title>-</title></head>'
    page.write_text(head + "<body>" + "\n".join(images) + "</body></html>", encoding="utf-8")
    record = probe(page)
    assert record["images"] == len(images) > 10
    assert record["broken_images"] == []


@pytest.mark.slow
def test_sphinx_rules_page_renders_in_chromium(tmp_path: Path) -> None:
    chromium()
    sphinx()
    out = tmp_path / "html"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-b",
            "html",
            "-D",
            "language=pl",
            ROOT / "docs",
            out,
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    page = (out / "rules.html").read_text(encoding="utf-8")
    switcher = re.findall(r'href="\.\./(en|fr|nl)/rules\.html" hreflang', page)
    assert sorted(switcher) == ["en", "fr", "nl"]
    record = probe(out / "rules.html")
    assert record["lang"] == "pl"
    # The pictures are images (their labels out of the search index and the snippets).
    pictures = sum(len(example.svgs) for example in worked_examples("pl"))
    assert record["images"] >= pictures
    assert record["broken_images"] == []
    assert record["links"] > 0
    assert record["broken_links"] == []
    assert "aabbccddeeff" not in record["main_text"]  # a board's coordinates, as indexed
    assert "Żeton Doliny V" not in record["main_text"]  # a picture's title
    # The search page in Polish, its result count line included (Sphinx leaves them empty).
    search = (out / "search.html").read_text(encoding="utf-8")
    assert "Searching for multiple words" not in search
    assert "Wyszukiwanie kilku słów" in search
    words = (out / "_static" / "translations.js").read_text(encoding="utf-8")
    assert "stron pasujących do zapytania" in words
    index = (out / "searchindex.js").read_text(encoding="utf-8")
    assert "aabbccddeeff" not in index
    # The API reference's sidebar lists every module whole.
    api = probe(out / "api" / "index.html", SIDEBAR_PROBE)
    assert api["sidebar_entries"] > 20
    assert api["clipped"] == []
    # Code blocks are read with their comments in Polish, their code unchanged.
    quickstart = (out / "quickstart.html").read_text(encoding="utf-8")
    assert "każdy legalny ruch tej decyzji" in quickstart
    assert "every legal move of this decision" not in quickstart
    # Polish words are found in every form (the site's own Polish stemming).
    bare = found_pages(out / "search.html", "Kamieniołom")
    assert len(bare) >= 5
    assert found_pages(out / "search.html", "Kamieniołomy") == bare
    assert found_pages(out / "search.html", "Kamieniołomu") == bare
    assert found_pages(out / "search.html", "metropolii") == found_pages(
        out / "search.html", "Metropolia"
    )
