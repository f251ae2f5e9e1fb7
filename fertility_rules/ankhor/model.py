"""Ankh'or's components as values: colours, tokens, tiles, positions in a layout (A-1).

A tile belongs to a family (its colour) and shows one kind: an animal (jackal, falcon,
beetle), printed points (a value tile), a warehouse, a scribe or a desert. Tokens are the
five resources, one per colour, and the ankh. A player's tiles form a layout of levels:
level 0 is the base; a tile of level ``L`` at ``(x, y)`` rests on the four tiles of level
``L - 1`` at ``(x, y)``, ``(x + 1, y)``, ``(x, y + 1)`` and ``(x + 1, y + 1)`` (A-3.5), so
the cells of every level form a square grid of their own, offset by half a tile.
"""

from __future__ import annotations

import enum
from typing import TypeAlias

from attrs import field, frozen

from fertility_rules.i18n.message import Message, _, ngettext, pgettext
from fertility_rules.shared.members import Keyed, LabelledEnum, LabelledIntEnum, label_members
from fertility_rules.shared.provenance import Provenance

__all__ = [
    "ANIMALS",
    "COLOURS",
    "NO_TOKENS",
    "TOKENS",
    "Colour",
    "Kind",
    "Placed",
    "Position",
    "Tile",
    "Token",
    "Tokens",
    "add_tokens",
    "marker_label",
    "one_token",
    "position_text",
    "sub_tokens",
    "token_amount",
]


class Colour(Keyed, LabelledIntEnum):
    """A family of tiles and the resource of the same colour (A-1.1); the value indexes
    :data:`Tokens`."""

    BLUE = 0
    """Blue (fish, review jeuxdecouvre.fr)."""
    WHITE = 1
    """White (ivory)."""
    BLACK = 2
    """Black (coal)."""
    GREEN = 3
    """Green (aromatic plants)."""
    RED = 4
    """Red (fabrics)."""

    @property
    def letter(self) -> str:
        """The letter of the notation: ``b w k g r``."""
        return _LETTERS[self]

    @property
    def family(self) -> Message:
        """The family as a noun phrase (``green family``)."""
        return _FAMILIES[self]


class Token(Keyed, enum.IntEnum):
    """A kind of token: the five resources and the ankh (A-1.1); the value indexes
    :data:`Tokens`."""

    BLUE = 0
    """A blue resource token."""
    WHITE = 1
    """A white resource token."""
    BLACK = 2
    """A black resource token."""
    GREEN = 3
    """A green resource token."""
    RED = 4
    """A red resource token."""
    ANKH = 5
    """An ankh token: spent for ankh actions (A-4), never pays a price (A-3.3)."""

    @property
    def letter(self) -> str:
        """The letter of the notation: ``b w k g r a``."""
        return "a" if self is Token.ANKH else _LETTERS[Colour(self)]

    @property
    def is_resource(self) -> bool:
        return self is not Token.ANKH


COLOURS: tuple[Colour, ...] = tuple(Colour)
TOKENS: tuple[Token, ...] = tuple(Token)

Tokens: TypeAlias = tuple[int, int, int, int, int, int]
"""Numbers of tokens of each kind, in :class:`Token` order (five resources, then ankh)."""

NO_TOKENS: Tokens = (0, 0, 0, 0, 0, 0)

_LETTERS = {
    Colour.BLUE: "b",
    Colour.WHITE: "w",
    Colour.BLACK: "k",
    Colour.GREEN: "g",
    Colour.RED: "r",
}
_FAMILIES = {
    Colour.BLUE: _("blue family"),
    Colour.WHITE: _("white family"),
    Colour.BLACK: _("black family"),
    Colour.GREEN: _("green family"),
    Colour.RED: _("red family"),
}
label_members(
    Colour,
    {
        Colour.BLUE: _("blue"),
        Colour.WHITE: _("white"),
        Colour.BLACK: _("black"),
        Colour.GREEN: _("green"),
        Colour.RED: _("red"),
    },
)


def marker_label(colour: Colour) -> Message:
    """``white marker``: a price marker of ``colour``, as one phrase, so that a language
    whose adjectives agree with their noun can say so (Dutch: ``witte marker``)."""
    if colour is Colour.BLUE:
        return _("blue marker")
    if colour is Colour.WHITE:
        return _("white marker")
    if colour is Colour.BLACK:
        return _("black marker")
    if colour is Colour.GREEN:
        return _("green marker")
    return _("red marker")


