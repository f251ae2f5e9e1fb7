"""The shop-effect registry (R-6): the six kinds, unknown ids, and a kind added by a user."""

from __future__ import annotations

from typing import ClassVar

import pytest
from attrs import frozen
from hypothesis import find, given

from fertility_rules import FertilityError, MalformedInputError, UnknownIdError, score_position
from fertility_rules.fertility import dump_final_position, read_final_position
from fertility_rules.fertility.effects import (
    DEFAULT_REGISTRY,
    DebenAward,
    EffectKind,
    GainWheat,
    GenericBenefit,
    Param,
    ParamType,
    PlaceResource,
    ResourceToShopBenefit,
    ShopContext,
    SpecializedBenefit,
    Stage,
    StatueBenefit,
    StatueChoiceBenefit,
    Timing,
    WheatBenefit,
    describe_benefit,
    describe_shop,
    find_effect,
)
from fertility_rules.fertility.model import Benefit, Icon, Resource, Shop
from fertility_rules.fertility.model.position import FinalPosition
from fertility_rules.fertility.testing.strategies import benefits, final_positions
from fertility_rules.i18n import Message
from fertility_rules.i18n.message import _
from tests.core.helpers import generic, player_doc, position_doc, shop_doc

# R-6's table: id, when, and (for final kinds) the stage that scores it
SPEC_TABLE = [
    ("generic", Timing.FINAL, Stage.GENERIC, GenericBenefit),
    ("specialized", Timing.FINAL, Stage.SPECIALIZED, SpecializedBenefit),
    ("statue", Timing.FINAL, Stage.STATUES, StatueBenefit),
    ("statue_choice", Timing.FINAL, Stage.STATUES, StatueChoiceBenefit),
    ("wheat", Timing.IMMEDIATE, None, WheatBenefit),
    ("resource_to_shop", Timing.IMMEDIATE, None, ResourceToShopBenefit),
]
KIND_IDS = [row[0] for row in SPEC_TABLE]


@pytest.mark.parametrize(("kind_id", "timing", "stage", "benefit_type"), SPEC_TABLE, ids=KIND_IDS)
def test_find_effect(
    kind_id: str, timing: Timing, stage: Stage | None, benefit_type: type[Benefit]
) -> None:
    kind = find_effect(kind_id)
    assert kind.id == kind_id
    assert kind.timing is timing
    assert kind.stage is stage
    assert kind.benefit_type is benefit_type
    assert benefit_type.kind == kind_id
    if timing is Timing.FINAL:
        assert kind.score is not None
        assert kind.trigger is None
        assert stage is not None
        assert kind.rule == stage.rule
    else:
        assert kind.trigger is not None
        assert kind.score is None


def test_default_registry_has_exactly_the_six_kinds() -> None:
    assert [kind.id for kind in DEFAULT_REGISTRY] == KIND_IDS
    for kind_id in KIND_IDS:
        assert kind_id in DEFAULT_REGISTRY


def test_immediate_triggers() -> None:
    # wheat +N at once; resource_to_shop: one of the shown resources onto another Shop
    wheat = find_effect("wheat")
    assert wheat.trigger is not None
    assert wheat.trigger(WheatBenefit(2)) == GainWheat(2)
    to_shop = find_effect("resource_to_shop")
    assert to_shop.trigger is not None
    choices = (Resource.ALABASTER, Resource.BOVINE, Resource.GRAPES)
    assert to_shop.trigger(ResourceToShopBenefit(choices)) == PlaceResource(choices)


@pytest.mark.parametrize("unknown", ["per_district", "Generic", "", "statues"])
def test_unknown_kind(unknown: str) -> None:
    with pytest.raises(UnknownIdError) as caught:
        find_effect(unknown)
    assert isinstance(caught.value, FertilityError)
    assert isinstance(caught.value, LookupError)
    text = str(caught.value)
    assert repr(unknown) in text
    for kind_id in KIND_IDS:
        assert kind_id in text


# ---------------------------------------------------------------- a test-only kind


