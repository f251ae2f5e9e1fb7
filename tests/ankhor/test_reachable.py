"""Ankh'or's readers refuse positions no game reaches, each with the rule it breaks and
the JSON path of the part at fault, and accept every position real play reaches.

Each refused document is a state reached by play, changed as little as it takes to be
unreachable while every count still adds up (the tiles, the tokens, the bonus tokens),
so that what refuses it is the bound of ``fertility_rules.ankhor.reachable`` it breaks.
"""

from __future__ import annotations

import copy
import enum
import json
import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from fertility_rules import ankhor
from fertility_rules.ankhor.formats.state import (
    dump_observation,
    dump_state,
    read_observation,
    read_state,
)
from fertility_rules.ankhor.interpretations import (
    BonusTokens,
    Height,
    HigherNeighbours,
    Interpretations,
    Moving,
    PriceLayout,
    Removal,
)
from fertility_rules.ankhor.model import Kind
from fertility_rules.ankhor.reachable import turns_completed
from fertility_rules.ankhor.rules.bonus import big_group_count
from fertility_rules.ankhor.state import FRESH_TURN
from fertility_rules.ankhor.testing import check_invariants
from fertility_rules.encoding import observation_vector
from fertility_rules.errors import MalformedInputError

Document = dict[str, Any]
State = ankhor.GameState


def through_json(data: object) -> Any:
    return json.loads(json.dumps(data))


def found(document: Document, read: Callable[[object], object] = read_state) -> set[Any]:
    """The (path, rule) of every problem a reader finds; it must find one."""
    original = copy.deepcopy(document)
    with pytest.raises(MalformedInputError) as caught:
        read(document)
    assert document == original, "a reader changed its input"
    return {(p.path, p.rule) for p in caught.value.problems}


def purchase_first(rng: random.Random) -> Callable[[State], ankhor.Move]:
    """A purchase twice in three times when one is legal, else any legal move."""

    def choose(state: State) -> ankhor.Move:
        moves = ankhor.legal_moves(state)
        buys = [m for m in moves if isinstance(m, ankhor.BuyTile)]
        pool = buys if buys and rng.random() < 0.66 else moves
        return pool[rng.randrange(len(pool))]

    return choose


def reach(players: int, seed: int, stop: Callable[[State], bool], **readings: Any) -> State:
    """The first state of a seeded game that ``stop`` accepts (the game's end at the latest)."""
    names = ["Amunet", "Bek", "Chione", "Djed"][:players]
    state = ankhor.new_game(names, seed=seed, interpretations=Interpretations(**readings))
    choose = purchase_first(random.Random(seed))
    while not stop(state) and not state.is_over:
        state = ankhor.apply(state, choose(state))
    return state


def round_begins(turn: int) -> Callable[[State], bool]:
    """The first decision of a round, from turn ``turn`` on: the start player to move, no
    turn under way."""

    def stop(state: State) -> bool:
        first = state.current == state.config.first and state.progress == FRESH_TURN
        return state.turn >= turn and first and state.phase is ankhor.Phase.MAIN

    return stop


def start(players: int = 2) -> Document:
    return dump_state(ankhor.new_game(["Amunet", "Bek", "Chione", "Djed"][:players], seed=3))


def take_tiles(document: Document, count: int) -> list[str]:
    """``count`` tile ids taken from the draw piles, the second first."""
    taken = []
    for _ in range(count):
        pile = document["piles"][1] or document["piles"][0]
        taken.append(pile.pop())
    return taken


def add_layout_tiles(document: Document, seat: int, ids: list[str]) -> None:
    """The tiles laid in a row of their own on the player's base, side by side."""
    tiles = document["players"][seat]["tiles"]
    row = min([at[2] for at in (t["at"] for t in tiles)], default=0) - 2
    tiles += [{"tile": tile, "at": [0, x, row]} for x, tile in enumerate(ids)]


def give_tokens(document: Document, seat: int, kind: str, n: int) -> None:
    document["supply"][kind] -= n
    document["players"][seat]["tokens"][kind] += n


def hand(document: Document, seat: int, **counts: int) -> None:
    """Every hand back to the supply, then ``counts`` into the hand of ``seat``."""
    for player in document["players"]:
        for kind, n in player["tokens"].items():
            document["supply"][kind] += n
            player["tokens"][kind] = 0
    for kind, n in counts.items():
        give_tokens(document, seat, kind, n)
    assert min(document["supply"].values()) >= 0


# ---------------------------------------------------------------- the states changed


@pytest.fixture(scope="module")
def middle() -> State:
    """The first decision of a round some way into a 2-player game."""
    return reach(2, 11, round_begins(20))


