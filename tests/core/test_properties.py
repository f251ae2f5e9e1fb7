"""Properties of scoring and of the file formats (R-7's scoring invariants, R-5, R-4.3)."""

from __future__ import annotations

import copy
import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules import FertilityError, MalformedInputError, ScoreReport, score_position
from fertility_rules.fertility import dump_final_position, read_final_position
from fertility_rules.fertility.catalogue import read_catalogue
from fertility_rules.fertility.effects import GenericBenefit, SpecializedBenefit, Stage
from fertility_rules.fertility.model import Icon, Resource, Shop
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.testing.strategies import (
    JSON,
    catalogue_documents,
    final_positions,
    malformed_final_position_documents,
)


def per_name(report: ScoreReport) -> dict[str, tuple[tuple[int, ...], int, int]]:
    return {s.player: (s.stage_totals, s.tokens_on_metropolis, s.rank) for s in report.sheets}


@given(final_positions())
def test_total_is_the_sum_of_the_stages_and_never_negative(position: FinalPosition) -> None:
    report = score_position(position)
    assert [s.player for s in report.sheets] == [p.name for p in position.players]
    for sheet in report.sheets:
        assert len(sheet.stage_totals) == 5
        assert sheet.total == sum(sheet.stage_totals)
        assert all(total >= 0 for total in sheet.stage_totals)
        for stage in Stage:
            lines = sheet.lines_of(stage)
            assert sheet.stage_total(stage) == sum(line.debens for line in lines)
            assert all(line.debens >= 0 for line in lines)
            assert all(line.rule == stage.rule for line in lines)
        assert list(sheet.lines) == sorted(sheet.lines, key=lambda line: line.stage)
    assert report.winners
    assert all(report.sheet(name).rank == 1 for name in report.winners)


@given(final_positions())
def test_generic_and_specialized_match_a_hand_count(position: FinalPosition) -> None:
    """R-5.1 and R-5.2 recomputed: printed Debens of full generic Shops; multiplier times the
    tokens of the resource on every Shop (full or not) of full specialized Shops."""
    report = score_position(position)
    for player in position.players:
        shops = player.metropolis.shops
        on_metropolis = [sum(s.tokens[r] for s in shops) for r in Resource]
        generic = sum(
            s.shop.benefit.debens
            for s in shops
            if s.is_full and isinstance(s.shop.benefit, GenericBenefit)
        )
        specialized = sum(
            s.shop.benefit.per_token * on_metropolis[s.shop.benefit.resource]
            for s in shops
            if s.is_full and isinstance(s.shop.benefit, SpecializedBenefit)
        )
        sheet = report.sheet(player.name)
        assert sheet.stage_total(Stage.GENERIC) == generic
        assert sheet.stage_total(Stage.SPECIALIZED) == specialized
        m = player.metropolis
        assert sheet.stage_total(Stage.WHEAT) == m.wheat_track[m.wheat]
        assert sheet.tokens_on_metropolis == sum(on_metropolis)


@given(final_positions(), st.data())
def test_adding_a_token_never_lowers_the_total(
    position: FinalPosition, data: st.DataObject
) -> None:
    places = [
        (p, s, r)
        for p, player in enumerate(position.players)
        for s, state in enumerate(player.metropolis.shops)
        for r in Resource
        if state.shop.accepts(state.tokens, r)
    ]
    if not places:
        return
    p, s, resource = data.draw(st.sampled_from(places))
    player = position.players[p]
    state = player.metropolis.shops[s]
    more = list(state.tokens)
    more[resource] += 1
    bigger = attrs.evolve(state, tokens=(more[0], more[1], more[2], more[3]))
    shops = list(player.metropolis.shops)
    shops[s] = bigger
    new_player = PlayerPosition(player.name, attrs.evolve(player.metropolis, shops=tuple(shops)))
    players = list(position.players)
    players[p] = new_player
    after = attrs.evolve(position, players=tuple(players))
    before_sheet = score_position(position).sheet(player.name)
    after_sheet = score_position(after).sheet(player.name)
    assert after_sheet.total >= before_sheet.total
    assert after_sheet.tokens_on_metropolis == before_sheet.tokens_on_metropolis + 1


@given(final_positions(min_players=2), st.data())
def test_order_of_players_does_not_matter(position: FinalPosition, data: st.DataObject) -> None:
    shuffled = data.draw(st.permutations(position.players))
    other = attrs.evolve(position, players=tuple(shuffled))
    before, after = score_position(position), score_position(other)
    assert per_name(before) == per_name(after)
    assert set(before.winners) == set(after.winners)


