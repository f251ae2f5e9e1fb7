"""Golden game records: each stored record replays to its stored score sheet.

A difference is shown line by line. When the change of behaviour is intended (rules,
scoring, texts or agents), rewrite the files with ``python tests/golden/regenerate.py``
and review the diff of ``tests/golden/records/``.
"""

from __future__ import annotations

import difflib
import json

import pytest

from fertility_rules.records import dump_record, load_record, replay
from tests.golden.regenerate import GAMES, RECORDS, play, record_text, score_text

REGENERATE = "If the change is intended, run `python tests/golden/regenerate.py`."


def _diff(expected: str, actual: str, name: str) -> str:
    return "".join(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            fromfile=f"{name} (stored)",
            tofile=f"{name} (now)",
        )
    )


def test_every_golden_game_has_its_files() -> None:
    stored = {path.name for path in RECORDS.glob("*.json")}
    expected = {f"{name}.json" for name in GAMES} | {f"{name}.score.json" for name in GAMES}
    assert stored == expected, REGENERATE


@pytest.mark.parametrize("name", sorted(GAMES))
def test_golden_record_replays_to_its_score_sheet(name: str) -> None:
    record = load_record(RECORDS / f"{name}.json")
    result = replay(record)
    if result.error is not None:
        error = result.error
        pytest.fail(
            f"{name}: move {error.index} ({error.move}) is now illegal: {error.rule}. " + REGENERATE
        )
    assert result.state.is_over, f"{name}: the record no longer ends the game. {REGENERATE}"
    expected = (RECORDS / f"{name}.score.json").read_text(encoding="utf-8")
    actual = score_text(result.state)
    if actual != expected:
        pytest.fail(
            f"{name}: the score sheet changed. {REGENERATE}\n{_diff(expected, actual, name)}"
        )


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_agents_still_play_the_golden_game(name: str) -> None:
    # The stored file is read and written again, so that a record written before a format
    # change (the former interpretation options, I-3 ... I-11) compares by its content.
    stored = load_record(RECORDS / f"{name}.json")
    expected = json.dumps(dump_record(stored), indent=1, ensure_ascii=False) + "\n"
    actual = record_text(play(GAMES[name]))
    if actual != expected:
        pytest.fail(
            f"{name}: the seeded agents now play otherwise. {REGENERATE}\n"
            + _diff(expected, actual, name)
        )
