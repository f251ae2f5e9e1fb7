"""Ankh'or's component catalogue: the tiles and the printed quantities, each with its
provenance (A-1, A-2, ANKH'OR-SPEC "Components").

The rulebook gives the totals (55 tiles, 36 tokens, 15 price markers, 12 bonus tokens,
six offer slots) and they are checked; how the tiles are spread over families and kinds
and how the markers sit on the price board are reconstructed, so an owner's catalogue
may correct them (:func:`~fertility_rules.ankhor.formats.catalogue.read_catalogue`).
Every section checks itself on construction and reports problems with the paths of
the catalogue file.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from attrs import field, frozen

from fertility_rules.ankhor.model import COLOURS, Colour, Kind, Tile
from fertility_rules.arguments import typed_fields
from fertility_rules.errors import MalformedInputError, Problem, UnknownIdError
from fertility_rules.i18n.message import _
from fertility_rules.shared.provenance import Provenance, Source
from fertility_rules.shared.values import reduce_to_init

__all__ = [
    "BONUS_TOKENS",
    "CATALOGUE_FORMAT",
    "MOST_WAREHOUSES",
    "OFFER_SLOTS",
    "PLAYER_COUNTS",
    "TILE_COUNT",
    "TOKENS_PER_KIND",
    "BonusRules",
    "Catalogue",
    "EndRule",
    "HandLimits",
    "PriceBoard",
    "TileEntry",
    "TokenRules",
    "deal_problems",
]

CATALOGUE_FORMAT = "fertility-rules/ankhor-catalogue/1"

TILE_COUNT = 55
"""Tiles in the box (A-1.2, rulebook)."""
TOKENS_PER_KIND = 6
"""Tokens of each of the six kinds: 36 in all (A-1.1, rulebook)."""
OFFER_SLOTS = 6
"""Slots of the offer under the price board (A-1.3, A-2.5)."""
MARKERS = 15
"""Price markers (A-1.3, rulebook)."""
BONUS_TOKENS = 12
"""Bonus tokens (A-1.4, rulebook)."""
PLAYER_COUNTS = (2, 3, 4)
"""The numbers of players (A-2.1)."""
MOST_WAREHOUSES = 2
"""Warehouses a family may have (one in the default catalogue): the end of a turn offers
every set of empty warehouses to fill (A-3.6), which must stay a small choice."""
_MOST = 99
"""Largest number a catalogue value may take besides the counts above (points, limits)."""


def _range(key: str, value: int, low: int, high: int, rule: str) -> list[Problem]:
    if low <= value <= high:
        return []
    if value < low:
        return [Problem(key, _("{n} is below the minimum {min}", n=value, min=low), rule)]
    return [Problem(key, _("{n} is above the maximum {max}", n=value, max=high), rule)]


@frozen(field_transformer=typed_fields)
class TileEntry:
    """Tiles of one kind in some families, ``per_colour`` in each (a catalogue item).

    Ids are made from the colour and the kind (``green-jackal-2``), numbered when a
    family holds more than one tile of the kind.
    """

    kind: Kind
    colours: tuple[Colour, ...]
    per_colour: int
    points: int = 0
    provenance: Provenance = Provenance.RECONSTRUCTED
    note: str = field(default="", eq=False)

    def __attrs_post_init__(self) -> None:
        problems = entry_problems(self.kind, self.colours, self.per_colour, self.points)
        if problems:
            raise MalformedInputError(problems)


def entry_problems(
    kind: Kind, colours: Sequence[Colour], per_colour: int, points: int
) -> list[Problem]:
    """What is wrong with a tile entry, at its keys (A-1.2)."""
    problems = _range("per_colour", per_colour, 1, TILE_COUNT, "A-1.2")
    problems += _range("points", points, 1 if kind is Kind.VALUE else 0, _MOST, "A-7.1")
    if not colours:
        problems.append(Problem("colours", _("at least one family is needed"), "A-1.2"))
    if len(set(colours)) != len(colours):
        problems.append(Problem("colours", _("a family is listed twice"), "A-1.2"))
    return problems


@frozen(field_transformer=typed_fields)
class TokenRules:
    """Tokens per kind in the box and per kind in the supply for 2, 3 and 4 players (A-2.2)."""

    per_kind: int
    supply: tuple[int, int, int]
    source: Source

    def __attrs_post_init__(self) -> None:
        problems = token_problems(self.per_kind, self.supply)
        if problems:
            raise MalformedInputError(problems)

    def supply_for(self, players: int) -> int:
        """Tokens of each kind in the supply for ``players`` players."""
        return self.supply[players - PLAYER_COUNTS[0]]


def token_problems(per_kind: int, supply: Sequence[int]) -> list[Problem]:
    problems = []
    if per_kind != TOKENS_PER_KIND:
        message = _("the game has {n} tokens of each kind, not {found}", n=6, found=per_kind)
        problems.append(Problem("per_kind", message, "A-1.1"))
    if len(supply) != len(PLAYER_COUNTS):
        message = _("one number for each of 2, 3 and 4 players is needed")
        problems.append(Problem("supply", message, "A-2.2"))
    for index, value in enumerate(supply):
        problems += _range(f"supply[{index}]", value, 0, TOKENS_PER_KIND, "A-2.2")
    return problems


@frozen(field_transformer=typed_fields)
class HandLimits:
    """What a player may hold at the end of a turn (A-3.9)."""

    resources: int
    ankhs: int
    source: Source

    def __attrs_post_init__(self) -> None:
        problems = limit_problems(self.resources, self.ankhs)
        if problems:
            raise MalformedInputError(problems)


def limit_problems(resources: int, ankhs: int) -> list[Problem]:
    return _range("resources", resources, 0, _MOST, "A-3.9") + _range(
        "ankhs", ankhs, 0, _MOST, "A-3.9"
    )


@frozen(field_transformer=typed_fields)
class BonusRules:
    """The bonus tokens: how many and what each is worth (A-1.4, A-7.1)."""

    count: int
    points: int
    source: Source

    def __attrs_post_init__(self) -> None:
        problems = bonus_problems(self.count, self.points)
        if problems:
            raise MalformedInputError(problems)


def bonus_problems(count: int, points: int) -> list[Problem]:
    problems = _range("points", points, 0, _MOST, "A-7.1")
    if count != BONUS_TOKENS:
        message = _("the game has {n} bonus tokens, not {found}", n=BONUS_TOKENS, found=count)
        problems.append(Problem("count", message, "A-1.4"))
    return problems


@frozen(field_transformer=typed_fields)
class EndRule:
    """The tile count that triggers the end of the game (A-6.1)."""

    tiles: int
    source: Source

    def __attrs_post_init__(self) -> None:
        problems = end_problems(self.tiles)
        if problems:
            raise MalformedInputError(problems)


def end_problems(tiles: int) -> list[Problem]:
    return _range("tiles", tiles, 1, TILE_COUNT, "A-6.1")


@frozen(field_transformer=typed_fields)
class PriceBoard:
    """Price markers per slot, left to right, and the markers of each colour (A-1.3, Q-6)."""

    slots: tuple[int, ...]
    markers: tuple[int, int, int, int, int]
    """Markers of each colour, in :class:`~fertility_rules.ankhor.model.Colour` order."""
    source: Source
    markers_source: Source

    def __attrs_post_init__(self) -> None:
        problems = price_problems(self.slots, self.markers)
        if problems:
            raise MalformedInputError(problems)


def price_problems(slots: Sequence[int], markers: Sequence[int]) -> list[Problem]:
    problems = []
    if len(slots) != OFFER_SLOTS:
        message = _("the offer has {n} slots, not {found}", n=OFFER_SLOTS, found=len(slots))
        problems.append(Problem("slots", message, "A-1.3"))
    for index, size in enumerate(slots):
        problems += _range(f"slots[{index}]", size, 1, MARKERS, "A-1.3")
    if len(markers) != len(COLOURS):
        message = _("one number of markers for each of the five colours is needed")
        problems.append(Problem("markers", message, "A-1.3"))
    for index, count in enumerate(markers):
        problems += _range(f"markers[{index}]", count, 0, MARKERS, "A-1.3")
    for key, total in (("slots", sum(slots)), ("markers", sum(markers))):
        if total != MARKERS:
            message = _("the game has {n} price markers, not {found}", n=MARKERS, found=total)
            problems.append(Problem(key, message, "A-1.3"))
    if not problems:
        problems += deal_problems(tuple(slots), tuple(markers))
    return problems


def deal_problems(slots: tuple[int, ...], markers: tuple[int, ...]) -> list[Problem]:
    """Whether the markers can be dealt with no slot holding three of one colour (A-2.3).

    A deal gives each colour at most 2 markers per slot; by max-flow / min-cut it exists
    exactly when, for every ``k``, the ``k`` most plentiful colours fit in
    ``sum(min(slot, 2 k))`` places. A deal must also come up often enough at random for
    re-dealing (A-2.3) to end: one of 2,000 seeded shuffles must succeed.
    """
    counts = sorted(markers, reverse=True)
    for k in range(1, len(counts) + 1):
        if sum(counts[:k]) > sum(min(size, 2 * k) for size in slots):
            message = _("these markers cannot be dealt without three of a colour on a slot")
            return [Problem("markers", message, "A-2.3")]
    rng = random.Random(0)
    if not any(deal_markers(slots, markers, rng, tries=1) for _try in range(2000)):
        message = _("a deal without three of a colour on a slot is too rare to draw")
        return [Problem("markers", message, "A-2.3")]
    return []


def deal_markers(
    slots: tuple[int, ...], markers: Sequence[int], rng: random.Random, tries: int = 200_000
) -> tuple[tuple[Colour, ...], ...] | None:
    """Markers shuffled onto the slots, re-dealt while a slot has three of a colour (A-2.3).

    ``None`` after ``tries`` deals (never for a catalogue that passed :func:`deal_problems`:
    the chance is below ``e ** -100``).
    """
    bag = [colour for colour, count in zip(COLOURS, markers, strict=True) for _n in range(count)]
    for _try in range(tries):
        rng.shuffle(bag)
        deal = []
        start = 0
        for size in slots:
            deal.append(tuple(sorted(bag[start : start + size])))
            start += size
        if all(_no_triplicate(slot) for slot in deal):
            return tuple(deal)
    return None


def _no_triplicate(slot: tuple[Colour, ...]) -> bool:
    return all(slot.count(colour) < 3 for colour in set(slot))


def tile_ids(entries: Sequence[TileEntry]) -> list[Tile]:
    """The tiles of ``entries``, ids numbered per family and kind across entries."""
    totals: dict[tuple[Colour, Kind], int] = {}
    for entry in entries:
        for colour in entry.colours:
            key = (colour, entry.kind)
            totals[key] = totals.get(key, 0) + entry.per_colour
    made: dict[tuple[Colour, Kind], int] = {}
    tiles = []
    for entry in entries:
        for colour in entry.colours:
            key = (colour, entry.kind)
            for _n in range(entry.per_colour):
                made[key] = made.get(key, 0) + 1
                base = f"{colour.key}-{entry.kind.value}"
                tile_id = base if totals[key] == 1 else f"{base}-{made[key]}"
                tiles.append(
                    Tile(tile_id, colour, entry.kind, entry.points, entry.provenance, entry.note)
                )
    return tiles


def tiles_problems(entries: Sequence[TileEntry]) -> list[Problem]:
    """The totals of the tile entries (A-1.2): 55 tiles, every family with every kind."""
    total = sum(len(e.colours) * e.per_colour for e in entries)
    problems = []
    if total != TILE_COUNT:
        message = _("the game has {n} tiles, not {found}", n=TILE_COUNT, found=total)
        problems.append(Problem("tiles", message, "A-1.2"))
    present = {(colour, e.kind) for e in entries for colour in e.colours}
    missing = [
        _("{kind} ({family})", kind=kind.label, family=colour.family)
        for colour in COLOURS
        for kind in Kind
        if (colour, kind) not in present
    ]
    for item in missing:
        message = _("every family has every kind of tile; missing: {tile}", tile=item)
        problems.append(Problem("tiles", message, "A-1.2"))
    warehouses = [
        sum(e.per_colour for e in entries if e.kind is Kind.WAREHOUSE and colour in e.colours)
        for colour in COLOURS
    ]
    if max(warehouses) > MOST_WAREHOUSES:
        message = _(
            "a family has at most {n} warehouses, so that storing tokens stays a small choice",
            n=MOST_WAREHOUSES,
        )
        problems.append(Problem("tiles", message))
    return problems


@frozen(field_transformer=typed_fields)
class Catalogue:
    """A complete set of Ankh'or components; look-ups by id raise :class:`UnknownIdError`."""

    name: str
    title: str
    entries: tuple[TileEntry, ...]
    tokens: TokenRules
    limits: HandLimits
    bonus: BonusRules
    price_board: PriceBoard
    end: EndRule
    note: str = field(default="", eq=False)
    tiles: tuple[Tile, ...] = field(init=False, eq=False, repr=False)
    """Every tile, in the order of the entries."""
    _by_id: Mapping[str, Tile] = field(init=False, eq=False, repr=False)

    __reduce__ = reduce_to_init
    """Pickled through its fields: the tiles and their index are made again."""

    def __attrs_post_init__(self) -> None:
        problems = tiles_problems(self.entries)
        if problems:
            raise MalformedInputError(problems)
        tiles = tuple(tile_ids(self.entries))
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "_by_id", MappingProxyType({t.id: t for t in tiles}))

    @property
    def tiles_by_id(self) -> Mapping[str, Tile]:
        """The tiles by id (read-only)."""
        return self._by_id

    def tile(self, tile_id: str) -> Tile:
        try:
            return self._by_id[tile_id]
        except KeyError:
            raise UnknownIdError(
                _("Unknown {what} id {key!r} in this catalogue.", what=_("tile"), key=tile_id)
            ) from None

    @property
    def is_reconstructed(self) -> bool:
        """Whether any item is reconstructed (then it must be shown as such)."""
        return Provenance.RECONSTRUCTED in self.provenances()

    def provenances(self) -> list[Provenance]:
        return [
            *(entry.provenance for entry in self.entries),
            *(source.provenance for source in self.sources().values()),
        ]

    def sources(self) -> dict[str, Source]:
        """The provenance of each section other than the tiles, by file key."""
        return {
            "tokens": self.tokens.source,
            "limits": self.limits.source,
            "bonus_tokens": self.bonus.source,
            "price_board": self.price_board.source,
            "price_markers": self.price_board.markers_source,
            "end": self.end.source,
        }
