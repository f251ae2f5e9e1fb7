"""Fixed numeric spaces for machine learning, whatever the game: a discrete action
space cut into named sections, and a numeric observation cut the same way.

A game describes each section (its size, the rule that bounds it, the kinds of move it
numbers and how a move maps to an offset in it: a function, or terms looked up in
mappings, :class:`Numbering`, which the compiled loop reads without a call per move); the
machinery here joins them into one index space with ``index``, ``legal``, ``move``,
``mask`` and a printable layout. Both
read a *table*: a state or its view, of which only the public parts are read, so that an
adapter works from the state it holds and a player from the view it is given. Pure
Python: a list of numbers is what any array library reads.
"""

from __future__ import annotations

import enum
import functools
import keyword
import operator
from array import array
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from itertools import groupby
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from attrs import AttrsInstance, field, fields, frozen

from fertility_rules.arguments import checked_arguments, kind_name
from fertility_rules.encoding import speedups
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _, echo

__all__ = [
    "ActionSection",
    "ActionSpace",
    "FeatureLayout",
    "FeatureSection",
    "Numbering",
    "Offsets",
    "by_place",
]

V = TypeVar("V")
"""A table of the game: a state or its view (only public parts are read)."""
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


def float_array(numbers: Sequence[float]) -> array[float]:
    """``array("f", numbers)``: a game's numbers as the 32-bit floats an encoder keeps. The
    array type reads a list item by item through a format, which costs more than making
    most sections' numbers; the compiled loops (:mod:`~fertility_rules.encoding.speedups`)
    round them the same way at a fraction of the cost."""
    loops = speedups.compiled
    if loops is None:
        return array("f", numbers)
    made: array[float] = loops.float_array(numbers)
    return made


def one_hots(size: int) -> dict[int, tuple[float, ...]]:
    """The :func:`one_hot` of each place from 0 to ``size - 1``, made once: for a section
    encoded at every decision (``hots.get(i) or one_hot(size, i)`` refuses the others)."""
    return {index: tuple(one_hot(size, index)) for index in range(size)}


@functools.lru_cache(maxsize=4096)
def switch_numbers(reading: AttrsInstance) -> tuple[float, ...]:
    """A game's interpretations value as numbers: the place of each switch's value among
    its options, in the order of the fields."""
    values = []
    for attribute in fields(type(reading)):
        value: enum.Enum = getattr(reading, attribute.name)
        values.append(float(list(type(value)).index(value)))
    return tuple(values)


Offsets = Callable[[Sequence[Any], V], Sequence[int]]
"""``(moves, table)``: the offset of each move in its section, -1 (or any number outside
the section) for a move that has no action there."""

Term = tuple[tuple[str, ...], Mapping[Any, int] | int]
"""One part of a move's offset: the move's attribute named (or the tuple of those
named, for several) looked up in a mapping, given or the ``n``-th of a table's."""

K = TypeVar("K")


@checked_arguments
def by_place(keys: Iterable[K], each: int = 1) -> dict[K, int]:
    """Each of ``keys`` by its place among them, times ``each``: the mapping of a
    :class:`Numbering` term. A key listed twice keeps its first place (a pool may hold
    two of one tile, and either is the same move)."""
    places: dict[K, int] = {}
    for at, key in enumerate(keys):
        places.setdefault(key, at * each)
    return places


_NO_PART = -(10**12)
"""What a key missing from a term adds: far enough below 0 that the offset stays out of
its section whatever the other terms add."""


def _read_only_terms(terms: Iterable[Term]) -> tuple[Term, ...]:
    read_only: list[Term] = []
    for at, (names, values) in enumerate(terms):
        names = tuple(names)
        if not names or not all(
            type(n) is str and n.isidentifier() and not keyword.iskeyword(n) for n in names
        ):
            raise MalformedInputError.single(
                f"terms[{at}]",
                _(
                    "A term reads a move's attributes by their names, not {names}.",
                    names=echo(names),
                ),
            )
        if len(names) > 1 and isinstance(values, int):
            raise MalformedInputError.single(
                f"terms[{at}]",
                _(
                    "Several attributes are looked up in a mapping given with the term, not in"
                    " one of the table's."
                ),
            )
        read_only.append(
            (names, values if isinstance(values, int) else MappingProxyType(dict(values)))
        )
    return tuple(read_only)


