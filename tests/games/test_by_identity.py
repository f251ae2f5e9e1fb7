"""The memo both games' referees and encoders keep by identity
(:class:`fertility_rules.shared.values.ByIdentity`): a value is found for the very object
it was kept for (and the same part), never for an equal one nor for a later object that
could take a forgotten one's identity."""

from __future__ import annotations

import gc

from fertility_rules.shared.values import ByIdentity


def test_a_value_is_found_for_the_very_object_only() -> None:
    memo: ByIdentity[tuple[int, ...], str] = ByIdentity(8)
    kept = tuple(range(40))
    equal = tuple(range(40))
    assert kept == equal
    assert kept is not equal
    assert memo.keep(kept, "made") == "made"
    assert memo.get(kept) == "made"
    assert memo.get(equal) is None


def test_each_part_is_kept_apart_and_compared_by_equality() -> None:
    memo: ByIdentity[tuple[int, ...], str] = ByIdentity(8)
    layout = tuple(range(40))
    memo.keep(layout, "one level", 1)
    memo.keep(layout, "every level", None)
    memo.keep(layout, "connected", (2, True))
    assert memo.get(layout, 1) == "one level"
    assert memo.get(layout) == "every level"
    assert memo.get(layout, (2, True)) == "connected"  # an equal tuple, made anew
    assert memo.get(layout, 2) is None
    assert memo.get(layout, (2, False)) is None


def test_everything_is_forgotten_when_full() -> None:
    memo: ByIdentity[tuple[int, ...], int] = ByIdentity(3)
    keys = [tuple(range(n, n + 30)) for n in range(4)]
    for number, key in enumerate(keys[:3]):
        memo.keep(key, number)
    assert [memo.get(key) for key in keys[:3]] == [0, 1, 2]
    memo.keep(keys[3], 3)
    assert [memo.get(key) for key in keys] == [None, None, None, 3]


def test_an_object_kept_keeps_its_identity_from_later_objects() -> None:
    # The memo keeps each object alive, so no object made later can take its identity;
    # without that, CPython would hand a new object the freed one's address at once.
    memo: ByIdentity[list[int], str] = ByIdentity(10_000)
    for number in range(2_000):
        memo.keep([number], f"value of [{number}]")
    gc.collect()
    later = [[number] for number in range(2_000)]
    assert all(memo.get(value) is None for value in later)
    assert all(memo.get(value, "part") is None for value in later)


def test_the_entries_give_a_value_by_identity_as_get_does() -> None:
    memo: ByIdentity[tuple[int, ...], str] = ByIdentity(8)
    kept = tuple(range(40))
    memo.keep(kept, "plain")
    memo.keep(kept, "with a part", 3)
    assert memo.entries.get(id(kept)) == "plain"
    assert memo.entries.get((id(kept), 3)) == "with a part"
    assert memo.entries.get(id(tuple(range(40)))) is None
