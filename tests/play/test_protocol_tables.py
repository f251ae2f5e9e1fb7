"""What a table server asks of a game through the protocol: who decides, which moves
show something hidden (and so cannot be taken back), and the grouped choices."""

from __future__ import annotations

import itertools

import fertility_rules as fr
from fertility_rules.games import find_game

RULES = find_game("fertility")


def _greedy_states(seed: int) -> list[fr.GameState]:
    players = ["Amunet", "Bek", "Chione"]
    played = fr.play_game(players, [fr.GreedyAgent(seed + i) for i in range(3)], seed)
    return list(fr.Game.from_record(played.record).states())


def test_a_move_reveals_exactly_when_something_unseen_comes_into_sight() -> None:
    """R-9.2: the pile's and deck's contents are hidden; a move reveals when a tile or a
    District leaves the unseen lists of the view (a draw), and only then."""
    states = _greedy_states(4)
    revealing = 0
    for before, after in itertools.pairwise(states):
        seen_before, seen_after = fr.observe(before), fr.observe(after)
        drew = (
            seen_before.unseen_tiles != seen_after.unseen_tiles
            or seen_before.unseen_districts != seen_after.unseen_districts
        )
        assert RULES.reveals is not None
        assert RULES.reveals(before, after) is drew
        revealing += drew
    assert 0 < revealing < len(states) - 1


def test_the_grouped_choices_offer_every_legal_move_once() -> None:
    assert RULES.texts.choices is not None
    for state in _greedy_states(9)[:40]:
        view = fr.observe(state)
        offered = [o.move for group in RULES.texts.choices(view) for o in group.options]
        assert sorted(map(repr, offered)) == sorted(map(repr, RULES.legal_moves(view)))


def test_the_rules_a_server_names_are_rules_of_the_specification() -> None:
    import re

    for rule in (RULES.turn_rule, RULES.hidden_rule):
        assert rule is not None
        assert re.fullmatch(RULES.rule_id, rule)
