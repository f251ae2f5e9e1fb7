"""The tables a server holds: made, acted on, stored, told to their sockets, played by bots.

Every change goes the same way: under the table's lock, the request becomes an event,
:meth:`Table.after <fertility_rules.server.table.Table.after>` checks it, the store keeps
it for good, and only then is the new table published to the sockets and the bots woken.
A store that refuses the event's number (another server process was first) makes the
table catch up from the store, and the request is checked again against what is there now.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import heapq
import itertools
import json
import logging
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fertility_rules.arguments import language_of
from fertility_rules.errors import (
    FertilityError,
    IllegalMoveError,
    MalformedInputError,
    NotAllowedError,
    Problem,
    UnknownIdError,
    nest_path,
)
from fertility_rules.formats.documents import parse_document
from fertility_rules.formats.limits import DEFAULT_LIMITS
from fertility_rules.games import GAMES, GameRules, find_game
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.records.format import read_record
from fertility_rules.records.game_record import GameRecord
from fertility_rules.server import auth
from fertility_rules.server.config import ServerConfig
from fertility_rules.server.messages import text_picture
from fertility_rules.server.refusals import Refusal, refused
from fertility_rules.server.requests import (
    SeatKind,
    SeatRequest,
    TableRequest,
    check_names,
    check_seed,
)
from fertility_rules.server.storage.base import Storage, StoredTable
from fertility_rules.server.table import (
    Event,
    Joined,
    Played,
    Resigned,
    Seat,
    Table,
    TableSetup,
    TableSummary,
    UndoAnswered,
    UndoAsked,
    event_from_json,
    event_to_json,
    setup_from_json,
    setup_to_json,
)

__all__ = ["Listener", "TableService"]

log = logging.getLogger("fertility_rules.server")

_ATTEMPTS = 5
"""Times a request is checked again after another process changed the table first."""
MAX_NOTATION = 200
"""Characters of a move in notation."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _not_a_move(move: object, view: Any) -> Any:
    raise MalformedInputError.single(
        "$", _("a move is given in notation (text) or as a JSON object")
    )


def _start(request: TableRequest) -> GameRecord:
    """What a new table starts from: the record given, or the game, players, seed and
    readings asked for (a seed drawn when none is given), without moves."""
    _check_open_seed(request)
    if request.record is None:
        try:
            rules = find_game(request.game or GAMES[0].name)
        except UnknownIdError as error:
            raise MalformedInputError.single("$.game", error.message) from None
        interpretations = (
            rules.new_interpretations()
            if request.interpretations is None
            else rules.formats.interpretations_from_json(
                request.interpretations, "$.interpretations"
            )
        )
        seed = secrets.randbits(63) if request.seed is None else request.seed
        try:
            return GameRecord(
                players=request.players,
                moves=(),
                seed=seed,
                variant=request.variant,
                interpretations=interpretations,
                game=rules,
            )
        except MalformedInputError as error:
            raise MalformedInputError([_rebase("$", p) for p in error.problems]) from None
    given = [
        key
        for key, given in (
            ("players", bool(request.players)),
            ("game", request.game is not None),
            ("seed", request.seed is not None),
            ("variant", request.variant),
            ("interpretations", request.interpretations is not None),
        )
        if given
    ]
    if given:
        message = _(
            "a table made from a record takes its game, players, setup and readings from it, "
            "not from {keys}",
            keys=", ".join(given),
        )
        raise MalformedInputError.single("$.record", message)
    try:
        record = read_record(request.record)
    except MalformedInputError as error:
        raise MalformedInputError([_rebase("$.record", p) for p in error.problems]) from None
    if record.catalogue is not None:
        message = _("a table plays the game's built-in catalogue, not one of the record's own")
        raise MalformedInputError.single("$.record.catalogue", message)
    check_names(record.players, "$.record.players")
    if record.seed is not None:
        check_seed(record.seed, "$.record.seed")
    return record


