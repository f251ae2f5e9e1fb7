"""The shop-effect registry: an explicit value mapping kind ids to :class:`EffectKind`."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from types import MappingProxyType

from attrs import field, frozen

from fertility_rules.arguments import checked_arguments, typed_fields
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.fertility.effects.base import EffectKind
from fertility_rules.fertility.effects.kinds.generic import GENERIC
from fertility_rules.fertility.effects.kinds.resource_to_shop import RESOURCE_TO_SHOP
from fertility_rules.fertility.effects.kinds.specialized import SPECIALIZED
from fertility_rules.fertility.effects.kinds.statue import STATUE
from fertility_rules.fertility.effects.kinds.statue_choice import STATUE_CHOICE
from fertility_rules.fertility.effects.kinds.wheat import WHEAT
from fertility_rules.fertility.model.shop import Benefit, Shop, icons_text
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.values import reduce_to_init

__all__ = ["DEFAULT_REGISTRY", "EffectRegistry", "describe_benefit", "describe_shop", "find_effect"]


def _index(registry: EffectRegistry) -> Mapping[str, EffectKind]:
    """A read-only index: registries are shared by every game that uses them."""
    return MappingProxyType({kind.id: kind for kind in registry.kinds})


@frozen(cache_hash=True, field_transformer=typed_fields)
class EffectRegistry:
    """An immutable set of effect kinds; :meth:`with_kind` returns an extended copy."""

    kinds: tuple[EffectKind, ...]
    _by_id: Mapping[str, EffectKind] = field(init=False, eq=False, repr=False)

    __reduce__ = reduce_to_init
    """Pickled through its fields: the read-only indexes are made again."""

    def __attrs_post_init__(self) -> None:
        index = _index(self)
        if len(index) != len(self.kinds):
            raise MalformedInputError.single(
                "kinds", _("Two effect kinds have the same id."), "R-6"
            )
        object.__setattr__(self, "_by_id", index)

    def __repr__(self) -> str:
        """The kind ids only: a registry is the default of many signatures (``help()``)."""
        return f"EffectRegistry({', '.join(kind.id for kind in self.kinds)})"

    def __iter__(self) -> Iterator[EffectKind]:
        return iter(self.kinds)

    def __contains__(self, kind_id: object) -> bool:
        return kind_id in self._by_id

    def find(self, kind_id: str) -> EffectKind:
        """The kind ``kind_id``; :class:`UnknownIdError` names the known ones."""
        try:
            return self._by_id[kind_id]
        except KeyError:
            raise UnknownIdError(
                _(
                    "Unknown Shop benefit kind {kind!r}; known kinds: {known}.",
                    kind=kind_id,
                    known=", ".join(self._by_id),
                )
            ) from None

    def of(self, benefit: Benefit) -> EffectKind:
        """The kind of ``benefit`` (checked against its class)."""
        kind = self.find(benefit.kind)
        if not isinstance(benefit, kind.benefit_type):
            raise UnknownIdError(
                _("Benefit {value!r} is not of kind {kind!r}.", value=repr(benefit), kind=kind.id)
            )
        return kind

    def with_kind(self, kind: EffectKind) -> EffectRegistry:
        """A new registry with ``kind`` added (or replacing the kind of the same id)."""
        return EffectRegistry((*(k for k in self.kinds if k.id != kind.id), kind))


DEFAULT_REGISTRY = EffectRegistry(
    (GENERIC, SPECIALIZED, STATUE, STATUE_CHOICE, WHEAT, RESOURCE_TO_SHOP)
)
"""The six benefit kinds of the rulebook (R-6)."""


@checked_arguments
def find_effect(kind_id: str, registry: EffectRegistry = DEFAULT_REGISTRY) -> EffectKind:
    """The effect kind ``kind_id`` of ``registry``; raises :class:`UnknownIdError`."""
    return registry.find(kind_id)


@checked_arguments
def describe_benefit(benefit: Benefit, registry: EffectRegistry = DEFAULT_REGISTRY) -> Message:
    """The benefit's text, from its registry entry."""
    return registry.of(benefit).describe(benefit)


@checked_arguments
@functools.lru_cache(maxsize=4096)
def describe_shop(shop: Shop, registry: EffectRegistry = DEFAULT_REGISTRY) -> Message:
    """``1 Bovine + 1 Grapes → Statue of a god of your choice`` (cached: Shops are values)."""
    return _(
        "{requires} → {benefit}",
        requires=icons_text(shop.requires),
        benefit=describe_benefit(shop.benefit, registry),
    )
