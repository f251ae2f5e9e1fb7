"""Quarries: a token of choice or a Monument for each Quarry closed (R-3.3.D, I-2, I-13)."""

from __future__ import annotations

import functools

from fertility_rules.fertility.model.metropolis import evolve_metropolis
from fertility_rules.fertility.model.resources import RESOURCES, Counts, add_token
from fertility_rules.fertility.moves import ClaimQuarry, Move, claim_quarry
from fertility_rules.fertility.state import (
    GameState,
    Phase,
    PlayerState,
    evolve_player,
    evolve_state,
    evolve_valley,
    owing,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.violations import Violation

__all__ = ["apply_quarry", "check_quarry", "quarry_moves", "quarry_step"]


def quarry_step(
    player: PlayerState, stock: Counts, quarries: tuple[int, ...], choices: int
) -> tuple[tuple[int, ...], int, Phase]:
    """``(quarries, choices, phase)``: on to building once no Quarry choice is left or
    none can be taken (I-13)."""
    if choices and quarries and (player.monuments_left > 0 or any(stock)):
        return quarries, choices, Phase.QUARRY
    return (), 0, Phase.BUILD


_claim = functools.lru_cache(maxsize=4096)(claim_quarry)
"""Moves are values: one per Quarry square and choice serves every game."""


def quarry_moves(state: GameState) -> list[Move]:
    moves: list[Move] = []
    monument = state.player.monuments_left > 0
    stock = state.stock
    for square in state.quarries:
        moves.extend([_claim(square, r) for r in RESOURCES if stock[r]])
        if monument:
            moves.append(_claim(square, None))
    return moves


def check_quarry(state: GameState, move: ClaimQuarry) -> list[Violation]:
    """Every rule the choice breaks: a Quarry awaiting it on the square (R-3.3.D), a
    Monument left to build (R-1.8) or the token in the Stock (I-13)."""
    problems = []
    if move.square not in state.quarries:
        problems.append(
            Violation(
                "R-3.3.D", _("No Quarry awaits a choice on square {square}.", square=move.square)
            )
        )
    if move.resource is None:
        if state.player.monuments_left <= 0:
            problems.append(Violation("R-1.8", _("You have no Monument left to build.")))
    elif not state.stock[move.resource]:
        problems.append(
            Violation("I-13", _("The Stock has no {resource} left.", resource=move.resource.label))
        )
    return problems


def apply_quarry(state: GameState, move: ClaimQuarry) -> GameState:
    player = state.player
    valley = state.valley
    stock = state.stock
    if move.resource is None:
        metropolis = evolve_metropolis(player.metropolis, monuments=player.metropolis.monuments + 1)
        player = evolve_player(player, metropolis=metropolis)
        valley = evolve_valley(
            valley,
            empty=valley.empty & ~(1 << move.square),
            monuments=(*valley.monuments, (move.square, state.current)),
        )
    else:
        stock = add_token(stock, move.resource, -1)
        player = evolve_player(player, supply=add_token(player.supply, move.resource))
    choices = state.quarry_choices - 1
    quarries = tuple(q for q in state.quarries if q != move.square) if choices else ()
    quarries, choices, phase = quarry_step(player, stock, quarries, choices)
    return evolve_state(
        state,
        player=player,
        valley=valley,
        stock=stock,
        pending=owing(state.pending, quarries, choices),
        phase=phase,
    )
