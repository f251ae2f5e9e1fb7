"""Ankh actions: for each ankh token spent, refresh the tiles or move a tile (A-4)."""

from __future__ import annotations

import functools
from typing import Any

from fertility_rules.ankhor.interpretations import Interpretations, Moving
from fertility_rules.ankhor.layout import (
    Layout,
    attributes,
    base_moves,
    higher_moves,
    index,
    is_connected,
    place,
    remove,
    supporters,
    supporting,
    supports_nothing,
)
from fertility_rules.ankhor.model import (
    Placed,
    Position,
    Tile,
    Token,
    add_tokens,
    one_token,
    position_text,
)
from fertility_rules.ankhor.moves import Move, MoveTile, Refresh, move_tile, refresh
from fertility_rules.ankhor.rules.bonus import adjust_bonus
from fertility_rules.ankhor.rules.common import ANKH_ACTIONS, Table, spendable_ankhs, top_level
from fertility_rules.ankhor.rules.offer import close_up, fill, has_tile
from fertility_rules.ankhor.state import (
    GameState,
    PlayerState,
    TurnProgress,
    evolve_player,
    evolve_progress,
    evolve_state,
    replace_at,
)
from fertility_rules.i18n.message import _
from fertility_rules.shared.values import ByIdentity, MadeOnce
from fertility_rules.shared.violations import Violation

__all__ = [
    "ankh_moves",
    "apply_move_tile",
    "apply_refresh",
    "can_spend",
    "check_move_tile",
    "check_refresh",
    "spending_possible",
    "tile_moves",
]

_REFRESH = (refresh(0), refresh(1))
_REFRESH_NOTHING_LEFT = refresh(None)


def ankh_moves(table: Table) -> list[Move]:
    """The ankh actions the current player may take now (A-4.1)."""
    if not spendable_ankhs(table):
        return []
    moves: list[Move] = []
    if has_tile(table.offer):
        sizes = table.pile_sizes
        if sizes[0] or sizes[1]:
            moves.extend(_REFRESH[pile] for pile in (0, 1) if sizes[pile])
        else:
            moves.append(_REFRESH_NOTHING_LEFT)
    readings = table.config.interpretations
    moves.extend(
        tile_moves(
            table.players[table.current].tiles,
            top_level(readings),
            readings.moving is Moving.CONNECTED,
        )
    )
    return moves


def can_spend(table: Table) -> bool:
    """Whether the current player can take an ankh action now (A-4.1)."""
    player = table.players[table.current]
    return spending_possible(player, table.progress, table.offer, table.config.interpretations)


def spending_possible(
    player: PlayerState,
    progress: TurnProgress,
    offer: tuple[Tile | None, ...],
    readings: Interpretations,
) -> bool:
    """Whether ``player`` can take an ankh action with this turn so far (A-4.1): an ankh
    token held since before the turn, fewer than two spent, and a tile to refresh or move."""
    if player.tokens[Token.ANKH] <= progress.ankhs_taken or progress.spent >= ANKH_ACTIONS:
        return False
    if has_tile(offer):
        return True
    top = top_level(readings)
    return bool(tile_moves(player.tiles, top, readings.moving is Moving.CONNECTED))


def _moves_from(origin: Position) -> MadeOnce[Position, MoveTile]:
    """The moves of a tile from ``origin``, by target."""
    return MadeOnce(functools.partial(move_tile, origin), 1024)


_MOVES_FROM: MadeOnce[Position, MadeOnce[Position, MoveTile]] = MadeOnce(_moves_from, 4096)


_TILE_MOVES: ByIdentity[Layout, tuple[MoveTile, ...]] = ByIdentity(8192)


def tile_moves(layout: Layout, top: int | None, connected: bool) -> tuple[MoveTile, ...]:
    """Every move of a tile of ``layout`` (A-4.3), kept per layout and reading."""
    found = _TILE_MOVES.get(layout, (top, connected))
    if found is not None:
        return found
    tiles = index(layout)
    base = base_moves(tiles)
    carrying = supporting(layout)
    moves: list[MoveTile] = []
    for placed in layout:
        origin = placed.position
        if origin in carrying:  # a tile with another on it stays
            continue
        if placed.level == 0:
            targets = base[origin]
            if connected:
                targets = tuple(t for t in targets if _stays_connected(layout, origin, t))
        else:
            targets = higher_moves(tiles, origin, top)
        if targets:
            made = _MOVES_FROM[origin]
            moves.extend(map(made.__getitem__, targets))
    return _TILE_MOVES.keep(layout, tuple(moves), (top, connected))


def _stays_connected(layout: Layout, origin: Position, target: Position) -> bool:
    return is_connected([*(p.position for p in layout if p.position != origin), target])


def _ankh_problems(table: Table) -> list[Violation]:
    """Why the current player cannot spend an ankh token now (A-4.1), if they cannot."""
    if spendable_ankhs(table):
        return []
    turn = table.progress
    if turn.spent >= ANKH_ACTIONS:
        return [Violation("A-4.1", _("At most 2 ankh tokens may be spent in a turn."))]
    if table.players[table.current].tokens[Token.ANKH]:
        return [Violation("A-4.1", _("An ankh token taken this turn cannot be spent this turn."))]
    return [Violation("A-4.1", _("An ankh action needs an ankh token to spend."))]


