"""Build hook: compile the gettext catalogues of ``locales/`` into the package.

The ``.mo`` files are build products (not in git); they are listed as wheel
artifacts in ``pyproject.toml`` and written into the source tree, so an editable
install finds them too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from hatchling.builders.hooks.plugin.interface import BuildHookInterface

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
        with target.open("wb") as handle:
            write_mo(handle, catalog, use_fuzzy=False)
        written.append(target)
    return written


class CustomBuildHook(BuildHookInterface):  # type: ignore[misc]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        compile_catalogues(Path(self.root))
