"""The rulebook's reference scoring example (R-5.6), and the issue's example file.

English rulebook, "final scoring" (seeds/000, page 12): Lisa has 5 generic Shops, 4 fully
supplied worth 2 + 4 + 5 + 7 = 18, the fifth (worth 9) partly supplied scores nothing;
her specialized Shop gives 3 Debens per Grapes and she has 7 Grapes in her Metropolis,
one of them on a partly supplied Shop: 21; 2 Statue Shops supplied give 3 different
Statues: 10 on the scale; 3 Monuments, the most: 15; 7 Wheat: 23.
18 + 21 + 10 + 15 + 23 = 87.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from fertility_rules import ScoreReport, default_catalogue, score_position
from fertility_rules.cli import main
from fertility_rules.fertility import load_final_position, read_final_position
from fertility_rules.fertility.catalogue import Catalogue
from fertility_rules.fertility.effects import (
    GenericBenefit,
    SpecializedBenefit,
    Stage,
    StatueBenefit,
    Timing,
    find_effect,
)
from fertility_rules.fertility.model import Icon, Resource, Shop
from tests.core.helpers import (
    STAGE_KEYS,
    generic,
    player_doc,
    position_doc,
    shop_doc,
    write_json,
)

DATA = Path(__file__).resolve().parent.parent / "data"

# The rulebook's numbers, stage by stage.
GENERIC_R56 = 2 + 4 + 5 + 7  # the 9-Deben Shop is only partly supplied: 0
SPECIALIZED_R56 = 3 * 7  # x3 per Grapes, 7 Grapes on the Metropolis
STATUES_R56 = 10  # 3 different Statues -> 10 on the Statues scale (rulebook)
MONUMENTS_R56 = 15  # 3 Monuments, the most
WHEAT_R56 = 23  # 7 Wheat -> 23 on the Wheat Storehouse
TOTAL_R56 = GENERIC_R56 + SPECIALIZED_R56 + STATUES_R56 + MONUMENTS_R56 + WHEAT_R56
EXPECTED_R56 = {
    "generic": GENERIC_R56,
    "specialized": SPECIALIZED_R56,
    "statues": STATUES_R56,
    "monuments": MONUMENTS_R56,
    "wheat": WHEAT_R56,
}


def test_the_rulebook_total_is_87() -> None:
    assert TOTAL_R56 == 18 + 21 + 10 + 15 + 23 == 87


def lisa_inline() -> dict[str, Any]:
    """Lisa's Metropolis as inline Shops; Grapes are counted in the comments (7 in all)."""
    shops = [
        # generic Shops: 2 + 4 + 5 + 7 fully supplied, 9 partly supplied
        shop_doc(["any"], generic(2), ["bovine"]),
        shop_doc(["alabaster", "bovine"], generic(4), ["alabaster", "bovine"]),
        shop_doc(["papyrus"], generic(5), ["papyrus"]),
        shop_doc(
            ["alabaster", "bovine", "papyrus"], generic(7), ["alabaster", "bovine", "papyrus"]
        ),
        shop_doc(
            ["alabaster", "bovine", "papyrus", "grapes"], generic(9), ["grapes"]
        ),  # Grapes 1 (on a partly supplied Shop, still counted by)
        # the specialized Shop: 3 Debens per Grapes
        shop_doc(
            ["grapes", "grapes"],
            {"kind": "specialized", "resource": "grapes", "per_token": 3},
            ["grapes", "grapes"],
        ),  # Grapes 2, 3
        # 2 Statue Shops, 3 different Statues
        shop_doc(
            ["alabaster", "grapes"],
            {"kind": "statue", "gods": ["Horus", "Anubis"]},
            ["alabaster", "grapes"],
        ),  # Grapes 4
        shop_doc(["alabaster"], {"kind": "statue", "gods": ["Ra"]}, ["alabaster"]),
        # Shops with immediate benefits hold the other Grapes and score nothing at the end
        shop_doc(["grapes"], {"kind": "wheat", "wheat": 1}, ["grapes"]),  # Grapes 5
        shop_doc(["grapes", "grapes"], {"kind": "wheat", "wheat": 2}, ["grapes", "grapes"]),  # 6, 7
    ]
    # wheat_track and statue_scale are left out: the default catalogue's tracks apply
    return player_doc("Lisa", shops, wheat=7, monuments=3)


