"""Game-neutral building blocks every game's package uses.

Values and helpers that do not belong to one game's rules: where component data comes
from (:mod:`~fertility_rules.shared.provenance`), fast copies of frozen values
(:mod:`~fertility_rules.shared.values`), piles that share their items with earlier
states (:mod:`~fertility_rules.shared.sequences`), the rule a move breaks
(:mod:`~fertility_rules.shared.violations`), and so on. Nothing here imports a game:
the arrows point from the games to these modules.
"""
