"""Buying and placing tiles (A-3.3 to A-3.7), bonus tokens (A-3.8, Q-2) and ankh
actions (A-4), on positions drawn as the text board shows them."""

from __future__ import annotations

import pytest
from attrs import evolve

from fertility_rules import ankhor
from fertility_rules.ankhor.interpretations import (
    BonusTokens,
    Height,
    HigherNeighbours,
    Interpretations,
    Moving,
)
from fertility_rules.ankhor.model import Colour, Tile, Tokens
from fertility_rules.ankhor.moves import BuyTile, EndActions, MoveTile, Refresh, TakeTokens
from fertility_rules.errors import IllegalMoveError
from tests.ankhor.helpers import COLOUR_LETTERS, KIND_LETTERS, Box, layout, table, tokens

RICH = tokens("bbbwwwkkkgggrrr")


def offering(state: ankhor.GameState, slot: int, *codes: str) -> ankhor.GameState:
    """``state`` with a catalogue tile of each code moved into the offer from ``slot`` on,
    swapped with the tile there (from a pile or another slot of the offer)."""
    offer = list(state.offer)
    piles = [list(state.piles[0]), list(state.piles[1])]
    for number, code in enumerate(codes):
        colour, kind = COLOUR_LETTERS[code[0]], KIND_LETTERS[code[1]]
        here = slot + number
        places: list[list[Tile | None]] = [offer, *piles]  # type: ignore[list-item]
        found = next(
            (place, index)
            for place in places
            for index, tile in enumerate(place)
            if tile is not None and tile.colour is colour and tile.kind is kind
        )
        place, index = found
        place[index], offer[here] = offer[here], place[index]
    return evolve(state, offer=tuple(offer), piles=(tuple(piles[0]), tuple(piles[1])))


def prices(state: ankhor.GameState, slot: int) -> Tokens:
    counts = [0] * 6
    for colour in state.config.prices[slot]:
        counts[colour] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], 0)


def test_buying_pays_one_token_per_marker_back_to_the_supply() -> None:
    state = table([(), ()], [RICH, tokens()])
    move = BuyTile(4, (0, 0, 0))
    after = ankhor.apply(state, move)
    paid = prices(state, 4)
    assert after.players[0].tokens == tuple(h - p for h, p in zip(RICH, paid, strict=True))
    assert after.supply == tuple(s + p for s, p in zip(state.supply, paid, strict=True))
    assert after.players[0].tiles[0].tile == state.offer[4]


def test_ankh_tokens_never_pay() -> None:
    state = table([(), ()], [tokens("aa"), tokens()])
    assert not [m for m in ankhor.legal_moves(state) if isinstance(m, BuyTile)]
    with pytest.raises(IllegalMoveError) as caught:
        ankhor.apply(state, BuyTile(0, (0, 0, 0)))
    assert caught.value.rule == "A-3.3"


def test_the_first_tile_goes_at_the_origin_and_later_ones_next_to_a_base_tile() -> None:
    state = table([(), ()], [RICH, tokens()])
    assert {m.position for m in ankhor.legal_moves(state) if isinstance(m, BuyTile)} == {(0, 0, 0)}
    (problem,) = ankhor.violations(state, BuyTile(0, (0, 3, 3)))
    assert problem.rule == "A-3.4"
    box = Box()
    state = table([layout(box, "Gd"), ()], [RICH, tokens()])
    places = {m.position for m in ankhor.legal_moves(state) if isinstance(m, BuyTile)}
    assert places == {(0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)}
    assert ankhor.violations(state, BuyTile(0, (0, 1, 1)))[0].rule == "A-3.4"  # diagonal only
    assert ankhor.violations(state, BuyTile(0, (0, 0, 0)))[0].rule == "A-3.4"  # taken


