"""A table: a game played by its seats, as the fold of the events that happened there.

Everything that happens at a table is an event (a move, an undo asked or answered, a seat
joined or resigned), stored in order. A :class:`Table` is an immutable value and
:meth:`Table.after` gives the table an event leads to, or raises the library error that
forbids it. The server checks a request by computing ``after`` before storing the event,
and rebuilds a table by applying its stored events: one code path, so a restarted server,
or another server process, reaches exactly the same table.

The table reaches its game only through :class:`~fertility_rules.games.GameRules`.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

from attrs import evolve, field, frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError
from fertility_rules.formats.base import register_tagged_union, strict_converter, structure
from fertility_rules.games import GameRules, find_game, game_field
from fertility_rules.i18n.message import Message, _
from fertility_rules.records.game_record import GameRecord
from fertility_rules.server.refusals import Refusal, refused
from fertility_rules.server.requests import SeatKind

__all__ = [
    "TABLE_FORMAT",
    "Event",
    "Joined",
    "PendingUndo",
    "Played",
    "Resigned",
    "Seat",
    "Table",
    "TableSetup",
    "TableSummary",
    "UndoAnswered",
    "UndoAsked",
    "event_from_json",
    "event_to_json",
    "setup_from_json",
    "setup_to_json",
]

TABLE_FORMAT = "fertility-rules/table/1"
"""The stored description of a table (its setup and seats); never sent to clients."""


@frozen
class Seat:
    """Who plays one seat, and the digest of its token (``None``: no token, yet or ever)."""

    kind: SeatKind
    language: str
    agent: str | None = None
    token: str | None = None

    @property
    def person(self) -> bool:
        """Played by a person who holds a token (an open seat not yet joined is not)."""
        return self.kind is not SeatKind.BOT and self.token is not None


@frozen(kw_only=True)
class TableSetup:
    """What a table starts from: its game, players, seats and the game's setup."""

    id: str
    game: GameRules = field(converter=game_field)
    players: tuple[str, ...]
    seats: tuple[Seat, ...]
    seed: int | None
    """Sets the game up (R-2); drawn by the server, and never shown before the game is
    over, since it gives the hidden order of the piles (R-9.2), unless ``open_seed``."""
    setup: Any = None
    """The game's explicit setup, for a table made from a record that has one instead of
    a seed (kept as hidden as the seed)."""
    variant: bool = False
    interpretations: Any = None
    listed: bool = True
    created: float = 0.0
    """Seconds since the epoch."""
    open_seed: bool = False
    """The deal is known (its seed was chosen, or the table goes on from a record): every
    seat and the lobby are shown the seed."""
    maker: str | None = None
    """The digest of the client address that made the table (for its quota of tables in
    play); ``None`` for a table stored before makers were kept."""

    def __attrs_post_init__(self) -> None:
        if self.interpretations is None:
            object.__setattr__(self, "interpretations", self.game.new_interpretations())

    def record(self, moves: Sequence[Any] = ()) -> GameRecord:
        return GameRecord(
            players=self.players,
            moves=tuple(moves),
            seed=self.seed,
            setup=self.setup,
            variant=self.variant,
            interpretations=self.interpretations,
            game=self.game,
        )


# ------------------------------------------------------------------------------ events


@frozen
class Played:
    """``seat`` played ``move`` (a move of the game)."""

    seat: int
    move: Any


@frozen
class UndoAsked:
    """``seat`` asked to take back its move number ``ply`` (from 0) and all after it."""

    seat: int
    ply: int


@frozen
class UndoAnswered:
    seat: int
    accept: bool


@frozen
class Resigned:
    """``seat`` left the game; a bot plays it from now on."""

    seat: int
    agent: str


@frozen
class Joined:
    """A person took the open ``seat``; ``token`` is the digest of the token given, and
    ``language`` the one they asked for (``None``: the seat keeps its own)."""

    seat: int
    token: str
    language: str | None = None


Event = Played | UndoAsked | UndoAnswered | Resigned | Joined


@frozen
class PendingUndo:
    """An undo asked and not yet answered by every other person at the table."""

    seat: int
    ply: int
    waiting: frozenset[int]


