"""Catalogue files (TOML or JSON, format ``fertility-rules/catalogue/1``): read and write.

Every item is built as its model value (which checks itself) while the document is
read, so that every problem is reported with its path; the catalogue then checks
what spans items (:mod:`fertility_rules.fertility.catalogue.checks`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from attrs import frozen
from cattrs import Converter

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.fertility.catalogue.catalogue import CATALOGUE_FORMAT, Catalogue, MonumentRules
from fertility_rules.fertility.catalogue.checks import (
    COUNTS,
    count_problems,
    god_problems,
    id_problems,
    monument_problems,
    stock_problems,
)
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.formats.converter import (
    _FORMAT_HOOKS,
    attempt,
    converter_for,
    format_hooks,
)
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import SPOTS, MetropolisBoard, Track
from fertility_rules.fertility.model.resources import Icon, MonumentType, Resource
from fertility_rules.fertility.model.shop import Benefit, Shop
from fertility_rules.fertility.model.valley import StartTile, ValleyBoard, ValleyTile
from fertility_rules.formats.documents import SEQUENCES, join, parse_document, read_document
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.formats.sections import CatalogueFile, Section, write_sections
from fertility_rules.shared.provenance import Source

__all__ = ["dump_catalogue", "load_catalogue_file", "read_catalogue", "read_catalogue_text"]


@frozen(kw_only=True)
class _Stock(Section):
    per_resource: int

    checks = staticmethod(stock_problems)


@frozen(kw_only=True)
class _Monuments(Section):
    types: tuple[MonumentType, ...]
    per_type: int
    first: int
    second: int

    checks = staticmethod(monument_problems)


@frozen(kw_only=True)
class _Gods(Section):
    names: tuple[str, ...]

    checks = staticmethod(god_problems)


@frozen(kw_only=True)
class _StartTile(Section):
    scenes: tuple[tuple[Resource, Resource], tuple[Resource, Resource]]


@frozen(kw_only=True)
class _ValleyBoard(Section):
    id: str
    rows: tuple[str, ...]


@frozen(kw_only=True)
class _ValleyTile(Section):
    id: str
    scenes: tuple[Resource, Resource]


@frozen(kw_only=True)
class _Shop(Section):
    requires: tuple[Icon, ...]
    benefit: Benefit


@frozen(kw_only=True)
class _Track(Section):
    values: tuple[int, ...]


@frozen(kw_only=True)
class _MetropolisBoard(Section):
    id: str
    spots: int = SPOTS
    wheat_track: Track
    statue_scale: Track
    shops: tuple[_Shop, ...]


@frozen(kw_only=True)
class _District(Section):
    id: str
    cost: int
    shops: tuple[_Shop, ...]


def _shops(owner: str, shops: tuple[_Shop, ...]) -> tuple[Shop, ...]:
    """The Shops of a board or District; a problem of Shop ``k`` is under ``shops[k]``."""
    built = []
    problems: list[Problem] = []
    for index, shop in enumerate(shops):
        made, found = attempt(
            join("shops", index),
            Shop,
            shop.requires,
            shop.benefit,
            f"{owner}.{index + 1}",
            shop.provenance,
            shop.note,
        )
        built.append(made)
        problems += found
    if problems:
        raise MalformedInputError(problems)
    return tuple(shop for shop in built if shop is not None)


def _build(document_type: type, make: Any) -> Any:
    """A hook reading ``document_type`` and building the model value from it."""

    def build(converter: Converter, value: object) -> Any:
        return make(converter.structure(value, document_type))

    return build


_MODEL_HOOKS: dict[type, Any] = {
    StartTile: _build(_StartTile, lambda d: StartTile(d.scenes, d.provenance, d.note)),
    ValleyBoard: _build(_ValleyBoard, lambda d: ValleyBoard(d.id, d.rows, d.provenance, d.note)),
    ValleyTile: _build(_ValleyTile, lambda d: ValleyTile(d.id, d.scenes, d.provenance, d.note)),
    Track: _build(_Track, lambda d: Track(d.values, d.provenance, d.note)),
    MetropolisBoard: _build(
        _MetropolisBoard,
        lambda d: MetropolisBoard(
            d.id,
            _shops(d.id, d.shops),
            d.wheat_track,
            d.statue_scale,
            d.spots,
            d.provenance,
            d.note,
        ),
    ),
    District: _build(
        _District,
        lambda d: District(d.id, d.cost, _shops(d.id, d.shops), d.provenance, d.note),
    ),
}

_SECTIONS: dict[str, Any] = {
    "stock": _Stock,
    "monuments": _Monuments,
    "gods": _Gods,
    "start_tile": StartTile,
    "valley_boards": tuple[ValleyBoard, ...],
    "valley_tiles": tuple[ValleyTile, ...],
    "metropolis_boards": tuple[MetropolisBoard, ...],
    "districts": tuple[District, ...],
}


_FILE = CatalogueFile(CATALOGUE_FORMAT, _SECTIONS)
"""The file's format: its sections, each read on its own (so every broken one is reported)."""


