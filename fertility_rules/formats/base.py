"""The strict cattrs converter every game's file formats are read with, and its errors as
:class:`~fertility_rules.errors.Problem` values.

The converter is strict (an integer is a whole JSON number, not ``4.5`` nor ``true``: as in
JSON Schema, ``4.0`` is the integer 4, a value JSON cannot tell from ``4``; a list is a
list; unknown keys are refused) and collects every problem of a document
(``detailed_validation``). Model validators raise :class:`MalformedInputError`; the
converter records where it happened, and :func:`problems_of` joins the two into
``Problem(path, message, rule)``. A game adds its own hooks (its tagged unions, its enums
with their rule ids) on a copy of :func:`strict_converter`.
"""

from __future__ import annotations

import enum
import functools
import inspect
import operator
import re
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, get_args, get_origin

import attrs
from cattrs import Converter
from cattrs.errors import (
    AttributeValidationNote,
    BaseValidationError,
    ForbiddenExtraKeysError,
    IterableValidationNote,
)

from fertility_rules.arguments import argument_error
from fertility_rules.errors import MalformedInputError, Problem, join_path, nest_path
from fertility_rules.formats.documents import SEQUENCES, check_tree, join
from fertility_rules.formats.limits import DEFAULT_LIMITS
from fertility_rules.games import game_of_format
from fertility_rules.i18n.message import Message, _, pgettext
from fertility_rules.shared.provenance import Provenance

__all__ = [
    "FormatHooks",
    "OtherFormatError",
    "attempt",
    "check_names",
    "enum_hook",
    "other_library_format",
    "problems_of",
    "register_tagged_union",
    "strict_converter",
    "structure",
    "structure_document",
    "type_name",
    "with_builders",
]

T = TypeVar("T")


_TYPE_NAMES: tuple[tuple[type | tuple[type, ...], Message], ...] = (
    (type(None), pgettext("JSON type", "null")),
    (bool, pgettext("JSON type", "boolean")),  # before int: a bool is an int
    ((int, float), pgettext("JSON type", "number")),
    (str, pgettext("JSON type", "string")),
    (SEQUENCES, pgettext("JSON type", "list")),
    (dict, pgettext("JSON type", "object")),
)


def type_name(value: object) -> Message:
    """The JSON name of a value's type, for messages, in the message's language."""
    for kinds, name in _TYPE_NAMES:
        if isinstance(value, kinds):
            return name
    return _("a value of type {name}", name=type(value).__name__)


def _wrong(expected: Message) -> MalformedInputError:
    return MalformedInputError.single("$", expected)


_WHOLE_FLOATS = 10**DEFAULT_LIMITS.max_digits
"""Whole numbers written with a fraction (``4.0``) are read below this size only."""


def _whole(value: object) -> object:
    """``4.0`` as the integer 4 (JSON does not tell them apart); anything else as it is."""
    if isinstance(value, float) and value.is_integer() and abs(value) < _WHOLE_FLOATS:
        return int(value)
    return value


