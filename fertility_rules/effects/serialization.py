"""Shops and benefits to and from JSON-like data, driven by each kind's parameters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fertility_rules._reading import MISSING, Reader, join
from fertility_rules.effects.base import ParamType
from fertility_rules.effects.registry import EffectRegistry
from fertility_rules.errors import FertilityError
from fertility_rules.i18n.message import _
from fertility_rules.model.provenance import Provenance
from fertility_rules.model.resources import Resource
from fertility_rules.model.shop import Benefit, Shop

__all__ = [
    "check_gods",
    "dump_benefit",
    "dump_shop",
    "read_benefit",
    "read_provenance",
    "read_shop",
]


def _read_param(
    reader: Reader, kind: ParamType, value: object, path: str, gods: tuple[str, ...] | None
) -> object:
    if kind is ParamType.POSITIVE_INT:
        return reader.integer(value, path, minimum=1, rule="R-6")
    if kind is ParamType.RESOURCE:
        return reader.resource(value, path)
    items = reader.items(value, path)
    if not items:
        if isinstance(value, list):
            reader.problem(path, _("the list must not be empty"), "R-6")
        return None
    if kind is ParamType.RESOURCES:
        resources = [reader.resource(item, p) for p, item in items]
        if any(r is None for r in resources):
            return None
        if len(set(resources)) != len(resources):
            reader.problem(path, _("a resource is listed twice"), "R-6")
            return None
        return tuple(resources)
    maybe_names = [reader.string(item, p) for p, item in items]
    names = [n for n in maybe_names if n is not None]
    if len(names) != len(maybe_names):
        return None
    for (p, _item), name in zip(items, names, strict=True):
        if gods is not None and name not in gods:
            reader.problem(
                p,
                _("unknown god {name!r}; the gods are: {gods}", name=name, gods=", ".join(gods)),
                "R-5.3",
            )
            return None
    if len(set(names)) != len(names):
        reader.problem(path, _("a god is listed twice"), "R-5.3")
        return None
    return tuple(names)


def check_gods(
    reader: Reader,
    benefit: Benefit,
    path: str,
    registry: EffectRegistry,
    gods: tuple[str, ...] | None,
) -> bool:
    """Whether every god a benefit names is one of ``gods`` (problems go to ``reader``)."""
    if gods is None:
        return True
    kind = registry.of(benefit)
    ok = True
    for param in kind.params:
        if param.type is not ParamType.GODS:
            continue
        for name in getattr(benefit, param.name):
            if name not in gods:
                reader.problem(
                    path,
                    _(
                        "unknown god {name!r}; the gods are: {gods}",
                        name=name,
                        gods=", ".join(gods),
                    ),
                    "R-5.3",
                )
                ok = False
    return ok


def read_benefit(
    reader: Reader,
    value: object,
    path: str,
    registry: EffectRegistry,
    gods: tuple[str, ...] | None = None,
) -> Benefit | None:
    """A benefit ``{"kind": ..., <params>}``; problems go to ``reader``."""
    data = reader.obj(value, path)
    if data is None:
        return None
    kind_id = reader.string(reader.field(data, "kind", path), join(path, "kind"))
    if kind_id is None:
        return None
    if kind_id not in registry:
        reader.problem(
            join(path, "kind"),
            _(
                "unknown Shop benefit kind {kind!r}; known kinds: {known}",
                kind=kind_id,
                known=", ".join(k.id for k in registry),
            ),
            "R-6",
        )
        return None
    kind = registry.find(kind_id)
    reader.only(data, ["kind", *(p.name for p in kind.params)], path)
    values: dict[str, object] = {}
    ok = True
    for param in kind.params:
        raw = reader.field(data, param.name, path)
        if raw is MISSING:
            ok = False
            continue
        parsed = _read_param(reader, param.type, raw, join(path, param.name), gods)
        if parsed is None:
            ok = False
        values[param.name] = parsed
    if not ok:
        return None
    try:
        return kind.benefit_type(**values)
    except (FertilityError, TypeError, ValueError) as error:
        reader.problem(path, _("invalid benefit: {error}", error=str(error)), "R-6")
        return None


def _dump_param(kind: ParamType, value: Any) -> object:
    if kind is ParamType.POSITIVE_INT:
        return int(value)
    if kind is ParamType.RESOURCE:
        return Resource(value).key
    if kind is ParamType.RESOURCES:
        return [Resource(r).key for r in value]
    return list(value)


def dump_benefit(benefit: Benefit, registry: EffectRegistry) -> dict[str, object]:
    """The JSON-like form read back by :func:`read_benefit`."""
    kind = registry.of(benefit)
    data: dict[str, object] = {"kind": kind.id}
    for param in kind.params:
        data[param.name] = _dump_param(param.type, getattr(benefit, param.name))
    return data


def read_provenance(reader: Reader, value: object, path: str) -> Provenance | None:
    text = reader.string(value, path)
    if text is None:
        return None
    try:
        return Provenance(text)
    except ValueError:
        reader.problem(
            path,
            _(
                "unknown provenance {name!r}; expected one of: {known}",
                name=text,
                known=", ".join(p.value for p in Provenance),
            ),
        )
        return None


SHOP_KEYS = ("requires", "benefit", "id")
CATALOGUE_SHOP_KEYS = ("requires", "benefit", "provenance", "note")


def read_shop(
    reader: Reader,
    data: Mapping[str, Any],
    path: str,
    registry: EffectRegistry,
    gods: tuple[str, ...] | None = None,
    shop_id: str | None = None,
    with_provenance: bool = False,
) -> Shop | None:
    """A Shop from ``{"requires": [...], "benefit": {...}}`` (already known to be an object)."""
    requires_path = join(path, "requires")
    icon_items = reader.items(reader.field(data, "requires", path), requires_path)
    icons = [reader.icon(item, p) for p, item in icon_items]
    if "requires" in data and isinstance(data["requires"], list) and not icon_items:
        reader.problem(requires_path, _("a Shop needs at least one icon"), "R-1.6")
    benefit = read_benefit(
        reader, reader.field(data, "benefit", path), join(path, "benefit"), registry, gods
    )
    provenance: Provenance | None = None
    note = ""
    if not with_provenance and "id" in data:
        shop_id = reader.string(data["id"], join(path, "id"))
    if with_provenance:
        provenance = read_provenance(
            reader, reader.field(data, "provenance", path), join(path, "provenance")
        )
        note = reader.string(data.get("note", ""), join(path, "note")) or ""
    if benefit is None or not icons or any(i is None for i in icons):
        return None
    return Shop(
        tuple(i for i in icons if i is not None),
        benefit,
        id=shop_id,
        provenance=provenance,
        note=note,
    )


def dump_shop(shop: Shop, registry: EffectRegistry) -> dict[str, object]:
    """The inline JSON form of a Shop (requirement and benefit)."""
    data: dict[str, object] = {
        "requires": [icon.value for icon in shop.requires],
        "benefit": dump_benefit(shop.benefit, registry),
    }
    if shop.id is not None:
        data["id"] = shop.id
    return data


def shop_keys(with_provenance: bool) -> tuple[str, ...]:
    return CATALOGUE_SHOP_KEYS if with_provenance else SHOP_KEYS