def test_a_higher_tile_rests_on_four_tiles_of_which_one_shares_its_colour() -> None:
    box = Box()
    state = table([layout(box, "Gd Rd\nKd Wd"), ()], [RICH, tokens()])
    state = offering(state, 3, "Gj", "Bj")
    moves = [m for m in ankhor.legal_moves(state) if isinstance(m, BuyTile) and m.position[0]]
    # the green jackal may go on the square (a green desert is under it), the blue not;
    # any tile of the four colours under it may
    slots = {m.slot for m in moves}
    assert 3 in slots
    assert 4 not in slots
    assert all(state.offer[m.slot].colour is not Colour.BLUE for m in moves)  # type: ignore[union-attr]
    assert {m.unpaid for m in moves if m.slot == 3} == set(state.config.prices[3])
    assert (
        ankhor.violations(state, BuyTile(4, (1, 0, 0), state.config.prices[4][0]))[0].rule
        == "A-3.5"
    )
    assert ankhor.violations(state, BuyTile(3, (1, 0, 0)))[0].rule == "A-3.5"  # unpaid missing
    assert (
        ankhor.violations(state, BuyTile(3, (1, 1, 0), state.config.prices[3][0]))[0].rule
        == "A-3.5"
    )


def test_a_higher_tile_costs_one_token_less() -> None:
    box = Box()
    state = offering(table([layout(box, "Gd Rd\nKd Wd"), ()], [RICH, tokens()]), 3, "Gj")
    unpaid = state.config.prices[3][0]
    after = ankhor.apply(state, BuyTile(3, (1, 0, 0), unpaid))
    paid = sum(RICH) - sum(after.players[0].tokens)
    assert paid == len(state.config.prices[3]) - 1
    assert ankhor.violations(state, BuyTile(3, (0, 2, 0), unpaid))[0].rule == "A-3.5"


def test_q4_keeps_every_tile_on_the_base_or_the_level_above() -> None:
    box = Box()
    tiles = layout(box, "Gd Gs Gv\nGj Gj Gb\nGf Gf Gb", (0, 0, "Rd Rs\nRv Rj"))
    state = offering(table([tiles, ()], [RICH, tokens()]), 0, "Rf")
    tops = {m.position[0] for m in ankhor.legal_moves(state) if isinstance(m, BuyTile)}
    assert tops == {0, 2}  # level 1 is full
    base_only = evolve(
        state, config=evolve(state.config, interpretations=Interpretations(height=Height.BASE_ONLY))
    )
    assert {m.position[0] for m in ankhor.legal_moves(base_only) if isinstance(m, BuyTile)} == {0}
    move = BuyTile(0, (2, 0, 0), state.config.prices[0][0])
    assert ankhor.violations(base_only, move)[0].rule == "A-3.5"
    assert ankhor.is_legal(state, move)


def test_a_warehouse_takes_a_token_of_its_colour_from_the_supply() -> None:
    state = offering(table([(), ()], [RICH, tokens()]), 0, "Bw")
    after = ankhor.apply(state, BuyTile(0, (0, 0, 0)))
    player = after.players[0]
    assert player.stored == ((0, 0, 0),)
    paid = prices(state, 0)
    assert after.supply[Colour.BLUE] == state.supply[Colour.BLUE] + paid[Colour.BLUE] - 1
    empty = evolve(
        state,
        supply=(0, *state.supply[1:]),
        config=evolve(
            state.config, box=(state.config.box[0] + state.supply[0], *state.config.box[1:])
        ),
    )
    # the price is paid first: a blue marker puts back the token the warehouse takes
    paid_blue = Colour.BLUE in state.config.prices[0]
    expected = ((0, 0, 0),) if paid_blue else ()
    assert ankhor.apply(empty, BuyTile(0, (0, 0, 0))).players[0].stored == expected


def test_stored_tokens_pay_first_and_covering_a_warehouse_returns_its_token() -> None:
    box = Box()
    tiles = layout(box, "Bw Gd\nRd Kd")
    state = table([tiles, ()], [RICH, tokens()], stored={0: [(0, 0, 0)]})
    state = offering(state, 2, "Bj")
    unpaid = state.config.prices[2][0]
    after = ankhor.apply(state, BuyTile(2, (1, 0, 0), unpaid))
    # the blue token on the warehouse goes back to the supply when the jackal covers it
    assert after.players[0].stored == ()
    back = sum(after.supply) - sum(state.supply)
    assert back == len(state.config.prices[2]) - 1 + 1


