"""Grouped choices cover every legal move once; descriptions name what matters."""

from __future__ import annotations

import random

from hypothesis import given

from fertility_rules import (
    BuildDistrict,
    ChoiceGroup,
    ClaimQuarry,
    Game,
    GameState,
    Move,
    Phase,
    PlaceTile,
    SupplyShop,
    apply,
    choices,
    format_move,
    legal_moves,
    new_game,
    parse_move,
    render,
)
from fertility_rules.fertility.choices import summary
from fertility_rules.fertility.model import Resource
from fertility_rules.fertility.model.coordinates import square_name
from fertility_rules.i18n import Message
from tests.play.helpers import played

LANGUAGES = ("en", "fr", "pl", "nl")


def _texts(group: ChoiceGroup) -> list[Message]:
    """Every title and description in ``group``, at any depth."""
    found = [group.title]
    for item in group.items:
        found.extend(_texts(item) if isinstance(item, ChoiceGroup) else [item.description])
    return found


def _check_order(group: ChoiceGroup, legal: list[Move]) -> None:
    firsts = [i.options[0] if isinstance(i, ChoiceGroup) else i for i in group.items]
    assert _in_order([choice.move for choice in firsts], legal)
    for sub in group.groups:
        _check_order(sub, legal)


def _in_order(moves: list[Move], legal: list[Move]) -> bool:
    """``moves`` keep the relative order they have in ``legal``."""
    return [legal.index(move) for move in moves] == sorted(legal.index(move) for move in moves)


@given(played(80))
def test_groups_partition_the_legal_moves(game: Game) -> None:
    state = game.state
    legal = legal_moves(state)
    groups = choices(state)
    flat = [option.move for group in groups for option in group.options]
    # Every legal move exactly once, and nothing else.
    assert sorted(map(repr, flat)) == sorted(map(repr, legal))
    assert len(set(flat)) == len(flat)
    # At every level, groups and options come in the order legal_moves first lists them.
    assert _in_order([group.options[0].move for group in groups], legal)
    for group in groups:
        _check_order(group, legal)
    assert len({group.key for group in groups}) == len(groups)
    for group in groups:
        assert len({sub.key for sub in group.groups}) == len(group.groups)
        assert not (group.groups and len(group.groups) != len(group.items))  # never mixed
        for option in group.options:
            assert parse_move(option.notation, state) == option.move


def _check_levels(state: GameState, group: ChoiceGroup) -> None:
    width = state.config.layout.width
    first = group.options[0].move
    if isinstance(first, PlaceTile):
        # By tile, then by the two squares; under them, the ways round.
        assert group.key == first.tile
        assert group.groups
        assert len(group.groups) == len(group.items)
        for sub in group.groups:
            for option in sub.options:
                move = option.move
                assert isinstance(move, PlaceTile)
                assert move.tile == group.key
                low, high = sorted((move.first, move.second))
                assert sub.key == f"{square_name(low, width)} {square_name(high, width)}"
            assert len(sub.options) <= 2
    elif isinstance(first, BuildDistrict):
        # By District, then by spot (counted from 1); under a spot, the payments.
        assert group.key == first.district
        for sub in group.groups:
            for option in sub.options:
                move = option.move
                assert isinstance(move, BuildDistrict)
                assert move.district == group.key
                assert sub.key == str(move.spot + 1)
                assert f"{move.spot + 1}" in render(option.description, "en")
        assert len(group.groups) == len(group.items)
    elif isinstance(first, SupplyShop):
        # By token, then the Shop: the options themselves, one per Shop.
        assert group.key == first.resource.key
        assert not group.groups
        shops = []
        for option in group.options:
            move = option.move
            assert isinstance(move, SupplyShop)
            assert move.resource is first.resource
            assert render(option.description, "en").startswith(f"Shop {move.shop + 1}:")
            shops.append(move.shop)
        assert len(set(shops)) == len(shops)
    elif isinstance(first, ClaimQuarry):
        assert group.key == square_name(first.square, width)
        assert all(
            isinstance(o.move, ClaimQuarry) and o.move.square == first.square for o in group.options
        )
    else:
        keywords = {"discard", "skip", "end", "take", "remove"}
        assert group.key in keywords | {r.key for r in Resource}
        assert all(o.notation.split()[0] == first_word(first, state) for o in group.options)


def first_word(move: Move, state: GameState) -> str:
    return format_move(move, state).split()[0]


@given(played(80))
def test_each_level_is_keyed_by_what_a_person_chooses_there(game: Game) -> None:
    state = game.state
    for group in choices(state):
        _check_levels(state, group)
        move = group.options[0].move
        if isinstance(move, PlaceTile):
            scenes = state.config.tiles[move.tile].scenes
            for language in LANGUAGES:
                title = render(group.title, language)
                assert all(render(s.label, language) in title for s in scenes)
                for sub in group.groups:
                    assert all(name in render(sub.title, language) for name in sub.key.split())
        if isinstance(move, BuildDistrict):
            for language in LANGUAGES:
                for sub in group.groups:
                    assert sub.key in render(sub.title, language)


@given(played(80))
def test_every_title_and_description_is_translated(game: Game) -> None:
    for group in choices(game.state):
        for text in _texts(group):
            english = render(text, "en")
            assert "{" not in english
            for language in LANGUAGES[1:]:
                translated = render(text, language)
                assert "{" not in translated
                assert translated != english, (language, english)


@given(played(80))
def test_summary_names_every_player_and_the_pools(game: Game) -> None:
    state = game.state
    for language in LANGUAGES:
        text = summary(state, language)
        for player in state.players:
            assert player.name in text
        assert str(state.turn) in text.splitlines()[0]
        for district in state.offer:
            assert district in text
        assert str(len(state.pile)) in text.splitlines()[-1]
        assert "{" not in text


def test_every_kind_of_decision_is_grouped_and_translated() -> None:
    # Random games reach a Quarry or an immediate resource only now and then: seeded
    # games are played until every decision has been met once, then checked as above.
    met: set[Phase] = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = new_game(["A", "B"], seed, variant=seed % 2 == 0)
        while not state.is_over and len(met) < len(Phase) - 1:
            if state.phase not in met:
                met.add(state.phase)
                for group in choices(state):
                    _check_levels(state, group)
                    for text in _texts(group):
                        english = render(text, "en")
                        assert all(render(text, lang) != english for lang in LANGUAGES[1:])
            state = apply(state, rng.choice(legal_moves(state)))
    assert met == set(Phase) - {Phase.OVER}
