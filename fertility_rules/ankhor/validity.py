"""What every state a game of Ankh'or can reach satisfies, as a list of problems.

The file readers refuse a state that breaks any of these (each problem names its rule
and the JSON path of the part at fault); the conformance checks assert them after every
move. They are exact, cheap consequences of the rules: first that the table adds up and
that the decision is one the game can be at, then what the turns played allow
(:mod:`fertility_rules.ankhor.reachable`, which also says what is not checked).
"""

from __future__ import annotations

from collections import Counter

from fertility_rules.ankhor.catalogue import PLAYER_COUNTS, TOKENS_PER_KIND
from fertility_rules.ankhor.interpretations import Height, Moving, PriceLayout
from fertility_rules.ankhor.layout import index, is_connected, supporters, supports_nothing
from fertility_rules.ankhor.model import COLOURS, TOKENS, Kind, position_text
from fertility_rules.ankhor.reachable import history_problems
from fertility_rules.ankhor.rules.ankh import can_spend
from fertility_rules.ankhor.rules.common import ANKH_ACTIONS
from fertility_rules.ankhor.rules.turn_end import excess, removes_leftmost, storable
from fertility_rules.ankhor.state import GameState, Phase
from fertility_rules.errors import Problem
from fertility_rules.i18n.message import _
from fertility_rules.shared.players import name_problems

__all__ = ["state_problems"]


def state_problems(state: GameState) -> list[Problem]:
    """Everything about ``state`` that no game can reach, with paths and rule ids."""
    count = len(state.players)
    if count not in PLAYER_COUNTS:
        message = _("Ankh'or is played by 2 to 4 players, not {n}.", n=count)
        return [Problem("$.players", message, "A-2.1")]
    problems = _seat_problems(state)
    if problems:
        return problems
    problems = [
        *_price_problems(state),
        *_tile_problems(state),
        *_token_problems(state),
        *_bonus_problems(state),
        *_layout_problems(state),
        *_turn_problems(state),
    ]
    if problems:  # the bounds of the turns played assume a table whose counts add up
        return problems
    return history_problems(state)


def _seat_problems(state: GameState) -> list[Problem]:
    count = len(state.players)
    problems = name_problems([p.name for p in state.players], "$.players", ".name")
    for key, value in (("first", state.config.first), ("current", state.current)):
        if not 0 <= value < count:
            problems.append(Problem(f"$.{key}", _("no player has the index {n}", n=value), "A-2.6"))
    return problems


def _price_problems(state: GameState) -> list[Problem]:
    board = state.config.catalogue.price_board
    slots = board.slots
    if state.config.interpretations.price_layout is PriceLayout.MIRRORED:
        slots = slots[::-1]
    prices = state.config.prices
    if tuple(len(markers) for markers in prices) != slots:
        message = _(
            "the price board has {slots} markers per slot, left to right",
            slots=", ".join(map(str, slots)),
        )
        return [Problem("$.prices", message, "Q-6")]
    dealt = Counter(colour for markers in prices for colour in markers)
    if tuple(dealt[colour] for colour in COLOURS) != board.markers:
        message = _("these are not the price markers of the catalogue")
        return [Problem("$.prices", message, "A-1.3")]
    return [
        Problem(f"$.prices[{index}]", _("a slot holds three markers of one colour"), "A-2.3")
        for index, markers in enumerate(prices)
        if any(markers.count(colour) >= 3 for colour in COLOURS)
    ]


def _tile_problems(state: GameState) -> list[Problem]:
    problems = []
    if len(state.offer) != len(state.config.prices):
        message = _("the offer has {n} slots, not {found}", n=6, found=len(state.offer))
        problems.append(Problem("$.offer", message, "A-1.3"))
    seen = Counter(
        tile.id
        for tile in (
            *state.piles[0],
            *state.piles[1],
            *(t for t in state.offer if t is not None),
            *(p.tile for player in state.players for p in player.tiles),
            *state.removed,
        )
    )
    for tile in state.config.catalogue.tiles:
        found = seen.pop(tile.id, 0)
        if found != 1:
            message = _(
                "the tile {tile!r} is in the game {n} times, not once", tile=tile.id, n=found
            )
            problems.append(Problem("$", message, "A-1.2"))
    return problems


