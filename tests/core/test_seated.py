"""The player whose decision it is, as every game's states and views read it
(:class:`fertility_rules.shared.seats.Seated`), on a table of neither game."""

from __future__ import annotations

from attrs import frozen

from fertility_rules import ankhor
from fertility_rules.shared.seats import Seated


@frozen
class _Table(Seated[str]):
    players: tuple[str, ...]
    current: int


def test_the_player_is_the_current_one_of_the_players() -> None:
    table = _Table(("Amunet", "Bek", "Chione"), 1)
    assert table.player == "Bek"
    assert _Table(table.players, 2).player == "Chione"


def test_a_seated_value_keeps_its_slots() -> None:
    assert not hasattr(_Table(("Amunet",), 0), "__dict__")
    state = ankhor.new_game(["Amunet", "Bek"], seed=3)
    assert not hasattr(state, "__dict__")
    assert not hasattr(ankhor.observe(state), "__dict__")
    assert state.player is state.players[state.current]
