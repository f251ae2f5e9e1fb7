"""The text board shows the same squares as the pictures, named the same way."""

from __future__ import annotations

import pytest

from fertility_rules.fertility import svg
from fertility_rules.fertility.model.coordinates import column_name, parse_square, square_name
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.state import GameState
from fertility_rules.fertility.text_board import (
    GROUND_SYMBOLS,
    MONUMENT_SYMBOLS,
    scene_letter,
    text_board,
)
from fertility_rules.i18n.message import render
from tests.pictures.helpers import drawn, parse, states

POSITIONS = [
    pytest.param(state, id=f"seed{seed}-{players}p-{index}")
    for seed, players in ((4, 4), (5, 2))
    for index, state in enumerate(states(seed, players))
]


def _parts(text: str) -> tuple[str, str]:
    """The board (down to its second column header) and the legend after it."""
    lines = text.splitlines()
    end = lines.index(lines[0], 1) + 1
    return "\n".join(lines[:end]), "\n".join(lines[end:])


def _grid(text: str, width: int) -> dict[str, str]:
    """Square name -> character, read back from the text board's rows."""
    cells: dict[str, str] = {}
    lines = text.splitlines()
    header = lines[0] + " "
    columns = [header.index(f" {column_name(c)} ") + 1 for c in range(width)]
    for line in lines[1:]:
        label = line[:2].strip()
        if not label.isdigit():
            continue
        for column, position in enumerate(columns):
            cells[f"{column_name(column)}{label}"] = line[position]
    return cells


@pytest.mark.parametrize("state", POSITIONS)
def test_text_board_shows_the_squares_the_picture_shows(state: GameState) -> None:
    grid = state.config.layout
    text = text_board(state, legend=False)
    cells = _grid(text, grid.width)
    assert len(cells) == grid.width * grid.height
    picture = parse(svg.board(state))
    scenes = {s.get("data-square"): s.get("data-scene") for s in drawn(picture, "scene")}
    monuments = {m.get("data-square"): m.get("data-player") for m in drawn(picture, "monument")}
    for name, char in cells.items():
        square = parse_square(name, grid.width)
        if name in monuments:
            assert char == MONUMENT_SYMBOLS[int(monuments[name] or 0)]
        elif name in scenes:
            assert char == scene_letter(Resource.from_key(scenes[name] or ""))
        else:
            printed = grid.squares[square]
            if printed.icon is not None:
                assert char == scene_letter(printed.icon).lower()
            elif not printed.start:
                assert char == GROUND_SYMBOLS[printed.ground]


@pytest.mark.parametrize("state", POSITIONS[:2])
def test_text_board_fits_a_terminal(state: GameState) -> None:
    text = text_board(state)
    board, _legend = _parts(text)
    assert max(len(line) for line in board.splitlines()) <= 80


def test_last_move_is_bracketed() -> None:
    state = states(4, 4)[1]
    placed = state.valley.tiles[-1]
    text = text_board(state, last_move=placed.squares, legend=False)
    cells = _grid(text, state.config.layout.width)
    for square in placed.squares:
        name = square_name(square, state.config.layout.width)
        assert cells[name] == scene_letter(placed.scenes[placed.squares.index(square)])
    assert text.count("[") == len(placed.squares)


@pytest.mark.parametrize("lang", ["en", "fr", "pl", "nl"])
def test_legend_is_in_the_language(lang: str) -> None:
    state = states(4, 4)[-1]
    _board, legend = _parts(text_board(state, lang=lang))
    for resource in Resource:
        assert f"{scene_letter(resource, lang)} {render(resource.label, lang)}" in legend
    for player in state.players:
        assert player.name in legend


def test_scene_letters_differ_in_every_language() -> None:
    for lang in ("en", "fr", "pl", "nl"):
        letters = {scene_letter(r, lang) for r in Resource}
        assert len(letters) == 4
        assert not letters & {"·", "≡", "~"}