@pytest.fixture(scope="module")
def finished() -> State:
    """A 2-player game over because a player placed a 13th tile, who holds no scribe."""
    for seed in range(40):
        state = reach(2, seed, lambda _state: False)
        full = [p for p in state.players if len(p.tiles) >= 13]
        if state.ending and any(all(t.tile.kind is not Kind.SCRIBE for t in p.tiles) for p in full):
            return state
    raise AssertionError("no such game among the seeds tried")


def test_the_states_changed_are_what_the_tests_expect(middle: State, finished: State) -> None:
    assert read_state(dump_state(middle)) == middle
    assert middle.turn >= 20
    assert middle.current == middle.config.first
    assert all(p.turns >= 9 for p in middle.players)
    assert read_state(dump_state(finished)) == finished
    assert finished.is_over
    assert finished.ending


def _full_player(state: State) -> int:
    """The seat of a player of ``state`` with 13 tiles or more and no scribe."""
    return next(
        seat
        for seat, p in enumerate(state.players)
        if len(p.tiles) >= 13 and all(t.tile.kind is not Kind.SCRIBE for t in p.tiles)
    )


# ---------------------------------------------------------------- the end of the game


def test_a_game_over_at_turn_1_is_refused() -> None:
    document = start()
    document["phase"] = "over"
    # nobody holds 13 tiles and the offer is full: nothing ended the game
    assert ("$.phase", "A-6.1") in found(document)


def test_a_game_over_in_mid_game_with_tiles_left_and_no_13th_tile_is_refused(
    middle: State,
) -> None:
    document = dump_state(middle)
    document["phase"] = "over"
    document["current"] = (middle.config.first - 1) % 2
    document["turn"] = middle.turn - 1
    assert max(len(p.tiles) for p in middle.players) < 13
    assert middle.pile_sizes[0]
    assert ("$.phase", "A-6.1") in found(document)


def test_a_game_over_before_the_last_player_of_the_round_is_refused(finished: State) -> None:
    document = dump_state(finished)
    document["current"] = finished.config.first
    assert ("$.current", "A-6.1") in found(document)


def test_a_game_going_on_after_its_last_round_is_refused(finished: State) -> None:
    # The round in which the 13th tile was placed is over; the start player begins another.
    document = dump_state(finished)
    document.update(phase="main", current=finished.config.first, turn=finished.turn + 1)
    assert ("$.ending", "A-6.1") in found(document)


def test_a_round_beginning_with_no_tile_left_to_buy_is_refused(middle: State) -> None:
    document = dump_state(middle)
    document["removed"] += [t for t in document["offer"] if t is not None]
    document["removed"] += document["piles"][0] + document["piles"][1]
    document["offer"] = [None] * 6
    document["piles"] = [[], []]
    # the offer and both piles were empty when the previous round ended
    assert ("$.phase", "A-6.2") in found(document)


# ---------------------------------------------------------------- tiles


def test_a_layout_of_14_tiles_without_a_scribe_is_refused(finished: State) -> None:
    document = dump_state(finished)
    seat = _full_player(finished)
    add_layout_tiles(document, seat, take_tiles(document, 14 - len(finished.players[seat].tiles)))
    # only the bonus turn of a scribe adds a tile after the 13th
    assert (f"$.players[{seat}].tiles", "A-6.1") in found(document)


def test_a_layout_of_20_tiles_is_refused_before_an_encoding_can_fail(finished: State) -> None:
    document = dump_state(finished)
    seat = _full_player(finished)
    add_layout_tiles(document, seat, take_tiles(document, 20 - len(finished.players[seat].tiles)))
    # 13 tiles and one per scribe: 18 at most with the 5 scribes of the catalogue
    assert (f"$.players[{seat}].tiles", "A-6.1") in found(document)
    # The view of that table is refused too: no encoding meets a layout beyond its places.
    view = dump_observation(finished)
    extra = 20 - len(finished.players[seat].tiles)
    add_layout_tiles(view, seat, view["unseen"][-extra:])
    view["unseen"] = view["unseen"][:-extra]
    view["pile_sizes"] = [len(view["unseen"]), 0]
    assert (f"$.players[{seat}].tiles", "A-6.1") in found(view, read_observation)
    assert observation_vector(ankhor.observe(finished), game="ankhor")


def test_8_tiles_after_no_turn_are_refused() -> None:
    document = start()
    add_layout_tiles(document, 0, take_tiles(document, 8))
    # one tile a turn at most: 0 turns played
    assert ("$.players[0].tiles", "A-3.1") in found(document)


