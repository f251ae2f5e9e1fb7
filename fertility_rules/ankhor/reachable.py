"""What the turns played allow: bounds on a state that only the turns played explain.

A state does not keep its history, but the rules tie what it holds to the turns played.
:func:`history_problems` checks these consequences; each is exact (a state breaking one
is never reachable) and derived here from the rules. They assume a table whose counts
already add up (:func:`~fertility_rules.ankhor.validity.state_problems` checks that
first).

**Turns.** Every turn is a player's regular turn or a bonus turn. A scribe gives its
buyer exactly one bonus turn, right after the turn it was bought in (A-3.7), and a scribe
never leaves its layout, so the bonus turns a player has started are the scribes in their
layout, less the one bought in the turn under way (``progress.scribe``), whose bonus turn
is still to come. A player's regular turns played are ``turns``; the one under way counts
once it started. So player *i* has started ``turns + scribes - [scribe pending] + [their
regular turn under way]`` turns, and completed as many less the one under way (at the
end of the game every turn is completed). Turns are numbered from 1, bonus turns
included: the turn under way is the sum of the turns started (the last one when the game
is over). A bonus turn needs its scribe; a scribe bought this turn means a tile bought.

**Tiles.** A turn has one main action (A-3.1) and a tile comes only from buying, so a
player holds no more tiles than their completed turns, plus one if they bought in the
turn under way. The 13th tile ends the game with its round (A-6.1): nobody plays a
regular turn after holding 13 tiles, and only the bonus turn of a scribe adds a tile
after it, so a layout holds at most 13 tiles and one per scribe in it. Within the round
that is ending, the players yet to play and the current player before they buy held
their tiles when the previous round ended: none of them holds 13. Likewise the offer and
both piles are not all empty when a round begins (A-6.2, Q-15), and the game is over only
once a player holds 13 tiles or no tile can be bought, the round complete, with the last
player of the round to move and no turn under way.

**Base tiles.** A tile placed on the base touches a base tile of the player (A-3.4), and
a base tile moved lands next to another (A-4.3): whatever changed the base last left two
base tiles side by side, so a player with two base tiles or more has two that share an
edge (even under Q-5's default, which may leave others apart).

**Tokens.** Tokens reach a hand only by taking tokens, 3 at most (A-3.2, Q-7), in a turn
in which the player bought nothing; a warehouse bought puts at most one token on itself
(A-3.6). So a player holds (in hand, on warehouses, and the ankh tokens spent in the turn
under way) at most 3 per turn in which they bought nothing, plus one per warehouse. The
current player kept the limits when their previous turn ended (A-3.9): the ankh tokens
in hand, less those taken this turn, plus those spent, are at most 2; the ankh tokens
taken this turn are still in hand until tokens are returned (they cannot be spent,
A-4.1); before the limits are applied again, the resource tokens in hand are at most 5,
plus the 3 tokens taken less the ankh tokens among them when nothing was bought.

**The piles and the removed tiles.** Setup deals the tiles into two piles and reveals
the first six tiles of the first (A-2.4, A-2.5, Q-11, Q-19); tiles only ever leave the
piles, so each holds at most what it held then, and exactly that during the first turn,
in which no one can have an ankh token to refresh with. A tile leaves the game by a
refresh, one ankh token each, at most 2 a turn and none in a player's first turn (they
hold no token before it, A-2.1), or with 2 players by Q-1's removal, at most one at the
end of a turn (under *when nothing was bought*, only in a turn without a purchase); the
one of the turn under way is made before its refill is chosen.

**Bonus tokens.** A bonus token is taken when a group of 5 tiles forms (A-3.8): a player
with fewer than 5 tiles has never held one. Under Q-2's default a player holds at most
one per group of 5 or more (Q-17).

What these bounds do not prove: that the tiles could be bought in some order, with the
markers and the tokens of each turn, or that each bonus token was taken when its group
formed; a state within them is shape-valid, not proven reachable.
"""

