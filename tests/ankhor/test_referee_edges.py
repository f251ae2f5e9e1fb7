"""The referee at the edges of the rules of a turn: moves just outside the rules of taking
tokens and buying (A-3.2 to A-3.6), of the end of a turn and of the game (A-3.9, A-5,
A-6) and of the ankh actions (A-4), each refused with its rule, and the exact state that
follows the moves just inside them, on positions drawn by hand."""

from __future__ import annotations

import pytest
from attrs import evolve

from fertility_rules import ankhor
from fertility_rules.ankhor.interpretations import Height, Interpretations, Moving
from fertility_rules.ankhor.model import Colour, Kind, Tokens
from fertility_rules.ankhor.moves import (
    BuyTile,
    EndActions,
    MoveTile,
    PassMain,
    Refill,
    Refresh,
    ReturnTokens,
    StoreTokens,
    TakeTokens,
)
from fertility_rules.errors import MalformedInputError
from tests.ankhor.helpers import Box, layout, table, tokens

B, W, K, G, R = Colour.BLUE, Colour.WHITE, Colour.BLACK, Colour.GREEN, Colour.RED

PRICES = ((B, W), (B, W), (K, G), (B, W, R), (K, G, R), (B, B, W))
"""A price board drawn by hand (2, 2, 2, 3, 3, 3 markers, Q-6): what each slot costs
is read from here, not from a random deal."""


def priced(state: ankhor.GameState) -> ankhor.GameState:
    """``state`` with the price board :data:`PRICES`."""
    return evolve(state, config=evolve(state.config, prices=PRICES))


def rules(state: ankhor.GameState, move: ankhor.Move) -> list[str]:
    return [problem.rule for problem in ankhor.violations(state, move)]


def play_turn(state: ankhor.GameState, move: ankhor.Move) -> ankhor.GameState:
    """``move``, then the end of the turn: no ankh action, and the first choice listed at
    each decision that follows, until the next turn or the end of the game."""
    state = ankhor.apply(state, move)
    while state.phase not in (ankhor.Phase.MAIN, ankhor.Phase.OVER):
        moves = ankhor.legal_moves(state)
        state = ankhor.apply(state, EndActions() if EndActions() in moves else moves[0])
    return state


# ---------------------------------------------------------------- take tokens


def test_a3_2_refuses_a_negative_number_of_tokens() -> None:
    state = table([(), ()])
    # -1 blue + 2 white + 2 black is 3 in all, but a count cannot be negative
    assert rules(state, TakeTokens((-1, 2, 2, 0, 0, 0))) == ["A-3.2"]


def test_a3_2_refuses_more_tokens_of_a_kind_than_its_pile_holds() -> None:
    state = table([(), ()], [tokens("bb"), tokens()])
    # 4 blue tokens with 2 players, 2 in the first player's hand: 2 left in the pile
    assert state.supply[Colour.BLUE] == 4 - 2
    assert rules(state, TakeTokens(tokens("bbb"))) == ["A-3.2"]
    assert ankhor.is_legal(state, TakeTokens(tokens("bbw")))


def test_a3_2_with_two_tokens_left_exactly_those_two_are_taken() -> None:
    state = table([(), ()])
    # the supply holds 1 white and 1 red token only: 2 < 3, both are taken, no fewer
    state = evolve(
        state, supply=(0, 1, 0, 0, 1, 0), config=evolve(state.config, box=(4, 3, 4, 4, 3, 4))
    )
    assert rules(state, TakeTokens(tokens("w"))) == ["A-3.2"]
    assert [m for m in ankhor.legal_moves(state) if isinstance(m, TakeTokens)] == [
        TakeTokens(tokens("wr"))
    ]
    after = ankhor.apply(state, TakeTokens(tokens("wr")))
    assert after.players[0].tokens == tokens("wr")
    assert after.supply == (0, 0, 0, 0, 0, 0)


