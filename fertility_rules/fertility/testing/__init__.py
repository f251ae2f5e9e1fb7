"""Fertility's conformance tests: hypothesis strategies, invariant checks, a game state
machine (requires ``hypothesis``, installed with the ``test`` extra).

Other applications run them against their own catalogues::

    from fertility_rules.fertility.testing import GameMachine

    class MyCatalogueMachine(GameMachine):
        catalogue = load_catalogue("my_copy.toml")

    TestMyCatalogue = MyCatalogueMachine.TestCase
"""

from fertility_rules.fertility.testing.engine import (
    MOVE_PHASES,
    RULE_ID,
    GameMachine,
    arbitrary_moves,
    check_invariants,
    games,
    interpretations,
    shop_token_decreases,
    tiles_in_game,
)
from fertility_rules.fertility.testing.strategies import (
    benefits,
    catalogue_documents,
    final_positions,
    god_names,
    icons,
    malformed_final_position_documents,
    metropolises,
    player_names,
    resources,
    shop_states,
    shops,
    tracks,
)

__all__ = [
    "MOVE_PHASES",
    "RULE_ID",
    "GameMachine",
    "arbitrary_moves",
    "benefits",
    "catalogue_documents",
    "check_invariants",
    "final_positions",
    "games",
    "god_names",
    "icons",
    "interpretations",
    "malformed_final_position_documents",
    "metropolises",
    "player_names",
    "resources",
    "shop_states",
    "shop_token_decreases",
    "shops",
    "tiles_in_game",
    "tracks",
]
