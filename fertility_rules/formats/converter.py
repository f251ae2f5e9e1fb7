"""The one cattrs converter of the library, and its errors turned into :class:`Problem` values.

The converter is strict (an integer is a whole JSON number, not ``4.5`` nor ``true``: as in
JSON Schema, ``4.0`` is the integer 4, a value JSON cannot tell from ``4``; a list is
a list; unknown keys are refused) and collects every problem of a document
(``detailed_validation``). Model validators raise :class:`MalformedInputError`; the
converter records where it happened, and :func:`problems_of` joins the two into
``Problem(path, message, rule)``.
"""

from __future__ import annotations

import enum
import functools
import inspect
import operator
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast, get_args, get_origin

import attrs
from cattrs import Converter
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from fertility_rules.arguments import enum_members, member_of
from fertility_rules.effects.base import ParamType
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.documents import check_tree, join
from fertility_rules.formats.limits import DEFAULT_LIMITS
from fertility_rules.i18n.message import Message, _
from fertility_rules.model.provenance import Provenance
from fertility_rules.model.resources import Icon, MonumentType, Resource
from fertility_rules.model.shop import Benefit

__all__ = [
    "attempt",
    "converter_for",
    "converter_with",
    "format_hooks",
    "other_library_format",
    "problems_of",
    "register_tagged_union",
    "structure",
    "structure_document",
    "type_name",
]

T = TypeVar("T")


