"""The default catalogue against COMPONENTS.md, catalogue files, and the catalogue command."""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings

from fertility_rules import MalformedInputError, UnknownIdError, default_catalogue
from fertility_rules.cli import main
from fertility_rules.fertility.catalogue import (
    Catalogue,
    dump_catalogue,
    load_catalogue,
    read_catalogue,
)
from fertility_rules.fertility.effects import (
    GenericBenefit,
    ResourceToShopBenefit,
    SpecializedBenefit,
    StatueBenefit,
    StatueChoiceBenefit,
    WheatBenefit,
)
from fertility_rules.fertility.model import Icon, MonumentType, Resource, Shop
from fertility_rules.fertility.model.valley import SQUARE_LEGEND, Ground
from fertility_rules.fertility.testing.strategies import catalogue_documents
from fertility_rules.shared.provenance import Provenance

CATALOGUE = default_catalogue()
R, INFERRED = Provenance.RECONSTRUCTED, Provenance.INFERRED


def all_shops(catalogue: Catalogue = CATALOGUE) -> Iterator[Shop]:
    for board in catalogue.metropolis_boards:
        yield from board.shops
    for district in catalogue.districts:
        yield from district.shops


# ---------------------------------------------------------------- known facts (COMPONENTS.md)


def test_resources_stock() -> None:
    assert CATALOGUE.stock_per_resource == 20  # 4 x 20 = 80 tokens (rulebook)
    assert CATALOGUE.stock_source.provenance is Provenance.RULEBOOK


def test_districts() -> None:
    assert len(CATALOGUE.districts) == 40
    for district in CATALOGUE.districts:
        assert 0 <= district.cost <= 2, district.id
        assert 1 <= len(district.shops) <= 3, district.id
    assert len({d.id for d in CATALOGUE.districts}) == 40
    assert {d.cost for d in CATALOGUE.districts} == {0, 1, 2}  # free, or 1-2 resources


def test_valley_tiles() -> None:
    tiles = CATALOGUE.valley_tiles
    assert len(tiles) == 50
    assert len({t.id for t in tiles}) == 50
    # "sometimes two different types, sometimes the same in both halves"
    assert any(a == b for a, b in (t.scenes for t in tiles))
    assert any(a != b for a, b in (t.scenes for t in tiles))
    assert {s for t in tiles for s in t.scenes} == set(Resource)


def test_valley_boards() -> None:
    boards = CATALOGUE.valley_boards
    assert len(boards) == 4
    grounds: set[Ground] = set()
    icons: set[Resource] = set()
    starts = 0
    for board in boards:
        assert len(board.rows) == 8
        assert all(len(row) == 4 for row in board.rows)
        squares = [SQUARE_LEGEND[c] for row in board.rows for c in row]
        assert any(s.start for s in squares), board.id
        starts += sum(s.start for s in squares)
        grounds |= {s.ground for s in squares}
        icons |= {s.icon for s in squares if s.icon is not None}
    assert grounds == set(Ground)  # desert, wheat field, water
    assert icons  # some desert squares show a printed resource
    assert starts > 1  # several start symbols


def test_start_tile_shows_the_four_scenes() -> None:
    scenes = [s for row in CATALOGUE.start_tile.scenes for s in row]
    assert sorted(scenes) == sorted(Resource)
    assert CATALOGUE.start_tile.provenance is R  # its shape is I-14's reading


def test_metropolis_boards() -> None:
    assert len(CATALOGUE.metropolis_boards) == 4
    for board in CATALOGUE.metropolis_boards:
        assert len(board.shops) == 4
        assert board.spots == 7
        assert board.empty_metropolis().spots == (None,) * 7


def test_wheat_track_is_the_inferred_one() -> None:
    steps = [2, 2, 3, 3, 4, 4, 5, 5, 6, 6]  # COMPONENTS.md: the inferred steps
    expected = tuple(itertools.accumulate(steps, initial=0))
    for board in CATALOGUE.metropolis_boards:
        assert board.wheat_track.values == expected
        assert board.wheat_track.provenance is INFERRED
        assert board.wheat_track.values[7] == 23  # 7 Wheat -> 23 (rulebook)
        assert board.wheat_track.values[-1] == 40  # top 40 (review)


def test_statue_scale() -> None:
    for board in CATALOGUE.metropolis_boards:
        values = board.statue_scale.values
        assert values[3] == 10  # 3 different Statues -> 10 (rulebook)
        assert len(values) >= len(CATALOGUE.gods) + 1
        assert list(values) == sorted(values)
        assert board.statue_scale.provenance is R  # only 3 -> 10 is known