from __future__ import annotations

from fertility_rules.ankhor.interpretations import BonusTokens, HigherNeighbours, Removal
from fertility_rules.ankhor.model import Kind, Token
from fertility_rules.ankhor.rules.bonus import BIG, big_group_count
from fertility_rules.ankhor.rules.common import ANKH_ACTIONS
from fertility_rules.ankhor.rules.main_action import TAKEN
from fertility_rules.ankhor.rules.offer import has_tile
from fertility_rules.ankhor.state import FRESH_TURN, GameState, Phase, PlayerState
from fertility_rules.errors import Problem
from fertility_rules.i18n.message import _, ngettext

__all__ = ["history_problems", "turns_completed"]

_DURING = (Phase.AFTER, Phase.STORE, Phase.RETURN)
"""Decisions after the main action and before the limits are applied (A-3.9)."""


def _scribes(player: PlayerState) -> int:
    return sum(1 for placed in player.tiles if placed.tile.kind is Kind.SCRIBE)


def _started(state: GameState, seat: int) -> int:
    """The turns player ``seat`` has started, bonus turns included (A-3.7)."""
    player = state.players[seat]
    started = player.turns + _scribes(player)
    if state.is_over or seat != state.current:
        return started
    progress = state.progress
    return started - int(progress.scribe) + int(not progress.bonus)


def turns_completed(state: GameState, seat: int) -> int:
    """The turns player ``seat`` has completed, bonus turns included (A-3.7)."""
    return _started(state, seat) - int(not state.is_over and seat == state.current)


def _order(state: GameState) -> list[int]:
    """The seats in the order of a round, from the start player (A-2.6)."""
    count = len(state.players)
    return [(state.config.first + step) % count for step in range(count)]


def _path(seat: int, key: str) -> str:
    return f"$.players[{seat}].{key}"


def history_problems(state: GameState) -> list[Problem]:
    """What the turns played do not allow in ``state``, with paths and rule ids."""
    return [
        *_turn_problems(state),
        *_tile_problems(state),
        *_ending_problems(state),
        *_base_problems(state),
        *_token_problems(state),
        *_pile_problems(state),
        *_bonus_problems(state),
    ]


def _turn_problems(state: GameState) -> list[Problem]:
    problems = []
    progress = state.progress
    if not state.is_over:
        player = state.players[state.current]
        if progress.scribe and not (progress.bought and _scribes(player)):
            message = _(
                "no scribe was bought this turn: nothing was bought, or the player has no scribe"
            )
            problems.append(Problem("$.progress.scribe", message, "A-3.7"))
        if progress.bonus and _scribes(player) - progress.scribe < 1:
            message = _("a bonus turn follows the purchase of a scribe, and this player has none")
            problems.append(Problem("$.progress.bonus", message, "A-3.7"))
        if progress.bought and progress.ankhs_taken:
            message = _("a turn has one main action: tokens were taken and a tile bought")
            problems.append(Problem("$.progress", message, "A-3.1"))
    if problems:
        return problems
    turn = sum(_started(state, seat) for seat in range(len(state.players)))
    if state.turn != turn:
        message = _(
            "the turns played and the bonus turns of the scribes bought make this turn {n}, "
            "not {turn}",
            n=turn,
            turn=state.turn,
        )
        problems.append(Problem("$.turn", message, "A-3.7"))
    return problems


def _tile_problems(state: GameState) -> list[Problem]:
    problems = []
    end = state.config.catalogue.end.tiles
    for seat, player in enumerate(state.players):
        tiles = len(player.tiles)
        bought = state.progress.bought and seat == state.current and not state.is_over
        turns = turns_completed(state, seat) + bought
        if tiles > turns:
            message = ngettext(
                "{player} holds {count} tiles, more than their {n} turn allows (one tile a turn)",
                "{player} holds {count} tiles, more than their {n} turns allow (one tile a turn)",
                turns,
                player=player.name,
                count=tiles,
            )
            problems.append(Problem(_path(seat, "tiles"), message, "A-3.1"))
        most = end + _scribes(player)
        if tiles > most:
            message = _(
                "{player} holds {count} tiles: beyond {n}, only the bonus turn of a scribe "
                "adds a tile",
                player=player.name,
                count=tiles,
                n=end,
            )
            problems.append(Problem(_path(seat, "tiles"), message, "A-6.1"))
    return problems


