"""Generated documents: the complete rules in any language and format."""

from fertility_rules.document.blocks import FORMATS
from fertility_rules.fertility.document.rules_document import rules_blocks, rules_document

__all__ = ["FORMATS", "rules_blocks", "rules_document"]