def test_base_tiles_with_no_two_side_by_side_are_refused() -> None:
    state = reach(2, 5, lambda s: len(s.players[s.current].tiles) >= 4 and s.progress == FRESH_TURN)
    player = state.players[state.current]
    assert all(p.level == 0 for p in player.tiles)
    assert not player.stored
    document = dump_state(state)
    for number, tile in enumerate(document["players"][state.current]["tiles"]):
        tile["at"] = [0, 2 * number, 0]
    # every tile placed or moved on the base lands next to another
    assert (f"$.players[{state.current}].tiles", "A-3.4") in found(document)


# ---------------------------------------------------------------- tokens


def test_a_player_holding_6_ankh_tokens_after_the_main_action_is_refused() -> None:
    state = reach(4, 2, round_begins(9))
    document = dump_state(state)
    seat = state.current
    hand(document, seat, ankh=6)
    document["phase"] = "after"
    document["progress"].update(ankhs_taken=3)
    # 6 in hand, 3 of them taken this turn: 3 at its start, above the limit of 2
    assert (f"$.players[{seat}].tokens", "A-3.9") in found(document)


def test_2_ankh_tokens_spent_at_the_main_decision_by_a_player_holding_one_are_refused(
    middle: State,
) -> None:
    document = dump_state(middle)
    seat = middle.current
    hand(document, seat, ankh=1)
    document["progress"]["spent"] = 2
    # 1 in hand and 2 spent: 3 at the start of the turn
    assert (f"$.players[{seat}].tokens", "A-3.9") in found(document)


def test_tokens_held_at_turn_1_before_anyone_played_are_refused() -> None:
    document = start()
    waiting = 1 - document["current"]
    hand(document, waiting, red=2, ankh=1)
    # tokens come only from taking tokens or a warehouse bought
    assert (f"$.players[{waiting}].tokens", "A-3.2") in found(document)


def test_ankh_tokens_spent_in_the_first_turn_are_refused() -> None:
    document = start()
    document["progress"]["spent"] = 2
    assert (f"$.players[{document['current']}].tokens", "A-3.2") in found(document)


def test_resource_tokens_beyond_what_one_take_adds_are_refused(middle: State) -> None:
    document = dump_state(middle)
    seat = middle.current
    hand(document, seat, blue=3, white=3, black=3, ankh=1)
    document["phase"] = "after"
    # 9 resource tokens after taking tokens: 5 kept at most, and 3 taken
    assert (f"$.players[{seat}].tokens", "A-3.2") in found(document)


def test_ankh_tokens_taken_this_turn_and_gone_from_the_hand_are_refused(middle: State) -> None:
    document = dump_state(middle)
    seat = middle.current
    hand(document, seat, blue=3, white=3)
    document["phase"] = "return"
    document["progress"].update(ankhs_taken=2)
    # the 2 ankh tokens taken are still in hand: none can be spent this turn
    assert (f"$.players[{seat}].tokens", "A-4.1") in found(document)


def test_more_bonus_tokens_than_groups_are_refused(finished: State) -> None:
    document = dump_state(finished)
    seat = _full_player(finished)
    player = finished.players[seat]
    groups = big_group_count(player.tiles, same_level=True)
    extra = groups + 1 - player.bonus
    document["players"][seat]["bonus_tokens"] += extra
    document["reserve"] -= extra
    assert document["reserve"] >= 0
    # no token is owed: one per group of 5 or more at most
    assert (f"$.players[{seat}].bonus_tokens", "Q-17") in found(document)


@pytest.mark.parametrize("reading", list(BonusTokens))
def test_bonus_tokens_held_before_any_group_of_5_are_refused(reading: BonusTokens) -> None:
    document = start()
    document["interpretations"]["bonus_tokens"] = reading.value
    document["players"][0]["bonus_tokens"] = 2
    document["reserve"] -= 2
    assert ("$.players[0].bonus_tokens", "A-3.8") in found(document)


# ---------------------------------------------------------------- turns


def test_turn_1_after_ten_turns_each_is_refused(middle: State) -> None:
    document = dump_state(middle)
    document["turn"] = 1
    assert ("$.turn", "A-3.7") in found(document)


def test_turn_999_at_the_first_decision_is_refused() -> None:
    document = start()
    document["turn"] = 999
    assert ("$.turn", "A-3.7") in found(document)


def test_a_bonus_turn_without_a_scribe_is_refused() -> None:
    # The second player of a round to move; the first is given a bonus turn instead.
    def second(state: State) -> bool:
        first = state.config.first
        fresh = state.progress == FRESH_TURN and state.phase is ankhor.Phase.MAIN
        return state.turn > 6 and state.current == (first + 1) % 2 and fresh

    state = reach(2, 4, second)
    first = state.config.first
    assert not any(t.tile.kind is Kind.SCRIBE for t in state.players[first].tiles)
    document = dump_state(state)
    document["current"] = first
    document["progress"]["bonus"] = True
    assert ("$.progress.bonus", "A-3.7") in found(document)


