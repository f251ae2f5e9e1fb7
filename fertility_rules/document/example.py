"""A worked example of the rules document: a picture or two, a caption and the facts shown.

Each :class:`Example` carries the facts its picture and caption state, so that the tests
can check them against the engine again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from attrs import field, frozen

from fertility_rules.arguments import language_of
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, pgettext

__all__ = ["EXAMPLE_PLAYER", "EXAMPLE_PLAYERS", "Example", "WorkedExamples", "states_after"]

C = TypeVar("C")
S = TypeVar("S")

EXAMPLE_PLAYER = pgettext("the player of the rulebooks' scoring example", "Lisa")
"""Lisa, as the rulebooks name the player of their scoring example (Polish: Wiola)."""

EXAMPLE_PLAYERS = ("Amunet", "Bek", "Chione", "Djedi")
"""The players of the example games (the names of the ``demo`` command)."""


def states_after(apply: Callable[[S, Any], S], start: S, moves: Iterable[object]) -> list[S]:
    """``start`` and the state after each of ``moves`` in turn, each made by ``apply`` (a
    game's referee, checking or not): the positions a worked example is searched in or
    shows step by step."""
    states = [start]
    for move in moves:
        states.append(apply(states[-1], move))
    return states


def _facts(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


@frozen
class Example:
    """One worked example: where it goes (``rule``), its pictures, caption and facts."""

    id: str
    rule: str
    caption: Message
    svgs: tuple[str, ...]
    facts: Mapping[str, Any] = field(converter=_facts)


@frozen
class WorkedExamples(Generic[C]):
    """A game's worked examples: called with a language (and a catalogue, the game's
    ``default`` one when ``None``), it gives every example, pictures and captions in that
    language; ``make`` builds them."""

    make: Callable[[Language, C], Iterable[Example]]
    default: Callable[[], C]

    def __call__(
        self, language: Language | str = Language.EN, catalogue: C | None = None
    ) -> tuple[Example, ...]:
        chosen = self.default() if catalogue is None else catalogue
        return tuple(self.make(language_of(language), chosen))
