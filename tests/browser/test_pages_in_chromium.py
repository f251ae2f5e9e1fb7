"""The HTML rules document (four languages) and a Sphinx page, loaded in headless Chromium.

A probe script, appended to a copy of each page, records through the DOM what the
browser made of it: every ``<img>`` loaded (``complete`` and ``naturalWidth > 0``),
every inline ``<svg>`` laid out with a non-empty box, every ``href="#…"`` landing on an
element of that id. Chromium prints the DOM after the scripts ran (``--dump-dom``).

Chromium is the Debian package ``chromium`` (``.ci/run`` installs it). Without it the
test is skipped locally, never in CI (``CI`` set).
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

import pytest

from fertility_rules.document import rules_document
from fertility_rules.document.examples import worked_examples

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"

PROBE = """
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


def chromium() -> str:
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if os.environ.get("CI"):
        pytest.fail("Chromium is required in CI (.ci/run installs the Debian package)")
    pytest.skip("Chromium is not installed (apt-get install chromium)")


def probe(page: Path, extra: str = "") -> dict[str, Any]:
    """Load ``page`` (with the probe appended) in headless Chromium; the probe's record.

    ``extra`` is a script of its own, appended too; what it writes as JSON in a
    ``<pre id="extra-probe">`` joins the record."""
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("</body>", PROBE + extra + "</body>", 1), encoding="utf-8")
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
                page.as_uri(),
            ],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    found = re.search(r'<pre id="browser-probe">(.*?)</pre>', done.stdout, re.S)
    assert found, done.stderr[-2000:]
    record: dict[str, Any] = json.loads(html.unescape(found.group(1)))
    more = re.search(r'<pre id="extra-probe">(.*?)</pre>', done.stdout, re.S)
    if extra:
        assert more, done.stderr[-2000:]
        record.update(json.loads(html.unescape(more.group(1))))
    return record


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
    assert record["svgs"] == pictures  # every worked example, laid out...
    assert record["empty_svgs"] == []  # ...with a visible box
    assert record["broken_images"] == []
    assert record["links"] == document.count('href="#') > 20  # cited rule ids are links
    assert record["broken_links"] == []


@pytest.mark.slow
def test_sphinx_rules_page_renders_in_chromium(tmp_path: Path) -> None:
    chromium()
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
            "language=fr",
            ROOT / "docs",
            out,
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    record = probe(out / "rules.html")
    assert record["lang"] == "fr"
    assert record["svgs"] >= len(worked_examples("fr"))
    assert record["empty_svgs"] == []
    assert record["broken_images"] == []
    assert record["links"] > 0
    assert record["broken_links"] == []
    page = (out / "rules.html").read_text(encoding="utf-8")
    switcher = re.findall(r'href="\.\./(en|pl|nl)/rules\.html" hreflang', page)
    assert sorted(switcher) == ["en", "nl", "pl"]