def _nested(values: Mapping[Any, int], depth: int) -> dict[Any, Any]:
    """``values`` keyed by tuples of ``depth`` items as dicts nested ``depth`` deep (one
    level: a plain copy)."""
    if depth == 1:
        return dict(values)
    nested: dict[Any, Any] = {}
    for key, value in values.items():
        if type(key) is not tuple or len(key) != depth:
            raise MalformedInputError.single(
                "terms",
                _(
                    "A key of {count} attributes is a tuple of {count} values, not {key}.",
                    count=depth,
                    key=echo(key),
                ),
            )
        level = nested
        for part in key[:-1]:
            level = level.setdefault(part, {})
        level[key[-1]] = value
    return nested


def _numbering_function(terms: tuple[Term, ...]) -> Callable[..., list[int]]:
    """The offsets of a run as one list comprehension that reads the terms' attributes
    and looks each key up with the term's ``get``, made once per numbering (as attrs
    makes its methods): as fast as a hand-written one."""
    parts = [
        f"get{i}("
        + "".join(f"m.{name}, NONE).get(" for name in names[:-1])
        + f"m.{names[-1]}, NO_PART)"
        for i, (names, _values) in enumerate(terms)
    ]
    getters = "".join(f", get{i}" for i in range(len(terms)))
    source = (
        f"def offsets(moves{getters}):\n    return [{' + '.join(parts) or '0'} for m in moves]\n"
    )
    namespace: dict[str, Any] = {"NO_PART": _NO_PART, "NONE": MappingProxyType({})}
    exec(compile(source, "<numbering>", "exec"), namespace)  # the names are checked
    function: Callable[..., list[int]] = namespace["offsets"]
    return function


@frozen
class Numbering(Generic[V]):
    """Offsets as data: a move's offset is the sum of what each of ``terms`` maps its
    attributes to, and a move with a key missing has none. ``tables(table)`` gives the
    mappings that depend on the table (a pool's places), made once per run of moves.

    It is the section's offsets function (a call numbers a run in pure Python), and the
    compiled loop reads the terms itself, with no call per move."""

    terms: tuple[Term, ...] = field(converter=_read_only_terms)
    tables: Callable[[V], tuple[Mapping[Any, int], ...]] | None = None
    _plain: tuple[tuple[tuple[str, ...], dict[Any, Any] | int], ...] = field(
        init=False, repr=False, eq=False
    )
    """The terms with plain dicts, for the loops only (the terms show read-only views);
    those of several attributes nested, an attribute a level, so that no key is made."""
    _function: Callable[..., list[int]] = field(init=False, repr=False, eq=False)
    _getters: tuple[Callable[..., Any] | int, ...] = field(init=False, repr=False, eq=False)
    """Each term's ``get`` (the number of a table's mapping for those it gives)."""

    @_plain.default
    def _plain_terms(self) -> tuple[tuple[tuple[str, ...], dict[Any, Any] | int], ...]:
        return tuple(
            (names, values if isinstance(values, int) else _nested(values, len(names)))
            for names, values in self.terms
        )

    @_function.default
    def _made_function(self) -> Callable[..., list[int]]:
        return _numbering_function(self.terms)

    @_getters.default
    def _terms_getters(self) -> tuple[Callable[..., Any] | int, ...]:
        return tuple(v if isinstance(v, int) else v.get for _names, v in self._plain)

    @property
    def compiled(self) -> tuple[object, ...]:
        """What the compiled loop reads: the plain terms and ``tables``."""
        return (self._plain, self.tables)

    def __call__(self, moves: Sequence[Any], table: V) -> list[int]:
        if self.tables is None:
            return self._function(moves, *self._getters)
        given = self.tables(table)
        return self._function(
            moves, *[given[v].get if type(v) is int else v for v in self._getters]
        )


@frozen
class ActionSection(Generic[V, M]):
    """``size`` consecutive actions of the moves of ``kinds``; ``rule`` is why the size
    bounds every position (a rule id and the catalogue fact it rests on)."""

    name: str
    size: int
    rule: str
    kinds: tuple[type, ...]
    """The classes of the moves this section numbers (each kind in one section only)."""
    offsets: Offsets[V]
    """The offsets of moves of these kinds (it is given no other) at a table (a state or
    its view; only public parts are read), all at once: what they share is worked out
    once per call."""


