"""The search's calibrated measure (:mod:`fertility_rules.fertility.agents.horizon`) and the
look-ahead judging its lines by it."""

from __future__ import annotations

import copy
import math
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve

from fertility_rules.agents import make_agent, play_game
from fertility_rules.agents.simulate import agent_label
from fertility_rules.errors import FertilityError, MalformedInputError
from fertility_rules.fertility.agents import CalibratedLookaheadAgent, LookaheadAgent, horizon
from fertility_rules.fertility.agents.base import Agent
from fertility_rules.fertility.agents.horizon import (
    CALIBRATION,
    CALIBRATION_FILE,
    FEATURES,
    calibration_from_data,
    features,
    horizon_value,
)
from fertility_rules.fertility.agents.lookahead import TURNS, _Scorer, _worth, turn_end_value
from fertility_rules.fertility.model.resources import Resource, add_token
from fertility_rules.fertility.rules.engine import apply, final_position, is_legal
from fertility_rules.fertility.scoring.pipeline import score_position
from fertility_rules.fertility.state import GameState


def positions(seed: int, players: int) -> Iterator[GameState]:
    """Every position of a game of look-ahead agents."""
    agents: list[Agent] = [LookaheadAgent(seed * 10 + i) for i in range(players)]
    game = play_game(tuple("ABCD"[:players]), agents, seed=seed)
    state = game.record.initial_state()
    yield state
    for move in game.moves:
        state = apply(state, move)
        yield state


def turns_left(state: GameState, player: int) -> int:
    me = state.players[player]
    return TURNS - me.turns - (1 if state.current == player else 0)


def test_a_player_count_without_a_table_keeps_the_turn_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    without_two = {players: table for players, table in CALIBRATION.items() if players != 2}
    monkeypatch.setattr(horizon, "CALIBRATION", without_two)
    for state in positions(3, 2):
        for player in range(2):
            assert horizon_value(state, player) == turn_end_value(state, player)


@pytest.mark.parametrize(
    ("players", "left", "row"),
    [
        # The row (constant, per Monument, per Wheat, per token on a Shop) of the file.
        (4, 4, (25.27, -10.82, 1.08, 0.71)),
        (2, 3, (14.2, -9.07, 0.92, 1.01)),
    ],
)
def test_the_correction_by_hand(
    players: int, left: int, row: tuple[float, float, float, float]
) -> None:
    assert CALIBRATION[players][left] == row
    constant, per_monument, per_wheat, per_token = row
    checked = 0
    for state in positions(5, players):
        for player, me in enumerate(state.players):
            if turns_left(state, player) != left:
                continue
            metropolis = me.metropolis
            monuments, wheat = metropolis.monuments, metropolis.wheat
            tokens = sum(sum(shop.tokens) for shop in metropolis.shops)
            correction = constant + per_monument * monuments + per_wheat * wheat
            correction += per_token * tokens
            got = horizon_value(state, player)
            assert got == pytest.approx(turn_end_value(state, player) + correction)
            checked += 1 if wheat or tokens else 0
    assert checked > 0  # some of the positions had Wheat or tokens to weigh


def test_the_game_over_adds_nothing_but_the_constant() -> None:
    # With no turn left the final totals are known: every table's row 0 is zero.
    for table in CALIBRATION.values():
        assert table[0] == (0.0,) * (len(FEATURES) + 1)
    last = list(positions(2, 3))[-1]
    assert last.is_over
    for player in range(3):
        assert horizon_value(last, player) == turn_end_value(last, player)


def test_tables_cover_every_turn_and_feature_and_cannot_change() -> None:
    for players, table in CALIBRATION.items():
        assert players in (2, 3, 4)
        assert len(table) == TURNS + 1
        assert all(len(row) == len(FEATURES) + 1 for row in table)
        assert isinstance(table, tuple)
    with pytest.raises(TypeError):
        CALIBRATION[5] = ()  # type: ignore[index]


def test_features_read_the_player() -> None:
    state = list(positions(4, 4))[-1]
    for me in state.players:
        monuments, wheat, tokens = features(me)
        assert monuments == me.metropolis.monuments
        assert wheat == me.metropolis.wheat
        assert tokens == sum(shop.token_count for shop in me.metropolis.shops)


@pytest.mark.parametrize(
    ("state", "player"),
    [("a state", 0), (None, 0), (True, 1)],
)
def test_wrong_arguments_are_library_errors(state: object, player: object) -> None:
    with pytest.raises(FertilityError):
        horizon_value(state, player)  # type: ignore[arg-type]


def test_a_player_outside_the_table_is_a_library_error() -> None:
    state = next(positions(1, 4))
    for player in (-1, 4, 10**9):
        with pytest.raises(FertilityError):
            horizon_value(state, player)


