"""Fertility's rule texts and glossary, in the four languages.

The English rule texts are a data file in the project's own words
(``fertility/data/rule_texts.toml``, ids ``R-…`` and ``I-…``), translated in the gettext
catalogues with the rule id as context; the glossary holds the official terms of the
rulebooks in English, French, Polish and Dutch (``fertility/data/glossary.toml``).
"""

from __future__ import annotations

import functools
import re

from fertility_rules.shared.glossary import Term, load_glossary
from fertility_rules.shared.rule_texts import RuleText, find_rule_text, load_rule_texts

__all__ = ["RULE_ID", "glossary", "rule_text", "rule_texts"]

RULE_ID = re.compile(r"^(R-\d+(\.\d+)?(\.[A-D])?|I-\d+)$")
"""The shape of a Fertility rule or interpretation id."""


@functools.cache
def rule_texts() -> tuple[RuleText, ...]:
    """Every Fertility rule and interpretation text, in specification order."""
    return load_rule_texts("fertility_rules.fertility", "data/rule_texts.toml", RULE_ID)


def rule_text(rule_id: str) -> RuleText:
    """The text of ``rule_id`` (``R-3.3.D``, ``I-1``...)."""
    return find_rule_text(rule_texts(), rule_id)


@functools.cache
def glossary() -> tuple[Term, ...]:
    """Fertility's terms in the four languages."""
    return load_glossary("fertility_rules.fertility", "data/glossary.toml")