@frozen
class PerDistrictTestBenefit(Benefit):
    """Test-only: ``debens`` for each fully supplied Shop of the Metropolis."""

    kind: ClassVar[str] = "per_district_test"
    debens: int


def _describe(benefit: PerDistrictTestBenefit) -> Message:
    return _("{n} per fully supplied Shop", n=benefit.debens)


def _score(benefit: PerDistrictTestBenefit, context: ShopContext) -> DebenAward:
    supplied = sum(1 for state in context.metropolis.shops if state.is_full)
    return DebenAward(benefit.debens * supplied, _("{n} test Debens", n=benefit.debens * supplied))


PER_DISTRICT_TEST = EffectKind(
    id="per_district_test",
    benefit_type=PerDistrictTestBenefit,
    timing=Timing.FINAL,
    params=(Param("debens", ParamType.POSITIVE_INT),),
    describe=_describe,
    stage=Stage.GENERIC,
    score=_score,
    rule="R-5.1",
)
REGISTRY = DEFAULT_REGISTRY.with_kind(PER_DISTRICT_TEST)


def custom_document() -> dict[str, object]:
    shops = [
        shop_doc(["any"], {"kind": "per_district_test", "debens": 3}, ["papyrus"]),
        shop_doc(["grapes"], generic(2), ["grapes"]),
        shop_doc(["bovine", "bovine"], generic(9), ["bovine"]),  # partly supplied
    ]
    return position_doc([player_doc("Nakht", shops, wheat=0)])


def test_custom_kind_scores_through_the_pipeline() -> None:
    position = read_final_position(custom_document(), registry=REGISTRY)
    report = score_position(position, REGISTRY)
    (sheet,) = report.sheets
    # 2 fully supplied Shops: the test kind gives 3 x 2 = 6, the generic Shop 2; the
    # partly supplied 9 gives 0; nothing else scores (no Wheat, no Monument)
    assert sheet.stage_total(Stage.GENERIC) == 3 * 2 + 2
    assert sheet.total == 8
    assert any(line.shop == 0 and line.debens == 6 for line in sheet.lines_of(Stage.GENERIC))


def test_custom_kind_description_and_round_trip() -> None:
    position = read_final_position(custom_document(), registry=REGISTRY)
    shop = position.players[0].metropolis.shops[0].shop
    assert shop.benefit == PerDistrictTestBenefit(3)
    assert str(describe_shop(shop, REGISTRY)).endswith(" → 3 per fully supplied Shop")
    assert str(describe_benefit(shop.benefit, REGISTRY)) == "3 per fully supplied Shop"
    again = read_final_position(dump_final_position(position, REGISTRY), registry=REGISTRY)
    assert again == position


def test_default_registry_is_unchanged() -> None:
    assert REGISTRY is not DEFAULT_REGISTRY
    assert "per_district_test" in REGISTRY
    assert "per_district_test" not in DEFAULT_REGISTRY
    assert [kind.id for kind in DEFAULT_REGISTRY] == KIND_IDS
    with pytest.raises(UnknownIdError):
        find_effect("per_district_test")
    assert find_effect("per_district_test", REGISTRY) is PER_DISTRICT_TEST


def test_default_registry_rejects_the_custom_kind() -> None:
    with pytest.raises(MalformedInputError) as caught:
        read_final_position(custom_document())
    paths = [(p.path, p.rule) for p in caught.value.problems]
    assert paths == [("$.players[0].shops[0].benefit.kind", "R-6")]
    assert "per_district_test" in str(caught.value)


def test_with_kind_replaces_a_kind_of_the_same_id() -> None:
    doubled = EffectKind(
        id="generic",
        benefit_type=GenericBenefit,
        timing=Timing.FINAL,
        params=(Param("debens", ParamType.POSITIVE_INT),),
        describe=lambda b: _("double {n}", n=b.debens),
        stage=Stage.GENERIC,
        score=lambda b, c: DebenAward(2 * b.debens, _("double")),
        rule="R-5.1",
    )
    registry = DEFAULT_REGISTRY.with_kind(doubled)
    assert len(registry.kinds) == len(DEFAULT_REGISTRY.kinds)
    position = read_final_position(
        position_doc([player_doc("P", [shop_doc(["any"], generic(4), ["grapes"])])])
    )
    assert score_position(position, registry).sheets[0].total == 8
    assert score_position(position).sheets[0].total == 4


