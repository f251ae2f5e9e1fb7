"""A game's converters (:class:`~fertility_rules.formats.base.FormatHooks`): made once for
each key and each set of builders, made again after a new registration, the shared
strict converter left as it is by every game; and the enums a game reads by key."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Any

import pytest
from attrs import frozen
from cattrs import Converter

from fertility_rules.ankhor.formats import converter as ankhor_converter
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.formats import converter as fertility_converter
from fertility_rules.formats.base import FormatHooks, enum_hook, strict_converter, structure
from fertility_rules.shared.provenance import Provenance


@frozen
class _Point:
    x: int


def _made(key: str) -> Converter:
    converter = strict_converter().copy()
    converter.register_unstructure_hook(_Point, lambda point: {key: point.x})
    return converter


def test_a_converter_is_made_once_for_each_key_and_again_after_a_registration() -> None:
    hooks = FormatHooks(_made)
    first = hooks.converter("a")
    assert hooks.converter("a") is first
    assert hooks.converter("b") is not first
    assert hooks.converter("b").unstructure(_Point(1)) == {"b": 1}
    hooks.register(lambda converter: None)
    assert hooks.converter("a") is not first


def test_the_copies_with_builders_are_kept_for_the_same_builders_only() -> None:
    hooks = FormatHooks()

    def build(converter: Converter, value: Any) -> _Point:
        return _Point(len(value))

    builders = {_Point: build}
    copy = hooks.with_builders(builders)
    assert hooks.with_builders(builders) is copy
    assert copy.structure("abc", _Point) == _Point(3)
    assert hooks.with_builders({_Point: lambda converter, value: _Point(0)}) is not copy
    hooks.cache_clear()
    assert hooks.with_builders(builders) is not copy


def test_fertility_keeps_one_converter_per_registry_and_clears_them_cold() -> None:
    other = EffectRegistry(DEFAULT_REGISTRY.kinds[:-1])
    default = fertility_converter.converter_for()
    assert fertility_converter.converter_for() is default
    given = fertility_converter.converter_for(DEFAULT_REGISTRY)
    assert fertility_converter.converter_for(DEFAULT_REGISTRY) is given
    assert fertility_converter.converter_for(other) not in (default, given)
    fertility_converter._FORMAT_HOOKS.cache_clear()  # what a cold benchmark run calls
    assert fertility_converter.converter_for() is not default


def test_an_unknown_provenance_is_named_by_the_shared_converter_for_every_game() -> None:
    ankhor_converter.converter_for()  # a game's converter made first changes nothing
    readers: tuple[Callable[[object, type[Provenance]], Provenance], ...] = (
        structure,
        fertility_converter.structure,
        ankhor_converter.structure,
    )
    for read in readers:
        with pytest.raises(MalformedInputError) as error:
            read("invented", Provenance)
        (problem,) = error.value.problems
        assert str(problem.message).startswith("unknown provenance 'invented'; expected one of")
        assert problem.rule is None


class _Suit(enum.Enum):
    HEARTS = 1
    SPADES = 2


def test_an_enum_read_by_its_keys_alone_refuses_what_is_not_a_string() -> None:
    keys: dict[object, enum.Enum] = {"hearts": _Suit.HEARTS, "spades": _Suit.SPADES}
    strict = enum_hook(_Suit, keys, rule="X-1", strings_only=True)
    loose = enum_hook(_Suit, keys, rule="X-1")
    assert strict("hearts", _Suit) is _Suit.HEARTS
    for hook, value, expected in (
        (strict, 4.0, ("expected a string, found number", None)),
        (loose, 4.0, ("unknown value 4; expected one of: hearts, spades", "X-1")),
        (strict, "clubs", ("unknown value 'clubs'; expected one of: hearts, spades", "X-1")),
    ):
        with pytest.raises(MalformedInputError) as error:
            hook(value, _Suit)
        (problem,) = error.value.problems
        assert (str(problem.message), problem.rule) == expected
