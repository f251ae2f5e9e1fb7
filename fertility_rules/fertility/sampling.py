"""A full state drawn at random among those a view allows (determinization).

A player knows everything but what R-9.2 hides: which of the unseen Valley tiles are in
the pile and in what order, and the order of the District deck. Every arrangement of the
unseen items is equally likely from where the player sits (the draws of setup and of
play are uniform and nobody's choice depends on them), so a state consistent with a view
is drawn by shuffling: the pile is a uniform ordered sample of the unseen tiles, the
deck a uniform order of the unseen Districts. Search agents (``ismcts``, lookahead past
a draw) and networked clients play on such states.
"""

from __future__ import annotations

import random

from fertility_rules.arguments import argument_error, kind_name
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.state import GameState
from fertility_rules.fertility.views import Observation, observe
from fertility_rules.i18n.message import _

__all__ = ["Seed", "sample_state", "seeded"]

Seed = int | random.Random | None
"""A seed, a generator to draw from (advanced by each draw), or ``None`` for a fresh one."""


def seeded(seed: int | random.Random | None, argument: str = "seed") -> random.Random:
    """The generator ``seed`` stands for (a :data:`Seed`); anything else is refused naming
    ``argument``. Checked by hand: a search samples a state with it at every iteration."""
    if type(argument) is not str:
        raise argument_error("argument", str, argument)
    if isinstance(seed, random.Random):
        return seed
    if seed is None or type(seed) is int:
        return random.Random(seed)
    raise MalformedInputError.single(
        argument,
        _(
            "A seed is a whole number, a random.Random or nothing, not {kind}.",
            kind=kind_name(seed),
        ),
    )


def sample_state(
    view: Observation | GameState, seed: int | random.Random | None = None
) -> GameState:
    """A state consistent with ``view`` (a state is observed first): its public part is
    the view's, its Valley pile ``pile_size`` of the unseen tiles and its District deck
    the unseen Districts, each arrangement equally likely (R-9.2).

    ``observe(sample_state(view, seed)) == view``; the same seed draws the same state.
    """
    if isinstance(view, GameState):
        view = observe(view)
    if not isinstance(view, Observation):
        raise MalformedInputError.single(
            "view",
            _(
                "A view of a game is needed, not {kind}.",
                kind=kind_name(view, (Observation, GameState)),
            ),
        )
    rng = seeded(seed)
    if type(view.pile_size) is not int or not 0 <= view.pile_size <= len(view.unseen_tiles):
        raise MalformedInputError.single(
            "view.pile_size",
            _("the pile holds {n} different Valley tiles not in sight", n=view.pile_size),
            "R-9.2",
        )
    pile = rng.sample(view.unseen_tiles, view.pile_size)
    deck = rng.sample(view.unseen_districts, len(view.unseen_districts))
    return view.with_hidden(pile, deck)