def token_amount(kind: Token, n: int) -> Message:
    """``2 blue tokens``, ``1 ankh token`` (Polish: ``5 niebieskich żetonów``)."""
    if kind is Token.BLUE:
        return ngettext("{n} blue token", "{n} blue tokens", n)
    if kind is Token.WHITE:
        return ngettext("{n} white token", "{n} white tokens", n)
    if kind is Token.BLACK:
        return ngettext("{n} black token", "{n} black tokens", n)
    if kind is Token.GREEN:
        return ngettext("{n} green token", "{n} green tokens", n)
    if kind is Token.RED:
        return ngettext("{n} red token", "{n} red tokens", n)
    return ngettext("{n} ankh token", "{n} ankh tokens", n)


class Kind(LabelledEnum):
    """What a tile shows besides its colour (A-1.2)."""

    JACKAL = "jackal"
    """An animal: a jackal."""
    FALCON = "falcon"
    """An animal: a falcon."""
    BEETLE = "beetle"
    """An animal: a beetle (the rulebook also says scarab)."""
    VALUE = "value"
    """A value tile: printed victory points (A-7.1)."""
    WAREHOUSE = "warehouse"
    """Holds one token of its colour (A-3.6)."""
    SCRIBE = "scribe"
    """Its buyer plays a bonus turn (A-3.7)."""
    DESERT = "desert"
    """No effect and no animal; counts for colour groups (A-7.3)."""

    __hash__ = object.__hash__
    """Members hash by identity (in C): groups are counted per animal at every purchase."""

    @property
    def is_animal(self) -> bool:
        return self in ANIMALS


ANIMALS: frozenset[Kind] = frozenset({Kind.JACKAL, Kind.FALCON, Kind.BEETLE})

label_members(
    Kind,
    {
        Kind.JACKAL: _("jackal"),
        Kind.FALCON: _("falcon"),
        Kind.BEETLE: _("beetle"),
        Kind.VALUE: _("value tile"),
        Kind.WAREHOUSE: _("warehouse"),
        Kind.SCRIBE: _("scribe"),
        Kind.DESERT: _("desert"),
    },
)


@frozen(repr=False)
class Tile:
    """One of the tiles (A-1.2): a catalogue item with its provenance.

    Tiles are compared by their fields and hashed by id (ids are unique in a catalogue).
    """

    id: str
    colour: Colour
    kind: Kind
    points: int = 0
    """Printed victory points (A-7.1): 2 on a value tile of the default catalogue."""
    provenance: Provenance | None = field(default=None, eq=False)
    note: str = field(default="", eq=False)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Tile({self.id!r})"

    @property
    def animal(self) -> Kind | None:
        """The animal shown, if any (A-7.2)."""
        return self.kind if self.kind in ANIMALS else None

    @property
    def label(self) -> Message:
        """``jackal (green family)``, in the reader's language."""
        kind = _VALUE_IN_LABEL if self.kind is Kind.VALUE else self.kind.label
        return _("{kind} ({family})", kind=kind, family=self.colour.family)


_VALUE_IN_LABEL = pgettext("tile label", "value tile")
"""The value tile's kind in a tile's label: languages whose sentences say "the tile"
before a label ("la tuile {tile}") leave the word out here."""


Position: TypeAlias = tuple[int, int, int]
"""``(level, x, y)``: level 0 is the base; see the module's documentation."""


def position_text(position: Position) -> str:
    """The position as the notation writes it: ``x,y`` on the base, ``L:x,y`` above."""
    level, x, y = position
    return f"{x},{y}" if level == 0 else f"{level}:{x},{y}"


@frozen
class Placed:
    """A tile in a player's layout, at ``(level, x, y)``."""

    tile: Tile
    level: int
    x: int
    y: int

    @property
    def position(self) -> Position:
        return (self.level, self.x, self.y)


def add_tokens(a: Tokens, b: Tokens) -> Tokens:
    """The token counts of ``a`` and ``b`` together."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3], a[4] + b[4], a[5] + b[5])


def sub_tokens(a: Tokens, b: Tokens) -> Tokens:
    """The token counts of ``a`` without those of ``b``."""
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3], a[4] - b[4], a[5] - b[5])


def one_token(kind: int) -> Tokens:
    """One token of ``kind``."""
    counts = [0, 0, 0, 0, 0, 0]
    counts[kind] = 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
