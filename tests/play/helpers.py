"""Random games for the embedding tests: a setup, then random legal moves."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from fertility_rules import Game, legal_moves
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.testing.engine import interpretations


@st.composite
def played(draw: st.DrawFn, max_moves: int = 60, catalogue: Catalogue | None = None) -> Game:
    """A game set up at random (2 to 4 players, variant or not, any playable
    interpretations; ``catalogue``, the default one unless given) after
    ``0..max_moves`` random legal moves."""
    players = draw(st.integers(2, 4))
    variant = draw(st.booleans()) if players == 2 else False
    game = Game.new(
        [f"P{i + 1}" for i in range(players)],
        draw(st.integers(0, 2**32 - 1)),
        catalogue=catalogue,
        variant=variant,
        interpretations=draw(interpretations()),
    )
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, max_moves))):
        if game.state.is_over:
            break
        game = game.play(rng.choice(legal_moves(game.state)))
    return game
