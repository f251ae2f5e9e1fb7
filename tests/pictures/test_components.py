"""Single components: what is drawn is what the value holds, whatever the value."""

from __future__ import annotations

from collections import Counter

import pytest
from attrs import evolve
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.drawing.image import xml_text
from fertility_rules.fertility import svg
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.resources import Icon, Resource
from fertility_rules.fertility.model.shop import ShopState
from fertility_rules.fertility.rules.geometry import bits
from fertility_rules.fertility.testing.strategies import metropolises, shop_states
from fertility_rules.i18n.message import _, render
from tests.pictures.helpers import SVG, classes, drawn, parse, states, texts

GODS = ("Ra", "Isis", "Osiris")
KEYS = [r.key for r in Resource]


@given(shop_states(GODS))
def test_a_shop_shows_its_icons_and_tokens(state: ShopState) -> None:
    root = parse(svg.shop(state.shop, state.tokens))
    (shop,) = drawn(root, "shop")
    icons = [e for e in root.iter() if classes(e) & ({"icon-any"} | {f"icon-{k}" for k in KEYS})]
    assert len(icons) == len(state.shop.requires)
    tokens = drawn(shop, "token")
    assert len(tokens) == state.token_count
    assert Counter(t.get("data-resource") for t in tokens) == Counter(
        {k: n for k, n in zip(KEYS, state.tokens, strict=True) if n}
    )
    assert ("full" in classes(shop)) == state.is_full


@given(shop_states(GODS))
def test_tokens_lie_on_icons_that_take_them(state: ShopState) -> None:
    placed = svg.socket_tokens(state.shop, state.tokens)
    assert len(placed) == len(state.shop.requires)
    for icon, token in zip(state.shop.requires, placed, strict=True):
        if token is not None and icon is not Icon.ANY:
            assert icon.resource is token
    assert Counter(t for t in placed if t is not None) == Counter(
        {r: n for r, n in zip(Resource, state.tokens, strict=True) if n}
    )


@given(metropolises(GODS))
def test_a_metropolis_from_a_final_position_shows_every_shop(metropolis: Metropolis) -> None:
    root = parse(svg.metropolis(metropolis))
    assert len(drawn(root, "shop")) == len(metropolis.shops)
    assert len(drawn(root, "token")) == metropolis.token_total()
    (marker,) = drawn(root, "wheat-marker")
    assert marker.get("data-wheat") == str(metropolis.wheat)
    cells = [c for c in drawn(root, "track-cell") if c.get("data-wheat") is not None]
    assert [c.get("data-debens") for c in cells] == [str(v) for v in metropolis.wheat_track]
    scale = [c for c in drawn(root, "track-cell") if c.get("data-statues") is not None]
    assert [c.get("data-debens") for c in scale] == [str(v) for v in metropolis.statue_scale]


def test_every_district_of_the_catalogue_shows_its_shops_and_cost() -> None:
    for district in default_catalogue().districts:
        root = parse(svg.district(district, lang="pl"))
        assert [s.get("data-shop") for s in drawn(root, "shop")] == [s.id for s in district.shops]
        (cost,) = drawn(root, "cost")
        assert cost.get("data-cost") == str(district.cost)
        assert len(drawn(cost, "icon-any")) == district.cost
        assert render(_("District {id}", id=district.id), "pl") in texts(root)


def test_a_metropolis_board_is_empty_and_marked_reconstructed() -> None:
    board = default_catalogue().metropolis_boards[0]
    root = parse(svg.metropolis(board, provenance=True, lang="fr"))
    assert len(drawn(root, "shop")) == len(board.shops)
    assert drawn(root, "token") == []
    assert len(drawn(root, "spot")) == board.spots
    assert drawn(root, "reconstructed-frame")
    assert "reconstitué" in texts(root)


@given(st.text(min_size=1, max_size=30))
def test_any_player_name_is_escaped(name: str) -> None:
    state = states(1, 4)[1]
    hostile = evolve(state, players=(evolve(state.players[0], name=name), *state.players[1:]))
    root = parse(svg.table(hostile))
    heading = drawn(root, "metropolis-title")[0]
    shown = heading.findtext(SVG + "title") or heading.text  # a long name: whole in a tooltip
    if "\r" not in name:  # XML reads a carriage return as a line feed
        assert shown == xml_text(name)


def test_marks_outline_the_squares_given() -> None:
    state = states(2, 3)[1]
    grid = state.config.layout
    empty = bits(state.valley.empty)[:3]
    root = parse(
        svg.board(
            state,
            legal_squares=empty,
            closed_quarries=empty[:1],
            harvest_sources=empty[1:2],
            last_move=state.valley.tiles[-1].squares,
        )
    )
    from fertility_rules.fertility.model.coordinates import square_name

    def marked(kind: str) -> list[str | None]:
        return [m.get("data-square") for m in drawn(root, "mark") if kind in classes(m)]

    assert marked("legal") == [square_name(s, grid.width) for s in empty]
    assert marked("quarry") == [square_name(empty[0], grid.width)]
    assert marked("harvest") == [square_name(empty[1], grid.width)]
    assert marked("last-move") == [
        square_name(s, grid.width) for s in state.valley.tiles[-1].squares
    ]


