"""A short text notation for Ankh'or's moves, for people and for logs.

One move is one line of words separated by spaces; keywords and letters are not case
sensitive. Slots of the offer and draw piles are counted from 1, as a person counts them;
positions are written ``x,y`` on the base and ``level:x,y`` above it, as on the text board.
Token kinds are written with one letter each: ``b`` blue, ``w`` white, ``k`` black,
``g`` green, ``r`` red, ``a`` ankh.

Grammar (``[ ]`` optional, ``{ }`` repeated, ``|`` or)::

    move     = take | buy | "pass" | refresh | moving | "end" | store | return | refill
    take     = "take" TOKENS                       ; A-3.2
    buy      = "buy" SLOT POSITION [COLOUR]        ; A-3.3 to A-3.5: COLOUR, the marker
                                                   ;   not paid, for a higher level only
    refresh  = "refresh" (PILE | "-")              ; A-4.2: "-" when both piles are empty
    moving   = "move" POSITION POSITION            ; A-4.3: from, to
    store    = "store" ("-" | POSITION {POSITION}) ; A-3.6: the warehouses filled
    return   = "return" TOKENS                     ; A-3.9
    refill   = "refill" PILE                       ; A-5.1
    TOKENS   = "-" | LETTER {LETTER}               ; written in the order b w k g r a
    LETTER   = "b" | "w" | "k" | "g" | "r" | "a"
    COLOUR   = "b" | "w" | "k" | "g" | "r"
    SLOT     = "1" | "2" | "3" | "4" | "5" | "6"
    PILE     = "1" | "2"
    POSITION = [LEVEL ":"] NUMBER "," NUMBER       ; level 0 (the base) is not written
    LEVEL    = NONZERO {DIGIT}                     ; at most 4 digits
    NUMBER   = "0" | ["-"] NONZERO {DIGIT}         ; at most 4 digits

Examples: ``take bba``, ``buy 2 0,1``, ``buy 5 1:0,0 r``, ``refresh 2``,
``move 0,1 -1,0``, ``end``, ``store 0,2``, ``return kk``, ``refill 1``.

The text read is a well-formed move; the rules (:func:`~fertility_rules.ankhor.apply`)
say whether it is legal.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from fertility_rules.ankhor.arguments import move_needed
from fertility_rules.ankhor.model import COLOURS, TOKENS, Colour, Position, Tokens, position_text
from fertility_rules.ankhor.moves import (
    BuyTile,
    EndActions,
    Move,
    MoveTile,
    PassMain,
    Refill,
    Refresh,
    ReturnTokens,
    StoreTokens,
    TakeTokens,
)
from fertility_rules.ankhor.state import GameState
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import _
from fertility_rules.shared.notation import (
    MAX_NOTATION_LENGTH,
    notation_error,
    ordinal,
    split_move,
    word_count_error,
)

__all__ = ["MAX_NOTATION_LENGTH", "format_move", "format_tokens", "parse_move", "parse_position"]


_POSITION = re.compile(r"^(?:([1-9][0-9]{0,3}):)?(0|-?[1-9][0-9]{0,3}),(0|-?[1-9][0-9]{0,3})$")
_BY_LETTER = {kind.letter: kind for kind in TOKENS}
_COLOUR_BY_LETTER = {colour.letter: colour for colour in COLOURS}


def format_tokens(tokens: Tokens) -> str:
    """Token counts as letters, ``-`` for none: ``bba`` is two blue and one ankh."""
    text = "".join(kind.letter * max(0, tokens[kind]) for kind in TOKENS)
    return text or "-"


@checked_arguments
def format_move(move: Move, state: GameState | Observation | None = None) -> str:
    """``move`` in the notation of this module (the state is not needed; it is accepted
    for the shape of Fertility's function)."""
    match move:
        case TakeTokens(tokens=tokens):
            return f"take {format_tokens(tokens)}"
        case BuyTile(slot=slot, position=position, unpaid=unpaid):
            tail = "" if unpaid is None else f" {unpaid.letter}"
            return f"buy {slot + 1} {position_text(position)}{tail}"
        case PassMain():
            return "pass"
        case Refresh(pile=pile):
            return "refresh -" if pile is None else f"refresh {pile + 1}"
        case MoveTile(origin=origin, target=target):
            return f"move {position_text(origin)} {position_text(target)}"
        case EndActions():
            return "end"
        case StoreTokens(warehouses=warehouses):
            return "store " + (" ".join(map(position_text, warehouses)) or "-")
        case ReturnTokens(tokens=tokens):
            return f"return {format_tokens(tokens)}"
        case Refill(pile=pile):
            return f"refill {pile + 1}"
    raise MalformedInputError.single("move", move_needed(type(move).__name__))


def parse_position(word: str) -> Position:
    """A position written ``x,y`` or ``level:x,y``."""
    found = _POSITION.match(word)
    if found is None:
        raise notation_error(
            _("{word!r} is not a position: x,y on the base, level:x,y above it", word=word[:20]),
            "A-3.4",
        )
    level, x, y = found.groups()
    return (int(level) if level else 0, int(x), int(y))


def _tokens(word: str) -> Tokens:
    counts = [0, 0, 0, 0, 0, 0]
    if word != "-":
        for letter in word.lower():
            kind = _BY_LETTER.get(letter)
            if kind is None:
                raise notation_error(
                    _(
                        "{word!r} is not a set of tokens: letters b, w, k, g, r, a, or - for none",
                        word=word[:20],
                    ),
                    "A-1.1",
                )
            counts[kind] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def _pile(word: str) -> int:
    return ordinal(word, 2, _("{word!r} is not a draw pile: 1 or 2", word=word[:20]), "A-2.4")


def _colour(word: str) -> Colour:
    colour = _COLOUR_BY_LETTER.get(word.lower())
    if colour is None:
        raise notation_error(
            _("{word!r} is not the colour of a marker: b, w, k, g or r", word=word[:20]), "A-3.5"
        )
    return colour


def _buy(words: list[str]) -> Move:
    if len(words) not in (2, 3):
        raise word_count_error("buy", 2, 3, len(words))
    slot = ordinal(words[0], 6, _("{word!r} is not a slot: 1 to 6", word=words[0][:20]), "A-1.3")
    unpaid = _colour(words[2]) if len(words) == 3 else None
    return BuyTile(slot, parse_position(words[1]), unpaid)


def _store(words: list[str]) -> Move:
    if words == ["-"]:
        return StoreTokens(())
    if not words:
        raise word_count_error("store", 1, None, 0)
    return StoreTokens(tuple(parse_position(word) for word in words))


_PARSERS: dict[str, tuple[int | None, Callable[[list[str]], Move]]] = {
    "take": (1, lambda w: TakeTokens(_tokens(w[0]))),
    "buy": (None, _buy),
    "pass": (0, lambda w: PassMain()),
    "refresh": (1, lambda w: Refresh(None if w[0] == "-" else _pile(w[0]))),
    "move": (2, lambda w: MoveTile(parse_position(w[0]), parse_position(w[1]))),
    "end": (0, lambda w: EndActions()),
    "store": (None, _store),
    "return": (1, lambda w: ReturnTokens(_tokens(w[0]))),
    "refill": (1, lambda w: Refill(_pile(w[0]))),
}


@checked_arguments
def parse_move(text: str, state: GameState | Observation | None = None) -> Move:
    """The move written ``text`` in this module's notation; raises
    :class:`~fertility_rules.MalformedInputError` saying what is wrong."""
    parse, rest = split_move(text, _PARSERS)
    return parse(rest)