# ------------------------------------------------------------------------------- table


def _replay(rules: GameRules, state: Any, moves: Sequence[Any]) -> Any:
    for move in moves:
        state = rules.apply_unchecked(state, move)
    return state


@frozen(kw_only=True, eq=False)
class Table:
    """A table after some of its events; :meth:`after` gives the next one. Two tables are
    equal only when they are the same value (a table is told to many sockets)."""

    setup: TableSetup
    seats: tuple[Seat, ...]
    initial: Any = field(repr=False)
    state: Any = field(repr=False)
    moves: tuple[Any, ...] = ()
    movers: tuple[int, ...] = ()
    """The seat that played each move."""
    revealed: tuple[bool, ...] = ()
    """Whether each move showed something hidden (it can never be taken back)."""
    pending: PendingUndo | None = None
    version: int = 0
    """Events applied: the number of the next event is ``version + 1``."""
    last: Event | None = None
    """The event that led here."""
    before: Any = field(default=None, repr=False)
    """The state before the last move, when the last event is a move."""

    @classmethod
    def start(cls, setup: TableSetup) -> Table:
        state = setup.record().initial_state()
        return cls(setup=setup, seats=setup.seats, initial=state, state=state)

    @property
    def rules(self) -> GameRules:
        return self.setup.game

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def over(self) -> bool:
        return bool(self.state.is_over)

    def record(self) -> GameRecord:
        return self.setup.record(self.moves)

    # -- what a seat may do

    def check_turn(self, seat: int) -> None:
        """Refuses a move of ``seat`` when the decision is another's (or the game is over)."""
        if self.over:
            raise refused(Refusal.OVER, _("The game is over: no more moves."), self.rules.turn_rule)
        current = self.state.current
        if seat != current:
            raise refused(
                Refusal.TURN,
                _(
                    "It is {player}'s decision, not {seat}'s.",
                    player=self.setup.players[current],
                    seat=self.setup.players[seat],
                ),
                self.rules.turn_rule,
            )

    def undo_target(self, seat: int) -> int:
        """The move ``seat`` may ask to take back: its last one, when no move since then
        (its own included) showed something hidden, and while the game goes on (once it
        is over, its record, hidden order included, may have been given out)."""
        if self.over:
            raise refused(
                Refusal.OVER,
                _("The game is over: no move can be taken back."),
                self.rules.turn_rule,
            )
        if self.pending is not None:
            raise refused(Refusal.UNDO_ASKED, _("An undo is already asked; wait for the answers."))
        mine = [ply for ply, mover in enumerate(self.movers) if mover == seat]
        if not mine:
            raise refused(Refusal.NOTHING_TO_UNDO, _("You have no move to take back."))
        target = mine[-1]
        for ply in range(target, self.ply):
            if self.revealed[ply]:
                raise refused(
                    Refusal.HIDDEN,
                    _(
                        "Move {n} showed what was hidden; no move up to it can be taken back.",
                        n=ply + 1,
                    ),
                    self.rules.hidden_rule,
                )
        return target

    def acting(self, seat: int) -> Seat:
        """The seat, refused when a bot plays it (its player resigned)."""
        found = self.seats[seat]
        if found.kind is SeatKind.BOT:
            raise refused(Refusal.BOT_SEAT, _("A bot plays this seat; it takes no requests."))
        return found

    # -- events

    def after(self, event: Event) -> Table:
        """The table after ``event``; raises the library error that forbids it."""
        table = self._after(event)
        before = table.before if isinstance(event, Played) else None
        return evolve(table, version=self.version + 1, last=event, before=before)

    def _after(self, event: Event) -> Table:
        if not 0 <= event.seat < len(self.seats):
            raise MalformedInputError.single(
                "$.seat", _("there is no seat {n} at this table", n=event.seat)
            )
        match event:
            case Played(seat, move):
                self.check_turn(seat)
                state = self.rules.apply(self.state, move)
                reveals = self.rules.reveals
                revealed = True if reveals is None else reveals(self.state, state)
                return evolve(
                    self,
                    state=state,
                    before=self.state,
                    moves=(*self.moves, move),
                    movers=(*self.movers, seat),
                    revealed=(*self.revealed, revealed),
                    pending=None,
                )
            case UndoAsked(seat, ply):
                self.acting(seat)
                if ply != self.undo_target(seat):
                    raise MalformedInputError.single(
                        "$.ply", _("move {n} is not the one to take back", n=ply + 1)
                    )
                others = frozenset(
                    index
                    for index, other in enumerate(self.seats)
                    if index != seat and other.person
                )
                return self._settle(PendingUndo(seat, ply, others))
            case UndoAnswered(seat, accept):
                pending = self.pending
                if pending is None or seat not in pending.waiting:
                    raise refused(Refusal.NO_UNDO, _("No undo waits for your answer."))
                if not accept:
                    return evolve(self, pending=None)
                return self._settle(evolve(pending, waiting=pending.waiting - {seat}))
            case Resigned(seat, agent):
                self.acting(seat)
                if self.over:
                    raise refused(Refusal.OVER, _("The game is over: no more moves."))
                seats = list(self.seats)
                seats[seat] = evolve(seats[seat], kind=SeatKind.BOT, agent=agent)
                table = evolve(self, seats=tuple(seats))
                pending = self.pending
                if pending is None:
                    return table
                if pending.seat == seat:
                    return evolve(table, pending=None)
                return table._settle(evolve(pending, waiting=pending.waiting - {seat}))
            case Joined(seat, token, language):
                if self.seats[seat].kind is not SeatKind.OPEN or self.seats[seat].token:
                    raise refused(Refusal.SEAT_TAKEN, _("This seat is not open."))
                seats = list(self.seats)
                language = language or seats[seat].language
                seats[seat] = evolve(seats[seat], token=token, language=language)
                return evolve(self, seats=tuple(seats))
        raise TypeError(event)  # pragma: no cover - the match is exhaustive

    def _settle(self, pending: PendingUndo) -> Table:
        """Waits for the answers still missing, or takes the moves back."""
        if pending.waiting:
            return evolve(self, pending=pending)
        moves = self.moves[: pending.ply]
        return evolve(
            self,
            state=_replay(self.rules, self.initial, moves),
            moves=moves,
            movers=self.movers[: pending.ply],
            revealed=self.revealed[: pending.ply],
            pending=None,
        )


