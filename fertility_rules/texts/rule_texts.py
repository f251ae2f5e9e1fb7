"""The text of every rule and interpretation, in the four languages.

The English source is a data file validated at load time; translations live in the
gettext catalogues with the rule id as message context.
"""

from __future__ import annotations

import functools
import re
import tomllib
from importlib import resources

from attrs import frozen

from fertility_rules.errors import MalformedInputError, Problem, UnknownIdError
from fertility_rules.i18n.message import Message, _, pgettext

__all__ = ["RULE_ID", "RuleText", "rule_text", "rule_texts"]

RULE_ID = re.compile(r"^(R-\d+(\.\d+)?(\.[A-D])?|I-\d+)$")
"""The shape of a rule or interpretation id."""


@frozen
class RuleText:
    """A rule's title and text, as translatable messages."""

    id: str
    title: Message
    text: Message

    @property
    def is_interpretation(self) -> bool:
        return self.id.startswith("I-")

    @property
    def section(self) -> str:
        """``R-3`` for ``R-3.3.A``; the id itself for sections and interpretations."""
        return self.id.split(".")[0]


@functools.cache
def rule_texts() -> tuple[RuleText, ...]:
    """Every rule text, in specification order."""
    source = resources.files("fertility_rules.i18n").joinpath("data/rule_texts.toml")
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    problems: list[Problem] = []
    texts: list[RuleText] = []
    seen: set[str] = set()
    for index, entry in enumerate(data.get("rule", [])):
        path = f"$.rule[{index}]"
        rule_id, title, text = entry.get("id"), entry.get("title"), entry.get("text")
        if not isinstance(rule_id, str) or not RULE_ID.match(rule_id) or rule_id in seen:
            problems.append(Problem(path, _("invalid or repeated rule id {id!r}", id=str(rule_id))))
            continue
        if not isinstance(title, str) or not isinstance(text, str) or not title or not text:
            problems.append(Problem(path, _("a rule needs a title and a text")))
            continue
        seen.add(rule_id)
        texts.append(RuleText(rule_id, pgettext(rule_id, title), pgettext(rule_id, text)))
    if problems:
        raise MalformedInputError(problems, "rule_texts.toml")
    return tuple(texts)


def rule_text(rule_id: str) -> RuleText:
    """The text of ``rule_id`` (``R-3.3.D``, ``I-1``...)."""
    for text in rule_texts():
        if text.id == rule_id:
            return text
    raise UnknownIdError(_("Unknown rule id {id!r}.", id=rule_id))
