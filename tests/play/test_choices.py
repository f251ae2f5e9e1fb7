"""Grouped choices cover every legal move once; descriptions name what matters."""

from __future__ import annotations

from hypothesis import given

from fertility_rules import (
    BuildDistrict,
    Game,
    PlaceTile,
    SupplyShop,
    choices,
    legal_moves,
    parse_move,
    render,
    summary,
)
from tests.play.helpers import played

LANGUAGES = ("en", "fr", "pl", "nl")


@given(played(80))
def test_groups_partition_the_legal_moves(game: Game) -> None:
    state = game.state
    groups = choices(state)
    flat = [option.move for group in groups for option in group.options]
    assert flat == legal_moves(state)
    assert len({group.key for group in groups}) == len(groups)
    for group in groups:
        for option in group.options:
            assert parse_move(option.notation, state) == option.move
            move = option.move
            if isinstance(move, PlaceTile):
                assert group.key == move.tile
                scenes = state.config.tiles[move.tile].scenes
                for language in LANGUAGES:
                    title = render(group.title, language)
                    assert all(render(s.label, language) in title for s in scenes)
            elif isinstance(move, BuildDistrict):
                assert group.key == move.district
                assert f"{move.spot + 1}" in render(option.description, "en")
            elif isinstance(move, SupplyShop):
                assert group.key == move.resource.key
                assert render(option.description, "en").startswith(f"Shop {move.shop + 1}:")
        for language in LANGUAGES:
            assert "{" not in render(group.title, language)


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
