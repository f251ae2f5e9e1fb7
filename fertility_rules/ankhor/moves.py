"""Ankh'or's moves: one frozen value per kind of decision of a turn (A-3 to A-5).

A move checks the types of its fields when it is made (slots are whole numbers, a draw
pile 0 or 1, positions three whole numbers ``(level, x, y)``, token counts six whole
numbers in :class:`~fertility_rules.ankhor.model.Token` order, a marker a
:class:`~fertility_rules.ankhor.model.Colour`) and raises :class:`MalformedInputError`
otherwise. Whether the values fit the position is for the referee, which names the rule
(:func:`~fertility_rules.ankhor.rules.violations`). The engine makes its own moves
through the unchecked constructors at the end.

Which token pays a price is not a decision: tokens stored on warehouses pay first. The
player loses nothing by it, since the token kept in hand can be stored again at the end
of the turn (A-3.6), while a stored token a tile is later placed on would go back to the
supply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from attrs import field, frozen

from fertility_rules.ankhor.model import Colour, Position, Tokens
from fertility_rules.i18n.message import _
from fertility_rules.shared.fields import field_check, whole_numbers
from fertility_rules.shared.values import unchecked_constructor

__all__ = [
    "BuyTile",
    "EndActions",
    "Move",
    "MoveTile",
    "PassMain",
    "Refill",
    "Refresh",
    "ReturnTokens",
    "StoreTokens",
    "TakeTokens",
]


_whole = field_check(int, _("A whole number is needed, not {kind}."))


def _is_pile(value: object) -> bool:
    return type(value) is int and value in (0, 1)


_PILE = _("A draw pile is 0 or 1 (there are two), not {value}.")
_pile = field_check(_is_pile, _PILE, "A-2.4")
_pile_or_none = field_check(_is_pile, _PILE, "A-2.4", optional=True)


def _is_position(value: object) -> bool:
    return type(value) is tuple and len(value) == 3 and all(type(n) is int for n in value)


_position = field_check(
    _is_position, _("A position is three whole numbers (level, x, y), not {kind}.")
)
_positions = field_check(
    lambda value: type(value) is tuple and all(_is_position(item) for item in value),
    _("A tuple of positions (level, x, y) is needed, not {kind}."),
)
_tokens = field_check(
    whole_numbers(6),
    _("Token counts are 6 whole numbers, one per kind of token, not {kind}."),
)
_colour_or_none = field_check(
    Colour,
    _("A colour or nothing is needed, not {kind}."),
    optional=True,
)


@frozen
class TakeTokens:
    """Main action: take these tokens from the supply, 3 in all (A-3.2, Q-7)."""

    tokens: Tokens = field(validator=_tokens)


@frozen
class BuyTile:
    """Main action: buy the tile of offer slot ``slot`` (from 0) and place it at
    ``position`` (A-3.3, A-3.4); on a higher level, the marker of colour ``unpaid`` is
    not paid (A-3.5)."""

    slot: int = field(validator=_whole)
    position: Position = field(validator=_position)
    unpaid: Colour | None = field(default=None, validator=_colour_or_none)


@frozen
class PassMain:
    """No main action is possible: neither a tile to pay for nor a token to take (A-6.3)."""


@frozen
class Refresh:
    """Ankh action: refresh the tiles, refilling from draw pile ``pile`` (0 or 1), or
    ``None`` when both piles are empty (A-4.2)."""

    pile: int | None = field(validator=_pile_or_none)


@frozen
class MoveTile:
    """Ankh action: move the tile at ``origin`` to ``target`` (A-4.3)."""

    origin: Position = field(validator=_position)
    target: Position = field(validator=_position)


@frozen
class EndActions:
    """The actions of the turn are over: the end of the turn follows (A-3.9)."""


def _in_order(value: Any) -> Any:
    """Positions sorted, so that one choice of warehouses is one move."""
    if type(value) is tuple and all(_is_position(item) for item in value):
        return tuple(sorted(value))
    return value


@frozen
class StoreTokens:
    """End of turn: put a token of its colour on each of these empty warehouses (A-3.6);
    none is a choice too. The positions are kept sorted."""

    warehouses: tuple[Position, ...] = field(converter=_in_order, validator=_positions)


@frozen
class ReturnTokens:
    """End of turn: give these tokens back to the supply, down to the limits (A-3.9)."""

    tokens: Tokens = field(validator=_tokens)


@frozen
class Refill:
    """End of turn: refill the offer from draw pile ``pile`` (0 or 1), continuing from
    the other when it runs out (A-5.1, Q-11)."""

    pile: int = field(validator=_pile)


Move: TypeAlias = (
    TakeTokens
    | BuyTile
    | PassMain
    | Refresh
    | MoveTile
    | EndActions
    | StoreTokens
    | ReturnTokens
    | Refill
)
"""Any Ankh'or move."""

take_tokens: Callable[[Tokens], TakeTokens] = unchecked_constructor(TakeTokens)
buy_tile: Callable[[int, Position, Colour | None], BuyTile] = unchecked_constructor(BuyTile)
refresh: Callable[[int | None], Refresh] = unchecked_constructor(Refresh)
move_tile: Callable[[Position, Position], MoveTile] = unchecked_constructor(MoveTile)
store_tokens: Callable[[tuple[Position, ...]], StoreTokens] = unchecked_constructor(StoreTokens)
return_tokens: Callable[[Tokens], ReturnTokens] = unchecked_constructor(ReturnTokens)
refill: Callable[[int], Refill] = unchecked_constructor(Refill)
"""Unchecked constructors: only for the engine's own moves, made from checked values."""

PASS_MAIN = PassMain()
END_ACTIONS = EndActions()
