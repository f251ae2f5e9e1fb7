"""Copies of frozen values with some fields changed, fast enough for the engine's loop."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from types import MappingProxyType, MemberDescriptorType
from typing import Any, Generic, TypeVar

import attrs

__all__ = [
    "ByIdentity",
    "MadeOnce",
    "Unset",
    "carried",
    "reduce_to_init",
    "replacer",
    "unchecked_constructor",
]

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")


class Unset:
    """The default of an argument left out, shown by name in signatures and ``help()``
    (a bare ``object()`` shows as ``<object object at 0x…>``)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


_KEEP: Any = Unset("KEEP")


def replacer(cls: type[T], *, checked: bool = True) -> Callable[..., T]:
    """A function ``(value, **changes) -> new value`` for the attrs class ``cls``.

    It does what :func:`attrs.evolve` does, but the fields are spelled out once in
    generated code instead of being looked up on every call: the engine builds a new
    state at every decision. ``checked=False`` skips the class's validators and
    converters, for the engine's own transitions between values it has already checked
    and already holds in the stored types.
    """
    fields = [field for field in attrs.fields(cls) if field.init]  # type: ignore[arg-type]
    params = ", ".join(f"{field.alias}=_KEEP" for field in fields)
    values = {
        field.name: f"value.{field.name} if {field.alias} is _KEEP else {field.alias}"
        for field in fields
    }
    namespace: dict[str, Any] = {"cls": cls, "_KEEP": _KEEP}
    if checked:
        body = f"    return cls({', '.join(values.values())})\n"
    else:
        sets = _assignments(cls, "new", values, namespace)
        body = f"    new = _new(cls)\n{sets}    return new\n"
    source = f"def replace(value, *, {params}):\n{body}"
    exec(compile(source, f"<replace {cls.__qualname__}>", "exec"), namespace)
    function: Callable[..., T] = namespace["replace"]
    function.__doc__ = f"A copy of a {cls.__name__} with the given fields changed."
    return function


def _assignments(cls: type, target: str, values: dict[str, str], namespace: dict[str, Any]) -> str:
    """Generated statements setting each field ``name`` of the new value ``target`` to the
    expression ``values[name]``, bypassing a frozen class's ``__setattr__``: through each
    slot's own descriptor when every field has one (no lookup by name), else through
    ``object.__setattr__`` bound once to the value, as attrs' own ``__init__`` does."""
    namespace["_new"] = object.__new__
    slots = {name: vars(cls).get(name) for name in values}
    if all(isinstance(slot, MemberDescriptorType) for slot in slots.values()):
        lines = []
        for name, slot in slots.items():
            namespace[f"_set_{name}"] = slot.__set__  # type: ignore[union-attr]
            lines.append(f"    _set_{name}({target}, {values[name]})\n")
        return "".join(lines)
    namespace["_bind"] = object.__setattr__.__get__
    sets = "".join(f"    _set({name!r}, {value})\n" for name, value in values.items())
    return f"    _set = _bind({target})\n{sets}"


def unchecked_constructor(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` that skips its validators, for values the library makes
    itself from values already checked (the engine's moves); others use ``cls(...)``."""
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {"cls": cls}
    sets = _assignments(cls, "self", {name: name for name in names}, namespace)
    source = f"def make({', '.join(names)}):\n    self = _new(cls)\n{sets}    return self\n"
    exec(compile(source, f"<unchecked {cls.__qualname__}>", "exec"), namespace)
    function: Callable[..., T] = namespace["make"]
    return function


def reduce_to_init(value: Any) -> tuple[type, tuple[Any, ...]]:
    """``__reduce__`` for attrs values holding read-only mappings (which cannot be
    pickled): the value is rebuilt from its init fields, mappings passed as dicts, and
    its ``__attrs_post_init__`` and converters make them read-only again."""
    args = []
    for field in attrs.fields(type(value)):
        if field.init:
            item = getattr(value, field.name)
            args.append(dict(item) if isinstance(item, MappingProxyType) else item)
    return type(value), tuple(args)


def carried(source: object, kind: type[T], **changes: Any) -> T:
    """A new ``kind`` holding each of ``source``'s attributes that ``kind`` has a field of
    the same name for, except those ``changes`` gives: how a view is made of a state's
    public part, and a state of a view's (the two classes share those names)."""
    fields = attrs.fields(kind)  # type: ignore[arg-type]
    values = {f.name: getattr(source, f.name) for f in fields if f.init and f.name not in changes}
    return kind(**values, **changes)


class MadeOnce(dict[K, V]):
    """Values made by ``make(key)`` on first use and shared after, at most ``limit`` kept
    (emptied when full): the engine's moves are values, one of each serves every game."""

    def __init__(self, make: Callable[[K], V], limit: int) -> None:
        super().__init__()
        self.make = make
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self.limit:
            self.clear()
        value = self[key] = self.make(key)
        return value


class ByIdentity(Generic[K, V]):
    """Values made from immutable objects, kept by the objects' identity: states share
    what a move leaves alone, so the same object comes back decision after decision, and
    comparing identities costs nothing where comparing values costs what making them does.
    A value may also depend on a small ``part`` besides the object (a reading, a slot),
    compared by equality: each part is kept apart. Each object is kept as long as its value
    (so no other object can take its identity: a value found by an identity is that very
    object's); at most ``limit`` values are kept, all forgotten when full."""

    __slots__ = ("_objects", "_values", "entries", "limit")

    def __init__(self, limit: int) -> None:
        self._values: dict[object, V] = {}
        self._objects: dict[int, K] = {}
        self.entries: Mapping[object, V] = self._values
        """The values by ``id(key)`` (by ``(id(key), part)`` with a part), for a loop that
        cannot pay a Python call per lookup: their ``get`` is the dictionary's own."""
        self.limit = limit

    def get(self, key: K, part: Hashable = None) -> V | None:
        """The value kept for this very object (and this ``part``), or ``None``."""
        return self._values.get(id(key) if part is None else (id(key), part))

    def keep(self, key: K, value: V, part: Hashable = None) -> V:
        """Keep ``value`` for ``key`` (and ``part``); ``value`` is returned."""
        if len(self._values) >= self.limit:
            self._values.clear()
            self._objects.clear()
        self._values[id(key) if part is None else (id(key), part)] = value
        self._objects[id(key)] = key
        return value
