"""The main action of a turn: take tokens, buy a tile, or pass when neither is possible
(A-3.1 to A-3.8, A-6.3)."""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from typing import cast

from fertility_rules.ankhor.layout import (
    Layout,
    attributes,
    base_spaces,
    higher_spaces,
    index,
    place,
    supporters,
)
from fertility_rules.ankhor.model import (
    Colour,
    Kind,
    Placed,
    Position,
    Tile,
    Token,
    Tokens,
    add_tokens,
    one_token,
    position_text,
    sub_tokens,
)
from fertility_rules.ankhor.moves import (
    PASS_MAIN,
    BuyTile,
    Move,
    PassMain,
    TakeTokens,
    buy_tile,
    take_tokens,
)
from fertility_rules.ankhor.rules.bonus import adjust_bonus
from fertility_rules.ankhor.rules.common import (
    Cost,
    Table,
    affords,
    available,
    slot_costs,
    top_level,
)
from fertility_rules.ankhor.rules.turn_end import after_main
from fertility_rules.ankhor.state import (
    GameState,
    evolve_player,
    evolve_progress,
    replace_at,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.values import ByIdentity, MadeOnce
from fertility_rules.shared.violations import Violation

__all__ = [
    "TAKEN",
    "apply_buy",
    "apply_pass",
    "apply_take",
    "buy_moves",
    "check_buy",
    "check_pass",
    "check_take",
    "main_moves",
    "take_options",
]

TAKEN = 3
"""Tokens taken by the main action (A-3.2, Q-7)."""


# ---------------------------------------------------------------- take tokens


_ALL_TAKES: tuple[Tokens, ...] = tuple(
    (
        kinds.count(0),
        kinds.count(1),
        kinds.count(2),
        kinds.count(3),
        kinds.count(4),
        kinds.count(5),
    )
    for kinds in combinations_with_replacement(range(6), TAKEN)
)
"""The 56 ways to take 3 tokens of 6 kinds."""


def take_options(supply: Tokens) -> tuple[TakeTokens, ...]:
    """Every way to take tokens from ``supply``: 3 of any kinds, or all when fewer are left."""
    a, b, c, d, e, f = supply
    if a + b + c + d + e + f <= TAKEN:
        return _take_all(supply)
    # Only whether a pile holds 0, 1, 2 or 3+ tokens matters: at most 4 ** 6 cases.
    return _takes((min(a, 3), min(b, 3), min(c, 3), min(d, 3), min(e, 3), min(f, 3)))


@functools.lru_cache(maxsize=512)
def _take_all(supply: Tokens) -> tuple[TakeTokens, ...]:
    return (take_tokens(supply),) if sum(supply) else ()


def _within(kind: int, most: int) -> int:
    """The ways to take 3 tokens (bits over :data:`_ALL_TAKES`) taking at most ``most`` of
    ``kind``."""
    return sum(1 << i for i, counts in enumerate(_ALL_TAKES) if counts[kind] <= most)


_WITHIN = tuple(tuple(_within(kind, most) for most in range(TAKEN + 1)) for kind in range(6))


_TAKE_MOVES = tuple(take_tokens(counts) for counts in _ALL_TAKES)
"""The 56 moves taking 3 tokens, made once: every listing shares them."""


@functools.lru_cache(maxsize=4096)
def _takes(capped: Tokens) -> tuple[TakeTokens, ...]:
    allowed = -1
    for kind, most in enumerate(capped):
        allowed &= _WITHIN[kind][most]
    return tuple(move for i, move in enumerate(_TAKE_MOVES) if allowed >> i & 1)


def check_take(state: Table, move: TakeTokens) -> list[Violation]:
    """Every way the tokens taken break A-3.2 (Q-7)."""
    supply = state.supply
    tokens = move.tokens
    problems = []
    if any(n < 0 for n in tokens):
        problems.append(Violation("A-3.2", _("A number of tokens cannot be negative.")))
    if any(n > supply[k] for k, n in enumerate(tokens)):
        problems.append(Violation("A-3.2", _("The supply does not have these tokens.")))
    wanted = min(TAKEN, sum(supply))
    if sum(tokens) != wanted:
        problems.append(
            Violation(
                "A-3.2",
                _(
                    "Taking tokens gives exactly {n} tokens (Q-7; all of them when the supply "
                    "holds fewer than 3, Q-12), not {found}.",
                    n=wanted,
                    found=sum(tokens),
                ),
            )
        )
    return problems


def apply_take(state: GameState, move: TakeTokens) -> GameState:
    player = state.players[state.current]
    tokens = move.tokens
    turn = state.progress
    if tokens[Token.ANKH]:
        turn = evolve_progress(turn, ankhs_taken=turn.ankhs_taken + tokens[Token.ANKH])
    return after_main(
        state,
        players=replace_at(
            state.players,
            state.current,
            evolve_player(player, tokens=add_tokens(player.tokens, tokens)),
        ),
        supply=sub_tokens(state.supply, tokens),
        progress=turn,
    )


# ---------------------------------------------------------------- buy a tile


def _buys_at(slot: int) -> MadeOnce[tuple[Position, Colour | None], BuyTile]:
    """The purchases of the tile of ``slot``, by position and unpaid marker."""
    return MadeOnce(lambda key: buy_tile(slot, *key), 4096)


_BUYS_AT: MadeOnce[int, MadeOnce[tuple[Position, Colour | None], BuyTile]] = MadeOnce(_buys_at, 64)


_BASE_BUYS: ByIdentity[Layout, tuple[BuyTile, ...]] = ByIdentity(8192)


def _base_buys(layout: Layout, slot: int) -> tuple[BuyTile, ...]:
    """The purchases of the tile of ``slot`` placed on each base space of ``layout``; kept
    per layout and slot."""
    found = _BASE_BUYS.get(layout, slot)
    if found is None:
        made = _BUYS_AT[slot]
        found = _BASE_BUYS.keep(
            layout, tuple([made[space, None] for space in base_spaces(layout)]), slot
        )
    return found


def buy_moves(table: Table) -> list[Move]:
    """Every legal purchase: a tile of the offer the player can pay for, on each base space
    and each higher space of a matching colour, with each marker that may go unpaid."""
    player = table.players[table.current]
    have = available(player)
    costs = slot_costs(table.config.prices)
    layout = player.tiles
    offer = table.offer
    h0, h1, h2, h3, h4 = have
    moves: list[Move] = []
    for slot, tile in enumerate(offer):
        if tile is not None:
            c0, c1, c2, c3, c4 = costs[slot][0]
            if c0 <= h0 and c1 <= h1 and c2 <= h2 and c3 <= h3 and c4 <= h4:
                moves += _base_buys(layout, slot)
    if len(layout) < 4:
        return moves
    higher = None
    for slot, tile in enumerate(offer):
        if tile is None:
            continue
        unpaid = [colour for colour, rest in costs[slot][1] if affords(have, rest)]
        if not unpaid:
            continue
        if higher is None:
            higher = higher_spaces(layout, top_level(table.config.interpretations))
        colour = tile.colour
        made = _BUYS_AT[slot]
        for space, colours in higher:
            if colour in colours:
                moves.extend([made[space, marker] for marker in unpaid])
    return moves


def _placement_problems(state: Table, move: BuyTile) -> list[Violation]:
    """Every way the place ``move`` puts the bought tile at breaks A-3.4 and A-3.5 (the
    tile's colour is checked when the slot holds a tile, the marker not paid when the slot
    is one of the offer's)."""
    layout = state.players[state.current].tiles
    tiles = index(layout)
    level, x, y = position = move.position
    if level < 0:
        return [Violation("A-3.4", _("Levels are counted from 0, the base."))]
    problems = []
    if position in tiles:
        problems.append(
            Violation(
                "A-3.4",
                _("Another tile is already at {position}.", position=position_text(position)),
            )
        )
    if level == 0:
        if not layout:
            if position != (0, 0, 0):
                problems.append(
                    Violation("A-3.4", _("A first tile is placed at 0,0: positions count from it."))
                )
        elif not any((0, x + dx, y + dy) in tiles for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))):
            problems.append(
                Violation(
                    "A-3.4",
                    _(
                        "A tile on the base must touch one of the player's base tiles along "
                        "an edge; {position} does not.",
                        position=position_text(position),
                    ),
                )
            )
        if move.unpaid is not None:
            problems.append(
                Violation(
                    "A-3.5", _("Only a tile placed on a higher level costs one resource less.")
                )
            )
        return problems
    top = top_level(state.config.interpretations)
    if top is not None and level > top:
        problems.append(
            Violation("A-3.5", _("Under this reading a tile rests only on four base tiles (Q-4)."))
        )
    under = [tiles.get(p) for p in supporters(position)]
    if any(p is None for p in under):
        problems.append(
            Violation(
                "A-3.5",
                _(
                    "A higher tile rests on four tiles forming a 2 × 2 square; {position} "
                    "does not.",
                    position=position_text(position),
                ),
            )
        )
    tile = _offered(state, move.slot)
    if tile is not None and not any(p is not None and p.tile.colour is tile.colour for p in under):
        problems.append(
            Violation(
                "A-3.5",
                _(
                    "A higher tile must share its colour with at least one of the four tiles "
                    "under it."
                ),
            )
        )
    if move.unpaid is None:
        problems.append(
            Violation(
                "A-3.5",
                _("A tile on a higher level costs one resource less: choose the marker not paid."),
            )
        )
    elif _in_offer(state, move.slot) and move.unpaid not in state.config.prices[move.slot]:
        problems.append(
            Violation(
                "A-3.5",
                _("The marker not paid must be one of the markers above the tile's slot."),
            )
        )
    return problems


