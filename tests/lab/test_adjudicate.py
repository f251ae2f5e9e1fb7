"""Adjudicating a disputed move under each reading (I-1, I-12), as API and command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fertility_rules.cli import main
from fertility_rules.fertility.formats.moves import move_to_json
from fertility_rules.fertility.interpretations import Enclosure, Interpretations, OwnHalves
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.rules import PlaceTile, SkipBuilding
from fertility_rules.lab.adjudicate import adjudicate, disputed_moves, position_at, under
from fertility_rules.lab.readings import readings_varying
from fertility_rules.records.format import load_record
from tests.cli_usage import usage_error
from tests.engine.positions import game, sq, tile
from tests.engine.test_quarries import DIAGONAL

A, B = Resource.ALABASTER, Resource.BOVINE

# The drawing DIAGONAL of the Quarry tests: the empty desert square X = (3,3), in the
# middle of a ring of Alabaster scenes, already has its 4 orthogonal neighbours (2,3),
# (4,3), (3,2), (3,4) covered, and 3 of its 4 diagonal ones; only the diagonal (2,4) is
# open. The tile A|B is laid with its Alabaster on (2,4) and its Bovine on (1,4). Under
# I-1's default (all 8 neighbours count) this placement closes X: one Quarry. Under the
# orthogonal reading X was closed before the move, so the placement closes nothing new:
# no Quarry. Either way the Alabaster half touches (2,3) and (3,4): 2 Alabaster tokens.


def test_a_quarry_closed_under_one_enclosure_reading_and_not_the_other() -> None:
    ab = tile(A, B)
    state = game(scenes=DIAGONAL, pool=(ab,))
    move = PlaceTile(ab, sq(2, 4), sq(1, 4))
    readings = readings_varying(["I-1"])
    judgement = adjudicate(state, move, readings)
    eight, orthogonal = judgement.outcomes
    assert eight.reading.quarry_enclosure is Enclosure.EIGHT
    assert orthogonal.reading.quarry_enclosure is Enclosure.ORTHOGONAL
    assert eight.legal
    assert orthogonal.legal
    assert eight.quarries == 1
    assert orthogonal.quarries == 0
    assert eight.tokens == orthogonal.tokens == (2, 0, 0, 0)
    assert judgement.differs
    # The position itself is not changed by being read differently.
    assert state.config.interpretations == Interpretations()
    assert under(state, readings[1]).config.interpretations == readings[1]
    # --all-moves finds it among the moves whose yield depends on the reading.
    assert move in [j.move for j in disputed_moves(state, readings)]


# One Alabaster scene in play at (2,2). The tile A|A is laid on (2,3)-(2,4): its first
# half touches (2,2), 1 Alabaster. Under I-12's alternative each half also counts the
# other: 2 more, 3 in all.
LONE = (
    "............",
    "............",
    "..A.........",
    "............",
    "............",
    "............",
    "............",
    "............",
)


def test_own_halves_counted_or_not() -> None:
    aa = tile(A, A)
    state = game(scenes=LONE, pool=(aa,))
    move = PlaceTile(aa, sq(2, 3), sq(2, 4))
    judgement = adjudicate(state, move, readings_varying(["own_halves"]))
    default, counted = judgement.outcomes
    assert counted.reading.own_halves is OwnHalves.COUNTED
    assert default.tokens == (1, 0, 0, 0)
    assert counted.tokens == (3, 0, 0, 0)
    assert default.quarries == counted.quarries == 0
    assert judgement.differs


def test_an_illegal_move_names_the_rule() -> None:
    aa = tile(A, A)
    state = game(scenes=LONE, pool=(aa,))
    # Far from any Alabaster scene: no connection, under every reading.
    far = PlaceTile(aa, sq(6, 9), sq(6, 10))
    judgement = adjudicate(state, far, readings_varying(["I-12", "I-1"]))
    assert len(judgement.outcomes) == 4
    assert all(not o.legal and o.rule == "R-3.1" for o in judgement.outcomes)
    assert not judgement.differs
    wrong_phase = adjudicate(state, SkipBuilding(), readings_varying(["I-1"]))
    assert {o.rule for o in wrong_phase.outcomes} == {"R-3"}


@pytest.fixture
def record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "game.json"
    assert main(["simulate", "--players", "2", "--seed", "3", "--record", str(path)]) == 0
    capsys.readouterr()
    return path


def test_the_adjudicate_command(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    played = load_record(record)
    state = position_at(played, 20)
    move = json.dumps(move_to_json(played.moves[20], state.config.layout.width))
    assert state.player.name == "P2"
    args = ["adjudicate", str(record), "--at", "20", "--move", move, "--vary", "I-12"]
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    readings = data["moves"][0]["readings"]
    assert [r["reading"]["own_halves"] for r in readings] == ["not_counted", "counted"]
    assert all(r["legal"] for r in readings)  # the move was played in the game
    assert main([*args, "--lang", "pl"]) == 0
    text = capsys.readouterr().out
    differs = data["moves"][0]["differs"]
    assert ("I-12: liczone" in text) is differs  # a row per distinct outcome


GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "records" / "2p-random.json"


@pytest.fixture
def ankhor_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A game of Ankh'or whose player 1 may move a base tile at move 61 (Q-5)."""
    path = tmp_path / "ankhor.json"
    args = ["simulate", "--game", "ankhor", "--players", "2", "--agents", "greedy", "--seed", "3"]
    assert main([*args, "--record", str(path)]) == 0
    capsys.readouterr()
    return path


