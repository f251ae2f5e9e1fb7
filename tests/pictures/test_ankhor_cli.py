"""Ankh'or through the command line: ``show --format svg``, ``catalogue show --game ankhor
--format svg|html``, ``demo --game ankhor --svg`` and ``rules --game ankhor``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fertility_rules import ankhor
from fertility_rules.ankhor.model import position_text
from fertility_rules.ankhor.svg import table
from fertility_rules.ankhor.text_board import move_positions
from fertility_rules.cli import main
from fertility_rules.games import find_game
from fertility_rules.records import load_record
from tests.pictures.helpers import drawn, parse
from tests.pictures.test_cli_pictures import LANGUAGES, run


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "ankhor.json"
    args = ["simulate", "--game", "ankhor", "--players", "3", "--seed", "5", "--record", str(path)]
    assert main(args) == 0
    return path


def position_after(record_file: Path, count: int) -> tuple[ankhor.GameState, ankhor.Move]:
    record = load_record(record_file)
    rules = find_game("ankhor")
    state = record.initial_state()
    for move in record.moves[:count]:
        state = rules.apply(state, move)
    return state, record.moves[count - 1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_show_svg_draws_an_ankhor_position(
    capsys: pytest.CaptureFixture[str], record_file: Path, lang: str
) -> None:
    code, out, err = run(
        capsys, "show", str(record_file), "--at", "30", "--format", "svg", "--lang", lang
    )
    assert code == 0, err
    root = parse(out)
    assert root.get("lang") == lang
    state, last = position_after(record_file, 30)
    assert len(drawn(root, "player")) == len(state.players)
    shown = sorted(t.get("data-tile") or "" for t in drawn(root, "tile") if t.get("data-position"))
    assert shown == sorted(p.tile.id for player in state.players for p in player.tiles)
    marks = [m.get("data-position") for m in drawn(root, "last-move")]
    assert marks == [position_text(p) for p in move_positions(last)]


def test_demo_draws_a_picture_of_every_ankhor_turn(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "demo", "--game", "ankhor", "--seed", "2", "--svg", str(tmp_path))
    assert code == 0, err
    pictures = sorted(tmp_path.glob("turn-*.svg"))
    turns = re.findall(r"Turn (\d+)", out)
    assert len(pictures) == 1 + len(set(turns))  # the setup, then one per turn
    for picture in pictures[:: max(1, len(pictures) // 5)]:
        parse(picture.read_text(encoding="utf-8"))


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_catalogue_show_draws_ankhor_s_components(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    target = tmp_path / f"catalogue.{fmt}"
    code, _out, err = run(
        capsys, "catalogue", "show", "--game", "ankhor", "--format", fmt, "--output", str(target)
    )
    assert code == 0, err
    text = target.read_text(encoding="utf-8")
    ids = {t.id for t in ankhor.default_catalogue().tiles}
    assert set(re.findall(r'data-tile="([^"]+)"', text)) == ids
    assert "reconstructed-frame" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_writes_ankhor_s_document_and_its_pictures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    code, _out, err = run(
        capsys,
        "rules",
        "--game",
        "ankhor",
        "--lang",
        lang,
        "--format",
        "md",
        "--output",
        str(tmp_path) + "/",
    )
    assert code == 0, err
    document = (tmp_path / f"rules.{lang}.md").read_text(encoding="utf-8")
    referred = set(re.findall(r"\]\(([^)]+\.svg)\)", document))
    assert referred
    assert referred == {p.name for p in tmp_path.glob("*.svg")}
    assert '<a id="A-3.5"></a>' in document


def test_rules_html_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "--game", "ankhor", "--format", "html", "--lang", "pl")
    assert code == 0, err
    assert out.startswith("<!DOCTYPE html>")
    assert '<html lang="pl">' in out


def test_the_game_description_lists_the_pictures_and_the_document() -> None:
    rules = find_game("ankhor")
    assert rules.pictures is not None
    assert rules.texts.rules_formats == ("md", "rst", "html")
    state = ankhor.new_game(["A", "B"], seed=1)
    assert rules.pictures.table(state, None, "fr") == table(state, lang="fr")
    move = ankhor.BuyTile(0, (0, 0, 0))
    marked: object = rules.pictures.move_squares(move)
    assert marked == ((0, 0, 0),)  # positions (level, x, y) of the player's layout


def test_a_game_without_pictures_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    from tests.games import pairs

    args = ["catalogue", "show", "--game", pairs.INFO.name, "--format", "svg"]
    assert main(args, pairs.GAMES) == 1
    assert "has no pictures of the catalogue yet" in capsys.readouterr().err
