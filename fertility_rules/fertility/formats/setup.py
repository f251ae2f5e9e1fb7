"""Fertility's parts of the game files: the explicit setup, the catalogue entry, the rules
version.

A game record (:mod:`fertility_rules.records.format`, shared by every game) and a game state
(:mod:`fertility_rules.fertility.formats.state`) write the setup and the catalogue the same way;
both read them from here.
"""

from __future__ import annotations

from typing import Any

from attrs import frozen
from cattrs import Converter

from fertility_rules._version import RULES_VERSION
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import (
    DEFAULT_CATALOGUE_NAME,
    dump_catalogue,
    read_catalogue,
)
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.formats.converter import converter_for, format_hooks, structure
from fertility_rules.fertility.model.resources import MonumentType
from fertility_rules.fertility.setup import Setup
from fertility_rules.i18n.message import _
from fertility_rules.records.format import rules_version_problems
from fertility_rules.shared.values import carried

__all__ = ["catalogue_from_json", "catalogue_to_json", "setup_from_json", "setup_to_json"]


@frozen
class _BoardPlace:
    board: str
    rotated: bool = False


@frozen
class _SetupDocument:
    valley: tuple[_BoardPlace, ...]
    start: tuple[int, int]
    tiles: tuple[str, ...]
    districts: tuple[str, ...]
    metropolis_boards: tuple[str, ...]
    monument_types: tuple[MonumentType, ...]
    start_rotation: int = 0

    def setup(self) -> Setup:
        """The setup value; :func:`start_game` checks it against the catalogue (R-2). A
        central board of no Valley board is refused here already, as the schema does."""
        if not self.valley:
            raise MalformedInputError.single(
                "$.valley",
                _("the central board is made of Valley boards: a setup lists at least one"),
                "R-1.4",
            )
        valley = tuple((place.board, place.rotated) for place in self.valley)
        return carried(self, Setup, valley=valley)

    @classmethod
    def of(cls, setup: Setup) -> _SetupDocument:
        valley = tuple(_BoardPlace(board, rotated) for board, rotated in setup.valley)
        return carried(setup, cls, valley=valley)


def version_problems(rules_version: str) -> list[Problem]:
    """A file is read by the rules version it was written with."""
    return rules_version_problems(rules_version, RULES_VERSION)


@format_hooks
def _hooks(converter: Converter) -> None:
    converter.register_structure_hook(
        Setup, lambda value, _t: converter.structure(value, _SetupDocument).setup()
    )
    converter.register_unstructure_hook(
        Setup, lambda setup: converter.unstructure(_SetupDocument.of(setup))
    )


def setup_to_json(setup: Setup) -> dict[str, Any]:
    """An explicit setup as records write it."""
    data: dict[str, Any] = converter_for().unstructure(_SetupDocument.of(setup))
    return data


def setup_from_json(data: object, path: str = "$.setup") -> Setup:
    """The pair of :func:`setup_to_json`; :func:`start_game` checks it against the catalogue."""
    return structure(data, _SetupDocument, path=path).setup()


def catalogue_to_json(catalogue: Catalogue | None) -> object:
    """The default catalogue by name, another one embedded."""
    return DEFAULT_CATALOGUE_NAME if catalogue is None else dump_catalogue(catalogue)


def catalogue_from_json(
    data: object, path: str = "$.catalogue", registry: EffectRegistry | None = None
) -> Catalogue | None:
    """``None`` for the default catalogue's name, else the embedded catalogue, read with
    ``registry`` (the effect kinds its Shops may use)."""
    if data == DEFAULT_CATALOGUE_NAME:
        return None
    if isinstance(data, dict):
        return read_catalogue(data, registry=registry or DEFAULT_REGISTRY)
    raise MalformedInputError.single(
        path,
        _("a catalogue is {name!r} or an embedded catalogue object", name=DEFAULT_CATALOGUE_NAME),
    )


@frozen
class _Context:
    """What the catalogue of a game state is read with: the registry."""

    registry: EffectRegistry
    width: int

    def catalogue(self, converter: Converter, value: object) -> Catalogue | None:
        return catalogue_from_json(value, "$", self.registry)
