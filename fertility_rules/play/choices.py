"""Legal moves grouped the way a person decides, and the state in words.

A person does not choose among 79 placements at once: first a tile, then where it
goes; first a District, then a spot and a payment; first a token, then a Shop. Each
option carries its move, its notation and a translatable description that names what
matters for the choice (the tile's scenes, the District's Shops, the Shop's content).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import frozen

from fertility_rules.effects.registry import describe_shop
from fertility_rules.i18n.lists import all_of, series
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.i18n.translate import render
from fertility_rules.model.coordinates import square_name
from fertility_rules.model.resources import RESOURCES, Counts, Icon
from fertility_rules.play.notation import format_move
from fertility_rules.rules.describe import describe_move
from fertility_rules.rules.engine import legal_moves
from fertility_rules.rules.moves import (
    BuildDistrict,
    DiscardTile,
    Move,
    PlaceTile,
    SupplyShop,
)
from fertility_rules.rules.state import GameState

__all__ = ["Choice", "ChoiceGroup", "choices", "summary"]


@frozen
class Choice:
    """One option: the move, its notation, and what it does in words."""

    move: Move
    notation: str
    description: Message


@frozen
class ChoiceGroup:
    """Options that share a first decision (a tile, a District, a token)."""

    key: str
    """What is chosen first: a tile or District id, a resource key, or a move kind."""
    title: Message
    options: tuple[Choice, ...]


def _join(parts: Sequence[Message]) -> Message | str:
    """``A, B and C`` in the language's words; ``-`` for nothing."""
    return all_of(parts) or "-"


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
        case SupplyShop(_resource, shop):
            state_shop = state.player.metropolis.shops[shop]
            return _(
                "Shop {shop}: {shop_text}",
                shop=shop + 1,
                shop_text=describe_shop(state_shop.shop, state.config.registry),
            )
    return describe_move(move, width)


def _first_choice(state: GameState, move: Move) -> tuple[str, Message]:
    match move:
        case PlaceTile(tile):
            return tile, _("Lay {tile}", tile=_tile_text(state, tile))
        case DiscardTile():
            return "discard", _("Discard a tile (none can be laid)")
        case BuildDistrict(district):
            found = state.config.catalogue.district(district)
            shops = [describe_shop(shop, state.config.registry) for shop in found.shops]
            return district, _(
                "Build District {district} (cost {cost}): {shops}",
                district=district,
                cost=found.cost,
                shops=series(shops),
            )
        case SupplyShop(resource):
            return resource.key, _(
                "Supply {resource} ({n} in the supply)",
                resource=resource.label,
                n=state.player.supply[resource],
            )
    return type(move).__name__, describe_move(move, state.config.layout.width)


def choices(state: GameState) -> tuple[ChoiceGroup, ...]:
    """The legal moves of ``state`` grouped by first decision, in the order listed."""
    groups: dict[str, tuple[Message, list[Choice]]] = {}
    for move in legal_moves(state):
        key, title = _first_choice(state, move)
        entry = groups.setdefault(key, (title, []))
        entry[1].append(Choice(move, format_move(move, state), _describe(state, move)))
    return tuple(
        ChoiceGroup(key, title, tuple(options)) for key, (title, options) in groups.items()
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


def summary(state: GameState, language: str = "en") -> str:
    """The state in a few lines of ``language``: turn, who decides what, each player's
    supply, Wheat and Personal Pool, the pools and the District offer."""
    lines: list[Message] = []
    if state.is_over:
        lines.append(_("Turn {turn}: the game is over", turn=state.turn))
    else:
        lines.append(
            _(
                "Turn {turn} · {player}: {phase}",
                turn=state.turn,
                player=state.player.name,
                phase=state.phase.label,
            )
        )
    lines.extend(_line(state, i) for i in range(len(state.players)))
    tiles: list[Message] = [_tile_text(state, t) for t in state.common_pool]
    lines.append(_("Common Pool: {tiles}", tiles=_join(tiles)))
    lines.append(_("District offer: {districts}", districts=", ".join(state.offer) or "-"))
    lines.append(
        _(
            "Valley pile: {tiles} tiles; District deck: {districts} Districts",
            tiles=len(state.pile),
            districts=len(state.district_deck),
        )
    )
    translate: Callable[[Message], str] = lambda m: render(m, language)  # noqa: E731
    return "\n".join(translate(line) for line in lines)
