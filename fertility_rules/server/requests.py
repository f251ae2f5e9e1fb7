"""What clients send: a new table, a move, a socket frame; read strictly, every problem
with its JSON path.

Bodies and frames are parsed within the server's limits (size, depth, items) by the
library's JSON reader, then read by its strict converter: unknown keys, wrong types and
out-of-range values are refused with the path of each problem, before anything reaches a
table.
"""

from __future__ import annotations

import enum
from typing import Any

from attrs import Attribute, field, frozen

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.formats.base import register_tagged_union, strict_converter, structure
from fertility_rules.formats.documents import parse_document
from fertility_rules.formats.limits import Limits
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _
from fertility_rules.shared.seeds import seed_problems

__all__ = [
    "MAX_FRAME_ID",
    "Answer",
    "AnswerRequest",
    "Frame",
    "JoinRequest",
    "MoveRequest",
    "Resign",
    "SeatKind",
    "SeatRequest",
    "TableRequest",
    "TokenRequest",
    "Undo",
    "check_names",
    "check_seed",
    "frame_id",
    "parse_body",
    "read_frame",
    "read_join_request",
    "read_move_request",
    "read_seat_request",
    "read_table_request",
]

MAX_NAME = 32
"""Characters of a player's name."""


class SeatKind(enum.Enum):
    """Who plays a seat."""

    PERSON = "person"
    """A person, whose token is given when the table is made."""
    OPEN = "open"
    """A person who joins later through the lobby (``POST /tables/{id}/join``)."""
    BOT = "bot"
    """One of the game's agents, deciding from the view (R-9)."""


@checked_arguments
def check_names(names: tuple[str, ...], path: str) -> None:
    """The server's rule for the players' names at ``path`` (a table's, or a record's):
    stricter than the library's, so that every name fits the pages' seats and lists."""
    for index, name in enumerate(names):
        if not 1 <= len(name) <= MAX_NAME or not name.isprintable() or name != name.strip():
            raise MalformedInputError.single(
                f"{path}[{index}]",
                _(
                    "a player's name has 1 to {n} printable characters, without spaces around it",
                    n=MAX_NAME,
                ),
            )
    if len(set(names)) != len(names):
        raise MalformedInputError.single(path, _("two players have the same name"))


def _name(_instance: object, _attribute: Attribute[Any], value: tuple[str, ...]) -> None:
    check_names(value, "$.players")


def _language(_instance: object, _attribute: Attribute[Any], value: str) -> None:
    try:
        language_of(value)
    except UnknownIdError as error:
        raise MalformedInputError.single("$.language", error.message) from None


def _optional_language(instance: object, attribute: Attribute[Any], value: str | None) -> None:
    if value is not None:
        _language(instance, attribute, value)


@checked_arguments
def check_seed(seed: int, path: str) -> None:
    """The server's seeds are the library's (:mod:`fertility_rules.shared.seeds`)."""
    problems = seed_problems(seed, path)
    if problems:
        raise MalformedInputError(problems)


def _seed(_instance: object, _attribute: Attribute[Any], value: int | None) -> None:
    if value is not None:
        check_seed(value, "$.seed")


@frozen(kw_only=True)
class SeatRequest:
    """One seat of a new table."""

    kind: SeatKind = SeatKind.PERSON
    agent: str | None = None
    """The agent playing a bot seat (the game's agents: ``GET /games``)."""
    language: str = field(default=Language.EN.value, validator=_language)
    """The seat's language: its messages and errors."""


@frozen(kw_only=True)
class TableRequest:
    """``POST /tables``: the game, its players and who plays each seat."""

    players: tuple[str, ...] = field(default=(), validator=_name)
    """The players in turn order (taken from the record when one is given)."""
    game: str | None = None
    """A game of ``GET /games`` (the first one when left out)."""
    seats: tuple[SeatRequest, ...] | None = None
    """One per player, in the same order (all people when left out)."""
    seed: int | None = field(default=None, validator=_seed)
    """Sets the game up as this seed does, for a table with ``open_seed`` only; left out,
    the server draws a seed no one knows."""
    open_seed: bool = False
    """Shows the table's seed to every seat and in the lobby: the deal is known, so every
    player must know that it is. Needed to choose a seed, or to go on from a record."""
    variant: bool = False
    interpretations: Any = None
    """The rule switches, as a game record writes them (missing ones: the defaults)."""
    listed: bool = True
    """Whether the lobby lists the table (``GET /tables``)."""
    record: Any = None
    """A game record (``fertility-rules/game-record/2``) to go on with: the table takes its
    game, players, setup, readings and moves, and only ``seats`` and ``listed`` may be
    given beside it."""