def _token_problems(state: GameState) -> list[Problem]:
    problems = []
    box = state.config.box
    stored = [0, 0, 0, 0, 0, 0]
    for player in state.players:
        colours = {p.position: p.tile.colour for p in player.tiles}
        for position in player.stored:
            colour = colours.get(position)
            if colour is not None:
                stored[colour] += 1
    for kind in TOKENS:
        held = sum(p.tokens[kind] for p in state.players)
        total = state.supply[kind] + held + stored[kind] + box[kind]
        if total != TOKENS_PER_KIND:
            message = _(
                "{kind}: supply {supply}, players {held}, warehouses {stored} and box {box} "
                "make {total} tokens, not {n}",
                kind=kind.key,
                supply=state.supply[kind],
                held=held,
                stored=stored[kind],
                box=box[kind],
                total=total,
                n=TOKENS_PER_KIND,
            )
            problems.append(Problem("$.supply", message, "A-1.1"))
    return problems


def _bonus_problems(state: GameState) -> list[Problem]:
    count = state.config.catalogue.bonus.count
    held = sum(p.bonus for p in state.players)
    if state.reserve + held == count:
        return []
    message = _(
        "the reserve holds {reserve} and the players {held} bonus tokens: {n} are needed",
        reserve=state.reserve,
        held=held,
        n=count,
    )
    return [Problem("$.reserve", message, "A-1.4")]


def _layout_problems(state: GameState) -> list[Problem]:
    readings = state.config.interpretations
    problems = []
    for number, player in enumerate(state.players):
        path = f"$.players[{number}]"
        positions = [p.position for p in player.tiles]
        if len(set(positions)) != len(positions):
            problems.append(Problem(f"{path}.tiles", _("two tiles are at one position"), "A-3.4"))
            continue
        tiles = index(player.tiles)
        for placed in player.tiles:
            position = placed.position
            where = position_text(position)
            if placed.level and not all(under in tiles for under in supporters(position)):
                message = _("the tile at {position} does not rest on four tiles", position=where)
                problems.append(Problem(f"{path}.tiles", message, "A-3.5"))
            if placed.level > 1 and readings.height is Height.BASE_ONLY:
                message = _("under this reading a tile rests only on four base tiles (Q-4)")
                problems.append(Problem(f"{path}.tiles", message, "A-3.5"))
        if readings.moving is Moving.CONNECTED and not is_connected(positions):
            message = _("under this reading the base tiles stay connected (Q-5)")
            problems.append(Problem(f"{path}.tiles", message, "A-4.3"))
        if len(set(player.stored)) != len(player.stored):
            problems.append(Problem(f"{path}.stored", _("a warehouse holds one token"), "A-3.6"))
        for position in player.stored:
            placed_at = tiles.get(position)
            if placed_at is None or placed_at.tile.kind is not Kind.WAREHOUSE:
                message = _(
                    "no warehouse of the player is at {position}", position=position_text(position)
                )
                problems.append(Problem(f"{path}.stored", message, "A-3.6"))
            elif not supports_nothing(tiles, position):
                message = _("a warehouse with a tile on it holds no token")
                problems.append(Problem(f"{path}.stored", message, "A-3.6"))
    return problems


