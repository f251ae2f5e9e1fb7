"""Fertility's documents: the complete rules in any language and format, with worked
examples drawn from positions the engine reached.

API: ``rules_document(language, fmt="md", catalogue=None)`` (``md``, ``rst`` or
``html``), ``rules_blocks``, ``rules_pictures`` (the SVG files a Markdown document refers
to), ``worked_examples``, ``gallery_blocks`` (the documentation site's picture page).
"""

from fertility_rules.fertility.document.examples import worked_examples
from fertility_rules.fertility.document.rules_document import (
    rules_blocks,
    rules_document,
    rules_pictures,
)
from fertility_rules.fertility.document.site import gallery_blocks

__all__ = [
    "gallery_blocks",
    "rules_blocks",
    "rules_document",
    "rules_pictures",
    "worked_examples",
]