def test_the_disputed_move_is_shown_in_notation_and_the_readings_in_words(
    ankhor_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before, the move typed ``place V49 f4 f3`` was shown as JSON with 0-based squares,
    the readings' values in English (``I-1=orthogonal``) whatever the language, and the
    default reading as "defaults" without its value."""
    cases = [
        (
            [str(GOLDEN), "--at", "4", "--move", "place V49 f4 f3", "--vary", "I-1"],
            "place V49 f4 f3",
            ["I-1 : les 8 voisines (par défaut)", "I-1 : les 4 voisines orthogonales"],
        ),
        (
            [str(ankhor_record), "--game", "ankhor", "--at", "61", "--move", "move 1,0 -1,0"],
            "move 1,0 -1,0",
            [
                "Q-5 : n’importe où à côté d’une tuile de base (par défaut) (48 lectures)",
                "Q-5 : les tuiles de base restent reliées (48 lectures)",
            ],
        ),
    ]
    for args, notation, rows in cases:
        assert main(["adjudicate", *args, "--lang", "fr"]) == 0
        lines = capsys.readouterr().out.replace("\u202f", " ").splitlines()
        assert lines[2] == f"Coup : {notation}"
        assert [line[: len(row)] for line, row in zip(lines[4:], rows, strict=False)] == rows
        text = "\n".join(lines)
        for english in ("[[", "{", "=", "orthogonal ", "connected", "default"):
            assert english not in text
        assert main(["adjudicate", *args, "--format", "json"]) == 0
        (judged,) = json.loads(capsys.readouterr().out)["moves"]
        assert judged["notation"] == notation


def test_adjudicate_lists_the_disputed_moves(
    record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["adjudicate", str(record), "--at", "20", "--all-moves", "--vary", "own_halves"]
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["moves"]
    for judged in data["moves"]:
        assert judged["differs"]
        assert judged["move"]["type"] == "place"


def test_adjudicate_errors(record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adjudicate", str(record), "--at", "100000", "--all-moves"]) == 1
    assert "--at" in capsys.readouterr().err
    fly = ["adjudicate", str(record), "--at", "3", "--move", '{"type": "fly"}']
    assert "argument --move: $.type: unknown move type 'fly'" in usage_error(fly, capsys)
    assert "argument --move: give the disputed move" in usage_error(fly[:4], capsys)
    with pytest.raises(SystemExit) as exit_status:
        main(["adjudicate", str(record), "--at", "3", "--interpretation", "I-2=three"])
    assert exit_status.value.code == 2
    assert "each, one" in capsys.readouterr().err


def test_verify_under_another_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "counted.json"
    args = ["simulate", "--players", "2", "--seed", "1", "--agents", "greedy"]
    assert main([*args, "--interpretation", "I-12=counted", "--record", str(path)]) == 0
    capsys.readouterr()
    # The record keeps the reading it was played under: it replays.
    assert main(["verify", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["legal"]
    # Read with a tile's own halves not counted, greedy players harvested tokens they
    # spend at once (seed 1: on the first turn) that they would not have: illegal.
    code = main(["verify", str(path), "--format", "json", "--interpretation", "I-12=not_counted"])
    data = json.loads(capsys.readouterr().out)
    assert code == 1
    assert not data["legal"]
    assert data["rule"] in ("R-3.4", "R-3.5")


def test_show_under_another_reading(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "counted.json"
    args = ["simulate", "--players", "2", "--seed", "1", "--agents", "greedy"]
    assert main([*args, "--interpretation", "I-12=counted", "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["show", str(path), "--at", "6"]) == 0
    capsys.readouterr()
    # Under the other I-12 reading an early move cannot be paid for (see the verify test).
    assert main(["show", str(path), "--at", "6", "--interpretation", "I-12=not_counted"]) == 1
    assert "R-3." in capsys.readouterr().err
