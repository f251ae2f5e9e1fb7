"""Reusable checks of the Ankh'or engine: invariants, hypothesis strategies and a state
machine over whole games (needs ``hypothesis``, installed with the ``test`` extra).

Other applications, and catalogues other than the default one, run the same checks::

    from fertility_rules.ankhor.testing import AnkhorMachine

    class MyCatalogueMachine(AnkhorMachine):
        catalogue = load_catalogue("my_copy.toml")

    TestMyCatalogue = MyCatalogueMachine.TestCase
"""

from __future__ import annotations

from collections import Counter
from typing import Any, ClassVar

from hypothesis import strategies as st

from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.game import RULE_ID
from fertility_rules.ankhor.interpretations import BonusTokens, HigherNeighbours, Interpretations
from fertility_rules.ankhor.layout import Attribute, Layout, base_spaces, big_groups, higher_spaces
from fertility_rules.ankhor.model import ANIMALS, COLOURS, TOKENS, Colour, Position
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
from fertility_rules.ankhor.rules.engine import (
    MOVE_PHASES,
    apply,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.ankhor.scoring import final_scores
from fertility_rules.ankhor.setup import new_game
from fertility_rules.ankhor.state import GameState
from fertility_rules.ankhor.validity import state_problems
from fertility_rules.testing.machine import EngineMachine
from fertility_rules.testing.switches import switch_combinations

__all__ = [
    "RULE_ID",
    "AnkhorMachine",
    "arbitrary_moves",
    "bonus_problems",
    "check_invariants",
    "games",
    "interpretations",
    "played",
    "turn_end_problems",
]

BIG = 5
"""The size of a group that earns a bonus token (A-3.8)."""


# --------------------------------------------------------------------------- invariants


def check_invariants(state: GameState, *, scores: bool = True) -> list[str]:
    """Every broken invariant of ``state``, one message each; empty when all hold.

    Checked: the 36 tokens are the supply, the players' hands, the warehouses and the box
    (A-1.1); the 55 tiles are the piles, the offer, the layouts and the removed tiles, each
    once (A-1.2); the 12 bonus tokens are the reserve and the players' (A-1.4); every
    property :func:`~fertility_rules.ankhor.validity.state_problems` checks; with
    ``scores``, every step of the final scoring adds up its lines (A-7).
    """
    catalogue = state.config.catalogue
    problems = []
    for kind in TOKENS:
        held = sum(player.tokens[kind] for player in state.players)
        stored = sum(player.stored_tokens()[kind] for player in state.players)
        total = state.supply[kind] + held + stored + state.config.box[kind]
        if total != catalogue.tokens.per_kind:
            problems.append(
                f"A-1.1: {kind.key}: supply {state.supply[kind]} + players {held} + "
                f"warehouses {stored} + box {state.config.box[kind]} = {total}"
            )
    where = Counter(
        tile.id
        for tile in (
            *state.piles[0],
            *state.piles[1],
            *(tile for tile in state.offer if tile is not None),
            *(placed.tile for player in state.players for placed in player.tiles),
            *state.removed,
        )
    )
    if where != Counter(tile.id for tile in catalogue.tiles):
        problems.append(f"A-1.2: {sum(where.values())} tiles in play, each not exactly once")
    bonus = state.reserve + sum(player.bonus for player in state.players)
    if bonus != catalogue.bonus.count or state.reserve < 0:
        problems.append(f"A-1.4: reserve {state.reserve} + held = {bonus}")
    problems += [f"{p.rule}: {p.path}: {p.message}" for p in state_problems(state)]
    if scores:
        for sheet in final_scores(state).sheets:
            for rule, total in zip(
                ("A-7.1", "A-7.2", "A-7.3", "A-7.4"), sheet.stage_totals, strict=True
            ):
                if sum(line.points for line in sheet.lines_of(rule)) != total or total < 0:
                    problems.append(f"A-7: {sheet.player}: {rule} does not add up")
    return problems


def turn_end_problems(before: GameState, after: GameState) -> list[str]:
    """When a turn ends, its player keeps the limits (A-3.9)."""
    if after.turn == before.turn and not (after.is_over and not before.is_over):
        return []
    limits = before.config.catalogue.limits
    player = after.players[before.current]
    resources = sum(player.tokens[:5])
    if resources > limits.resources or player.tokens[5] > limits.ankhs:
        return [f"A-3.9: {player.name} ends a turn with {player.tokens}"]
    return []


def _groups(layout: Layout, attribute: Attribute, same_level: bool) -> list[frozenset[str]]:
    return big_groups(layout, attribute, same_level, BIG)


def bonus_problems(before: GameState, after: GameState) -> list[str]:
    """The bonus tokens of the player who moved follow Q-2 and Q-17 (A-3.8).

    A group forms when none of its tiles was in a group of 5 or more of the same colour
    or animal before, and dissolves when none of its tiles is in one any more. Default:
    a token is taken for each group formed, as far as the reserve allows, and the player
    then holds no more tokens than groups of 5 or more. Alternative: a group formed takes
    one, a group dissolved returns one; a merge changes nothing. Either way a group that
    formed while the reserve was empty earns nothing later (Q-17).
    """
    mover = before.current
    old, new = before.players[mover], after.players[mover]
    if old.tiles == new.tiles:
        if old.bonus != new.bonus:
            return [f"A-3.8: {old.name}'s bonus tokens changed without a tile placed or moved"]
        return []
    readings = before.config.interpretations
    same_level = readings.higher_neighbours is HigherNeighbours.SAME_LEVEL
    attributes: list[Attribute] = [*COLOURS, *ANIMALS]
    formed = lost = groups = 0
    for attribute in attributes:
        was, now = (
            _groups(old.tiles, attribute, same_level),
            _groups(new.tiles, attribute, same_level),
        )
        tiles_was = set().union(*was)
        tiles_now = set().union(*now)
        formed += sum(1 for group in now if not group & tiles_was)
        lost += sum(1 for group in was if not group & tiles_now)
        groups += len(now)
    if readings.bonus_tokens is BonusTokens.ONE_PER_GROUP:
        expected = min(old.bonus + min(formed, before.reserve), groups)
    else:
        change = formed - lost
        expected = (
            old.bonus + min(change, before.reserve) if change > 0 else max(0, old.bonus + change)
        )
    if new.bonus != expected:
        return [f"Q-17: {old.name} holds {new.bonus} bonus tokens, {expected} expected"]
    return []


# --------------------------------------------------------------------------- strategies


def interpretations() -> st.SearchStrategy[Interpretations]:
    """Any combination of the Ankh'or switches (every value is playable)."""
    return switch_combinations(Interpretations)


@st.composite
def _games(draw: st.DrawFn, catalogue: Catalogue | None) -> GameState:
    players = draw(st.integers(2, 4))
    seed = draw(st.integers(0, 2**32 - 1))
    readings = draw(interpretations())
    names = [f"P{i + 1}" for i in range(players)]
    return new_game(names, seed, interpretations=readings, catalogue=catalogue)


def games(catalogue: Catalogue | None = None) -> st.SearchStrategy[GameState]:
    """Games just set up (A-2): 2 to 4 players, a seed and any readings of Q-1 to Q-6."""
    return _games(catalogue)


@st.composite
def _played(draw: st.DrawFn, catalogue: Catalogue | None, most: int) -> GameState:
    state = draw(games(catalogue))
    for _step in range(draw(st.integers(0, most), label="moves")):
        if state.is_over:
            break
        moves = legal_moves(state)
        buys: list[Move] = [m for m in moves if isinstance(m, BuyTile)]
        buying: bool = bool(buys) and draw(st.booleans(), label="buy")
        pool = buys if buying else moves
        state = apply(state, pool[draw(st.integers(0, len(pool) - 1), label="move")])
    return state


def played(most: int = 150, catalogue: Catalogue | None = None) -> st.SearchStrategy[GameState]:
    """States of games played for up to ``most`` random legal moves (half of them
    purchases when one is legal, so that layouts grow)."""
    return _played(catalogue, most)


def _tokens() -> st.SearchStrategy[tuple[int, int, int, int, int, int]]:
    amount = st.integers(-1, 3)
    return st.tuples(amount, amount, amount, amount, amount, amount)


def arbitrary_moves(state: GameState) -> st.SearchStrategy[Move]:
    """Moves of every kind with random fields: legal ones, illegal ones, wrong-phase ones.

    Positions come partly from the current player's layout and the spaces next to it,
    partly at random; slots and token counts range a little beyond what exists (a pile
    out of range is refused when the move is made).
    """
    player = state.players[state.current]
    layout = player.tiles
    near: list[Position] = [p.position for p in layout]
    near += list(base_spaces(layout))
    near += [space for space, _colours in higher_spaces(layout, None)]
    positions = st.one_of(
        st.sampled_from(near),
        st.tuples(st.integers(-1, 3), st.integers(-3, 3), st.integers(-3, 3)),
    )
    colours = st.one_of(st.none(), st.sampled_from(list(Colour)))
    piles = st.integers(0, 1)  # a move names one of the two piles
    kinds: list[st.SearchStrategy[Move]] = [
        st.builds(TakeTokens, _tokens()),
        st.builds(BuyTile, st.integers(-1, 6), positions, colours),
        st.just(PassMain()),
        st.builds(Refresh, st.one_of(st.none(), piles)),
        st.builds(MoveTile, positions, positions),
        st.just(EndActions()),
        st.builds(StoreTokens, st.lists(positions, max_size=3).map(tuple)),
        st.builds(ReturnTokens, _tokens()),
        st.builds(Refill, piles),
    ]
    choices: list[st.SearchStrategy[Move]] = [st.one_of(kinds)]
    legal = legal_moves(state)
    if legal:
        choices.append(st.sampled_from(legal))
    return st.one_of(choices)


# --------------------------------------------------------------------------- state machine


class AnkhorMachine(EngineMachine):
    """Random games of Ankh'or through the checked ``apply``, every invariant checked.

    Set :attr:`catalogue` in a subclass to play another catalogue. The machine
    (:class:`~fertility_rules.testing.machine.EngineMachine`) plays legal moves one or a
    few at a time or whole turns at once, checking after every move the invariants
    (:func:`check_invariants`), the limits at each turn's end and the bonus tokens (Q-2,
    Q-17); it tries arbitrary moves (an illegal one raises :class:`IllegalMoveError` with a rule
    id and changes nothing; a move of the current decision is legal exactly when
    ``legal_moves`` lists it); a finished game has no legal move, refuses every move
    (A-6) and saw every player play the same number of turns.
    """

    catalogue: ClassVar[Catalogue | None] = None
    max_turn_moves = 100
    max_turns = 4
    arbitrary_tries = 6
    end_rule = "A-6"
    end_moves = (EndActions(), TakeTokens((1, 1, 1, 0, 0, 0)))
    rule_id = RULE_ID

    def new_game(self, data: st.DataObject) -> GameState:
        return data.draw(games(type(self).catalogue), label="game")

    legal_moves = staticmethod(legal_moves)  # type: ignore[assignment]
    apply = staticmethod(apply)
    violations = staticmethod(violations)  # type: ignore[assignment]
    is_legal = staticmethod(is_legal)  # type: ignore[assignment]
    arbitrary_moves = staticmethod(arbitrary_moves)

    def fits(self, state: GameState, move: Move) -> bool:
        return state.phase in MOVE_PHASES[type(move)]

    def problems(self, state: GameState) -> list[Any]:
        return list(check_invariants(state, scores=state.is_over))

    def move_problems(self, before: GameState, after: GameState) -> list[Any]:
        return list(turn_end_problems(before, after) + bonus_problems(before, after))
