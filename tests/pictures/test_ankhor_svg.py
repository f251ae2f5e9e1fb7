"""Ankh'or's pictures parse and draw exactly what the state or catalogue holds, counted
through their classes and ``data-`` attributes; labels fit their boxes (A-1 to A-8)."""

from __future__ import annotations

import functools
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from attrs import evolve

from fertility_rules import ankhor
from fertility_rules.ankhor import svg
from fertility_rules.ankhor.formats.catalogue import dump_catalogue as ankhor_dump_catalogue
from fertility_rules.ankhor.formats.catalogue import read_catalogue as ankhor_read_catalogue
from fertility_rules.ankhor.layout import big_groups
from fertility_rules.ankhor.model import (
    COLOURS,
    TOKENS,
    Colour,
    Kind,
    Placed,
    Position,
    position_text,
)
from fertility_rules.ankhor.moves import BuyTile, MoveTile
from fertility_rules.ankhor.state import GameState, PlayerState
from fertility_rules.ankhor.svg.key import KEY_COLUMN
from fertility_rules.shared.provenance import Provenance
from tests.pictures.fonts import font
from tests.pictures.helpers import classes, drawn, parse, texts

LANGUAGES = ["en", "fr", "pl", "nl"]


@functools.cache
def played(seed: int, players: int) -> tuple[tuple[GameState, ...], tuple[ankhor.Move, ...]]:
    """Every state of a seeded game of random agents, and every move."""
    names = ["Amunet", "Bek", "Chione", "Djedi"][:players]
    agents = [ankhor.make_agent("random", seed * 10 + i) for i in range(players)]
    moves = tuple(ankhor.play_game(names, agents, seed).moves)
    state = ankhor.new_game(names, seed)
    states = [state]
    for move in moves:
        state = ankhor.apply(state, move)
        states.append(state)
    return tuple(states), moves


def game(seed: int, players: int) -> tuple[GameState, ...]:
    return played(seed, players)[0]


POSITIONS = [
    pytest.param(seed, players, part, id=f"seed{seed}-{players}p-{part}")
    for seed, players in ((1, 2), (2, 3), (3, 4))
    for part in (0, 1, 2, 3)
]


