"""The component catalogue: every printed component, each with its provenance."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from types import MappingProxyType

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.errors import MalformedInputError, Problem, UnknownIdError
from fertility_rules.fertility.catalogue.checks import (
    count_problems,
    god_problems,
    id_problems,
    monument_problems,
    shop_god_problems,
    stock_problems,
)
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import MetropolisBoard, Track
from fertility_rules.fertility.model.resources import MonumentType
from fertility_rules.fertility.model.shop import Shop
from fertility_rules.fertility.model.valley import StartTile, ValleyBoard, ValleyTile
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.provenance import Provenance, Source
from fertility_rules.shared.values import reduce_to_init

__all__ = ["CATALOGUE_FORMAT", "Catalogue", "CatalogueIds", "MonumentRules", "catalogue_problems"]

CATALOGUE_FORMAT = "fertility-rules/catalogue/1"


@frozen(field_transformer=typed_fields)
class MonumentRules:
    """Monument types, pawns per type and the Debens for most and second most (R-5.4)."""

    types: tuple[MonumentType, ...]
    per_type: int
    first: int
    second: int
    source: Source


@frozen
class CatalogueIds:
    """The ids of a catalogue's components, by kind."""

    valley_boards: AbstractSet[str]
    valley_tiles: AbstractSet[str]
    metropolis_boards: AbstractSet[str]
    districts: AbstractSet[str]


@frozen(field_transformer=typed_fields)
class Catalogue:
    """A complete set of components; look-ups by id raise :class:`UnknownIdError`."""

    name: str
    title: str
    stock_per_resource: int
    stock_source: Source
    monuments: MonumentRules
    gods: tuple[str, ...]
    gods_source: Source
    start_tile: StartTile
    valley_boards: tuple[ValleyBoard, ...]
    valley_tiles: tuple[ValleyTile, ...]
    metropolis_boards: tuple[MetropolisBoard, ...]
    districts: tuple[District, ...]
    note: str = field(default="", eq=False)
    registry: EffectRegistry = field(default=DEFAULT_REGISTRY, eq=False, repr=False)
    """The effect kinds of its Shops: the catalogue carries them to every operation."""
    _tiles: Mapping[str, ValleyTile] = field(init=False, eq=False, repr=False)
    _districts: Mapping[str, District] = field(init=False, eq=False, repr=False)
    _shops: Mapping[str, Shop] = field(init=False, eq=False, repr=False)
    _metropolis_boards: Mapping[str, MetropolisBoard] = field(init=False, eq=False, repr=False)
    _valley_boards: Mapping[str, ValleyBoard] = field(init=False, eq=False, repr=False)

    __reduce__ = reduce_to_init
    """Pickled through its fields: the read-only indexes are made again."""

    def __attrs_post_init__(self) -> None:
        problems = catalogue_problems(self)
        if problems:
            raise MalformedInputError(problems)
        # Read-only indexes: a catalogue is shared by every game that uses it.
        shops: dict[str, Shop] = {}
        for board in self.metropolis_boards:
            shops.update((s.id, s) for s in board.shops if s.id is not None)
        for district in self.districts:
            shops.update((s.id, s) for s in district.shops if s.id is not None)
        indexes: dict[str, Mapping[str, object]] = {
            "_tiles": {t.id: t for t in self.valley_tiles},
            "_districts": {d.id: d for d in self.districts},
            "_shops": shops,
            "_metropolis_boards": {b.id: b for b in self.metropolis_boards},
            "_valley_boards": {b.id: b for b in self.valley_boards},
        }
        for name, index in indexes.items():
            object.__setattr__(self, name, MappingProxyType(index))

    @property
    def wheat_track(self) -> Track:
        """The Wheat Storehouse track of the first Metropolis board (the default)."""
        return self.metropolis_boards[0].wheat_track

    @property
    def statue_scale(self) -> Track:
        """The Statues scale of the first Metropolis board (the default)."""
        return self.metropolis_boards[0].statue_scale

    @property
    def is_reconstructed(self) -> bool:
        """Whether any item is reconstructed (then it must be shown as such)."""
        return any(p is Provenance.RECONSTRUCTED for p in self.provenances())

    def provenances(self) -> list[Provenance]:
        items: list[Provenance | None] = [
            self.stock_source.provenance,
            self.monuments.source.provenance,
            self.gods_source.provenance,
            self.start_tile.provenance,
            *(b.provenance for b in self.valley_boards),
            *(t.provenance for t in self.valley_tiles),
            *(b.provenance for b in self.metropolis_boards),
            *(d.provenance for d in self.districts),
        ]
        return [p for p in items if p is not None]

    @property
    def tiles_by_id(self) -> Mapping[str, ValleyTile]:
        """The Valley tiles by id (read-only)."""
        return self._tiles

    @property
    def ids(self) -> CatalogueIds:
        """The ids of each kind of component, as read-only sets (for checking setups)."""
        return CatalogueIds(
            valley_boards=self._valley_boards.keys(),
            valley_tiles=self._tiles.keys(),
            metropolis_boards=self._metropolis_boards.keys(),
            districts=self._districts.keys(),
        )

    def valley_tile(self, tile_id: str) -> ValleyTile:
        try:
            return self._tiles[tile_id]
        except KeyError:
            raise _unknown(_("Valley tile"), tile_id) from None

    def district(self, district_id: str) -> District:
        try:
            return self._districts[district_id]
        except KeyError:
            raise _unknown(_("District"), district_id) from None

    def shop(self, shop_id: str) -> Shop:
        """A Shop by id: ``D07.2`` is the second Shop of District D07, ``M1.1`` a board's."""
        try:
            return self._shops[shop_id]
        except KeyError:
            raise _unknown(_("Shop"), shop_id) from None

    def metropolis_board(self, board_id: str) -> MetropolisBoard:
        try:
            return self._metropolis_boards[board_id]
        except KeyError:
            raise _unknown(_("Metropolis board"), board_id) from None

    def valley_board(self, board_id: str) -> ValleyBoard:
        try:
            return self._valley_boards[board_id]
        except KeyError:
            raise _unknown(_("Valley board"), board_id) from None


