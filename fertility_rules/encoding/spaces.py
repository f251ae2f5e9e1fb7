"""Fixed numeric spaces for machine learning, whatever the game: a discrete action
space cut into named sections, and a numeric observation cut the same way.

A game describes each section (its size, the rule that bounds it, how a move maps to an
offset in it and back); the machinery here joins them into one index space with
``index``, ``move``, ``mask`` and a printable layout. Pure Python: a list of numbers is
what any array library reads.
"""

from __future__ import annotations

import bisect
import enum
import functools
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

from attrs import AttrsInstance, field, fields, frozen

from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _

__all__ = [
    "ActionSection",
    "ActionSpace",
    "FeatureLayout",
    "FeatureSection",
]

V = TypeVar("V")
"""A view of the game."""
M = TypeVar("M")
"""A move."""


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` numbers, 1 at ``index`` and 0 elsewhere (all 0 for ``None``): for the games'
    numeric observations."""
    if index is not None and not 0 <= index < size:
        raise MalformedInputError.single(
            "index",
            _("A place from 0 to {last} is needed, not {index}.", last=size - 1, index=index),
        )
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


@functools.lru_cache(maxsize=4096)
def switch_numbers(reading: AttrsInstance) -> tuple[float, ...]:
    """A game's interpretations value as numbers: the place of each switch's value among
    its options, in the order of the fields."""
    values = []
    for attribute in fields(type(reading)):
        value: enum.Enum = getattr(reading, attribute.name)
        values.append(float(list(type(value)).index(value)))
    return tuple(values)


@frozen
class ActionSection(Generic[V, M]):
    """``size`` consecutive actions of one kind of move; ``rule`` is why the size bounds
    every position (a rule id and the catalogue fact it rests on)."""

    name: str
    size: int
    rule: str
    offset_of: Callable[[M, V], int | None]
    """The offset of a move of this kind, or ``None`` when the move is of another kind."""
    move_at: Callable[[int, V], M | None]
    """The move at an offset, or ``None`` when the view has none there."""


@frozen
class ActionSpace(Generic[V, M]):
    """One index per action, the sections laid end to end."""

    sections: tuple[ActionSection[V, M], ...]
    legal_moves: Callable[[V], Sequence[M]] = field(repr=False)
    starts: tuple[int, ...] = field(init=False, repr=False)

    @starts.default
    def _starts(self) -> tuple[int, ...]:
        starts, total = [], 0
        for section in self.sections:
            starts.append(total)
            total += section.size
        return tuple(starts)

    @property
    def size(self) -> int:
        return self.starts[-1] + self.sections[-1].size if self.sections else 0

    def index(self, move: M, view: V) -> int:
        """The action of ``move`` at ``view``."""
        for start, section in zip(self.starts, self.sections, strict=True):
            offset = section.offset_of(move, view)
            if offset is not None:
                if not 0 <= offset < section.size:
                    break
                return start + offset
        raise MalformedInputError.single(
            "move",
            _("This move has no action in this game's action space: {move}.", move=repr(move)),
        )

    def move(self, index: int, view: V) -> M:
        """The move of action ``index`` at ``view``; an index with no move there (a
        masked action) is a :class:`MalformedInputError`."""
        if type(index) is not int or not 0 <= index < self.size:
            raise MalformedInputError.single(
                "index",
                _(
                    "An action is a whole number from 0 to {last}, not {index}.",
                    last=self.size - 1,
                    index=repr(index),
                ),
            )
        at = bisect.bisect_right(self.starts, index) - 1
        move = self.sections[at].move_at(index - self.starts[at], view)
        if move is None:
            raise MalformedInputError.single(
                "index", _("Action {index} is not a move of this position.", index=index)
            )
        return move

    def mask(self, view: V) -> list[bool]:
        """``True`` at the action of every legal move, ``False`` elsewhere."""
        allowed = [False] * self.size
        for move in self.legal_moves(view):
            allowed[self.index(move, view)] = True
        return allowed

    def layout(self) -> list[tuple[str, int, int, str]]:
        """``(name, first index, size, rule)`` of each section."""
        return [
            (s.name, start, s.size, s.rule)
            for start, s in zip(self.starts, self.sections, strict=True)
        ]


@frozen
class FeatureSection(Generic[V]):
    """``size`` numbers describing one public component of a view."""

    name: str
    size: int
    encode: Callable[[V], Sequence[float]]


@frozen
class FeatureLayout(Generic[V]):
    """A view as a fixed-length list of numbers, one section per public component."""

    sections: tuple[FeatureSection[V], ...]

    @property
    def size(self) -> int:
        return sum(s.size for s in self.sections)

    def encode(self, view: V) -> list[float]:
        values: list[float] = []
        for section in self.sections:
            part = section.encode(view)
            if len(part) != section.size:
                raise MalformedInputError.single(
                    section.name,
                    _("this section has {size} numbers, not {n}", size=section.size, n=len(part)),
                )
            values.extend(part)
        return values

    def layout(self) -> list[tuple[str, int, int]]:
        """``(name, first index, size)`` of each section."""
        rows, start = [], 0
        for section in self.sections:
            rows.append((section.name, start, section.size))
            start += section.size
        return rows
