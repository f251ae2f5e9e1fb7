"""The built-in catalogue, and catalogues loaded by name or from a file."""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.formats.catalogue import (
    dump_catalogue,
    load_catalogue_file,
    read_catalogue,
    read_catalogue_text,
)
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits

__all__ = [
    "DEFAULT_CATALOGUE_NAME",
    "default_catalogue",
    "dump_catalogue",
    "load_catalogue",
    "read_catalogue",
]

DEFAULT_CATALOGUE_NAME = "default"


def load_catalogue(
    path: str | Path | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    limits: Limits = DEFAULT_LIMITS,
) -> Catalogue:
    """The catalogue in ``path`` (``.toml`` or ``.json``), or the default one.

    The catalogue carries ``registry``: every operation on it knows its Shops' kinds.
    """
    if path is None or str(path) == DEFAULT_CATALOGUE_NAME:
        return default_catalogue() if registry is DEFAULT_REGISTRY else _read_default(registry)
    return load_catalogue_file(path, registry, limits)


def _read_default(registry: EffectRegistry) -> Catalogue:
    text = resources.files("fertility_rules.catalogue").joinpath("data/default.toml").read_bytes()
    return read_catalogue_text(text, True, "default.toml", registry)


@functools.cache
def default_catalogue() -> Catalogue:
    """The built-in catalogue (partly reconstructed; see its provenance)."""
    return _read_default(DEFAULT_REGISTRY)
