"""The small reminders of the printed scoring page, drawn and scored by the library: groups
of 3, 2 and 1 animals (A-7.2), of 3, 2 and 1 tiles of a colour (A-7.3), and 3, 5 and 2
tokens left (A-7.4). Each case is a one-player final position scored by the scoring
pipeline; its picture shows what that step gives it."""

from __future__ import annotations

from collections.abc import Sequence

from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.layout import Layout
from fertility_rules.ankhor.model import NO_TOKENS, Colour, Kind, Placed, Tile, Token, Tokens
from fertility_rules.ankhor.scoring import (
    STAGES,
    FinalPosition,
    PlayerPosition,
    animal_group,
    colour_group,
    score,
)
from fertility_rules.ankhor.svg.cases import layout_cases, token_cases
from fertility_rules.ankhor.svg.table import points
from fertility_rules.document.example import Example
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, ngettext, render

__all__ = ["scoring_reminders", "take_tile"]

ANIMALS: tuple[tuple[Kind, tuple[Colour, ...]], ...] = (
    (Kind.JACKAL, (Colour.WHITE, Colour.RED, Colour.BLUE)),
    (Kind.FALCON, (Colour.GREEN, Colour.BLACK)),
    (Kind.BEETLE, (Colour.RED,)),
)
"""Animals side by side, each of another family than its neighbours: no colour group."""

COLOURS: tuple[tuple[Colour, tuple[Kind, ...]], ...] = (
    (Colour.RED, (Kind.DESERT, Kind.SCRIBE, Kind.WAREHOUSE)),
    (Colour.GREEN, (Kind.DESERT, Kind.VALUE)),
    (Colour.BLUE, (Kind.DESERT,)),
)
"""Tiles of a colour side by side, none of them an animal: no animal group."""

HANDS: tuple[dict[Token, int], ...] = (
    {Token.BLUE: 1, Token.WHITE: 1, Token.ANKH: 1},
    {Token.BLACK: 2, Token.GREEN: 2, Token.RED: 1},
    {Token.RED: 1, Token.ANKH: 1},
)
"""Tokens left of several kinds: 3, 5 and 2."""


def take_tile(tiles: list[Tile], colour: Colour, kind: Kind | None = None) -> Tile:
    """A tile of ``colour`` (and ``kind``) out of ``tiles``."""
    for tile in tiles:
        if tile.colour is colour and kind in (None, tile.kind):
            tiles.remove(tile)
            return tile
    raise LookupError(f"no {colour.key} tile left")  # pragma: no cover - A-1.2 is checked


def _row(tiles: list[Tile], pairs: Sequence[tuple[Colour, Kind]]) -> Layout:
    """Tiles side by side on the base, from the left."""
    return tuple(
        Placed(take_tile(tiles, colour, kind), 0, x, 0) for x, (colour, kind) in enumerate(pairs)
    )


def _step(rule: str, tiles: Layout = (), tokens: Tokens = NO_TOKENS) -> int:
    """What scoring step ``rule`` gives a player who ends with ``tiles`` and ``tokens``."""
    sheet = score(FinalPosition((PlayerPosition("", tiles, tokens),))).sheets[0]
    return sheet.stage_totals[STAGES.index(rule)]


def _hand(counts: dict[Token, int]) -> Tokens:
    return (
        counts.get(Token.BLUE, 0),
        counts.get(Token.WHITE, 0),
        counts.get(Token.BLACK, 0),
        counts.get(Token.GREEN, 0),
        counts.get(Token.RED, 0),
        counts.get(Token.ANKH, 0),
    )


def scoring_reminders(catalogue: Catalogue, lang: Language) -> list[Example]:
    """The three reminders, each under its rule."""
    tiles = list(catalogue.tiles)
    animals = [_row(tiles, [(c, kind) for c in colours]) for kind, colours in ANIMALS]
    tiles = list(catalogue.tiles)
    colours = [_row(tiles, [(colour, k) for k in kinds]) for colour, kinds in COLOURS]
    hands = [_hand(counts) for counts in HANDS]
    by_animals = [_step("A-7.2", row) for row in animals]
    by_colours = [_step("A-7.3", row) for row in colours]
    by_tokens = [_step("A-7.4", tokens=hand) for hand in hands]

    def labels(scores: Sequence[int]) -> list[str]:
        return [render(points(n), lang) for n in scores]

    animal_caption = _(
        "Animal groups, as the printed scoring page recalls them (A-7.2): a {first} "
        "scores {first_points}, a {second} {second_points}, and a lone {lone} "
        "{lone_points}. The tiles are of different families, so that no colour group "
        "scores here.",
        first=animal_group(ANIMALS[0][0], len(animals[0])),
        first_points=points(by_animals[0]),
        second=animal_group(ANIMALS[1][0], len(animals[1])),
        second_points=points(by_animals[1]),
        lone=ANIMALS[2][0].label,
        lone_points=points(by_animals[2]),
    )
    colour_caption = _(
        "Colour groups (A-7.3): a {first} scores {first_points}, a {second} "
        "{second_points}, and a lone tile ({family}) {lone_points}. Deserts, warehouses "
        "and scribes count like any tile; the points printed on a value tile count apart "
        "(A-7.1).",
        first=colour_group(COLOURS[0][0], len(colours[0])),
        first_points=points(by_colours[0]),
        second=colour_group(COLOURS[1][0], len(colours[1])),
        second_points=points(by_colours[1]),
        family=COLOURS[2][0].family,
        lone_points=points(by_colours[2]),
    )
    counts = [ngettext("{n} token left", "{n} tokens left", sum(hand)) for hand in hands]
    token_caption = _(
        "Tokens left (A-7.4): 1 VP for every 3, whatever their kinds: {first} score "
        "{first_points}, {second} {second_points}, {third} {third_points}.",
        first=counts[0],
        first_points=points(by_tokens[0]),
        second=counts[1],
        second_points=points(by_tokens[1]),
        third=counts[2],
        third_points=points(by_tokens[2]),
    )

    def title(text: Message) -> str:
        return render(text, lang)

    pictures = (
        layout_cases(
            animals, labels(by_animals), title=title(_("Animal groups (A-7.2)")), lang=lang
        ),
        layout_cases(
            colours, labels(by_colours), title=title(_("Colour groups (A-7.3)")), lang=lang
        ),
        token_cases(hands, labels(by_tokens), title=title(_("Tokens left (A-7.4)")), lang=lang),
    )
    captions = (animal_caption, colour_caption, token_caption)
    facts = (
        {"layouts": tuple(animals), "points": tuple(by_animals)},
        {"layouts": tuple(colours), "points": tuple(by_colours)},
        {"hands": tuple(hands), "points": tuple(by_tokens)},
    )
    return [
        Example(f"{rule}-reminder", rule, caption, (picture,), fact)
        for rule, caption, picture, fact in zip(
            ("A-7.2", "A-7.3", "A-7.4"), captions, pictures, facts, strict=True
        )
    ]
