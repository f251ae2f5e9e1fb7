"""The adapters' compiled loops (``fertility_rules.encoding.speedups``) give what the
pure-Python ones give, move by move, and fall back to them on anything unusual.

``tests/benchmarks/speedups_agreement.py`` runs the same comparison over millions of
decisions, by hand."""

from __future__ import annotations

import os
import random
import shlex
import shutil
import subprocess
import sys
import sysconfig
from array import array
from typing import Any

import pytest
from attrs import evolve
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules.encoding import speedups
from fertility_rules.encoding.encoder import Encoder
from fertility_rules.encoding.environment import learning_game
from fertility_rules.encoding.spaces import (
    ActionSection,
    ActionSpace,
    FeatureLayout,
    float_array,
)
from fertility_rules.errors import MalformedInputError


def _compiler() -> bool:
    command = shlex.split(str(sysconfig.get_config_var("CC") or "cc"))
    return bool(command) and shutil.which(command[0]) is not None


def test_the_loops_are_compiled_where_the_package_was_built_with_a_compiler() -> None:
    wanted = _compiler() and os.environ.get("FERTILITY_RULES_PURE_PYTHON") != "1"
    assert speedups.COMPILED is wanted


def test_the_environment_variable_keeps_the_pure_python_loops() -> None:
    code = "from fertility_rules.encoding import speedups; print(speedups.COMPILED)"
    env = {**os.environ, "FERTILITY_RULES_PURE_PYTHON": "1"}
    shown = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, env=env
    )
    assert shown.stdout.strip() == "False"


def _decisions(game: str, players: int, seeds: range) -> int:
    """Random games in which, at every decision, the compiled loops (when built) and the
    reference give the same numbers and the same legal moves by action."""
    parts = learning_game(game)
    readings = parts.rules.new_interpretations()
    space = parts.action_space(players, False, None)
    layout = parts.features(players, False, None)
    checked = 0
    for seed in seeds:
        rng = random.Random(seed)
        state = parts.new_state(players, seed, False, readings)
        fast, slow = Encoder(layout, 2), Encoder(layout, 2, compiled=False)
        while not parts.is_over(state):
            assert bytes(fast.floats(state)) == bytes(slow.floats(state))
            assert fast.values(state) == slow.values_reference(state)
            assert fast.values(state, 2) == slow.values_reference(state, 2)
            legal = space.legal(state)
            reference = space.legal_reference(state)
            assert list(legal.items()) == list(reference.items())
            state = parts.apply(state, rng.choice(list(legal.values())))
            checked += 1
    return checked


@pytest.mark.parametrize(("game", "players"), [("fertility", 2), ("fertility", 4), ("ankhor", 3)])
def test_compiled_and_pure_python_loops_agree_move_by_move(game: str, players: int) -> None:
    assert _decisions(game, players, range(8)) > 500


def _space(offsets: Any) -> ActionSpace[Any, Any]:
    section: ActionSection[Any, Any] = ActionSection("ints", 5, "R-0", (int,), offsets)
    return ActionSpace((section,), lambda table: [1, 2, 3])


def test_an_offset_outside_its_section_is_the_reference_s_error() -> None:
    space = _space(lambda moves, table: [0, 9, 1])
    with pytest.raises(MalformedInputError) as compiled:
        space.legal(None)
    with pytest.raises(MalformedInputError) as reference:
        space.legal_reference(None)
    assert str(compiled.value) == str(reference.value)
    assert "2" in str(compiled.value)  # the move numbered 9


def test_a_move_of_a_subclass_is_numbered_by_its_parent_s_section() -> None:
    class Small(int):
        pass

    section: ActionSection[Any, Any] = ActionSection(
        "ints", 5, "R-0", (int,), lambda moves, table: [int(m) for m in moves]
    )
    space = ActionSpace((section,), lambda table: [Small(1), Small(3)])
    assert space.legal(None) == space.legal_reference(None) == {1: Small(1), 3: Small(3)}


