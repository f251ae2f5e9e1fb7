"""JSON and TOML documents parsed within limits that fit the game; every problem has a path."""

from __future__ import annotations

import pytest

from fertility_rules.errors import MalformedInputError
from fertility_rules.formats import DEFAULT_LIMITS, Limits, parse_document
from fertility_rules.formats.limits import bound_problems
from fertility_rules.i18n.message import Message, _, render


def problems(
    text: str, toml: bool = False, limits: Limits = DEFAULT_LIMITS
) -> list[tuple[str, str]]:
    with pytest.raises(MalformedInputError) as caught:
        parse_document(text, toml, "doc", limits)
    return [(p.path, str(p.message)) for p in caught.value.problems]


@pytest.mark.parametrize("depth", [1000, 100_000])
@pytest.mark.parametrize("toml", [False, True])
def test_deep_nesting(depth: int, toml: bool) -> None:
    text = ("a = " if toml else "") + "[" * depth + "]" * depth
    ((path, message),) = problems(text, toml)
    assert path == "$"
    assert "deeper than 24 levels" in message


def test_nesting_within_the_parser_limit_is_reported_with_its_path() -> None:
    text = '{"a": [' + "[" * 30 + "]" * 30 + "]}"
    found = problems(text)
    assert found == [("$.a" + "[0]" * 24, "nested deeper than 24 levels")]


@pytest.mark.parametrize("toml", [False, True])
def test_huge_integers(toml: bool) -> None:
    digits = "9" * 5000  # beyond Python's 4,300-digit conversion limit
    ((path, message),) = problems(f"a = {digits}" if toml else f'{{"a": {digits}}}', toml)
    assert "more than 30 digits" in message
    assert path == ("$" if toml else "$.a")


def test_long_but_convertible_integers() -> None:
    assert problems('{"shop": ' + "9" * 40 + "}") == [
        ("$.shop", "an integer has more than 30 digits")
    ]
    assert problems("shop = " + "9" * 40, toml=True) == [
        ("$.shop", "an integer has more than 30 digits")
    ]
    assert parse_document('{"seed": ' + "9" * 30 + "}", False) == {"seed": int("9" * 30)}


def test_duplicate_keys() -> None:
    assert problems('{"a": {"b": 1, "b": 2}}') == [("$.a.b", "the key 'b' is given twice")]
    ((_path, message),) = problems("b = 1\nb = 2\n", toml=True)
    assert "not valid TOML" in message


def test_lone_surrogates() -> None:
    assert problems('{"name": "\\ud800"}') == [
        ("$.name", "text that cannot be encoded (a lone surrogate)")
    ]
    assert problems('{"\\udfff": 1}') == [("$", "a key cannot be encoded (a lone surrogate)")]


def test_long_lists() -> None:
    text = '{"moves": [' + ",".join(["1"] * 11) + "]}"
    assert problems(text, limits=Limits(max_items=10)) == [
        ("$.moves", "more than 10 items, far beyond the game")
    ]


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_json_constants_are_not_numbers(constant: str) -> None:
    ((_path, message),) = problems(f'{{"a": {constant}}}')
    assert message == f"not valid JSON: {constant} is not a number"


def test_every_problem_at_once() -> None:
    text = '{"a": "\\ud800", "b": ' + "1" * 40 + ', "c": {"d": 1, "d": 2}}'
    assert [p for p, _m in problems(text)] == ["$.a", "$.b", "$.c.d"]


def test_rendering_a_huge_integer() -> None:
    assert render(_("{n} Debens", n=10**5000)) == "<5001 digits> Debens"
    assert render(_("{n} Debens", n=-(10**2000))) == "-<2001 digits> Debens"
    assert render(_("{n} Debens", n=10**999)) == f"{10**999} Debens"


@pytest.mark.parametrize("toml", [False, True])
def test_a_document_cannot_expand_into_millions_of_values(toml: bool) -> None:
    """Counted in the text, before any object is made: time and memory stay bounded."""
    items = "{}," * 200 if not toml else "[1],\n" * 200
    text = f"a = [{items}]" if toml else f"[{items}{{}}]"
    assert problems(text, toml, Limits(max_values=100)) == [
        ("$", "more than 100 values, far beyond the game")
    ]
    assert parse_document(text, toml, limits=Limits(max_values=1000))


def test_a_value_out_of_its_bounds_is_the_problem_a_schema_would_report() -> None:
    assert bound_problems("$.turn", 0, 0, 9) == []
    (below,) = bound_problems("$.turn", -1, 0, rule="R-2.7")
    assert (below.path, render(below.message), below.rule) == (
        "$.turn",
        "-1 is below the minimum 0",
        "R-2.7",
    )
    (above,) = bound_problems("spot", 7, 0, 6)
    assert (above.path, render(above.message), above.rule) == (
        "spot",
        "7 is above the maximum 6",
        None,
    )
    with pytest.raises(MalformedInputError) as error:
        Limits(max_depth=0)
    assert [(p.path, render(p.message)) for p in error.value.problems] == [
        ("Limits.max_depth", "0 is below the minimum 1")
    ]


@pytest.mark.parametrize(
    ("text", "reason", "where"),
    [
        ("a = [1,\n", "a value is expected", "(at the end of the document)"),
        ("a = [1 2]", "a list is not closed (or a comma is missing)", "(line 1, column 8)"),
        ("x = 1\ny = \n", "a value is expected", "(line 2, column 5)"),
        ('a = "x', "a text is not closed", "(at the end of the document)"),
        ('a = "\\q"', "a backslash escape that TOML does not have", "(line 1, column 8)"),
        ("[t]\n[t]", "a table is declared twice", "(line 2, column 3)"),
        ("[[t]\n", "a table header is not closed", "(line 1, column 4)"),
        ("a = 1 b", "a new line is expected after a value", "(line 1, column 7)"),
    ],
)
def test_what_python_says_of_a_toml_file_is_said_in_words_translated(
    text: str, reason: str, where: str
) -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_document(text, True, "bad.toml")
    (problem,) = caught.value.problems
    assert problem.path == "$"
    assert str(problem.message) == f"not valid TOML: {reason} {where}"
    # every word is the library's: a message of its own, never Python's English text
    error = problem.message.param_map()["error"]
    assert isinstance(error, Message)
    assert str(error) == reason
    assert "Invalid value" not in caught.value.render("fr")
    assert "bad.toml" in caught.value.render("fr")


def test_a_toml_reason_already_translated_is_said_in_the_asked_language() -> None:
    with pytest.raises(MalformedInputError) as caught:
        parse_document("a = [1,\n", True, "bad.toml")
    assert "une valeur est attendue" in caught.value.render("fr")