def type_name(value: object) -> str:
    """The JSON name of a value's type, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list | tuple):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _wrong(expected: Message) -> MalformedInputError:
    return MalformedInputError.single("$", expected)


_WHOLE_FLOATS = 10**DEFAULT_LIMITS.max_digits
"""Whole numbers written with a fraction (``4.0``) are read below this size only."""


def _integer(value: object, _type: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer() and abs(value) < _WHOLE_FLOATS:
        return int(value)
    raise _wrong(_("expected an integer, found {found}", found=type_name(value)))


def _string(value: object, _type: object) -> str:
    if isinstance(value, str):
        return value
    raise _wrong(_("expected a string, found {found}", found=type_name(value)))


def _boolean(value: object, _type: object) -> bool:
    if isinstance(value, bool):
        return value
    raise _wrong(_("expected true or false, found {found}", found=type_name(value)))


def _unknown(what: type[enum.Enum], value: str | int, known: str) -> Message:
    if what is Resource:
        return _("unknown resource {name!r}; expected one of: {known}", name=value, known=known)
    if what is Icon:
        return _("unknown icon {name!r}; expected one of: {known}", name=value, known=known)
    if what is MonumentType:
        return _(
            "unknown Monument type {name!r}; expected one of: {known}", name=value, known=known
        )
    if what is Provenance:
        return _("unknown provenance {name!r}; expected one of: {known}", name=value, known=known)
    return _("unknown value {value!r}; expected one of: {known}", value=value, known=known)


_ENUM_RULES: dict[type[enum.Enum], str] = {Resource: "R-1.1", Icon: "R-1.6", MonumentType: "R-1.8"}


def _enum_hook(what: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    """Members by their JSON value (a resource by its key, ``4.0`` as 4); the JSON type
    must otherwise match exactly."""
    known = ", ".join(str(k) for k in enum_members(what))

    def structure(value: object, _type: object) -> enum.Enum:
        found = member_of(what, value)
        if found is not None:
            return found
        if isinstance(value, str | int | float) and not isinstance(value, bool):
            shown = value if isinstance(value, str | int) else repr(value)
            raise MalformedInputError.single(
                "$", _unknown(what, shown, known), _ENUM_RULES.get(what)
            )
        raise _wrong(_("expected a string, found {found}", found=type_name(value)))

    return structure


def _is_tuple(cls: Any) -> bool:
    return cls is tuple or get_origin(cls) is tuple


def _tuple_hook(cls: Any, converter: Converter) -> Callable[[object, object], tuple[Any, ...]]:
    """Tuples are read from JSON lists only (never from a string or an object)."""
    args = get_args(cls)
    length = None if not args or args[-1] is Ellipsis else len(args)

    def structure(value: object, _type: object) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple):
            raise _wrong(_("expected a list, found {found}", found=type_name(value)))
        if length is not None and len(value) != length:
            raise _wrong(
                _("expected a list of {n} items, found {found}", n=length, found=len(value))
            )
        result: tuple[Any, ...] = converter._structure_tuple(value, cls)
        return result

    return structure


def _object_hook(cls: type, converter: Converter) -> Callable[[object, type], Any]:
    """Attrs classes are read from JSON objects; an optional field is left out, never null."""
    base: Callable[[Mapping[str, Any], Any], Any] = converter.gen_structure_attrs_fromdict(cls)
    optional = [a.name for a in attrs.fields(cls) if a.init and a.default is None]

    def structure(value: object, _type: type) -> Any:
        if not isinstance(value, dict):
            raise _wrong(_("expected an object, found {found}", found=type_name(value)))
        nulls = [key for key in optional if key in value and value[key] is None]
        if nulls:
            message = _("an optional field is left out, not null")
            raise MalformedInputError([Problem(key, message) for key in nulls])
        try:
            return base(value, cls)
        except BaseValidationError as error:
            checks = getattr(cls, "checks", None)
            if checks is None:
                raise
            problems = problems_of(error, "$")
            more = [_rebase("$", p) for p in _checks_of_the_rest(converter, cls, checks, value)]
            raise MalformedInputError(problems + [p for p in more if p not in problems]) from None

    return structure


def _checks_of_the_rest(
    converter: Converter, cls: type, checks: Callable[..., list[Problem]], value: dict[str, Any]
) -> list[Problem]:
    """A section's own checks, run on the fields that could be read when others could not.

    ``cls.checks`` takes some of the fields by name; it runs when all of those are fine.
    """
    names = [n for n in inspect.signature(checks).parameters]
    types = {a.name: a.type for a in attrs.fields(cls)}
    args = {}
    for name in names:
        try:
            args[name] = converter.structure(value[name], types[name])
        except (KeyError, BaseValidationError, MalformedInputError, ForbiddenExtraKeysError):
            return []  # reported already by the failed structuring
    return checks(**args)


def register_tagged_union(
    converter: Converter,
    union: Any,
    tag: str,
    members: Mapping[str, type],
    unknown: Callable[[str, str], Message],
    rule: str | None = None,
    write: bool = True,
) -> None:
    """Read (and, if ``write``, write) ``union`` as objects whose ``tag`` names the member."""
    tags = {cls: name for name, cls in members.items()}

    def structure(value: object, _type: object) -> Any:
        if not isinstance(value, dict):
            raise _wrong(_("expected an object, found {found}", found=type_name(value)))
        if tag not in value:
            raise _wrong(_("missing field {key!r}", key=tag))
        name = value[tag]
        cls = members.get(name) if isinstance(name, str) else None
        if cls is None:
            shown = name if isinstance(name, str) else type_name(name)
            problem = Problem(tag, unknown(shown, ", ".join(members)), rule)
            raise MalformedInputError([problem])
        rest = {k: v for k, v in value.items() if k != tag}
        return converter.structure(rest, cls)

    # by identity: a hook on a base class would also catch its member subclasses
    converter.register_structure_hook_func(functools.partial(operator.is_, union), structure)
    if not write:
        return
    converter.register_unstructure_hook(
        union, lambda value: converter.unstructure(value, type(value))
    )
    for cls in members.values():
        converter.register_unstructure_hook(
            cls, functools.partial(_tagged, tag, tags[cls], converter.get_unstructure_hook(cls))
        )


def _tagged(tag: str, name: str, base: Callable[[Any], dict[str, Any]], value: Any) -> Any:
    return {tag: name, **base(value)}


def _benefit_kinds(converter: Converter, registry: EffectRegistry) -> None:
    """Shop benefits are a tagged union on ``kind``, its members the registry's kinds."""
    for kind in registry:  # by identity: the kind's class is never introspected
        converter.register_structure_hook_func(
            functools.partial(operator.is_, kind.benefit_type), _checked(converter, kind)
        )
    register_tagged_union(
        converter,
        Benefit,
        "kind",
        {kind.id: kind.benefit_type for kind in registry},
        lambda name, known: _(
            "unknown Shop benefit kind {kind!r}; known kinds: {known}", kind=name, known=known
        ),
        "R-6",
        write=False,
    )

    # Any benefit is written with the kind its class declares, known to the registry or not.
    def unstructure(value: Benefit) -> dict[str, Any]:
        fields = attrs.fields(cast(Any, type(value)))
        return {
            "kind": value.kind,
            **{a.name: converter.unstructure(getattr(value, a.name)) for a in fields},
        }

    converter.register_unstructure_hook(Benefit, unstructure)


_PARAM_TYPES: dict[ParamType, Any] = {
    ParamType.POSITIVE_INT: int,
    ParamType.RESOURCE: Resource,
    ParamType.RESOURCES: tuple[Resource, ...],
    ParamType.GODS: tuple[str, ...],
}


