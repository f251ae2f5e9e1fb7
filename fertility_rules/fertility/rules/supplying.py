"""Step 3 of a turn: supplying Shops, with immediate benefits as they trigger (R-3.5, R-6).

An immediate benefit is resolved by the registry entry of its kind, which says what
the engine must do (an :data:`~fertility_rules.fertility.effects.Outcome`); each outcome type
has one handler here. A ``resource_to_shop`` benefit may fill another Shop, whose
benefit then triggers in turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fertility_rules.fertility.effects.base import GainWheat, PlaceResource
from fertility_rules.fertility.effects.registry import EffectRegistry
from fertility_rules.fertility.interpretations import LostResource
from fertility_rules.fertility.model.metropolis import evolve_metropolis
from fertility_rules.fertility.model.resources import RESOURCES, Counts, Resource, add_token
from fertility_rules.fertility.model.shop import ShopState, icons_text, new_shop_state
from fertility_rules.fertility.moves import (
    EndSupplying,
    Move,
    PlaceBonusResource,
    SupplyShop,
    place_bonus_resource,
    supply_shop,
)
from fertility_rules.fertility.rules.turn_end import end_turn
from fertility_rules.fertility.state import (
    GameState,
    Phase,
    PlayerState,
    evolve_player,
    evolve_state,
    owing_bonuses,
    replace_at,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.values import ByIdentity
from fertility_rules.shared.violations import Violation

__all__ = [
    "apply_bonus",
    "apply_end_supplying",
    "apply_supply",
    "bonus_moves",
    "check_bonus",
    "check_supply",
    "supply_moves",
]


_END = EndSupplying()
_SUPPLY_SHOP = tuple(tuple(supply_shop(r, index) for index in range(32)) for r in RESOURCES)
"""Moves are values: the usual ones are made once."""


def _supply_shop(resource: Resource, index: int) -> SupplyShop:
    return _SUPPLY_SHOP[resource][index] if index < 32 else supply_shop(resource, index)


_accepted: ByIdentity[ShopState, tuple[bool, bool, bool, bool]] = ByIdentity(16384)


def _acceptance(shop_state: ShopState) -> tuple[bool, bool, bool, bool]:
    """Which resources the Shop can take now (R-1.6), kept by the Shop state's identity.

    A Shop state is a value shared by every later state until a token lands on it, so
    supplying asks the same ones again and again; an identity lookup (the value kept
    beside its answer, so the identity cannot be reused) is a C-level hash where the
    value's own would be a Python call. Bounded: emptied when full.
    """
    found = _accepted.get(shop_state)
    if found is None:
        found = _accepted.keep(shop_state, shop_state.shop.acceptance(shop_state.tokens))
    return found


def supply_moves(state: GameState) -> list[Move]:
    moves: list[Move] = [_END]
    player = state.player
    supply = player.supply
    if not any(supply):
        return moves
    accepted = []
    known = _accepted.entries.get  # _acceptance, its usual case inline: asked for every Shop
    for shop_state in player.metropolis.shops:
        found = known(id(shop_state))
        accepted.append(_acceptance(shop_state) if found is None else found)
    for resource in RESOURCES:
        if supply[resource]:
            moves.extend(
                _supply_shop(resource, index)
                for index, accepts in enumerate(accepted)
                if accepts[resource]
            )
    return moves


def _bonus_options(
    shops: tuple[ShopState, ...],
    stock: Counts,
    lost_resource: LostResource,
    choices: tuple[Resource, ...],
) -> list[PlaceBonusResource]:
    options: list[PlaceBonusResource] = []
    for resource in choices:
        if stock[resource]:
            options.extend(
                place_bonus_resource(resource, index)
                for index, shop_state in enumerate(shops)
                if shop_state.shop.accepts(shop_state.tokens, resource)
            )
    if not options and lost_resource is LostResource.TO_SUPPLY:
        options = [place_bonus_resource(r, None) for r in choices if stock[r]]
    return options


def _state_bonus_options(
    state: GameState, choices: tuple[Resource, ...]
) -> list[PlaceBonusResource]:
    return _bonus_options(
        state.player.metropolis.shops,
        state.stock,
        state.config.interpretations.lost_resource,
        choices,
    )


def bonus_moves(state: GameState) -> list[Move]:
    return list(_state_bonus_options(state, state.bonuses[0]))


def _shop_problems(state: GameState, resource: Resource, shop: int) -> list[Violation]:
    shops = state.player.metropolis.shops
    if not 0 <= shop < len(shops):
        return [Violation("R-3.5", _("Your Metropolis has no Shop number {n}.", n=shop + 1))]
    shop_state = shops[shop]
    if not _acceptance(shop_state)[resource]:
        return [
            Violation(
                "R-1.6",
                _(
                    "Shop {n} ({icons}) cannot take a {resource}.",
                    n=shop + 1,
                    icons=icons_text(shop_state.shop.requires),
                    resource=resource.label,
                ),
            )
        ]
    return []


def check_supply(state: GameState, move: SupplyShop) -> list[Violation]:
    """Every rule the supply breaks: a token held beside the Metropolis board and a Shop of
    it (R-3.5) that can take it (R-1.6)."""
    problems = []
    if not state.player.supply[move.resource]:
        problems.append(
            Violation(
                "R-3.5",
                _(
                    "You have no {resource} beside your Metropolis board.",
                    resource=move.resource.label,
                ),
            )
        )
    return problems + _shop_problems(state, move.resource, move.shop)


def _may_go_to_supply(state: GameState, choices: tuple[Resource, ...]) -> bool:
    """I-6: under its alternative reading, a benefit's resource goes to the supply when no
    Shop can take any resource it offers that the Stock still has."""
    if state.config.interpretations.lost_resource is not LostResource.TO_SUPPLY:
        return False
    shops = state.player.metropolis.shops
    return not _bonus_options(shops, state.stock, LostResource.LOST, choices)


def check_bonus(state: GameState, move: PlaceBonusResource) -> list[Violation]:
    """Every rule the benefit's placement breaks: a resource it offers (R-6) that the Stock
    still has (I-13), put on a Shop that can take it (R-3.5, R-1.6), or to the supply only
    under I-6's alternative when no Shop can."""
    choices = state.bonuses[0]
    problems = []
    if move.resource not in choices:
        problems.append(
            Violation(
                "R-6",
                _(
                    "This benefit offers {choices}, not {resource}.",
                    choices=", ".join(r.key for r in choices),
                    resource=move.resource.label,
                ),
            )
        )
    if not state.stock[move.resource]:
        problems.append(
            Violation("I-13", _("The Stock has no {resource} left.", resource=move.resource.label))
        )
    if move.shop is not None:
        return problems + _shop_problems(state, move.resource, move.shop)
    if not _may_go_to_supply(state, choices):
        problems.append(
            Violation("I-6", _("The resource must go at once on another Shop of your Metropolis."))
        )
    return problems


