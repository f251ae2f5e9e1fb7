"""The end of a turn and of the game: storage, the limits, the offer refilled, the next
turn or the end (A-3.6, A-3.7, A-3.9, A-5, A-6).

After the main action the player may still spend ankh tokens (phase ``AFTER``); when
they end their actions, or can take none, the turn ends: tokens may be stored on
warehouses (``STORE``), tokens above the limits are returned (``RETURN``), with 2 players
Q-1 may remove the leftmost tile, and the offer is closed up and refilled from the pile the
player chooses (``REFILL``). Each of these decisions is asked only when there is a
choice; the next turn is the bonus turn of a scribe (A-3.7), or the next player's, or
the game ends with the round (A-6).
"""

from __future__ import annotations

import functools
from itertools import combinations, product
from typing import Any

from fertility_rules.ankhor.interpretations import Removal
from fertility_rules.ankhor.layout import Layout, index, supports_nothing
from fertility_rules.ankhor.model import Kind, Placed, Position, Tokens, add_tokens, sub_tokens
from fertility_rules.ankhor.moves import (
    Move,
    Refill,
    ReturnTokens,
    StoreTokens,
    refill,
    return_tokens,
    store_tokens,
)
from fertility_rules.ankhor.rules.ankh import can_spend, spending_possible
from fertility_rules.ankhor.rules.common import Table
from fertility_rules.ankhor.rules.offer import close_up, fill, has_gap, has_tile
from fertility_rules.ankhor.state import (
    BONUS_TURN,
    FRESH_TURN,
    GameState,
    Phase,
    PlayerState,
    evolve_player,
    evolve_state,
    replace_at,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.values import ByIdentity
from fertility_rules.shared.violations import Violation

__all__ = [
    "after_main",
    "apply_end_actions",
    "apply_refill",
    "apply_return",
    "apply_store",
    "check_refill",
    "check_return",
    "check_store",
    "excess",
    "refill_moves",
    "removes_leftmost",
    "return_moves",
    "settle",
    "storable",
    "store_moves",
]


Changes = dict[str, Any]
"""Fields of the next state not yet set: the end of a turn builds one new state, not one
per step it goes through."""


def _now(state: GameState, changes: Changes, name: str) -> Any:
    return changes[name] if name in changes else getattr(state, name)


def after_main(state: GameState, **changes: Any) -> GameState:
    """The state once the main action is done (``changes`` made to ``state``): ankh actions
    may follow (A-4.1), or the turn ends by itself when none can be taken."""
    player = _now(state, changes, "players")[state.current]
    progress = _now(state, changes, "progress")
    offer = _now(state, changes, "offer")
    if spending_possible(player, progress, offer, state.config.interpretations):
        changes["phase"] = Phase.AFTER
        return evolve_state(state, **changes)
    return _end_actions(state, changes)


def settle(state: GameState) -> GameState:
    """After an ankh action, the turn ends by itself when no ankh action is left."""
    if state.phase is Phase.AFTER and not can_spend(state):
        return _end_actions(state, {})
    return state


def apply_end_actions(state: GameState, move: Move) -> GameState:
    return _end_actions(state, {})


def _end_actions(state: GameState, changes: Changes) -> GameState:
    if storable(_now(state, changes, "players")[state.current]):
        changes["phase"] = Phase.STORE
        return evolve_state(state, **changes)
    return _after_store(state, changes)


# ---------------------------------------------------------------- storage


def storable(player: PlayerState) -> tuple[Position, ...]:
    """Empty warehouses supporting no tile, of a colour the player holds (A-3.6)."""
    warehouses = _warehouses(player.tiles)
    if not warehouses:
        return ()
    hand = player.tokens
    tiles = index(player.tiles)
    return tuple(
        placed.position
        for placed in warehouses
        if hand[placed.tile.colour]
        and placed.position not in player.stored
        and supports_nothing(tiles, placed.position)
    )


_WAREHOUSES: ByIdentity[Layout, tuple[Placed, ...]] = ByIdentity(8192)


def _warehouses(layout: Layout) -> tuple[Placed, ...]:
    """The warehouses of a layout (kept by its identity: asked at every turn's end)."""
    found = _WAREHOUSES.get(layout)
    if found is None:
        found = _WAREHOUSES.keep(layout, tuple(p for p in layout if p.tile.kind is Kind.WAREHOUSE))
    return found


def store_moves(table: Table) -> list[Move]:
    """Every set of warehouses the player may fill, the empty set included (A-3.6)."""
    player = table.players[table.current]
    warehouses = storable(player)
    colours = {p.position: p.tile.colour for p in player.tiles}
    moves: list[Move] = []
    for size in range(len(warehouses) + 1):
        for chosen in combinations(warehouses, size):
            counts = [0, 0, 0, 0, 0]
            for position in chosen:
                counts[colours[position]] += 1
            if all(n <= player.tokens[c] for c, n in enumerate(counts)):
                moves.append(store_tokens(chosen))
    return moves


def check_store(table: Table, move: StoreTokens) -> list[Violation]:
    player = table.players[table.current]
    warehouses = storable(player)
    chosen = move.warehouses
    if len(set(chosen)) != len(chosen):
        return [Violation("A-3.6", _("A warehouse holds one token: each is named once."))]
    if any(position not in warehouses for position in chosen):
        return [
            Violation(
                "A-3.6",
                _(
                    "A token is stored only on an empty warehouse of the player that supports "
                    "no tile, and the player must hold a token of its colour."
                ),
            )
        ]
    colours = {p.position: p.tile.colour for p in player.tiles}
    counts = [0, 0, 0, 0, 0]
    for position in chosen:
        counts[colours[position]] += 1
    if any(n > player.tokens[c] for c, n in enumerate(counts)):
        return [Violation("A-3.6", _("The player does not hold enough tokens of these colours."))]
    return []


def apply_store(state: GameState, move: StoreTokens) -> GameState:
    player = state.players[state.current]
    colours = {p.position: p.tile.colour for p in player.tiles}
    used = [0, 0, 0, 0, 0, 0]
    for position in move.warehouses:
        used[colours[position]] += 1
    stored = evolve_player(
        player,
        tokens=sub_tokens(player.tokens, (used[0], used[1], used[2], used[3], used[4], 0)),
        stored=tuple(sorted((*player.stored, *move.warehouses))),
    )
    return _after_store(state, {"players": replace_at(state.players, state.current, stored)})


# ---------------------------------------------------------------- limits


def excess(table: Table, player: PlayerState) -> tuple[int, int]:
    """Resource and ankh tokens in hand above the limits (A-3.9, Q-8)."""
    limits = table.config.catalogue.limits
    hand = player.tokens
    return (
        max(0, hand[0] + hand[1] + hand[2] + hand[3] + hand[4] - limits.resources),
        max(0, hand[5] - limits.ankhs),
    )


def _after_store(state: GameState, changes: Changes) -> GameState:
    if excess(state, _now(state, changes, "players")[state.current]) != (0, 0):
        changes["phase"] = Phase.RETURN
        return evolve_state(state, **changes)
    return _after_return(state, changes)


_return = functools.lru_cache(maxsize=4096)(return_tokens)
"""Returns of tokens are values: one of each serves every hand."""


@functools.lru_cache(maxsize=4096)
def _returns(hand: Tokens, resources: int, ankhs: int) -> tuple[ReturnTokens, ...]:
    ranges = [range(min(n, resources) + 1) for n in hand[:5]]
    found = []
    for a, b, c, d, e in product(*ranges):
        if a + b + c + d + e == resources:
            found.append(_return((a, b, c, d, e, ankhs)))
    return tuple(found)


def return_moves(table: Table) -> list[Move]:
    """Every choice of tokens to give back down to the limits (A-3.9)."""
    player = table.players[table.current]
    resources, ankhs = excess(table, player)
    return list(_returns(player.tokens, resources, ankhs))


def check_return(table: Table, move: ReturnTokens) -> list[Violation]:
    player = table.players[table.current]
    tokens = move.tokens
    if any(n < 0 or n > player.tokens[k] for k, n in enumerate(tokens)):
        return [Violation("A-3.9", _("The player does not hold these tokens."))]
    resources, ankhs = excess(table, player)
    if sum(tokens[:5]) != resources or tokens[5] != ankhs:
        limits = table.config.catalogue.limits
        return [
            Violation(
                "A-3.9",
                _(
                    "Exactly the tokens above the limits go back: {resources} resource and "
                    "{ankhs} ankh tokens, to keep {most} resource and {most_ankhs} ankh "
                    "tokens.",
                    resources=resources,
                    ankhs=ankhs,
                    most=limits.resources,
                    most_ankhs=limits.ankhs,
                ),
            )
        ]
    return []


def apply_return(state: GameState, move: ReturnTokens) -> GameState:
    player = state.players[state.current]
    returned = evolve_player(player, tokens=sub_tokens(player.tokens, move.tokens))
    return _after_return(
        state,
        {
            "players": replace_at(state.players, state.current, returned),
            "supply": add_tokens(state.supply, move.tokens),
        },
    )


# ---------------------------------------------------------------- the offer


def removes_leftmost(state: GameState, bought: bool) -> bool:
    """Whether Q-1 removes the leftmost tile at the end of this turn (2 players only)."""
    if len(state.players) != 2:
        return False
    removal = state.config.interpretations.two_player_removal
    if removal is Removal.EVERY_TURN:
        return True
    return removal is Removal.NOTHING_BOUGHT and not bought


def _after_return(state: GameState, changes: Changes) -> GameState:
    offer = _now(state, changes, "offer")
    removes = removes_leftmost(state, _now(state, changes, "progress").bought)
    if not removes and not has_gap(offer):  # nothing to close up or to refill
        return _next_turn(state, changes)
    tiles = close_up(offer)
    removed = state.removed
    if tiles and removes:
        removed = (*removed, tiles.pop(0))
    size = len(offer)
    piles = state.piles
    first, second = len(piles[0]), len(piles[1])
    if len(tiles) < size and first and second:
        changes.update(
            offer=(*tiles, *[None] * (size - len(tiles))), removed=removed, phase=Phase.REFILL
        )
        return evolve_state(state, **changes)
    offer, piles = fill(tiles, size, piles, 0 if first else 1)
    changes.update(offer=offer, piles=piles, removed=removed)
    return _next_turn(state, changes)


_REFILLS = (refill(0), refill(1))


def refill_moves(table: Table) -> list[Move]:
    return list(_REFILLS)


def check_refill(table: Table, move: Refill) -> list[Violation]:
    if move.pile not in (0, 1):
        return [Violation("A-5.1", _("There are two draw piles: 1 and 2."))]
    return []


def apply_refill(state: GameState, move: Refill) -> GameState:
    offer, piles = fill(close_up(state.offer), len(state.offer), state.piles, move.pile)
    return _next_turn(state, {"offer": offer, "piles": piles})


# ---------------------------------------------------------------- the next turn


def _next_turn(state: GameState, changes: Changes) -> GameState:
    """The new state, for the next turn or the end of the game (A-3.7, A-6)."""
    progress = _now(state, changes, "progress")
    current = state.current
    players = _now(state, changes, "players")
    if not progress.bonus:
        player = players[current]
        players = replace_at(players, current, evolve_player(player, turns=player.turns + 1))
    changes["players"] = players
    if progress.scribe:  # a bonus turn right after this one
        changes.update(phase=Phase.MAIN, turn=state.turn + 1, progress=BONUS_TURN)
    elif current == (state.config.first - 1) % len(players) and (
        _now(state, changes, "ending") or _exhausted(state, changes)
    ):
        changes.update(phase=Phase.OVER, progress=FRESH_TURN)
    else:
        changes.update(
            current=(current + 1) % len(players),
            phase=Phase.MAIN,
            turn=state.turn + 1,
            progress=FRESH_TURN,
        )
    return evolve_state(state, **changes)


def _exhausted(state: GameState, changes: Changes) -> bool:
    """No tile can ever be bought again: the offer and both piles are empty (A-6.2)."""
    first, second = _now(state, changes, "piles")
    offer = _now(state, changes, "offer")
    return not first and not second and not has_tile(offer)
