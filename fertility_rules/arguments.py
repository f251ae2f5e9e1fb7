"""Arguments and fields checked where they are given: a wrong type is a library error
naming the argument or the field.

:func:`checked_arguments` reads a public function's annotations once, on its first call,
and checks every argument given against them before the function runs, so that
``observe(None)`` or ``format_move(move, "state")`` raise
:class:`~fertility_rules.MalformedInputError` with the argument's name as the path
instead of an ``AttributeError`` deep inside. The checks follow the annotations as
written: classes by ``isinstance`` (a ``bool`` is not an ``int``), unions, ``None``,
literals, tuples, lists, sets and mappings with their items, sequences and collections
(text is never a sequence of text here), callables and classes. A name the annotations
cannot resolve is not checked.

:func:`typed_fields` does the same for the fields of a value a user makes (an attrs
class): each field is checked against its annotation when the value is made or evolved,
and a field holding one enumeration member also takes the member's JSON value
(``Interpretations(district_offer=3)``, ``quarry_enclosure="orthogonal"``), anything else
being refused with the field, the value and the allowed values.

The engine's hot functions (``legal_moves``, ``apply_unchecked``) check their state
themselves at a cost of one type comparison; everything else that a user calls goes
through here. Nothing in this module knows a game.
"""

from __future__ import annotations

import collections.abc
import enum
import functools
import importlib
import inspect
import re
import sys
import types
import typing
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import attrs

from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, cut, echo

__all__ = [
    "argument_error",
    "checked_arguments",
    "compile_check",
    "enum_members",
    "expect_count",
    "expect_type",
    "kind_name",
    "language_of",
    "matches",
    "member_of",
    "type_text",
    "typed_fields",
]

P = ParamSpec("P")
R = TypeVar("R")

Check = Callable[[object], bool]


def type_text(hint: Any) -> str:
    """An annotation as Python writes it (``Sequence[str]``, ``GameState | None``)."""
    if hint is type(None) or hint is None:
        return "None"
    if isinstance(hint, type) and not typing.get_args(hint):
        return hint.__name__
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return " | ".join(type_text(part) for part in typing.get_args(hint))
    text = re.sub(r"(?:\w+\.)+(\w+)", r"\1", repr(hint))  # names without their modules
    return text.replace("NoneType", "None")


def _classes(hint: Any) -> tuple[type, ...]:
    if isinstance(hint, type):
        return (hint,)
    if isinstance(hint, tuple):
        return tuple(c for part in hint for c in _classes(part))
    return tuple(c for part in typing.get_args(hint) for c in _classes(part))


def kind_name(value: object, expected: Any = None) -> str:
    """The name of ``value``'s class for messages, with its module when a class of
    ``expected`` (a class, a tuple or an annotation) has the same name: one game's
    ``GameState`` given to the other game's function is not told as a ``GameState``."""
    cls = type(value)
    if any(c is not cls and c.__name__ == cls.__name__ for c in _classes(expected)):
        return f"{cls.__module__}.{cls.__qualname__}"
    return cls.__name__


def argument_error(name: str, hint: Any, value: object) -> MalformedInputError:
    """The error for ``value`` given as argument ``name``, which needs ``hint``."""
    return MalformedInputError.single(
        name,
        _(
            "The argument {name} must be {expected}, not {kind}.",
            name=name,
            expected=type_text(hint),
            kind=kind_name(value, hint),
        ),
    )


def language_of(value: object, name: str = "language") -> Language:
    """The language ``value`` names (a :class:`~fertility_rules.i18n.Language` or a code:
    ``"fr"``, ``"FR"``, ``"fr_BE"``); anything else is refused naming argument ``name``."""
    found = Language.find(value)
    if found is not None:
        return found
    if not isinstance(value, str):
        raise argument_error(name, Language | str, value)
    raise UnknownIdError(
        _(
            "Unknown language {code!r}; expected one of {choices}.",
            code=value[:40],
            choices=", ".join(language.value for language in Language),
        )
    )


_TEXTS = (str, bytes, bytearray)


def _items(check: Check) -> Callable[[collections.abc.Iterable[Any]], bool]:
    return lambda items: all(check(item) for item in items)


