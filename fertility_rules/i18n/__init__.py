"""Messages, languages and translation.

:func:`render` and :func:`uses_catalogue` here are the public ones: they check what they
are given (a message, a language the library speaks) and name what is wrong. The
rendering itself (:mod:`fertility_rules.i18n.message`) sits below the errors, which render
themselves, so the checks are applied here, on first use.
"""

from typing import TYPE_CHECKING

from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message

if TYPE_CHECKING:
    from fertility_rules.i18n.message import render, uses_catalogue

__all__ = ["Language", "Message", "render", "uses_catalogue"]


def __getattr__(name: str) -> object:
    if name not in ("render", "uses_catalogue"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from fertility_rules.arguments import checked_arguments
    from fertility_rules.i18n import message

    checked = checked_arguments(getattr(message, name))
    globals()[name] = checked
    return checked