def test_a_section_of_the_wrong_size_is_the_reference_s_error() -> None:
    parts = learning_game("ankhor")
    layout = parts.features(2, False, None)
    first = layout.sections[0]
    broken = FeatureLayout((evolve(first, encode=lambda table: [0.0]), *layout.sections[1:]))
    state = parts.new_state(2, 1, False, parts.rules.new_interpretations())
    for compiled in (True, False):
        with pytest.raises(MalformedInputError, match="this section has"):
            Encoder(broken, compiled=compiled).floats(state)
        with pytest.raises(MalformedInputError, match="this section has"):
            Encoder(broken, compiled=compiled).values(state)


@pytest.mark.parametrize(
    "numbers",
    [
        lambda size: (1.5,) * size,  # a tuple: made into floats as a list is
        lambda size: [0.1] * size,  # rounded to 32 bits
        lambda size: ["x"] * size,  # not numbers: the reference's error
        lambda size: iter([0.0] * size),  # no length: the reference's error
    ],
)
def test_a_section_s_numbers_of_any_kind_give_what_the_reference_gives(numbers: Any) -> None:
    parts = learning_game("ankhor")
    layout = parts.features(2, False, None)
    first = layout.sections[0]
    odd = FeatureLayout(
        (evolve(first, encode=lambda table: numbers(first.size)), *layout.sections[1:])
    )
    state = parts.new_state(2, 1, False, parts.rules.new_interpretations())
    found: list[object] = []
    for compiled in (True, False):
        encoder = Encoder(odd, compiled=compiled)
        try:
            found.append((bytes(encoder.floats(state)), encoder.values(state)))
        except (TypeError, MalformedInputError) as error:
            found.append((type(error), str(error)))
    assert found[0] == found[1]


def test_the_list_of_numbers_is_the_layout_s_and_new_at_every_call() -> None:
    """OpenSpiel's tensors are these lists: a caller may change one without changing the
    next."""
    parts = learning_game("fertility")
    layout = parts.features(2, False, None)
    state = parts.new_state(2, 3, False, parts.rules.new_interpretations())
    fast, slow = Encoder(layout), Encoder(layout, compiled=False)
    assert fast.values(state) == slow.values(state) == [float(v) for v in layout.encode(state)]
    # the second call reuses every section's list: still the same numbers, a new list
    again = fast.values(state)
    assert again == slow.values(state)
    assert again is not fast.values(state)


@pytest.mark.parametrize("compiled", [True, False])
def test_the_mask_has_a_one_at_each_legal_action(
    compiled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not compiled:
        monkeypatch.setattr(speedups, "compiled", None)
    space = _space(lambda moves, table: [0, 1, 2])
    assert space.allowed({0: "a", 3: "b", 4: "c"}) == bytearray([1, 0, 0, 1, 1])
    assert space.allowed(()) == bytearray(5)
    with pytest.raises(IndexError):  # an action outside the space: the reference's error
        space.allowed([7])


class _Whole(int):
    """A whole number with a float of its own: the array type asks it, as must the loop."""

    def __float__(self) -> float:
        return 0.25


class _Real(float):
    """A float of a class of its own (as numpy's are): left to the array type."""


def _bytes_or_error(make: Any, numbers: Any) -> object:
    """The bytes of the 32-bit floats ``make(numbers)`` gives, or the kind of its error."""
    try:
        return make(numbers).tobytes()
    except (TypeError, OverflowError, ValueError) as error:
        return type(error)


_ODD_NUMBERS = [
    2**1024,  # too large for a float: the array type's OverflowError
    True,
    -0.0,
    float("inf"),
    float("nan"),
    1e39,  # beyond 32-bit floats: infinite, as the array type makes it
    1e-46,  # below their least: zero
    _Whole(3),
    _Real(0.1),
    "x",
    None,
]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.floats(width=64),
            st.integers(-(2**80), 2**80),
            st.booleans(),
            st.sampled_from(_ODD_NUMBERS),
        ),
        max_size=40,
    ),
    st.booleans(),
)
def test_numbers_are_made_32_bit_floats_as_the_array_type_makes_them(
    numbers: list[Any], as_tuple: bool
) -> None:
    """``float_array`` (compiled when built) gives the array type's floats, bit for bit,
    or its error: for floats, whole numbers, booleans and anything else."""
    given_numbers = tuple(numbers) if as_tuple else numbers
    expected = _bytes_or_error(lambda n: array("f", n), given_numbers)
    found = _bytes_or_error(float_array, given_numbers)
    assert found == expected