def _unknown(what: Message, key: str) -> UnknownIdError:
    """The error of a failed look-up (its message is built only then)."""
    return UnknownIdError(_("Unknown {what} id {key!r} in this catalogue.", what=what, key=key))


def catalogue_problems(catalogue: Catalogue) -> list[Problem]:
    """Everything wrong across the items of ``catalogue``, with the paths of its file."""
    problems = [
        *(
            Problem(f"stock.{p.path}", p.message, p.rule)
            for p in stock_problems(catalogue.stock_per_resource)
        ),
        *(
            Problem(f"monuments.{p.path}", p.message, p.rule)
            for p in monument_problems(
                catalogue.monuments.types,
                catalogue.monuments.per_type,
                catalogue.monuments.first,
                catalogue.monuments.second,
            )
        ),
        *(Problem(f"gods.{p.path}", p.message, p.rule) for p in god_problems(catalogue.gods)),
    ]
    sections: dict[str, Sequence[object]] = {
        "valley_boards": [b.id for b in catalogue.valley_boards],
        "valley_tiles": [t.id for t in catalogue.valley_tiles],
        "metropolis_boards": [b.id for b in catalogue.metropolis_boards],
        "districts": [d.id for d in catalogue.districts],
    }
    for section, ids in sections.items():
        problems += count_problems(section, len(ids)) + id_problems(section, ids)
    gods, registry = catalogue.gods, catalogue.registry
    for index, board in enumerate(catalogue.metropolis_boards):
        path = f"metropolis_boards[{index}]"
        if len(board.statue_scale.values) < len(gods) + 1:
            message = _(
                "the Statues scale needs a value for 0 to {n} different Statues", n=len(gods)
            )
            problems.append(Problem(f"{path}.statue_scale.values", message, "R-5.3"))
        for number, shop in enumerate(board.shops):
            problems += shop_god_problems(shop, gods, registry, f"{path}.shops[{number}]")
    for index, district in enumerate(catalogue.districts):
        for number, shop in enumerate(district.shops):
            path = f"districts[{index}].shops[{number}]"
            problems += shop_god_problems(shop, gods, registry, path)
    return problems
