"""What every game's state and its views share: the players in turn order and the one
whose decision it is."""

from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["Seated"]

P = TypeVar("P")


class Seated(Generic[P]):
    """A state or a view of one: ``players`` in turn order, ``current`` the index of the
    player who decides (a mixin of the game's attrs classes, which hold both)."""

    __slots__ = ()

    players: tuple[P, ...]
    current: int

    @property
    def player(self) -> P:
        """The player whose decision it is."""
        return self.players[self.current]
