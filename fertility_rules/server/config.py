"""The server's bounds: what one request, frame, client or table may take."""

from __future__ import annotations

from typing import Any

from attrs import Attribute, field, frozen

from fertility_rules.errors import MalformedInputError
from fertility_rules.formats.limits import Limits
from fertility_rules.i18n.message import _

__all__ = ["ServerConfig"]


def _positive(_instance: object, attribute: Attribute[Any], value: float) -> None:
    if not value > 0:
        raise MalformedInputError.single(
            attribute.name, _("{value} is not a positive number", value=str(value))
        )


@frozen(kw_only=True)
class ServerConfig:
    """Limits and policies of a table server; the defaults fit a public server.

    A game's messages are small (a move is under 200 bytes, a view about 3 KB), so the
    bounds leave a wide margin while keeping a hostile client from taking much.
    """

    max_body: int = field(default=64 * 1024, validator=_positive)
    """Largest HTTP request body, in bytes."""
    header_seconds: float = field(default=10.0, validator=_positive)
    """Time a client has to send a request's line and headers, from the moment it
    connects (or from the previous response on a kept-alive connection); then the
    connection is closed."""
    body_seconds: float = field(default=10.0, validator=_positive)
    """Time a client has to send a request's body once its headers are in: a client that
    sends a few bytes now and then (slowloris) would otherwise hold the request forever."""
    max_frame: int = field(default=16 * 1024, validator=_positive)
    """Largest WebSocket frame a client may send, in bytes."""
    requests_per_second: float = field(default=20.0, validator=_positive)
    """Sustained HTTP requests of one client address."""
    request_burst: int = field(default=60, validator=_positive)
    """Requests one client address may make at once before being slowed."""
    frames_per_second: float = field(default=10.0, validator=_positive)
    """Sustained frames of one WebSocket."""
    frame_burst: int = field(default=30, validator=_positive)
    max_tables: int = field(default=10_000, validator=_positive)
    """Tables in play at once; creating one more is refused. A finished table is kept in
    the store, not in memory, and counts no more (nor does one set aside, idle)."""
    tables_per_client: int = field(default=50, validator=_positive)
    """Tables in play one client address may have made at once (bot tables and unlisted
    ones included): one client cannot take the server's ``max_tables`` from the others."""
    idle_seconds: float = field(default=24 * 3600.0, validator=_positive)
    """A table in play with no event for this long is set aside: it leaves the memory and
    the lobby, and counts no more for ``max_tables`` or its maker's quota; it comes back,
    from the store, when someone asks for it by its id."""
    finished_listed: int = field(default=200, validator=_positive)
    """Finished tables the lobby lists (the newest); every finished table is still found
    by its id, read from the store."""
    max_plies: int = field(default=2_000, validator=_positive)
    """Moves played at one table (moves taken back do not count); a move beyond is
    refused (code too_long). A server's policy, not a game rule: a game whose players
    never end it (Ankh'or's tokens can be taken and given back forever) cannot grow
    without bound. A game is a few hundred moves."""
    max_sockets: int = field(default=32, validator=_positive)
    """WebSockets open on one table at once. A seat's socket always finds room: when the
    table has as many as it takes, a seat's new socket closes the oldest spectator's (so
    this should exceed ``seat_sockets`` times the most players of a game)."""
    seat_sockets: int = field(default=4, validator=_positive)
    """WebSockets one seat may have open on its table at once; a seat's socket beyond
    that closes the seat's oldest (a player who reloads a page is never locked out)."""
    bot_threads: int = field(default=1, validator=_positive)
    """Threads the bots think in, theirs alone: however many bot tables are in play, they
    take no thread from the rest of the server (making tables, pictures, reading back)."""
    bot_delay: float = 0.0
    """Seconds a bot waits before it moves, so that people can follow the game."""
    stand_in: str = "greedy"
    """The agent that plays for a seat whose player resigned (the game's first agent when
    the game has no agent of that name)."""
    pictures_cached: int = field(default=64, validator=_positive)
    """Pictures of views kept ready (each about 150 KB)."""

    @property
    def json_limits(self) -> Limits:
        """How much of a request body or frame the JSON reader agrees to read."""
        return Limits(
            max_bytes=max(self.max_body, self.max_frame),
            max_depth=12,
            max_items=1000,  # a record's moves: a 4-player game has about 250
            max_values=8000,
        )
