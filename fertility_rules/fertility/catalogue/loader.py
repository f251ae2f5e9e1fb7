"""The built-in catalogue, and catalogues loaded by name or from a file."""

from __future__ import annotations

import functools
import os
from typing import TYPE_CHECKING

from fertility_rules.arguments import checked_arguments
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.shared.package_data import package_bytes

if TYPE_CHECKING:
    from fertility_rules.fertility.formats.catalogue import dump_catalogue, read_catalogue
    from fertility_rules.formats.limits import Limits

__all__ = [
    "DEFAULT_CATALOGUE_NAME",
    "default_catalogue",
    "dump_catalogue",
    "load_catalogue",
    "read_catalogue",
]

DEFAULT_CATALOGUE_NAME = "default"


@checked_arguments
def load_catalogue(
    path: str | os.PathLike[str] | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    limits: Limits | None = None,
) -> Catalogue:
    """The catalogue in ``path`` (``.toml`` or ``.json``), or the default one.

    The catalogue carries ``registry``: every operation on it knows its Shops' kinds.
    ``limits`` bound what a file may hold (the default limits when ``None``).
    """
    if path is None or str(path) == DEFAULT_CATALOGUE_NAME:
        return default_catalogue() if registry is DEFAULT_REGISTRY else _read_default(registry)
    from fertility_rules.fertility.formats.catalogue import load_catalogue_file
    from fertility_rules.formats.files import file_name
    from fertility_rules.formats.limits import DEFAULT_LIMITS

    return load_catalogue_file(
        file_name(path), registry, DEFAULT_LIMITS if limits is None else limits
    )


def _read_default(registry: EffectRegistry) -> Catalogue:
    from fertility_rules.fertility.formats.catalogue import read_catalogue_text

    text = package_bytes("fertility_rules.fertility.catalogue", "data/default.toml")
    return read_catalogue_text(text, True, "default.toml", registry)


@functools.cache
def default_catalogue() -> Catalogue:
    """The built-in catalogue (partly reconstructed; see its provenance)."""
    return _read_default(DEFAULT_REGISTRY)


def __getattr__(name: str) -> object:
    """The catalogue file functions, imported on first use with the file formats (PEP 562)."""
    if name in ("dump_catalogue", "read_catalogue"):
        from fertility_rules.fertility.formats import catalogue as formats

        value = getattr(formats, name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