def test_a_valley_board_alone_shows_its_printed_squares() -> None:
    board = default_catalogue().valley_boards[1]
    root = parse(svg.valley_board(board, rotated=True))
    squares = drawn(root, "square")
    assert len(squares) == 32
    icons = sum(1 for row in board.rows for c in row if c in "abpg")
    assert len(drawn(root, "printed-icon")) == icons
    assert len(drawn(root, "start-symbol")) == sum(row.count("S") for row in board.rows)
    # Turned by 180°: the top-left square shows the bottom-right printed square.
    first = squares[0]
    assert first.get("data-square") == "a1"
    expected = {"w": "wheat", "~": "water"}.get(board.rows[7][3], "desert")
    assert expected in classes(first)


def test_the_key_names_every_scene_and_ground_in_the_language() -> None:
    from fertility_rules.fertility.model.valley import Ground
    from fertility_rules.fertility.svg.valley import GROUND_LABELS

    for lang in ("en", "fr", "pl", "nl"):
        root = parse(svg.legend(lang=lang))
        labels = texts(root)
        for resource in Resource:
            assert render(resource.label, lang) in labels
        for ground in Ground:
            assert render(GROUND_LABELS[ground], lang) in labels
        entries = drawn(root, "legend-entry")
        names = [[t.text for t in entry if t.tag.endswith("text")][-1] for entry in entries]
        assert all(names)
        assert len(set(names)) == len(names)


def test_board_without_coordinates_and_at_any_size_keeps_its_squares() -> None:
    state = states(1, 4)[1]
    with_names = parse(svg.board(state))
    bare = parse(svg.board(state, coordinates=False, size=24))
    assert drawn(bare, "coordinates") == []
    assert len(drawn(with_names, "coordinates")) == 1
    assert len(drawn(bare, "square")) == len(drawn(with_names, "square"))
    assert len(drawn(bare, "tile")) == len(state.valley.tiles)
    width = float((bare.get("viewBox") or "").split()[2])
    assert width < float((with_names.get("viewBox") or "").split()[2])


def test_a_layout_with_a_valley_draws_the_given_tiles_and_monuments() -> None:
    state = states(1, 4)[-1]
    types = [p.monument_type for p in state.players]
    root = parse(svg.board(state.config.layout, valley=state.valley, monument_types=types))
    assert len(drawn(root, "tile")) == len(state.valley.tiles)
    assert len(drawn(root, "monument")) == len(state.valley.monuments)


def test_placement_squares_are_the_squares_of_legal_placements() -> None:
    from fertility_rules.fertility.moves import PlaceTile
    from fertility_rules.fertility.rules.engine import is_legal

    state = states(3, 2)[0]
    tile = state.player.pool[0]
    squares = svg.placement_squares(state, tile)
    assert squares
    grid = state.config.layout
    for square in squares:
        assert state.valley.empty >> square & 1
        assert any(
            is_legal(state, PlaceTile(tile, square, other))
            or is_legal(state, PlaceTile(tile, other, square))
            for other in bits(grid.nb4[square])
        )
    everywhere = svg.placement_squares(state)
    assert set(squares) <= set(everywhere)


def test_tokens_a_shop_cannot_hold_are_an_input_error() -> None:
    from fertility_rules.errors import MalformedInputError

    district = default_catalogue().districts[0]
    first = district.shops[0]
    too_many = (first.size + 1, 0, 0, 0)
    with pytest.raises(MalformedInputError):
        svg.shop(first, too_many)
    with pytest.raises(MalformedInputError):
        svg.district(district, [too_many])
    with pytest.raises(MalformedInputError) as error:
        svg.district(district, [(0, 0, 0, 0)] * (len(district.shops) + 1))
    assert "R-1.5" in error.value.render("nl")


def test_squares_off_the_board_are_an_input_error() -> None:
    from fertility_rules.errors import MalformedInputError

    state = states(1, 4)[0]
    with pytest.raises(MalformedInputError):
        svg.board(state, highlights=[10_000])


def test_a_long_name_is_shortened_in_the_header_and_kept_whole_in_its_tooltip() -> None:
    state = states(1, 4)[0]
    name = "Amunet-" * 20  # too long even at the smallest font size
    long = evolve(state, players=(evolve(state.players[0], name=name), *state.players[1:]))
    (title, *_others) = drawn(parse(svg.table(long)), "metropolis-title")
    assert title.text is not None
    assert len(title.text) < len(name)
    assert name.startswith(title.text[:-1])
    assert [t.text for t in title] == [name]
