"""Ankh'or catalogue files (TOML or JSON, ``fertility-rules/ankhor-catalogue/1``).

Each section is read on its own and checks itself, so every problem of a document is
reported at once with its path; the catalogue then checks the tiles as a whole (55 tiles,
every family with every kind, A-1.2). A catalogue is written back as it was read.
"""

from __future__ import annotations

import functools
import os
from typing import Any

from attrs import frozen
from cattrs import Converter

from fertility_rules.ankhor.arguments import catalogue_needed, require
from fertility_rules.ankhor.catalogue import (
    CATALOGUE_FORMAT,
    BonusRules,
    Catalogue,
    EndRule,
    HandLimits,
    PriceBoard,
    TileEntry,
    TokenRules,
    bonus_problems,
    end_problems,
    entry_problems,
    limit_problems,
    price_problems,
    token_problems,
)
from fertility_rules.ankhor.formats import keys as _keys  # noqa: F401 - registers the hooks
from fertility_rules.ankhor.formats.converter import converter_for, format_hooks
from fertility_rules.ankhor.model import Colour, Kind
from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem, nest_path
from fertility_rules.formats.documents import parse_document, read_document
from fertility_rules.formats.files import file_name
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.formats.sections import CatalogueFile, Section, write_sections
from fertility_rules.shared.package_data import package_bytes
from fertility_rules.shared.provenance import Source

__all__ = [
    "default_catalogue",
    "dump_catalogue",
    "load_catalogue",
    "read_catalogue",
    "read_catalogue_text",
]


@frozen(kw_only=True)
class _Tokens(Section):
    per_kind: int
    supply: tuple[int, ...]

    checks = staticmethod(token_problems)


@frozen(kw_only=True)
class _Limits(Section):
    resources: int
    ankhs: int

    checks = staticmethod(limit_problems)


@frozen(kw_only=True)
class _Bonus(Section):
    count: int
    points: int

    checks = staticmethod(bonus_problems)


@frozen(kw_only=True)
class _End(Section):
    tiles: int

    checks = staticmethod(end_problems)


@frozen(kw_only=True)
class _Slots(Section):
    slots: tuple[int, ...]


@frozen(kw_only=True)
class _Markers(Section):
    markers: tuple[int, ...]


@frozen(kw_only=True)
class _Tiles(Section):
    kind: Kind
    colours: tuple[Colour, ...]
    per_colour: int
    points: int = 0

    checks = staticmethod(entry_problems)


_SECTIONS: dict[str, Any] = {
    "tokens": _Tokens,
    "limits": _Limits,
    "bonus_tokens": _Bonus,
    "end": _End,
    "price_board": _Slots,
    "price_markers": _Markers,
    "tiles": tuple[_Tiles, ...],
}


_FILE = CatalogueFile(CATALOGUE_FORMAT, _SECTIONS)
"""The file's format: its sections, each read on its own (so every broken one is reported)."""


def _source(section: Any) -> Source:
    return Source(section.provenance, section.note)


def _price_problem(problem: Problem) -> Problem:
    """A problem of the price board's checks, which name ``slots`` or ``markers``, at its
    place in the file: the two are sections of their own."""
    section = "$.price_markers" if problem.path.startswith("markers") else "$.price_board"
    return Problem(nest_path(section, problem.path), problem.message, problem.rule)


@checked_arguments
def read_catalogue(data: object, source: str | None = None) -> Catalogue:
    """Validate JSON-like ``data`` into an Ankh'or :class:`Catalogue`; every problem is
    reported at once, each with its path."""
    root, sections = _FILE.read(data, converter_for(), source)
    slots, markers = sections["price_board"], sections["price_markers"]
    price_found = price_problems(slots.slots, markers.markers)
    if price_found:
        raise MalformedInputError(
            [_price_problem(p) for p in price_found], source, CATALOGUE_FORMAT
        )
    tokens, limits, bonus, end = (sections[k] for k in ("tokens", "limits", "bonus_tokens", "end"))
    entries = tuple(
        TileEntry(t.kind, t.colours, t.per_colour, t.points, t.provenance, t.note)
        for t in sections["tiles"]
    )
    return _FILE.build(
        Catalogue,
        root,
        source,
        entries=entries,
        tokens=TokenRules(tokens.per_kind, tokens.supply, _source(tokens)),
        limits=HandLimits(limits.resources, limits.ankhs, _source(limits)),
        bonus=BonusRules(bonus.count, bonus.points, _source(bonus)),
        price_board=PriceBoard(slots.slots, markers.markers, _source(slots), _source(markers)),
        end=EndRule(end.tiles, _source(end)),
    )


@format_hooks
def _hooks(converter: Converter) -> None:
    write_sections(converter, (_Tokens, _Limits, _Bonus, _End, _Slots, _Markers, _Tiles))


@checked_arguments
def dump_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    """The JSON-like form of ``catalogue``, read back equal by :func:`read_catalogue`."""
    require(catalogue, Catalogue, "catalogue", catalogue_needed)
    sections: dict[str, Any] = {
        "tokens": _Tokens.of(catalogue.tokens),
        "limits": _Limits.of(catalogue.limits),
        "bonus_tokens": _Bonus.of(catalogue.bonus),
        "end": _End.of(catalogue.end),
        "price_board": _Slots.of(catalogue.price_board),
        "price_markers": _Markers.of(catalogue.price_board, catalogue.price_board.markers_source),
        "tiles": tuple(_Tiles.of(entry) for entry in catalogue.entries),
    }
    return _FILE.document(catalogue, sections, converter_for())


def read_catalogue_text(
    text: str | bytes, toml: bool, source: str | None = None, limits: Limits = DEFAULT_LIMITS
) -> Catalogue:
    """A catalogue from the text of a TOML or JSON file."""
    return read_catalogue(parse_document(text, toml, source, limits), source)


@checked_arguments
def load_catalogue(
    path: str | os.PathLike[str] | None = None, limits: Limits = DEFAULT_LIMITS
) -> Catalogue:
    """The catalogue in the file ``path`` (``.toml`` or ``.json``; ``-``: standard input),
    or the built-in one for ``None`` or ``"default"``."""
    if path is None or str(path) == "default":
        return default_catalogue()
    source = file_name(path)
    return read_catalogue(read_document(source, limits), source)


@functools.cache
def default_catalogue() -> Catalogue:
    """The built-in Ankh'or catalogue (partly reconstructed; see its provenance)."""
    text = package_bytes("fertility_rules.ankhor", "data/default.toml")
    return read_catalogue_text(text, True, "default.toml")
