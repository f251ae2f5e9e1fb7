"""The referee: legal moves, legality checks and the transition (R-3 to R-4).

``legal_moves``, ``violations``, ``is_legal`` and ``apply`` are pure: a state is
never changed, a legal move yields a new one. ``apply_unchecked`` skips the checks
for moves known to be legal (those of ``legal_moves``), for simulations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import frozen

from fertility_rules.arguments import checked_arguments, kind_name
from fertility_rules.errors import HiddenInformationError, MalformedInputError
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)
from fertility_rules.fertility.rules.building import (
    apply_build,
    apply_skip_building,
    build_moves,
    check_build,
)
from fertility_rules.fertility.rules.placement import (
    apply_discard,
    apply_place,
    check_discard,
    check_place,
    placement_moves,
)
from fertility_rules.fertility.rules.quarries import apply_quarry, check_quarry, quarry_moves
from fertility_rules.fertility.rules.supplying import (
    apply_bonus,
    apply_end_supplying,
    apply_supply,
    bonus_moves,
    check_bonus,
    check_supply,
    supply_moves,
)
from fertility_rules.fertility.rules.turn_end import (
    apply_remove,
    apply_take,
    check_remove,
    check_take,
    remove_moves,
    take_moves,
)
from fertility_rules.fertility.scoring.pipeline import (
    final_ranks,
    score_position,
    score_totals,
)
from fertility_rules.fertility.scoring.sheet import ScoreReport
from fertility_rules.fertility.state import GameState, Phase, View, state_of
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.referee import handler_for, refuse
from fertility_rules.shared.values import unchecked_constructor
from fertility_rules.shared.violations import Violation

__all__ = [
    "MOVE_PHASES",
    "apply",
    "apply_unchecked",
    "final_position",
    "final_scores",
    "is_legal",
    "legal_moves",
    "require_state",
    "violations",
]


def _no_checks(state: GameState, move: Any) -> list[Violation]:
    return []


@frozen
class _Handler:
    phase: Phase
    check: Callable[[GameState, Any], list[Violation]]
    perform: Callable[[GameState, Any], GameState]


_HANDLERS: dict[type, _Handler] = {
    PlaceTile: _Handler(Phase.PLACE, check_place, apply_place),
    DiscardTile: _Handler(Phase.PLACE, check_discard, apply_discard),
    ClaimQuarry: _Handler(Phase.QUARRY, check_quarry, apply_quarry),
    BuildDistrict: _Handler(Phase.BUILD, check_build, apply_build),
    SkipBuilding: _Handler(Phase.BUILD, _no_checks, apply_skip_building),
    SupplyShop: _Handler(Phase.SUPPLY, check_supply, apply_supply),
    EndSupplying: _Handler(Phase.SUPPLY, _no_checks, apply_end_supplying),
    PlaceBonusResource: _Handler(Phase.BONUS, check_bonus, apply_bonus),
    TakeTile: _Handler(Phase.TAKE, check_take, apply_take),
    RemoveTile: _Handler(Phase.REMOVE, check_remove, apply_remove),
}

_LEGAL: dict[Phase, Callable[[GameState], list[Move]]] = {
    Phase.PLACE: placement_moves,
    Phase.QUARRY: quarry_moves,
    Phase.BUILD: build_moves,
    Phase.SUPPLY: supply_moves,
    Phase.BONUS: bonus_moves,
    Phase.TAKE: take_moves,
    Phase.REMOVE: remove_moves,
    Phase.OVER: lambda state: [],
}

MOVE_PHASES: dict[type, Phase] = {move: handler.phase for move, handler in _HANDLERS.items()}

_PERFORM = {move: handler.perform for move, handler in _HANDLERS.items()}
"""The transition of each kind of move, looked up at every decision."""
"""The decision (phase) at which each kind of move is played."""


def require_state(state: object) -> None:
    """Refuse anything but a full state: a view with :class:`HiddenInformationError` (what
    is asked needs the hidden piles, R-9.2), anything else with
    :class:`MalformedInputError`."""
    if isinstance(state, GameState):
        return
    if callable(getattr(type(state), "stand_in", None)):
        raise HiddenInformationError(
            _(
                "A full game state is needed here: a view does not hold the hidden Valley "
                "pile and District deck (R-9.2); sample_state(view, seed) gives a state "
                "consistent with it."
            )
        )
    raise MalformedInputError.single(
        "state", _("A game state is needed, not {kind}.", kind=kind_name(state, GameState))
    )


def legal_moves(state: GameState | View) -> list[Move]:
    """Every legal move at the current decision (empty once the game is over).

    A view gives the same moves as its state: they depend only on public information
    (R-9).
    """
    if type(state) is not GameState:
        state = state_of(state)
    return _LEGAL[state.phase](state)


def _needed(kind: str) -> Message:
    return _("A move is needed, not {kind}.", kind=kind)


def _handler(move: object) -> _Handler:
    return handler_for(_HANDLERS, move, _needed)


def violations(state: GameState | View, move: Move) -> tuple[Violation, ...]:
    """Every rule ``move`` breaks in ``state`` or its view (empty when it is legal).

    Anything that is not a state, a view or a move raises :class:`MalformedInputError`.
    """
    state = state_of(state)
    return tuple(_broken(state, move, _handler(move)))


def _broken(state: GameState, move: Move, handler: _Handler) -> list[Violation]:
    """The rules ``move`` breaks, its handler given (looked up once per move)."""
    if handler.phase is not state.phase:
        return [
            Violation(
                "R-3" if state.phase is not Phase.OVER else "R-4.2",
                _(
                    "This move does not fit the current decision: {player} must {decision}.",
                    player=state.player.name,
                    decision=state.phase.label,
                ),
            )
        ]
    return handler.check(state, move)


def is_legal(state: GameState | View, move: Move) -> bool:
    return not violations(state, move)


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; :class:`IllegalMoveError` names the rule it breaks.

    A view is refused with :class:`HiddenInformationError`: a move may draw from the
    hidden piles (R-9.2).
    """
    require_state(state)
    handler = _handler(move)
    refuse(_broken(state, move, handler), move)
    return handler.perform(state, move)


