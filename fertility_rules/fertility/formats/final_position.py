"""Final-position files: a finished table to score (format ``fertility-rules/final-position/1``).

Shops are given inline (``requires`` and ``benefit``) or by catalogue id (``shop``);
tracks, gods and Monument values not given come from the catalogue. The checks live
on the values built (:class:`ShopState`, :class:`Metropolis`, :class:`FinalPosition`);
only the god names of Statue Shops are checked here, against the table's gods.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any, TypeAlias

import attrs
from attrs import frozen
from cattrs import Converter
from cattrs.errors import BaseValidationError

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import FertilityError, MalformedInputError, Problem
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.checks import god_problems, shop_god_problems
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.effects.registry import EffectRegistry
from fertility_rules.fertility.formats.converter import (
    attempt,
    converter_for,
    converter_with,
    format_hooks,
    problems_of,
    structure_document,
)
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.model.resources import Icon, Resource, counts_of, tokens_of
from fertility_rules.fertility.model.shop import Benefit, Shop, ShopState
from fertility_rules.formats.documents import SEQUENCES, read_document
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.i18n.message import _
from fertility_rules.shared.values import carried

__all__ = [
    "FINAL_POSITION_FORMAT",
    "dump_final_position",
    "load_final_position",
    "read_final_position",
]

FINAL_POSITION_FORMAT = "fertility-rules/final-position/1"


@frozen
class _ShopById:
    shop: str
    tokens: tuple[Resource, ...] = ()

    def resolve(self, catalogue: Catalogue) -> Shop:
        try:
            return catalogue.shop(self.shop)
        except FertilityError as error:
            raise MalformedInputError.single("shop", error.message) from None


@frozen
class _InlineShop:
    requires: tuple[Icon, ...]
    benefit: Benefit
    id: str | None = None
    tokens: tuple[Resource, ...] = ()

    def resolve(self, catalogue: Catalogue) -> Shop:
        return Shop(self.requires, self.benefit, id=self.id)


_ShopEntry: TypeAlias = _ShopById | _InlineShop


@frozen
class _MonumentScores:
    first: int | None = None
    second: int | None = None


@frozen(kw_only=True)
class _Player:
    name: str
    wheat: int
    monuments: int
    wheat_track: tuple[int, ...] | None = None
    statue_scale: tuple[int, ...] | None = None
    shops: tuple[ShopState, ...]


_PLAYER_KEYS = frozenset(a.name for a in attrs.fields(_Player))


@frozen(kw_only=True)
class _Position:
    gods: tuple[str, ...] | None = None
    monument_scores: _MonumentScores | None = None
    players: tuple[PlayerPosition, ...]


def _shop_entry(converter: Converter, value: object) -> _ShopEntry:
    if isinstance(value, dict) and "shop" in value:
        return converter.structure(value, _ShopById)
    return converter.structure(value, _InlineShop)


def _unstructure_shop(converter: Converter, state: ShopState) -> dict[str, Any]:
    shop = state.shop
    entry = _InlineShop(shop.requires, shop.benefit, shop.id, tokens_of(state.tokens))
    data: dict[str, Any] = converter.unstructure(entry)
    if shop.id is None:
        del data["id"]
    return data


def _unstructure_player(converter: Converter, player: PlayerPosition) -> dict[str, Any]:
    document = carried(player.metropolis, _Player, name=player.name)
    data: dict[str, Any] = converter.unstructure(document)
    return data


@format_hooks
def _hooks(converter: Converter) -> None:
    converter.register_unstructure_hook(ShopState, functools.partial(_unstructure_shop, converter))
    converter.register_unstructure_hook(
        PlayerPosition, functools.partial(_unstructure_player, converter)
    )


@frozen
class _Table:
    """What a final position is read against: the catalogue, the gods, the registry."""

    catalogue: Catalogue
    gods: tuple[str, ...]
    registry: EffectRegistry

    def shop_state(self, converter: Converter, value: object) -> ShopState:
        entry = _shop_entry(converter, value)
        shop = entry.resolve(self.catalogue)
        unknown = shop_god_problems(shop, self.gods, self.registry)
        if unknown:
            if isinstance(entry, _ShopById):  # the Shop's fields are not in the file
                unknown = [Problem("shop", p.message, p.rule) for p in unknown]
            raise MalformedInputError(unknown)
        return ShopState(shop, counts_of(entry.tokens))

    def player(self, converter: Converter, value: object) -> PlayerPosition:
        try:
            player = converter.structure(value, _Player)
        except BaseValidationError as error:
            problems = problems_of(error)
            if isinstance(value, dict) and (value.get("shops") or value.keys() - _PLAYER_KEYS):
                # the Metropolis (Wheat, Monuments) is still checked, without its Shops
                rest = {k: v for k, v in value.items() if k in _PLAYER_KEYS} | {"shops": []}
                _none, more = attempt("", self.player, converter, rest)
                problems += [p for p in more if p not in problems]
            raise MalformedInputError(problems) from None
        # Left out, a track is the catalogue's; written empty, it is refused.
        scale = self.catalogue.statue_scale.values
        if player.statue_scale is not None:
            scale = player.statue_scale
        if len(scale) < len(self.gods) + 1:  # a file gives a value for every count of gods
            message = _(
                "the Statues scale needs a value for 0 to {n} different Statues", n=len(self.gods)
            )
            raise MalformedInputError.single("statue_scale", message, "R-5.3")
        metropolis = Metropolis(
            player.shops,
            self.catalogue.wheat_track.values if player.wheat_track is None else player.wheat_track,
            scale,
            player.wheat,
            player.monuments,
        )
        return PlayerPosition(player.name, metropolis)


def _gods(data: object, catalogue: Catalogue) -> tuple[str, ...]:
    """The table's gods, to check Statue Shops against: the file's if they can be read
    and are right (else they are refused themselves, at ``$.gods``), else the catalogue's."""
    value = data.get("gods") if isinstance(data, dict) else None
    names = tuple(value) if isinstance(value, SEQUENCES) else ()
    if names and all(isinstance(name, str) for name in names) and not god_problems(names):
        return names
    return catalogue.gods


