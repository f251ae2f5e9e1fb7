"""Each worked example shows what the engine really does (R-2, R-3, R-5, R-6, I-1, I-2)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fertility_rules.cli import main
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.document import rules_document
from fertility_rules.fertility.document.examples import (
    Example,
    harvest_kinds,
    positions,
    rulebook_supply,
    worked_examples,
)
from fertility_rules.fertility.effects.kinds.generic import GenericBenefit
from fertility_rules.fertility.interpretations import Enclosure
from fertility_rules.fertility.model.resources import RESOURCES, Icon, Resource
from fertility_rules.fertility.model.shop import icons_text
from fertility_rules.fertility.rules import (
    BuildDistrict,
    PlaceTile,
    apply,
    apply_unchecked,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.fertility.state import Phase
from fertility_rules.fertility.testing.engine import check_invariants, tiles_in_game
from fertility_rules.i18n import render

SVG = "{http://www.w3.org/2000/svg}"
GOLD = "#e2b33c"
"""The fill of a marked cell of a track (the Wheat marker's, the Statues counted)."""


@pytest.fixture(scope="module")
def examples() -> dict[str, Example]:
    return {example.id: example for example in worked_examples("en")}


def caption(example: Example, language: str = "en") -> str:
    return render(example.caption, language)


def test_every_picture_is_a_scalable_svg(examples: dict[str, Example]) -> None:
    assert len(examples) >= 20
    for example in examples.values():
        assert example.svgs
        for svg in example.svgs:
            root = ET.fromstring(svg)
            assert root.tag == f"{SVG}svg"
            assert root.get("viewBox")


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_captions_are_translated(examples: dict[str, Example], language: str) -> None:
    for example in worked_examples(language):
        assert caption(example, language) != caption(examples[example.id])
        assert ET.fromstring(example.svgs[0]).get("lang") == language


def test_valid_placement_is_legal(examples: dict[str, Example]) -> None:
    found = positions()
    example = examples["R-3.1-valid"]
    assert example.facts["violations"] == ()
    assert is_legal(found.start, found.valid)
    assert found.valid in legal_moves(found.start)


@pytest.mark.parametrize(
    ("example_id", "message"),
    [
        ("R-3.1-not-touching", "Neither scene of the tile touches an identical scene"),
        ("R-3.1-on-wheat", "is not an empty desert square"),
        ("R-3.1-on-water", "is not an empty desert square"),
    ],
)
def test_invalid_placements_break_r_3_1(
    examples: dict[str, Example], example_id: str, message: str
) -> None:
    state = positions().start
    move = examples[example_id].facts["move"]
    assert isinstance(move, PlaceTile)
    found = violations(state, move)
    assert found
    assert {v.rule for v in found} == {"R-3.1"}
    assert all(message in render(v.message) for v in found)
    assert move not in legal_moves(state)
    grid = state.config.layout
    ground = {"R-3.1-on-wheat": grid.wheat, "R-3.1-on-water": grid.water}.get(example_id)
    if ground is not None:  # one half on that ground, the other on an empty desert square
        assert ground >> move.second & 1
        assert state.valley.empty >> move.first & 1
    # The refused tile is drawn in place, its two scenes on the two squares.
    root = ET.fromstring(examples[example_id].svgs[0])
    (refused,) = root.findall(f".//{SVG}g[@class='refused-tile']")
    scenes = state.config.tiles[move.tile].scenes
    drawn = [g.get("data-scene") for g in refused.findall(f"{SVG}g")]
    assert drawn == [scenes[0].key, scenes[1].key]


@pytest.mark.parametrize("kind", ["A", "B", "C", "D"])
def test_harvest_counts_are_the_ones_in_the_caption(
    examples: dict[str, Example], kind: str
) -> None:
    found = dict(positions().harvests)[kind]
    state, move = found.state, found.move
    assert isinstance(move, PlaceTile)
    example = examples[f"R-3.3.{kind}"]
    gained = example.facts["harvest"]
    # The kinds drawn: the case itself, plus the connection every legal placement has.
    assert harvest_kinds(state, move) == frozenset({"A", kind})
    after = apply_unchecked(state, move)
    player = state.current
    supply = after.players[player].supply
    gained_tokens = tuple(a - b for a, b in zip(supply, state.player.supply, strict=True))
    assert gained_tokens == gained.tokens  # the Stock is far from empty here
    wheat = after.players[player].metropolis.wheat - state.player.metropolis.wheat
    assert wheat == gained.wheat
    text = caption(example)
    for resource, n in zip(RESOURCES, gained.tokens, strict=True):
        if n:
            assert render(Icon.of(resource).amount(n)) in text
    if kind == "B":
        assert gained.wheat > 0
        assert f"{gained.wheat} Wheat" in text
    if kind == "C":
        grid = state.config.layout
        assert any(grid.icon_at[s] is not None for s in (move.first, move.second))
    if kind == "D":
        assert gained.quarries
        assert after.quarries == gained.quarries


def test_quarry_enclosure_default_and_alternative(examples: dict[str, Example]) -> None:
    facts = examples["I-1"].facts
    shown = facts["shown"]
    assert shown
    assert set(shown) <= set(facts["eight"])
    assert not set(shown) & set(facts["four"])
    assert all(facts["shut_in_before"])
    found = positions().enclosure
    assert found.state.config.interpretations.quarry_enclosure is Enclosure.EIGHT
    after = apply_unchecked(found.state, found.move)
    assert set(shown) <= set(after.quarries)


def test_two_quarries_at_once(examples: dict[str, Example]) -> None:
    gained = examples["I-2"].facts["harvest"]
    assert len(gained.quarries) >= 2
    found = positions().two_quarries
    after = apply_unchecked(found.state, found.move)
    assert after.quarry_choices == len(gained.quarries)


def test_purchase_with_a_token_and_a_wheat(examples: dict[str, Example]) -> None:
    facts = examples["R-3.4"].facts
    move = facts["move"]
    assert isinstance(move, BuildDistrict)
    assert facts["violations"] == ()
    assert sum(move.tokens) == 1
    assert move.wheat == 1
    assert facts["cost"] == 2
    before, after = facts["wheat"]
    assert after == before - 1
    assert f"from {before} to {after}" in caption(examples["R-3.4"])


def test_supplying_completes_a_shop_with_an_immediate_benefit(
    examples: dict[str, Example],
) -> None:
    facts = examples["R-3.5"].facts
    assert facts["violations"] == ()
    before, after = facts["wheat"]
    assert after > before
    assert f"{before} → {after}" in caption(examples["R-3.5"])


def test_one_picture_per_shop_benefit_kind(examples: dict[str, Example]) -> None:
    kinds = {e.facts["kind"] for e in examples.values() if e.rule == "R-6"}
    assert kinds == {
        "generic",
        "specialized",
        "statue",
        "statue_choice",
        "wheat",
        "resource_to_shop",
    }
    for example in examples.values():
        if example.rule == "R-6":
            assert example.facts["shop"].benefit.kind == example.facts["kind"]


@pytest.mark.parametrize(("players", "boards"), [(3, 3), (4, 4)])
def test_setup_pictures(examples: dict[str, Example], players: int, boards: int) -> None:
    example = examples[f"R-2-{players}"]
    facts = example.facts
    assert facts["boards"] == boards
    assert facts["common_pool"] == 3
    assert facts["offer"] == 4
    assert facts["pools"] == (3,) * players
    assert facts["pile"] == {3: 35, 4: 46}[players] - 3 * players - 3
    for svg in example.svgs:  # headed by what they show, never by a turn of play
        assert not ET.fromstring(svg).findtext(f"{SVG}title", "").startswith("Turn")
    if players == 4:  # board, common area, one player's area, the parts numbered 1 to 13
        board, common, player = (ET.fromstring(svg) for svg in example.svgs)
        numbers = [
            int(c.get("data-number", "0"))
            for root in (board, common, player)
            for c in root.iter()
            if c.get("class") == "callout"
        ]
        assert sorted(numbers) == list(range(1, 14))  # each part numbered once
        assert len(player.findall(f".//{SVG}*[@class='metropolis']")) == 1
        assert len(player.findall(f".//{SVG}*[@class='pool personal-pool']")) == 1
        text = caption(example)
        for number in range(1, 14):
            assert f"{number}: " in text
        assert f"{facts['pile']} tiles face down" in text


def test_monument_ranking_with_ties(examples: dict[str, Example]) -> None:
    # by hand: 3 and 3 Monuments tie for first (15 each), 2 is second (7), 0 scores 0.
    rows = examples["R-5.4"].facts["rows"]
    assert [(n, debens) for _name, n, debens in rows] == [(3, 15), (3, 15), (2, 7), (0, 0)]
    root = ET.fromstring(examples["R-5.4"].svgs[0])
    pawns = root.findall(f".//{SVG}g[@class='monument']")
    assert len(pawns) == 3 + 3 + 2
    colours = [pawn.get("fill") for pawn in pawns]
    assert len(set(colours)) == 3  # each player's own colour, not one gold for all


def test_lisa_scores_87(examples: dict[str, Example]) -> None:
    # 18 + 21 + 10 + 15 + 23.
    assert examples["R-5.6"].facts["total"] == 87
    assert "87 Debens" in caption(examples["R-5.6"])
    root = ET.fromstring(examples["R-5.6"].svgs[0])
    assert root.findtext(f"{SVG}title") == "Lisa"
    # As the rulebooks draw her board (R-1.7): 4 starting Shops, her Shops' Districts on
    # their spots, each marked reconstructed; no longer 9 Shops as "Starting Shops".
    starting = root.findall(f".//{SVG}g[@class='starting-shops']")
    assert sum(len(g.findall(f".//{SVG}g[@data-shop]")) for g in starting) == 4
    districts = root.findall(f".//{SVG}g[@class='district']")
    assert [d.get("data-district") for d in districts] == list(examples["R-5.6"].facts["districts"])
    assert len(districts) >= 2
    frames = [e for e in root.iter() if e.get("class") == "reconstructed-frame"]
    assert len(frames) == len(districts)
    assert "reconstructed" in caption(examples["R-5.6"])


@pytest.mark.parametrize(
    ("rule", "stage"), [("R-5.1", 18), ("R-5.2", 21), ("R-5.3", 10), ("R-5.5", 23)]
)
def test_each_scoring_stage_is_drawn_on_lisas_board(
    examples: dict[str, Example], rule: str, stage: int
) -> None:
    example = examples[f"{rule}-lisa"]
    assert f"{stage} Debens" in caption(example)  # R-5.6's stages
    root = ET.fromstring(example.svgs[0])
    marked = [
        int(g.get("data-index", "-1"))
        for g in root.iter()
        if "marked" in (g.get("class") or "").split()
    ]
    assert marked == sorted(example.facts["marked"])
    if rule == "R-5.3":  # the Statues scale marks her 3 different Statues
        cells = root.findall(f".//{SVG}g[@class='statues-scale']/{SVG}g")
        lit = [
            c.get("data-statues") for c in cells if c.find(f"{SVG}rect[@fill='{GOLD}']") is not None
        ]
        assert lit == ["3"]


def test_html_document_inlines_every_picture(examples: dict[str, Example]) -> None:
    page = rules_document("en", "html")
    assert page.count("<figure") == len(examples) + 1  # and the key to the pictures
    assert page.count("<svg") == sum(len(e.svgs) for e in examples.values()) + 1


def test_markdown_with_pictures_beside(tmp_path: Path) -> None:
    assert main(["rules", "--lang", "nl", "--format", "md", "--output", f"{tmp_path}/"]) == 0
    text = (tmp_path / "rules.nl.md").read_text(encoding="utf-8")
    referenced = re.findall(r"\]\(([^)]+\.svg)\)", text)
    assert len(referenced) >= 20
    for name in referenced:
        ET.fromstring((tmp_path / name).read_text(encoding="utf-8"))


def test_supply_chain_completes_two_shops(examples: dict[str, Example]) -> None:
    # the bonus token of the first Shop completes a second Shop at once.
    facts = examples["R-3.5-chain"].facts
    assert facts["violations"] == ((), ())
    before, after = facts["full_shops"]
    assert after == before + 2
    state, move, bonus = positions().chain
    assert move in legal_moves(state)
    assert bonus.shop is not None
    assert f"Shop {move.shop + 1}" in caption(examples["R-3.5-chain"])
    assert f"Shop {bonus.shop + 1}" in caption(examples["R-3.5-chain"])


def test_the_rulebooks_supply_example(examples: dict[str, Example]) -> None:
    # as in the rulebooks: Grapes -> +1 Wheat at once, Papyrus -> a
    # 5-Deben Shop, Bovine -> a Shop that still waits for its Alabaster.
    state, moves = rulebook_supply()
    assert state.phase is Phase.SUPPLY
    assert state.player.supply == (0, 1, 1, 1)  # Alabaster, Bovine, Papyrus, Grapes
    assert [m.resource for m in moves] == [Resource.GRAPES, Resource.PAPYRUS, Resource.BOVINE]
    before = state.player.metropolis.wheat
    after_grapes = apply(state, moves[0])
    assert after_grapes.player.metropolis.wheat == before + 1
    final = apply(apply(after_grapes, moves[1]), moves[2])
    shops = final.player.metropolis.shops
    papyrus, bovine = shops[moves[1].shop], shops[moves[2].shop]
    assert papyrus.is_full
    assert isinstance(papyrus.shop.benefit, GenericBenefit)
    assert papyrus.shop.benefit.debens == 5
    assert not bovine.is_full
    assert (bovine.token_count, bovine.shop.size) == (1, 2)
    assert bovine.shop.need == (1, 1, 0, 0)
    assert bovine.tokens == (0, 1, 0, 0)
    assert final.player.supply == (0, 0, 0, 0)
    assert final.phase is Phase.SUPPLY
    assert check_invariants(final, tiles_in_game(state)) == []
    facts = examples["R-3.5-rulebook"].facts
    assert facts["violations"] == ((), (), ())
    assert facts["wheat"] == (before, before + 1, before + 1, before + 1)
    assert facts["full"] == (True, True, False)
    text = caption(examples["R-3.5-rulebook"])
    assert f"from {before} to {before + 1}" in text
    assert f"Shop {moves[1].shop + 1} (1 Papyrus flower → 5 Debens)" in text
    assert "5 Debens at the end of the game" in text
    assert "1 of its 2 tokens" in text
    assert "unless an Alabaster joins it" in text
    assert facts["missing"] == (Icon.ALABASTER,)  # the caption names it in full
    assert facts["supply"][0] == (0, 1, 1, 1)  # "1 Bovine, 1 Papyrus flower and 1 Grape"
    assert "Lisa has 1 Bovine, 1 Papyrus flower and 1 Grape in supply" in text
    before_svg, after_svg = (ET.fromstring(svg) for svg in examples["R-3.5-rulebook"].svgs)
    assert before_svg.findtext(f"{SVG}title") == "Lisa before supplying"
    assert after_svg.findtext(f"{SVG}title") == "Lisa after supplying"
    marked = [g.get("data-index", "") for g in after_svg.iter() if "marked" in g.get("class", "")]
    assert sorted(marked) == sorted(str(m.shop) for m in moves)
    pl = render(examples["R-3.5-rulebook"].caption, "pl")
    assert "Wiola ma w zapasie" in pl
    assert "gracza Wiola" not in pl


def test_the_purchase_shows_the_payment(examples: dict[str, Example]) -> None:
    """R-3.4 as the printed book shows it: the Metropolis before and after, the token paid
    leaving the supply and the Wheat marker going down (was: the result only)."""
    example = examples["R-3.4"]
    move = example.facts["move"]
    supply_before, supply_after = example.facts["supply"]
    assert tuple(b - a for b, a in zip(supply_before, supply_after, strict=True)) == move.tokens
    _district, before, after = (ET.fromstring(svg) for svg in example.svgs)

    def wheat(root: ET.Element) -> str | None:
        return root.find(f".//{SVG}g[@class='wheat-marker']").get("data-wheat")  # type: ignore[union-attr]

    assert (wheat(before), wheat(after)) == tuple(str(w) for w in example.facts["wheat"])
    built = after.findall(f".//{SVG}g[@class='district']")
    assert move.district in [d.get("data-district") for d in built]
    assert move.district not in [
        d.get("data-district") for d in before.findall(f".//{SVG}g[@class='district']")
    ]


def test_the_components_are_drawn(examples: dict[str, Example]) -> None:
    """R-1: a Valley tile with its 2 scenes, the starting tile, a District with its cost and
    its first Shop's requirement and benefit numbered, a Metropolis board with 4 starting
    Shops and 7 spots, the Monument types (the printed book illustrates each)."""
    tile = ET.fromstring(examples["R-1.3-tile"].svgs[0])
    assert len(tile.findall(f".//{SVG}g[@data-scene]")) == 2
    district = ET.fromstring(examples["R-1.5-district"].svgs[0])
    numbers = [c.get("data-number", "") for c in district.iter() if c.get("class") == "callout"]
    assert sorted(numbers) == ["1", "2", "3"]
    facts = examples["R-1.5-district"].facts
    shop = default_catalogue().district(facts["district"]).shops[0]
    assert render(icons_text(shop.requires)) in caption(examples["R-1.5-district"])
    board = ET.fromstring(examples["R-1.7-board"].svgs[0])
    starting = board.findall(f".//{SVG}g[@class='starting-shops']//{SVG}g[@data-shop]")
    assert len(starting) == 4
    assert len(board.findall(f".//{SVG}g[@data-spot]")) == 7
    monuments = ET.fromstring(examples["R-1.8-monuments"].svgs[0])
    assert len(monuments.findall(f".//{SVG}g[@class='monument-type']")) == 4