Bonuses = tuple[tuple[Resource, ...], ...]


def _gain_wheat(
    player: PlayerState, bonuses: Bonuses, outcome: GainWheat
) -> tuple[PlayerState, Bonuses]:
    metropolis = player.metropolis
    wheat = min(metropolis.wheat_top, metropolis.wheat + outcome.amount)  # I-7
    return evolve_player(player, metropolis=evolve_metropolis(metropolis, wheat=wheat)), bonuses


def _queue_bonus(
    player: PlayerState, bonuses: Bonuses, outcome: PlaceResource
) -> tuple[PlayerState, Bonuses]:
    return player, (outcome.choices, *bonuses)


_OUTCOME_HANDLERS: dict[
    type, Callable[[PlayerState, Bonuses, Any], tuple[PlayerState, Bonuses]]
] = {
    GainWheat: _gain_wheat,
    PlaceResource: _queue_bonus,
}


def _put(
    player: PlayerState,
    bonuses: Bonuses,
    resource: Resource,
    shop: int,
    registry: EffectRegistry,
    supply: Counts | None = None,
) -> tuple[PlayerState, Bonuses]:
    """``resource`` onto Shop ``shop``; its immediate benefit applies if this fills it.
    ``supply``, when given, is the player's supply after the token left it."""
    metropolis = player.metropolis
    old = metropolis.shops[shop]
    new = new_shop_state(old.shop, add_token(old.tokens, resource))
    shops = replace_at(metropolis.shops, shop, new)
    metropolis = evolve_metropolis(metropolis, shops=shops)
    if supply is None:
        player = evolve_player(player, metropolis=metropolis)
    else:
        player = evolve_player(player, metropolis=metropolis, supply=supply)
    if new.is_full:
        kind = registry.of(new.shop.benefit)
        if kind.trigger is not None:
            outcome = kind.trigger(new.shop.benefit)
            player, bonuses = _OUTCOME_HANDLERS[type(outcome)](player, bonuses, outcome)
    return player, bonuses


def _next_decision(
    state: GameState, player: PlayerState, stock: Counts, bonuses: Bonuses
) -> GameState:
    """Drop benefits that nothing can receive (I-6); then the next decision."""
    lost = state.config.interpretations.lost_resource
    shops = player.metropolis.shops
    while bonuses and not _bonus_options(shops, stock, lost, bonuses[0]):
        bonuses = bonuses[1:]
    return evolve_state(
        state,
        player=player,
        stock=stock,
        pending=owing_bonuses(state.pending, bonuses),
        phase=Phase.BONUS if bonuses else Phase.SUPPLY,
    )


def apply_supply(state: GameState, move: SupplyShop) -> GameState:
    player = state.player
    supply = add_token(player.supply, move.resource, -1)
    player, bonuses = _put(
        player, state.bonuses, move.resource, move.shop, state.config.registry, supply
    )
    return _next_decision(state, player, state.stock, bonuses)


def apply_bonus(state: GameState, move: PlaceBonusResource) -> GameState:
    bonuses = state.bonuses[1:]
    stock = add_token(state.stock, move.resource, -1)
    player = state.player
    if move.shop is None:
        player = evolve_player(player, supply=add_token(player.supply, move.resource))
    else:
        player, bonuses = _put(player, bonuses, move.resource, move.shop, state.config.registry)
    return _next_decision(state, player, stock, bonuses)


def apply_end_supplying(state: GameState, move: EndSupplying) -> GameState:
    return end_turn(state)