def _class_check(cls: type) -> Check:
    if cls is object:
        return lambda value: True
    if cls is int:
        return lambda value: isinstance(value, int) and not isinstance(value, bool)
    if cls is float:
        return lambda value: isinstance(value, int | float) and not isinstance(value, bool)
    if getattr(cls, "_is_protocol", False) and not getattr(cls, "_is_runtime_protocol", False):
        members = _protocol_members(cls)  # a structural type: its members must be there
        return lambda value: all(hasattr(value, name) for name in members)
    return lambda value: isinstance(value, cls)


def _protocol_members(cls: type) -> tuple[str, ...]:
    names: set[str] = set()
    for base in cls.__mro__:
        if base is object or not getattr(base, "_is_protocol", False):
            continue
        names.update(getattr(base, "__annotations__", {}))
        names.update(n for n, v in vars(base).items() if callable(v) or isinstance(v, property))
    return tuple(sorted(n for n in names if not n.startswith("_")))


def expect_type(name: str, value: object, kind: type) -> None:
    """Refuse ``value`` for argument ``name`` unless it is a ``kind``: for the hot
    functions, which call it only when ``type(value) is not kind``."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise argument_error(name, kind, value)


def expect_count(name: str, value: object, least: int = 1) -> None:
    """Refuse ``value`` for argument ``name`` unless it is a whole number of ``least`` or
    more (a number of samples, of iterations...)."""
    if type(value) is not int or value < least:
        raise MalformedInputError.single(
            name,
            _(
                "The argument {name} is a whole number of {least} or more, not {n}.",
                name=name,
                least=least,
                n=echo(value),
            ),
        )


def _generic_check(origin: Any, args: tuple[Any, ...]) -> Check:
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _items(compile_check(args[0]))
            return lambda value: isinstance(value, tuple) and each(value)
        if args == ((),):
            return lambda value: value == ()
        parts = [compile_check(a) for a in args]
        return lambda value: (
            isinstance(value, tuple)
            and len(value) == len(parts)
            and all(check(item) for check, item in zip(parts, value, strict=True))
        )
    if origin is type:
        bound = args[0] if args and isinstance(args[0], type) else object
        return lambda value: isinstance(value, type) and issubclass(value, bound)
    if origin in (collections.abc.Callable,):
        return callable
    if origin in (dict, collections.abc.Mapping, types.MappingProxyType):
        keys = compile_check(args[0]) if args else _any
        values = compile_check(args[1]) if len(args) > 1 else _any
        exact = origin is dict

        def mapping(value: object) -> bool:
            if not isinstance(value, collections.abc.Mapping):
                return False
            if exact and not isinstance(value, dict):
                return False
            return all(keys(k) for k in value) and all(values(v) for v in value.values())

        return mapping
    each = _items(compile_check(args[0]) if args else _any)
    if origin in (collections.abc.Iterable, collections.abc.Iterator):

        def iterable(value: object) -> bool:
            if not isinstance(value, collections.abc.Iterable) or isinstance(value, _TEXTS):
                return False
            return not isinstance(value, collections.abc.Collection) or each(value)

        return iterable
    if isinstance(origin, type):
        kind: type = origin

        def collection(value: object) -> bool:
            if not isinstance(value, kind) or isinstance(value, _TEXTS):
                return False
            return not isinstance(value, collections.abc.Iterable) or each(value)

        return collection
    return _any


def _any(value: object) -> bool:
    return True


def compile_check(hint: Any) -> Check:
    """A predicate saying whether a value fits the annotation ``hint``."""
    bound = hint.__bound__ if isinstance(hint, TypeVar) else None
    if isinstance(bound, type) and getattr(bound, "_is_runtime_protocol", False):
        # A type variable bound by a runtime-checkable protocol: what the value must have.
        return lambda value: isinstance(value, bound)
    if hint is Any or hint is object or isinstance(hint, TypeVar | str | typing.ForwardRef):
        return _any
    if hint is None or hint is type(None):
        return lambda value: value is None
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [compile_check(a) for a in args]
        return lambda value: any(check(value) for check in parts)
    if origin is typing.Literal:
        allowed = set(args)
        return lambda value: type(value) in {type(a) for a in args} and value in allowed
    if origin is not None:
        return _generic_check(origin, args)
    if isinstance(hint, type):
        return _class_check(hint)
    return _any


def matches(value: object, hint: Any) -> bool:
    """Whether ``value`` fits the annotation ``hint`` (see the module's rules)."""
    return compile_check(hint)(value)


@functools.cache
def _checking_imports(module: str) -> dict[str, tuple[str, str]]:
    """What ``module`` imports only for type checking (``if TYPE_CHECKING:``): each name
    bound, with the module and the name it comes from."""
    import ast

    found = sys.modules.get(module)
    path = getattr(found, "__file__", None)
    if path is None:
        return {}
    with open(path, encoding="utf-8") as source:
        tree = ast.parse(source.read())
    names: dict[str, tuple[str, str]] = {}
    for node in tree.body:
        if not (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)):
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
                for alias in statement.names:
                    names[alias.asname or alias.name] = (statement.module, alias.name)
    return names