@frozen(kw_only=True)
class MoveRequest:
    """``POST /tables/{id}/moves``: a move in notation (``take V12``) or as JSON."""

    move: Any
    token: str | None = None
    """The seat's token (or an ``Authorization: Bearer`` header)."""
    ply: int | None = None
    """The number of moves the sender saw; the move is refused if the table moved on."""


@frozen(kw_only=True)
class JoinRequest:
    """``POST /tables/{id}/join``: takes an open seat."""

    seat: int
    language: str | None = field(default=None, validator=_optional_language)
    """The joining person's language: the seat's messages and errors from now on (the
    language the table's maker gave the seat when left out)."""


@frozen(kw_only=True)
class TokenRequest:
    """``POST /tables/{id}/undo`` or ``/resign``: the seat's token (or a header)."""

    token: str | None = None


@frozen(kw_only=True)
class AnswerRequest:
    """``POST /tables/{id}/answer``: accepts or refuses the undo asked by another seat."""

    accept: bool
    token: str | None = None


@frozen(kw_only=True)
class MoveFrame:
    """A move sent on a seat's socket."""

    move: Any
    ply: int | None = None


@frozen
class Undo:
    """Asks to take back the sender's last move (and everything after it)."""


@frozen(kw_only=True)
class Answer:
    """Accepts or refuses the undo asked by another seat."""

    accept: bool


@frozen
class Resign:
    """Leaves the game: a bot plays the seat from now on."""


Frame = MoveFrame | Undo | Answer | Resign
"""Everything a client sends on its socket."""

_FRAMES = {"move": MoveFrame, "undo": Undo, "answer": Answer, "resign": Resign}
"""The frames by their ``type``."""


def _converter() -> Any:
    converter = strict_converter().copy()
    register_tagged_union(
        converter,
        Frame,
        "type",
        _FRAMES,
        lambda found, known: _(
            "unknown message type {found!r}; expected one of: {known}", found=found, known=known
        ),
        write=False,
    )
    return converter


_CONVERTER = _converter()


@checked_arguments
def parse_body(data: bytes, limits: Limits) -> object:
    """A request body or frame parsed as JSON within ``limits``."""
    return parse_document(data, toml=False, limits=limits)


def read_table_request(data: object) -> TableRequest:
    return structure(data, TableRequest, "$", _CONVERTER)


def read_move_request(data: object) -> MoveRequest:
    return structure(data, MoveRequest, "$", _CONVERTER)


def read_join_request(data: object) -> JoinRequest:
    return structure(data, JoinRequest, "$", _CONVERTER)


@checked_arguments
def read_seat_request(data: object, kind: str) -> TokenRequest | AnswerRequest:
    """The body of ``undo``, ``answer`` or ``resign``."""
    if kind == "answer":
        return structure(data, AnswerRequest, "$", _CONVERTER)
    return structure(data, TokenRequest, "$", _CONVERTER)


MAX_FRAME_ID = 64
"""Longest id a client may give a frame (a string), in characters."""
_LARGEST_ID = 2**53
"""Whole-number ids are exact in JavaScript up to this size."""


def frame_id(data: object) -> str | int | None:
    """The ``id`` a client gave a frame, echoed by the error that refuses it: a string of
    up to :data:`MAX_FRAME_ID` characters or a whole number; ``None`` when the frame has
    none, or none of that form."""
    value = data.get("id") if isinstance(data, dict) else None
    if isinstance(value, str) and len(value) <= MAX_FRAME_ID:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) <= _LARGEST_ID:
        return value
    return None


def read_frame(data: object) -> Frame:
    """A frame of a seat's socket; its ``id``, if any, is the client's and is set aside."""
    if isinstance(data, dict) and "id" in data:
        if frame_id(data) is None:
            raise MalformedInputError.single(
                "$.id",
                _(
                    "a frame's id is a string of up to {n} characters or a whole number",
                    n=MAX_FRAME_ID,
                ),
            )
        data = {key: value for key, value in data.items() if key != "id"}
    frame: Frame = structure(data, Frame, "$", _CONVERTER)  # type: ignore[arg-type]
    return frame
