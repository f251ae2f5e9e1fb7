"""The reference example of the rulebooks (R-5.6), shipped as a final-position file."""

from __future__ import annotations

import json
from importlib import resources

from fertility_rules.arguments import checked_arguments
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.formats.final_position import read_final_position
from fertility_rules.model.position import FinalPosition

__all__ = ["rulebook_example"]


@checked_arguments
def rulebook_example(catalogue: Catalogue | None = None) -> FinalPosition:
    """Lisa's table of the scoring example: 18 + 21 + 10 + 15 + 23 = 87 Debens."""
    text = resources.files("fertility_rules.records").joinpath("data/rulebook_example.json")
    data = json.loads(text.read_text(encoding="utf-8"))
    return read_final_position(data, "rulebook_example.json", catalogue)
