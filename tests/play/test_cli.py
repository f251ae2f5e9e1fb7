"""The command line for apps: show as JSON or view, verify counts, errors as JSON."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from attrs import evolve

from fertility_rules import (
    BuildDistrict,
    Game,
    Phase,
    dump_state,
    legal_moves,
    read_state,
    render,
    save_record,
    violations,
)
from fertility_rules.cli import main


@pytest.fixture(scope="module")
def game() -> Game:
    played = Game.new(["Amunet", "Bek"], seed=21)
    rng = random.Random(2)
    for _ in range(30):
        played = played.play(rng.choice(legal_moves(played.state)))
    return played


@pytest.fixture
def record(tmp_path: Path, game: Game) -> Path:
    path = tmp_path / "game.json"
    save_record(game.record, path)
    return path


def test_show_json_is_the_game_state(
    record: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(record), "--at", "12", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == json.loads(json.dumps(dump_state(game.state_at(12))))
    assert read_state(data) == game.state_at(12)


def test_show_view_hides_the_pile(
    record: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", str(record), "--format", "json", "--view"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "fertility-rules/observation/1"
    assert "pile" not in data
    assert data["pile_size"] == len(game.state.pile)
    assert len(data["legal_moves"]) == len(legal_moves(game.state))
    assert main(["show", str(record), "--view", "--lang", "fr"]) == 0
    assert "Tour" in capsys.readouterr().out


def test_verify_counts_the_legal_moves(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(record)]) == 1  # legal, but not over
    out = capsys.readouterr().out
    assert "30 moves, all legal." in out
    assert main(["verify", str(record), "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out) == {"legal": True, "moves": 30, "over": False}


def test_errors_come_as_json_under_format_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "fertility-rules/game-record/1", "players": 3}', "utf-8")
    assert main(["show", str(path), "--format", "json"]) == 1
    error = json.loads(capsys.readouterr().err)
    assert error["error"] == "malformed_input"
    assert any(p["path"].startswith("$.players") for p in error["problems"])
    assert main(["verify", str(path), "--format", "json", "--lang", "pl"]) == 1
    assert json.loads(capsys.readouterr().err)["error"] == "malformed_input"


def test_an_illegal_record_names_the_move_from_one_in_text(
    tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    start = Game.new(["Amunet", "Bek"], seed=21)
    first = legal_moves(start.state)[0]
    # The second move lays the same tile again: illegal in the second phase of the turn.
    save_record(evolve(start.play(first).record, moves=(first, first)), path)
    assert main(["show", str(path), "--format", "json"]) == 1
    error = json.loads(capsys.readouterr().err)
    assert error["error"] == "illegal_move"
    assert error["rule"].startswith("R-")
    assert main(["show", str(path)]) == 1
    assert "Move 2 is illegal" in capsys.readouterr().err


def test_spots_in_violations_count_from_one(game: Game) -> None:
    state = next(s for s in game.states() if s.phase is Phase.BUILD)
    player = state.player
    district = state.config.catalogue.district(state.offer[0])
    spots = (district, *player.metropolis.spots[1:])
    taken = state.with_player(evolve(player, metropolis=evolve(player.metropolis, spots=spots)))
    found = violations(taken, BuildDistrict(state.offer[1], 0, (0, 0, 0, 0), 0))
    assert any(render(v.message) == "Spot 1 of your Metropolis is not free." for v in found)


@pytest.mark.parametrize(
    ("lang", "one", "zero"),
    [
        ("en", "1 move, and it is legal.", "No move to check yet."),
        ("fr", "1 coup, et il est légal.", "Aucun coup à vérifier pour l’instant."),
        ("pl", "1 ruch i jest on legalny.", "Na razie nie ma ruchów do sprawdzenia."),
        ("nl", "1 zet, en die is geldig.", "Nog geen zetten om te controleren."),
    ],
)
def test_verify_says_one_move_and_no_move_in_words_of_their_own(
    lang: str, one: str, zero: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = Game.new(["Amunet", "Bek"], seed=21)
    for moves, expected in ((1, one), (0, zero)):
        played = start.play(legal_moves(start.state)[0]) if moves else start
        path = tmp_path / f"{moves}.json"
        save_record(played.record, path)
        assert main(["verify", str(path), "--lang", lang]) == 1  # legal, not over
        first = capsys.readouterr().out.splitlines()[0]
        assert first == expected


@pytest.mark.parametrize("name", ["fertility", "ankhor"])
def test_show_writes_the_status_line_once_above_the_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    played = Game.new(["Amunet", "Bek"], seed=4, game=name)
    for _ in range(6):
        played = played.play(played.legal_moves[0])
    path = tmp_path / "game.json"
    save_record(played.record, path)
    assert main(["show", str(path), "--at", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Turn ")
    assert lines.count(lines[0]) == 1
