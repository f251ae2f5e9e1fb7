"""Setting up a game of Ankh'or (A-2): seeded, every random draw from one generator."""

from __future__ import annotations

import random
from collections.abc import Sequence

from fertility_rules.ankhor.catalogue import PLAYER_COUNTS, TOKENS_PER_KIND, Catalogue, deal_markers
from fertility_rules.ankhor.interpretations import Interpretations, PriceLayout
from fertility_rules.ankhor.model import Tokens
from fertility_rules.ankhor.state import GameConfig, GameState, PlayerState
from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.i18n.message import _
from fertility_rules.shared.players import name_problems
from fertility_rules.shared.seeds import seed_problems
from fertility_rules.shared.sequences import Rest

__all__ = ["default_catalogue", "new_game", "player_problems"]


def default_catalogue() -> Catalogue:
    """The built-in Ankh'or catalogue (partly reconstructed; see its provenance)."""
    from fertility_rules.ankhor.formats.catalogue import default_catalogue as load

    return load()


def player_problems(players: object) -> list[Problem]:
    """What is wrong with the players (A-2.1): their number and their names."""
    problems = name_problems(players, "players")
    if (
        isinstance(players, str)
        or not isinstance(players, Sequence)
        or len(players) in PLAYER_COUNTS
    ):
        return problems
    count = _("Ankh'or is played by 2 to 4 players, not {n}.", n=len(players))
    return [Problem("players", count, "A-2.1"), *problems]


@checked_arguments
def new_game(
    players: Sequence[str],
    seed: int | None = None,
    *,
    interpretations: Interpretations | None = None,
    catalogue: Catalogue | None = None,
) -> GameState:
    """A game set up at random from ``seed`` (A-2); ``players`` in turn order, the start
    player drawn at random (A-2.6)."""
    problems = player_problems(players)
    if seed is not None:
        problems += seed_problems(seed, "seed")
    if interpretations is not None and not isinstance(interpretations, Interpretations):
        problems.append(
            Problem("interpretations", _("An Ankh'or Interpretations value is needed."))
        )
    if catalogue is not None and not isinstance(catalogue, Catalogue):
        problems.append(Problem("catalogue", _("An Ankh'or catalogue is needed.")))
    if problems:
        raise MalformedInputError(problems)
    catalogue = catalogue or default_catalogue()
    readings = interpretations or Interpretations()
    rng = random.Random(seed)
    count = len(players)
    per_kind = catalogue.tokens.supply_for(count)
    slots = catalogue.price_board.slots
    if readings.price_layout is PriceLayout.MIRRORED:
        slots = slots[::-1]
    prices = deal_markers(slots, catalogue.price_board.markers, rng)
    if prices is None:  # pragma: no cover - excluded by the catalogue's checks
        raise MalformedInputError.single(
            "price_board",
            _("a deal without three of a colour on a slot is too rare to draw"),
            "A-2.3",
        )
    tiles = list(catalogue.tiles)
    rng.shuffle(tiles)
    half = (len(tiles) + 1) // 2
    first_pile = Rest(tiles[:half])
    offer, rest = first_pile.draw(len(slots))
    supply: Tokens = (per_kind,) * 6
    box: Tokens = (TOKENS_PER_KIND - per_kind,) * 6
    config = GameConfig(
        catalogue=catalogue,
        interpretations=readings,
        prices=prices,
        first=rng.randrange(count),
        box=box,
    )
    return GameState(
        config=config,
        players=tuple(PlayerState(name) for name in players),
        supply=supply,
        reserve=catalogue.bonus.count,
        offer=(*offer, *[None] * (len(slots) - len(offer))),
        piles=(rest, Rest(tiles[half:])),
        current=config.first,
    )