def r56_document(lisa: dict[str, Any]) -> dict[str, Any]:
    # Bob has fewer Monuments (2), so Lisa's 3 are "the most"; Bob is second: 7.
    bob = player_doc("Bob", [], wheat=0, monuments=2)
    return position_doc([lisa, bob])


def check_r56(report: ScoreReport) -> None:
    lisa = report.sheet("Lisa")
    assert {stage.key: lisa.stage_total(stage) for stage in Stage} == EXPECTED_R56
    assert lisa.total == TOTAL_R56 == 87
    assert report.sheet("Bob").total == 7  # second place in Monuments, nothing else
    assert report.winners == ("Lisa",)
    assert lisa.rank == 1


def test_r56_inline_document() -> None:
    position = read_final_position(r56_document(lisa_inline()))
    report = score_position(position)
    check_r56(report)
    lisa = report.sheet("Lisa")
    # the partly supplied 9-Deben Shop (the fifth) has its own line, worth nothing
    (nine,) = [line for line in lisa.lines_of(Stage.GENERIC) if line.shop == 4]
    assert nine.debens == 0
    assert "not fully supplied" in str(nine.reason)
    # every final Shop is explained with its rule
    assert {line.rule for line in lisa.lines} == {"R-5.1", "R-5.2", "R-5.3", "R-5.4", "R-5.5"}
    # tokens on the Metropolis: 1 + 2 + 1 + 3 + 1 + 2 + 2 + 1 + 1 + 2
    assert lisa.tokens_on_metropolis == 16


# ---------------------------------------------------------------- (b) catalogue Shops by id


def _catalogue_shops(catalogue: Catalogue) -> Iterator[Shop]:
    for board in catalogue.metropolis_boards:
        yield from board.shops
    for district in catalogue.districts:
        yield from district.shops


def _grapes(shop: Shop) -> int:
    return shop.need[Resource.GRAPES]


def _pick(catalogue: Catalogue, wanted: Any) -> Shop:
    """The catalogue Shop satisfying ``wanted`` needing the fewest Grapes (then the first)."""
    found = [shop for shop in _catalogue_shops(catalogue) if wanted(shop)]
    assert found, "the default catalogue lacks a Shop of the rulebook example"
    return min(found, key=_grapes)


def _filled(shop: Shop) -> list[str]:
    """Tokens fully supplying ``shop``: its icons, "any" icons taking a Bovine."""
    return [icon.value if icon is not Icon.ANY else "bovine" for icon in shop.requires]


def _catalogue_entry(shop: Shop, tokens: list[str]) -> dict[str, Any]:
    assert shop.id is not None
    return {"shop": shop.id, "tokens": tokens}


def lisa_from_catalogue(catalogue: Catalogue) -> dict[str, Any]:
    def is_generic(debens: int) -> Any:
        return lambda s: s.benefit == GenericBenefit(debens)

    full_generic = [_pick(catalogue, is_generic(d)) for d in (2, 4, 5, 7)]
    nine = _pick(catalogue, is_generic(9))
    grapes_x3 = _pick(catalogue, lambda s: s.benefit == SpecializedBenefit(Resource.GRAPES, 3))
    statues = [
        (s, s.benefit) for s in _catalogue_shops(catalogue) if isinstance(s.benefit, StatueBenefit)
    ]
    two_gods, two_gods_benefit = max(statues, key=lambda pair: len(pair[1].gods))
    assert len(two_gods_benefit.gods) == 2
    named = set(two_gods_benefit.gods)
    third = _pick(
        catalogue,
        lambda s: (
            isinstance(s.benefit, StatueBenefit)
            and len(s.benefit.gods) == 1
            and not named.intersection(s.benefit.gods)
        ),
    )
    # the partly supplied 9-Deben Shop holds one token: a Grapes if it takes one (as in
    # the rulebook), otherwise its first icon
    partial = ["grapes"] if _grapes(nine) else [_filled(nine)[0]]
    entries = [_catalogue_entry(s, _filled(s)) for s in [*full_generic, grapes_x3, two_gods, third]]
    entries.append(_catalogue_entry(nine, partial))
    grapes = sum(e["tokens"].count("grapes") for e in entries)
    assert grapes <= 7
    # top up to 7 Grapes with Grapes-only Shops of immediate benefit (no final score)
    fillers = [
        s
        for s in _catalogue_shops(catalogue)
        if all(i is Icon.GRAPES for i in s.requires)
        and find_effect(s.benefit.kind).timing is Timing.IMMEDIATE
    ]
    for shop in fillers:
        if grapes + shop.size <= 7:
            entries.append(_catalogue_entry(shop, _filled(shop)))
            grapes += shop.size
    assert grapes == 7
    return player_doc("Lisa", entries, wheat=7, monuments=3)


