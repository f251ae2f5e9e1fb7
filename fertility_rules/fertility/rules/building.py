"""Step 2 of a turn: building a District, paid with tokens and Wheat (R-3.4)."""

from __future__ import annotations

import functools

from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import evolve_metropolis
from fertility_rules.fertility.model.resources import (
    NO_TOKENS,
    RESOURCES,
    Counts,
    add_counts,
    add_token,
    sub_counts,
)
from fertility_rules.fertility.model.shop import ShopState
from fertility_rules.fertility.moves import BuildDistrict, Move, SkipBuilding, build_district
from fertility_rules.fertility.state import (
    GameState,
    Phase,
    evolve_player,
    evolve_state,
)
from fertility_rules.i18n.amounts import wheat as wheat_amount
from fertility_rules.i18n.message import _
from fertility_rules.shared.sequences import Rest
from fertility_rules.shared.violations import Violation

__all__ = ["apply_build", "apply_skip_building", "build_moves", "check_build", "payments"]


def payments(cost: int, supply: Counts, wheat: int) -> list[tuple[Counts, int]]:
    """Every way to pay ``cost`` with supply tokens and Wheat: ``(tokens, wheat)``."""
    return list(_payments(cost, supply, wheat))


@functools.lru_cache(maxsize=4096)
def _payments(cost: int, supply: Counts, wheat: int) -> tuple[tuple[Counts, int], ...]:
    """Cached: the payments depend only on these three values."""
    out: list[tuple[Counts, int]] = []

    def extend(start: int, left: int, tokens: Counts) -> None:
        if left <= wheat:
            out.append((tokens, left))
        if left == 0:
            return
        for resource in RESOURCES[start:]:
            if tokens[resource] < supply[resource]:
                extend(resource, left - 1, add_token(tokens, resource))

    extend(0, cost, NO_TOKENS)
    return tuple(out)


_SKIP = SkipBuilding()


@functools.lru_cache(maxsize=8192)
def _builds_by_spot(
    district_id: str, tokens: Counts, wheat: int, spots: int
) -> tuple[BuildDistrict, ...]:
    """Building ``district_id`` with this payment on each spot (cached: moves are values)."""
    return tuple(build_district(district_id, spot, tokens, wheat) for spot in range(spots))


def build_moves(state: GameState) -> list[Move]:
    """Skipping, and every way to build each District on offer on each free spot with
    each payment (R-3.4).

    Not cached as a whole: in new games the supply, the Wheat and the free spots rarely
    meet the same District twice, so such a cache misses four times in five; the
    payments and the rows of moves it is made of are cached.
    """
    moves: list[Move] = [_SKIP]
    player = state.player
    metropolis = player.metropolis
    spots = [i for i, district in enumerate(metropolis.spots) if district is None]
    if not spots:
        return moves
    district = state.config.catalogue.district
    supply = player.supply
    wheat = metropolis.wheat
    count = len(metropolis.spots)
    every_spot = len(spots) == count
    for district_id in state.offer:
        for tokens, paid in _payments(district(district_id).cost, supply, wheat):
            row = _builds_by_spot(district_id, tokens, paid, count)
            moves.extend(row if every_spot else [row[spot] for spot in spots])
    return moves


def check_build(state: GameState, move: BuildDistrict) -> list[Violation]:
    problems: list[Violation] = []
    player = state.player
    if move.district not in state.offer:
        problems.append(Violation("R-3.4", _("District {id} is not on offer.", id=move.district)))
    spots = player.metropolis.spots
    if not 0 <= move.spot < len(spots) or spots[move.spot] is not None:
        problems.append(
            Violation("R-3.4", _("Spot {spot} of your Metropolis is not free.", spot=move.spot + 1))
        )
    if len(move.tokens) != 4 or any(n < 0 for n in move.tokens) or move.wheat < 0:
        problems.append(Violation("R-3.4", _("A payment cannot be negative.")))
        return problems
    if any(move.tokens[r] > player.supply[r] for r in RESOURCES):
        problems.append(
            Violation(
                "R-3.4",
                _("You pay with tokens you do not have beside your Metropolis board."),
            )
        )
    if move.wheat > player.metropolis.wheat:
        problems.append(
            Violation(
                "R-3.4",
                _(
                    "You pay {paid} but have {have}.",
                    paid=wheat_amount(move.wheat),
                    have=wheat_amount(player.metropolis.wheat),
                ),
            )
        )
    if move.district in state.offer:
        cost = state.config.catalogue.district(move.district).cost
        paid = sum(move.tokens) + move.wheat
        if paid != cost:
            problems.append(
                Violation(
                    "R-3.4",
                    _(
                        "District {id} costs {cost}; the payment is {paid}.",
                        id=move.district,
                        cost=cost,
                        paid=paid,
                    ),
                )
            )
    return problems


def _refill_offer(
    state: GameState, offer: tuple[str, ...], deck: Rest[str]
) -> tuple[tuple[str, ...], Rest[str]]:
    size = state.config.interpretations.district_offer.value
    missing = max(0, size - len(offer))
    drawn, deck = deck.draw(missing)
    return offer + drawn, deck


@functools.lru_cache(maxsize=1024)
def _new_shops(district: District) -> tuple[ShopState, ...]:
    """The Shops of a District just built, with no token (cached: values)."""
    return tuple(ShopState(shop) for shop in district.shops)


def apply_build(state: GameState, move: BuildDistrict) -> GameState:
    player = state.player
    district = state.config.catalogue.district(move.district)
    metropolis = player.metropolis
    spots = list(metropolis.spots)
    spots[move.spot] = district
    metropolis = evolve_metropolis(
        metropolis,
        spots=tuple(spots),
        shops=metropolis.shops + _new_shops(district),
        wheat=metropolis.wheat - move.wheat,
    )
    player = evolve_player(
        player, metropolis=metropolis, supply=sub_counts(player.supply, move.tokens)
    )
    offer = tuple(d for d in state.offer if d != move.district)
    offer, deck = _refill_offer(state, offer, state.district_deck)
    return evolve_state(
        state,
        player=player,
        stock=add_counts(state.stock, move.tokens),
        offer=offer,
        district_deck=deck,
        phase=Phase.SUPPLY,
    )


def apply_skip_building(state: GameState, move: SkipBuilding) -> GameState:
    return evolve_state(state, phase=Phase.SUPPLY)
