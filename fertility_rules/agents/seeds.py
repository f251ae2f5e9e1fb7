"""An agent's random source, made from the seed it is given.

A seed is a whole number or ``None`` (a fresh draw): ``random.Random`` would also take
text, floats and bytes, and refuse a list with a ``TypeError``, but an agent's seed is
written in records and command lines as a number, so anything else is refused here, as
the games' setups refuse it.
"""

from __future__ import annotations

import random

from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _

__all__ = ["agent_random"]


def agent_random(seed: object) -> random.Random:
    """The random source of an agent seeded with ``seed`` (a whole number or ``None``)."""
    if seed is not None and type(seed) is not int:
        raise MalformedInputError.single("seed", _("A seed is a whole number."))
    return random.Random(seed)
