"""The component catalogue: data files, loader and validation."""

from fertility_rules.catalogue.catalogue import CATALOGUE_FORMAT, Catalogue, MonumentRules
from fertility_rules.catalogue.loader import (
    default_catalogue,
    dump_catalogue,
    load_catalogue,
    read_catalogue,
)

__all__ = [
    "CATALOGUE_FORMAT",
    "Catalogue",
    "MonumentRules",
    "default_catalogue",
    "dump_catalogue",
    "load_catalogue",
    "read_catalogue",
]