def check_refresh(table: Table, move: Refresh) -> list[Violation]:
    """Every rule the refresh breaks: no ankh token to spend (A-4.1), and no tile to remove
    or a pile chosen wrongly (A-4.2)."""
    problems = _ankh_problems(table)
    if not has_tile(table.offer):
        problems.append(Violation("A-4.2", _("The offer has no tile to remove.")))
    sizes = table.pile_sizes
    if move.pile is None:
        if sizes[0] or sizes[1]:
            problems.append(Violation("A-4.2", _("Choose the draw pile that refills the offer.")))
    elif move.pile not in (0, 1) or not sizes[move.pile]:
        problems.append(Violation("A-4.2", _("Choose a draw pile that still has tiles.")))
    return problems


def _spend(state: GameState, player: PlayerState, **changes: Any) -> GameState:
    """``state`` with ``player`` in the current seat and one ankh token spent (A-4.1),
    and ``changes`` (the supply given is before the ankh goes back to it)."""
    supply = changes.pop("supply", state.supply)
    return evolve_state(
        state,
        players=replace_at(
            state.players,
            state.current,
            evolve_player(player, tokens=add_tokens(player.tokens, _MINUS_ANKH)),
        ),
        supply=add_tokens(supply, _ANKH),
        progress=evolve_progress(state.progress, spent=state.progress.spent + 1),
        **changes,
    )


_ANKH = one_token(Token.ANKH)
_MINUS_ANKH = (0, 0, 0, 0, 0, -1)


def apply_refresh(state: GameState, move: Refresh) -> GameState:
    tiles = close_up(state.offer)
    gone = tiles.pop(0)
    offer, piles = fill(tiles, len(state.offer), state.piles, move.pile or 0)
    return _spend(
        state,
        state.players[state.current],
        offer=offer,
        piles=piles,
        removed=(*state.removed, gone),
    )


def check_move_tile(table: Table, move: MoveTile) -> list[Violation]:
    """Every rule the move of a tile breaks: no ankh token to spend (A-4.1), and a tile or
    a place it cannot move from or to (A-4.3)."""
    problems = _ankh_problems(table)
    problem = _move_problem(table, move)
    return problems if problem is None else [*problems, problem]


def _move_problem(table: Table, move: MoveTile) -> Violation | None:
    layout = table.players[table.current].tiles
    tiles = index(layout)
    origin, target = move.origin, move.target
    placed = tiles.get(origin)
    if placed is None:
        return Violation(
            "A-4.3", _("The player has no tile at {position}.", position=position_text(origin))
        )
    if not supports_nothing(tiles, origin):
        return Violation("A-4.3", _("A tile with another tile on it cannot be moved."))
    readings = table.config.interpretations
    if placed.level == 0:
        if target[0] != 0:
            return Violation("A-4.3", _("A base tile is moved to another space of the base."))
        if target not in base_moves(tiles)[origin]:
            return Violation(
                "A-4.3",
                _(
                    "A base tile goes to an empty space touching another of the player's "
                    "base tiles along an edge; {position} is not one.",
                    position=position_text(target),
                ),
            )
        if readings.moving is Moving.CONNECTED and not _stays_connected(layout, origin, target):
            return Violation(
                "A-4.3",
                _("Under this reading the base tiles must stay connected after a move (Q-5)."),
            )
        return None
    if target[0] == 0:
        return Violation("A-4.3", _("A higher tile is moved to another place on a higher level."))
    top = top_level(readings)
    if top is not None and target[0] > top:
        return Violation(
            "A-4.3", _("Under this reading a tile rests only on four base tiles (Q-4).")
        )
    if target not in higher_moves(tiles, origin, top):
        return Violation(
            "A-4.3",
            _(
                "A higher tile goes to another empty place resting on four other tiles; "
                "{position} is not one.",
                position=position_text(target),
            ),
        )
    return None


def apply_move_tile(state: GameState, move: MoveTile) -> GameState:
    player = state.players[state.current]
    before = player.tiles
    tiles = index(before)
    origin, target = move.origin, move.target
    placed = tiles[origin]
    moved = Placed(placed.tile, *target)
    after = place(remove(before, origin), moved)
    stored = [target if p == origin else p for p in player.stored]
    back = [0, 0, 0, 0, 0, 0]
    for under in supporters(target):
        if under in stored:  # a tile moved onto a warehouse holding a token
            stored.remove(under)
            back[tiles[under].tile.colour] += 1
    bonus, reserve = adjust_bonus(
        before,
        after,
        attributes(placed),
        player.bonus,
        state.reserve,
        state.config.interpretations,
    )
    return _spend(
        state,
        evolve_player(player, tiles=after, stored=tuple(sorted(stored)), bonus=bonus),
        supply=add_tokens(state.supply, (back[0], back[1], back[2], back[3], back[4], back[5])),
        reserve=reserve,
    )