def apply_unchecked(state: GameState, move: Move) -> GameState:
    """The state after ``move`` without legality checks: only for moves of ``legal_moves``.

    Only the kinds of its arguments are checked (a state, a move), at the cost of a type
    comparison and a lookup it makes anyway."""
    if type(state) is not GameState:
        require_state(state)
    perform = _PERFORM.get(type(move))
    if perform is None:
        perform = _handler(move).perform
    return perform(state, move)


def final_position(state: GameState) -> FinalPosition:
    """The table as it stands, for final scoring (R-5)."""
    if type(state) is not GameState:
        require_state(state)
    monuments = state.config.catalogue.monuments
    # Made from values a state holds, all checked already: no check again (hot in agents).
    return _final_position(
        tuple(_player_position(p.name, p.metropolis) for p in state.players),
        state.config.catalogue.gods,
        monuments.first,
        monuments.second,
    )


_final_position = unchecked_constructor(FinalPosition)
_player_position = unchecked_constructor(PlayerPosition)


@checked_arguments
def final_scores(state: GameState) -> ScoreReport:
    """The final score sheets through the scoring pipeline (R-5, R-4.3)."""
    return score_position(final_position(state), state.config.registry)


def _results(state: GameState) -> tuple[list[float], list[int]]:
    """Each player's total and rank on the final score sheets, from the stage totals: the
    most Debens, then the fewest tokens on the Metropolis (R-4.3)."""
    position = final_position(state)
    totals = [sum(stages) for stages in score_totals(position, state.config.registry)]
    return [float(total) for total in totals], final_ranks(position, totals)