@frozen
class ActionSpace(Generic[V, M]):
    """One index per action, the sections laid end to end.

    Moves are numbered a run of one kind at a time (the rules list a decision's moves
    kind by kind): one look-up of the kind, then the section's offsets of the whole run.
    An index is decoded only among the legal moves of the table, so that an action the
    mask leaves out never stands for a move (the rules would refuse it)."""

    sections: tuple[ActionSection[V, M], ...]
    legal_moves: Callable[[V], Sequence[M]] = field(repr=False)
    starts: tuple[int, ...] = field(init=False, repr=False)
    size: int = field(init=False, repr=False)
    """How many actions the space has."""
    by_kind: Mapping[type, tuple[int, int, Offsets[V]]] = field(init=False, repr=False)
    """``(first action, size, offsets)`` of the section of each kind of move."""

    @starts.default
    def _starts(self) -> tuple[int, ...]:
        starts, total = [], 0
        for section in self.sections:
            starts.append(total)
            total += section.size
        return tuple(starts)

    @by_kind.default
    def _by_kind(self) -> Mapping[type, tuple[int, int, Offsets[V]]]:
        return MappingProxyType(
            {
                kind: (start, section.size, section.offsets)
                for start, section in zip(self.starts, self.sections, strict=True)
                for kind in section.kinds
            }
        )

    _for_loop: Mapping[type, tuple[int, int, Offsets[V], tuple[object, ...] | None]] = field(
        init=False, repr=False, eq=False
    )
    """:attr:`by_kind` and each section's terms when it is numbered by terms
    (:class:`Numbering`): what the compiled loop reads."""

    @_for_loop.default
    def _sections_for_loop(
        self,
    ) -> Mapping[type, tuple[int, int, Offsets[V], tuple[object, ...] | None]]:
        return MappingProxyType(
            {
                kind: (*found, found[2].compiled if type(found[2]) is Numbering else None)
                for kind, found in self.by_kind.items()
            }
        )

    @size.default
    def _size(self) -> int:
        return self.starts[-1] + self.sections[-1].size if self.sections else 0

    def _section_of(self, move: M) -> tuple[int, int, Offsets[V]]:
        """The section of ``move``'s kind (a subclass of a kind counts as the kind)."""
        for kind in type(move).__mro__:
            found = self.by_kind.get(kind)
            if found is not None:
                return found
        raise self._no_action(move)

    @staticmethod
    def _no_action(move: object) -> MalformedInputError:
        return MalformedInputError.single(
            "move",
            _("This move has no action in this game's action space: {move}.", move=repr(move)),
        )

    def index(self, move: M, table: V) -> int:
        """The action of ``move`` at ``table`` (a state or its view)."""
        return self.indices((move,), table)[0]

    def indices(self, moves: Iterable[M], table: V) -> list[int]:
        """The action of each of ``moves`` at ``table``, in order."""
        by_kind = self.by_kind
        found: list[int] = []
        for kind, group in groupby(moves, type):
            run = list(group)
            section = by_kind.get(kind)
            start, size, offsets = self._section_of(run[0]) if section is None else section
            numbers = offsets(run, table)
            if min(numbers) < 0 or max(numbers) >= size:
                bad = next(i for i, n in enumerate(numbers) if not 0 <= n < size)
                raise self._no_action(run[bad])
            found += [start + number for number in numbers] if start else numbers
        return found

    def legal(self, table: V) -> dict[int, M]:
        """The legal moves of ``table`` by their action, in the order the rules list them:
        what an adapter keeps for one decision (the mask is its keys). The loop runs
        compiled when the package has it (:mod:`~fertility_rules.encoding.speedups`)."""
        moves = self.legal_moves(table)
        if speedups.compiled is not None:
            found: dict[int, M] | None = speedups.compiled.legal(self._for_loop, moves, table)
            if found is not None:
                return found
        return self._legal(moves, table)

    def allowed(self, actions: Collection[int]) -> bytearray:
        """:attr:`size` bytes, 1 at each of ``actions`` (the keys of :meth:`legal`) and 0
        elsewhere: the action mask the adapters give, a buffer numpy reads in place (made
        by the compiled loop when there is one)."""
        if speedups.compiled is not None:
            made: bytearray | None = speedups.compiled.mask(actions, self.size)
            if made is not None:
                return made
        mask = bytearray(self.size)
        for action in actions:
            mask[action] = 1
        return mask

    def legal_reference(self, table: V) -> dict[int, M]:
        """:meth:`legal` in pure Python: what the compiled loop is held to."""
        return self._legal(self.legal_moves(table), table)

    def _legal(self, moves: Sequence[M], table: V) -> dict[int, M]:
        # one action per move: indices() numbers every move or refuses
        return dict(zip(self.indices(moves, table), moves))  # noqa: B905

    def check_index(self, index: object, path: str = "action") -> int:
        """``index`` as an action of this space (numpy's whole numbers too); anything else
        is refused, naming ``path``."""
        if isinstance(index, bool):
            number = -1
        else:
            try:
                number = operator.index(index)  # type: ignore[arg-type]
            except TypeError:
                raise MalformedInputError.single(
                    path, _("An action is a whole number, not {kind}.", kind=kind_name(index))
                ) from None
        if not 0 <= number < self.size:
            raise MalformedInputError.single(
                path,
                _(
                    "An action is a whole number from 0 to {last}, not {action}.",
                    last=self.size - 1,
                    action=echo(index),
                ),
            )
        return number

    @staticmethod
    def masked(index: int, path: str = "action") -> MalformedInputError:
        """The error for an action the mask leaves out."""
        return MalformedInputError.single(
            path, _("Action {index} is not a move of this position.", index=index)
        )

    def chosen(self, legal: Mapping[int, M], action: object, path: str = "action") -> M:
        """The move of ``action`` among ``legal`` (what :meth:`legal` gave for the table):
        an action outside the space, or one the mask leaves out, is a
        :class:`MalformedInputError` naming ``path``."""
        if type(action) is int:  # the usual case, looked up at once
            move = legal.get(action)
            if move is not None:
                return move
        number = self.check_index(action, path)
        move = legal.get(number)
        if move is None:
            raise self.masked(number, path)
        return move

    def move(self, index: int, table: V) -> M:
        """The move of action ``index`` at ``table``; an index outside the space, or one
        the mask leaves out, is a :class:`MalformedInputError`."""
        return self.chosen(self.legal(table), index, "index")

    def mask(self, table: V) -> list[bool]:
        """``True`` at the action of every legal move, ``False`` elsewhere."""
        allowed = [False] * self.size
        for index in self.indices(self.legal_moves(table), table):
            allowed[index] = True
        return allowed

    def layout(self) -> list[tuple[str, int, int, str]]:
        """``(name, first index, size, rule)`` of each section."""
        return [
            (s.name, start, s.size, s.rule)
            for start, s in zip(self.starts, self.sections, strict=True)
        ]


