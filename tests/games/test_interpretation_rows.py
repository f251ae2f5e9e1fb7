"""A game's interpretations are rows of its rule texts file, checked when the game loads.

The loader is shared: it is tested here once on a small made-up game, and every game of
the library is checked to give each switch of its interpretations value one row, with a
name for each value.
"""

from __future__ import annotations

import enum
import io
import tomllib
from typing import Any

import attrs
import pytest
from attrs import field, frozen

from fertility_rules.errors import MalformedInputError
from fertility_rules.games import GAMES, GameInfo, find_game
from fertility_rules.i18n.extract import extract_rule_texts
from fertility_rules.i18n.message import _
from fertility_rules.shared.interpretations import (
    InterpretationKind,
    interpretations_from_data,
)
from fertility_rules.shared.rule_texts import RuleText


class Bonus(enum.Enum):
    FIVE = 5
    NONE = "none"


class Order(enum.Enum):
    CLOCKWISE = "clockwise"
    ANTICLOCKWISE = "anticlockwise"


@frozen
class Switches:
    bonus: Bonus = field(default=Bonus.FIVE)
    order: Order = field(default=Order.CLOCKWISE)


def enum_values(member: enum.Enum) -> list[enum.Enum]:
    """Every value of the switch whose value ``member`` is."""
    return list(type(member))


def _text(rule_id: str) -> RuleText:
    return RuleText(rule_id, _("Title of {id}", id=rule_id), _("Text"))


FILE = """
[[rule]]
id = "P-1"
title = "Cards"
text = "Twelve cards."

[[rule]]
id = "PQ-1"
title = "Pair bonus"
text = "Question."
kind = "switch"
rules = ["P-1"]
sources = ["the rulebook: five points a pair"]
field = "bonus"
labels = { "5" = "5 points", "none" = "nothing" }

[[rule]]
id = "PQ-2"
title = "Order"
text = "Question."
kind = "switch"
rules = ["P-1", "PQ-1"]
sources = ["the rulebook: clockwise", "a later printing: silent"]
field = "order"
labels = { clockwise = "clockwise", anticlockwise = "anticlockwise" }

[[rule]]
id = "PQ-3"
title = "Ties"
text = "Question."
kind = "settled"
rules = ["P-1"]
sources = ["the rulebook: shared victory"]
former = ["ties", "shared"]
reading = "tied players share the victory"
reason = "the rulebook says so"
"""


def _data() -> dict[str, Any]:
    return tomllib.loads(FILE)


def test_the_rows_with_a_kind_are_the_interpretations_in_file_order() -> None:
    infos, labels = interpretations_from_data(_data(), Switches, _text, "rules.toml")
    assert [info.id for info in infos] == ["PQ-1", "PQ-2", "PQ-3"]
    first, second, settled = infos
    assert first.kind is InterpretationKind.SWITCH
    assert first.field == "bonus"
    assert second.rules == ("P-1", "PQ-1")
    assert second.sources == (_("the rulebook: clockwise"), _("a later printing: silent"))
    assert settled.kind is InterpretationKind.SETTLED
    assert settled.field is None
    assert settled.former == ("ties", "shared")
    assert settled.reading == _("tied players share the victory")
    assert settled.reason == _("the rulebook says so")
    assert settled.title == _("Title of {id}", id="PQ-3")  # the game's own rule text
    assert labels == {
        Bonus.FIVE: _("5 points"),
        Bonus.NONE: _("nothing"),
        Order.CLOCKWISE: _("clockwise"),
        Order.ANTICLOCKWISE: _("anticlockwise"),
    }


def _problems(change: dict[str, Any], index: int = 1) -> list[str]:
    data = _data()
    data["rule"][index].update(change)
    with pytest.raises(MalformedInputError) as error:
        interpretations_from_data(data, Switches, _text, "rules.toml")
    assert error.value.source == "rules.toml"
    return [problem.path for problem in error.value.problems]


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"colour": "red"}, "$.rule[1].colour"),
        ({"kind": "optional"}, "$.rule[1].kind"),
        ({"kind": ["switch"]}, "$.rule[1].kind"),
        ({"rules": ["P-9"]}, "$.rule[1].rules"),
        ({"rules": [["P-1"]]}, "$.rule[1].rules"),
        ({"rules": []}, "$.rule[1].rules"),
        ({"sources": []}, "$.rule[1].sources"),
        ({"sources": [""]}, "$.rule[1].sources"),
        ({"reading": 3}, "$.rule[1].reading"),
        ({"former": ["ties"]}, "$.rule[1].former"),
        ({"field": "colour"}, "$.rule[1].field"),
        ({"field": "order"}, "$.rule[2].field"),  # named twice: the second row is refused
        ({"labels": {"5": "5 points"}}, "$.rule[1].labels"),
        ({"labels": {"5": "5 points", "none": "nothing", "ten": "10"}}, "$.rule[1].labels"),
        ({"labels": {"5": "", "none": "nothing"}}, "$.rule[1].labels"),
    ],
)
def test_a_wrong_row_is_refused_naming_its_path(change: dict[str, Any], path: str) -> None:
    assert path in _problems(change)


def test_only_a_switch_has_a_field_and_labels() -> None:
    paths = _problems({"field": "bonus", "labels": {"5": "5"}}, index=3)
    assert paths == ["$.rule[3].field", "$.rule[3].labels"]


def test_a_field_no_switch_names_is_refused_and_every_problem_is_listed() -> None:
    data = _data()
    del data["rule"][2]["kind"]  # PQ-2 is no longer an interpretation
    data["rule"][1]["sources"] = "the rulebook"
    with pytest.raises(MalformedInputError) as error:
        interpretations_from_data(data, Switches, _text, "rules.toml")
    assert [problem.path for problem in error.value.problems] == ["$.rule[1].sources", "$.rule"]
    assert "'order'" in str(error.value)


def test_the_texts_of_a_row_are_extracted_for_translation_without_context() -> None:
    found = list(extract_rule_texts(io.BytesIO(FILE.encode()), {}, (), {}))
    plain = {message for _line, function, message, _comments in found if function is None}
    assert plain == {
        "the rulebook: five points a pair",
        "5 points",
        "nothing",
        "the rulebook: clockwise",
        "a later printing: silent",
        "clockwise",
        "anticlockwise",
        "the rulebook: shared victory",
        "tied players share the victory",
        "the rulebook says so",
    }
    titles = {message for _line, function, message, _comments in found if function}
    assert ("PQ-1", "Pair bonus") in titles


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_every_switch_of_every_game_has_one_row_and_a_name_for_each_value(info: GameInfo) -> None:
    rules = find_game(info.name)
    default = rules.new_interpretations()
    switches = [item.field for item in rules.interpretations if item.field is not None]
    assert sorted(switches) == sorted(f.name for f in attrs.fields(type(default)))
    values = [value for name in switches for value in enum_values(getattr(default, name))]
    assert set(rules.option_labels) == set(values)
    assert all(rules.option_labels[value].msgid for value in values)