def _in_offer(state: Table, slot: int) -> bool:
    return 0 <= slot < len(state.offer)


def _offered(state: Table, slot: int) -> Tile | None:
    """The tile of offer slot ``slot``, if there is one."""
    return state.offer[slot] if _in_offer(state, slot) else None


def _price(state: Table, move: BuyTile) -> Cost | None:
    """The markers the purchase pays: those above the slot, but the one not paid on a
    higher level; ``None`` when the slot or that marker is not the offer's."""
    if not _in_offer(state, move.slot):
        return None
    cost, reduced = slot_costs(state.config.prices)[move.slot]
    if move.unpaid is None:
        return cost
    return dict(reduced).get(move.unpaid)


def check_buy(state: Table, move: BuyTile) -> list[Violation]:
    """Every rule the purchase breaks: a slot without a tile, or a tile the player cannot
    pay for (A-3.3), and every fault of the place chosen (A-3.4, A-3.5)."""
    problems = []
    if _offered(state, move.slot) is None:
        problems.append(
            Violation(
                "A-3.3", _("There is no tile in slot {slot} of the offer.", slot=move.slot + 1)
            )
        )
    problems += _placement_problems(state, move)
    price = _price(state, move)
    if (
        _offered(state, move.slot) is not None
        and price is not None
        and not affords(available(state.players[state.current]), price)
    ):
        problems.append(
            Violation(
                "A-3.3",
                _("The player cannot pay: a token of each colour the markers show is needed."),
            )
        )
    return problems


