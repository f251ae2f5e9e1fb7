"""At the prompt and in notebooks: short reprs, pictures, readable signatures."""

from __future__ import annotations

import inspect
import pydoc
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules.fertility import load_final_position, read_final_position
from fertility_rules.fertility.catalogue import load_catalogue, read_catalogue
from fertility_rules.fertility.formats.state import read_observation
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.fertility.scoring.pipeline import score_position

LONG_NUMBER = re.compile(r"\d{12,}")
"""A bitboard: the squares of the central board as one integer."""


def _played(moves: int = 12) -> fr.Game:
    game = fr.Game.new(["Amunet", "Bek", "Chione"], seed=7)
    for _ in range(moves):
        game = game.play(fr.legal_moves(game.state)[0])
    return game


def _is_svg(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def test_a_state_has_a_short_repr_without_square_masks() -> None:
    state = _played().state
    text = repr(state)
    assert len(text) < 300
    assert not LONG_NUMBER.search(text)
    assert text.startswith("GameState(turn=")
    assert repr(state.player.name) in text
    assert state.phase.value in text
    assert not LONG_NUMBER.search(repr(state.valley))
    assert f"tiles={len(state.valley.tiles)}" in repr(state.valley)


def test_a_view_has_a_short_repr_that_shows_only_pile_sizes() -> None:
    state = _played().state
    view = fr.observe(state)
    text = repr(view)
    assert len(text) < 300
    assert not LONG_NUMBER.search(text)
    assert f"pile_size={len(state.pile)}" in text
    assert not any(tile in text for tile in state.pile)  # the pile stays hidden


@pytest.mark.parametrize(
    ("make", "title"),
    [
        (lambda: _played().state, "Turn"),
        (lambda: fr.observe(_played().state), "Turn"),
        (_played, "Turn"),
    ],
    ids=["state", "observation", "game"],
)
def test_states_views_and_games_draw_themselves_in_notebooks(
    make: Callable[[], Any], title: str
) -> None:
    value = make()
    root = _is_svg(value._repr_svg_())
    heading = root.findtext("{http://www.w3.org/2000/svg}title") or ""
    assert heading.startswith(title)


def _picture(game: fr.Game) -> str:
    picture = game._repr_svg_()
    assert picture is not None  # Fertility has pictures of its table
    return picture


def test_a_game_picture_marks_its_last_move() -> None:
    assert 'class="mark last-move"' not in _picture(_played(0))
    assert _picture(_played(1)).count('class="mark last-move"') == 2  # both halves


def test_a_score_report_has_a_short_repr_and_an_html_table() -> None:
    report = score_position(rulebook_example())
    text = repr(report)
    assert text == "ScoreReport(totals={'Lisa': 87}, winners=('Lisa',))"
    table = report._repr_html_()
    assert table is not None  # the game's description gives its score table
    root = ET.fromstring(table)
    cells = [cell.text for cell in root.iter("td")]
    assert cells == ["Lisa", "18", "21", "10", "15", "23", "87", "1"]


READERS = [
    fr.read_state,
    fr.read_record,
    fr.load_record,
    read_observation,
    read_catalogue,
    load_catalogue,
    read_final_position,
    load_final_position,
]


@pytest.mark.parametrize("reader", READERS, ids=lambda f: f.__name__)
def test_readers_show_a_readable_signature(reader: Callable[..., Any]) -> None:
    signature = str(inspect.signature(reader))
    assert len(signature) < 400, signature
    assert "object at 0x" not in signature


def test_help_on_a_game_state_shows_no_anonymous_sentinel() -> None:
    text = pydoc.render_doc(fr.GameState, renderer=pydoc.plaintext)  # type: ignore[attr-defined]
    assert "object at 0x" not in text
    assert "current: 'int' = UNSET" in text or "current: int = UNSET" in text
