"""The settings the learning adapters are tested in: every game and player count, and
Fertility's 2-player variant (R-8)."""

from __future__ import annotations

SETTINGS = [
    ("fertility", 2, False),
    ("fertility", 2, True),
    ("fertility", 3, False),
    ("fertility", 4, False),
    ("ankhor", 2, False),
    ("ankhor", 3, False),
    ("ankhor", 4, False),
]
"""``(game, players, variant)``."""