@frozen(kw_only=True)
class TableSummary:
    """A table as the lobby lists it: all a server keeps in memory of a finished table
    (a few kilobytes, where the table itself holds every position of its game); the rest
    is read from the store when asked for."""

    setup: TableSetup
    seats: tuple[Seat, ...]
    ply: int
    over: bool
    status: Message
    """The game's status line (R-9), in every language."""

    @classmethod
    def of(cls, table: Table) -> TableSummary:
        """The summary of ``table``, made once per table value (the lobby lists a table
        many times between two of its events)."""
        found = _SUMMARIES.get(table)
        if found is None:
            rules = table.rules
            status = rules.texts.status(rules.observe(table.state))
            found = _SUMMARIES[table] = cls(
                setup=table.setup, seats=table.seats, ply=table.ply, over=table.over, status=status
            )
        return found

    @property
    def rules(self) -> GameRules:
        return self.setup.game


_SUMMARIES: weakref.WeakKeyDictionary[Table, TableSummary] = weakref.WeakKeyDictionary()
"""Each table value's summary, while the value lives."""


# --------------------------------------------------------------------------- as JSON


@frozen(kw_only=True)
class _SeatJSON:
    kind: SeatKind
    language: str
    agent: str | None = None
    token: str | None = None


@frozen(kw_only=True)
class _SetupJSON:
    id: str
    game: str
    players: tuple[str, ...]
    seats: tuple[_SeatJSON, ...]
    seed: int | None = None
    setup: Any = None
    variant: bool
    interpretations: Any
    listed: bool
    created: float
    open_seed: bool = False
    maker: str | None = None


