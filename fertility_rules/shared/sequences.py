"""Immutable sequences that share their items with the states before them.

A game's history keeps one state per decision. A tuple of the tiles on the central board
or of the Valley pile is copied whole whenever one tile is laid or drawn; these
sequences keep what they share with the previous state instead, so a new state costs
one small object, not a copy. Both are read-only :class:`~collections.abc.Sequence`
values equal (and hashing equal) to the tuple of their items.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Generic, TypeVar, cast, overload

__all__ = ["Chain", "Rest", "replace_at"]

T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with ``items[index]`` replaced by ``item`` (a new tuple): a state's players
    or a player's Shops after one of them changed."""
    return (*items[:index], item, *items[index + 1 :])


class _Items(Sequence[T]):
    """What both share: equality, hash, repr and pickling through the item tuple.

    Not meant to be subclassed further: types are compared exactly (see ``_KINDS``).
    """

    __slots__ = ()

    @abstractmethod
    def _tuple(self) -> tuple[T, ...]:
        """The items as a tuple (made when asked: only the shared form is kept)."""

    def __eq__(self, other: object) -> bool:
        if other is self:
            return True
        if type(other) in _KINDS:
            items = cast("_Items[T]", other)
            return len(self) == len(items) and self._tuple() == items._tuple()
        if isinstance(other, tuple):
            return self._tuple() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self._tuple())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._tuple()!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickled as its items: a long chain would otherwise nest one level per item."""
        return _rebuild, (type(self).__name__, self._tuple())

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self._tuple()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._tuple())

    def __add__(self, other: tuple[T, ...]) -> tuple[T, ...]:
        """Joined with a tuple, as a tuple would be."""
        if isinstance(other, tuple) or type(other) in _KINDS:
            return self._tuple() + tuple(other)
        return NotImplemented

    def __radd__(self, other: tuple[T, ...]) -> tuple[T, ...]:
        if isinstance(other, tuple):
            return other + self._tuple()
        return NotImplemented

    def __reversed__(self) -> Iterator[T]:
        return reversed(self._tuple())

    def __contains__(self, item: object) -> bool:
        return item in self._tuple()

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        items = self._tuple()
        return items.index(value, start, len(items) if stop is None else stop)

    def count(self, value: Any) -> int:
        return self._tuple().count(value)


class Chain(_Items[T], Generic[T]):
    """Items in the order they were added; :meth:`plus` shares all the earlier ones.

    The tiles on the central board: one tile is laid per placement, none is removed.
    """

    __slots__ = ("_before", "_last", "_length")

    _before: Chain[T] | None
    _last: Any
    _length: int

    def __init__(self) -> None:
        object.__setattr__(self, "_before", None)
        object.__setattr__(self, "_last", None)
        object.__setattr__(self, "_length", 0)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    @classmethod
    def of(cls, items: Iterable[T]) -> Chain[T]:
        """The chain of ``items`` (a chain is returned as it is)."""
        if type(items) is Chain:
            return items
        chain: Chain[T] = _EMPTY_CHAIN
        for item in items:
            chain = chain.plus(item)
        return chain

    def plus(self, item: T) -> Chain[T]:
        """These items and ``item`` after them (a new chain; this one is unchanged)."""
        new: Chain[T] = object.__new__(Chain)
        _set_before(new, self if self._length else None)
        _set_last(new, item)
        _set_length(new, self._length + 1)
        return new

    def __len__(self) -> int:
        return self._length

    @property
    def before(self) -> Chain[T]:
        """The chain without its last item (the empty chain for one of one item or none):
        the very chain this one was made from by :meth:`plus`."""
        before = self._before
        return _EMPTY_CHAIN if before is None else before

    @property
    def last(self) -> T:
        """The item added last; an empty chain has none (:class:`IndexError`)."""
        if not self._length:
            raise IndexError("an empty chain has no last item")
        return cast(T, self._last)

    def _tuple(self) -> tuple[T, ...]:
        items: list[T] = []
        node: Chain[T] | None = self
        while node is not None and node._length:
            items.append(node._last)
            node = node._before
        items.reverse()
        return tuple(items)


_EMPTY_CHAIN: Chain[Any] = Chain()
# The slots' own setters: a new link is made at every placement.
_set_before = vars(Chain)["_before"].__set__
_set_last = vars(Chain)["_last"].__set__
_set_length = vars(Chain)["_length"].__set__


class Rest(_Items[T], Generic[T]):
    """What is left of a fixed order of items once some were taken from the front.

    The Valley pile and the District deck: tiles and Districts are drawn from the top,
    never put back; :meth:`draw` shares the whole order with the pile it came from.
    """

    __slots__ = ("_items", "_start")

    _items: tuple[T, ...]
    _start: int

    def __new__(cls, items: Iterable[T] = ()) -> Rest[T]:
        """The items as a pile; a pile given is returned as it is (no copy)."""
        if type(items) is Rest:
            return items
        return _rest(tuple(items), 0)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def draw(self, count: int) -> tuple[tuple[T, ...], Rest[T]]:
        """The ``count`` items on top (fewer if the pile runs out) and the pile after."""
        if count <= 0:
            return (), self
        items = self._items
        start = self._start
        end = min(len(items), start + count)
        rest: Rest[T] = object.__new__(Rest)
        object.__setattr__(rest, "_items", items)
        object.__setattr__(rest, "_start", end)
        return items[start:end], rest

    def __len__(self) -> int:
        return len(self._items) - self._start

    def _tuple(self) -> tuple[T, ...]:
        return self._items[self._start :] if self._start else self._items


def _rest(items: tuple[T, ...], start: int) -> Rest[T]:
    new: Rest[T] = object.__new__(Rest)
    object.__setattr__(new, "_items", items)
    object.__setattr__(new, "_start", start)
    return new


_KINDS = (Chain, Rest)
"""The classes here, compared by ``type(x) in _KINDS``: an ``isinstance`` check against
an abstract :class:`~collections.abc.Sequence` subclass goes through ``ABCMeta``, several
times slower, and the engine converts a pile at every turn."""


def _rebuild(kind: str, items: tuple[Any, ...]) -> _Items[Any]:
    """A pickled sequence made again from its items."""
    return Chain.of(items) if kind == "Chain" else Rest(items)