def _checked(converter: Converter, kind: Any) -> Callable[[object, type], Any]:
    """A benefit read by the parameters its kind declares, each checked by its type.

    The kind's declaration, not the class's annotations, says what is read: a kind
    defined anywhere (a notebook, a test) reads the same.
    """
    names = [param.name for param in kind.params]

    def structure(value: object, _type: type) -> Any:
        if not isinstance(value, dict):
            raise _wrong(_("expected an object, found {found}", found=type_name(value)))
        known = ", ".join(sorted(names))
        problems = [
            Problem(
                key, _("unknown field {key!r}; expected one of: {allowed}", key=key, allowed=known)
            )
            for key in value
            if key not in names
        ]
        values = {}
        for param in kind.params:
            rule = "R-5.3" if param.type is ParamType.GODS else "R-6"
            if param.name not in value:
                problems.append(Problem("$", _("missing field {key!r}", key=param.name)))
                continue
            try:
                values[param.name] = converter.structure(
                    value[param.name], _PARAM_TYPES[param.type]
                )
            except (BaseValidationError, MalformedInputError, ForbiddenExtraKeysError) as error:
                problems += problems_of(error, param.name)
                continue
            problems += [
                Problem(param.name, message, rule)
                for message in param.type.problems(values[param.name])
            ]
        if problems:
            raise MalformedInputError(problems)
        return kind.benefit_type(**values)

    return structure


Hooks = Callable[[Converter], None]
_FORMAT_HOOKS: list[Hooks] = []


def format_hooks(hooks: Hooks) -> Hooks:
    """Register a format's own hooks (its tagged unions) on every converter made from now on."""
    _FORMAT_HOOKS.append(hooks)
    converter_for.cache_clear()
    return hooks


@functools.lru_cache(maxsize=16)
def converter_for(registry: EffectRegistry = DEFAULT_REGISTRY) -> Converter:
    """The converter reading and writing every format with ``registry``'s benefit kinds."""
    converter = Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _integer)
    converter.register_structure_hook(str, _string)
    converter.register_structure_hook(bool, _boolean)
    converter.register_structure_hook_func(
        lambda cls: isinstance(cls, type) and issubclass(cls, enum.Enum),
        lambda value, cls: _enum_hook(cls)(value, cls),
    )
    converter.register_structure_hook(Resource, _enum_hook(Resource))
    converter.register_unstructure_hook(Resource, lambda r: r.key)
    converter.register_unstructure_hook_func(
        lambda cls: isinstance(cls, type) and issubclass(cls, enum.Enum), lambda e: e.value
    )
    converter.register_structure_hook_factory(_is_tuple, _tuple_hook)
    converter.register_unstructure_hook_factory(
        _is_tuple, lambda _cls: lambda items: [converter.unstructure(i) for i in items]
    )
    converter.register_structure_hook_factory(attrs.has, _object_hook)
    _benefit_kinds(converter, registry)
    for hooks in _FORMAT_HOOKS:
        hooks(converter)
    return converter


# ---------------------------------------------------------------- errors into problems


def _note(error: BaseException) -> AttributeValidationNote | IterableValidationNote | None:
    notes = [
        n
        for n in getattr(error, "__notes__", ())
        if isinstance(n, AttributeValidationNote | IterableValidationNote)
    ]
    return notes[-1] if notes else None


def _rebase(path: str, problem: Problem) -> Problem:
    inner = problem.path
    if inner in ("", "$"):
        return Problem(path, problem.message, problem.rule)
    if inner.startswith("$"):
        return Problem(path + inner[1:], problem.message, problem.rule)
    return Problem(join(path, inner), problem.message, problem.rule)


def _fields(cls: type) -> str:
    return ", ".join(sorted(a.name for a in attrs.fields(cls) if a.init))


def problems_of(error: BaseException, path: str = "$") -> list[Problem]:
    """Every problem an error of the converter (or of a model validator) describes."""
    if isinstance(error, BaseValidationError):
        problems: list[Problem] = []
        for inner in error.exceptions:
            note = _note(inner)
            if isinstance(note, AttributeValidationNote):
                if isinstance(inner, KeyError):
                    message = _("missing field {key!r}", key=str(inner.args[0]))
                    problems.append(Problem(path, message))
                    continue
                problems.extend(problems_of(inner, join(path, note.name)))
            elif isinstance(note, IterableValidationNote):
                problems.extend(problems_of(inner, join(path, note.index)))
            else:
                problems.extend(problems_of(inner, path))
        return problems
    if isinstance(error, MalformedInputError):
        return [_rebase(path, problem) for problem in error.problems]
    if isinstance(error, ForbiddenExtraKeysError):
        allowed = _fields(error.cl)
        return [
            Problem(
                join(path, key),
                _("unknown field {key!r}; expected one of: {allowed}", key=key, allowed=allowed),
            )
            for key in sorted(error.extra_fields)
        ]
    return [Problem(path, _("invalid value: {error}", error=type(error).__name__))]


