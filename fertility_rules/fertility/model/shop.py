"""Shops: a requirement of icons and a benefit (R-1.6, R-6)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ClassVar

from attrs import field, frozen

from fertility_rules.arguments import checked_arguments, typed_fields
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.model.resources import NO_TOKENS, Counts, Icon, Resource, tokens_of
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.provenance import Provenance
from fertility_rules.shared.values import unchecked_constructor

__all__ = ["Benefit", "Shop", "ShopState", "icons_text", "new_shop_state"]


class Benefit:
    """Base class of Shop benefits; each effect kind of the registry defines one subclass.

    Subclasses are frozen attrs classes and set :attr:`kind` to their registry id.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""


def _check_requires(_instance: object, _attribute: object, value: tuple[Icon, ...]) -> None:
    if not value or not all(isinstance(icon, Icon) for icon in value):
        raise MalformedInputError.single(
            "requires", _("A Shop needs at least one requirement icon."), "R-1.6"
        )


def _need(shop: Shop) -> Counts:
    counts = [0, 0, 0, 0]
    for icon in shop.requires:
        resource = icon.resource
        if resource is not None:
            counts[resource] += 1
    return (counts[0], counts[1], counts[2], counts[3])


@frozen(cache_hash=True, field_transformer=typed_fields)
class Shop:
    """A Shop: the icons it must be supplied with and the benefit it then gives."""

    requires: tuple[Icon, ...] = field(validator=_check_requires)
    benefit: Benefit
    id: str | None = None
    provenance: Provenance | None = field(default=None, eq=False)
    note: str = field(default="", eq=False)
    need: Counts = field(init=False, eq=False, repr=False)
    """Icons per specific resource."""
    any_icons: int = field(init=False, eq=False, repr=False)
    """Number of "any resource" icons."""
    size: int = field(init=False, eq=False, repr=False)
    """Number of tokens that fully supply the Shop."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "need", _need(self))
        object.__setattr__(self, "any_icons", sum(1 for i in self.requires if i is Icon.ANY))
        object.__setattr__(self, "size", len(self.requires))

    def _overflow(self, tokens: Counts) -> int:
        """Tokens beyond the specific icons of their resource: "any" icons must take them."""
        need = self.need
        return sum(max(0, tokens[r] - need[r]) for r in range(4))

    def can_hold(self, tokens: Counts) -> bool:
        """Whether these tokens fit the icons (R-1.6); "any" icons take the overflow."""
        return self._overflow(tokens) <= self.any_icons and sum(tokens) <= self.size

    def accepts(self, tokens: Counts, resource: Resource) -> bool:
        """Whether a Shop holding ``tokens`` can take one more ``resource`` (R-1.6)."""
        return self.acceptance(tokens)[resource]

    def acceptance(self, tokens: Counts) -> tuple[bool, bool, bool, bool]:
        """:meth:`accepts` for each resource, in :class:`Resource` order (cached)."""
        return _acceptance(self, tokens if type(tokens) is tuple else tuple(tokens))

    def is_full(self, tokens: Counts) -> bool:
        """Whether every icon holds a token (tokens assumed to fit)."""
        return sum(tokens) == self.size


@functools.lru_cache(maxsize=8192)
def _acceptance(shop: Shop, tokens: Counts) -> tuple[bool, bool, bool, bool]:
    """Cached: depends only on two values, and supplying asks it for every Shop."""
    if sum(tokens) >= shop.size:
        return (False, False, False, False)
    spare = shop._overflow(tokens) < shop.any_icons
    need = shop.need
    return (
        spare or tokens[0] < need[0],
        spare or tokens[1] < need[1],
        spare or tokens[2] < need[2],
        spare or tokens[3] < need[3],
    )


@checked_arguments
def icons_text(icons: tuple[Icon, ...]) -> Message:
    """``1 Bovine + 1 Grapes`` style text of a requirement."""
    counted: dict[Icon, int] = {}
    for icon in icons:
        counted[icon] = counted.get(icon, 0) + 1
    parts = [icon.amount(n) for icon, n in counted.items()]
    text = parts[0]
    for part in parts[1:]:
        text = _("{left} + {right}", left=text, right=part)
    return text


def _check_tokens(instance: ShopState, _attribute: object, value: Counts) -> None:
    if len(value) != 4 or any(n < 0 for n in value) or not instance.shop.can_hold(value):
        held = ", ".join(r.key for r in tokens_of(value)) if len(value) == 4 else str(value)
        raise MalformedInputError.single(
            "tokens",
            _(
                "A Shop requiring {icons} cannot hold the tokens {tokens}.",
                icons=icons_text(instance.shop.requires),
                tokens=held,
            ),
            "R-1.6",
        )


@frozen(field_transformer=typed_fields)
class ShopState:
    """A Shop in a Metropolis with the tokens placed on it."""

    shop: Shop
    tokens: Counts = field(default=NO_TOKENS, validator=_check_tokens)

    @property
    def is_full(self) -> bool:
        """Fully supplied: every icon holds a token (R-3.5)."""
        return sum(self.tokens) == self.shop.size

    @property
    def token_count(self) -> int:
        return sum(self.tokens)


new_shop_state: Callable[[Shop, Counts], ShopState] = unchecked_constructor(ShopState)
"""A Shop with tokens, not validated: only for the engine's supplying, which puts a
token only where :meth:`Shop.accepts` allows it (R-1.6)."""
