"""Game records: moves survive the JSON form; only library errors escape the reader.

Whole-game replays and the ``verify`` command are in ``test_full_games.py``.
"""

from __future__ import annotations

import json
from typing import Any

from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.agents import RandomAgent, play_game
from fertility_rules.errors import FertilityError
from fertility_rules.fertility.model.resources import RESOURCES
from fertility_rules.fertility.rules import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)
from fertility_rules.records import GameRecord, dump_record, read_record, replay

WIDTH = 12  # 2 players: 3 Valley boards of 4 columns
SQUARES = st.integers(0, 8 * WIDTH - 1)
IDS = st.text("DV0123456789", min_size=1, max_size=4)
AMOUNT = st.integers(0, 3)
MOVES: st.SearchStrategy[Move] = st.one_of(
    st.builds(PlaceTile, IDS, SQUARES, SQUARES),
    st.builds(DiscardTile, IDS),
    st.builds(ClaimQuarry, SQUARES, st.one_of(st.none(), st.sampled_from(RESOURCES))),
    st.builds(
        BuildDistrict,
        IDS,
        st.integers(0, 6),
        st.tuples(AMOUNT, AMOUNT, AMOUNT, AMOUNT),
        st.integers(0, 10),
    ),
    st.just(SkipBuilding()),
    # Shops 0 to 24: a Metropolis has 25 at most, and the format holds no other.
    st.builds(SupplyShop, st.sampled_from(RESOURCES), st.integers(0, 24)),
    st.builds(
        PlaceBonusResource, st.sampled_from(RESOURCES), st.one_of(st.none(), st.integers(0, 24))
    ),
    st.just(EndSupplying()),
    st.builds(TakeTile, IDS),
    st.builds(RemoveTile, IDS),
)


@given(st.lists(MOVES, max_size=12), st.integers(0, 2**31))
def test_moves_round_trip_through_json(moves: list[Move], seed: int) -> None:
    record = GameRecord(players=("A", "B"), moves=tuple(moves), seed=seed)
    data = json.loads(json.dumps(dump_record(record)))
    assert read_record(data) == record


_GAME = play_game(["A", "B"], [RandomAgent(1), RandomAgent(2)], seed=21)
_SHORT = dump_record(evolve(_GAME.record, moves=_GAME.record.moves[:25]))

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 100) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*path, index)))
    return out


_PATHS = [p for p in _paths(_SHORT) if p and p[0] != "catalogue"]


@given(st.sampled_from(_PATHS), JSON)
def test_only_library_errors_escape_a_damaged_record(path: tuple[Any, ...], value: Any) -> None:
    data = json.loads(json.dumps(_SHORT))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    try:
        record = read_record(data)
        result = replay(record)
    except FertilityError:
        return  # a MalformedInputError (or another library error) is the expected failure
    if result.error is not None:
        assert result.error.rule.startswith(("R-", "I-"))


def test_the_short_record_replays() -> None:
    result = replay(read_record(_SHORT))
    assert result.ok
    assert not result.state.is_over