def _check_open_seed(request: TableRequest) -> None:
    """Fair seats: whoever chooses the seed, or brings a record, knows the deal (the
    hidden order of the piles); such a table must say so to every seat."""
    if request.open_seed:
        return
    if request.seed is not None:
        message = _(
            "the server draws every table's seed, so that no one knows the deal; a seed is "
            'chosen only for a table that shows it to every seat ("open_seed": true)'
        )
        raise MalformedInputError.single("$.seed", message)
    if request.record is not None:
        message = _(
            "a record gives the deal to whoever holds it: a table goes on from a record only "
            'if it shows every seat that the deal is known ("open_seed": true)'
        )
        raise MalformedInputError.single("$.open_seed", message)


def _started(
    setup: TableSetup, moves: tuple[Any, ...], record: object
) -> tuple[Table, list[tuple[int, str]]]:
    """The table ``setup`` starts, after ``moves`` (a record's, each refereed again), and
    the stored form of each move's event, numbered; problems are told at their place in
    the request (under ``$.record`` for a table made from a record)."""
    where = "$" if record is None else "$.record"
    try:
        table = Table.start(setup)
    except MalformedInputError as error:
        raise MalformedInputError([_rebase(where, p) for p in error.problems]) from None
    events = []
    for index, move in enumerate(moves):
        played = Played(table.state.current, move)
        try:
            table = table.after(played)
        except (IllegalMoveError, NotAllowedError) as error:  # illegal, or after the end
            raise MalformedInputError.single(
                f"$.record.moves[{index}]", error.reason, error.rule
            ) from None
        events.append((table.version, _dumps(event_to_json(played, setup))))
    return table, events


def _rebase(path: str, problem: Problem) -> Problem:
    """A problem of the move placed under ``path`` in the request."""
    return Problem(nest_path(path, problem.path), problem.message, problem.rule)


class Listener:
    """A socket's subscription: the tables to send, in order, for one seat and language.
    The queue ends with ``None`` (a client too slow to keep up: closed) or with the error
    the socket is closed with (it was closed to make room)."""

    def __init__(self, table_id: str, seat: int | None, language: str, size: int = 256) -> None:
        self.table_id = table_id
        self.seat = seat
        self.language = language
        self.queue: asyncio.Queue[Table | FertilityError | None] = asyncio.Queue(maxsize=size)
        self.closed = False
        """Closed by the server: the socket's frames are no longer read."""

    def push(self, table: Table) -> None:
        """Queues ``table``; a client too slow to keep up is sent ``None`` (then closed)."""
        try:
            self.queue.put_nowait(table)
        except asyncio.QueueFull:
            self.end(None)

    def end(self, why: FertilityError | None) -> None:
        """Closes the socket after nothing but ``why`` (told to it, when an error)."""
        self.closed = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(why)


class _Stale(Exception):
    """The table changed while a bot was thinking: think again."""


def _bot_seed(table: Table) -> int:
    """The same for every process: a bot's decision does not depend on who makes it."""
    key = f"{table.setup.id}:{table.version}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:8], "big")


def _choose(table: Table, agent: str) -> Any:
    rules = table.rules
    view = rules.observe(table.state)
    moves = rules.legal_moves(view)
    return rules.agents[agent](_bot_seed(table)).choose(view, moves)


def _draw(table: Table, language: str) -> str:
    rules = table.rules
    view = rules.observe(table.state)
    last = table.moves[-1] if table.before is not None else None
    if rules.pictures is None:
        return text_picture(rules.texts.text_board(view, last, language))
    return rules.pictures.table(view, last, language)


_RECENT = 8
"""Finished tables read back from the store and kept for the next requests."""


