"""A file name the operating system cannot take (a NUL character, a lone surrogate, not
a text at all) is a library error naming it, for every reader and writer of both games."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules import ankhor
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility import load_final_position
from fertility_rules.fertility.catalogue import load_catalogue

READERS: dict[str, Callable[[Any], object]] = {
    "load_record": fr.load_record,
    "load_catalogue": load_catalogue,
    "load_final_position": load_final_position,
    "ankhor.load_catalogue": ankhor.load_catalogue,
    "ankhor.load_final_position": ankhor.load_final_position,
}


@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("game\x00.json", "NUL"),
        ("\ud800.json", "cannot be used"),
        (7, "not int"),
        (Path("game\x00.json"), "NUL"),
    ],
)
def test_a_name_the_system_cannot_take_is_refused(reader: str, name: object, says: str) -> None:
    with pytest.raises(MalformedInputError) as refused:
        READERS[reader](name)
    assert says in str(refused.value)


def test_a_record_is_not_written_under_such_a_name(tmp_path: Path) -> None:
    played = fr.play_game(["A", "B"], [fr.RandomAgent(1), fr.RandomAgent(2)], 1)
    for name in (str(tmp_path / "game\x00.json"), str(tmp_path / "\ud800.json")):
        with pytest.raises(MalformedInputError):
            fr.save_record(played.record, name)
    assert list(tmp_path.iterdir()) == []