def position(seed: int, players: int, part: int) -> GameState:
    states = game(seed, players)
    return states[(len(states) - 1) * part // 3]


def data(element: ET.Element, name: str) -> str:
    return element.get(f"data-{name}") or ""


def adjacent_pairs(tiles: tuple[Placed, ...], same_level: bool) -> list[tuple[Placed, Placed]]:
    """Adjacent tiles (A-3.5, A-3.8, Q-3), worked out here from the positions alone."""
    pairs = []
    for i, a in enumerate(tiles):
        for b in tiles[i + 1 :]:
            (la, xa, ya), (lb, xb, yb) = a.position, b.position
            if la == lb and (la == 0 or same_level):
                if abs(xa - xb) + abs(ya - yb) == 1:
                    pairs.append((a, b))
            elif abs(la - lb) == 1:
                high, low = (a, b) if la > lb else (b, a)
                if low.x - high.x in (0, 1) and low.y - high.y in (0, 1):
                    pairs.append((a, b))
    return pairs


def scored_groups(state: GameState, player: int) -> Counter[tuple[str, int]]:
    """The groups of 2 or more as the score sheet counts them (A-7.2, A-7.3)."""
    sheet = ankhor.final_scores(state).sheets[player]
    found: Counter[tuple[str, int]] = Counter()
    for line in sheet.lines:
        if line.rule in ("A-7.2", "A-7.3") and line.points:
            found[(line.rule, line.points)] += 1
    return found


@pytest.mark.parametrize(("seed", "players", "part"), POSITIONS)
def test_table_draws_every_player_tile_token_and_group(seed: int, players: int, part: int) -> None:
    state = position(seed, players, part)
    root = parse(svg.table(state))
    panels = drawn(root, "player")
    assert [data(p, "name") for p in panels] == [p.name for p in state.players]
    same_level = state.config.interpretations.higher_neighbours.value == "same_level"
    for index, (panel, player) in enumerate(zip(panels, state.players, strict=True)):
        tiles = [t for t in drawn(panel, "tile") if data(t, "position")]
        assert sorted((data(t, "position"), data(t, "tile")) for t in tiles) == sorted(
            (position_text(p.position), p.tile.id) for p in player.tiles
        )
        assert len(drawn(panel, "higher")) == sum(1 for p in player.tiles if p.level)
        stored = drawn(panel, "stored")
        assert sorted(data(t, "token") for t in stored) == sorted(
            TOKENS[kind].key for kind, n in enumerate(player.stored_tokens()) for _n in range(n)
        )
        counts = {data(t, "token"): int(t.text or "0") for t in drawn(panel, "hand-count")}
        assert counts == {kind.key: player.tokens[kind] for kind in TOKENS if player.tokens[kind]}
        (bonus,) = drawn(panel, "bonus-tokens")
        assert len(drawn(bonus, "bonus-token")) == player.bonus
        chips = Counter(
            (
                "A-7.3" if data(c, "group") in {col.key for col in COLOURS} else "A-7.2",
                int(data(c, "size")),
            )
            for c in drawn(panel, "group")
        )
        assert chips == scored_groups(state, index)
        colour_links = drawn(panel, "link-colour")
        pairs = adjacent_pairs(player.tiles, same_level)
        assert len(colour_links) == sum(1 for a, b in pairs if a.tile.colour is b.tile.colour)
        animal_links = drawn(panel, "link-animal")
        assert len(animal_links) == sum(
            1 for a, b in pairs if a.tile.animal is not None and a.tile.animal is b.tile.animal
        )
        big: set[str] = set()
        attributes: tuple[Colour | Kind, ...] = (*COLOURS, Kind.JACKAL, Kind.FALCON, Kind.BEETLE)
        for attribute in attributes:
            for ids in big_groups(player.tiles, attribute, same_level):
                big |= ids
        assert {data(t, "tile") for t in tiles if data(t, "bonus-group")} == big
        assert len(drawn(panel, "bonus-ring")) == len(big)
    current = drawn(root, "current-player")
    assert len(current) == (0 if state.is_over else 1)


@pytest.mark.parametrize(("seed", "players", "part"), POSITIONS)
def test_table_draws_the_offer_supply_reserve_piles_and_removed_tiles(
    seed: int, players: int, part: int
) -> None:
    state = position(seed, players, part)
    root = parse(svg.table(state))
    slots = drawn(root, "slot")
    assert [data(s, "slot") for s in slots] == ["1", "2", "3", "4", "5", "6"]
    assert [data(s, "tile") for s in slots] == [t.id if t else "" for t in state.offer]
    assert sum(1 for s in slots if "empty" in classes(s)) == state.offer.count(None)
    for slot, markers in zip(slots, state.config.prices, strict=True):
        assert [data(m, "colour") for m in drawn(slot, "price-marker")] == [c.key for c in markers]
        assert data(slot, "price") == " ".join(c.key for c in markers)
    supply = {data(t, "token"): int(t.text or "") for t in drawn(root, "supply-count")}
    assert supply == {kind.key: state.supply[kind] for kind in TOKENS}
    (reserve,) = drawn(root, "reserve")
    assert int(data(reserve, "count")) == state.reserve
    piles = [int(data(p, "size")) for p in drawn(root, "draw-pile")]
    assert tuple(piles) == state.pile_sizes
    (removed,) = drawn(root, "removed")
    assert [data(t, "tile") for t in drawn(removed, "removed-tile")] == [
        t.id for t in state.removed
    ]


def test_a_view_is_drawn_as_its_state() -> None:
    state = position(3, 4, 1)
    assert svg.table(ankhor.observe(state)) == svg.table(state)
    assert state._repr_svg_() == svg.table(state)
    assert ankhor.observe(state)._repr_svg_() == svg.table(state)


def test_legal_places_are_the_places_of_the_legal_purchases() -> None:
    for state in game(1, 2)[::7]:
        if state.phase is not ankhor.Phase.MAIN:
            continue
        for slot in range(6):
            wanted = {
                m.position
                for m in ankhor.legal_moves(state)
                if isinstance(m, BuyTile) and m.slot == slot
            }
            assert set(svg.legal_places(state, slot)) == wanted
            root = parse(svg.layout(state, legal_places=svg.legal_places(state, slot)))
            spaces = drawn(root, "space")
            assert sorted(data(s, "position") for s in spaces) == sorted(
                position_text(p)
                for p in wanted
                if p not in {t.position for t in state.player.tiles}
            )
            for space in spaces:  # each space is labelled with its position
                assert data(space, "position") in texts(space)


def test_the_last_move_marks_where_a_tile_went_and_came_from() -> None:
    states, moves = played(3, 4)
    seen = set()
    for before, move, after in zip(states, moves, states[1:], strict=False):
        if isinstance(move, BuyTile | MoveTile):
            seen.add(type(move))
            root = parse(svg.layout(after, before.current, last_move=move))
            marks = [data(m, "position") for m in drawn(root, "last-move")]
            expected = [move.position] if isinstance(move, BuyTile) else [move.origin, move.target]
            assert sorted(marks) == sorted(position_text(p) for p in expected)
    assert seen == {BuyTile, MoveTile}


def test_a_higher_tile_is_drawn_over_the_corner_of_its_four_supporters() -> None:
    catalogue = ankhor.default_catalogue()
    tiles = catalogue.tiles
    base = tuple(
        Placed(tiles[i], 0, x, y) for i, (x, y) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1)))
    )
    top = Placed(tiles[10], 1, 0, 0)
    player = PlayerState("Nefer", tiles=(*base, top))
    root = parse(svg.layout(player, size=60))
    boxes = {}
    for tile in drawn(root, "tile"):
        rect = tile.find("{http://www.w3.org/2000/svg}rect")
        assert rect is not None
        boxes[data(tile, "position")] = tuple(float(rect.get(k) or 0) for k in ("x", "y", "width"))
    x, y, side = boxes["1:0,0"]
    corner = (boxes["1,1"][0], boxes["1,1"][1])  # the corner the four base tiles share
    assert (x + side / 2, y + side / 2) == pytest.approx(corner)
    assert side < 60  # smaller than a base tile: the supporters stay in sight
    order = [data(t, "position") for t in drawn(root, "tile")]
    assert order.index("1:0,0") > max(order.index(p) for p in ("0,0", "1,0", "0,1", "1,1"))


