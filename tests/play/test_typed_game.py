"""``fertility_rules.Game`` and ``fertility_rules.ankhor.Game`` are typed by their game's
state, move and view, so that mypy catches an app's misspelt field without the app writing
type parameters. Before, ``Game`` held its state, moves and view as ``Any``:
``game.state.playerz`` went unseen under ``mypy --strict``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import fertility_rules as fr
from fertility_rules import ankhor
from fertility_rules.errors import UnknownIdError
from fertility_rules.play.history import Game as AnyGame

GOOD = """\
import fertility_rules as fr
from fertility_rules import ankhor

game = fr.Game.new(["Amunet", "Bek"], seed=7)
game = game.play(game.legal_moves[0]).undo()
names: list[str] = [player.name for player in game.state.players]
other = ankhor.Game.new(["Amunet", "Bek"], seed=7).play_notation("take bwa")
hand: tuple[int, int, int, int, int, int] = other.state.players[0].tokens
moves: tuple[ankhor.Move, ...] = other.moves
"""

TYPOS = """\
import fertility_rules as fr
from fertility_rules import ankhor

game = fr.Game.new(["Amunet", "Bek"], seed=7)
print(game.state.playerz)
print(ankhor.Game.new(["Amunet", "Bek"]).undo().view.pile)
print(game.state_at(0).stok)
"""


def test_mypy_catches_a_misspelt_field_of_a_game_and_passes_a_correct_app(
    tmp_path: Path,
) -> None:
    (tmp_path / "good.py").write_text(GOOD, encoding="utf-8")
    (tmp_path / "typos.py").write_text(TYPOS, encoding="utf-8")
    done = subprocess.run(
        [
            *(sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(tmp_path / "cache")),
            *("--no-error-summary", "--hide-error-context", "good.py", "typos.py"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    lines = sorted(line for line in done.stdout.splitlines() if line.strip())
    assert lines == [
        'typos.py:5: error: "GameState" has no attribute "playerz"; maybe "player" or '
        '"players"?  [attr-defined]',
        'typos.py:6: error: "Observation" has no attribute "pile"  [attr-defined]',
        'typos.py:7: error: "GameState" has no attribute "stok"; maybe "stock"?  [attr-defined]',
    ], done.stdout + done.stderr


@pytest.mark.parametrize(("bound", "game"), [(fr.Game, "fertility"), (ankhor.Game, "ankhor")])
def test_a_game_s_own_class_plays_its_game_and_keeps_its_class(
    bound: type[AnyGame], game: str
) -> None:
    played = bound.new(["Amunet", "Bek"], seed=3)
    assert played.game.name == game
    later = played.play(played.legal_moves[0])
    assert type(later) is bound
    assert type(later.undo()) is type(later.at(0)) is bound
    assert bound.from_record(later.record) == later
    assert AnyGame.from_record(later.record) == later  # the same game, whatever its class


def test_a_game_s_own_class_refuses_a_record_of_another_game() -> None:
    record = ankhor.Game.new(["Amunet", "Bek"], seed=3).record
    with pytest.raises(UnknownIdError, match="a record of a game of Ankh'or, not of Fertility"):
        fr.Game.from_record(record)
    # Asked for another game, it gives the class that plays any game.
    other = fr.Game.new(["Amunet", "Bek"], seed=3, game="ankhor")
    assert type(other) is AnyGame
    assert other.record == record