@frozen
class FeatureSection(Generic[V]):
    """``size`` numbers describing one public component of a table (a state or its view:
    the same numbers for both)."""

    name: str
    size: int
    encode: Callable[[V], Sequence[float]]
    reads: Callable[[V], object] | None = None
    """What :attr:`encode` reads, one value or a tuple of values (an ``operator.
    attrgetter`` of the fields, say), for an :class:`~fertility_rules.encoding.encoder.
    Encoder` to keep the numbers while it is the same object, or each is (states share
    what a move leaves alone); ``None``: encoded anew every time."""


@frozen
class FeatureLayout(Generic[V]):
    """A table as a fixed-length list of numbers, one section per public component."""

    sections: tuple[FeatureSection[V], ...]

    @property
    def size(self) -> int:
        return sum(s.size for s in self.sections)

    def encode(self, table: V) -> list[float]:
        """The numbers of ``table``, every section encoded anew (the reference the
        encoders' kept numbers are tested against)."""
        values: list[float] = []
        for section in self.sections:
            values.extend(checked_part(section, section.encode(table)))
        return values

    def layout(self) -> list[tuple[str, int, int]]:
        """``(name, first index, size)`` of each section."""
        rows, start = [], 0
        for section in self.sections:
            rows.append((section.name, start, section.size))
            start += section.size
        return rows


def checked_part(section: FeatureSection[V], part: Sequence[float]) -> Sequence[float]:
    """``part``, the numbers of ``section``, refused when there are not as many as the
    section declares (a game's encoding at fault)."""
    if len(part) != section.size:
        raise MalformedInputError.single(
            section.name,
            _("this section has {size} numbers, not {n}", size=section.size, n=len(part)),
        )
    return part