def test_the_look_ahead_plans_legally_with_the_measure() -> None:
    for players, seed in ((3, 6), (4, 7)):
        agents: list[Agent] = [
            LookaheadAgent(seed * 10 + i, value=horizon_value) for i in range(players)
        ]
        game = play_game(tuple("ABCD"[:players]), agents, seed=seed)
        state = game.record.initial_state()
        for move in game.moves:
            assert is_legal(state, move)
            state = apply(state, move)
        assert state.is_over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_measure_changes_some_plan(players: int) -> None:
    # The correction weighs Monuments, Wheat and tokens: over a few games some decision
    # of the calibrated look-ahead differs from the plain one's.
    names = tuple("ABCD"[:players])
    differ = False
    for seed in range(3):
        plain: list[Agent] = [LookaheadAgent(seed * 10 + i) for i in range(players)]
        calibrated: list[Agent] = [
            LookaheadAgent(seed * 10 + i, value=horizon_value) for i in range(players)
        ]
        a = play_game(names, plain, seed=seed).moves
        b = play_game(names, calibrated, seed=seed).moves
        differ = differ or a != b
    assert differ


def test_a_value_that_is_not_a_function_is_a_library_error() -> None:
    for value in (None, 3, "turn_end_value"):
        with pytest.raises(FertilityError):
            LookaheadAgent(1, value=value)  # type: ignore[arg-type]


def _calibration_file() -> dict[str, Any]:
    path = Path(horizon.__file__).parent / CALIBRATION_FILE
    data: dict[str, Any] = tomllib.loads(path.read_text("utf-8"))
    return data


def test_the_file_is_the_calibration() -> None:
    assert calibration_from_data(_calibration_file()) == CALIBRATION


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(features=["monuments", "wheat"]), "$.features"),
        (lambda d: d.pop("features"), "$.features"),
        (lambda d: d.update(players=[1, 2]), "$.players"),
        (lambda d: d["players"].update({"5": d["players"]["4"]}), "$.players.5"),
        (lambda d: d["players"]["4"]["rows"].pop(), "$.players.4.rows"),
        (lambda d: d["players"]["3"].pop("rows"), "$.players.3.rows"),
        (lambda d: d["players"]["4"]["rows"][2].append(1.0), "$.players.4.rows[2]"),
        (lambda d: d["players"]["4"]["rows"].__setitem__(3, "row"), "$.players.4.rows[3]"),
        (lambda d: d["players"]["4"]["rows"][1].__setitem__(2, math.nan), "$.players.4.rows[1][2]"),
        (lambda d: d["players"]["4"]["rows"][1].__setitem__(0, math.inf), "$.players.4.rows[1][0]"),
        (lambda d: d["players"]["3"]["rows"][5].__setitem__(1, True), "$.players.3.rows[5][1]"),
        (lambda d: d["players"]["3"]["rows"][5].__setitem__(3, "0.5"), "$.players.3.rows[5][3]"),
    ],
)
def test_a_wrong_file_is_refused_where_it_is_wrong(
    change: Callable[[dict[str, Any]], object], path: str
) -> None:
    data = _calibration_file()
    before = copy.deepcopy(data)
    change(data)
    changed = copy.deepcopy(data)
    with pytest.raises(MalformedInputError) as caught:
        calibration_from_data(data)
    assert path in [problem.path for problem in caught.value.problems]
    assert data == changed  # the data passed in is left as it was
    assert calibration_from_data(before) == CALIBRATION


def test_the_calibrated_agent_by_name() -> None:
    agent = make_agent("calibrated", 3)
    assert isinstance(agent, CalibratedLookaheadAgent)
    assert agent.name == "calibrated"
    assert str(agent_label("calibrated")) != "calibrated"  # a label of its own
    for players in (2, 4):
        seats = [make_agent("calibrated", 30 + i) for i in range(players)]
        game = play_game(tuple("ABCD"[:players]), seats, seed=2)
        assert game.state.is_over
        assert game.moves == play_game(tuple("ABCD"[:players]), seats_again(players), 2).moves


def seats_again(players: int) -> list[Agent]:
    """The same seats, made again: the same seeds play the same moves."""
    return [CalibratedLookaheadAgent(30 + i) for i in range(players)]


def test_a_players_debens_now_are_those_of_their_explained_sheet() -> None:
    """The look-ahead scores a player's Metropolis alone, the Monuments against the
    others' (R-5.4): the total of the player's explained score sheet of the table."""
    for state in positions(4, 3):
        sheets = score_position(final_position(state), state.config.registry).sheets
        for player, sheet in enumerate(sheets):
            scorer = _Scorer(state, player)
            assert scorer.total(state.players[player].metropolis) == sheet.total


def test_what_is_kept_of_a_metropolis_follows_its_value() -> None:
    """What the look-ahead reads of a Metropolis is kept by value: an equal Metropolis
    made anew finds it, one token more on one Shop does not."""
    state = list(positions(6, 2))[60]
    metropolis = state.players[0].metropolis
    config = state.config
    kept = _worth(metropolis, config)
    again = evolve(metropolis, shops=tuple(evolve(shop) for shop in metropolis.shops))
    assert again is not metropolis
    assert _worth(again, config) is kept
    index = next(i for i, shop in enumerate(metropolis.shops) if not shop.is_full)
    open_shop = metropolis.shops[index]
    resource = next(r for r in Resource if open_shop.shop.accepts(open_shop.tokens, r))
    shops = list(metropolis.shops)
    shops[index] = evolve(open_shop, tokens=add_token(open_shop.tokens, resource))
    other = _worth(evolve(metropolis, shops=tuple(shops)), config)
    assert other is not kept
    assert other.tokens == kept.tokens + 1
