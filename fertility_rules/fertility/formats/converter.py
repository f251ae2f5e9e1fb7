"""Fertility's converter: the strict converter of every format, with Fertility's hooks.

The strict converter and its errors as problems are shared by every game
(:mod:`fertility_rules.formats.base`); this module adds Fertility's enums with the rules
that list them, the Shop benefits of an effect registry as a tagged union, and the hooks
of Fertility's formats, and keeps the names Fertility's formats have always imported.
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, cast

import attrs
from cattrs import Converter
from cattrs.errors import BaseValidationError, ForbiddenExtraKeysError

from fertility_rules.errors import MalformedInputError, Problem, join_path
from fertility_rules.fertility.effects.base import ParamType
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.model.resources import Icon, MonumentType, Resource
from fertility_rules.fertility.model.shop import Benefit
from fertility_rules.formats import base
from fertility_rules.formats.base import (
    FormatHooks,
    _wrong,
    attempt,
    enum_hook,
    other_library_format,
    problems_of,
    register_tagged_union,
    type_name,
    with_builders,
)
from fertility_rules.i18n.message import Message, _

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


def _unknown(what: type[enum.Enum], value: str | int, known: str) -> Message:
    if what is Resource:
        return _("unknown resource {name!r}; expected one of: {known}", name=value, known=known)
    if what is Icon:
        return _("unknown icon {name!r}; expected one of: {known}", name=value, known=known)
    if what is MonumentType:
        return _(
            "unknown Monument type {name!r}; expected one of: {known}", name=value, known=known
        )
    return _("unknown value {value!r}; expected one of: {known}", value=value, known=known)


_ENUM_RULES: dict[type[enum.Enum], str] = {Resource: "R-1.1", Icon: "R-1.6", MonumentType: "R-1.8"}


def _enum_hook(what: type[enum.Enum]) -> Callable[[object, object], enum.Enum]:
    """Members by value (a resource by its key), unknown ones named with their rule."""
    members: dict[object, enum.Enum] | None = (
        {r.key: r for r in Resource} if what is Resource else None
    )
    return enum_hook(
        what,
        members,
        lambda value, known: _unknown(what, value, known),
        _ENUM_RULES.get(what),
    )


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
                join_path("$", key),
                _("unknown field {key!r}; expected one of: {allowed}", key=key, allowed=known),
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


def _converter(registry: EffectRegistry = DEFAULT_REGISTRY) -> Converter:
    """The strict converter with Fertility's enums and ``registry``'s benefit kinds."""
    converter = base.strict_converter().copy()
    converter.register_structure_hook_func(
        lambda cls: isinstance(cls, type) and issubclass(cls, enum.Enum),
        lambda value, cls: _enum_hook(cls)(value, cls),
    )
    converter.register_structure_hook(Resource, _enum_hook(Resource))
    converter.register_unstructure_hook(Resource, lambda r: r.key)
    _benefit_kinds(converter, registry)
    return converter


Hooks = base.HookSetter
_FORMAT_HOOKS = FormatHooks(_converter)
"""The hooks of Fertility's formats, and its converters (one for each registry)."""

format_hooks = _FORMAT_HOOKS.register


converter_for = _FORMAT_HOOKS.converter
"""The converter reading and writing every format with ``registry``'s benefit kinds
(``converter_for(registry)``; the default registry's without one)."""


def converter_with(
    registry: EffectRegistry, hooks: Mapping[Any, Callable[[Converter, Any], Any]]
) -> Converter:
    """A copy of the registry's converter that also builds ``hooks``' types.

    Each hook gets the converter and the raw value; it runs inside the structuring of
    its parent, so its problems get their path and its siblings are still read (made at
    every call: a reader's hooks hold what it reads with).
    """
    return with_builders(converter_for(registry), hooks)


def structure(
    data: object,
    cls: type[T],
    registry: EffectRegistry = DEFAULT_REGISTRY,
    path: str = "$",
    converter: Converter | None = None,
) -> T:
    """``data`` read as ``cls`` with ``registry``'s converter (see :func:`base.structure`)."""
    if converter is None:  # a value of its own, not a section of a checked document
        base._within_limits(data, path=path)
    return base.structure(data, cls, path, converter or converter_for(registry))


def structure_document(
    data: object,
    cls: type[T],
    fmt: str,
    source: str | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    converter: Converter | None = None,
) -> T:
    """A whole document of format ``fmt`` (see :func:`base.structure_document`)."""
    return base.structure_document(data, cls, fmt, source, converter or converter_for(registry))