def _ending_problems(state: GameState) -> list[Problem]:
    """The round the end was triggered in is the one under way; the game is over exactly
    when its end came (A-6.1, A-6.2)."""
    end = state.config.catalogue.end.tiles
    exhausted = not (state.pile_sizes[0] or state.pile_sizes[1] or has_tile(state.offer))
    order = _order(state)
    if state.is_over:
        problems = []
        if not (state.ending or exhausted):
            message = _(
                "the game ends when a player holds {n} tiles or no tile can be bought any more",
                n=end,
            )
            problems.append(Problem("$.phase", message, "A-6.1"))
        if state.current != order[-1] or state.progress != FRESH_TURN:
            message = _("a game ends when the last player of the round ends their turn")
            problems.append(Problem("$.current", message, "A-6.1"))
        return problems
    progress = state.progress
    position = order.index(state.current)
    waiting = order[position + 1 :]
    if not progress.bought and not progress.bonus:
        waiting = [state.current, *waiting]  # they hold what they held when the round began
    if any(len(state.players[seat].tiles) >= end for seat in waiting):
        message = _(
            "a player held {n} tiles when the previous round ended: the game would be over",
            n=end,
        )
        return [Problem("$.ending", message, "A-6.1")]
    beginning = position == 0 and not progress.bonus and progress == FRESH_TURN
    if exhausted and beginning and state.phase is Phase.MAIN and state.turn > 1:
        message = _("no tile could be bought when the previous round ended: the game would be over")
        return [Problem("$.phase", message, "A-6.2")]
    return []


def _base_problems(state: GameState) -> list[Problem]:
    problems = []
    for seat, player in enumerate(state.players):
        base = {(p.x, p.y) for p in player.tiles if p.level == 0}
        if len(base) < 2:
            continue
        if not any((x + 1, y) in base or (x, y + 1) in base for x, y in base):
            message = _(
                "no two base tiles share an edge, yet every tile placed or moved on the base "
                "lands next to another"
            )
            problems.append(Problem(_path(seat, "tiles"), message, "A-3.4"))
    return problems


def _token_problems(state: GameState) -> list[Problem]:
    problems = []
    progress = state.progress
    playing = not state.is_over
    for seat, player in enumerate(state.players):
        current = playing and seat == state.current
        bought = current and progress.bought
        main_done = current and state.phase is not Phase.MAIN
        takes = turns_completed(state, seat) - (len(player.tiles) - bought)
        takes += main_done and not bought
        warehouses = sum(1 for p in player.tiles if p.tile.kind is Kind.WAREHOUSE)
        most = TAKEN * takes + warehouses
        held = sum(player.tokens) + len(player.stored) + (progress.spent if current else 0)
        if held > most:
            message = ngettext(
                "{player} has had {count} tokens, more than {n} turn of taking tokens (3 "
                "each) and their warehouses can give",
                "{player} has had {count} tokens, more than {n} turns of taking tokens (3 "
                "each) and their warehouses can give",
                takes,
                player=player.name,
                count=held,
            )
            problems.append(Problem(_path(seat, "tokens"), message, "A-3.2"))
    if playing:
        problems += _hand_problems(state)
    return problems