@checked_arguments
def read_final_position(
    data: object,
    source: str | None = None,
    catalogue: Catalogue | None = None,
    registry: EffectRegistry | None = None,
) -> FinalPosition:
    """Validate JSON-like ``data`` into a :class:`FinalPosition`; every problem is reported.

    Benefits are read with ``registry``, by default the catalogue's.
    """
    catalogue = catalogue or default_catalogue()
    registry = registry or catalogue.registry
    table = _Table(catalogue, _gods(data, catalogue), registry)
    converter = converter_with(
        registry, {ShopState: table.shop_state, PlayerPosition: table.player}
    )
    document = structure_document(
        data, _Position, FINAL_POSITION_FORMAT, source, registry, converter
    )
    scores = document.monument_scores or _MonumentScores()
    position, problems = attempt(
        "$",
        FinalPosition,
        document.players,
        catalogue.gods if document.gods is None else document.gods,
        catalogue.monuments.first if scores.first is None else scores.first,
        catalogue.monuments.second if scores.second is None else scores.second,
    )
    if problems or position is None:
        raise MalformedInputError(problems, source, FINAL_POSITION_FORMAT)
    return position


@checked_arguments
def load_final_position(
    path: str | Path,
    catalogue: Catalogue | None = None,
    registry: EffectRegistry | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> FinalPosition:
    """Read and validate a final-position JSON file (``-``: standard input)."""
    return read_final_position(read_document(path, limits), str(path), catalogue, registry)


@checked_arguments
def dump_final_position(
    position: FinalPosition, registry: EffectRegistry | None = None
) -> dict[str, Any]:
    """The JSON-like form read back by :func:`read_final_position`."""
    document = _Position(
        gods=position.gods,
        monument_scores=_MonumentScores(position.monument_first, position.monument_second),
        players=position.players,
    )
    converter = converter_for(registry or default_catalogue().registry)
    data: dict[str, Any] = {"format": FINAL_POSITION_FORMAT, **converter.unstructure(document)}
    return data