def test_a4_1_every_ankh_taken_this_turn_is_kept_from_spending() -> None:
    state = table([(), ()], [tokens("a"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("aab")))
    # 1 ankh held before + 2 taken = 3 held, 2 of them taken this turn: 3 - 2 = 1 may
    # be spent, so one refresh ends the ankh actions and the turn
    assert after.progress.ankhs_taken == 2
    assert after.phase is ankhor.Phase.AFTER
    once = ankhor.apply(after, Refresh(0))
    assert once.phase is not ankhor.Phase.AFTER
    assert once.players[0].tokens[5] == 2


# ---------------------------------------------------------------- buy a tile


@pytest.mark.parametrize("slot", [-1, 6])
def test_a3_3_refuses_a_slot_outside_the_offer(slot: int) -> None:
    state = table([(), ()], [tokens("bbwwkkggrr"), tokens()])
    # the offer has slots 0 to 5
    assert rules(state, BuyTile(slot, (0, 0, 0))) == ["A-3.3"]


def test_a3_3_refuses_an_empty_slot() -> None:
    state = table([(), ()], [tokens("bbwwkkggrr"), tokens()])
    state = evolve(state, offer=(*state.offer[:5], None))
    assert rules(state, BuyTile(5, (0, 0, 0))) == ["A-3.3"]
    assert not [m for m in ankhor.legal_moves(state) if isinstance(m, BuyTile) and m.slot == 5]


def test_a3_3_a_player_one_token_short_cannot_buy() -> None:
    # slot 3 costs blue + white + red; the player holds blue and white but no red
    state = priced(table([(), ()], [tokens("bwkkgg"), tokens()]))
    assert rules(state, BuyTile(3, (0, 0, 0))) == ["A-3.3"]
    assert ankhor.is_legal(state, BuyTile(1, (0, 0, 0)))  # blue + white: held
    slots = {m.slot for m in ankhor.legal_moves(state) if isinstance(m, BuyTile)}
    # 0 and 1 (blue + white), 2 (black + green); not 3, 4 (no red), 5 (a second blue)
    assert slots == {0, 1, 2}


def test_a3_3_buying_takes_the_tile_out_of_the_offer_and_pays_the_markers() -> None:
    state = priced(table([(), ()], [tokens("bbkgr"), tokens()]))
    tile = state.offer[4]
    assert tile is not None
    assert tile.kind is not Kind.WAREHOUSE
    after = ankhor.apply(state, BuyTile(4, (0, 0, 0)))
    # black + green + red paid from b b k g r: b b are left, and the three go back
    assert after.players[0].tokens == tokens("bb")
    assert after.supply == (4 - 2, 4, 4 - 1 + 1, 4 - 1 + 1, 4 - 1 + 1, 4)
    assert [p.tile for p in after.players[0].tiles] == [tile]
    assert tile not in after.offer


def test_a3_6_a_bought_warehouse_takes_a_token_of_its_colour() -> None:
    state = priced(table([(), ()], [tokens("bwrk"), tokens()]))
    tile = state.offer[3]
    assert tile is not None
    assert tile.kind is Kind.WAREHOUSE
    assert tile.colour is K
    after = ankhor.apply(state, BuyTile(3, (0, 0, 0)))
    # blue + white + red paid from b w r k: k is left in hand; the black warehouse
    # takes a black token from the supply, which held 4 - 1 (in hand) = 3
    assert after.players[0].tokens == tokens("k")
    assert after.players[0].stored == ((0, 0, 0),)
    assert after.supply == (4, 4, 4 - 1 - 1, 4, 4, 4)


def test_a3_4_refuses_a_negative_level() -> None:
    box = Box()
    state = table([layout(box, "Gd"), ()], [tokens("bbwwkkggrr"), tokens()])
    assert rules(state, BuyTile(0, (-1, 1, 0))) == ["A-3.4"]


def test_a3_5_a_base_tile_pays_every_marker() -> None:
    box = Box()
    state = priced(table([layout(box, "Gd"), ()], [tokens("bbwwkkggrr"), tokens()]))
    # (0, 1, 0) touches the green desert, but a tile on the base costs all its markers
    assert rules(state, BuyTile(0, (0, 1, 0), B)) == ["A-3.5"]
    assert ankhor.is_legal(state, BuyTile(0, (0, 1, 0)))


def test_a3_5_the_unpaid_marker_is_one_of_the_slot() -> None:
    box = Box()
    tiles = layout(box, "Gd Rd\nKd Wd")
    state = priced(table([tiles, ()], [tokens("bbwwkkggrr"), tokens()]))
    tile = state.offer[2]
    assert tile is not None
    assert tile.colour is K  # a black tile may rest on the black desert
    # slot 2 shows black and green: red is not among its markers
    on_top = (1, 0, 0)
    assert rules(state, BuyTile(2, on_top, R)) == ["A-3.5"]
    assert ankhor.is_legal(state, BuyTile(2, on_top, K))


def test_a3_6_a_stored_token_pays_before_one_in_hand() -> None:
    box = Box()
    # a blue warehouse holding its token, the first tile; a tile bought for slot 0 goes
    # next to it on the base
    state = priced(
        table([layout(box, "Bw"), ()], [tokens("bw"), tokens()], stored={0: [(0, 0, 0)]})
    )
    after = ankhor.apply(state, BuyTile(0, (0, 1, 0)))
    # slot 0 costs blue + white: the stored blue token pays, the blue in hand stays
    assert after.players[0].stored == ()
    assert after.players[0].tokens == tokens("b")
    # supply: 4 blue - 1 in hand - 1 stored + 1 paid; 4 white - 1 + 1 paid
    assert after.supply[:2] == (4 - 1 - 1 + 1, 4)


def test_a6_1_the_thirteenth_tile_triggers_the_end() -> None:
    box = Box()
    twelve = layout(box, "Gd Gs Gv Gv Gj Gj\nRd Rs Rv Rv Rj Rj")
    eleven = layout(Box(), "Gd Gs Gv Gv Gj Gj\nRd Rs Rv Rv Rj")
    hand = tokens("bbwwkkggrr")
    # 12 tiles + 1 bought = 13: the end is triggered; 11 + 1 = 12: not yet
    assert len(twelve) == 12
    assert len(eleven) == 11
    ends = ankhor.apply(table([twelve, ()], [hand, tokens()]), BuyTile(0, (0, 6, 0)))
    assert ends.ending
    goes_on = ankhor.apply(table([eleven, ()], [hand, tokens()]), BuyTile(0, (0, 5, 1)))
    assert not goes_on.ending


def test_a6_3_no_pass_while_a_tile_can_be_paid_for() -> None:
    state = table([(), ()], [tokens("bbwwkkggrr"), tokens()])
    # the supply is empty, but the player can still buy a tile
    state = evolve(state, supply=(0,) * 6)
    assert rules(state, PassMain()) == ["A-6.3"]
    assert PassMain() not in ankhor.legal_moves(state)
    poor = evolve(state, players=(evolve(state.players[0], tokens=tokens()), state.players[1]))
    assert ankhor.legal_moves(poor) == [PassMain()]
    assert ankhor.is_legal(poor, PassMain())


# ---------------------------------------------------------------- the end of a turn


def test_a3_9_an_ankh_token_above_two_goes_back() -> None:
    state = table([(), ()], [tokens("aabw"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("akg")))
    # 2 ankhs held + 1 taken = 3 > 2; resources b w k g = 4 <= 5: one ankh goes back,
    # once the player ends the ankh actions the 2 ankhs held before allow
    assert after.phase is ankhor.Phase.AFTER
    after = ankhor.apply(after, EndActions())
    assert after.phase is ankhor.Phase.RETURN
    assert ankhor.legal_moves(after) == [ReturnTokens(tokens("a"))]
    assert rules(after, ReturnTokens(tokens("b"))) == ["A-3.9"]
    done = ankhor.apply(after, ReturnTokens(tokens("a")))
    assert done.players[0].tokens == tokens("aabwkg")
    assert done.supply[5] == 4 - 3 + 1


@pytest.mark.parametrize(
    "returned",
    [
        (-1, 0, 0, 0, 3, 0),  # a negative count, though 2 in all
        (0, 0, 0, 0, 0, 0),  # nothing, 2 too few
        (0, 0, 0, 3, 0, 0),  # 3 greens: the player holds 2
        (0, 0, 0, 0, 3, 0),  # 3 reds: one more than the excess
    ],
)
def test_a3_9_exactly_the_excess_goes_back_from_the_hand(returned: Tokens) -> None:
    state = table([(), ()], [tokens("bwkr"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("ggr")))
    # 4 resources + 3 taken = 7 > 5: 2 resources go back
    assert after.phase is ankhor.Phase.RETURN
    assert rules(after, ReturnTokens(returned)) == ["A-3.9"]
    assert ankhor.is_legal(after, ReturnTokens(tokens("rr")))
    done = ankhor.apply(after, ReturnTokens(tokens("rr")))
    assert done.players[0].tokens == tokens("bwkgg")
    # red: 4 - 1 held - 1 taken + 2 returned = 4
    assert done.supply[Colour.RED] == 4


def test_a3_9_resources_and_ankhs_above_their_limits_go_back_together() -> None:
    state = table([(), ()], [tokens("bbwwkaa"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("agg")))
    assert after.phase is ankhor.Phase.AFTER  # the 2 ankhs held before may be spent
    after = ankhor.apply(after, EndActions())
    # 5 + 2 = 7 resources (2 back) and 3 ankhs (1 back)
    assert after.phase is ankhor.Phase.RETURN
    moves = ankhor.legal_moves(after)
    assert ReturnTokens(tokens("gga")) in moves
    assert all(sum(m.tokens[:5]) == 2 and m.tokens[5] == 1 for m in moves)  # type: ignore[union-attr]
    assert rules(after, ReturnTokens(tokens("gg"))) == ["A-3.9"]  # the ankh is missing


# ---------------------------------------------------------------- storage


def store_table(hand: str, stored: bool = False, covered: bool = False) -> ankhor.GameState:
    """A blue warehouse at 0,0 (empty unless ``stored``, under a higher green tile if
    ``covered``) and a blue desert, ``hand`` held, at the start of the turn."""
    box = Box()
    drawing = layout(box, "Bw Gd\nGs Gv", (0, 0, "Gj")) if covered else layout(box, "Bw Gd")
    return table(
        [drawing, ()], [tokens(hand), tokens()], stored={0: [(0, 0, 0)]} if stored else None
    )


def store_phase(hand: str, stored: bool = False, covered: bool = False) -> ankhor.GameState:
    """:func:`store_table`, the main action taking black, green and red."""
    return ankhor.apply(store_table(hand, stored, covered), TakeTokens(tokens("kgr")))


def test_a3_6_an_empty_warehouse_may_take_a_token_of_its_colour() -> None:
    after = store_phase("bw")
    # a blue warehouse, a blue token in hand: storing it or not
    assert after.phase is ankhor.Phase.STORE
    assert set(ankhor.legal_moves(after)) == {StoreTokens(()), StoreTokens(((0, 0, 0),))}
    done = ankhor.apply(after, StoreTokens(((0, 0, 0),)))
    assert done.players[0].stored == ((0, 0, 0),)
    # b w + k g r = 5 in hand, the blue one goes to the warehouse: w k g r are left
    assert done.players[0].tokens == tokens("wkgr")
    assert done.current == 1


@pytest.mark.parametrize(
    ("hand", "stored", "covered"),
    [("w", False, False), ("bw", True, False), ("bw", False, True)],
    ids=["no blue token", "already full", "under a tile"],
)
def test_a3_6_no_storing_without_a_token_on_a_full_or_covered_warehouse(
    hand: str, stored: bool, covered: bool
) -> None:
    # the turn ends without the decision of storing...
    after = store_phase(hand, stored, covered)
    assert after.phase is not ankhor.Phase.STORE
    assert after.current == 1
    # ...and, asked anyway at the end of the first player's turn, the warehouse is refused
    asked = evolve(store_table(hand + "kgr", stored, covered), phase=ankhor.Phase.STORE)
    assert ankhor.legal_moves(asked) == [StoreTokens(())]
    assert rules(asked, StoreTokens(((0, 0, 0),))) == ["A-3.6"]
    full = "bkgr" if stored else "kgr"
    # control: the same decision with an empty, uncovered warehouse and a blue token
    control = evolve(store_table("b" + full), phase=ankhor.Phase.STORE)
    assert ankhor.is_legal(control, StoreTokens(((0, 0, 0),)))


def two_warehouses() -> ankhor.Catalogue:
    """An owner's catalogue of 55 tiles with two warehouses and one value tile per family
    (5 x (2 + 2 + 2 + 1 + 2 + 1 + 1) = 55), as A-1 lets an owner correct the default."""
    default = ankhor.default_catalogue()
    per_colour = {Kind.WAREHOUSE: 2, Kind.VALUE: 1}
    entries = tuple(
        evolve(entry, per_colour=per_colour.get(entry.kind, entry.per_colour))
        for entry in default.entries
    )
    return evolve(default, name="two-warehouses", entries=entries)


@pytest.mark.parametrize(("hand", "fillable"), [("b", 1), ("bb", 2)])
def test_a3_6_each_stored_token_is_one_of_the_players_tokens(hand: str, fillable: int) -> None:
    catalogue = two_warehouses()
    tiles = layout(Box(catalogue), "Bw Bw")
    state = table([tiles, ()], [tokens(hand), tokens()], catalogue=catalogue)
    after = ankhor.apply(state, TakeTokens(tokens("kgr")))
    both = StoreTokens(((0, 0, 0), (0, 1, 0)))
    # two empty blue warehouses: as many can be filled as blue tokens are held
    assert after.phase is ankhor.Phase.STORE
    sizes = {len(m.warehouses) for m in ankhor.legal_moves(after)}  # type: ignore[union-attr]
    assert sizes == set(range(fillable + 1))
    if fillable == 1:
        assert rules(after, both) == ["A-3.6"]
        return
    done = ankhor.apply(after, both)
    # b b + k g r in hand, both blue tokens go onto the warehouses: k g r are left
    assert done.players[0].tokens == tokens("kgr")
    assert done.players[0].stored == ((0, 0, 0), (0, 1, 0))


def test_a3_6_a_warehouse_is_named_once() -> None:
    after = store_phase("bbw")
    assert after.phase is ankhor.Phase.STORE
    assert rules(after, StoreTokens(((0, 0, 0), (0, 0, 0)))) == ["A-3.6"]
    assert rules(after, StoreTokens(((0, 1, 0),))) == ["A-3.6"]  # the desert is no warehouse


# ---------------------------------------------------------------- the offer


def until_refill(state: ankhor.GameState) -> ankhor.GameState:
    """The first legal moves played until the refill is asked for (or the next turn)."""
    while state.phase not in (ankhor.Phase.REFILL, ankhor.Phase.MAIN):
        state = ankhor.apply(state, ankhor.legal_moves(state)[0])
    return state


def test_a5_1_there_are_two_draw_piles() -> None:
    state = table([(), ()], [tokens("bbwwkkggrr"), tokens()])
    after = until_refill(ankhor.apply(state, BuyTile(0, (0, 0, 0))))
    # a gap in the offer and tiles in both piles: the player chooses the pile
    assert after.phase is ankhor.Phase.REFILL
    assert ankhor.is_legal(after, Refill(0))
    assert ankhor.is_legal(after, Refill(1))
    for pile in (2, -1):  # no such pile: refused as the move is made
        with pytest.raises(MalformedInputError) as caught:
            Refill(pile)
        assert caught.value.problems[0].rule == "A-2.4"


@pytest.mark.parametrize("empty", [0, 1])
def test_a5_1_with_one_pile_empty_the_other_refills_without_a_choice(empty: int) -> None:
    state = priced(table([(), ()], [tokens("kg"), tokens()]))
    rest = tuple([*state.piles[0], *state.piles[1]])
    state = evolve(state, piles=((), rest) if empty == 0 else (rest, ()))
    # slot 2 costs black + green, all the player holds: no token to return, no ankh, so
    # the purchase ends the turn at once; no pile is asked for, only one has tiles
    after = ankhor.apply(state, BuyTile(2, (0, 0, 0)))
    assert after.phase is ankhor.Phase.MAIN
    assert after.current == 1
    # slots 0, 1, 3, 4, 5 close up to 0 to 4; slot 5 takes the top of the other pile
    assert after.offer == (*state.offer[:2], *state.offer[3:], rest[0])
    sizes = [len(rest) - 1, len(rest) - 1]
    sizes[empty] = 0
    assert after.pile_sizes == tuple(sizes)


def test_a5_1_with_both_piles_empty_the_offer_keeps_a_gap() -> None:
    state = table([(), (), ()], [tokens("bbwwkkggrr"), tokens()])
    state = evolve(state, piles=((), ()))
    after = play_turn(state, BuyTile(0, (0, 0, 0)))
    # five tiles left, closed up to the left; player 0 is not the last of the round
    assert after.offer == (*state.offer[1:], None)
    assert after.current == 1
    assert not after.is_over


# ---------------------------------------------------------------- the end


@pytest.mark.parametrize(
    ("first", "current", "over"),
    [(0, 1, False), (0, 2, True), (1, 0, True), (1, 2, False)],
)
def test_a6_1_the_round_ends_with_the_player_before_the_start_player(
    first: int, current: int, over: bool
) -> None:
    state = table([(), (), ()])
    state = evolve(state, config=evolve(state.config, first=first), current=current, ending=True)
    # 3 players: the round of start player `first` ends with player (first - 1) mod 3
    after = play_turn(state, TakeTokens(tokens("bwk")))
    assert after.is_over is over
    if not over:
        assert after.current == (current + 1) % 3
        assert after.phase is ankhor.Phase.MAIN
        assert after.turn == state.turn + 1  # the next player's turn is the next turn
    assert after.players[current].turns == 1


@pytest.mark.parametrize(
    ("tile_left", "current", "over"), [(False, 1, True), (True, 1, False), (False, 0, False)]
)
def test_a6_2_the_game_ends_with_the_round_when_no_tile_is_left(
    tile_left: bool, current: int, over: bool
) -> None:
    state = table([(), ()])
    offer = (state.offer[0], None, None, None, None, None) if tile_left else (None,) * 6
    state = evolve(state, piles=((), ()), offer=offer, current=current)
    # 2 players, start player 0: the round ends with player 1
    after = play_turn(state, TakeTokens(tokens("bwk")))
    assert after.is_over is over


# ---------------------------------------------------------------- ankh actions


def test_a4_1_an_ankh_action_needs_an_ankh_token() -> None:
    box = Box()
    state = table([layout(box, "Gd Rd"), ()], [tokens("bw"), tokens()])
    assert rules(state, Refresh(0)) == ["A-4.1"]
    assert rules(state, MoveTile((0, 1, 0), (0, 0, 1))) == ["A-4.1"]
    assert not [m for m in ankhor.legal_moves(state) if isinstance(m, Refresh | MoveTile)]


def test_a4_2_a_refresh_draws_from_a_pile_that_has_tiles() -> None:
    state = table([(), ()], [tokens("a"), tokens()])
    rest = [*state.piles[0], *state.piles[1]]
    state = evolve(state, piles=((), tuple(rest)))
    # the first pile is empty: only the second can refill the offer
    assert rules(state, Refresh(0)) == ["A-4.2"]
    assert rules(state, Refresh(None)) == ["A-4.2"]  # a pile must be named
    assert [m for m in ankhor.legal_moves(state) if isinstance(m, Refresh)] == [Refresh(1)]
    after = ankhor.apply(state, Refresh(1))
    assert after.offer == (*state.offer[1:], rest[0])


def test_a4_2_with_both_piles_empty_a_refresh_only_removes_the_leftmost_tile() -> None:
    state = table([(), ()], [tokens("a"), tokens()])
    state = evolve(state, piles=((), ()))
    assert [m for m in ankhor.legal_moves(state) if isinstance(m, Refresh)] == [Refresh(None)]
    assert rules(state, Refresh(0)) == ["A-4.2"]
    assert rules(state, Refresh(1)) == ["A-4.2"]
    after = ankhor.apply(state, Refresh(None))
    # the five other tiles shift left, nothing refills the sixth slot
    assert after.offer == (*state.offer[1:], None)
    assert after.removed == (state.offer[0],)
    assert after.players[0].tokens == tokens()
    assert after.supply[5] == 4 - 1 + 1


def test_a4_2_no_refresh_of_an_empty_offer_but_a_tile_may_still_move() -> None:
    box = Box()
    state = table([layout(box, "Gd Rd"), ()], [tokens("a"), tokens()])
    state = evolve(state, piles=((), ()), offer=(None,) * 6)
    assert rules(state, Refresh(None)) == ["A-4.2"]
    # no tile to buy: the player takes tokens, and the ankh may still move a tile
    after = ankhor.apply(state, TakeTokens(tokens("bwk")))
    assert after.phase is ankhor.Phase.AFTER
    moved = ankhor.apply(after, MoveTile((0, 1, 0), (0, 0, 1)))
    assert {p.position for p in moved.players[0].tiles} == {(0, 0, 0), (0, 0, 1)}
    alone = table([layout(Box(), "Gd"), ()], [tokens("a"), tokens()])
    alone = evolve(alone, piles=((), ()), offer=(None,) * 6)
    # a single tile has no other base tile to move next to: the turn simply ends
    assert ankhor.apply(alone, TakeTokens(tokens("bwk"))).current == 1


def test_a4_3_the_moved_tile_must_be_the_players() -> None:
    box = Box()
    state = table([layout(box, "Gd Rd"), ()], [tokens("a"), tokens()])
    assert rules(state, MoveTile((0, 5, 5), (0, 0, 1))) == ["A-4.3"]


def test_a4_3_a_base_tile_stays_on_the_base_and_a_higher_tile_above_it() -> None:
    box = Box()
    tiles = layout(box, "Gd Rd Kd\nWd Bd Kf", (0, 0, "Gj"))
    state = table([tiles, ()], [tokens("a"), tokens()])
    # the black falcon at 2,1 carries nothing; level 1 at 1,0 rests on four tiles
    assert rules(state, MoveTile((0, 2, 1), (1, 1, 0))) == ["A-4.3"]
    assert ankhor.is_legal(state, MoveTile((0, 2, 1), (0, 3, 0)))
    # the green jackal on level 1 may not go down to an empty base space
    assert rules(state, MoveTile((1, 0, 0), (0, 3, 0))) == ["A-4.3"]
    assert ankhor.is_legal(state, MoveTile((1, 0, 0), (1, 1, 0)))


def test_q4_a_higher_tile_moves_no_higher_than_the_level_above_the_base() -> None:
    box = Box()
    # a 4 x 3 base; on level 1 a red square of four at 0,0 and a blue jackal at 2,1
    # (on the base tiles at 2,1 3,1 2,2 3,2), which may rest on the red square on level 2
    tiles = layout(box, "Gd Gs Gv Gv\nGj Gj Gb Gb\nGf Gf Gw Kd", (0, 0, "Rd Rs .\nRv Rj Bj"))
    default = table([tiles, ()], [tokens("a"), tokens()])
    move = MoveTile((1, 2, 1), (2, 0, 0))
    assert ankhor.is_legal(default, move)
    state = evolve(
        default,
        config=evolve(default.config, interpretations=Interpretations(height=Height.BASE_ONLY)),
    )
    assert rules(state, move) == ["A-4.3"]
    listed = [m for m in ankhor.legal_moves(state) if isinstance(m, MoveTile)]
    assert move in ankhor.legal_moves(default)
    assert move not in listed
    assert all(m.target[0] <= 1 for m in listed)


def test_a3_6_a_warehouse_moves_with_its_token() -> None:
    box = Box()
    state = table([layout(box, "Bw Gd"), ()], [tokens("a"), tokens()], stored={0: [(0, 0, 0)]})
    after = ankhor.apply(state, MoveTile((0, 0, 0), (0, 1, 1)))
    # the warehouse goes below the desert and keeps its blue token
    assert after.players[0].stored == ((0, 1, 1),)
    assert after.supply[Colour.BLUE] == 4 - 1


def test_a4_3_a_tile_moved_onto_a_warehouse_returns_its_token() -> None:
    box = Box()
    tiles = layout(box, "Gd Rd Bw\nWd Kd Kf", (0, 0, "Gj"))
    state = table([tiles, ()], [tokens("a"), tokens()], stored={0: [(0, 2, 0)]})
    # the green jackal moves from 0,0 to 1,0 on level 1: over Rd Bw Kd Kf, the blue
    # warehouse among them; its token goes back to the supply
    after = ankhor.apply(state, MoveTile((1, 0, 0), (1, 1, 0)))
    assert after.players[0].stored == ()
    assert after.supply[Colour.BLUE] == 4 - 1 + 1
    assert after.players[0].tokens == tokens()


def test_a4_1_the_refusal_of_a_third_ankh_names_the_limit_of_two() -> None:
    state = table([(), ()], [tokens("aaa"), tokens()])
    twice = ankhor.apply(ankhor.apply(state, Refresh(0)), Refresh(0))
    # 3 ankhs held, 2 spent: one is left, but the limit of 2 a turn is reached
    assert twice.players[0].tokens[5] == 1
    (problem,) = ankhor.violations(twice, Refresh(0))
    assert problem.rule == "A-4.1"
    assert "At most 2" in problem.render()


def test_a4_2_with_the_second_pile_empty_the_first_is_named() -> None:
    state = table([(), ()], [tokens("a"), tokens()])
    rest = [*state.piles[0], *state.piles[1]]
    state = evolve(state, piles=(tuple(rest), ()))
    assert rules(state, Refresh(None)) == ["A-4.2"]
    assert rules(state, Refresh(1)) == ["A-4.2"]
    assert [m for m in ankhor.legal_moves(state) if isinstance(m, Refresh)] == [Refresh(0)]


def test_a4_3_a_higher_tile_moves_to_another_place_not_onto_itself() -> None:
    box = Box()
    # a 3 x 3 base and a red square of four on level 1: the red jackal at 1,1 on level 1
    # cannot stay where it is, nor go to 0,0 on level 2, which rests on itself
    tiles = layout(box, "Gd Gs Gv\nGj Gj Gb\nGf Gf Gb", (0, 0, "Rd Rs\nRv Rj"))
    state = table([tiles, ()], [tokens("a"), tokens()])
    assert rules(state, MoveTile((1, 1, 1), (1, 1, 1))) == ["A-4.3"]
    assert rules(state, MoveTile((1, 1, 1), (2, 0, 0))) == ["A-4.3"]
    targets = {m.target for m in ankhor.legal_moves(state) if isinstance(m, MoveTile)}
    assert (2, 0, 0) not in targets


def test_q4_under_base_only_a_higher_tile_still_moves_on_level_1() -> None:
    box = Box()
    # a 4 x 2 base and a green jackal on level 1 at 0,0: it may go to 1,0 or 2,0
    tiles = layout(box, "Gd Rd Kd Wd\nWf Bd Kf Bf", (0, 0, "Gj"))
    readings = Interpretations(height=Height.BASE_ONLY)
    state = table([tiles, ()], [tokens("a"), tokens()], interpretations=readings)
    assert ankhor.is_legal(state, MoveTile((1, 0, 0), (1, 2, 0)))
    assert ankhor.is_legal(state, MoveTile((1, 0, 0), (1, 1, 0)))
    targets = {
        m.target
        for m in ankhor.legal_moves(state)
        if isinstance(m, MoveTile) and m.origin == (1, 0, 0)
    }
    assert targets == {(1, 1, 0), (1, 2, 0)}


def test_q5_the_moves_listed_follow_the_reading_for_one_and_the_same_layout() -> None:
    box = Box()
    free = table([layout(box, "Gd Rd Kd"), ()], [tokens("a"), tokens()])
    kept = evolve(
        free, config=evolve(free.config, interpretations=Interpretations(moving=Moving.CONNECTED))
    )
    assert kept.players[0].tiles is free.players[0].tiles
    gap = MoveTile((0, 1, 0), (0, 0, 1))  # the middle tile leaves a gap
    # listed under the default reading first, then under Q-5's alternative, and back
    assert gap in ankhor.legal_moves(free)
    assert gap not in ankhor.legal_moves(kept)
    assert gap in ankhor.legal_moves(free)


@pytest.mark.parametrize("colour", list(Colour))
def test_a4_3_a_tile_moved_onto_a_warehouse_returns_a_token_of_its_colour(
    colour: Colour,
) -> None:
    letter = "BWKGR"[colour]
    box = Box()
    others = [c for c in "BWKGR" if c != letter]
    # the warehouse at 2,0 holds a token of its colour; the jackal on level 1 moves from
    # 0,0 to 1,0, over the warehouse
    drawing = f"{others[0]}d {others[1]}d {letter}w\n{others[2]}d {others[3]}d {others[0]}f"
    tiles = layout(box, drawing, (0, 0, f"{others[0]}j"))
    state = table([tiles, ()], [tokens("a"), tokens()], stored={0: [(0, 2, 0)]})
    after = ankhor.apply(state, MoveTile((1, 0, 0), (1, 1, 0)))
    expected = list(state.supply)
    expected[colour] += 1  # the stored token
    expected[5] += 1  # the ankh spent
    assert after.supply == tuple(expected)
    assert after.players[0].stored == ()


def test_a4_3_a_tile_moved_onto_two_full_warehouses_returns_both_tokens() -> None:
    catalogue = two_warehouses()
    tiles = layout(Box(catalogue), "Gd Bw Gs\nGv Bw Gf", (0, 0, "Gj"))
    state = table(
        [tiles, ()],
        [tokens("a"), tokens()],
        stored={0: [(0, 1, 0), (0, 1, 1)]},
        catalogue=catalogue,
    )
    # the jackal moves from 0,0 to 1,0 on level 1, over both blue warehouses
    after = ankhor.apply(state, MoveTile((1, 0, 0), (1, 1, 0)))
    assert after.players[0].stored == ()
    assert after.supply[Colour.BLUE] == 4 - 2 + 2


def test_a4_1_two_ankhs_spent_before_the_main_action_leave_none_after_it() -> None:
    state = table([(), ()], [tokens("aaa"), tokens()])
    twice = ankhor.apply(ankhor.apply(state, Refresh(0)), Refresh(0))
    # 3 ankhs held, 2 spent before the main action: the third may not be spent after
    # it, so taking tokens ends the turn at once
    after = ankhor.apply(twice, TakeTokens(tokens("bwk")))
    assert after.current == 1
    assert after.phase is ankhor.Phase.MAIN


# With the offer empty, the ankh token can only move a tile: whether the turn waits for
# an ankh action after the main action depends on the moves allow.

TALL = """
Gd Gs Gv Gv
Gj Gj Gb Gb
Gf Gf Gw Kd
"""
"""A 4 x 3 base: level 1 has 3 x 2 places over it."""


# Two squares carrying a tile each, joined only by the red desert at 2,1: it is the only
# tile free to move, and every place it can go leaves one square apart.
BRIDGED = """
.  .  .  Kd Kf
Gd Gs Rd Kv Kb
Gv Gj .  .  .
"""


@pytest.mark.parametrize(
    ("readings", "base", "upper", "move", "waits"),
    [
        # the six places of level 1 are all taken and every base tile carries one: the
        # only move left is a level 1 tile going up onto four others (the blue jackal at
        # 2,1 onto the red square at 0,0 of level 2), which Q-4's alternative forbids
        (
            Interpretations(height=Height.ANY_LEVEL),
            TALL,
            "Rd Rs Wd\nRv Rj Bj",
            ((1, 2, 1), (2, 0, 0)),
            True,
        ),
        (Interpretations(height=Height.BASE_ONLY), TALL, "Rd Rs Wd\nRv Rj Bj", None, False),
        # the red desert may move below the green square's corner at 1,2 only if the
        # black square may be cut off
        (
            Interpretations(moving=Moving.FREE),
            BRIDGED,
            ".  .  .  Wd\nWf .  .  .",
            ((0, 2, 1), (0, 2, 2)),
            True,
        ),
        (Interpretations(moving=Moving.CONNECTED), BRIDGED, ".  .  .  Wd\nWf .  .  .", None, False),
    ],
)
def test_an_ankh_waits_only_for_a_move_the_reading_allows(
    readings: Interpretations,
    base: str,
    upper: str,
    move: tuple[tuple[int, int, int], tuple[int, int, int]] | None,
    waits: bool,
) -> None:
    """A-4.1 with Q-4 and Q-5: with the offer empty, the ankh token held can only move a
    tile, so the turn waits for an ankh action after the main action only if the reading
    allows a move."""
    tiles = layout(Box(), base, (0, 0, upper))
    state = table([tiles, ()], [tokens("a"), tokens()], interpretations=readings)
    state = evolve(state, piles=((), ()), offer=(None,) * 6)
    after = ankhor.apply(state, TakeTokens(tokens("bwk")))
    assert (after.phase is ankhor.Phase.AFTER) is waits
    assert (after.current == 0) is waits
    if move is not None:
        assert MoveTile(*move) in ankhor.legal_moves(after)


def test_a3_6_covering_a_full_warehouse_returns_its_token_besides_the_price() -> None:
    catalogue = two_warehouses()
    tiles = layout(Box(catalogue), "Bw Bw\nGd Gs")
    state = table(
        [tiles, ()], [tokens(), tokens()], stored={0: [(0, 0, 0), (0, 1, 0)]}, catalogue=catalogue
    )
    state = priced(state)
    green = next(t for t in state.piles[0] if t.colour is G)
    state = evolve(state, offer=(green, *state.offer[1:]))
    # slot 0 costs blue + white; white goes unpaid on level 1: the blue marker is paid by
    # the stored token of the warehouse at 0,0, and the tile covers the warehouse at
    # 1,0, whose token goes back too: 2 blue tokens back to the supply
    after = ankhor.apply(state, BuyTile(0, (1, 0, 0), W))
    assert after.players[0].stored == ()
    assert after.supply[Colour.BLUE] == state.supply[Colour.BLUE] + 2
    assert state.supply[Colour.BLUE] == 4 - 2