def test_a_registry_refuses_duplicate_ids() -> None:
    with pytest.raises(MalformedInputError, match="same id"):
        type(DEFAULT_REGISTRY)((PER_DISTRICT_TEST, PER_DISTRICT_TEST))


@given(final_positions(registry=REGISTRY, max_players=2))
def test_custom_registry_positions_score(position: FinalPosition) -> None:
    report = score_position(position, REGISTRY)
    for sheet in report.sheets:
        assert sheet.total == sum(sheet.stage_totals)
        assert all(total >= 0 for total in sheet.stage_totals)


# ---------------------------------------------------------------- the benefits strategy

GODS = ("Ra", "Isis", "Osiris")


@pytest.mark.parametrize("kind_id", KIND_IDS)
def test_benefits_strategy_draws_every_kind(kind_id: str) -> None:
    benefit = find(benefits(GODS), lambda b: b.kind == kind_id)
    assert isinstance(benefit, find_effect(kind_id).benefit_type)


def test_benefits_strategy_draws_the_custom_kind() -> None:
    benefit = find(benefits(GODS, REGISTRY), lambda b: b.kind == "per_district_test")
    assert isinstance(benefit, PerDistrictTestBenefit)
    assert benefit.debens >= 1


@given(benefits(GODS))
def test_drawn_benefits_are_valid(benefit: Benefit) -> None:
    kind = DEFAULT_REGISTRY.of(benefit)
    assert str(describe_benefit(benefit))
    if isinstance(benefit, StatueBenefit):
        assert benefit.gods
        assert set(benefit.gods) <= set(GODS)
        assert len(set(benefit.gods)) == len(benefit.gods)
    for param in kind.params:
        if param.type is ParamType.POSITIVE_INT:
            assert getattr(benefit, param.name) >= 1


# ---------------------------------------------------------------- descriptions


@pytest.mark.parametrize(
    ("shop", "text"),
    [
        (
            Shop((Icon.BOVINE, Icon.GRAPES), StatueChoiceBenefit()),
            "1 Bovine + 1 Grape → Statue of a God of your choice",
        ),
        (Shop((Icon.PAPYRUS,), GenericBenefit(5)), "1 Papyrus flower → 5 Debens"),
        (Shop((Icon.GRAPES,), WheatBenefit(1)), "1 Grape → +1 Wheat at once"),
        (
            Shop((Icon.BOVINE,), SpecializedBenefit(Resource.BOVINE, 1)),
            "1 Bovine → 1 Deben per Bovine token in your Metropolis",
        ),
        (
            Shop((Icon.GRAPES, Icon.GRAPES), SpecializedBenefit(Resource.GRAPES, 3)),
            "2 Grapes → 3 Debens per Grapes token in your Metropolis",
        ),
        (Shop((Icon.ALABASTER,), StatueBenefit(("Ra",))), "1 Alabaster → Statue of Ra"),
        (
            Shop((Icon.ALABASTER, Icon.GRAPES), StatueBenefit(("Horus", "Anubis"))),
            "1 Alabaster + 1 Grape → Statues of Horus and Anubis",
        ),
    ],
)
def test_describe_shop(shop: Shop, text: str) -> None:
    assert str(describe_shop(shop)) == text


def test_describe_resource_to_shop_names_every_choice() -> None:
    choices = (Resource.ALABASTER, Resource.BOVINE, Resource.GRAPES)
    text = str(describe_benefit(ResourceToShopBenefit(choices)))
    for resource in choices:
        assert str(resource.label) in text
    assert "another Shop" in text


def test_describe_unknown_benefit_raises() -> None:
    with pytest.raises(UnknownIdError):
        describe_benefit(PerDistrictTestBenefit(1))