def test_every_tile_shows_its_family_and_kind() -> None:
    for tile in ankhor.default_catalogue().tiles:
        root = parse(svg.tile(tile, stored=tile.kind is Kind.WAREHOUSE))
        (group,) = drawn(root, "tile")
        assert data(group, "colour") == tile.colour.key
        assert data(group, "kind") == tile.kind.value
        assert drawn(group, f"glyph-{tile.kind.value}")
        if tile.kind is Kind.VALUE:
            assert [p.text for p in drawn(group, "points")] == [str(tile.points)]
        stored = drawn(group, "stored")
        assert [data(t, "token") for t in stored] == (
            [tile.colour.key] if tile.kind is Kind.WAREHOUSE else []
        )


def checked(value: object) -> object:
    """``value`` with every ``reconstructed`` provenance turned into ``rulebook``."""
    if isinstance(value, dict):
        return {key: checked(item) for key, item in value.items()}
    if isinstance(value, list):
        return [checked(item) for item in value]
    return "rulebook" if value == "reconstructed" else value


def owned_catalogue() -> ankhor.Catalogue:
    """The default catalogue as an owner who checked the box would write it."""
    return ankhor_read_catalogue(checked(ankhor_dump_catalogue(ankhor.default_catalogue())))


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_sheet_draws_every_component_and_frames_the_reconstructed(
    language: str,
) -> None:
    catalogue = ankhor.default_catalogue()
    root = parse(svg.catalogue_sheet(catalogue, lang=language))
    tiles = [t for t in drawn(root, "tile") if data(t, "tile") in catalogue.tiles_by_id]
    assert sorted(data(t, "tile") for t in tiles) == sorted(t.id for t in catalogue.tiles)
    assert sorted(t.text or "" for t in drawn(root, "tile-id")) == sorted(catalogue.tiles_by_id)
    markers = Counter(
        data(m, "colour") for m in drawn(root, "price-markers")[0] if data(m, "colour")
    )
    assert markers == {
        c.key: n for c, n in zip(COLOURS, catalogue.price_board.markers, strict=True)
    }
    spaces = drawn(root, "marker-space")
    assert len(spaces) == sum(catalogue.price_board.slots)
    tokens = Counter(data(t, "token") for t in drawn(drawn(root, "box-tokens")[0], "token"))
    assert tokens == {kind.key: catalogue.tokens.per_kind for kind in TOKENS}
    bonus = drawn(drawn(root, "box-bonus-tokens")[0], "bonus-token")
    assert len(bonus) == catalogue.bonus.count
    reconstructed = sum(1 for t in catalogue.tiles if t.provenance is Provenance.RECONSTRUCTED)
    sources = catalogue.sources()
    reconstructed += sum(
        1
        for key in ("price_board", "price_markers", "tokens", "bonus_tokens")
        if sources[key].provenance is Provenance.RECONSTRUCTED
    )
    assert len(drawn(root, "reconstructed-frame")) == reconstructed > 0
    assert drawn(root, "reconstructed-warning")
    owned = parse(svg.catalogue_sheet(owned_catalogue(), lang=language))
    assert not drawn(owned, "reconstructed-frame")
    assert not drawn(owned, "reconstructed-warning")


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogue_page_is_one_picture_per_component(language: str) -> None:
    page = svg.catalogue_page(ankhor.default_catalogue(), lang=language)
    assert f'<html lang="{language}">' in page
    pictures = re.findall(r"<svg\b", page)
    # the key, 55 tiles, the price board, the markers, the tokens, the bonus tokens
    assert len(pictures) == 1 + 55 + 2 + 2
    for match in re.finditer(r"<svg\b.*?</svg>", page, re.S):
        parse(match.group(0))


