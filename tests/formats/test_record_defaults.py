"""A game record read as its schema describes it: the fields the schema leaves out."""

from __future__ import annotations

import json

import pytest

from fertility_rules import Game, dump_record, read_record


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_record_without_its_catalogue_is_read_with_the_default_catalogue(game: str) -> None:
    # Neither game's record schema requires "catalogue"; the writer writes "default" for
    # the library's own catalogue, so leaving it out means the same record.
    played = Game.new(["Amunet", "Bek"], seed=4, game=game)
    for _ in range(6):
        played = played.play(played.game.legal_moves(played.state)[0])
    document = json.loads(json.dumps(dump_record(played.record)))
    assert document["catalogue"] == "default"
    del document["catalogue"]
    assert read_record(document) == played.record