def test_monuments() -> None:
    monuments = CATALOGUE.monuments
    assert sorted(monuments.types, key=lambda t: t.value) == sorted(
        MonumentType, key=lambda t: t.value
    )
    assert (monuments.per_type, monuments.first, monuments.second) == (4, 15, 7)
    assert monuments.source.provenance is Provenance.RULEBOOK


def test_unknowns_are_reconstructed() -> None:
    # COMPONENTS.md "Unknown": Districts, starting Shops, gods, board squares, tile mix
    assert CATALOGUE.gods_source.provenance is R
    assert all(d.provenance is R for d in CATALOGUE.districts)
    assert all(b.provenance is R for b in CATALOGUE.metropolis_boards)
    assert all(b.provenance is R for b in CATALOGUE.valley_boards)
    assert all(t.provenance is R for t in CATALOGUE.valley_tiles)
    assert CATALOGUE.is_reconstructed


def test_every_item_has_a_provenance() -> None:
    items: list[Provenance | None] = [
        CATALOGUE.stock_source.provenance,
        CATALOGUE.monuments.source.provenance,
        CATALOGUE.gods_source.provenance,
        CATALOGUE.start_tile.provenance,
        *(b.provenance for b in CATALOGUE.valley_boards),
        *(t.provenance for t in CATALOGUE.valley_tiles),
        *(b.provenance for b in CATALOGUE.metropolis_boards),
        *(b.wheat_track.provenance for b in CATALOGUE.metropolis_boards),
        *(b.statue_scale.provenance for b in CATALOGUE.metropolis_boards),
        *(d.provenance for d in CATALOGUE.districts),
        *(s.provenance for s in all_shops()),
    ]
    assert all(isinstance(p, Provenance) for p in items)


def _same_icons(shop: Shop, *icons: Icon) -> bool:
    return sorted(i.value for i in shop.requires) == sorted(i.value for i in icons)


def _choices(shop: Shop, n: int) -> bool:
    return isinstance(shop.benefit, ResourceToShopBenefit) and len(shop.benefit.choices) == n


def _named_statue(shop: Shop) -> bool:
    return isinstance(shop.benefit, StatueBenefit) and len(shop.benefit.gods) == 1


ShopTest = Callable[[Shop], bool]
EXAMPLES: list[tuple[str, ShopTest, set[Provenance]]] = [
    # (rulebook example, the Shop, provenances that may carry it)
    (
        "any -> 2 Debens",
        lambda s: _same_icons(s, Icon.ANY) and s.benefit == GenericBenefit(2),
        {Provenance.RULEBOOK},
    ),
    (
        "Papyrus -> 5 Debens",
        lambda s: _same_icons(s, Icon.PAPYRUS) and s.benefit == GenericBenefit(5),
        {Provenance.RULEBOOK},
    ),
    (
        "Grapes -> +1 Wheat",
        lambda s: _same_icons(s, Icon.GRAPES) and s.benefit == WheatBenefit(1),
        {Provenance.RULEBOOK},
    ),
    (
        "Alabaster -> named god's Statue",
        lambda s: _same_icons(s, Icon.ALABASTER) and _named_statue(s),
        {Provenance.RULEBOOK},
    ),
    (
        "Bovine -> x1 per Bovine",
        lambda s: (
            _same_icons(s, Icon.BOVINE) and s.benefit == SpecializedBenefit(Resource.BOVINE, 1)
        ),
        {Provenance.RULEBOOK},
    ),
    (
        "Bovine + Grapes -> Statue of choice",
        lambda s: (
            _same_icons(s, Icon.BOVINE, Icon.GRAPES) and isinstance(s.benefit, StatueChoiceBenefit)
        ),
        {Provenance.RULEBOOK},
    ),
    (
        "Papyrus -> one of 3 resources on another Shop",
        lambda s: _same_icons(s, Icon.PAPYRUS) and _choices(s, 3),
        {Provenance.RULEBOOK},
    ),
    (
        "Alabaster + Grapes -> 5 Debens",
        lambda s: _same_icons(s, Icon.ALABASTER, Icon.GRAPES) and s.benefit == GenericBenefit(5),
        {Provenance.REVIEW, Provenance.RULEBOOK},
    ),
    # examples known only in part: the Shop exists, whatever its provenance label
    ("a Shop needing 2 Bovines", lambda s: s.need[Resource.BOVINE] == 2, set(Provenance)),
    *[
        (f"generic {n}", (lambda s, n=n: s.benefit == GenericBenefit(n)), set(Provenance))
        for n in (2, 4, 5, 7, 9)
    ],
    (
        "x3 Grapes specialized",
        lambda s: s.benefit == SpecializedBenefit(Resource.GRAPES, 3),
        set(Provenance),
    ),
]