def _ids(value: object) -> list[object]:
    items = value if isinstance(value, SEQUENCES) else []
    return [item.get("id") if isinstance(item, dict) else None for item in items]


def _list_problems(key: str, raw: object) -> list[Problem]:
    """The checks of a broken list section's own size and ids, as written."""
    if not (isinstance(raw, SEQUENCES) and key in COUNTS):
        return []
    found = count_problems(key, len(raw)) + id_problems(key, _ids(raw))
    return [Problem(f"$.{p.path}", p.message, p.rule) for p in found]


@checked_arguments
def read_catalogue(
    data: object, source: str | None = None, registry: EffectRegistry = DEFAULT_REGISTRY
) -> Catalogue:
    """Validate JSON-like ``data`` into a :class:`Catalogue` of ``registry``'s kinds.

    Every problem is reported at once, each with its path.
    """
    converter = _FORMAT_HOOKS.with_builders(_MODEL_HOOKS, registry)
    root, sections = _FILE.read(data, converter, source, _list_problems)
    stock, monuments, gods = sections["stock"], sections["monuments"], sections["gods"]
    return _FILE.build(
        Catalogue,
        root,
        source,
        stock_per_resource=stock.per_resource,
        stock_source=Source(stock.provenance, stock.note),
        monuments=MonumentRules(
            monuments.types,
            monuments.per_type,
            monuments.first,
            monuments.second,
            Source(monuments.provenance, monuments.note),
        ),
        gods=gods.names,
        gods_source=Source(gods.provenance, gods.note),
        start_tile=sections["start_tile"],
        valley_boards=sections["valley_boards"],
        valley_tiles=sections["valley_tiles"],
        metropolis_boards=sections["metropolis_boards"],
        districts=sections["districts"],
        registry=registry,
    )


# ---------------------------------------------------------------- writing


def _shop_documents(shops: tuple[Shop, ...]) -> tuple[_Shop, ...]:
    return tuple(_Shop.of(shop) for shop in shops)


@format_hooks
def _hooks(converter: Converter) -> None:
    documents: tuple[type[Section], ...] = (_Stock, _Monuments, _Gods, _StartTile, _ValleyBoard)
    documents += (_ValleyTile, _Shop, _Track, _MetropolisBoard, _District)
    write_sections(converter, documents)
    converter.register_unstructure_hook(Track, lambda t: converter.unstructure(_Track.of(t)))


@checked_arguments
def dump_catalogue(catalogue: Catalogue, registry: EffectRegistry | None = None) -> dict[str, Any]:
    """The JSON-like form of ``catalogue``, read back by :func:`read_catalogue`."""
    sections: dict[str, Any] = {
        "stock": _Stock.of(
            catalogue, catalogue.stock_source, per_resource=catalogue.stock_per_resource
        ),
        "monuments": _Monuments.of(catalogue.monuments),
        "gods": _Gods.of(catalogue, catalogue.gods_source, names=catalogue.gods),
        "start_tile": _StartTile.of(catalogue.start_tile),
        "valley_boards": tuple(_ValleyBoard.of(b) for b in catalogue.valley_boards),
        "valley_tiles": tuple(_ValleyTile.of(t) for t in catalogue.valley_tiles),
        "metropolis_boards": tuple(
            _MetropolisBoard.of(b, shops=_shop_documents(b.shops))
            for b in catalogue.metropolis_boards
        ),
        "districts": tuple(
            _District.of(d, shops=_shop_documents(d.shops)) for d in catalogue.districts
        ),
    }
    converter = converter_for(registry or catalogue.registry)
    return _FILE.document(catalogue, sections, converter)


def read_catalogue_text(
    text: str | bytes,
    toml: bool,
    source: str | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    limits: Limits = DEFAULT_LIMITS,
) -> Catalogue:
    """A catalogue from the text of a TOML or JSON file."""
    return read_catalogue(parse_document(text, toml, source, limits), source, registry)


def load_catalogue_file(
    path: str | Path,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    limits: Limits = DEFAULT_LIMITS,
) -> Catalogue:
    """The catalogue in the file ``path`` (``.toml`` or ``.json``; ``-``: standard input)."""
    return read_catalogue(read_document(path, limits), str(path), registry)
