"""Copies of frozen values with some fields changed, fast enough for the engine's loop."""

from __future__ import annotations

from collections.abc import Callable
from types import MappingProxyType
from typing import Any, TypeVar

import attrs

__all__ = ["Unset", "carried", "reduce_to_init", "replacer", "unchecked_constructor"]

T = TypeVar("T")


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
    values = [
        f"value.{field.name} if {field.alias} is _KEEP else {field.alias}" for field in fields
    ]
    if checked:
        body = f"    return cls({', '.join(values)})\n"
    else:
        # ``object.__setattr__`` bound once to the new value, as attrs' own ``__init__``
        # does for frozen classes: cheaper than passing the value at every call.
        sets = "".join(
            f"    _set({field.name!r}, {value})\n"
            for field, value in zip(fields, values, strict=True)
        )
        body = f"    new = _new(cls)\n    _set = _bind(new)\n{sets}    return new\n"
    source = f"def replace(value, *, {params}):\n{body}"
    namespace: dict[str, Any] = {
        "cls": cls,
        "_KEEP": _KEEP,
        "_new": object.__new__,
        "_bind": object.__setattr__.__get__,
    }
    exec(compile(source, f"<replace {cls.__qualname__}>", "exec"), namespace)
    function: Callable[..., T] = namespace["replace"]
    function.__doc__ = f"A copy of a {cls.__name__} with the given fields changed."
    return function


def unchecked_constructor(cls: type[T]) -> Callable[..., T]:
    """A constructor of ``cls`` that skips its validators, for values the library makes
    itself from values already checked (the engine's moves); others use ``cls(...)``."""
    names = [field.name for field in attrs.fields(cls)]  # type: ignore[arg-type]
    body = "".join(f"    _set({name!r}, {name})\n" for name in names)
    source = (
        f"def make({', '.join(names)}):\n    self = _new(cls)\n    _set = _bind(self)\n"
        f"{body}    return self\n"
    )
    namespace: dict[str, Any] = {
        "cls": cls,
        "_new": object.__new__,
        "_bind": object.__setattr__.__get__,
    }
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
    names = _init_names(kind)
    values = {name: getattr(source, name) for name in names if name not in changes}
    return kind(**values, **changes)


_NAMES: dict[type, tuple[str, ...]] = {}


def _init_names(kind: type) -> tuple[str, ...]:
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(f.name for f in attrs.fields(kind) if f.init)
    return names
