"""The referee: legal moves, legality checks and the transition (A-3 to A-6).

``legal_moves``, ``violations``, ``is_legal`` and ``apply`` are pure: a state is never
changed, a legal move yields a new one. ``legal_moves`` also takes a view
(:func:`~fertility_rules.ankhor.views.observe`): which moves are legal never depends on
the hidden order of the draw piles. ``apply_unchecked`` skips the checks for moves known
to be legal (those of ``legal_moves``), for simulations and searches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from fertility_rules.ankhor.arguments import move_needed, require, state_needed, table_needed
from fertility_rules.ankhor.moves import (
    END_ACTIONS,
    BuyTile,
    EndActions,
    Move,
    MoveTile,
    PassMain,
    Refill,
    Refresh,
    ReturnTokens,
    StoreTokens,
    TakeTokens,
)
from fertility_rules.ankhor.rules.ankh import (
    ankh_moves,
    apply_move_tile,
    apply_refresh,
    check_move_tile,
    check_refresh,
)
from fertility_rules.ankhor.rules.common import Table
from fertility_rules.ankhor.rules.main_action import (
    apply_buy,
    apply_pass,
    apply_take,
    check_buy,
    check_pass,
    check_take,
    main_moves,
)
from fertility_rules.ankhor.rules.turn_end import (
    apply_end_actions,
    apply_refill,
    apply_return,
    apply_store,
    check_refill,
    check_return,
    check_store,
    refill_moves,
    return_moves,
    settle,
    store_moves,
)
from fertility_rules.ankhor.state import GameState, Phase, TableBase
from fertility_rules.i18n.message import _
from fertility_rules.shared.referee import handler_for, refuse
from fertility_rules.shared.violations import Violation

__all__ = ["MOVE_PHASES", "apply", "apply_unchecked", "is_legal", "legal_moves", "violations"]


def _no_checks(state: Table, move: Any) -> list[Violation]:
    return []


def _settled(
    perform: Callable[[GameState, Any], GameState],
) -> Callable[[GameState, Any], GameState]:
    """An ankh action, then the end of the turn if it was the last action possible."""

    def run(state: GameState, move: Any) -> GameState:
        return settle(perform(state, move))

    return run


@frozen
class _Handler:
    phases: frozenset[Phase]
    check: Callable[[Table, Any], list[Violation]]
    perform: Callable[[GameState, Any], GameState]


_MAIN = frozenset({Phase.MAIN})
_ANKH = frozenset({Phase.MAIN, Phase.AFTER})

_HANDLERS: dict[type, _Handler] = {
    TakeTokens: _Handler(_MAIN, check_take, apply_take),
    BuyTile: _Handler(_MAIN, check_buy, apply_buy),
    PassMain: _Handler(_MAIN, check_pass, apply_pass),
    Refresh: _Handler(_ANKH, check_refresh, _settled(apply_refresh)),
    MoveTile: _Handler(_ANKH, check_move_tile, _settled(apply_move_tile)),
    EndActions: _Handler(frozenset({Phase.AFTER}), _no_checks, apply_end_actions),
    StoreTokens: _Handler(frozenset({Phase.STORE}), check_store, apply_store),
    ReturnTokens: _Handler(frozenset({Phase.RETURN}), check_return, apply_return),
    Refill: _Handler(frozenset({Phase.REFILL}), check_refill, apply_refill),
}

MOVE_PHASES: dict[type, frozenset[Phase]] = {m: h.phases for m, h in _HANDLERS.items()}
"""The decisions (phases) at which each kind of move is played."""


def _after_moves(table: Table) -> list[Move]:
    return [*ankh_moves(table), END_ACTIONS]


def _main_and_ankh(table: Table) -> list[Move]:
    moves = main_moves(table)
    moves += ankh_moves(table)
    return moves


_LEGAL: dict[Phase, Callable[[Table], list[Move]]] = {
    Phase.MAIN: _main_and_ankh,
    Phase.AFTER: _after_moves,
    Phase.STORE: store_moves,
    Phase.RETURN: return_moves,
    Phase.REFILL: refill_moves,
    Phase.OVER: lambda table: [],
}


def _check_table(table: object) -> None:
    # a state or its view: the classes made directly on the base the referee knows
    # the list of them is asked only to refuse anything else
    if TableBase not in type(table).__bases__:
        require(table, tuple(TableBase.__subclasses__()), "state", table_needed)


def legal_moves(table: Table) -> list[Move]:
    """Every legal move at the current decision of a state or view (empty once over)."""
    if type(table) is not GameState:
        _check_table(table)
    return _LEGAL[table.phase](table)


def _handler(move: object) -> _Handler:
    return handler_for(_HANDLERS, move, move_needed)


def violations(table: Table, move: Move) -> tuple[Violation, ...]:
    """Every rule ``move`` breaks in a state or view (empty when it is legal)."""
    _check_table(table)
    return tuple(_broken(table, move, _handler(move)))


def _broken(table: Table, move: Move, handler: _Handler) -> list[Violation]:
    if table.phase not in handler.phases:
        if table.phase is Phase.OVER:
            return [Violation("A-6", _("The game is over: no move can be played."))]
        return [
            Violation(
                "A-3",
                _(
                    "This move does not fit the current decision: {player} must {decision}.",
                    player=table.players[table.current].name,
                    decision=table.phase.label,
                ),
            )
        ]
    return handler.check(table, move)


def is_legal(table: Table, move: Move) -> bool:
    return not violations(table, move)


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; :class:`IllegalMoveError` names the rule it breaks."""
    require(state, GameState, "state", state_needed)
    handler = _handler(move)
    refuse(_broken(state, move, handler), move)
    return handler.perform(state, move)


def apply_unchecked(state: GameState, move: Move) -> GameState:
    """The state after ``move`` without legality checks: only for moves of ``legal_moves``.

    Only the kinds of its arguments are checked (a state, a move), at the cost of a type
    comparison and the lookup it makes anyway, as Fertility's."""
    if type(state) is not GameState:
        require(state, GameState, "state", state_needed)
    handler = _HANDLERS.get(type(move))
    if handler is None:
        handler = _handler(move)
    return handler.perform(state, move)
