"""The shared sequences of a state behave as the tuples they replace."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.shared.sequences import Chain, Rest, replace_at

_ITEMS = st.lists(st.text(max_size=3), max_size=30)


@given(_ITEMS)
def test_a_chain_is_the_tuple_of_what_was_added(items: list[str]) -> None:
    chain: Chain[str] = Chain.of(())
    for item in items:
        before = chain
        chain = chain.plus(item)
        assert len(before) == len(chain) - 1  # the earlier chain is unchanged
    assert chain == tuple(items) == Chain.of(items)
    assert tuple(items) == chain
    assert hash(chain) == hash(tuple(items))
    assert list(chain) == items
    assert list(reversed(chain)) == items[::-1]
    assert chain[1:] == tuple(items[1:])
    assert chain + ("x",) == (*items, "x")  # noqa: RUF005 (the operator is tested)
    assert ("x",) + chain == ("x", *items)  # noqa: RUF005
    assert pickle.loads(pickle.dumps(chain)) == chain
    assert copy.deepcopy(chain) == chain
    if items:
        assert chain[-1] == items[-1]
        assert items[0] in chain
        assert chain.index(items[0]) == items.index(items[0])
        assert chain.count(items[0]) == items.count(items[0])


@given(_ITEMS, st.lists(st.integers(-2, 5), max_size=8))
def test_a_pile_draws_from_the_top(items: list[str], draws: list[int]) -> None:
    pile: Rest[str] = Rest(items)
    left = list(items)
    for count in draws:
        drawn, after = pile.draw(count)
        taken = max(0, count)
        assert drawn == tuple(left[:taken])
        left = left[taken:]
        assert after == tuple(left)
        assert len(after) == len(left)
        assert pile == tuple(items[len(items) - len(pile) :])  # the pile drawn from is unchanged
        pile = after
    assert pile == Rest(left)
    assert hash(pile) == hash(tuple(left))
    assert pile[:2] == tuple(left[:2])
    assert pickle.loads(pickle.dumps(pile)) == pile
    assert Rest(pile) is pile


def test_equality_is_by_items_only() -> None:
    assert Rest(("a", "b", "c")).draw(1)[1] == Rest(("b", "c"))
    assert Chain.of(("a", "b")) == Rest(("a", "b"))
    assert Chain.of(("a", "b")) != ("b", "a")
    assert Rest(("a",)) != ["a"]  # a list is not a tuple


@pytest.mark.parametrize("value", [Chain.of(("a",)), Rest(("a", "b")).draw(1)[1]])
@pytest.mark.parametrize("name", ["_before", "_last", "_length", "_items", "_start", "other"])
def test_no_slot_can_be_changed(value: object, name: str) -> None:
    with pytest.raises(AttributeError):
        setattr(value, name, None)


@given(_ITEMS, st.integers(min_value=0, max_value=29), st.text(max_size=3))
def test_replace_at_gives_a_new_tuple_with_one_item_changed(
    items: list[str], index: int, item: str
) -> None:
    if index >= len(items):
        return
    before = tuple(items)
    after = replace_at(before, index, item)
    assert before == tuple(items)
    expected = list(items)
    expected[index] = item
    assert after == tuple(expected)
    assert type(after) is tuple
