"""The engine's boundary: moves check their fields, the referee refuses what is not a
state or a move, setups follow R-2, and nothing mutable is shared (issue 7, items 3, 4)."""

from __future__ import annotations

import copy
import enum
import pickle
import random
import types
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    FertilityError,
    MalformedInputError,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SupplyShop,
    TakeTile,
    apply,
    default_catalogue,
    is_legal,
    legal_moves,
    new_game,
    violations,
)
from fertility_rules.fertility.effects import DEFAULT_REGISTRY
from fertility_rules.fertility.model import Resource
from fertility_rules.fertility.rules import apply_unchecked
from fertility_rules.fertility.setup import Setup, random_setup, start_game
from fertility_rules.fertility.state import GameState, PlacedTile
from fertility_rules.fertility.testing.engine import games
from fertility_rules.shared.sequences import Chain, Rest

# --------------------------------------------------------------------------- moves

MALFORMED_MOVES: list[Any] = [
    pytest.param(lambda: PlaceTile("V01", "3", "4"), id="place-squares-as-text"),  # type: ignore[arg-type]
    pytest.param(lambda: PlaceTile("V01", 3.0, 4), id="place-square-float"),  # type: ignore[arg-type]
    pytest.param(lambda: PlaceTile("V01", True, 4), id="place-square-bool"),
    pytest.param(lambda: PlaceTile(1, 3, 4), id="place-tile-not-text"),  # type: ignore[arg-type]
    pytest.param(lambda: DiscardTile(None), id="discard-none"),  # type: ignore[arg-type]
    pytest.param(lambda: SupplyShop("grapes", 0), id="supply-resource-as-text"),  # type: ignore[arg-type]
    pytest.param(lambda: SupplyShop(Resource.GRAPES, "0"), id="supply-shop-as-text"),  # type: ignore[arg-type]
    pytest.param(lambda: PlaceBonusResource(None, None), id="bonus-without-resource"),  # type: ignore[arg-type]
    pytest.param(lambda: PlaceBonusResource(Resource.BOVINE, 1.5), id="bonus-shop-float"),  # type: ignore[arg-type]
    pytest.param(lambda: ClaimQuarry(12, -1), id="quarry-resource-minus-one"),  # type: ignore[arg-type]
    pytest.param(lambda: ClaimQuarry(12, 3), id="quarry-resource-plain-int"),  # type: ignore[arg-type]
    pytest.param(lambda: ClaimQuarry("12", None), id="quarry-square-text"),  # type: ignore[arg-type]
    pytest.param(
        lambda: BuildDistrict("D05", 0, (0.5, 0.5, 0, 0), 1),  # type: ignore[arg-type]
        id="build-paying-halves",
    ),
    pytest.param(lambda: BuildDistrict("D05", 0, (1, 0, 0, 0), 0.5), id="build-half-wheat"),  # type: ignore[arg-type]
    pytest.param(lambda: BuildDistrict("D05", 0, (1, 0, 0), 1), id="build-three-counts"),  # type: ignore[arg-type]
    pytest.param(lambda: BuildDistrict("D05", 0, [1, 0, 0, 0], 1), id="build-counts-list"),  # type: ignore[arg-type]
    pytest.param(lambda: BuildDistrict("D05", None, (1, 0, 0, 0), 1), id="build-spot-none"),  # type: ignore[arg-type]
    pytest.param(lambda: TakeTile(7), id="take-number"),  # type: ignore[arg-type]
    pytest.param(lambda: RemoveTile(b"V01"), id="remove-bytes"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize("make", MALFORMED_MOVES)
def test_a_move_with_a_wrong_field_raises_a_library_error(make: Callable[[], object]) -> None:
    with pytest.raises(MalformedInputError) as error:
        make()
    assert isinstance(error.value, FertilityError)
    problem = error.value.problems[0]
    assert problem.path.split(".")[0] in {
        "PlaceTile",
        "DiscardTile",
        "SupplyShop",
        "PlaceBonusResource",
        "ClaimQuarry",
        "BuildDistrict",
        "TakeTile",
        "RemoveTile",
    }
    assert "not" in str(error.value)


def test_moves_the_engine_makes_equal_moves_made_publicly() -> None:
    """The engine's unchecked constructors make the same values as the public ones."""
    rng = random.Random(7)
    state = new_game(("A", "B", "C", "D"), seed=7)
    kinds: set[type] = set()
    while not state.is_over:
        moves = legal_moves(state)
        for move in moves:
            fields = attrs.astuple(move, recurse=False)
            remade = type(move)(*fields)
            assert remade == move
            assert hash(remade) == hash(move)
            kinds.add(type(move))
        state = apply(state, moves[rng.randrange(len(moves))])
    assert {PlaceTile, BuildDistrict, SupplyShop, TakeTile} <= kinds


NOT_STATES: list[object] = [None, "state", 3, (), {"phase": "place"}, PlaceTile("V01", 0, 1)]
NOT_MOVES: list[object] = [None, "PlaceTile", 3, ("V01", 0, 1), {"tile": "V01"}, object()]


@pytest.mark.parametrize("thing", NOT_STATES, ids=lambda t: type(t).__name__)
def test_the_referee_refuses_what_is_not_a_state(thing: object) -> None:
    move = legal_moves(new_game(("A", "B"), seed=1))[0]
    for call in (
        lambda: legal_moves(thing),  # type: ignore[arg-type]
        lambda: violations(thing, move),  # type: ignore[arg-type]
        lambda: is_legal(thing, move),  # type: ignore[arg-type]
        lambda: apply(thing, move),  # type: ignore[arg-type]
    ):
        with pytest.raises(MalformedInputError) as error:
            call()
        assert error.value.problems[0].path == "state"


@pytest.mark.parametrize("thing", NOT_MOVES, ids=lambda t: type(t).__name__)
def test_the_referee_refuses_what_is_not_a_move(thing: object) -> None:
    state = new_game(("A", "B"), seed=1)
    before = attrs.astuple(state, recurse=False)
    for call in (
        lambda: violations(state, thing),  # type: ignore[arg-type]
        lambda: is_legal(state, thing),  # type: ignore[arg-type]
        lambda: apply(state, thing),  # type: ignore[arg-type]
    ):
        with pytest.raises(MalformedInputError) as error:
            call()
        assert error.value.problems[0].path == "move"
    assert attrs.astuple(state, recurse=False) == before


def test_apply_unchecked_stays_the_fast_path_for_listed_moves() -> None:
    state = new_game(("A", "B", "C"), seed=3)
    for _ in range(30):
        move = legal_moves(state)[0]
        assert apply_unchecked(state, move) == apply(state, move)
        state = apply(state, move)


# --------------------------------------------------------------------------- setup


def _setup(**changes: Any) -> Setup:
    return attrs.evolve(random_setup(default_catalogue(), 4, seed=11), **changes)


def _problems(setup: Setup) -> list[tuple[str, str | None]]:
    with pytest.raises(MalformedInputError) as error:
        start_game(("A", "B", "C", "D"), setup)
    return [(p.path, p.rule) for p in error.value.problems]


def test_the_random_setup_is_accepted() -> None:
    assert start_game(("A", "B", "C", "D"), _setup()).phase.value == "place"


def test_the_same_metropolis_board_twice_is_refused() -> None:
    boards = _setup().metropolis_boards
    setup = _setup(metropolis_boards=(boards[0], boards[0], boards[2], boards[3]))
    assert _problems(setup) == [("$.setup.metropolis_boards", "R-2.4")]


def test_a_district_pile_of_two_is_refused() -> None:
    setup = _setup(districts=_setup().districts[:2])
    assert _problems(setup) == [("$.setup.districts", "R-2.5")]


def test_a_district_pile_missing_one_district_is_refused() -> None:
    setup = _setup(districts=_setup().districts[1:])
    assert _problems(setup) == [("$.setup.districts", "R-2.5")]


def test_a_district_twice_in_the_pile_is_refused() -> None:
    districts = _setup().districts
    setup = _setup(districts=(districts[0], *districts[:-1]))
    assert _problems(setup) == [("$.setup.districts", "R-2.5")]


def test_the_same_valley_board_twice_is_refused() -> None:
    valley = _setup().valley
    setup = _setup(valley=(valley[0], valley[0], valley[2], valley[3]))
    assert ("$.setup.valley", "R-1.4") in _problems(setup)


def test_a_wrong_tile_count_is_refused() -> None:
    setup = _setup(tiles=_setup().tiles[:-1])
    assert _problems(setup) == [("$.setup.tiles", "R-2.2")]


# --------------------------------------------------------------------------- nothing mutable

_LEAVES = (
    str,
    int,
    float,
    bool,
    bytes,
    type(None),
    enum.Enum,
    type,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
)


def mutable_containers(roots: list[tuple[object, str]], seen: set[int]) -> Iterator[str]:
    """Paths of every list, dict, set or other mutable object reachable from ``roots``."""
    stack = list(roots)
    while stack:
        value, path = stack.pop()
        if id(value) in seen or isinstance(value, _LEAVES):
            continue
        seen.add(id(value))
        if isinstance(value, (tuple, frozenset, Chain, Rest)) and _refuses_changes(value):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))
        elif isinstance(value, types.MappingProxyType):
            stack.extend((key, f"{path}.keys()") for key in value)
            stack.extend((item, f"{path}[{key!r}]") for key, item in value.items())
        elif attrs.has(type(value)) and not hasattr(value, "__dict__"):
            for field in attrs.fields(type(value)):  # type: ignore[arg-type]
                stack.append((getattr(value, field.name), f"{path}.{field.name}"))
        elif callable(value) and hasattr(value, "cache_info"):
            continue  # a cached function given as a field: code, not data
        else:
            yield f"{path}: {type(value).__name__}"