def test_r56_from_catalogue_shops() -> None:
    catalogue = default_catalogue()
    document = r56_document(lisa_from_catalogue(catalogue))
    report = score_position(read_final_position(document, catalogue=catalogue))
    check_r56(report)


# ---------------------------------------------------------------- (c) the score command


@pytest.fixture
def r56_file(tmp_path: Path) -> Path:
    return write_json(tmp_path / "r56.json", r56_document(lisa_inline()))


def test_r56_cli_json(r56_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(r56_file), "--format", "json"]) == 0
    out = capsys.readouterr()
    assert out.err == ""
    data = json.loads(out.out)
    assert data["winners"] == ["Lisa"]
    players = {p["name"]: p for p in data["players"]}
    assert set(players) == {"Lisa", "Bob"}
    lisa = players["Lisa"]
    assert lisa["stages"] == {**EXPECTED_R56, "total": TOTAL_R56}
    assert lisa["total"] == TOTAL_R56
    assert lisa["rank"] == 1
    assert lisa["tokens_on_metropolis"] == 16
    assert players["Bob"]["rank"] == 2
    assert players["Bob"]["stages"]["monuments"] == 7


def test_r56_cli_text(r56_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(r56_file)]) == 0
    text = capsys.readouterr().out
    for label in (
        "Generic Shops",
        "Specialized Shops",
        "Statues of the Gods",
        "Monuments",
        "Wheat Storehouse",
    ):
        assert label in text
    for rule in ("R-5.1", "R-5.2", "R-5.3", "R-5.4", "R-5.5"):
        assert f"[{rule}]" in text
    assert f"Total: {TOTAL_R56}" in text
    assert "Winner: Lisa" in text
    # stages appear in rulebook order
    positions = [text.index(f"{n}. ") for n in range(1, 6)]
    assert positions == sorted(positions)


# ---------------------------------------------------------------- the issue's example file

ISSUE_STAGES = {
    "generic": 2,  # the "any" Shop, fully supplied
    "specialized": 3 * 4,  # x3 per Grapes; Grapes on Shops 2 (two), 4 and 5: 4
    "statues": 2,  # Horus/Anubis Shop partly supplied; one choice -> 1 different -> scale[1]
    "monuments": 15,  # the only player, 3 Monuments: the most
    "wheat": 23,  # 7 Wheat
}


def test_issue_example_file() -> None:
    report = score_position(load_final_position(DATA / "issue_example.json"))
    (sheet,) = report.sheets
    assert {stage.key: sheet.stage_total(stage) for stage in Stage} == ISSUE_STAGES
    assert sheet.total == sum(ISSUE_STAGES.values()) == 54


def test_issue_example_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(DATA / "issue_example.json"), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (lisa,) = data["players"]
    assert set(lisa) >= {"name", "stages", "total", "tokens_on_metropolis", "rank"}
    assert list(lisa["stages"]) == [*STAGE_KEYS, "total"]
    assert lisa["stages"] == {**ISSUE_STAGES, "total": 54}
    assert lisa["tokens_on_metropolis"] == 1 + 2 + 1 + 2 + 1  # tokens listed in the file
    assert data["winners"] == ["Lisa"]
