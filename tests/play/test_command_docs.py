"""The pages that list the commands stay true to them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

import fertility_rules as fr
from fertility_rules.cli import build_parser, main
from fertility_rules.fertility.moves import BuildDistrict, PlaceTile

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[str]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return sorted(action.choices)  # type: ignore[arg-type]


@pytest.mark.parametrize("page", ["README.md", "docs/quickstart.rst"])
def test_every_command_is_listed(page: str) -> None:
    text = (ROOT / page).read_text(encoding="utf-8")
    for command in _commands():
        assert f"fertility-rules {command}" in text, command


def test_the_quickstart_names_every_core_dependency() -> None:
    """The installation paragraph lists exactly the packages ``pip install .`` brings."""
    text = (ROOT / "docs/quickstart.rst").read_text(encoding="utf-8")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [re.split(r"[<>=\[ ]", item)[0] for item in project["dependencies"]]
    paragraph = text.split("Installation", 1)[1].split("From a checkout", 1)[0]
    assert sorted(re.findall(r"``([a-z][a-z-]*)``", paragraph)) == sorted(names)


def test_the_verify_page_shows_what_verify_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The page's example: the second move of a record builds D39 without paying."""
    game = fr.new_game(["Amunet", "Bek"], seed=1)
    place = next(
        m
        for m in fr.legal_moves(game)
        if isinstance(m, PlaceTile) and fr.apply(game, m).phase is fr.Phase.BUILD
    )
    bad = BuildDistrict("D39", 6, (0, 0, 0, 0), 0)
    record = tmp_path / "game.json"
    fr.save_record(fr.GameRecord(players=("Amunet", "Bek"), moves=(place, bad), seed=1), record)
    assert main(["verify", str(record)]) == 1
    printed = capsys.readouterr().out.strip()
    page = (ROOT / "docs/howto/verify.rst").read_text(encoding="utf-8")
    assert printed in page  # "Move 2 is illegal: ..." (the page said "Move 1")
    assert re.search(r"counts moves from 1", page)