def test_a_scribe_gives_a_bonus_turn() -> None:
    state = offering(table([(), ()], [RICH, tokens()]), 0, "Ks")
    after = ankhor.apply(state, BuyTile(0, (0, 0, 0)))
    while after.phase is not ankhor.Phase.MAIN:
        after = ankhor.apply(after, ankhor.legal_moves(after)[0])
    assert after.current == 0
    assert after.progress.bonus
    assert after.turn == state.turn + 1
    assert after.players[0].turns == 1  # the bonus turn does not count for the round
    again = ankhor.apply(
        after, next(m for m in ankhor.legal_moves(after) if isinstance(m, TakeTokens))
    )
    while again.current == 0 and not again.is_over:
        again = ankhor.apply(again, ankhor.legal_moves(again)[0])
    assert again.current == 1
    assert again.players[0].turns == 1


# ---------------------------------------------------------------- bonus tokens


def test_a_group_of_five_takes_a_bonus_token() -> None:
    box = Box()
    state = offering(table([layout(box, "Gd Gs Gv Gj"), ()], [RICH, tokens()]), 0, "Gb")
    after = ankhor.apply(state, BuyTile(0, (0, 4, 0)))
    assert after.players[0].bonus == 1
    assert after.reserve == 11
    empty = evolve(
        state,
        reserve=0,
        players=(evolve(state.players[0], bonus=0), evolve(state.players[1], bonus=12)),
    )
    assert ankhor.apply(empty, BuyTile(0, (0, 4, 0))).players[0].bonus == 0


@pytest.mark.parametrize(
    ("reading", "held"), [(BonusTokens.ONE_PER_GROUP, 1), (BonusTokens.KEPT_ON_MERGE, 2)]
)
def test_merging_two_rewarded_groups_follows_q2(reading: BonusTokens, held: int) -> None:
    box = Box()
    # two green groups of five on one row and one below, joined by a green tile at 2,1
    tiles = layout(box, "Gd Gs . Gj Gj\nGv Gv . Gf Gf\nGb . . . Gb")
    readings = Interpretations(bonus_tokens=reading)
    state = table([tiles, ()], [RICH, tokens()], bonus=[2], interpretations=readings)
    state = offering(state, 0, "Gw")
    after = ankhor.apply(state, BuyTile(0, (0, 2, 0)))
    assert after.players[0].bonus == held
    assert after.reserve == 12 - held


def test_moving_a_tile_that_splits_a_group_below_five_returns_its_token() -> None:
    box = Box()
    tiles = layout(box, "Rd Rs Rv Rj Rf")
    state = table([tiles, ()], [tokens("a"), tokens()], bonus=[1])
    # the red falcon at the end moves next to the desert, below it: 4 and 1 are left apart
    move = MoveTile((0, 2, 0), (0, 0, 1))
    after = ankhor.apply(state, move)
    assert after.players[0].bonus == 0
    assert after.reserve == 12


@pytest.mark.parametrize("reading", list(BonusTokens))
def test_a_tile_forming_a_colour_and_an_animal_group_of_five_takes_two_tokens(
    reading: BonusTokens,
) -> None:
    box = Box()
    # four greens on the top row, four jackals of other families below and to the right
    tiles = layout(box, "Gd Gs Gv Gv .\n.  Bj Rj Kj Wj")
    readings = Interpretations(bonus_tokens=reading)
    state = table([tiles, ()], [RICH, tokens()], interpretations=readings)
    state = offering(state, 0, "Gj")
    after = ankhor.apply(state, BuyTile(0, (0, 4, 0)))
    # the green jackal at the end of the row: green 4 + 1 and jackals 4 + 1, two groups
    # of five formed at once, one token each under both readings of Q-2
    assert after.players[0].bonus == 1 + 1
    assert after.reserve == 12 - 2


@pytest.mark.parametrize("reading", list(BonusTokens))
def test_a_split_returns_one_token_of_two_under_both_readings_of_q2(
    reading: BonusTokens,
) -> None:
    box = Box()
    # red 5 on the top row, blue 5 below it from the second column: a token for each
    tiles = layout(box, "Rd Rs Rv Rj Rf .\n.  Bd Bs Bv Bb Bw")
    readings = Interpretations(bonus_tokens=reading)
    state = table([tiles, ()], [tokens("a"), tokens()], bonus=[2], interpretations=readings)
    # the red value tile moves below the red desert: red 3 (Rd Rs Rv) and 2 (Rj Rf);
    # the blue group of 5 keeps its token
    after = ankhor.apply(state, MoveTile((0, 2, 0), (0, 0, 1)))
    assert after.players[0].bonus == 2 - 1
    assert after.reserve == 12 - 2 + 1