def _hand_problems(state: GameState) -> list[Problem]:
    """The current player's hand against the limits kept when their last turn ended."""
    progress = state.progress
    limits = state.config.catalogue.limits
    hand = state.players[state.current].tokens
    path = _path(state.current, "tokens")
    problems = []
    if state.phase is Phase.MAIN or state.phase in _DURING:
        ankhs = hand[Token.ANKH] - progress.ankhs_taken + progress.spent
        if ankhs > limits.ankhs:
            message = _(
                "this player began the turn with {count} ankh tokens, above the limit of {n}",
                count=ankhs,
                n=limits.ankhs,
            )
            problems.append(Problem(path, message, "A-3.9"))
    if state.phase in _DURING:
        if hand[Token.ANKH] < progress.ankhs_taken:
            message = _("the ankh tokens taken this turn are still in hand: none can be spent")
            problems.append(Problem(path, message, "A-4.1"))
        extra = 0 if progress.bought else TAKEN - progress.ankhs_taken
        resources = sum(hand[: Token.ANKH])
        if resources > limits.resources + extra:
            message = _(
                "this player holds {count} resource tokens, more than the {most} they kept and "
                "the {n} they took this turn",
                count=resources,
                most=limits.resources,
                n=extra,
            )
            problems.append(Problem(path, message, "A-3.2"))
    return problems


def _pile_problems(state: GameState) -> list[Problem]:
    catalogue = state.config.catalogue
    count = len(catalogue.tiles)
    dealt = ((count + 1) // 2 - len(state.offer), count // 2)
    sizes = state.pile_sizes
    problems = []
    first_turn = state.turn == 1 and not state.is_over
    if (first_turn and sizes != dealt) or sizes[0] > dealt[0] or sizes[1] > dealt[1]:
        message = _(
            "setup leaves {first} and {second} tiles in the draw piles, and tiles only ever "
            "leave them",
            first=dealt[0],
            second=dealt[1],
        )
        problems.append(Problem("$.piles", message, "A-2.4"))
    most = _removals(state)
    if len(state.removed) > most:
        message = ngettext(
            "{count} tiles are out of the game, more than the {n} the refreshes and the "
            "removals of the turns played allow",
            "{count} tiles are out of the game, more than the {n} the refreshes and the "
            "removals of the turns played allow",
            most,
            count=len(state.removed),
        )
        problems.append(Problem("$.removed", message, "A-5.2"))
    return problems


def _removals(state: GameState) -> int:
    """The most tiles the turns played can have put out of the game (A-4.2, Q-1)."""
    seats = range(len(state.players))
    completed = [turns_completed(state, seat) for seat in seats]
    refreshes = sum(ANKH_ACTIONS * max(0, turns - 1) for turns in completed)
    refreshes += 0 if state.is_over else state.progress.spent
    removal = state.config.interpretations.two_player_removal
    if len(state.players) != 2 or removal is Removal.REFRESH_ONLY:
        return refreshes
    bought = not state.is_over and state.progress.bought
    refilling = state.phase is Phase.REFILL
    if removal is Removal.EVERY_TURN:
        return refreshes + sum(completed) + refilling
    tiles = sum(len(player.tiles) for player in state.players)
    without = sum(completed) - (tiles - bought)
    return refreshes + without + (refilling and not bought)


def _bonus_problems(state: GameState) -> list[Problem]:
    readings = state.config.interpretations
    same_level = readings.higher_neighbours is HigherNeighbours.SAME_LEVEL
    problems = []
    for seat, player in enumerate(state.players):
        if not player.bonus:
            continue
        if len(player.tiles) < BIG:
            message = _("a player with fewer than {n} tiles has never formed a group of {n}", n=BIG)
            problems.append(Problem(_path(seat, "bonus_tokens"), message, "A-3.8"))
        elif readings.bonus_tokens is BonusTokens.ONE_PER_GROUP:
            groups = big_group_count(player.tiles, same_level)
            if player.bonus > groups:
                message = ngettext(
                    "{count} bonus tokens for {n} group of 5 or more: one per group at most",
                    "{count} bonus tokens for {n} groups of 5 or more: one per group at most",
                    groups,
                    count=player.bonus,
                )
                problems.append(Problem(_path(seat, "bonus_tokens"), message, "Q-17"))
    return problems
