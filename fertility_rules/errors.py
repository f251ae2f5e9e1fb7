"""The library's errors: one base class, split by kind of failure.

Every error carries a translatable :class:`~fertility_rules.i18n.Message`; ``str(error)``
is English and :meth:`FertilityError.render` gives any other language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from attrs import frozen

from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, ngettext, render, shown

__all__ = [
    "FertilityError",
    "HiddenInformationError",
    "IllegalMoveError",
    "MalformedInputError",
    "NotAllowedError",
    "Problem",
    "UnknownIdError",
    "join_path",
    "nest_path",
]

PROBLEMS_SHOWN = 50
"""The most problems the text of an error lists."""
_MEMBER_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_KEY_SHOWN = 40
"""The most characters of an odd key a path shows."""


def join_path(path: str, key: str | int) -> str:
    """The JSON path of ``key`` under ``path``: ``$.players[2]``, ``$.tokens.black``; a key
    that is not a plain name is quoted and escaped, ``$.players[0]["\\u001b[31m"]``, so that
    a path never carries a control character of the input, nor more than a few dozen of
    its characters."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if _MEMBER_NAME.match(key):
        return f"{path}.{key}"
    import json  # only for an odd key: importing the library does not load json

    shown = key if len(key) <= _KEY_SHOWN else key[:_KEY_SHOWN] + "..."
    return f"{path}[{json.dumps(shown)}]"


def nest_path(path: str, inner: str) -> str:
    """The path ``inner``, written from a value read on its own (``$.slots[0]``, ``$``,
    or relative: ``slots[0]``, ``[2]``), at the place ``path`` of that value."""
    if inner in ("", "$"):
        return path
    if inner.startswith("$"):
        return path + inner[1:]
    return path + inner if inner.startswith("[") else f"{path}.{inner}"


class FertilityError(Exception):
    """Base class of every error raised by ``fertility_rules``."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(render(message))

    def render(self, language: Language | str = Language.EN) -> str:
        """The error's text in ``language``."""
        return render(self.message, language)

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its attributes as they are, not made again from ``args``: an error
        raised in a worker process reaches the process that waits for it whole (its
        problems, rule and message), whatever its class's constructor takes."""
        return (_restored, (type(self), self.args, dict(vars(self))))


def _restored(
    cls: type[FertilityError], args: tuple[object, ...], state: dict[str, object]
) -> FertilityError:
    error = cls.__new__(cls)
    error.args = args
    vars(error).update(state)
    return error


@frozen
class Problem:
    """One thing wrong with an input: where (a JSON path), what, and the rule it breaks."""

    path: str
    message: Message
    rule: str | None = None

    def render(self, language: Language | str = Language.EN, fmt: str | None = None) -> str:
        """``path: text (rule)``; a problem of shape only names the format ``fmt`` instead."""
        text = render(self.message, language)
        where = self.path or "$"
        rule = self.rule or fmt
        if rule:
            return render(_("{path}: {text} ({rule})", path=where, text=text, rule=rule), language)
        return render(_("{path}: {text}", path=where, text=text), language)


class MalformedInputError(FertilityError, ValueError):
    """Input that is not a valid description (file, document or value), with every problem.

    ``format`` names the file format whose shape a problem without a rule breaks.
    """

    def __init__(
        self, problems: Iterable[Problem], source: str | None = None, format: str | None = None
    ) -> None:
        self.problems = tuple(problems)
        self.source = source
        self.format = format
        count = len(self.problems)
        if source:
            head = ngettext(
                "{n} problem in {source}:",
                "{n} problems in {source}:",
                count,
                source=shown(source),
            )
        else:
            head = ngettext("{n} problem in the input:", "{n} problems in the input:", count)
        super().__init__(head)
        self.args = (self.render(),)

    def render(self, language: Language | str = Language.EN) -> str:
        """The heading and a line a problem, the first :data:`PROBLEMS_SHOWN` of them (a
        broken file of thousands of items is not a screen of thousands of lines; the
        ``problems`` attribute holds them all)."""
        lines = [render(self.message, language)]
        shown = self.problems[:PROBLEMS_SHOWN]
        lines.extend("  " + problem.render(language, self.format) for problem in shown)
        rest = len(self.problems) - len(shown)
        if rest:
            more = ngettext("… and {n} more problem", "… and {n} more problems", rest)
            lines.append("  " + render(more, language))
        return "\n".join(lines)

    @classmethod
    def single(
        cls, path: str, message: Message, rule: str | None = None, source: str | None = None
    ) -> MalformedInputError:
        """An error with one problem."""
        return cls([Problem(path, message, rule)], source)


class UnknownIdError(FertilityError, LookupError):
    """An id (effect kind, catalogue item, language, format) that is not known."""


class IllegalMoveError(FertilityError, ValueError):
    """A well-formed move that the rules forbid in the given state.

    ``move`` is the move refused (typed loosely: errors sit below the rules).
    """

    def __init__(self, message: Message, rule: str, move: object = None) -> None:
        self.rule = rule
        self.move = move
        super().__init__(_("{text} ({rule})", text=message, rule=rule))
        self.reason = message


class HiddenInformationError(FertilityError, ValueError):
    """A function that needs what R-9.2 hides (the Valley pile, the District deck order)
    was given a view, which has only their sizes.

    ``sample_state(view, seed)`` gives a state consistent with the view to use instead.
    """


class NotAllowedError(FertilityError, PermissionError):
    """A request its sender may not make: a seat deciding out of turn, a token acting for
    another seat, a spectator acting, a request past a limit.

    ``rule`` names the rule that forbids it, when one does (the turn order, R-3); ``code``
    is a stable word a program can test (the table server's refusals), where the message
    is for people.
    """

    def __init__(
        self, message: Message, rule: str | None = None, *, code: str | None = None
    ) -> None:
        self.rule = rule
        self.code = code
        self.reason = message
        super().__init__(_("{text} ({rule})", text=message, rule=rule) if rule else message)