@pytest.mark.parametrize("reading", list(BonusTokens))
def test_a_group_formed_on_an_empty_reserve_earns_nothing_later(reading: BonusTokens) -> None:
    box = Box()
    # A green group of 5 that formed while the reserve was empty, so it earned nothing;
    # since then a token came back: the reserve holds 1, Bek the other 11.
    tiles = layout(box, "Gd Gs Gv Gj Gb")
    readings = Interpretations(bonus_tokens=reading)
    state = table([tiles, ()], [RICH, tokens()], bonus=[0, 11], interpretations=readings)
    state = offering(state, 0, "Rd")
    # a red desert below the green desert forms no group: the token is not owed
    after = ankhor.apply(state, BuyTile(0, (0, 0, 1)))
    assert (after.players[0].bonus, after.reserve) == (0, 1)


@pytest.mark.parametrize("reading", list(BonusTokens))
def test_a_move_that_forms_no_group_takes_no_late_token(reading: BonusTokens) -> None:
    box = Box()
    tiles = layout(box, "Gd Gs Gv Gj Gb\nRd")
    readings = Interpretations(bonus_tokens=reading)
    state = table([tiles, ()], [tokens("a"), tokens()], bonus=[0, 11], interpretations=readings)
    # the red desert moves one space right, still below the greens
    after = ankhor.apply(state, MoveTile((0, 0, 1), (0, 1, 1)))
    assert (after.players[0].bonus, after.reserve) == (0, 1)


@pytest.mark.parametrize("reading", list(BonusTokens))
@pytest.mark.parametrize("reserve", [0, 3])
def test_a_move_that_dissolves_a_group_and_forms_another_keeps_one_token(
    reading: BonusTokens, reserve: int
) -> None:
    box = Box()
    # a rewarded green group of 5 on the top row, 4 greens apart on the third row
    tiles = layout(box, "Gd Gs Gv Gj Gb\n.  .  .  .  .\nGv Gj Gf Gf .")
    readings = Interpretations(bonus_tokens=reading)
    others = 12 - 1 - reserve
    state = table([tiles, ()], [tokens("a"), tokens()], bonus=[1, others], interpretations=readings)
    # The green beetle leaves the top row for the end of the third: 4 greens are left on
    # top and 5 below. The tile returns the token as it leaves and takes it back as it
    # lands, whatever the reserve holds.
    after = ankhor.apply(state, MoveTile((0, 4, 0), (0, 4, 2)))
    assert (after.players[0].bonus, after.reserve) == (1, reserve)


# Three rows of six base tiles, no green among them and no group of five (the families
# alternate; the animals make squares of four); on level 1, four green tiles that show
# no animal side by side on the top row and the green desert alone on the second row.
CHEQUERED = """
Bj Rj Bf Rf Bb Rb
Wj Kj Wf Kf Wb Kb
Bv Rv Bs Rs Bd Rd
"""
HIGH_GREENS = """
Gv Gv Gw Gs .
.  .  .  .  Gd
"""


@pytest.mark.parametrize(
    ("neighbours", "held"),
    [(HigherNeighbours.SAME_LEVEL, 1), (HigherNeighbours.SUPPORTERS_ONLY, 0)],
)
def test_five_higher_tiles_side_by_side_take_a_token_only_under_q3s_default(
    neighbours: HigherNeighbours, held: int
) -> None:
    box = Box()
    tiles = layout(box, CHEQUERED, (0, 0, HIGH_GREENS))
    readings = Interpretations(higher_neighbours=neighbours)
    state = table([tiles, ()], [tokens("a"), tokens()], interpretations=readings)
    # the desert moves up beside the fourth green: 4 + 1 greens in a row on level 1, a
    # group of five when higher tiles side by side are adjacent, five lone greens
    # (each touching only its supporters, none green) when they are not
    after = ankhor.apply(state, MoveTile((1, 4, 1), (1, 4, 0)))
    assert after.players[0].bonus == held
    assert after.reserve == 12 - held


# ---------------------------------------------------------------- ankh actions


