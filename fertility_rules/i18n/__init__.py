"""Messages, languages and translation."""

from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message
from fertility_rules.i18n.translate import render, uses_catalogue

__all__ = ["Language", "Message", "render", "uses_catalogue"]
