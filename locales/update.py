"""Keep the gettext catalogues current: extract, update, fill English.

Run from the repository root: ``python locales/update.py``. It extracts every
message of the package (Python strings and rule texts) into
``locales/fertility_rules.pot``, updates ``locales/<lang>/LC_MESSAGES/fertility_rules.po``
for fr, pl, nl and en, and fills the English catalogue with the source texts.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po
from catalogues import compile_catalogues

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
DOMAIN = "fertility_rules"
LANGUAGES = ("en", "fr", "pl", "nl")


def pybabel(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", *args], check=True, cwd=ROOT)


def fill_english(po_path: Path) -> None:
    with po_path.open("rb") as handle:
        catalog = read_po(handle, locale="en", domain=DOMAIN)
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(message.id)
        else:
            message.string = message.id
        message.flags.discard("fuzzy")
    with po_path.open("wb") as handle:
        write_po(handle, catalog, width=100, omit_header=False)


def main() -> None:
    pot = LOCALES / f"{DOMAIN}.pot"
    pybabel(
        "extract",
        "-F",
        "locales/babel.cfg",
        "-o",
        str(pot),
        "--no-location",
        "--sort-output",
        "--project",
        "fertility_rules",
        "--width",
        "100",
        "-k",
        "_",
        "-k",
        "ngettext:1,2",
        "-k",
        "pgettext:1c,2",
        ".",
    )
    for language in LANGUAGES:
        po = LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.exists():
            pybabel(
                "update",
                "-i",
                str(pot),
                "-o",
                str(po),
                "-l",
                language,
                "--width",
                "100",
                "--no-fuzzy-matching",
                "--ignore-obsolete",
            )
        else:
            pybabel("init", "-i", str(pot), "-o", str(po), "-l", language, "--width", "100")
        if language == "en":
            fill_english(po)
    compile_catalogues(ROOT)


if __name__ == "__main__":
    main()
