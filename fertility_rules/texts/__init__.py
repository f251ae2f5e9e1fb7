"""Rule texts and the glossary: translated data (``i18n/data``), validated when loaded.

They sit above :mod:`fertility_rules.errors`, which itself sits above the i18n core
(languages, messages, rendering), so that no import cycle runs through the errors.
"""

from fertility_rules.texts.glossary import Term, glossary
from fertility_rules.texts.rule_texts import RuleText, rule_text, rule_texts

__all__ = ["RuleText", "Term", "glossary", "rule_text", "rule_texts"]
