"""A short text notation for moves, for people and for logs.

One move is one line of words separated by spaces; keywords, resources, squares and
the ids of tiles and Districts are not case sensitive (an id is written back as the
catalogue spells it). Squares are named as on the pictures and the text board (``c4``:
column letter from the left, row number from the top); spots and Shops are counted
from 1, as a person counts them, with no leading zero. Resources are written with one
letter: ``a`` Alabaster, ``b`` Bovine, ``p`` Papyrus flower, ``g`` Grapes (or by their
file-format names ``alabaster``, ``bovine``, ``papyrus``, ``grapes``); ``w`` is one Wheat.

Grammar (``[ ]`` optional, ``|`` or)::

    move     = place | discard | quarry | build | "skip" | supply | bonus | "end"
             | take | remove
    place    = "place" TILE SQUARE SQUARE          ; first scene, then second (R-3.1)
    discard  = "discard" TILE                      ; R-3.2
    quarry   = "quarry" SQUARE (RES | "monument")  ; R-3.3.D
    build    = "build" DISTRICT SPOT PAYMENT       ; R-3.4
    supply   = "supply" RES SHOP                   ; R-3.5
    bonus    = "bonus" RES (SHOP | "supply")       ; R-6, I-6
    take     = "take" TILE                         ; R-3.6
    remove   = "remove" TILE                       ; R-8
    PAYMENT  = "-" | { "a" | "b" | "p" | "g" } { "w" }   ; tokens, then Wheat
    SPOT     = 1..7                     ; R-1.7
    SHOP     = 1..25                    ; 4 starting Shops and 7 Districts of 3 at most
    RES      = "a" | "b" | "p" | "g" | "alabaster" | "bovine" | "papyrus" | "grapes"
    SQUARE   = column letter, then row 1..8  ; "c4" (R-1.4)

Nothing else is read: a number with a leading zero (``03``), a spot above 7 or a Shop
above 25 is refused here, with the rule, rather than by the referee later.

Examples: ``place V23 a6 b6``, ``quarry c4 monument``, ``build D07 3 aabw``,
``supply g 5``, ``bonus a supply``, ``end``.

Reading needs the state only for the width of the central board and the catalogue's
ids; the move read is well formed, and the rules (:func:`~fertility_rules.apply`) say
whether it is legal.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.model.coordinates import parse_square, square_name
from fertility_rules.fertility.model.metropolis import MAX_SHOPS, SPOTS
from fertility_rules.fertility.model.resources import (
    NO_TOKENS,
    Counts,
    Resource,
    add_token,
    tokens_of,
)
from fertility_rules.fertility.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)
from fertility_rules.fertility.views import Table
from fertility_rules.i18n.message import _
from fertility_rules.shared.notation import MAX_NOTATION_LENGTH, notation_error, ordinal, split_move

__all__ = ["MAX_NOTATION_LENGTH", "NOTATION_KEYWORDS", "format_move", "parse_move"]


_LETTERS = {Resource.ALABASTER: "a", Resource.BOVINE: "b", Resource.PAPYRUS: "p"}
_LETTERS[Resource.GRAPES] = "g"
_BY_LETTER = {letter: resource for resource, letter in _LETTERS.items()}
_WHEAT = "w"


@checked_arguments
def format_move(move: Move, state: Table) -> str:
    """``move`` in the notation of this module (the board width comes from ``state``)."""
    width = state.config.layout.width
    match move:
        case PlaceTile(tile, first, second):
            return f"place {tile} {square_name(first, width)} {square_name(second, width)}"
        case DiscardTile(tile):
            return f"discard {tile}"
        case ClaimQuarry(square, resource):
            what = "monument" if resource is None else _LETTERS[resource]
            return f"quarry {square_name(square, width)} {what}"
        case BuildDistrict(district, spot, tokens, wheat):
            payment = "".join(_LETTERS[r] for r in tokens_of(tokens)) + _WHEAT * wheat
            return f"build {district} {spot + 1} {payment or '-'}"
        case SkipBuilding():
            return "skip"
        case SupplyShop(resource, shop):
            return f"supply {_LETTERS[resource]} {shop + 1}"
        case PlaceBonusResource(resource, shop):
            where = "supply" if shop is None else str(shop + 1)
            return f"bonus {_LETTERS[resource]} {where}"
        case EndSupplying():
            return "end"
        case TakeTile(tile):
            return f"take {tile}"
        case RemoveTile(tile):
            return f"remove {tile}"
    raise TypeError(move)  # pragma: no cover - the match is exhaustive


def _resource(word: str) -> Resource:
    found = _BY_LETTER.get(word.lower())
    if found is None:
        try:
            found = Resource.from_key(word.lower())
        except KeyError:
            raise notation_error(
                _("{word!r} is not a resource: expected a, b, p or g", word=word[:20]), "R-1.1"
            ) from None
    return found


def _shop(word: str, rule: str) -> int:
    wrong = _("{word!r} is not a Shop number (1 to {n})", word=word[:20], n=MAX_SHOPS)
    return ordinal(word, MAX_SHOPS, wrong, rule)


def _payment(word: str) -> tuple[Counts, int]:
    if word == "-":
        return NO_TOKENS, 0
    tokens: Counts = NO_TOKENS
    letters = word.lower()
    body = letters.rstrip(_WHEAT)
    wheat = len(letters) - len(body)
    for letter in body:
        resource = _BY_LETTER.get(letter)
        if resource is None:
            raise notation_error(
                _(
                    "{word!r} is not a payment: token letters a, b, p, g, then one w per "
                    "Wheat, or - for nothing",
                    word=word[:20],
                ),
                "R-3.4",
            )
        tokens = add_token(tokens, resource)
    return tokens, wheat


def _square(word: str, width: int) -> int:
    try:
        return parse_square(word, width)
    except MalformedInputError as error:
        problem = error.problems[0]
        raise notation_error(problem.message, problem.rule) from None


def _id(word: str, known: Collection[str]) -> str:
    """``word`` as the catalogue spells it when one id matches it ignoring case;
    otherwise as written (the rules then say the tile or District is not there)."""
    if word in known:
        return word
    folded = word.casefold()
    matches = [key for key in known if key.casefold() == folded]
    return matches[0] if len(matches) == 1 else word


def _tile(word: str, table: Table) -> str:
    return _id(word, table.config.catalogue.ids.valley_tiles)


_Parser = Callable[[list[str], Table], Move]


def _place(words: list[str], table: Table) -> Move:
    width = table.config.layout.width
    return PlaceTile(_tile(words[0], table), _square(words[1], width), _square(words[2], width))


def _quarry(words: list[str], table: Table) -> Move:
    square = _square(words[0], table.config.layout.width)
    if words[1].lower() == "monument":
        return ClaimQuarry(square, None)
    return ClaimQuarry(square, _resource(words[1]))


def _build(words: list[str], table: Table) -> Move:
    tokens, wheat = _payment(words[2])
    return BuildDistrict(
        _id(words[0], table.config.catalogue.ids.districts),
        ordinal(
            words[1],
            SPOTS,
            _("{word!r} is not a spot number (1 to 7)", word=words[1][:20]),
            "R-1.7",
        ),
        tokens,
        wheat,
    )


def _supply(words: list[str], table: Table) -> Move:
    return SupplyShop(_resource(words[0]), _shop(words[1], "R-3.5"))


def _bonus(words: list[str], table: Table) -> Move:
    shop = None if words[1].lower() == "supply" else _shop(words[1], "R-6")
    return PlaceBonusResource(_resource(words[0]), shop)


_PARSERS: dict[str, tuple[int, _Parser]] = {
    "place": (3, _place),
    "discard": (1, lambda w, table: DiscardTile(_tile(w[0], table))),
    "quarry": (2, _quarry),
    "build": (3, _build),
    "skip": (0, lambda w, _table: SkipBuilding()),
    "supply": (2, _supply),
    "bonus": (2, _bonus),
    "end": (0, lambda w, _table: EndSupplying()),
    "take": (1, lambda w, table: TakeTile(_tile(w[0], table))),
    "remove": (1, lambda w, table: RemoveTile(_tile(w[0], table))),
}


NOTATION_KEYWORDS: frozenset[str] = frozenset(_PARSERS)
"""The first word of every move (lower case)."""


@checked_arguments
def parse_move(text: str, state: Table) -> Move:
    """The move written ``text`` in this module's notation; raises
    :class:`~fertility_rules.MalformedInputError` saying what is wrong."""
    parse, rest = split_move(text, _PARSERS)
    return parse(rest, state)
