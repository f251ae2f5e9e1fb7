"""Positions and states of Ankh'or built from small pictures, for hand-computed tests.

A layout is drawn as rows of two-letter tiles, family then kind, as on the text board:
``Gj`` a green jackal, ``Wv`` a white value tile; ``.`` is an empty space. Each tile is
taken once from the default catalogue, so a drawing can use a tile only as often as the
box holds it (two jackals per family...).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from attrs import evolve

from fertility_rules import ankhor
from fertility_rules.ankhor.interpretations import HigherNeighbours
from fertility_rules.ankhor.model import Colour, Kind, Placed, Tile, Tokens
from fertility_rules.ankhor.scoring import FinalPosition, PlayerPosition
from fertility_rules.ankhor.state import GameState, PlayerState
from fertility_rules.shared.sequences import Rest

COLOUR_LETTERS = {"B": Colour.BLUE, "W": Colour.WHITE, "K": Colour.BLACK}
COLOUR_LETTERS.update({"G": Colour.GREEN, "R": Colour.RED})
KIND_LETTERS = {"j": Kind.JACKAL, "f": Kind.FALCON, "b": Kind.BEETLE, "v": Kind.VALUE}
KIND_LETTERS.update({"w": Kind.WAREHOUSE, "s": Kind.SCRIBE, "d": Kind.DESERT})


class Box:
    """The tiles of a catalogue (the default one unless given), each handed out once."""

    def __init__(self, catalogue: ankhor.Catalogue | None = None) -> None:
        self.left = list((catalogue or ankhor.default_catalogue()).tiles)

    def take(self, code: str) -> Tile:
        colour, kind = COLOUR_LETTERS[code[0]], KIND_LETTERS[code[1]]
        for tile in self.left:
            if tile.colour is colour and tile.kind is kind:
                self.left.remove(tile)
                return tile
        raise AssertionError(f"no {code} tile left in the box")


def layout(box: Box, *levels: str | tuple[int, int, str]) -> tuple[Placed, ...]:
    """A layout: the first drawing is the base, its top left corner at (0, 0); each
    further one is ``(x, y, drawing)`` of the next level, its top left corner at ``x, y``."""
    placed: list[Placed] = []
    for level, drawing in enumerate(levels):
        left, top, rows = (0, 0, drawing) if isinstance(drawing, str) else drawing
        for y, row in enumerate(rows.strip().splitlines()):
            for x, code in enumerate(row.split()):
                if code != ".":
                    placed.append(Placed(box.take(code), level, left + x, top + y))
    return tuple(sorted(placed, key=lambda p: p.position))


def tokens(text: str = "") -> Tokens:
    """Token counts from notation letters: ``bba`` is two blue and one ankh."""
    letters = "bwkgra"
    counts = [text.count(letter) for letter in letters]
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def final(
    *players: tuple[str, tuple[Placed, ...], Tokens, int],
    higher_neighbours: HigherNeighbours = HigherNeighbours.SAME_LEVEL,
) -> FinalPosition:
    """A final position: (name, layout, tokens left, bonus tokens) per player."""
    return FinalPosition(
        tuple(PlayerPosition(name, tiles, left, bonus) for name, tiles, left, bonus in players),
        3,
        higher_neighbours,
    )


def table(
    layouts: Sequence[tuple[Placed, ...]],
    hands: Sequence[Tokens] = (),
    *,
    stored: Mapping[int, Iterable[tuple[int, int, int]]] | None = None,
    bonus: Sequence[int] = (),
    interpretations: ankhor.Interpretations | None = None,
    catalogue: ankhor.Catalogue | None = None,
    seed: int = 0,
    **changes: Any,
) -> GameState:
    """A game of ``len(layouts)`` players at the start of the turn of the first, who is the
    start player, each with
    the tiles drawn, the tokens in hand and the stored warehouses given (taken from the
    supply, the piles and the offer, so that every count still adds up)."""
    names = ["Amunet", "Bek", "Chione", "Djed"][: len(layouts)]
    state = ankhor.new_game(names, seed=seed, interpretations=interpretations, catalogue=catalogue)
    used = {p.tile.id for tiles in layouts for p in tiles}
    rest = [t for t in (*state.piles[0], *state.piles[1]) if t.id not in used]
    offer = [t for t in state.offer if t is not None and t.id not in used]
    while len(offer) < len(state.offer):
        offer.append(rest.pop(0))
    half = (len(rest) + 1) // 2
    supply = list(state.supply)
    players = []
    for number, tiles in enumerate(layouts):
        hand = hands[number] if number < len(hands) else (0, 0, 0, 0, 0, 0)
        kept = tuple(sorted(stored.get(number, ()) if stored else ()))
        colours = {p.position: p.tile.colour for p in tiles}
        for kind, n in enumerate(hand):
            supply[kind] -= n
        for position in kept:
            supply[colours[position]] -= 1
        players.append(
            PlayerState(
                names[number],
                tiles,
                hand,
                kept,
                bonus[number] if number < len(bonus) else 0,
            )
        )
    assert min(supply) >= 0, "the supply cannot give these tokens"
    built = evolve(
        state,
        players=tuple(players),
        supply=(supply[0], supply[1], supply[2], supply[3], supply[4], supply[5]),
        reserve=state.reserve - sum(bonus),
        offer=tuple(offer),
        piles=(Rest(rest[:half]), Rest(rest[half:])),
        config=evolve(state.config, first=0),
        current=0,
    )
    return evolve(built, **changes) if changes else built
