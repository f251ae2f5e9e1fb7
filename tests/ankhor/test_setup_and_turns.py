"""Setup (A-2), taking tokens (A-3.2), the end of a turn (A-3.9, A-5) and of the game (A-6)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from attrs import evolve

from fertility_rules import ankhor
from fertility_rules.ankhor.interpretations import Interpretations, PriceLayout, Removal
from fertility_rules.ankhor.model import Colour
from fertility_rules.ankhor.moves import (
    BuyTile,
    EndActions,
    PassMain,
    Refill,
    Refresh,
    ReturnTokens,
    StoreTokens,
    TakeTokens,
)
from fertility_rules.errors import IllegalMoveError, MalformedInputError
from tests.ankhor.helpers import Box, layout, table, tokens

RICH = tokens("bbbwwwkkkgggrrr")
"""Three tokens of each colour: enough for any tile of the offer."""


@pytest.mark.parametrize(("players", "per_kind"), [(2, 4), (3, 5), (4, 6)])
def test_the_supply_has_4_5_or_6_tokens_of_each_kind(players: int, per_kind: int) -> None:
    state = ankhor.new_game([f"P{i}" for i in range(players)], seed=players)
    assert state.supply == (per_kind,) * 6
    assert state.config.box == (6 - per_kind,) * 6


def test_setup_deals_the_tiles_the_offer_and_the_reserve() -> None:
    state = ankhor.new_game(["A", "B"], seed=3)
    # 55 tiles shuffled into piles of 28 and 27; six revealed from the first
    assert state.pile_sizes == (28 - 6, 27)
    assert all(tile is not None for tile in state.offer)
    seen = [*state.piles[0], *state.piles[1], *state.offer]
    assert sorted(t.id for t in seen if t) == sorted(t.id for t in ankhor.default_catalogue().tiles)
    assert state.reserve == 12
    assert state.current == state.config.first
    assert state.turn == 1


def test_price_markers_are_dealt_without_triplicates() -> None:
    layouts = set()
    for seed in range(200):
        prices = ankhor.new_game(["A", "B"], seed=seed).config.prices
        layouts.add(prices)
        assert tuple(len(slot) for slot in prices) == (2, 2, 2, 3, 3, 3)
        assert Counter(c for slot in prices for c in slot) == Counter({c: 3 for c in Colour})
        assert all(slot.count(colour) < 3 for slot in prices for colour in slot)
    assert len(layouts) > 150


def test_q6_mirrors_the_price_board() -> None:
    readings = Interpretations(price_layout=PriceLayout.MIRRORED)
    prices = ankhor.new_game(["A", "B"], seed=1, interpretations=readings).config.prices
    assert tuple(len(slot) for slot in prices) == (3, 3, 3, 2, 2, 2)


def test_a_seed_deals_one_game_and_the_start_player_is_drawn() -> None:
    assert ankhor.new_game(["A", "B"], seed=9) == ankhor.new_game(["A", "B"], seed=9)
    assert ankhor.new_game(["A", "B"], seed=9) != ankhor.new_game(["A", "B"], seed=10)
    starts = {ankhor.new_game(["A", "B", "C"], seed=s).config.first for s in range(30)}
    assert starts == {0, 1, 2}


@pytest.mark.parametrize("players", [[], ["A"], ["A", "B", "C", "D", "E"]])
def test_ankhor_is_played_by_2_to_4(players: list[str]) -> None:
    with pytest.raises(MalformedInputError) as caught:
        ankhor.new_game(players, seed=1)
    assert caught.value.problems[0].rule == "A-2.1"


def test_names_are_distinct_texts() -> None:
    for players in (["A", "A"], ["A", 3], "AB", None):
        with pytest.raises(MalformedInputError):
            ankhor.new_game(players, seed=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------- taking tokens


def test_take_tokens_takes_exactly_three() -> None:
    state = ankhor.new_game(["A", "B"], seed=2)
    moves = [m for m in ankhor.legal_moves(state) if isinstance(m, TakeTokens)]
    # 3 tokens of 6 kinds, repetitions allowed, 4 of each kind in the supply: C(8, 3) = 56
    assert len(moves) == 56
    assert all(sum(m.tokens) == 3 for m in moves)
    with pytest.raises(IllegalMoveError) as caught:
        ankhor.apply(state, TakeTokens(tokens("bb")))
    assert caught.value.rule == "A-3.2"


def test_with_fewer_than_three_in_the_supply_the_player_takes_them_all() -> None:
    full = tokens("bbbbbaa")
    hands = [full, tokens("wwwwwaa"), tokens("kkkkkaa"), tokens("gggggrr")]
    state = table([(), (), (), ()], hands)
    # 6 of each kind with 4 players: left 1 blue, 1 white, 1 black, 1 green, 4 red, 0 ankh
    state = evolve(
        state, supply=(0, 0, 0, 1, 1, 0), config=evolve(state.config, box=(1, 1, 1, 0, 3, 0))
    )
    moves = [m for m in ankhor.legal_moves(state) if isinstance(m, TakeTokens)]
    assert moves == [TakeTokens((0, 0, 0, 1, 1, 0))]


def test_an_ankh_taken_this_turn_cannot_be_spent_this_turn() -> None:
    state = table([(), ()], [tokens("a"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("abw")))
    assert after.phase is ankhor.Phase.AFTER
    assert after.progress.ankhs_taken == 1
    refreshes = [m for m in ankhor.legal_moves(after) if isinstance(m, Refresh)]
    assert refreshes  # the ankh held before the turn may be spent
    once = ankhor.apply(after, refreshes[0])
    # one ankh is left, the one taken this turn: no ankh action remains, the turn ended
    assert once.current == 1
    assert once.players[0].tokens[5] == 1
    taken = evolve(
        after, players=(evolve(after.players[0], tokens=tokens("abw")), after.players[1])
    )
    (problem,) = ankhor.violations(taken, refreshes[0])
    assert problem.rule == "A-4.1"
    assert "taken this turn" in problem.render()


# ---------------------------------------------------------------- the end of a turn


def test_tokens_above_the_limits_go_back_exactly() -> None:
    state = table([(), ()], [tokens("bbwwka"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("gga")))
    assert after.phase is ankhor.Phase.AFTER  # the ankh held before may still be spent
    after = ankhor.apply(after, EndActions())
    # 7 resources and 2 ankhs after taking: 2 resources go back, no ankh
    assert after.phase is ankhor.Phase.RETURN
    moves = ankhor.legal_moves(after)
    assert all(sum(m.tokens[:5]) == 2 and m.tokens[5] == 0 for m in moves)  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError) as caught:
        ankhor.apply(after, ReturnTokens(tokens("b")))
    assert caught.value.rule == "A-3.9"
    done = ankhor.apply(after, ReturnTokens(tokens("gg")))
    assert done.players[state.current].tokens == tokens("bbwwkaa")


def test_stored_tokens_do_not_count_toward_the_limits() -> None:
    box = Box()
    tiles = layout(box, "Bw Bd")
    state = table([tiles, ()], [tokens("bbwwk"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("bgr")))
    # the empty blue warehouse may take one of the three blue tokens first
    assert after.phase is ankhor.Phase.STORE
    assert set(ankhor.legal_moves(after)) == {StoreTokens(()), StoreTokens(((0, 0, 0),))}
    stored = ankhor.apply(after, StoreTokens(((0, 0, 0),)))
    assert stored.phase is ankhor.Phase.RETURN
    assert all(sum(m.tokens) == 2 for m in ankhor.legal_moves(stored))  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("removal", "players", "bought", "removed"),
    [
        (Removal.REFRESH_ONLY, 2, False, 0),
        (Removal.EVERY_TURN, 2, False, 1),
        (Removal.EVERY_TURN, 2, True, 1),
        (Removal.NOTHING_BOUGHT, 2, False, 1),
        (Removal.NOTHING_BOUGHT, 2, True, 0),
        (Removal.EVERY_TURN, 3, False, 0),
    ],
)
def test_q1_removes_the_leftmost_tile_with_two_players(
    removal: Removal, players: int, bought: bool, removed: int
) -> None:
    readings = Interpretations(two_player_removal=removal)
    hands = [RICH] + [tokens()] * (players - 1)
    state = table([()] * players, hands, interpretations=readings)
    leftmost = state.offer[0]
    moves = ankhor.legal_moves(state)
    move = next(
        m
        for m in moves
        if (bought and isinstance(m, BuyTile) and m.slot > 0)
        or (not bought and isinstance(m, TakeTokens))
    )
    after = ankhor.apply(state, move)
    while after.current == state.current and not after.is_over:
        after = ankhor.apply(after, ankhor.legal_moves(after)[0])
    assert len(after.removed) == removed
    assert (leftmost in after.removed) == bool(removed)
    assert all(tile is not None for tile in after.offer)


def until(state: ankhor.GameState, phase: ankhor.Phase) -> ankhor.GameState:
    """The first legal moves played until ``phase`` comes."""
    while state.phase is not phase:
        state = ankhor.apply(state, ankhor.legal_moves(state)[0])
    return state


def test_the_player_chooses_the_pile_of_the_refill() -> None:
    state = table([(), ()], [RICH, tokens()])
    buy = next(m for m in ankhor.legal_moves(state) if isinstance(m, BuyTile) and m.slot == 0)
    after = until(ankhor.apply(state, buy), ankhor.Phase.REFILL)
    # the offer is closed up, the gap at the right
    assert after.offer[:5] == state.offer[1:]
    assert after.offer[5] is None
    assert set(ankhor.legal_moves(after)) == {Refill(0), Refill(1)}
    second = ankhor.apply(after, Refill(1))
    assert second.offer[5] == state.piles[1][0]
    assert second.pile_sizes == (state.pile_sizes[0], state.pile_sizes[1] - 1)


def test_a_refill_continues_from_the_other_pile() -> None:
    state = table([(), ()], [RICH, tokens()])
    rest = [*state.piles[0], *state.piles[1]]
    state = evolve(state, piles=((), tuple(rest)))
    buy = next(m for m in ankhor.legal_moves(state) if isinstance(m, BuyTile) and m.slot == 3)
    after = until(ankhor.apply(state, buy), ankhor.Phase.MAIN)
    # the first pile is empty: no choice, the second refills
    assert after.current != state.current
    assert after.offer[5] == rest[0]


def test_pass_only_when_no_main_action_is_possible() -> None:
    state = ankhor.new_game(["A", "B"], seed=1)
    with pytest.raises(IllegalMoveError) as caught:
        ankhor.apply(state, PassMain())
    assert caught.value.rule == "A-6.3"
    box = evolve(state.config, box=(4,) * 6)
    empty = evolve(state, supply=(0,) * 6, config=evolve(state.config, box=(6,) * 6))
    assert ankhor.legal_moves(empty) == [PassMain()]
    after = ankhor.apply(empty, PassMain())
    assert after.current != empty.current
    assert box.box == (4,) * 6


def test_ending_the_actions_is_asked_only_when_an_ankh_can_be_spent() -> None:
    state = table([(), ()], [tokens("aa"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("bwk")))
    assert after.phase is ankhor.Phase.AFTER
    assert EndActions() in ankhor.legal_moves(after)
    done = ankhor.apply(after, EndActions())
    assert done.current != state.current


def test_every_player_plays_as_many_turns_and_the_round_is_completed() -> None:
    rng = random.Random(4)
    state = ankhor.new_game(["A", "B", "C"], seed=4)
    trigger = None
    while not state.is_over:
        moves = ankhor.legal_moves(state)
        buys = [m for m in moves if isinstance(m, BuyTile)]
        pick = buys or moves
        before = state
        state = ankhor.apply(state, pick[rng.randrange(len(pick))])
        if trigger is None and state.ending:
            trigger = (before.current, before.players[before.current].turns)
    assert trigger is not None
    turns = {p.turns for p in state.players}
    assert len(turns) == 1
    # the round of the 13th tile is completed, and no other round is begun
    assert turns.pop() == trigger[1] + 1