# ----------------------------------------------------------------------- labels fit


def _number(element: ET.Element, name: str, default: float = 0) -> float:
    value = element.get(name)
    return float(value) if value is not None else default


def text_extents(root: ET.Element) -> list[tuple[str, float, float, float]]:
    """Every text of a picture with no transform on its way: (text, left, right, size),
    measured with the font's own widths."""
    found = []

    def walk(node: ET.Element, size: float | None, anchor: str, bold: bool, moved: bool) -> None:
        size = _number(node, "font-size", size or 0) or size
        anchor = node.get("text-anchor") or anchor
        bold = bold or node.get("font-weight") == "bold"
        moved = moved or node.get("transform") is not None
        if node.tag.endswith("}text") and node.text and not moved and size:
            width = font(bold).width(node.text, size)
            x = _number(node, "x")
            left = {"start": x, "middle": x - width / 2, "end": x - width}[anchor]
            found.append((node.text, left, left + width, size))
        for child in node:
            walk(child, size, anchor, bold, moved)

    walk(root, None, "start", False, False)
    return found


def pictures(language: str) -> list[str]:
    state = position(3, 4, 2)
    catalogue = ankhor.default_catalogue()
    return [
        svg.table(state, lang=language),
        svg.table(position(3, 4, 0), lang=language),  # the longest heading: the first turn
        svg.layout(state, legal_places=svg.legal_places(state), lang=language),
        svg.offer(state, title="x", lang=language),
        svg.legend(lang=language),
        svg.catalogue_sheet(catalogue, lang=language),
        svg.hand((1, 2, 3, 0, 1, 2), title="y", lang=language),
        *(svg.tile(tile, lang=language) for tile in catalogue.tiles[:3]),
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_lies_within_its_picture(language: str) -> None:
    for picture in pictures(language):
        root = parse(picture)
        _x, _y, width, _h = map(float, (root.get("viewBox") or "").split())
        for text, left, right, _size in text_extents(root):
            assert left >= -0.5, (text, left)
            assert right <= width + 0.5, (text, right, width)


@pytest.mark.parametrize("language", LANGUAGES)
def test_labels_fit_their_boxes(language: str) -> None:
    catalogue = ankhor.default_catalogue()
    sheet = parse(svg.catalogue_sheet(catalogue, lang=language))
    for text, left, right, _size in text_extents(sheet):
        if text in catalogue.tiles_by_id:  # a tile's id stays under its tile
            assert right - left <= 56 + 8, text
    key = parse(svg.legend(lang=language))
    for text, left, right, _size in text_extents(key):
        assert right - left <= KEY_COLUMN - 24, text  # within its column of the key
    state = position(1, 2, 1)
    places = svg.legal_places(state)
    root = parse(svg.layout(state, legal_places=places, lang=language))
    for space in drawn(root, "space"):
        rect = space.find("{http://www.w3.org/2000/svg}rect")
        assert rect is not None
        for text, left, right, _size in text_extents(space):
            assert right - left <= _number(rect, "width"), text


def test_a_long_player_name_is_shortened_in_the_table() -> None:
    state = position(1, 2, 0)
    long = "Nefertari-" * 8
    players = (evolve(state.players[0], name=long), *state.players[1:])
    root = parse(svg.table(evolve(state, players=players)))
    (name, *_rest) = drawn(root, "player-name")
    assert len(name.text or long) < len(long)
    assert next(data(p, "name") for p in drawn(root, "player")) == long


def test_positions_written_on_spaces_are_the_notation_s() -> None:
    place: Position = (1, -2, 3)
    assert position_text(place) == "1:-2,3"
    root = parse(svg.layout(PlayerState("Nefer"), legal_places=[(0, 0, 0)]))
    assert [data(s, "position") for s in drawn(root, "space")] == ["0,0"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_players_are_told_apart_by_name_not_by_a_colour_of_the_game(players: int) -> None:
    """Ankh'or's players own no colour, and every strong colour is a family's or the
    ankh's: a red name would read as the red family. Names are written, and the player to
    move framed, in the ink of the rest of the text."""
    state = game(players, players)[-1 if players == 2 else 5]
    root = parse(svg.table(state))
    ink = {count.get("fill") for count in drawn(root, "tile-count")}
    assert len(ink) == 1
    assert {name.get("fill") for name in drawn(root, "player-name")} == ink
    assert {frame.get("stroke") for frame in drawn(root, "current-player")} <= ink
