"""Build the HTML documentation in English, French, Polish and Dutch.

Usage, from the repository root: ``python docs/build.py [LANG ...]``.

It first runs the Python examples of the pages (``docs/check_examples.py``), then
builds each language into its own folder, ``docs/_build/html/<lang>``, with warnings
as errors. It prints the time taken per language and in total, and exits with
status 1 if an example or a build fails.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

DOCS = Path(__file__).resolve().parent
OUTPUT = DOCS / "_build" / "html"
LANGUAGES = ("en", "fr", "pl", "nl")

sys.path.insert(0, str(DOCS))

import check_examples  # noqa: E402 - found through the path set just above


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def build(language: str) -> bool:
    """One language, from a fresh environment so that every warning shows."""
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-W",
        "--keep-going",
        "-E",
        "-q",
        "-b",
        "html",
        "-D",
        f"language={language}",
        str(DOCS),
        str(OUTPUT / language),
    ]
    return subprocess.run(command, check=False).returncode == 0


ROOT_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>fertility_rules — documentation</title>
<style>
body {{ font-family: Georgia, serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem;
  color: #3e4349; }}
h1, h2 {{ font-weight: normal; }}
ul {{ list-style: none; padding: 0; font-size: 1.3rem; line-height: 2.2; }}
a {{ color: #004b6b; }}
</style></head><body>
<h1>fertility_rules</h1>
<p>The rules of the board games <em>Fertility</em> and <em>Ankh'or</em>: documentation in
four languages.</p>
<ul>
{links}
</ul>
<h2>Ankh'or</h2>
<ul class="ankhor">
{ankhor}
</ul>
</body></html>
"""
"""The page at the root of the build: one link per language, to the home page and to
the Ankh'or part."""

NAMES = {"en": "English", "fr": "Français", "pl": "Polski", "nl": "Nederlands"}


def _links(page: str) -> str:
    return "\n".join(
        f'<li><a href="{code}/{page}" hreflang="{code}" lang="{code}">{name}</a></li>'
        for code, name in NAMES.items()
    )


def write_root_page() -> None:
    """``_build/html/index.html``, linking the home page and the Ankh'or part of each
    language."""
    page = ROOT_PAGE.format(links=_links("index.html"), ankhor=_links("ankhor/index.html"))
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / "index.html").write_text(page, encoding="utf-8")


def main(argv: list[str]) -> int:
    languages = argv or list(LANGUAGES)
    unknown = [lang for lang in languages if lang not in LANGUAGES]
    if unknown:
        say(f"unknown language(s): {', '.join(unknown)}; expected: {', '.join(LANGUAGES)}")
        return 2
    start = time.perf_counter()
    failed: list[str] = []
    if check_examples.main([]) != 0:
        failed.append("examples")
    say(f"examples: {time.perf_counter() - start:.1f} s")
    for language in languages:
        begin = time.perf_counter()
        ok = build(language)
        status = "ok" if ok else "FAILED"
        say(f"{language}: {time.perf_counter() - begin:.1f} s, {status} -> {OUTPUT / language}")
        if not ok:
            failed.append(language)
    write_root_page()
    say(f"total: {time.perf_counter() - start:.1f} s")
    if failed:
        say(f"documentation build failed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
