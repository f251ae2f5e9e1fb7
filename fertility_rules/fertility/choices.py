"""Legal moves grouped the way a person decides, and the state in words.

A person does not choose among 79 placements at once: first a tile, then the two
squares, then which way round; first a District, then a spot, then a payment; first a
token, then a Shop. The groups nest in that order (:class:`ChoiceGroup`). Each
option carries its move, its notation and a translatable description that names what
matters for the choice (the tile's scenes, the District's Shops, the Shop's content).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fertility_rules.arguments import checked_arguments
from fertility_rules.fertility.effects.registry import describe_shop
from fertility_rules.fertility.model.coordinates import square_name
from fertility_rules.fertility.model.resources import RESOURCES, Counts, Icon
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
from fertility_rules.fertility.notation import format_move
from fertility_rules.fertility.rules.describe import describe_move
from fertility_rules.fertility.rules.engine import legal_moves
from fertility_rules.fertility.state import GameState, View, state_of
from fertility_rules.fertility.views import status
from fertility_rules.i18n.lists import all_of, series
from fertility_rules.i18n.message import Message, _, ngettext, render
from fertility_rules.shared.choices import Choice, ChoiceGroup, Level, group_choices

__all__ = ["Choice", "ChoiceGroup", "choices", "summary"]


def _join(parts: Sequence[Message]) -> Message | str:
    """``A, B and C`` in the language's words; "none" for nothing."""
    return all_of(parts) or _("none")


def _tile_text(state: GameState, tile: str) -> Message:
    first, second = state.config.tiles[tile].scenes
    return _("{tile} ({first} and {second})", tile=tile, first=first.label, second=second.label)


def _payment(tokens: Counts, wheat: int) -> Message | str:
    parts = [Icon.of(r).amount(tokens[r]) for r in RESOURCES if tokens[r]]
    if wheat:
        parts.append(ngettext("{n} Wheat", "{n} Wheat", wheat))
    return _join(parts) if parts else _("nothing")


def _describe(state: GameState, move: Move) -> Message:
    width = state.config.layout.width
    match move:
        case PlaceTile(tile, first, second):
            one, two = state.config.tiles[tile].scenes
            return _(
                "{first_scene} on {first}, {second_scene} on {second}",
                first_scene=one.label,
                first=square_name(first, width),
                second_scene=two.label,
                second=square_name(second, width),
            )
        case BuildDistrict(_district, spot, tokens, wheat):
            return _(
                "spot {spot}, paying {payment}", spot=spot + 1, payment=_payment(tokens, wheat)
            )
        case SupplyShop(_resource, shop) | PlaceBonusResource(_resource, int(shop)):
            state_shop = state.player.metropolis.shops[shop]
            return _(
                "Shop {shop}: {shop_text}",
                shop=shop + 1,
                shop_text=describe_shop(state_shop.shop, state.config.registry),
            )
        case DiscardTile(tile) | TakeTile(tile) | RemoveTile(tile):
            return _tile_text(state, tile)
    return describe_move(move, width)


def _district_level(state: GameState, district: str) -> Level:
    found = state.config.catalogue.district(district)
    shops = [describe_shop(shop, state.config.registry) for shop in found.shops]
    return district, _(
        "Build District {district} (cost {cost}): {shops}",
        district=district,
        cost=found.cost,
        shops=series(shops),
    )


def _levels(state: GameState, move: Move) -> tuple[Level, ...]:
    """The decisions that lead to ``move``, first one first (its groups' keys and titles)."""
    width = state.config.layout.width
    match move:
        case PlaceTile(tile, first, second):
            low, high = (square_name(s, width) for s in sorted((first, second)))
            return (
                (tile, _("Lay {tile}", tile=_tile_text(state, tile))),
                (f"{low} {high}", _("on {first} and {second}", first=low, second=high)),
            )
        case DiscardTile():
            return (("discard", _("Discard a tile (none can be laid)")),)
        case ClaimQuarry(square):
            name = square_name(square, width)
            return ((name, _("Choose for the Quarry on {square}", square=name)),)
        case BuildDistrict(district, spot):
            return (
                _district_level(state, district),
                (str(spot + 1), _("on spot {spot}", spot=spot + 1)),
            )
        case SkipBuilding():
            return (("skip", _("Build no District this turn")),)
        case SupplyShop(resource):
            return (
                (
                    resource.key,
                    _(
                        "Supply {resource} ({n} in the supply)",
                        resource=resource.label,
                        n=state.player.supply[resource],
                    ),
                ),
            )
        case PlaceBonusResource(resource):
            return ((resource.key, _("Place the bonus {resource}", resource=resource.label)),)
        case EndSupplying():
            return (("end", _("End supplying")),)
        case TakeTile():
            return (("take", _("Take a tile from the Common Pool")),)
        case RemoveTile():
            return (("remove", _("Remove a tile of the Common Pool from the game")),)
    raise TypeError(move)  # pragma: no cover - the match is exhaustive


@checked_arguments
def choices(state: GameState | View) -> tuple[ChoiceGroup, ...]:
    """The legal moves of ``state`` grouped by decision: placing by tile, then by pair
    of squares; building by District, then by spot (then the payment); supplying by
    token (then the Shop); a Quarry by its square. Groups keep the order in which
    :func:`~fertility_rules.legal_moves` first lists them. A view gives the same
    choices as its state (R-9)."""
    state = state_of(state)
    return group_choices(
        state.phase.label,
        (
            (_levels(state, move), Choice(move, format_move(move, state), _describe(state, move)))
            for move in legal_moves(state)
        ),
    )


def _line(state: GameState, index: int) -> Message:
    player = state.players[index]
    metropolis = player.metropolis
    pool: list[Message] = [_tile_text(state, tile) for tile in player.pool]
    marker = "▶ " if index == state.current and not state.is_over else ""
    return _(
        "{marker}{name} ({monument}): supply {supply}; Wheat {wheat}; Monuments left "
        "{monuments}; Personal Pool: {pool}",
        marker=marker,
        name=player.name,
        monument=player.monument_type.label,
        supply=_payment(player.supply, 0),
        wheat=metropolis.wheat,
        monuments=player.monuments_left,
        pool=_join(pool),
    )


@checked_arguments
def summary(state: GameState | View, language: str = "en") -> str:
    """The state (or a view of it) in a few lines of ``language``: turn, who decides
    what, each player's supply, Wheat and Personal Pool, the pools and the District
    offer, the sizes of the piles."""
    state = state_of(state)
    lines: list[Message | str] = [status(state)]
    lines.extend(_line(state, i) for i in range(len(state.players)))
    tiles: list[Message] = [_tile_text(state, t) for t in state.common_pool]
    lines.append(_("Common Pool: {tiles}", tiles=_join(tiles)))
    offer = ", ".join(state.offer) or _("none")
    lines.append(_("District offer: {districts}", districts=offer))
    lines.append(
        series(
            [
                ngettext("Valley pile: {n} tile", "Valley pile: {n} tiles", len(state.pile)),
                ngettext(
                    "District deck: {n} District",
                    "District deck: {n} Districts",
                    len(state.district_deck),
                ),
            ]
        )
    )
    translate: Callable[[Message | str], str] = lambda m: render(m, language)  # noqa: E731
    return "\n".join(translate(line) for line in lines)
