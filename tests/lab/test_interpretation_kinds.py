"""The interpretations as the specification sorts them: switches, settled, retired.

Old records may hold the former options at their single value ("Reading old records");
the command ``interpretations`` lists every id by kind in the four languages.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import attrs
import pytest

from fertility_rules.cli import main
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.formats.interpretations import (
    FORMER_OPTIONS,
    dump_interpretations,
    read_interpretations,
)
from fertility_rules.fertility.interpretations import (
    INTERPRETATION_INFO,
    InterpretationKind,
    Interpretations,
)
from fertility_rules.records import dump_record, read_record, replay

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "records"
SPEC = ROOT / "docs" / "spec" / "RULES-SPEC.md"

# The specification's "Interpretations" section, by hand: its three lists.
SPEC_SWITCHES = ("I-1", "I-2", "I-6", "I-10", "I-12", "I-14")
SPEC_SETTLED = ("I-3", "I-5", "I-7", "I-8", "I-9", "I-11", "I-13")
FORMER_VALUES = {
    "empty_stock": "nothing",
    "wheat_adjacency": "once",
    "any_shop_source": "supply",
    "wheat_overflow": "stop",
    "statue_duplicates": "largest_set",
    "last_round": "one_more_turn",
}


def _spec_kinds() -> dict[str, str]:
    """Each I- id of the project's copy of the specification and the list it is under."""
    text = SPEC.read_text(encoding="utf-8")
    section = text.split("## Interpretations", 1)[1].split("\n## ", 1)[0]
    kinds: dict[str, str] = {}
    heading = ""
    for line in section.splitlines():
        if line.startswith("### "):
            heading = line[4:].split(" (")[0].strip().lower()
        for found in re.findall(r"^- \*\*(I-\d+) ", line):
            kinds[found] = heading
    return kinds


def test_every_spec_id_is_documented_with_its_kind() -> None:
    spec = _spec_kinds()
    assert len(spec) == 14
    names = {"switches": "switch", "settled readings": "settled", "retired": "retired"}
    documented = {info.id: info.kind.value for info in INTERPRETATION_INFO}
    assert documented == {i: names[kind] for i, kind in spec.items()}
    for info in INTERPRETATION_INFO:
        assert info.sources
        assert info.rules
        assert (info.field is not None) == (info.kind is InterpretationKind.SWITCH)
    retired = [i for i in INTERPRETATION_INFO if i.kind is InterpretationKind.RETIRED]
    assert [i.id for i in retired] == ["I-4"]
    assert retired[0].reason is not None


def test_the_options_value_holds_exactly_the_six_switches() -> None:
    fields = {a.name for a in attrs.fields(Interpretations)}
    by_id = {info.id: info.field for info in INTERPRETATION_INFO}
    assert fields == {by_id[i] for i in SPEC_SWITCHES}
    assert len(fields) == 6
    assert set(dump_interpretations(Interpretations())) == fields
    assert {i.id for i in INTERPRETATION_INFO if i.kind is InterpretationKind.SETTLED} == set(
        SPEC_SETTLED
    )


def test_former_options_at_their_value_are_read_and_dropped() -> None:
    assert {name: value for name, (_id, value) in FORMER_OPTIONS.items()} == FORMER_VALUES
    data = {"quarry_enclosure": "orthogonal", **FORMER_VALUES}
    assert read_interpretations(data) == read_interpretations({"quarry_enclosure": "orthogonal"})


@pytest.mark.parametrize("name", sorted(FORMER_VALUES))
def test_a_former_option_with_another_value_is_refused_naming_it(name: str) -> None:
    with pytest.raises(MalformedInputError) as caught:
        read_interpretations({name: "per_half"})
    (problem,) = caught.value.problems
    assert problem.path == f"$.interpretations.{name}"
    assert problem.rule == FORMER_OPTIONS[name][0]
    text = str(caught.value)
    assert repr(name) in text
    assert FORMER_OPTIONS[name][0] in text
    assert "Reading old records" in text


def _old_record() -> dict[str, object]:
    data = json.loads((GOLDEN / "3p-random-alternatives.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_an_old_record_reads_and_replays_like_its_switches_alone() -> None:
    old = _old_record()
    interpretations = old["interpretations"]
    assert isinstance(interpretations, dict)
    assert set(FORMER_VALUES) <= set(interpretations)  # written before the split
    new = copy.deepcopy(old)
    new["interpretations"] = {k: v for k, v in interpretations.items() if k not in FORMER_VALUES}
    old_record, new_record = read_record(old), read_record(new)
    assert old_record == new_record
    assert replay(old_record).state == replay(new_record).state
    assert replay(old_record).state.is_over
    written = dump_record(old_record)["interpretations"]
    assert not set(written) & set(FORMER_VALUES)  # only the switches are written


def test_an_old_record_with_another_former_value_is_refused() -> None:
    old = _old_record()
    assert isinstance(old["interpretations"], dict)
    old["interpretations"]["last_round"] = "two_more_turns"
    with pytest.raises(MalformedInputError) as caught:
        read_record(old)
    assert "$.interpretations.last_round" in {p.path for p in caught.value.problems}
    assert "I-11" in str(caught.value)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Switches", "Settled readings", "Retired", "Sources")),
        ("fr", ("Options", "Lectures arrêtées", "Retirée", "Sources")),
        ("pl", ("Przełączniki", "Ustalone interpretacje", "Wycofane", "Źródła")),
        ("nl", ("Schakelaars", "Vaste lezingen", "Vervallen", "Bronnen")),
    ],
)
def test_the_command_lists_every_id_in_each_language(
    lang: str, words: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["interpretations", "--lang", lang]) == 0
    out = capsys.readouterr().out
    for word in words:
        assert word in out
    for info in INTERPRETATION_INFO:
        assert f"  {info.id} " in out
    assert "--interpretation quarry_enclosure=eight|orthogonal" in out
    assert "--interpretation district_offer=4|3" in out
    if lang != "en":
        english = "PL rulebook: a closed space is surrounded on every side"
        assert english not in out


def test_the_command_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["interpretations", "--format", "json", "--lang", "fr"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["id"] for e in data["switch"]] == list(SPEC_SWITCHES)
    assert [e["id"] for e in data["settled"]] == list(SPEC_SETTLED)
    assert [e["id"] for e in data["retired"]] == ["I-4"]
    enclosure = data["switch"][0]
    assert enclosure["name"] == "quarry_enclosure"
    assert enclosure["default"] == "eight"
    assert [v["value"] for v in enclosure["values"]] == ["eight", "orthogonal"]
    assert enclosure["rules"] == ["R-3.3.D"]
    assert (
        enclosure["title"] == "Fermeture de la Carrière" or enclosure["title"] != "Quarry enclosure"
    )
    offer = data["switch"][3]
    assert offer["default"] == 4
    assert [v["value"] for v in offer["values"]] == [4, 3]
    assert "reason" in data["retired"][0]