def test_a_scribe_bought_with_no_tile_bought_is_refused(middle: State) -> None:
    document = dump_state(middle)
    hand(document, middle.current, ankh=1)
    document["phase"] = "after"
    document["progress"].update(scribe=True)
    assert ("$.progress.scribe", "A-3.7") in found(document)


# ---------------------------------------------------------------- the piles and the offer


def test_all_tiles_in_one_pile_at_turn_1_are_refused() -> None:
    document = start()
    document["piles"] = [[], document["piles"][1] + document["piles"][0]]
    # setup leaves 22 and 27 tiles, and tiles only leave the piles
    assert ("$.piles", "A-2.4") in found(document)


def test_a_pile_larger_than_setup_left_it_is_refused(middle: State) -> None:
    document = dump_state(middle)
    document["piles"][1] += document["piles"][0]
    document["piles"][0] = []
    assert len(document["piles"][1]) > 27
    assert ("$.piles", "A-2.4") in found(document)


def test_tiles_removed_in_a_3_player_game_before_any_refresh_are_refused() -> None:
    # Turn 4: each player has played one turn, in which no one held an ankh token.
    state = reach(3, 6, round_begins(4))
    assert state.turn == 4
    assert not state.removed
    document = dump_state(state)
    document["removed"] = take_tiles(document, 2)
    assert ("$.removed", "A-5.2") in found(document)


def test_10_tiles_removed_at_turn_1_are_refused() -> None:
    document = start()
    document["interpretations"]["two_player_removal"] = "every_turn"
    document["removed"] = take_tiles(document, 10)
    assert ("$.removed", "A-5.2") in found(document)


def test_a_refill_decision_with_nothing_bought_is_refused() -> None:
    state = reach(2, 7, lambda s: s.phase is ankhor.Phase.REFILL)
    assert state.progress.bought
    document = dump_state(state)
    document["progress"]["bought"] = False
    # only a purchase (or Q-1's removal, not under its default) leaves a gap (A-5.1)
    assert ("$.offer", "A-5.1") in found(document)


# ---------------------------------------------------------------- views


def test_a_view_is_held_to_the_same_bounds(middle: State) -> None:
    document = dump_observation(middle)
    document["turn"] = 1
    assert ("$.turn", "A-3.7") in found(document, read_observation)
    document = dump_observation(ankhor.new_game(["Amunet", "Bek"], seed=3))
    document["pile_sizes"] = [0, 49]
    assert ("$.pile_sizes", "A-2.4") in found(document, read_observation)


# ---------------------------------------------------------------- every reached state


E = TypeVar("E", bound=enum.Enum)


def _readings(k: int) -> Interpretations:
    def pick(switch: type[E]) -> E:
        values = list(switch)
        return values[k % len(values)]

    return Interpretations(
        two_player_removal=pick(Removal),
        bonus_tokens=pick(BonusTokens),
        higher_neighbours=pick(HigherNeighbours),
        height=pick(Height),
        moving=pick(Moving),
        price_layout=pick(PriceLayout),
    )


READINGS = [_readings(k) for k in range(3)]
"""Three combinations of the switches that take every value of every switch."""


def played_game(seed: int, players: int, readings: Interpretations) -> list[State]:
    """Every state of a seeded game played to its end, by the greedy agent (which builds
    groups of 5) or by purchases first."""
    rng = random.Random(seed)
    names = ["Amunet", "Bek", "Chione", "Djed"][:players]
    state = ankhor.new_game(names, seed=seed, interpretations=readings)
    agent = ankhor.GreedyAgent(seed) if seed % 2 == 0 else None
    choose = purchase_first(rng)
    states = [state]
    while not state.is_over:
        moves = ankhor.legal_moves(state)
        if agent is not None and len(moves) > 1:
            move = agent.choose(ankhor.observe(state), moves)
        else:
            move = choose(state)
        state = ankhor.apply(state, move)
        states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("reading", range(len(READINGS)))
def test_every_state_of_a_game_reads_back_and_keeps_the_invariants(
    seed: int, players: int, reading: int
) -> None:
    states = played_game(100 * reading + 10 * players + seed, players, READINGS[reading])
    for state in states:
        assert read_state(through_json(dump_state(state))) == state
        assert check_invariants(state, scores=state.is_over) == []
    last = states[-1]
    assert last.is_over
    assert read_observation(through_json(dump_observation(last))) == ankhor.observe(last)
    assert sum(turns_completed(last, seat) for seat in range(players)) == last.turn
