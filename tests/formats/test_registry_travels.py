"""A user-defined effect kind works in every operation: the catalogue carries its registry.

The kind is the test-only ``per_district_test`` of ``tests/core/test_registry.py``; it is
put on the first Shop of every District of the default catalogue, so any game bought one.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fertility_rules import (
    GreedyAgent,
    MalformedInputError,
    RandomAgent,
    default_catalogue,
    dump_record,
    final_scores,
    load_record,
    play_game,
    read_record,
    replay,
    save_record,
    score_position,
)
from fertility_rules.cli import main
from fertility_rules.fertility import read_final_position
from fertility_rules.fertility.catalogue import Catalogue, dump_catalogue, read_catalogue
from fertility_rules.fertility.catalogue.describe import describe_catalogue
from fertility_rules.fertility.document import rules_document
from fertility_rules.fertility.effects import DEFAULT_REGISTRY
from fertility_rules.fertility.model import Resource
from fertility_rules.fertility.rules import final_position
from tests.core.test_registry import REGISTRY, PerDistrictTestBenefit

KIND = "per_district_test"


def _document() -> dict[str, Any]:
    document = copy.deepcopy(dump_catalogue(default_catalogue()))
    for district in document["districts"]:
        district["shops"][0]["benefit"] = {"kind": KIND, "debens": 3}
    return document


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return read_catalogue(_document(), registry=REGISTRY)


def _names_the_kind(error: pytest.ExceptionInfo[MalformedInputError], path: str) -> None:
    assert any(p.path == path and p.rule == "R-6" for p in error.value.problems)
    assert f"unknown Shop benefit kind '{KIND}'" in str(error.value)


def test_the_catalogue_carries_its_registry(catalogue: Catalogue) -> None:
    assert catalogue.registry is REGISTRY
    assert catalogue.districts[0].shops[0].benefit == PerDistrictTestBenefit(3)
    with pytest.raises(MalformedInputError) as caught:
        read_catalogue(_document())  # the default registry does not know the kind
    _names_the_kind(caught, "$.districts[0].shops[0].benefit.kind")


def test_catalogue_show_and_dump(catalogue: Catalogue) -> None:
    text = describe_catalogue(catalogue)
    assert text.count("3 per fully supplied Shop") == 40
    dumped = dump_catalogue(catalogue)
    assert dumped["districts"][0]["shops"][0]["benefit"] == {"kind": KIND, "debens": 3}
    assert read_catalogue(json.loads(json.dumps(dumped)), registry=REGISTRY) == catalogue
    assert "3 per fully supplied Shop" in rules_document("en", "md", catalogue)


def test_scoring_a_catalogue_shop(catalogue: Catalogue) -> None:
    shop = catalogue.shop("D01.1")
    tokens = [(icon.resource or Resource.GRAPES).key for icon in shop.requires]
    player = {
        "name": "Nakht",
        "wheat": 0,
        "monuments": 0,
        "shops": [{"shop": "D01.1", "tokens": tokens}],
    }
    document = {"format": "fertility-rules/final-position/1", "players": [player]}
    position = read_final_position(document, catalogue=catalogue)  # the catalogue's kinds
    (sheet,) = score_position(position, catalogue.registry).sheets
    # one fully supplied Shop, and it is the test kind: 3 x 1 Debens (R-5.1 stage)
    assert [line.debens for line in sheet.lines if line.shop == 0] == [3]


def test_play_record_replay_verify(catalogue: Catalogue, tmp_path: Path) -> None:
    game = play_game(["A", "B"], [GreedyAgent(1), RandomAgent(2)], seed=5, catalogue=catalogue)
    assert game.state.config.registry is REGISTRY
    built = [d for p in game.state.players for d in p.metropolis.districts]
    assert built, "the agents built no District: the test kind was never in play"
    report = final_scores(game.state)
    assert report == score_position(final_position(game.state), REGISTRY)

    data = json.loads(json.dumps(dump_record(game.record)))
    assert data["catalogue"]["districts"][0]["shops"][0]["benefit"]["kind"] == KIND
    with pytest.raises(MalformedInputError) as caught:
        read_record(data)  # the default registry does not know the kind
    _names_the_kind(caught, "$.catalogue.districts[0].shops[0].benefit.kind")

    record = read_record(data, registry=REGISTRY)
    assert record == game.record
    result = replay(record)
    assert result.ok
    assert final_scores(result.state) == report

    file = tmp_path / "game.json"
    save_record(game.record, file)
    assert load_record(file, registry=REGISTRY) == game.record


def test_verify_names_the_unknown_kind(
    catalogue: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = play_game(["A", "B"], [RandomAgent(3), RandomAgent(4)], seed=6, catalogue=catalogue)
    file = tmp_path / "game.json"
    save_record(game.record, file)
    assert main(["verify", str(file)]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"unknown Shop benefit kind '{KIND}'" in err
    assert "$.catalogue.districts[0].shops[0].benefit.kind" in err


def test_the_default_registry_is_untouched() -> None:
    assert KIND not in DEFAULT_REGISTRY
    assert default_catalogue().registry is DEFAULT_REGISTRY


@pytest.mark.parametrize("registry", [5, "", [], {}, object(), default_catalogue()])
def test_a_record_read_with_something_else_than_a_registry_is_refused(
    registry: object, tmp_path: Path
) -> None:
    # The registry was handed on unchecked: anything was taken, and a falsy value stood
    # for the default registry.
    record = play_game(["A", "B"], [RandomAgent(1), RandomAgent(2)], seed=1).record
    path = tmp_path / "game.json"
    save_record(record, path)
    reads: list[Callable[[], object]] = [
        lambda: read_record(dump_record(record), registry=registry),
        lambda: load_record(path, registry=registry),
    ]
    for read in reads:
        with pytest.raises(MalformedInputError) as caught:
            read()
        assert caught.value.problems[0].path == "registry"
        assert "EffectRegistry" in caught.value.render()
    assert read_record(dump_record(record), registry=DEFAULT_REGISTRY) == record
