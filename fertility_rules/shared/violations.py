"""A rule broken by a move: the rule id and what is wrong."""

from __future__ import annotations

from attrs import frozen

from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, render

__all__ = ["Violation"]


@frozen
class Violation:
    """One reason a move is illegal."""

    rule: str
    message: Message

    def render(self, language: Language | str = Language.EN) -> str:
        return render(_("{text} ({rule})", text=self.message, rule=self.rule), language)
