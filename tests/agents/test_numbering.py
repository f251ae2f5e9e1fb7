"""Action sections numbered by terms (``Numbering``): a move's offset is the sum of what
each term maps its attributes to, in pure Python and in the compiled loop alike, and
anything out of the ordinary is the reference's error."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import pytest
from attrs import frozen
from hypothesis import given, settings
from hypothesis import strategies as st

from fertility_rules.encoding import speedups
from fertility_rules.encoding.spaces import ActionSection, ActionSpace, Numbering
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.encoding import action_space as fertility_space
from fertility_rules.fertility.model.resources import Resource
from fertility_rules.fertility.moves import BuildDistrict, PlaceTile, SupplyShop
from fertility_rules.fertility.rules.engine import legal_moves
from fertility_rules.fertility.setup import new_game


@frozen
class Lay:
    """A move of a made-up game: a card of a hand laid from one square to the next."""

    card: str
    first: int
    second: int


class Plain:
    """The same move as a plain class (its attributes in a dict, not in slots)."""

    def __init__(self, card: object, first: object, second: object) -> None:
        self.card, self.first, self.second = card, first, second


class Reckoned:
    """A move whose ``second`` is worked out (a property, read the generic way)."""

    def __init__(self, card: str, first: int) -> None:
        self.card, self.first = card, first

    @property
    def second(self) -> int:
        return self.first + 1


SQUARES = 6
SIZE = 3 * SQUARES * 2
"""Three cards in hand, six squares, two ways (right or down on a board 3 wide)."""


def _hand(table: tuple[str, ...]) -> tuple[dict[str, int]]:
    return ({card: i * SQUARES * 2 for i, card in enumerate(table)},)


def _numbering() -> Numbering[tuple[str, ...]]:
    ways = {
        (first, first + step): first * 2 + way
        for first in range(SQUARES)
        for step, way in ((1, 0), (3, 1))
    }
    return Numbering(((("card",), 0), (("first", "second"), ways)), _hand)


def _by_hand(move: Any, hand: tuple[str, ...]) -> int | None:
    """The action the test expects, worked out without the terms: None for none."""
    if move.card not in hand or not 0 <= move.first < SQUARES:
        return None
    way = {1: 0, 3: 1}.get(move.second - move.first)
    if way is None:
        return None
    found: int = hand.index(move.card) * SQUARES * 2 + move.first * 2 + way
    return found


def _space(kind: type, moves: list[Any]) -> ActionSpace[tuple[str, ...], Any]:
    section: ActionSection[tuple[str, ...], Any] = ActionSection(
        "lay", SIZE, "T-1", (kind,), _numbering()
    )
    return ActionSpace((section,), lambda table: moves)


_CARDS = st.sampled_from(["a", "b", "c", "d"])
_SQUARES = st.integers(-2, SQUARES + 3)


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from([Lay, Plain]),
    made=st.lists(st.tuples(_CARDS, _SQUARES, _SQUARES), min_size=1, max_size=12),
)
def test_terms_number_moves_as_worked_out_by_hand(kind: type, made: list[Any]) -> None:
    hand = ("b", "a", "c")
    moves = [kind(*parts) for parts in made]
    expected = [_by_hand(move, hand) for move in moves]
    space = _space(kind, moves)
    if None in expected:
        for legal in (space.legal, space.legal_reference):
            with pytest.raises(MalformedInputError, match="no action"):
                legal(hand)
        return
    listed = dict(zip(expected, moves, strict=True))
    assert space.legal(hand) == space.legal_reference(hand) == listed
    assert space.indices(moves, hand) == expected


def test_an_attribute_that_is_a_property_is_read_as_python_reads_it() -> None:
    moves = [Reckoned("a", 0), Reckoned("c", 4)]
    space = _space(Reckoned, moves)
    hand = ("a", "b", "c")
    expected = {0 * 12 + 0 * 2 + 0: moves[0], 2 * 12 + 4 * 2 + 0: moves[1]}
    assert space.legal(hand) == space.legal_reference(hand) == expected


def test_an_attribute_missing_or_unhashable_is_the_reference_s_error() -> None:
    @frozen
    class Short:
        card: str
        first: int

    missing = _space(Short, [Short("a", 1)])
    unhashable = _space(Plain, [Plain(["a"], 1, 2)])
    for space, error in ((missing, AttributeError), (unhashable, TypeError)):
        with pytest.raises(error):
            space.legal(("a",))
        with pytest.raises(error):
            space.legal_reference(("a",))


def test_an_error_of_the_tables_comes_through_the_compiled_loop() -> None:
    def broken(table: object) -> tuple[dict[str, int]]:
        raise LookupError("no hand at this table")

    section: ActionSection[Any, Any] = ActionSection(
        "lay", SIZE, "T-1", (Lay,), Numbering(((("card",), 0),), broken)
    )
    space = ActionSpace((section,), lambda table: [Lay("a", 0, 1)])
    for legal in (space.legal, space.legal_reference):
        with pytest.raises(LookupError, match="no hand"):
            legal(("a",))


def test_no_terms_number_every_move_0() -> None:
    only = Numbering[object](())
    assert only([Lay("a", 0, 1), Lay("b", 2, 3)], None) == [0, 0]


@pytest.mark.parametrize(
    "terms",
    [
        ((("card", "first"), 0),),  # several attributes from a table's mapping
        (((), {"a": 1}),),  # no attribute
        ((("not a name",), {"a": 1}),),
        ((("lambda",), {"a": 1}),),  # a keyword
        ((("card", "first"), {"a": 1}),),  # keys of two attributes are pairs
    ],
)
def test_a_term_that_cannot_be_read_is_refused_when_made(terms: Any) -> None:
    with pytest.raises(MalformedInputError, match=r"term|attributes|key") as refused:
        Numbering(terms)
    assert refused.value.problems[0].path.startswith("terms")


def test_the_terms_are_read_only_and_copied() -> None:
    values = {"a": 0, "b": 5}
    numbering = Numbering[object](((("card",), values),))
    values["c"] = 9
    kept = numbering.terms[0][1]
    assert isinstance(kept, MappingProxyType)
    assert dict(kept) == {"a": 0, "b": 5}
    with pytest.raises(TypeError):
        kept["c"] = 9  # type: ignore[index]
    assert numbering([Lay("b", 0, 0), Lay("c", 0, 0)], None) == [5, -(10**12)]


def test_fertility_actions_are_those_the_action_space_always_gave() -> None:
    # Three players: a board of 12 x 8 squares (96) and 3 pool places; 4
    # Districts in the offer, 7 spots of a Metropolis and 21 ways to pay (the catalogue's
    # order, paying nothing first); 25 Shops; the resources in their printed order.
    state = new_game(["A", "B", "C"], seed=5)
    space = fertility_space(3)
    starts = dict(zip((s.name for s in space.sections), space.starts, strict=True))
    pool = state.player.pool
    down = PlaceTile(pool[1], 13, 25)  # second pool tile, square 13, the square below
    assert space.index(down, state) == starts["place"] + 1 * 96 * 4 + 13 * 4 + 1
    left = PlaceTile(pool[0], 13, 12)  # the first pool tile, the square to the left
    assert space.index(left, state) == starts["place"] + 0 * 96 * 4 + 13 * 4 + 2
    supply = SupplyShop(Resource.GRAPES, 3)
    assert space.index(supply, state) == starts["supply"] + 3 * 25 + 3
    build = BuildDistrict(state.offer[2], 4, (0, 0, 0, 0), 0)
    assert space.index(build, state) == starts["build"] + (2 * 7 + 4) * 21 + 0
    legal = space.legal(state)
    assert list(legal.values()) == legal_moves(state)
    assert all(space.index(move, state) == action for action, move in legal.items())


@pytest.mark.skipif(not speedups.COMPILED, reason="the package was built without a compiler")
@pytest.mark.parametrize(
    "moves",
    [
        [Lay("a", 0, 1), Lay("c", 5, 8), Lay("b", 2, 3)],
        [Plain("a", 0, 1), Plain("c", 5, 8)],
        [Reckoned("b", 1), Reckoned("a", 3)],
    ],
)
def test_the_compiled_loop_numbers_the_terms_itself(moves: list[Any]) -> None:
    # The table's mappings are asked for once when the loop numbers the run itself, and
    # once more when it hands the run back to the terms' Python function.
    asked: list[object] = []

    def counted(table: tuple[str, ...]) -> tuple[dict[str, int]]:
        asked.append(table)
        return _hand(table)

    terms = _numbering().terms
    section: ActionSection[tuple[str, ...], Any] = ActionSection(
        "lay", SIZE, "T-1", (type(moves[0]),), Numbering(terms, counted)
    )
    space = ActionSpace((section,), lambda table: moves)
    hand = ("a", "b", "c")
    assert space.legal(hand) == {_by_hand(move, hand): move for move in moves}
    assert len(asked) == 1