def _refuses_changes(value: object) -> bool:
    """A tuple, frozenset or shared sequence counts as immutable only if setting any
    slot fails (a subclass could add writable ones)."""
    for name in ("_before", "_last", "_length", "_items", "_start", "extra"):
        try:
            setattr(value, name, None)
        except AttributeError:
            continue
        return False
    return True


def test_the_walk_finds_a_mutable_container() -> None:
    """The walker must be able to fail, or the tests below would prove nothing."""
    placed = PlacedTile("V01", [1, 2], (), None)  # type: ignore[arg-type]
    assert list(mutable_containers([(placed, "tile")], set())) == ["tile.squares: list"]
    nested = (1, ("a", {"b": 2}))
    assert list(mutable_containers([(nested, "x")], set())) == ["x[1][1]: dict"]


def test_the_default_catalogue_and_registry_hold_nothing_mutable() -> None:
    roots = [(default_catalogue(), "catalogue"), (DEFAULT_REGISTRY, "registry")]
    assert list(mutable_containers(roots, set())) == []


def _history(state: GameState, rng: random.Random, limit: int) -> list[GameState]:
    states = [state]
    while not state.is_over and len(states) < limit:
        moves = legal_moves(state)
        state = apply_unchecked(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return states


def test_states_of_seeded_random_games_hold_nothing_mutable() -> None:
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        states = _history(
            new_game(("A", "B", "C", "D")[:players], seed=seed), random.Random(seed), 10_000
        )
        assert states[-1].is_over
        seen: set[int] = set()
        found = list(mutable_containers([(s, f"state{i}") for i, s in enumerate(states)], seen))
        assert found == []


@settings(max_examples=25, deadline=None)
@given(games(), st.randoms(use_true_random=False))
def test_states_of_any_game_hold_nothing_mutable(state: GameState, rng: random.Random) -> None:
    states = _history(state, rng, 120)
    found = list(mutable_containers([(s, f"state{i}") for i, s in enumerate(states)], set()))
    assert found == []


def test_states_catalogues_and_registries_still_pickle() -> None:
    """Read-only mappings cannot be pickled; the values holding them rebuild them."""
    rng = random.Random(5)
    state = _history(new_game(("A", "B", "C"), seed=5), rng, 60)[-1]
    copied = pickle.loads(pickle.dumps(state))
    assert copied == state
    assert copied.config.tiles == state.config.tiles
    assert isinstance(copied.config.tiles, types.MappingProxyType)
    assert legal_moves(copied) == legal_moves(state)
    assert copy.deepcopy(state) == state
    catalogue = pickle.loads(pickle.dumps(default_catalogue()))
    assert catalogue == default_catalogue()
    assert catalogue.district("D05") == default_catalogue().district("D05")
    registry = pickle.loads(pickle.dumps(DEFAULT_REGISTRY))
    assert registry == DEFAULT_REGISTRY
    assert list(mutable_containers([(copied, "copy"), (registry, "registry")], set())) == []