@given(final_positions(), st.data())
def test_order_of_shops_does_not_matter(position: FinalPosition, data: st.DataObject) -> None:
    players = tuple(
        PlayerPosition(
            p.name,
            attrs.evolve(p.metropolis, shops=tuple(data.draw(st.permutations(p.metropolis.shops)))),
        )
        for p in position.players
    )
    other = attrs.evolve(position, players=players)
    assert per_name(score_position(position)) == per_name(score_position(other))


@given(final_positions())
def test_scoring_leaves_its_input_unchanged(position: FinalPosition) -> None:
    snapshot = copy.deepcopy(position)
    dumped = json.dumps(dump_final_position(position), sort_keys=True)
    first = score_position(position)
    assert position == snapshot
    assert json.dumps(dump_final_position(position), sort_keys=True) == dumped
    assert score_position(position) == first  # and it is a pure function


@given(final_positions())
def test_final_position_round_trip(position: FinalPosition) -> None:
    document = dump_final_position(position)
    assert read_final_position(document) == position
    # through real JSON text as well
    assert read_final_position(json.loads(json.dumps(document))) == position


# ---------------------------------------------------------------- random catalogues


def _full_tokens(shop: Shop) -> list[str]:
    return [icon.value if icon is not Icon.ANY else "papyrus" for icon in shop.requires]


@settings(max_examples=15)
@given(catalogue_documents(), st.data())
def test_random_catalogues_load_and_their_shops_score(
    document: dict[str, Any], data: st.DataObject
) -> None:
    catalogue = read_catalogue(document)
    shops = [s for b in catalogue.metropolis_boards for s in b.shops] + [
        s for d in catalogue.districts for s in d.shops
    ]
    assert len(shops) == 4 * 4 + sum(len(d.shops) for d in catalogue.districts)
    chosen = data.draw(st.lists(st.sampled_from(shops), min_size=1, max_size=10))
    entries = []
    for shop in chosen:
        assert shop.id is not None
        assert catalogue.shop(shop.id) == shop
        entries.append({"shop": shop.id, "tokens": _full_tokens(shop)})
    top = len(catalogue.wheat_track.values) - 1
    position_document = {
        "format": "fertility-rules/final-position/1",
        "players": [
            {
                "name": "P",
                "wheat": data.draw(st.integers(0, top)),
                "monuments": data.draw(st.integers(0, 4)),
                "shops": entries,
            }
        ],
    }
    position = read_final_position(position_document, catalogue=catalogue)
    assert position.gods == catalogue.gods
    (sheet,) = score_position(position).sheets
    assert sheet.total == sum(sheet.stage_totals)
    generic = sum(s.benefit.debens for s in chosen if isinstance(s.benefit, GenericBenefit))
    assert sheet.stage_total(Stage.GENERIC) == generic  # every chosen Shop is full
    monuments = position.players[0].metropolis.monuments
    first = catalogue.monuments.first
    assert sheet.stage_total(Stage.MONUMENTS) == (first if monuments else 0)


# ---------------------------------------------------------------- malformed documents


@given(malformed_final_position_documents())
def test_malformed_documents_raise_malformed_input_error(case: tuple[str, JSON]) -> None:
    """Only :class:`MalformedInputError` (a :class:`FertilityError`) escapes; anything else
    (KeyError, TypeError, IndexError...) fails the test."""
    _name, document = case
    with pytest.raises(MalformedInputError) as caught:
        read_final_position(document)
    assert isinstance(caught.value, FertilityError)
    assert caught.value.problems
    assert all(problem.path.startswith("$") for problem in caught.value.problems)
    assert str(caught.value).count("\n") == len(caught.value.problems)


CORRUPTIONS: dict[str, set[str | None] | None] = {
    # the rule each corruption must cite (None: no rule to check)
    "unknown_resource": {"R-1.1", "R-1.6"},  # a token or an icon
    "token_shop_cannot_take": {"R-1.6"},
    "wheat_off_track": {"R-1.2"},
    "five_monuments": {"R-1.8"},
    "unknown_kind": {"R-6"},
    "delete_field": None,
    "wrong_type": None,
    "random_json": None,
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
@settings(max_examples=20)
@given(data=st.data())
def test_each_corruption_is_rejected(name: str, data: st.DataObject) -> None:
    found, document = data.draw(malformed_final_position_documents([name]))
    assert found == name
    with pytest.raises(MalformedInputError) as caught:
        read_final_position(document)
    rules = CORRUPTIONS[name]
    if rules is not None:
        assert rules & {p.rule for p in caught.value.problems}, caught.value.render()
