"""What several rules of a turn share: the rule of a move out of turn, the ankh tokens a
player may still spend, what a player can pay with, the prices of the offer slots."""

from __future__ import annotations

from typing import Any

from fertility_rules.ankhor.interpretations import Height, Interpretations
from fertility_rules.ankhor.model import Colour, Token
from fertility_rules.ankhor.state import GameState, PlayerState
from fertility_rules.shared.values import ByIdentity

__all__ = [
    "ANKH_ACTIONS",
    "Cost",
    "Table",
    "affords",
    "available",
    "slot_costs",
    "spendable_ankhs",
    "top_level",
]

ANKH_ACTIONS = 2
"""Ankh tokens a player may spend in one turn (A-4.1)."""

Table = Any
"""A game state or its view: the listing of moves reads only public fields (A-8)."""

Cost = tuple[int, int, int, int, int]
"""Resource tokens of each colour a price asks for."""


def spendable_ankhs(table: GameState) -> int:
    """Ankh tokens the current player may still spend this turn (A-4.1): those held but
    not taken this turn, at most two spent per turn."""
    turn = table.progress
    held = table.players[table.current].tokens[Token.ANKH] - turn.ankhs_taken
    return max(0, min(held, ANKH_ACTIONS - turn.spent))


def available(player: PlayerState) -> Cost:
    """Resource tokens the player can pay with, stored ones included (A-3.3, A-3.6)."""
    hand = player.tokens
    if not player.stored:
        return (hand[0], hand[1], hand[2], hand[3], hand[4])
    counts = [hand[0], hand[1], hand[2], hand[3], hand[4]]
    colours = {p.position: p.tile.colour for p in player.tiles}
    for position in player.stored:
        counts[colours[position]] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


def _cost(colours: list[Colour]) -> Cost:
    counts = [0, 0, 0, 0, 0]
    for colour in colours:
        counts[colour] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


SlotCosts = tuple[tuple[Cost, tuple[tuple[Colour, Cost], ...]], ...]

_COSTS: ByIdentity[tuple[tuple[Colour, ...], ...], SlotCosts] = ByIdentity(256)


def slot_costs(prices: tuple[tuple[Colour, ...], ...]) -> SlotCosts:
    """For each slot: its price, and for each colour of its markers the price without
    one marker of that colour (a tile on a higher level, A-3.5). Kept by the identity of
    the prices, which a game's configuration holds once."""
    found = _COSTS.get(prices)
    return _COSTS.keep(prices, _slot_costs(prices)) if found is None else found


def _slot_costs(prices: tuple[tuple[Colour, ...], ...]) -> SlotCosts:
    costs = []
    for markers in prices:
        reduced = []
        for colour in sorted(set(markers)):
            rest = list(markers)
            rest.remove(colour)
            reduced.append((colour, _cost(rest)))
        costs.append((_cost(list(markers)), tuple(reduced)))
    return tuple(costs)


def affords(have: Cost, cost: Cost) -> bool:
    return (
        have[0] >= cost[0]
        and have[1] >= cost[1]
        and have[2] >= cost[2]
        and have[3] >= cost[3]
        and have[4] >= cost[4]
    )


def top_level(readings: Interpretations) -> int | None:
    """The highest level a tile may rest on under Q-4 (``None``: no limit)."""
    return 1 if readings.height is Height.BASE_ONLY else None