def _turn_problems(state: GameState) -> list[Problem]:
    problems = [*_round_problems(state), *_limit_problems(state), *_offer_problems(state)]
    progress = state.progress
    if progress.spent > ANKH_ACTIONS:
        message = _("at most 2 ankh tokens are spent in a turn, not {n}", n=progress.spent)
        problems.append(Problem("$.progress.spent", message, "A-4.1"))
    if progress.ankhs_taken > 3:
        message = _("a turn takes at most 3 tokens, not {n} ankh tokens", n=progress.ankhs_taken)
        problems.append(Problem("$.progress.ankhs_taken", message, "A-3.2"))
    end = state.config.catalogue.end.tiles
    reached = any(len(p.tiles) >= end for p in state.players)
    if reached != state.ending:
        message = _("the end is triggered exactly when a player has placed {n} tiles", n=end)
        problems.append(Problem("$.ending", message, "A-6.1"))
    phase = state.phase
    if phase is Phase.MAIN and (progress.bought or progress.ankhs_taken or progress.scribe):
        message = _(
            "the main action of this turn is still to come, yet something was bought or taken"
        )
        problems.append(Problem("$.progress", message, "A-3.1"))
    if problems or phase is Phase.OVER:
        return problems
    player = state.players[state.current]
    decision = {
        Phase.AFTER: (
            can_spend(state),
            _("no ankh action is possible: the turn would have ended"),
            "A-4.1",
        ),
        Phase.STORE: (bool(storable(player)), _("no warehouse can take a token"), "A-3.6"),
        Phase.RETURN: (excess(state, player) != (0, 0), _("no token is above the limits"), "A-3.9"),
    }.get(phase)
    if decision is not None and not decision[0]:
        problems.append(Problem("$.phase", decision[1], decision[2]))
    return problems


def _round_problems(state: GameState) -> list[Problem]:
    """The turns played fit the seat whose turn it is (A-6.1)."""
    count = len(state.players)
    first = state.config.first
    order = [(first + step) % count for step in range(count)]
    played = [state.players[seat].turns for seat in order]
    if state.phase is Phase.OVER:
        if len(set(played)) != 1:
            message = _("a game ends with every player on the same number of turns")
            return [Problem("$.players", message, "A-6.1")]
        return []
    position = order.index(state.current)
    bonus = 1 if state.progress.bonus else 0
    rounds = played[position] - bonus
    expected = [rounds + 1] * position + [rounds + bonus] + [rounds] * (count - position - 1)
    if played != expected:
        message = _("the turns played do not fit the player whose turn it is")
        return [Problem("$.players", message, "A-6.1")]
    return []


def _limit_problems(state: GameState) -> list[Problem]:
    """Every player whose turn is not under way keeps the limits (A-3.9)."""
    problems = []
    phase = state.phase
    for number, player in enumerate(state.players):
        if number == state.current and phase in (Phase.AFTER, Phase.STORE, Phase.RETURN):
            continue
        if excess(state, player) != (0, 0):
            limits = state.config.catalogue.limits
            message = _(
                "a player ends a turn with at most {most} resource and {most_ankhs} ankh tokens",
                most=limits.resources,
                most_ankhs=limits.ankhs,
            )
            problems.append(Problem(f"$.players[{number}].tokens", message, "A-3.9"))
    return problems


def _offer_problems(state: GameState) -> list[Problem]:
    """The offer is closed up but for the slot bought this turn, and full unless both
    piles are empty; the refill is chosen when it has a gap and both piles have tiles,
    the gaps those of the tile bought and of Q-1's removal (A-3.3, A-5.1)."""
    offer = state.offer
    phase = state.phase
    sizes = state.pile_sizes
    last = max((i for i, tile in enumerate(offer) if tile is not None), default=-1)
    inside = sum(1 for tile in offer[: max(last, 0)] if tile is None)
    gaps = sum(1 for tile in offer if tile is None)
    during = phase in (Phase.AFTER, Phase.STORE, Phase.RETURN)
    bought = 1 if during and state.progress.bought else 0
    if phase is Phase.REFILL:
        made = state.progress.bought + removes_leftmost(state, state.progress.bought)
        wrong = inside > 0 or not 0 < gaps <= made or not (sizes[0] and sizes[1])
    else:
        wrong = inside > bought or (bool(sizes[0] or sizes[1]) and gaps > bought)
    if wrong:
        message = _("the offer has gaps it cannot have at this decision")
        return [Problem("$.offer", message, "A-5.1")]
    return []
