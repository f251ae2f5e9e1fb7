"""Keep the translations of the documentation pages current (Sphinx gettext workflow).

Usage, from the repository root: ``python docs/update_translations.py [--check]``.

1. Extracts the messages of every page with ``sphinx-build -b gettext`` into
   ``docs/_build/gettext/<page>.pot``. The generated pages (the rules, the list of
   interpretations) and the API docstrings are not extracted: the library translates
   the former, the latter stay in English.
2. Creates or updates ``docs/locales/<lang>/LC_MESSAGES/<page>.po`` for fr, pl and nl
   (new messages are added untranslated, obsolete ones dropped; ``sphinx.po`` keeps its
   overrides of Sphinx's own words, such as the search page's).
   Code blocks are messages too (their comments are read in the page's language): a
   block without comments is copied as it is; one with comments is translated by hand,
   changing nothing but the comments' text.
3. Prints, per language, how many messages are translated, untranslated or fuzzy.

With ``--check`` the ``.po`` files are compared with the pages but not written; the
exit status is 1 if a message is missing, untranslated or fuzzy. Sphinx compiles the
``.po`` files to ``.mo`` at build time; the ``.mo`` files are not committed.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from fertility_rules import __version__ as version

DOCS = Path(__file__).resolve().parent
TEMPLATES = DOCS / "_build" / "gettext"
LOCALES = DOCS / "locales"
LANGUAGES = ("fr", "pl", "nl")
NAMES = {"fr": "French", "pl": "Polish", "nl": "Dutch"}


def say(text: str) -> None:
    sys.stdout.write(text + "\n")


def extract() -> list[Path]:
    """The message templates of the pages that have translatable messages."""
    subprocess.run(
        [sys.executable, "-m", "sphinx", "-E", "-q", "-b", "gettext", str(DOCS), str(TEMPLATES)],
        check=True,
    )
    templates = []
    for pot in sorted(TEMPLATES.rglob("*.pot")):
        with pot.open("rb") as handle:
            if any(message.id for message in read_po(handle)):
                templates.append(pot)
    return templates


COMMENT = re.compile(r"(^|\s)(#|//)(\s.*)?$")
"""A comment of a code block (``#`` in Python and shells, ``//`` in JavaScript) at the
start of a line or after a space, to its end."""


def without_comments(code: str) -> str:
    """``code`` with its comments removed: what a translation of a code block keeps."""
    return "\n".join(COMMENT.sub("", line).rstrip() for line in code.split("\n"))


def code_blocks() -> set[str]:
    """The code blocks the extraction found (written by the documentation's extension)."""
    path = TEMPLATES / "code-blocks.json"
    return set(json.loads(path.read_text(encoding="utf-8"))) if path.exists() else set()


def updated(template: Catalog, po_file: Path, language: str) -> Catalog:
    """The catalogue of ``po_file`` (or a new one) updated to ``template``."""
    if po_file.exists():
        with po_file.open("rb") as handle:
            catalog = read_po(handle, locale=language)
    else:
        catalog = Catalog(
            locale=language,
            domain=po_file.stem,
            header_comment=f"# {NAMES[language]} translation of the fertility_rules documentation.",
            project="fertility_rules documentation",
            version=version,
            copyright_holder="fertility_rules contributors",
            last_translator="fertility_rules contributors",
            language_team=f"{NAMES[language]} <fertility_rules contributors>",
            creation_date=datetime.now(UTC),
            revision_date=datetime.now(UTC),
            fuzzy=False,
        )
    catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
    code = code_blocks()
    for message in catalog:
        if message.id in code and not message.string and without_comments(message.id) == message.id:
            message.string = message.id
    # sphinx.po overrides Sphinx's own words (the search page's, its result count line):
    # they are not in our templates, and are kept.
    kept = list(catalog.obsolete.values()) if po_file.stem == "sphinx" else []
    catalog.obsolete.clear()
    for message in kept:
        catalog.add(message.id, message.string, context=message.context, flags=message.flags)
    return catalog


def counts(catalog: Catalog) -> tuple[int, int, int]:
    translated = untranslated = fuzzy = 0
    for message in catalog:
        if not message.id:
            continue
        if message.fuzzy:
            fuzzy += 1
        elif message.string:
            translated += 1
        else:
            untranslated += 1
    return translated, untranslated, fuzzy


def main(argv: list[str]) -> int:
    check = "--check" in argv
    templates = extract()
    problems = 0
    for language in LANGUAGES:
        totals = [0, 0, 0]
        for pot in templates:
            page = pot.relative_to(TEMPLATES).with_suffix(".po")
            po_file = LOCALES / language / "LC_MESSAGES" / page
            with pot.open("rb") as handle:
                template = read_po(handle)
            before = po_file.read_bytes() if po_file.exists() else b""
            catalog = updated(template, po_file, language)
            if check:
                with po_file.open("rb") if po_file.exists() else open(pot, "rb") as handle:
                    current = {m.id for m in read_po(handle) if m.id}
                if current != {m.id for m in catalog if m.id}:
                    say(f"{language}: {page} is out of date")
                    problems += 1
            else:
                po_file.parent.mkdir(parents=True, exist_ok=True)
                with po_file.open("wb") as handle:
                    write_po(handle, catalog, width=100, omit_header=False)
                if po_file.read_bytes() != before:
                    say(f"{language}: wrote {po_file.relative_to(DOCS)}")
            for i, n in enumerate(counts(catalog)):
                totals[i] += n
        say(
            f"{language}: {totals[0]} translated, {totals[1]} untranslated, {totals[2]} fuzzy"
            f" ({len(templates)} pages)"
        )
        problems += totals[1] + totals[2]
    return 1 if check and problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
