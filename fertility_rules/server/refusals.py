"""Why the table server refuses a request: a stable word per reason, sent as the ``code``
of a ``not_allowed`` error, for programs (the message is for people and translated)."""

from __future__ import annotations

import enum

from fertility_rules.errors import NotAllowedError
from fertility_rules.i18n.message import Message

__all__ = ["Refusal", "refused"]


class Refusal(enum.Enum):
    """The reasons a seat's request or a client's is refused."""

    TOKEN = "token"
    """The token holds no seat at this table."""
    SPECTATOR = "spectator"
    """No token: a spectator, who cannot act."""
    TURN = "turn"
    """The decision is another seat's."""
    STALE = "stale"
    """The move was sent for another ply (already played, or sent ahead)."""
    OVER = "over"
    """The game is over."""
    HIDDEN = "hidden"
    """Something hidden would be shown again or given out (an undo past a draw, the record
    before the end)."""
    UNDO_ASKED = "undo_asked"
    """An undo already waits for answers."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    """The seat has no move to take back."""
    NO_UNDO = "no_undo"
    """No undo waits for this seat's answer."""
    BOT_SEAT = "bot_seat"
    """A bot plays the seat."""
    SEAT_TAKEN = "seat_taken"
    """The seat is not open."""
    RATE = "rate"
    """Too many requests or messages: wait ``retry_after`` seconds."""
    FULL = "full"
    """The server holds all the tables, or the table all the sockets, it takes."""
    REPLACED = "replaced"
    """The socket was closed to make room: its seat opened a newer one, or a seat needed
    the table's last socket, which a spectator held."""
    TOO_LONG = "too_long"
    """The table has as many moves as the server plays at one table (the server's policy,
    not a rule of the game)."""
    QUOTA = "quota"
    """The client has as many tables in play as one client may make."""
    BUSY = "busy"
    """The table changed under the request too often; try again."""
    DAMAGED = "damaged"
    """The table's stored history is damaged."""
    METHOD = "method"
    """The path takes no request of this method."""
    UPGRADE = "upgrade"
    """The path is a WebSocket: a plain HTTP request cannot use it."""


def refused(code: Refusal, message: Message, rule: str | None = None) -> NotAllowedError:
    """The error refusing a request for ``code``, with its message and rule."""
    return NotAllowedError(message, rule, code=code.value)