def _integer(value: object, _type: object) -> int:
    value = _whole(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise _wrong(_("expected an integer, found {found}", found=type_name(value)))


def _string(value: object, _type: object) -> str:
    if isinstance(value, str):
        return value
    raise _wrong(_("expected a string, found {found}", found=type_name(value)))


def _boolean(value: object, _type: object) -> bool:
    if isinstance(value, bool):
        return value
    raise _wrong(_("expected true or false, found {found}", found=type_name(value)))


def enum_hook(
    what: type[enum.Enum],
    members: Mapping[object, enum.Enum] | None = None,
    unknown: Callable[[str | int, str], Message] | None = None,
    rule: str | None = None,
    strings_only: bool = False,
) -> Callable[[object, object], enum.Enum]:
    """Members by value (or by the keys of ``members``, ``4.0`` as 4): the JSON type must
    otherwise match exactly.

    ``unknown(value, known)`` says what an unknown value is (``unknown resource``), and
    ``rule`` is the rule that lists the members; with ``strings_only``, a value that is
    not a string is refused as such, never looked up.
    """
    found_members: Mapping[object, enum.Enum] = members or {m.value: m for m in what}
    kinds = (str,) if strings_only else (str, int)

    def message(value: str | int, known: str) -> Message:
        if unknown is not None:
            return unknown(value, known)
        return _("unknown value {value!r}; expected one of: {known}", value=value, known=known)

    def structure(value: object, _type: object) -> enum.Enum:
        value = _whole(value)
        if isinstance(value, str | int) and type(value) in kinds:
            found = found_members.get(value)
            if found is not None and type(value) is type(next(iter(found_members))):
                return found
            known = ", ".join(str(k) for k in found_members)
            raise MalformedInputError.single("$", message(value, known), rule)
        raise _wrong(_("expected a string, found {found}", found=type_name(value)))

    return structure


def _unstructure_tuple(_cls: Any, converter: Converter) -> Callable[[Any], list[Any]]:
    """Tuples as lists, each item by the converter in use (a copy's hooks included)."""
    return lambda items: [converter.unstructure(i) for i in items]


@functools.cache
def strict_converter() -> Converter:
    """The strict converter with no game's hooks: scalars, enums by value (a provenance
    named as such when unknown), lists, objects.

    Shared: take a ``copy()`` to add hooks.
    """
    converter = Converter(forbid_extra_keys=True, detailed_validation=True)
    converter.register_structure_hook(int, _integer)
    converter.register_structure_hook(str, _string)
    converter.register_structure_hook(bool, _boolean)
    converter.register_structure_hook_func(
        lambda cls: isinstance(cls, type) and issubclass(cls, enum.Enum),
        lambda value, cls: enum_hook(cls)(value, cls),
    )
    converter.register_unstructure_hook_func(
        lambda cls: isinstance(cls, type) and issubclass(cls, enum.Enum), lambda e: e.value
    )
    converter.register_structure_hook_factory(_is_tuple, _tuple_hook)
    converter.register_unstructure_hook_factory(_is_tuple, _unstructure_tuple)
    converter.register_structure_hook_factory(attrs.has, _object_hook)
    converter.register_structure_hook(Provenance, enum_hook(Provenance, None, _unknown_provenance))
    return converter


def _unknown_provenance(value: str | int, known: str) -> Message:
    return _("unknown provenance {name!r}; expected one of: {known}", name=value, known=known)


HookSetter = Callable[[Converter], None]
"""What a format module adds to its game's converter (its tagged unions, its keys)."""


_KEPT = 16
"""Converters a game keeps made (one a registry; one a set of a reader's builders)."""


class FormatHooks:
    """A game's converter hooks, registered by the modules that define its formats
    (``@HOOKS.register``), and the game's converters made with them, each made once (a
    copy compiles its structuring functions again on first use, which would cost a
    reader more than reading) and again after a new registration."""

    def __init__(self, make: Callable[..., Converter] = strict_converter) -> None:
        self._make = make
        self._hooks: list[HookSetter] = []
        self._with: dict[tuple[Any, ...], tuple[tuple[Any, ...], Converter]] = {}
        self.converter = functools.lru_cache(maxsize=_KEPT)(self._made)
        """The game's converter for ``key``, the arguments of ``make`` (a registry)."""

    def register(self, hooks: HookSetter) -> HookSetter:
        """Add ``hooks`` to every converter made from now on (refused unless callable: a
        wrong one would break every reader of the game)."""
        if not callable(hooks):
            raise argument_error("hooks", HookSetter, hooks)
        self._hooks.append(hooks)
        self.cache_clear()
        return hooks

    def cache_clear(self) -> None:
        """Forget the converters made: the next ones are made with every hook."""
        self.converter.cache_clear()
        self._with.clear()

    def install(self, converter: Converter) -> Converter:
        """``converter`` with every hook registered so far added to it."""
        for hooks in self._hooks:
            hooks(converter)
        return converter

    def _made(self, *key: Any) -> Converter:
        return self.install(self._make(*key).copy())

    def with_builders(
        self, builders: Mapping[Any, Callable[[Converter, Any], Any]], *key: Any
    ) -> Converter:
        """A copy of the converter for ``key`` that also builds ``builders``' types
        (:func:`with_builders`), made once for the same builders (kept with the copy, so
        that their ids stay theirs)."""
        given = tuple(builders.items())
        found_key = (*key, *(id(item) for pair in given for item in pair))
        found = self._with.get(found_key)
        if found is None:
            if len(self._with) >= _KEPT:
                self._with.clear()
            found = self._with[found_key] = (given, with_builders(self.converter(*key), builders))
        return found[1]

    def structure(
        self, data: object, cls: type[T], path: str = "$", converter: Converter | None = None
    ) -> T:
        """``data`` read as ``cls`` with the game's converter (see :func:`structure`)."""
        if converter is None:  # a value of its own, not a section of a checked document
            _within_limits(data, path=path)
        return structure(data, cls, path, converter or self.converter())

    def structure_document(
        self,
        data: object,
        cls: type[T],
        fmt: str,
        source: str | None = None,
        converter: Converter | None = None,
    ) -> T:
        """A whole document of format ``fmt`` (see :func:`structure_document`)."""
        return structure_document(data, cls, fmt, source, converter or self.converter())


def with_builders(
    converter: Converter, builders: Mapping[Any, Callable[[Converter, Any], Any]]
) -> Converter:
    """A copy of ``converter`` that also builds ``builders``' types.

    Each builder gets the converter and the raw value; it runs inside the structuring of
    its parent, so its problems get their path and its siblings are still read.
    """
    copy = converter.copy()
    for cls, build in builders.items():
        copy.register_structure_hook(cls, functools.partial(_build, build, copy))
    return copy


def _build(
    build: Callable[[Converter, Any], Any], converter: Converter, value: Any, _t: Any
) -> Any:
    return build(converter, value)


def _is_tuple(cls: Any) -> bool:
    return cls is tuple or get_origin(cls) is tuple


def _tuple_hook(cls: Any, converter: Converter) -> Callable[[object, object], tuple[Any, ...]]:
    """Tuples are read from JSON lists only (never from a string or an object; a tuple
    built in Python is read as the list it stands for)."""
    args = get_args(cls)
    length = None if not args or args[-1] is Ellipsis else len(args)

    def structure(value: object, _type: object) -> tuple[Any, ...]:
        if not isinstance(value, SEQUENCES):
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


@functools.cache
def check_names(checks: Callable[..., list[Problem]]) -> tuple[str, ...]:
    """The fields a section's ``checks`` takes, by their names (its parameters without a
    default; one with a default, such as where the problems go, keeps it)."""
    parameters = inspect.signature(checks).parameters.values()
    return tuple(p.name for p in parameters if p.default is inspect.Parameter.empty)


def _checks_of_the_rest(
    converter: Converter, cls: type, checks: Callable[..., list[Problem]], value: dict[str, Any]
) -> list[Problem]:
    """A section's own checks, run on the fields that could be read when others could not.

    ``cls.checks`` takes some of the fields by name; it runs when all of those are fine.
    """
    names = check_names(checks)
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
        if not isinstance(name, str):
            found = type_name(name)
            message = _("expected a string, found {found}", found=found)
            raise MalformedInputError([Problem(join_path("$", tag), message, rule)])
        cls = members.get(name)
        if cls is None:
            problem = Problem(join_path("$", tag), unknown(name, ", ".join(members)), rule)
            raise MalformedInputError([problem])
        rest = {k: v for k, v in value.items() if k != tag}
        if getattr(converter, "forbid_extra_keys", False) and attrs.has(cls):
            # the member's own fields and the tag (a member without fields has but the tag)
            known = {a.name for a in attrs.fields(cls) if a.init}
            extra = sorted(key for key in rest if key not in known)
            if extra:
                allowed = ", ".join(sorted({*known, tag}))
                raise MalformedInputError(
                    [
                        Problem(
                            join_path("$", key),
                            _(
                                "unknown field {key!r}; expected one of: {allowed}",
                                key=key,
                                allowed=allowed,
                            ),
                        )
                        for key in extra
                    ]
                )
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


# ---------------------------------------------------------------- errors into problems


def _note(error: BaseException) -> AttributeValidationNote | IterableValidationNote | None:
    notes = [
        n
        for n in getattr(error, "__notes__", ())
        if isinstance(n, AttributeValidationNote | IterableValidationNote)
    ]
    return notes[-1] if notes else None


def _rebase(path: str, problem: Problem) -> Problem:
    return Problem(nest_path(path, problem.path), problem.message, problem.rule)


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


def structure(data: object, cls: type[T], path: str = "$", converter: Converter | None = None) -> T:
    """``data`` read as ``cls``; raises :class:`MalformedInputError` with every problem.

    Without ``converter``, ``data`` is a value of its own (not a section of a document
    checked already): it is first held to the limits of a parsed file, then read by the
    strict converter.
    """
    if converter is None:
        _within_limits(data, path=path)
    try:
        value: T = (converter or strict_converter()).structure(data, cls)
    except (BaseValidationError, MalformedInputError, ForbiddenExtraKeysError) as error:
        raise MalformedInputError(problems_of(error, path)) from None
    return value


_LIBRARY_FORMAT = re.compile(r"fertility-rules/([a-z-]+)/\d+")
"""The format id of a document of this library (``fertility-rules/game-record/2``)."""


def other_library_format(data: object, fmt: str) -> str | None:
    """The format id of ``data`` when it is a document of another format of this library
    (a game record given where a final position is read), else ``None``."""
    found = data.get("format") if isinstance(data, dict) else None
    other = _LIBRARY_FORMAT.fullmatch(found) if isinstance(found, str) else None
    if other is None or other.group(1) == _LIBRARY_FORMAT.sub(r"\1", fmt):
        return None
    return other.group(0)


class OtherFormatError(MalformedInputError):
    """A document of another format of the library (an Ankh'or catalogue read as
    Fertility's): ``game`` names the game whose format of the same kind it is, if one is
    (the document is then read with that game), else ``None``."""

    def __init__(self, found: str, expected: str, source: str | None = None) -> None:
        owner, reader = game_of_format(found), game_of_format(expected)
        self.game: str | None = None
        if owner is None:
            message = _(
                "this is a {found!r} document, not {expected!r}", found=found, expected=expected
            )
        else:
            if reader is not None and owner[1] == reader[1] and owner[0] != reader[0]:
                self.game = owner[0].name
            message = _(
                "this is a {found!r} document of {game}, not {expected!r}",
                found=found,
                game=owner[0].title,
                expected=expected,
            )
        super().__init__([Problem("$.format", message)], source)


def structure_document(
    data: object,
    cls: type[T],
    fmt: str,
    source: str | None = None,
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
        raise OtherFormatError(other, fmt, source)
    if "format" not in data:
        problems.append(Problem("$", _("missing field {key!r}", key="format")))
    elif not isinstance(found, str):
        message = _("expected a string, found {found}", found=type_name(found))
        problems.append(Problem("$.format", message))
    elif found != fmt:
        message = _("unknown format {found!r}; expected {expected!r}", found=found, expected=fmt)
        problems.append(Problem("$.format", message))
    rest = {k: v for k, v in data.items() if k != "format"}
    try:
        value = structure(rest, cls, converter=converter or strict_converter())
    except MalformedInputError as error:
        problems.extend(error.problems)
    if problems:
        raise MalformedInputError(problems, source, fmt)
    return value