class _Names(dict[str, Any]):
    """A module's names; a name it imports only for type checking is imported from where
    that import says, when an annotation needs it."""

    def __init__(self, module: str) -> None:
        found = sys.modules.get(module)
        super().__init__(vars(found) if found is not None else {})
        self.module = module

    def __missing__(self, name: str) -> Any:
        source = _checking_imports(self.module).get(name)
        if source is None:
            raise KeyError(name)
        value = getattr(importlib.import_module(source[0]), source[1])
        self[name] = value
        return value


def _hints(function: Callable[..., Any]) -> dict[str, Any]:
    """The function's annotations, each evaluated alone: one that cannot be resolved is
    left out rather than failing the others."""
    names = _Names(function.__module__)
    hints: dict[str, Any] = {}
    for name, text in inspect.get_annotations(function).items():
        if name == "return":
            continue
        try:
            hints[name] = eval(text, {}, names) if isinstance(text, str) else text
        except Exception:  # an annotation that cannot be resolved is not checked
            continue
    return hints


def _exact_types(hint: Any) -> frozenset[type]:
    """Types whose every value fits ``hint`` as they are: a plain class (not a protocol)
    and ``None``, alone or in a union. ``type(value) in`` this set is the fast path of a
    check, made before the general one."""
    if hint is None or hint is type(None):
        return frozenset({type(None)})
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        found: set[type] = set()
        for part in typing.get_args(hint):
            found |= _exact_types(part)
        return frozenset(found)
    if (
        isinstance(hint, type)
        and not typing.get_args(hint)
        and not getattr(hint, "_is_protocol", False)
        and compile_check(hint) is not _any
    ):
        return frozenset({hint})
    return frozenset()


Plan = tuple[tuple[int, str, frozenset[type], Check, Any, bool], ...]


def _names_language(hint: Any) -> bool:
    """Whether ``hint`` takes a language (``Language | str``): a code given is then
    checked too, so that every checked function refuses an unknown language by name."""
    return hint is Language or Language in typing.get_args(hint)


def _plan(function: Callable[..., Any]) -> Plan:
    hints = _hints(function)
    plan = []
    for index, parameter in enumerate(inspect.signature(function).parameters.values()):
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        hint = hints.get(parameter.name)
        if hint is None or compile_check(hint) is _any:
            continue
        position = index if parameter.kind is not parameter.KEYWORD_ONLY else -1
        language = _names_language(hint)
        plan.append(
            (position, parameter.name, _exact_types(hint), compile_check(hint), hint, language)
        )
    return tuple(plan)


