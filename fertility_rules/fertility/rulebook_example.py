"""The reference example of the rulebooks (R-5.6), shipped as a final-position file.

The rulebooks give Lisa's Shops, tokens, Wheat and Monuments; their picture shows them
as a Metropolis board's 4 starting Shops and the Districts she built (R-1.7). Which of
her Shops are printed on the board and how the others group into Districts is not in
the texts: :data:`RULEBOOK_LAYOUT` is a reconstruction, and every District of
:func:`rulebook_metropolis` says so (its provenance).
"""

from __future__ import annotations

import json

from attrs import evolve

from fertility_rules.arguments import checked_arguments
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.formats.final_position import read_final_position
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import SPOTS, Metropolis
from fertility_rules.fertility.model.position import FinalPosition
from fertility_rules.shared.package_data import package_text
from fertility_rules.shared.provenance import Provenance

__all__ = ["RULEBOOK_LAYOUT", "rulebook_example", "rulebook_metropolis"]


@checked_arguments
def rulebook_example(catalogue: Catalogue | None = None) -> FinalPosition:
    """Lisa's table of the scoring example: 18 + 21 + 10 + 15 + 23 = 87 Debens."""
    data = json.loads(package_text("fertility_rules.fertility", "data/rulebook_example.json"))
    return read_final_position(data, "rulebook_example.json", catalogue)


RULEBOOK_LAYOUT: tuple[tuple[int, ...], tuple[tuple[str, int, tuple[int, ...]], ...]] = (
    (0, 1, 2, 3),
    (("L1", 2, (4, 5)), ("L2", 1, (6,)), ("L3", 1, (7, 8))),
)
"""Lisa's Shops (indexes in the file) as the 4 starting Shops of her board (R-1.7), then
each District she built: its id, its cost and its Shops. Reconstructed: the rulebooks'
picture shows the Districts, their texts do not list them."""


@checked_arguments
def rulebook_metropolis(catalogue: Catalogue | None = None) -> Metropolis:
    """Lisa's Metropolis as the rulebooks draw it: 4 starting Shops and her Districts on
    their spots, the Districts marked reconstructed (:data:`RULEBOOK_LAYOUT`)."""
    city = rulebook_example(catalogue).players[0].metropolis
    starting, built = RULEBOOK_LAYOUT
    districts = tuple(
        District(
            district_id,
            cost,
            tuple(city.shops[i].shop for i in shops),
            Provenance.RECONSTRUCTED,
        )
        for district_id, cost, shops in built
    )
    order = [*starting, *(i for _id, _cost, shops in built for i in shops)]
    spots = (*districts, *(None,) * (SPOTS - len(districts)))
    return evolve(city, shops=tuple(city.shops[i] for i in order), spots=spots)