class TableService:
    """Holds the tables in play in memory, and of the finished ones only what the lobby
    lists (a finished table is read again from the store when asked for); the app's HTTP
    and socket handlers call it."""

    def __init__(self, storage: Storage, config: ServerConfig | None = None) -> None:
        self.storage = storage
        self.config = config or ServerConfig()
        self._tables: dict[str, Table] = {}
        self._touched: OrderedDict[str, float] = OrderedDict()
        """When each table in play last changed (``time.monotonic``; since the server
        started, for a table restored), the longest idle first: a table idle for
        ``idle_seconds`` is set aside (it leaves the memory, and comes back from the store
        when asked for)."""
        self._finished: OrderedDict[str, TableSummary] = OrderedDict()
        """The newest finished tables, as the lobby lists them."""
        self._recent: OrderedDict[str, Table] = OrderedDict()
        self._damaged: dict[str, int] = {}
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        """A table's lock lives while someone holds or waits for it."""
        self._listeners: dict[str, dict[Listener, None]] = {}
        """Each table's sockets, oldest first."""
        self._bots: dict[str, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._pictures: OrderedDict[tuple[str, int, str], str] = OrderedDict()
        self._thinking = ThreadPoolExecutor(self.config.bot_threads, "fertility-bot")
        """The bots' own threads."""
        self._refereeing = asyncio.Semaphore(1)
        """One record refereed at a time: many long records at once cannot take every core."""
        self.last_event = time.monotonic()
        """When a table last changed (``time.monotonic``): the server is quiet since."""

    # -------------------------------------------------------------------- lifetime

    async def start(self) -> None:
        """Opens the store and restores every table kept in it."""
        await self.storage.open(self._changed)
        for table_id in await self.storage.table_ids():
            await self._restore(table_id)
        for table_id in list(self._tables):
            self._wake(table_id)
        log.info("%d tables restored (%d damaged)", len(self._tables), len(self._damaged))

    async def stop(self) -> None:
        for task in [*self._bots.values(), *self._tasks]:
            task.cancel()
        for task in [*self._bots.values(), *self._tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for listeners in self._listeners.values():
            for listener in listeners:
                listener.queue.put_nowait(None)
        self._thinking.shutdown(wait=False, cancel_futures=True)
        await self.storage.close()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -------------------------------------------------------------------- reading

    def tables(
        self, game: str | None = None, over: bool | None = None, limit: int = 200
    ) -> list[TableSummary]:
        """The lobby: the newest ``limit`` listed tables (of ``game``, finished or not as
        ``over`` says, when given) among those in play and the newest finished ones. Only
        the tables listed are summarised (a summary is made once per table value)."""
        self._set_aside_idle()

        def wanted(table: Table | TableSummary) -> bool:
            return (
                table.setup.listed
                and (game is None or table.rules.name == game)
                and (over is None or table.over == over)
            )

        held: Iterable[Table | TableSummary] = itertools.chain(
            self._tables.values(), self._finished.values()
        )
        found = heapq.nlargest(
            limit, (t for t in held if wanted(t)), key=lambda table: table.setup.created
        )
        return [TableSummary.of(table) if isinstance(table, Table) else table for table in found]

    def _held(self, table_id: str) -> Table | None:
        """The table if it is in memory: in play, or finished and read back lately."""
        found = self._tables.get(table_id)
        if found is None:
            found = self._recent.get(table_id)
            if found is not None:
                self._recent.move_to_end(table_id)
        return found

    def table(self, table_id: str) -> Table:
        """The table ``table_id`` held in memory; an :class:`UnknownIdError` if it is not."""
        found = self._held(table_id)
        if found is None:
            raise UnknownIdError(_("There is no table {id!r}.", id=table_id[:64]))
        return found

    async def find(self, table_id: str) -> Table:
        """The table ``table_id``: in play, or read from the store (a finished table, or
        one another process has just made); an :class:`UnknownIdError` if there is none."""
        found = self._held(table_id)
        if found is None and len(table_id) <= 64:
            if self.storage.shared:
                await self._catch_up(table_id)
                found = self._held(table_id)
            if found is None:
                found = await self._read_back(table_id)
        return self.table(table_id) if found is None else found

    async def _read_back(self, table_id: str) -> Table | None:
        """A table no longer in memory, rebuilt from the store (away from the event loop:
        every move is checked again) and kept among the recent ones."""
        stored = await self.storage.load(table_id)
        if stored is None:
            return None
        async with self._refereeing:
            table = await asyncio.to_thread(self._build, stored)
        if table is not None:
            self._keep(table)
            table = self._held(table_id)
        return table

    def _keep(self, table: Table) -> None:
        """Holds ``table`` as the table's latest value: in play, or finished (then only
        its summary stays, among the lobby's newest, and the table among the recent)."""
        table_id = table.setup.id
        if not table.over or table_id in self._damaged:
            if self._tables.get(table_id) is not table:
                self._touched[table_id] = time.monotonic()
                self._touched.move_to_end(table_id)
            self._tables[table_id] = table
            return
        self._tables.pop(table_id, None)
        self._touched.pop(table_id, None)
        self._recent[table_id] = table
        self._recent.move_to_end(table_id)
        while len(self._recent) > _RECENT:
            self._recent.popitem(last=False)
        self._finished[table_id] = TableSummary.of(table)
        self._finished.move_to_end(table_id)
        while len(self._finished) > self.config.finished_listed:
            self._finished.popitem(last=False)

    def seat_of(self, table: Table, token: str | None) -> int | None:
        """The seat ``token`` holds (``None``: no token, a spectator); a token holding no
        seat of the table is refused, never taken for a spectator."""
        if token is None:
            return None
        seat = auth.match(token, [seat.token for seat in table.seats])
        if seat is None:
            raise refused(Refusal.TOKEN, _("This token holds no seat at this table."))
        return seat

    def _acting(self, table: Table, token: str | None) -> int:
        seat = self.seat_of(table, token)
        if seat is None:
            raise refused(
                Refusal.SPECTATOR, _("Spectators watch the game; only a seat's token acts.")
            )
        table.acting(seat)
        return seat

    async def picture(self, table: Table, language: str) -> str:
        """The picture of the table's view (R-9), drawn away from the event loop and kept
        for the next ones who ask; the text board for a game that draws no pictures."""
        key = (table.setup.id, table.version, language)
        found = self._pictures.get(key)
        if found is None:
            found = await asyncio.to_thread(_draw, table, language)
            self._pictures[key] = found
            while len(self._pictures) > self.config.pictures_cached:
                self._pictures.popitem(last=False)
        return found

    # -------------------------------------------------------------------- restoring

    def _read(self, text: str) -> object:
        return parse_document(text, toml=False, limits=DEFAULT_LIMITS)

    async def _restore(self, table_id: str) -> None:
        """Rebuilds a table from the store; a table whose stored history breaks a rule
        stops at the last good event and takes no more requests."""
        stored = await self.storage.load(table_id)
        if stored is None:
            return
        table = self._build(stored)
        if table is not None:
            self._keep(table)

    def _build(self, stored: StoredTable) -> Table | None:
        """The table a stored setup and events lead to (``None``: a setup that cannot be
        read, logged)."""
        try:
            table = Table.start(setup_from_json(self._read(stored.setup)))
        except FertilityError as error:
            log.error("table %s cannot be restored: %s", stored.id, error)
            return None
        return self._apply_stored(table, stored.events)

    def _apply_stored(self, table: Table, events: tuple[str, ...]) -> Table:
        for text in events:
            try:
                table = table.after(event_from_json(self._read(text), table.setup))
            except FertilityError as error:
                self._damaged[table.setup.id] = table.version + 1
                log.error(
                    "table %s: stored event %d refused: %s",
                    table.setup.id,
                    table.version + 1,
                    error,
                )
                break
        return table

    def _changed(self, table_id: str) -> None:
        """Another process changed (or made) the table: catch up and tell our sockets."""
        if len(table_id) <= 64:
            self._spawn(self._catch_up(table_id))

    async def _catch_up(self, table_id: str) -> None:
        async with self._lock(table_id):
            await self._catch_up_locked(table_id)
        self._wake(table_id)

    async def _catch_up_locked(self, table_id: str) -> None:
        table = self._held(table_id)
        if table is None:
            await self._restore(table_id)
            return
        if table_id in self._damaged:
            return
        stored = await self.storage.load(table_id, after=table.version)
        if stored is None:
            return
        for text in stored.events:
            table = self._apply_stored(table, (text,))
            if table_id in self._damaged:
                break
            self._keep(table)
            self._publish(table)

    # -------------------------------------------------------------------- changing

    def _lock(self, table_id: str) -> asyncio.Lock:
        lock = self._locks.get(table_id)
        if lock is None:
            lock = self._locks[table_id] = asyncio.Lock()
        return lock

    async def _act(self, table_id: str, make: Callable[[Table], Event]) -> Table:
        """The request ``make`` turns into an event, checked, stored, then published."""
        found = await self.find(table_id)
        async with self._lock(table_id):
            for _attempt in range(_ATTEMPTS):
                table = self._held(table_id) or found
                if table_id in self._damaged:
                    raise refused(
                        Refusal.DAMAGED,
                        _(
                            "This table's stored history is damaged at event {n}; it takes "
                            "no more requests.",
                            n=self._damaged[table_id],
                        ),
                    )
                event = make(table)
                after = table.after(event)
                text = _dumps(event_to_json(event, table.setup))
                if await self.storage.append(table_id, after.version, text):
                    self._keep(after)
                    self._publish(after)
                    break
                await self._catch_up_locked(table_id)
                found = self._held(table_id) or found
            else:
                raise refused(Refusal.BUSY, _("The table is busy; try again."))
        self._wake(table_id)
        return after

    def _set_aside_idle(self) -> None:
        """Lets go of the tables in play idle for ``idle_seconds``: they count no more,
        and are read back from the store when asked for."""
        oldest = time.monotonic() - self.config.idle_seconds
        while self._touched:
            table_id, touched = next(iter(self._touched.items()))
            if touched > oldest:
                break
            del self._touched[table_id]
            self._tables.pop(table_id, None)

    def _check_room(self, maker: str | None) -> None:
        """Refuses one more table when the server, or its maker, has as many in play as
        it may (tables set aside for being idle do not count)."""
        self._set_aside_idle()
        if len(self._tables) >= self.config.max_tables:
            raise refused(
                Refusal.FULL,
                _("The server holds as many tables as it can ({n}).", n=self.config.max_tables),
            )
        limit = self.config.tables_per_client
        if maker is not None:
            made = sum(1 for table in self._tables.values() if table.setup.maker == maker)
            if made >= limit:
                raise refused(
                    Refusal.QUOTA,
                    ngettext(
                        "You have {n} table in play, as many as one client may make; finish "
                        "or leave one first (a table with no move for {hours} hours counts "
                        "no more).",
                        "You have {n} tables in play, as many as one client may make; finish "
                        "or leave one first (a table with no move for {hours} hours counts "
                        "no more).",
                        made,
                        hours=f"{self.config.idle_seconds / 3600:g}",
                    ),
                )

    async def create(
        self, request: TableRequest, maker: str | None = None
    ) -> tuple[Table, list[str | None]]:
        """A new table, stored; with each person seat's token (``None`` for the others),
        shown this once and kept only as a digest. ``maker``: the client address that asks
        (its tables in play are counted)."""
        maker = None if maker is None else auth.digest(f"maker:{maker}")[:32]
        self._check_room(maker)
        start = _start(request)
        if len(start.moves) > self.config.max_plies:
            message = _(
                "this server plays at most {n} moves at one table (its own limit, not a rule "
                "of the game)",
                n=self.config.max_plies,
            )
            raise MalformedInputError.single("$.record.moves", message)
        rules, players = start.game, start.players
        requested = (
            tuple(SeatRequest() for _name in players) if request.seats is None else request.seats
        )
        if len(requested) != len(players):
            raise MalformedInputError.single("$.seats", _("one seat per player is needed"))
        seats, tokens = [], []
        for index, wanted in enumerate(requested):
            self._check_agent(rules, wanted, index)
            token = auth.new_token() if wanted.kind is SeatKind.PERSON else None
            tokens.append(token)
            digest = None if token is None else auth.digest(token)
            language = language_of(wanted.language).value  # "fr-FR" is kept as "fr"
            seats.append(Seat(wanted.kind, language, wanted.agent, digest))
        setup = TableSetup(
            id=auth.new_table_id(),
            game=rules,
            players=players,
            seats=tuple(seats),
            seed=start.seed,
            setup=start.setup,
            variant=start.variant,
            interpretations=start.interpretations,
            listed=request.listed,
            open_seed=request.open_seed,
            created=time.time(),
            maker=maker,
        )
        # Refereeing a long record takes a while: off the event loop, which serves the rest.
        async with self._refereeing:
            table, events = await asyncio.to_thread(_started, setup, start.moves, request.record)
        await self.storage.create(setup.id, _dumps(setup_to_json(setup)), setup.created)
        for number, event in events:
            await self.storage.append(setup.id, number, event)
        self._keep(table)
        self._wake(setup.id)
        return table, tokens

    @staticmethod
    def _check_agent(rules: GameRules, seat: SeatRequest, index: int) -> None:
        path = f"$.seats[{index}].agent"
        if seat.kind is SeatKind.BOT:
            if seat.agent not in rules.agents:
                raise MalformedInputError.single(
                    path,
                    _(
                        "a bot seat names one of the agents: {known}",
                        known=", ".join(rules.agents),
                    ),
                )
        elif seat.agent is not None:
            raise MalformedInputError.single(path, _("only a bot seat has an agent"))

    async def play(self, table_id: str, token: str | None, move: object, ply: int | None) -> Table:
        """A seat's move, in notation or as JSON; ``ply``: the moves the sender saw."""

        def make(table: Table) -> Event:
            seat = self._acting(table, token)
            if ply is not None and ply > table.ply:
                raise refused(
                    Refusal.STALE,
                    ngettext(
                        "Only {n} move has been played at this table, not {sent}.",
                        "Only {n} moves have been played at this table, not {sent}.",
                        table.ply,
                        sent=ply,
                    ),
                )
            if ply is not None and ply != table.ply:
                raise refused(
                    Refusal.STALE,
                    ngettext(
                        "The table has moved on: {n} move was played, not {sent}.",
                        "The table has moved on: {n} moves were played, not {sent}.",
                        table.ply,
                        sent=ply,
                    ),
                )
            table.check_turn(seat)
            self._check_length(table)
            return Played(seat, self._read_move(table, move))

        return await self._act(table_id, make)

    def _check_length(self, table: Table) -> None:
        """Refuses one more move at a table that has as many as the server plays."""
        if table.ply >= self.config.max_plies:
            raise refused(
                Refusal.TOO_LONG,
                _(
                    "This table has {n} moves, as many as this server plays at one table; "
                    "the limit is the server's, not a rule of the game, and the table takes "
                    "no more moves.",
                    n=self.config.max_plies,
                ),
            )

    @staticmethod
    def _read_move(table: Table, move: object) -> Any:
        """The move read against the table (the referee's own reading; nothing of it is
        sent back but the library's error)."""
        rules = table.rules
        if isinstance(move, str):
            if len(move) > MAX_NOTATION:
                raise MalformedInputError.single(
                    "$.move", _("a move in notation has at most {n} characters", n=MAX_NOTATION)
                )
            read: Callable[[Any, Any], Any] = rules.texts.parse_move
        elif isinstance(move, dict):
            read = rules.formats.read_move
        else:
            read = _not_a_move
        try:
            return read(move, table.state)
        except MalformedInputError as error:
            raise MalformedInputError(
                [_rebase("$.move", problem) for problem in error.problems], format=error.format
            ) from None

    async def ask_undo(self, table_id: str, token: str | None) -> Table:
        def make(table: Table) -> Event:
            seat = self._acting(table, token)
            return UndoAsked(seat, table.undo_target(seat))

        return await self._act(table_id, make)

    async def answer_undo(self, table_id: str, token: str | None, accept: bool) -> Table:
        return await self._act(
            table_id, lambda table: UndoAnswered(self._acting(table, token), accept)
        )

    async def resign(self, table_id: str, token: str | None) -> Table:
        def make(table: Table) -> Event:
            agents = table.rules.agents
            stand_in = (
                self.config.stand_in if self.config.stand_in in agents else next(iter(agents))
            )
            return Resigned(self._acting(table, token), stand_in)

        return await self._act(table_id, make)

    async def join(
        self, table_id: str, seat: int, language: str | None = None
    ) -> tuple[Table, str]:
        """Takes an open seat (in ``language`` from now on, when given): its token, shown
        this once."""
        token = auth.new_token()

        def make(table: Table) -> Event:
            if not 0 <= seat < len(table.seats):
                raise MalformedInputError.single(
                    "$.seat", _("there is no seat {n} at this table", n=seat)
                )
            if table.over:  # refused here, not by the table: such joins stored before load
                raise refused(
                    Refusal.OVER,
                    _("The game is over: no seat can be taken."),
                    table.rules.turn_rule,
                )
            chosen = None if language is None else language_of(language).value
            return Joined(seat, auth.digest(token), chosen)

        return await self._act(table_id, make), token

    # -------------------------------------------------------------------- telling

    def subscribe(self, table_id: str, seat: int | None, language: str) -> Listener:
        """A new socket of ``seat`` (``None``: a spectator). A seat always finds room: past
        its own bound it closes its oldest socket, and at a full table a spectator's."""
        listeners = self._listeners.setdefault(table_id, {})
        mine = [listener for listener in listeners if listener.seat == seat]
        if seat is not None and len(mine) >= self.config.seat_sockets:
            self._close(
                mine[0],
                _(
                    "This seat opened a newer socket; a seat keeps at most {n} open, and its "
                    "oldest is closed.",
                    n=self.config.seat_sockets,
                ),
            )
        elif len(listeners) >= self.config.max_sockets:
            spectators = [listener for listener in listeners if listener.seat is None]
            if seat is None or not spectators:
                if not listeners:
                    del self._listeners[table_id]
                raise refused(
                    Refusal.FULL,
                    _(
                        "This table has as many sockets open as it takes ({n}).",
                        n=self.config.max_sockets,
                    ),
                )
            self._close(
                spectators[0],
                _("A player needed this socket's place at the table; spectators make room."),
            )
        listener = Listener(table_id, seat, language)
        listeners[listener] = None
        return listener

    def _close(self, listener: Listener, message: Message) -> None:
        """Closes ``listener``'s socket to make room, telling it why."""
        self.unsubscribe(listener)
        listener.end(refused(Refusal.REPLACED, message))

    def unsubscribe(self, listener: Listener) -> None:
        listeners = self._listeners.get(listener.table_id)
        if listeners is not None:
            listeners.pop(listener, None)
            if not listeners:
                del self._listeners[listener.table_id]

    def _publish(self, table: Table) -> None:
        self.last_event = time.monotonic()
        for listener in list(self._listeners.get(table.setup.id, ())):
            listener.push(table)

    # -------------------------------------------------------------------- bots

    def _wake(self, table_id: str) -> None:
        """Starts the table's bot when a bot is to decide and none is thinking."""
        table = self._tables.get(table_id)
        if table is None or table.over or table_id in self._bots or table_id in self._damaged:
            return
        if table.seats[table.state.current].kind is not SeatKind.BOT:
            return
        if table.ply >= self.config.max_plies:  # the table takes no more moves
            return
        task = asyncio.create_task(self._bot(table_id))
        self._bots[table_id] = task

    async def _bot(self, table_id: str) -> None:
        try:
            while True:
                table = self._tables.get(table_id)
                if table is None or table.over or table_id in self._damaged:
                    return
                if table.ply >= self.config.max_plies:  # the table takes no more moves
                    return
                seat = table.state.current
                agent = table.seats[seat].agent
                if table.seats[seat].kind is not SeatKind.BOT or agent is None:
                    return
                if self.config.bot_delay:
                    await asyncio.sleep(self.config.bot_delay)
                loop = asyncio.get_running_loop()
                move = await loop.run_in_executor(self._thinking, _choose, table, agent)

                def make(now: Table, seen: Table = table, move: Any = move) -> Event:
                    if now.version != seen.version:
                        raise _Stale
                    self._check_length(now)
                    return Played(now.state.current, move)

                with contextlib.suppress(_Stale):
                    await self._act(table_id, make)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bot of table %s stopped", table_id)
        finally:
            self._bots.pop(table_id, None)
