"""Random games through the checked ``apply`` with every invariant checked (R-7).

The machine lives in :mod:`fertility_rules.fertility.testing.engine`; here it runs on the default
catalogue and, through a subclass, on a catalogue whose Stock holds 2 tokens of each
resource so that the empty-Stock rules (I-3, I-13) are played often.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from fertility_rules.fertility.catalogue.loader import (
    default_catalogue,
    dump_catalogue,
    read_catalogue,
)
from fertility_rules.fertility.testing.engine import GameMachine

_CI = settings(
    max_examples=24,
    stateful_step_count=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

TestGameMachine = GameMachine.TestCase
TestGameMachine.settings = _CI


class SmallStockGameMachine(GameMachine):
    """The same machine on a catalogue with 2 tokens of each resource in the Stock."""

    catalogue = read_catalogue(
        {
            **dump_catalogue(default_catalogue()),
            "stock": {"per_resource": 2, "provenance": "reconstructed"},
        },
        "small-stock",
    )


TestSmallStockGameMachine = SmallStockGameMachine.TestCase
TestSmallStockGameMachine.settings = settings(_CI, max_examples=10)
