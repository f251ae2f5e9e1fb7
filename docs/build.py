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
    say(f"total: {time.perf_counter() - start:.1f} s")
    if failed:
        say(f"documentation build failed: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