_EVENT_TYPES: dict[str, type] = {
    "move": Played,
    "undo": UndoAsked,
    "answer": UndoAnswered,
    "resign": Resigned,
    "join": Joined,
}
"""The stored events by their ``type`` (a move's own JSON is the game's record form)."""


def _converter() -> Any:
    # An optional field left at its default is left out, as the strict reader asks.
    converter = strict_converter().copy(omit_if_default=True)
    converter.register_structure_hook(float, _number)
    register_tagged_union(
        converter,
        Event,
        "type",
        _EVENT_TYPES,
        lambda found, known: _(
            "unknown event {found!r}; expected one of: {known}", found=found, known=known
        ),
    )
    return converter


def _number(value: object, _type: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise MalformedInputError.single("", _("expected a number"))
    return float(value)


_CONVERTER = _converter()


@checked_arguments
def setup_to_json(setup: TableSetup) -> dict[str, Any]:
    rules = setup.game
    return {
        "format": TABLE_FORMAT,
        "id": setup.id,
        "game": rules.name,
        "players": list(setup.players),
        "seats": [
            {
                "kind": seat.kind.value,
                "language": seat.language,
                **({"agent": seat.agent} if seat.agent is not None else {}),
                **({"token": seat.token} if seat.token is not None else {}),
            }
            for seat in setup.seats
        ],
        **({"seed": setup.seed} if setup.seed is not None else {}),
        **(
            {"setup": rules.formats.setup_to_json(setup.setup)}
            if setup.setup is not None and rules.formats.setup_to_json is not None
            else {}
        ),
        "variant": setup.variant,
        "interpretations": rules.formats.interpretations_to_json(setup.interpretations),
        "listed": setup.listed,
        "created": setup.created,
        **({"open_seed": True} if setup.open_seed else {}),
        **({"maker": setup.maker} if setup.maker is not None else {}),
    }


def _stored_setup(rules: GameRules, data: object) -> Any:
    read = rules.formats.setup_from_json
    if data is None or read is None:
        return None
    return read(data, "$.setup")


def setup_from_json(data: object) -> TableSetup:
    """A stored table setup; a library error with every problem's path."""
    if not isinstance(data, dict) or data.get("format") != TABLE_FORMAT:
        raise MalformedInputError.single(
            "$.format", _("expected a table of format {fmt}", fmt=TABLE_FORMAT)
        )
    raw = structure({k: v for k, v in data.items() if k != "format"}, _SetupJSON, "$", _CONVERTER)
    rules = find_game(raw.game)
    seats = tuple(Seat(s.kind, s.language, s.agent, s.token) for s in raw.seats)
    if len(seats) != len(raw.players):
        raise MalformedInputError.single("$.seats", _("one seat per player is needed"))
    return TableSetup(
        id=raw.id,
        game=rules,
        players=raw.players,
        seats=seats,
        seed=raw.seed,
        setup=_stored_setup(rules, raw.setup),
        variant=raw.variant,
        interpretations=rules.formats.interpretations_from_json(
            raw.interpretations, "$.interpretations"
        ),
        listed=raw.listed,
        created=raw.created,
        open_seed=raw.open_seed,
        maker=raw.maker,
    )


@checked_arguments
def event_to_json(event: Event, setup: TableSetup) -> dict[str, Any]:
    if isinstance(event, Played):
        event = Played(
            event.seat, setup.game.formats.record_move_to_json(event.move, len(setup.players))
        )
    data: dict[str, Any] = _CONVERTER.unstructure(event, Event)
    return data


@checked_arguments
def event_from_json(data: object, setup: TableSetup) -> Event:
    """A stored event of the table ``setup`` starts; a library error with its path."""
    if isinstance(data, dict) and data.get("type") == "join" and data.get("language", "") is None:
        # Stored by 0.1.0 (before this change) for a join without a language.
        data = {key: value for key, value in data.items() if key != "language"}
    event: Event = structure(data, Event, "$", _CONVERTER)  # type: ignore[arg-type]
    if isinstance(event, Played):
        players = len(setup.players)
        return Played(
            event.seat, setup.game.formats.record_move_from_json(event.move, players, "$.move")
        )
    return event