def _within_limits(data: object, source: str | None = None, path: str = "$") -> None:
    problems = check_tree(data)
    if problems:
        raise MalformedInputError([_rebase(path, p) for p in problems], source)


def attempt(path: str, build: Callable[..., T], *args: Any) -> tuple[T | None, list[Problem]]:
    """``build(*args)``, or ``None`` and the problems it raised, placed under ``path``."""
    try:
        return build(*args), []
    except MalformedInputError as error:
        return None, list(error.problems) if not path else problems_of(error, path)


def converter_with(
    registry: EffectRegistry, hooks: Mapping[Any, Callable[[Converter, Any], Any]]
) -> Converter:
    """A copy of the registry's converter that also builds ``hooks``' types.

    Each hook gets the converter and the raw value; it runs inside the structuring of
    its parent, so its problems get their path and its siblings are still read.
    """
    converter = converter_for(registry).copy()
    for cls, build in hooks.items():
        converter.register_structure_hook(cls, functools.partial(_build, build, converter))
    return converter


def _build(
    build: Callable[[Converter, Any], Any], converter: Converter, value: Any, _t: Any
) -> Any:
    return build(converter, value)


def structure(
    data: object,
    cls: type[T],
    registry: EffectRegistry = DEFAULT_REGISTRY,
    path: str = "$",
    converter: Converter | None = None,
) -> T:
    """``data`` read as ``cls``; raises :class:`MalformedInputError` with every problem."""
    if converter is None:  # a value of its own, not a section of a checked document
        _within_limits(data, path=path)
    try:
        value: T = (converter or converter_for(registry)).structure(data, cls)
    except (BaseValidationError, MalformedInputError, ForbiddenExtraKeysError) as error:
        raise MalformedInputError(problems_of(error, path)) from None
    return value


_LIBRARY_FORMAT = re.compile(r"fertility-rules/([a-z-]+)/\d+")
"""The format id of a document of this library (``fertility-rules/game-record/1``)."""


def other_library_format(data: object, fmt: str) -> str | None:
    """The format id of ``data`` when it is a document of another format of this library
    (a game record given where a final position is read), else ``None``."""
    found = data.get("format") if isinstance(data, dict) else None
    other = _LIBRARY_FORMAT.fullmatch(found) if isinstance(found, str) else None
    if other is None or other.group(1) == _LIBRARY_FORMAT.sub(r"\1", fmt):
        return None
    return other.group(0)


def structure_document(
    data: object,
    cls: type[T],
    fmt: str,
    source: str | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    converter: Converter | None = None,
) -> T:
    """A whole document: an object whose ``format`` is ``fmt``, the rest read as ``cls``.

    The document is first held to the :class:`Limits` a parsed file is held to, so that
    data built in Python (too deep, lone surrogates...) is refused the same way.
    """
    _within_limits(data, source)
    if not isinstance(data, dict):
        message = _("expected an object, found {found}", found=type_name(data))
        raise MalformedInputError([Problem("$", message)], source, fmt)
    problems: list[Problem] = []
    found = data.get("format")
    other = other_library_format(data, fmt)
    if other is not None:
        # Another format of this library: its fields would all be wrong, say it once.
        message = _("this is a {found!r} document, not {expected!r}", found=other, expected=fmt)
        raise MalformedInputError([Problem("$.format", message)], source, fmt)
    if "format" not in data:
        problems.append(Problem("$", _("missing field {key!r}", key="format")))
    elif found != fmt:
        shown = found if isinstance(found, str) else type_name(found)
        problems.append(
            Problem(
                "$.format",
                _("unknown format {found!r}; expected {expected!r}", found=shown, expected=fmt),
            )
        )
    rest = {k: v for k, v in data.items() if k != "format"}
    try:
        value = structure(rest, cls, registry, converter=converter)
    except MalformedInputError as error:
        problems.extend(error.problems)
    if problems:
        raise MalformedInputError(problems, source, fmt)
    return value
