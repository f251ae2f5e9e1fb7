"""Every picture parses and shows exactly what the state holds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules.fertility import svg
from fertility_rules.fertility.catalogue.loader import read_catalogue
from fertility_rules.fertility.model.coordinates import square_name
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.rules.engine import apply
from fertility_rules.fertility.state import GameState
from fertility_rules.fertility.testing.strategies import catalogue_documents
from fertility_rules.shared.provenance import Provenance
from tests.pictures.helpers import classes, drawn, parse, played, states

POSITIONS = [
    pytest.param(state, id=f"seed{seed}-{players}p-{index}")
    for seed, players in ((1, 4), (2, 3), (3, 2))
    for index, state in enumerate(states(seed, players))
]


@pytest.mark.parametrize("state", POSITIONS)
def test_board_draws_every_square_tile_and_monument(state: GameState) -> None:
    grid = state.config.layout
    root = parse(svg.board(state))
    squares = drawn(root, "square")
    assert len(squares) == grid.width * grid.height
    assert {s.get("data-square") for s in squares} == {
        square_name(i, grid.width) for i in range(grid.width * grid.height)
    }
    for ground in ("desert", "wheat", "water"):
        expected = sum(1 for sq in grid.squares if sq.ground.value == ground)
        assert sum(1 for s in squares if ground in classes(s)) == expected
    tiles = drawn(root, "tile")
    assert len(tiles) == len(state.valley.tiles)
    assert [t.get("data-squares") for t in tiles] == [
        " ".join(square_name(s, grid.width) for s in placed.squares)
        for placed in state.valley.tiles
    ]
    scenes = drawn(root, "scene")
    assert sorted((s.get("data-square"), s.get("data-scene")) for s in scenes) == sorted(
        (square_name(square, grid.width), resource.key)
        for placed in state.valley.tiles
        for square, resource in zip(placed.squares, placed.scenes, strict=True)
    )
    monuments = drawn(root, "monument")
    assert sorted((m.get("data-square"), m.get("data-player")) for m in monuments) == sorted(
        (square_name(square, grid.width), str(player)) for square, player in state.valley.monuments
    )
    for monument in monuments:
        player = int(monument.get("data-player") or "")
        assert f"monument-{state.players[player].monument_type.value}" in classes(monument)
    assert len(drawn(root, "start-symbol")) == len(grid.start_symbols)


@pytest.mark.parametrize("state", POSITIONS)
def test_table_draws_every_metropolis_with_its_tokens_and_districts(state: GameState) -> None:
    root = parse(svg.table(state))
    cities = drawn(root, "metropolis")
    assert len(cities) == len(state.players)
    for city, player in zip(cities, state.players, strict=True):
        metropolis = player.metropolis
        shops = drawn(city, "shop")
        assert len(shops) == len(metropolis.shops)
        on_shops = [t for shop in shops for t in drawn(shop, "token")]
        assert len(on_shops) == metropolis.token_total()
        for resource_index, count in enumerate(metropolis.token_counts()):
            key = ("alabaster", "bovine", "papyrus", "grapes")[resource_index]
            assert sum(1 for t in on_shops if t.get("data-resource") == key) == count
        assert [d.get("data-district") for d in drawn(city, "district")] == [
            d.id for d in metropolis.districts
        ]
        assert len(drawn(city, "spot")) == metropolis.spots.count(None)
        (marker,) = drawn(city, "wheat-marker")
        assert marker.get("data-wheat") == str(metropolis.wheat)
        supply = {
            t.get("data-resource"): int(t.get("data-count") or 0)
            for group in drawn(city, "supply")
            for t in drawn(group, "token")
        }
        assert supply == {r.key: n for r, n in zip(Resource, player.supply, strict=True) if n}
        (built,) = drawn(city, "monuments")
        assert built.get("data-built") == str(metropolis.monuments)
        assert len(drawn(built, "monument-left")) == player.monuments_left
    offer = [d for group in drawn(root, "offer") for d in drawn(group, "district")]
    assert [d.get("data-district") for d in offer] == list(state.offer)
    (common,) = drawn(root, "common-pool")
    assert [t.get("data-tile") for t in drawn(common, "tile")] == list(state.common_pool)
    pools = drawn(root, "personal-pool")
    assert [[t.get("data-tile") for t in drawn(p, "tile")] for p in pools] == [
        list(player.pool) for player in state.players
    ]
    counts = {c.get("data-resource"): c.text for c in drawn(root, "stock-count")}
    assert counts == {
        r: str(n)
        for r, n in zip(("alabaster", "bovine", "papyrus", "grapes"), state.stock, strict=True)
    }


def test_pictures_display_in_jupyter() -> None:
    state = states(1, 4)[0]
    picture = svg.board(state)
    assert isinstance(picture, str)
    assert picture._repr_svg_() == str(picture)
    parse(picture._repr_svg_())


@settings(max_examples=12)
@given(st.integers(0, 7), st.sampled_from([2, 3, 4]), st.floats(0, 1))
def test_any_position_of_a_random_game_is_drawn_exactly(
    seed: int, players: int, fraction: float
) -> None:
    game = played(seed, players)
    count = int(len(game.record.moves) * fraction)
    state = game.record.initial_state()
    for move in game.record.moves[:count]:
        state = apply(state, move)
    test_board_draws_every_square_tile_and_monument(state)
    test_table_draws_every_metropolis_with_its_tokens_and_districts(state)


@settings(max_examples=10)
@given(catalogue_documents())
def test_any_catalogue_is_drawn_whole_with_its_reconstructed_items_marked(
    document: dict[str, Any],
) -> None:
    catalogue = read_catalogue(document)
    root = parse(svg.catalogue_sheet(catalogue))
    assert len(drawn(root, "valley-board")) == len(catalogue.valley_boards)
    assert len(drawn(root, "district")) == len(catalogue.districts)
    assert len(drawn(root, "metropolis")) == len(catalogue.metropolis_boards)
    tiles = [t for t in drawn(root, "tile") if "start-tile" not in classes(t)]
    assert [t.get("data-tile") for t in tiles] == [t.id for t in catalogue.valley_tiles]
    provenances = [
        *(b.provenance for b in catalogue.valley_boards),
        *(t.provenance for t in catalogue.valley_tiles),
        *(d.provenance for d in catalogue.districts),
        *(m.provenance for m in catalogue.metropolis_boards),
        catalogue.start_tile.provenance,
    ]
    frames = drawn(root, "reconstructed-frame")
    assert len(frames) == provenances.count(Provenance.RECONSTRUCTED)
    assert bool(drawn(root, "reconstructed-warning")) == catalogue.is_reconstructed