def test_a_refresh_removes_the_leftmost_tile_and_refills_from_the_chosen_pile() -> None:
    state = table([(), ()], [tokens("aa"), tokens()])
    after = ankhor.apply(state, Refresh(1))
    assert after.removed == (state.offer[0],)
    assert after.offer == (*state.offer[1:], state.piles[1][0])
    assert after.players[0].tokens == tokens("a")
    assert after.progress.spent == 1


def test_at_most_two_ankh_tokens_a_turn() -> None:
    state = table([(), ()], [tokens("aa"), tokens()])
    state = evolve(
        state,
        players=(evolve(state.players[0], tokens=tokens("aaa")), state.players[1]),
        supply=(*state.supply[:5], state.supply[5] - 1),
    )
    twice = ankhor.apply(ankhor.apply(state, Refresh(0)), Refresh(0))
    assert not [m for m in ankhor.legal_moves(twice) if isinstance(m, Refresh)]
    assert ankhor.violations(twice, Refresh(0))[0].rule == "A-4.1"


def test_a_base_tile_moves_next_to_another_base_tile() -> None:
    box = Box()
    state = table([layout(box, "Gd Rd Kd"), ()], [tokens("a"), tokens()])
    targets = {
        m.target
        for m in ankhor.legal_moves(state)
        if isinstance(m, MoveTile) and m.origin == (0, 2, 0)
    }
    # next to the green or the red desert, not next to the black one only
    assert targets == {(0, -1, 0), (0, 0, 1), (0, 0, -1), (0, 1, 1), (0, 1, -1)}
    assert ankhor.violations(state, MoveTile((0, 2, 0), (0, 3, 1)))[0].rule == "A-4.3"


def test_q5_keeps_the_base_connected_after_a_move() -> None:
    box = Box()
    tiles = layout(box, "Gd Rd Kd")
    free = table([tiles, ()], [tokens("a"), tokens()])
    move = MoveTile((0, 1, 0), (0, 0, 1))  # the middle tile leaves a gap
    assert ankhor.is_legal(free, move)
    kept = evolve(
        free, config=evolve(free.config, interpretations=Interpretations(moving=Moving.CONNECTED))
    )
    assert ankhor.violations(kept, move)[0].rule == "A-4.3"


def test_a_higher_tile_moves_onto_four_other_tiles_whatever_their_colour() -> None:
    box = Box()
    tiles = layout(box, "Gd Rd Kd\nWd Bd Kf", (0, 0, "Gj"))
    state = table([tiles, ()], [tokens("a"), tokens()])
    targets = {
        m.target
        for m in ankhor.legal_moves(state)
        if isinstance(m, MoveTile) and m.origin == (1, 0, 0)
    }
    assert targets == {(1, 1, 0)}
    # a base tile under a higher tile cannot move
    assert ankhor.violations(state, MoveTile((0, 0, 0), (0, -1, 0)))[0].rule == "A-4.3"


def test_q3_decides_whether_higher_tiles_side_by_side_form_a_group() -> None:
    box = Box()
    tiles = layout(box, "Kd Kf Kj\nKb Kv Kw", (0, 0, "Gd"))
    state = offering(table([tiles, ()], [RICH, tokens()]), 0, "Gj")
    move = BuyTile(0, (1, 1, 0), state.config.prices[0][0])
    adjacent = ankhor.final_scores(_force(state, move))
    assert adjacent.sheets[0].stage_totals[2] == 6 + 2
    apart_rules = Interpretations(higher_neighbours=HigherNeighbours.SUPPORTERS_ONLY)
    apart = evolve(state, config=evolve(state.config, interpretations=apart_rules))
    assert ankhor.final_scores(_force(apart, move)).sheets[0].stage_totals[2] == 6


def _force(state: ankhor.GameState, move: BuyTile) -> ankhor.GameState:
    """``move`` applied though its tile shares no colour with the tiles under it (as a
    moved tile may rest, A-4.3): scoring does not look at how a tile came there."""
    return ankhor.apply_unchecked(state, move)


def test_ending_the_actions_then_ends_the_turn() -> None:
    state = table([(), ()], [tokens("aa"), tokens()])
    after = ankhor.apply(state, TakeTokens(tokens("bwk")))
    assert ankhor.apply(after, EndActions()).current == 1
