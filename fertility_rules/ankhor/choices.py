"""Legal moves grouped the way a person decides: first what to do (take tokens, a tile of
the offer, an ankh action), then where, then what is left (the marker not paid).

The groups and options are the library's :class:`~fertility_rules.shared.choices.ChoiceGroup`
and :class:`~fertility_rules.shared.choices.Choice`, as for Fertility; each option carries its
move, its notation and its description in the turn log's words.
"""

from __future__ import annotations

from fertility_rules.ankhor.arguments import require, table_needed
from fertility_rules.ankhor.layout import index
from fertility_rules.ankhor.model import position_text
from fertility_rules.ankhor.moves import (
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
from fertility_rules.ankhor.notation import format_move
from fertility_rules.ankhor.rules.engine import legal_moves
from fertility_rules.ankhor.state import GameState
from fertility_rules.ankhor.texts import describe_move
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.choices import Choice, ChoiceGroup, Level, group_choices

__all__ = ["choices"]


def _levels(table: GameState | Observation, move: Move) -> tuple[Level, ...]:
    """The decisions that lead to ``move``, first one first (its groups' keys and titles)."""
    match move:
        case TakeTokens():
            return (("take", _("Take tokens")),)
        case BuyTile(slot=slot, position=position):
            offered = table.offer[slot]
            price = all_of([colour.label for colour in table.config.prices[slot]])
            return (
                (
                    str(slot + 1),
                    _(
                        "Buy the tile of slot {slot} ({tile}), price: {price}",
                        tile=offered.label if offered is not None else "-",
                        slot=slot + 1,
                        price=price,
                    ),
                ),
                (position_text(position), _("at {position}", position=position_text(position))),
            )
        case PassMain():
            return (("pass", _("Pass: no main action is possible")),)
        case Refresh():
            return (("refresh", _("Spend an ankh token to refresh the tiles")),)
        case MoveTile(origin=origin):
            placed = index(table.players[table.current].tiles).get(origin)
            moved: Message | str = placed.tile.label if placed is not None else "-"
            return (
                (
                    "move " + position_text(origin),
                    _(
                        "Spend an ankh token to move the tile at {position} ({tile})",
                        tile=moved,
                        position=position_text(origin),
                    ),
                ),
            )
        case EndActions():
            return (("end", _("End the turn")),)
        case StoreTokens():
            return (("store", _("Store tokens on warehouses")),)
        case ReturnTokens():
            return (("return", _("Return tokens above the limits")),)
        case Refill():
            return (("refill", _("Choose the draw pile that refills the offer")),)
    raise TypeError(move)  # pragma: no cover - the match is exhaustive


@checked_arguments
def choices(table: GameState | Observation) -> tuple[ChoiceGroup, ...]:
    """The legal moves of ``table`` grouped by decision: tokens to take; a tile of the
    offer, then its place, then the marker not paid; each ankh action; the end of turn
    decisions. Groups keep the order in which ``legal_moves`` first lists them."""
    require(table, (GameState, Observation), "state", table_needed)
    return group_choices(
        table.phase.label,
        (
            (_levels(table, move), Choice(move, format_move(move), describe_move(move, table)))
            for move in legal_moves(table)
        ),
    )
