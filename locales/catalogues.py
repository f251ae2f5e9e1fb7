"""Compile the ``.po`` catalogues of ``locales/`` into ``.mo`` files inside the package."""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

DOMAIN = "fertility_rules"


def compile_catalogues(root: Path) -> list[Path]:
    """Compile every ``locales/<lang>/LC_MESSAGES/*.po``; returns the ``.mo`` files."""
    written = []
    for po_file in sorted((root / "locales").glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        language = po_file.parent.parent.name
        with po_file.open("rb") as handle:
            catalog = read_po(handle, locale=language, domain=DOMAIN)
        target = root / DOMAIN / "locales" / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written beside and renamed over: a process reading the catalogue meanwhile (a
        # build runs while the library is in use) sees the old file or the new, never half.
        partial = target.with_name(f".{target.name}.{os.getpid()}")
        with partial.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        os.replace(partial, target)
        written.append(target)
    return written


if __name__ == "__main__":
    for path in compile_catalogues(Path(__file__).resolve().parent.parent):
        print(path)  # noqa: T201 - the command reports what it wrote
