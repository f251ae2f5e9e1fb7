"""The component catalogue: data files, loader and validation."""

from typing import TYPE_CHECKING

from fertility_rules.fertility.catalogue.catalogue import CATALOGUE_FORMAT, Catalogue, MonumentRules
from fertility_rules.fertility.catalogue.loader import default_catalogue, load_catalogue

if TYPE_CHECKING:
    from fertility_rules.fertility.formats.catalogue import dump_catalogue, read_catalogue

__all__ = [
    "CATALOGUE_FORMAT",
    "Catalogue",
    "MonumentRules",
    "default_catalogue",
    "dump_catalogue",
    "load_catalogue",
    "read_catalogue",
]


def __getattr__(name: str) -> object:
    """The catalogue file functions, imported on first use with the file formats (PEP 562)."""
    from fertility_rules.fertility.catalogue import loader

    return getattr(loader, name)
