"""The numbers of a table kept from one decision to the next: an :class:`Encoder` encodes
a section again only when a value it reads is another object.

States share what a move leaves alone (the central board, the other players, the offer),
so between two decisions most sections read the very same objects. An encoder keeps each
section's numbers with what they were read from (the section's
:attr:`~fertility_rules.encoding.spaces.FeatureSection.reads`: one value, or a tuple of
values), compared by identity: the same object always gives the same numbers, and
comparing by value would cost what encoding costs. Its numbers are always those of
:meth:`~fertility_rules.encoding.spaces.FeatureLayout.encode`, the reference the tests
hold it to.

An encoder belongs to one user at a time (an environment, an observer): :meth:`floats`
writes into a buffer of its own.
"""

from __future__ import annotations

import operator
from array import array
from typing import Generic, TypeVar

from fertility_rules.encoding import speedups
from fertility_rules.encoding.spaces import FeatureLayout, FeatureSection, checked_part

__all__ = ["Encoder"]

V = TypeVar("V")

_Kept = tuple[object, "array[float]"]


def _same(read: object, kept: object) -> bool:
    """Whether ``read`` is what was ``kept``: the same object, or tuples of the same
    objects."""
    return read is kept or (
        type(read) is tuple
        and type(kept) is tuple
        and len(read) == len(kept)
        and all(map(operator.is_, read, kept))
    )


class Encoder(Generic[V]):
    """The numbers of tables of one game setting (``layout``), sections kept between
    calls while what they read is unchanged. The numbers are 32-bit floats, as learners
    store them: :meth:`values` gives them as Python numbers, :meth:`floats` as a buffer."""

    def __init__(self, layout: FeatureLayout[V], tail: int = 0, *, compiled: bool = True) -> None:
        """``tail``: zeros kept after the numbers in :attr:`floats_buffer`, for a user's
        own numbers (an adapter's one-hot of the observing seat). ``compiled``: run the
        loops of :meth:`floats` and :meth:`values` compiled when the package has them
        (:mod:`~fertility_rules.encoding.speedups`); ``False``: always the references."""
        self.layout = layout
        loops = speedups.compiled if compiled else None
        self._compiled = None if loops is None else loops.floats
        self._compiled_values = None if loops is None else loops.values
        self.size = layout.size
        plan, at = [], 0
        for index, section in enumerate(layout.sections):
            plan.append((index, section, section.reads, at, at + section.size, section.encode))
            at += section.size
        self._plan = tuple(plan)
        count = len(layout.sections)
        self._kept: list[_Kept | None] = [None] * count
        self._buffer = array("f", bytes(4 * (self.size + tail)))
        self._written: list[array[float] | None] = [None] * count
        self._listed: list[tuple[array[float], list[float]] | None] = [None] * count

    def _encode(
        self, index: int, section: FeatureSection[V], objects: object, table: V
    ) -> array[float]:
        part = checked_part(section, section.encode(table))
        if type(part) is not array:
            part = array("f", part)
        self._kept[index] = (objects, part)
        return part

    def values(self, table: V, tail: int = 0) -> list[float]:
        """The numbers of ``table``, a new list: ``layout.encode(table)`` rounded to 32-bit
        floats (each section's list kept with its numbers, so that only the sections that
        changed make new Python numbers), and ``tail`` zeros after them, for a user's own
        numbers (OpenSpiel's one-hot of the observing seat)."""
        loop = self._compiled_values
        if loop is not None and type(tail) is int and tail >= 0:
            found: list[float] | None = loop(
                self._plan, self._kept, self._listed, table, self.size, tail
            )
            if found is not None:
                return found
        return self.values_reference(table, tail)

    def values_reference(self, table: V, tail: int = 0) -> list[float]:
        """:meth:`values` in pure Python: what the compiled loop is held to."""
        values: list[float] = []
        listed, kept = self._listed, self._kept
        for index, section, reads, _start, _end, _encode in self._plan:
            objects = None if reads is None else reads(table)
            found = None if reads is None else kept[index]
            if found is not None and _same(objects, found[0]):
                part = found[1]
            else:
                part = self._encode(index, section, objects, table)
            known = listed[index]
            if known is None or known[0] is not part:
                known = listed[index] = (part, part.tolist())
            values += known[1]
        values += [0.0] * tail
        return values

    @property
    def floats_buffer(self) -> array[float]:
        """The buffer :meth:`floats` writes into: always this one, of :attr:`size` floats
        and the tail (a ``numpy.frombuffer`` view of it stays valid)."""
        return self._buffer

    def floats(self, table: V) -> array[float]:
        """The numbers of ``table`` as 32-bit floats in the encoder's own buffer, only the
        sections that changed written again: read it (``numpy.frombuffer``) or copy it
        before the next call."""
        loop = self._compiled
        if loop is not None and loop(self._plan, self._kept, self._written, self._buffer, table):
            return self._buffer
        return self.floats_reference(table)

    def floats_reference(self, table: V) -> array[float]:
        """:meth:`floats` in pure Python: what the compiled loop is held to."""
        buffer, written, kept = self._buffer, self._written, self._kept
        for index, section, reads, start, end, _encode in self._plan:
            if reads is None:
                objects = None
            else:
                objects = reads(table)
                known = kept[index]
                if known is not None and (objects is known[0] or _same(objects, known[0])):
                    if known[1] is not written[index]:
                        buffer[start:end] = written[index] = known[1]
                    continue
            buffer[start:end] = written[index] = self._encode(index, section, objects, table)
        return buffer