def checked_arguments(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` with every argument given checked against its annotation first."""
    plan: Plan | None = None

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        nonlocal plan
        if plan is None:
            plan = _plan(function)
        given = len(args)
        for position, name, exact, check, hint, language in plan:
            if 0 <= position < given:
                value = args[position]
            elif name in kwargs:
                value = kwargs[name]
            else:
                continue
            if type(value) not in exact and not check(value):
                raise argument_error(name, hint, value)
            if language and type(value) is str:
                language_of(value, name)
        return function(*args, **kwargs)

    return wrapper


# ------------------------------------------------------------------ fields of values


def enum_members(kind: type[enum.Enum]) -> dict[object, enum.Enum]:
    """The members of ``kind`` by their JSON value: their ``key`` when they have one
    (a resource is written ``"grapes"``), else their value."""
    members = list(kind)
    if members and isinstance(getattr(members[0], "key", None), str):
        return {member.key: member for member in members}  # type: ignore[attr-defined]
    return {member.value: member for member in members}


def member_of(kind: type[enum.Enum], value: object) -> enum.Enum | None:
    """The member of ``kind`` whose JSON value is ``value``, or ``None``. As in JSON,
    ``4.0`` is the number 4; the type must otherwise match (``"4"`` is not 4, nor
    ``true`` 1)."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if not isinstance(value, str | int) or isinstance(value, bool):
        return None
    members = enum_members(kind)
    found = members.get(value)
    if found is None or type(value) is not type(next(iter(members))):
        return None
    return found


def _shown(value: object) -> str | int:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9:
        return value
    return cut(value if isinstance(value, str) else repr(value))


def _enum_of(hint: Any) -> type[enum.Enum] | None:
    """The enumeration a field holds one member of (``E`` or ``E | None``)."""
    options = [a for a in typing.get_args(hint) if a is not type(None)] or [hint]
    if typing.get_origin(hint) not in (None, typing.Union, types.UnionType) or len(options) != 1:
        return None
    found = options[0]
    return found if isinstance(found, type) and issubclass(found, enum.Enum) else None


def _class_hint(cls: type, name: str, text: object) -> Any:
    if not isinstance(text, str):
        return text
    module = sys.modules.get(cls.__module__)
    namespace = {**(vars(module) if module is not None else {}), cls.__name__: cls}
    try:
        return eval(text, namespace)
    except Exception:  # an annotation that cannot be resolved is not checked
        return Any


class _Field:
    """The check (and the conversion of enumeration values) of one field, made on first use."""

    def __init__(self, name: str, annotation: object, rule: str | None = None) -> None:
        self.name = name
        self.annotation = annotation
        self.rule = rule
        self.ready: tuple[Any, Check, dict[object, enum.Enum] | None] | None = None

    def _compile(self, cls: type) -> tuple[Any, Check, dict[object, enum.Enum] | None]:
        if self.ready is None:
            hint = _class_hint(cls, self.name, self.annotation)
            kind = _enum_of(hint)
            self.ready = (hint, compile_check(hint), None if kind is None else enum_members(kind))
        return self.ready

    def validate(self, instance: object, _attribute: object, value: object) -> None:
        hint, check, _members = self._compile(type(instance))
        if not check(value):
            path = f"{type(instance).__name__}.{self.name}"
            message = _(
                "expected {expected}, found {kind}",
                expected=type_text(hint),
                kind=kind_name(value, hint),
            )
            raise MalformedInputError.single(path, message, self.rule)


def _converter(field: _Field, cls: type) -> Callable[[object], object]:
    def convert(value: object) -> object:
        if isinstance(value, enum.Enum) or value is None:
            return value
        hint, _check, members = field._compile(cls)
        if members is None:
            return value
        found = member_of(_enum_of(hint), value)  # type: ignore[arg-type]
        if found is not None:
            return found
        path = f"{cls.__name__}.{field.name}"
        known = ", ".join(str(key) for key in members)
        message = _(
            "unknown value {value!r}; expected one of: {known}", value=_shown(value), known=known
        )
        raise MalformedInputError.single(path, message, field.rule)

    return convert


def _guarded(convert: Callable[[Any], Any], field: _Field, cls: type) -> Callable[[Any], Any]:
    """A field's own converter (``tuple``, a read-only mapping...), its failure on a value
    of the wrong type turned into the field's error."""

    def guarded(value: Any) -> Any:
        try:
            return convert(value)
        except (TypeError, ValueError, AttributeError, KeyError) as error:
            if isinstance(error, MalformedInputError):
                raise
            hint, _check, _members = field._compile(cls)
            path = f"{cls.__name__}.{field.name}"
            message = _(
                "expected {expected}, found {kind}",
                expected=type_text(hint),
                kind=kind_name(value, hint),
            )
            raise MalformedInputError.single(path, message, field.rule) from None

    return guarded


def typed_fields(cls: type, attributes: list[Any]) -> list[Any]:
    """An attrs ``field_transformer``: every field checked against its annotation, and a
    field of one enumeration member converted from the member's JSON value. A field's
    ``metadata={"rule": id}`` names the rule its errors cite."""
    out = []
    for attribute in attributes:
        field = _Field(attribute.name, attribute.type, attribute.metadata.get("rule"))
        validators = [v for v in (field.validate, attribute.validator) if v is not None]
        convert = attribute.converter
        changes: dict[str, Any] = {"validator": attrs.validators.and_(*validators)}
        if convert is not None:
            changes["converter"] = _guarded(convert, field, cls)
        elif _enum_of(_class_hint(cls, attribute.name, attribute.type)) is not None:
            changes["converter"] = _converter(field, cls)  # only where values are converted
        out.append(attribute.evolve(**changes))
    return out
