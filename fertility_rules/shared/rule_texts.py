"""The text of every rule and interpretation, in the four languages.

The English source is a data file validated at load time; translations live in the
gettext catalogues with the rule id as message context. :func:`load_rule_texts` reads
any game's file; each game's package gives its own texts (``rule_texts``, ``rule_text``).
"""

from __future__ import annotations

import re

from attrs import frozen

from fertility_rules.errors import MalformedInputError, Problem, UnknownIdError
from fertility_rules.i18n.message import Message, _, pgettext
from fertility_rules.shared.package_data import package_toml

__all__ = ["RuleText", "find_rule_text", "load_rule_texts"]


@frozen
class RuleText:
    """A rule's title and text, as translatable messages."""

    id: str
    title: Message
    text: Message

    @property
    def is_interpretation(self) -> bool:
        """Whether the id is an interpretation's (``I-1`` for Fertility, ``Q-1`` for Ankh'or)."""
        return self.id[:2] in ("I-", "Q-")

    @property
    def section(self) -> str:
        """``R-3`` for ``R-3.3.A``; the id itself for sections and interpretations."""
        return self.id.split(".")[0]


def load_rule_texts(package: str, resource: str, pattern: re.Pattern[str]) -> tuple[RuleText, ...]:
    """Every rule text of the data file ``resource`` of ``package``, in file order; each
    id must match ``pattern`` and appear once."""
    data = package_toml(package, resource)
    problems: list[Problem] = []
    texts: list[RuleText] = []
    seen: set[str] = set()
    for index, entry in enumerate(data.get("rule", [])):
        path = f"$.rule[{index}]"
        rule_id, title, text = entry.get("id"), entry.get("title"), entry.get("text")
        if not isinstance(rule_id, str) or not pattern.match(rule_id) or rule_id in seen:
            problems.append(Problem(path, _("invalid or repeated rule id {id!r}", id=str(rule_id))))
            continue
        if not isinstance(title, str) or not isinstance(text, str) or not title or not text:
            problems.append(Problem(path, _("a rule needs a title and a text")))
            continue
        seen.add(rule_id)
        texts.append(RuleText(rule_id, pgettext(rule_id, title), pgettext(rule_id, text)))
    if problems:
        raise MalformedInputError(problems, resource.rsplit("/", 1)[-1])
    return tuple(texts)


def find_rule_text(texts: tuple[RuleText, ...], rule_id: str) -> RuleText:
    """The text of ``rule_id`` among ``texts``."""
    for text in texts:
        if text.id == rule_id:
            return text
    raise UnknownIdError(_("Unknown rule id {id!r}.", id=rule_id))