@pytest.mark.parametrize(("name", "wanted", "provenances"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_rulebook_example_shops_present(
    name: str, wanted: ShopTest, provenances: set[Provenance]
) -> None:
    found = [s for s in all_shops() if wanted(s)]
    assert found, f"no Shop for the example {name!r}"
    assert any(s.provenance in provenances for s in found), [s.provenance for s in found]


def test_shop_ids_and_lookups() -> None:
    district = CATALOGUE.districts[6]
    for index, shop in enumerate(district.shops, start=1):
        assert shop.id == f"{district.id}.{index}"
        assert CATALOGUE.shop(f"{district.id}.{index}") is shop
    assert CATALOGUE.district(district.id) is district
    with pytest.raises(UnknownIdError):
        CATALOGUE.shop("D99.9")
    with pytest.raises(UnknownIdError):
        CATALOGUE.metropolis_board("M9")


# ---------------------------------------------------------------- round trip and documents


def test_dump_read_round_trip() -> None:
    document = dump_catalogue(CATALOGUE)
    assert read_catalogue(json.loads(json.dumps(document))) == CATALOGUE
    assert dump_catalogue(read_catalogue(document)) == document


def test_load_json_file(tmp_path: Path) -> None:
    file = tmp_path / "mine.json"
    file.write_text(json.dumps(dump_catalogue(CATALOGUE)), encoding="utf-8")
    assert load_catalogue(file) == CATALOGUE
    assert load_catalogue() is CATALOGUE
    assert load_catalogue("default") is CATALOGUE


@settings(max_examples=15)
@given(catalogue_documents())
def test_generated_documents_round_trip(document: dict[str, Any]) -> None:
    catalogue = read_catalogue(document)
    assert len(catalogue.districts) == 40
    assert len(catalogue.valley_tiles) == 50
    assert read_catalogue(dump_catalogue(catalogue)) == catalogue


# ---------------------------------------------------------------- a bad catalogue file


def bad_document() -> tuple[dict[str, Any], dict[str, str | None]]:
    """The default catalogue with several problems; expected problem paths and their rules."""
    document = copy.deepcopy(dump_catalogue(CATALOGUE))
    document["districts"][3]["cost"] = 5  # above 2
    document["valley_boards"][0]["rows"][2] = "..X"  # 3 squares, unknown code X
    document["valley_tiles"][7]["scenes"] = ["wood", "grapes"]  # unknown resource
    document["metropolis_boards"][1]["shops"].pop()  # 3 starting Shops
    del document["districts"][0]["provenance"]  # every item needs a provenance
    document["districts"][5]["shops"][0]["benefit"]["kind"] = "bonus"  # unknown kind
    expected: dict[str, str | None] = {
        "$.districts[3].cost": "R-1.5",
        "$.valley_boards[0].rows[2]": "R-1.4",
        "$.valley_tiles[7].scenes[0]": "R-1.1",
        "$.metropolis_boards[1].shops": "R-1.7",
        "$.districts[0]": None,
        "$.districts[5].shops[0].benefit.kind": "R-6",
    }
    return document, expected


def test_bad_catalogue_lists_every_problem(tmp_path: Path) -> None:
    document, expected = bad_document()
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(MalformedInputError) as caught:
        load_catalogue(file)
    found = {(p.path, p.rule) for p in caught.value.problems}
    for path, rule in expected.items():
        assert (path, rule) in found, (path, sorted(found))
    text = str(caught.value)
    assert str(file) in text.splitlines()[0]
    for path in expected:
        assert f"{path}:" in text
    assert "missing field 'provenance'" in text


def test_bad_toml_catalogue(tmp_path: Path) -> None:
    file = tmp_path / "bad.toml"
    file.write_text(
        'format = "fertility-rules/catalogue/9"\nname = "bad"\n'
        '[stock]\nper_resource = 0\nprovenance = "guess"\n',
        encoding="utf-8",
    )
    with pytest.raises(MalformedInputError) as caught:
        load_catalogue(file)
    paths = {p.path for p in caught.value.problems}
    assert {"$.format", "$.stock.per_resource", "$.stock.provenance"} <= paths
    assert "$" in paths  # missing sections are reported at the root


def test_not_toml(tmp_path: Path) -> None:
    file = tmp_path / "broken.toml"
    file.write_text("this is = = not toml", encoding="utf-8")
    with pytest.raises(MalformedInputError) as caught:
        load_catalogue(file)
    assert "not valid TOML" in str(caught.value)


# The loader promises that a catalogue that loads has the known counts (loader docstring,
# COMPONENTS.md). An empty list, or an item with an empty list inside, must not slip through.
EMPTY_LISTS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("no districts", lambda d: d.update(districts=[]), "$.districts"),
    ("no valley tiles", lambda d: d.update(valley_tiles=[]), "$.valley_tiles"),
    ("no valley boards", lambda d: d.update(valley_boards=[]), "$.valley_boards"),
    ("no metropolis boards", lambda d: d.update(metropolis_boards=[]), "$.metropolis_boards"),
    (
        "a District without Shops",
        lambda d: d["districts"][0].update(shops=[]),
        "$.districts[0].shops",
    ),
    (
        "a Metropolis board without Shops",
        lambda d: d["metropolis_boards"][0].update(shops=[]),
        "$.metropolis_boards[0].shops",
    ),
    (
        "an empty Wheat track",
        lambda d: d["metropolis_boards"][0]["wheat_track"].update(values=[]),
        "$.metropolis_boards[0].wheat_track.values",
    ),
]


@pytest.mark.parametrize(("name", "corrupt", "path"), EMPTY_LISTS, ids=[e[0] for e in EMPTY_LISTS])
def test_empty_lists_are_rejected(
    name: str, corrupt: Callable[[dict[str, Any]], None], path: str
) -> None:
    document = copy.deepcopy(dump_catalogue(CATALOGUE))
    corrupt(document)
    with pytest.raises(MalformedInputError) as caught:
        read_catalogue(document)
    assert path in {p.path for p in caught.value.problems}


def test_duplicate_id_path_points_at_the_duplicate() -> None:
    """The problem's path is the index of the item in the file, even when an earlier item
    is itself invalid (and so left out of the catalogue being built)."""
    document = copy.deepcopy(dump_catalogue(CATALOGUE))
    document["districts"][2]["id"] = document["districts"][1]["id"]  # D02 twice
    del document["districts"][0]["provenance"]  # an earlier, unrelated problem
    with pytest.raises(MalformedInputError) as caught:
        read_catalogue(document)
    duplicates = [p.path for p in caught.value.problems if "used twice" in str(p.message)]
    assert duplicates == ["$.districts[2].id"]


def test_an_empty_god_name_is_reported_not_dropped() -> None:
    document = copy.deepcopy(dump_catalogue(CATALOGUE))
    document["gods"]["names"] = ["Ra", "", "Isis"]
    with pytest.raises(MalformedInputError) as caught:
        read_catalogue(document)
    assert any(p.path.startswith("$.gods.names") for p in caught.value.problems)


# ---------------------------------------------------------------- the catalogue command


def test_catalogue_check_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    document, expected = bad_document()
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(document), encoding="utf-8")
    assert main(["catalogue", "check", str(file)]) != 0
    out = capsys.readouterr()
    assert out.out == ""
    assert "Traceback" not in out.err
    lines = out.err.splitlines()
    for path, rule in expected.items():
        matching = [line for line in lines if line.strip().startswith(f"{path}:")]
        assert matching, (path, out.err)
        if rule:
            assert any(line.endswith(f"({rule})") for line in matching), matching


def test_catalogue_check_good_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = tmp_path / "good.json"
    file.write_text(json.dumps(dump_catalogue(CATALOGUE)), encoding="utf-8")
    assert main(["catalogue", "check", str(file)]) == 0
    out = capsys.readouterr()
    assert "valid catalogue" in out.out
    assert "40" in out.out
    assert "50" in out.out


def test_catalogue_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "show"]) == 0
    text = capsys.readouterr().out
    assert "RECONSTRUCTED" in text
    assert "rulebook" in text
    assert "inferred" in text  # the Wheat track
    lines = text.splitlines()
    # every reconstructed District and Shop is labelled on its own line
    for district in CATALOGUE.districts:
        (line,) = [x for x in lines if x.startswith(f"  {district.id}  ")]
        assert ("[RECONSTRUCTED]" in line) == (district.provenance is R), line
        for shop in district.shops:
            (shop_line,) = [x for x in lines if x.strip().startswith(f"{shop.id} ")]
            assert ("[RECONSTRUCTED]" in shop_line) == (shop.provenance is R), shop_line