def _pay(
    player_tokens: Tokens,
    stored: list[tuple[int, int, int]],
    colours: dict[tuple[int, int, int], Colour],
    markers: list[Colour],
) -> tuple[list[int], list[int]]:
    """Hand and supply changes of paying ``markers``: stored tokens pay first (see
    :mod:`fertility_rules.ankhor.moves`); ``stored`` loses the warehouses emptied."""
    hand = list(player_tokens)
    paid = [0, 0, 0, 0, 0, 0]
    for colour in markers:
        for position in stored:
            if colours[position] is colour:
                stored.remove(position)
                break
        else:
            hand[colour] -= 1
        paid[colour] += 1
    return hand, paid


def apply_buy(state: GameState, move: BuyTile) -> GameState:
    config = state.config
    player = state.players[state.current]
    tile = cast(Tile, state.offer[move.slot])  # checked, or listed, before
    markers = list(config.prices[move.slot])
    if move.unpaid is not None:
        markers.remove(move.unpaid)
    colours = {p.position: p.tile.colour for p in player.tiles}
    stored = list(player.stored)
    hand, paid = _pay(player.tokens, stored, colours, markers)
    position = move.position
    for under in supporters(position):
        if under in stored:  # a tile placed on a warehouse holding a token
            stored.remove(under)
            paid[colours[under]] += 1
    supply = add_tokens(state.supply, (paid[0], paid[1], paid[2], paid[3], paid[4], paid[5]))
    placed = Placed(tile, *position)
    before = player.tiles
    after = place(before, placed)
    if tile.kind is Kind.WAREHOUSE and supply[tile.colour]:
        stored.append(position)
        supply = sub_tokens(supply, one_token(tile.colour))
    bonus, reserve = adjust_bonus(
        before, after, attributes(placed), player.bonus, state.reserve, config.interpretations
    )
    new_player = evolve_player(
        player,
        tiles=after,
        tokens=(hand[0], hand[1], hand[2], hand[3], hand[4], hand[5]),
        stored=tuple(sorted(stored)),
        bonus=bonus,
    )
    offer = list(state.offer)
    offer[move.slot] = None
    turn = evolve_progress(
        state.progress, bought=True, scribe=state.progress.scribe or tile.kind is Kind.SCRIBE
    )
    return after_main(
        state,
        players=replace_at(state.players, state.current, new_player),
        supply=supply,
        reserve=reserve,
        offer=tuple(offer),
        progress=turn,
        ending=state.ending or len(after) >= config.catalogue.end.tiles,
    )


# ---------------------------------------------------------------- pass


def check_pass(state: Table, move: PassMain) -> list[Violation]:
    if sum(state.supply) or buy_moves(state):
        return [
            Violation(
                "A-6.3",
                _(
                    "A player passes only when they can neither take tokens nor pay for a "
                    "tile (Q-16)."
                ),
            )
        ]
    return []


def apply_pass(state: GameState, move: PassMain) -> GameState:
    return after_main(state)


def main_moves(table: Table) -> list[Move]:
    """The main actions of the current player (A-3.1): take tokens, buy a tile, or pass."""
    moves = buy_moves(table)
    take = take_options(table.supply)
    if take:
        moves[:0] = take
    elif not moves:
        moves.append(PASS_MAIN)
    return moves
