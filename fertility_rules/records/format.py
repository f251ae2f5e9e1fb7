"""Game-record files of every game (format ``fertility-rules/game-record/2``): write and read.

A record names its game (``"game": "ankhor"``); the game's
:class:`~fertility_rules.games.GameFormats` read and write its parts (catalogue,
interpretations, setup, moves), each under its own JSON path, and the record's own checks
live on :class:`GameRecord`. Records of version 1 were written before the library held a
second game: they are Fertility's, and are read as such. :func:`replay` checks the moves.
"""

from __future__ import annotations

import functools
import json
import operator
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import frozen

from fertility_rules.arguments import argument_error, checked_arguments
from fertility_rules.errors import MalformedInputError, Problem, UnknownIdError
from fertility_rules.formats.base import _within_limits, attempt, problems_of, structure_document
from fertility_rules.formats.documents import SEQUENCES, join, read_document
from fertility_rules.formats.files import write_text
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.games import GameInfo, GameRules, find_game, known_games
from fertility_rules.i18n.message import _, echo

if TYPE_CHECKING:
    from fertility_rules.records.game_record import GameRecord

__all__ = [
    "FORMER_RECORD_FORMAT",
    "GAME_RECORD_FORMAT",
    "dump_record",
    "load_record",
    "read_record",
    "rules_version_problems",
    "save_record",
]

GAME_RECORD_FORMAT = "fertility-rules/game-record/2"
FORMER_RECORD_FORMAT = "fertility-rules/game-record/1"
"""Records written before games were named: Fertility's, read as ``"game": "fertility"``."""

T = TypeVar("T")


def rules_version_problems(found: str, ours: str) -> list[Problem]:
    """A file is read by the rules version it was written with."""
    if found == ours:
        return []
    message = _(
        "this record needs rules version {found}; this library plays rules version {ours}",
        found=echo(found),
        ours=ours,
    )
    return [Problem("rules_version", message)]


@frozen(kw_only=True)
class _RecordDocument:
    """The file's shape; the field order is the order written. The game reads the parts."""

    game: str
    rules_version: str | None = None
    """Left out: the rules version of this library."""
    catalogue: Any = "default"
    """Left out: the game's default catalogue (the schemas do not require it)."""
    interpretations: Any = None
    variant: bool = False
    players: tuple[str, ...]
    seed: int | None = None
    setup: Any = None
    moves: tuple[Any, ...]


@checked_arguments
def dump_record(record: GameRecord) -> dict[str, Any]:
    """The JSON-like form read back by :func:`read_record`."""
    rules = record.game
    formats = rules.formats
    players = len(record.players)
    data: dict[str, Any] = {
        "format": GAME_RECORD_FORMAT,
        "game": rules.name,
        "rules_version": rules.rules_version,
        "catalogue": formats.catalogue_to_json(record.catalogue),
        "interpretations": formats.interpretations_to_json(record.interpretations),
        "variant": record.variant,
        "players": list(record.players),
    }
    if record.seed is not None:
        data["seed"] = record.seed
    if record.setup is not None and formats.setup_to_json is not None:
        data["setup"] = formats.setup_to_json(record.setup)
    data["moves"] = [formats.record_move_to_json(move, players) for move in record.moves]
    return data


def _current(data: object) -> object:
    """A record of version 1 as the version 2 record it is (a Fertility record)."""
    if isinstance(data, dict) and data.get("format") == FORMER_RECORD_FORMAT and "game" not in data:
        return {**data, "format": GAME_RECORD_FORMAT, "game": "fertility"}
    return data


class _Parts:
    """The problems found while the game reads the record's parts, each under its path."""

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def moves(
        self, read: Callable[[object, int, str], Any], moves: object, players: int
    ) -> tuple[Any, ...]:
        """Every move of a record, each read by the game; the path is made for a problem only."""
        out = []
        for index, move in enumerate(moves if isinstance(moves, SEQUENCES) else ()):
            try:
                out.append(read(move, players, "$"))
            except MalformedInputError as error:
                self.found.extend(problems_of(error, join("$.moves", index)))
        return tuple(out)

    def read(self, path: str, read: Callable[..., T], *args: Any) -> T | None:
        try:
            return read(*args)
        except MalformedInputError as error:
            self.found.extend(problems_of(error, path))
            return None


def _check_registry(registry: object, games: Sequence[GameInfo]) -> None:
    """Refuse a registry that no game allowed reads its catalogues with, naming the
    argument (a game whose catalogues take none ignores the registry given)."""
    kinds = [info.load().formats.registry for info in games]
    known = tuple(kind for kind in kinds if kind is not None)
    if not isinstance(registry, known):
        expected = functools.reduce(operator.or_, known) | None if known else None
        raise argument_error("registry", expected, registry)


def _game(name: str, games: Sequence[GameInfo] | None) -> GameRules:
    try:
        return find_game(name, games)
    except UnknownIdError as error:
        raise MalformedInputError.single("$", error.message) from None


@checked_arguments
def read_record(
    data: object,
    source: str | None = None,
    registry: Any = None,
    *,
    games: Sequence[GameInfo] | None = None,
) -> GameRecord:
    """Validate ``data`` into a :class:`GameRecord` of one of ``games`` (by default every
    game known, :func:`~fertility_rules.games.known_games`); :func:`replay` checks the moves.
    The setup is checked as the game sets up a table (an explicit setup against the
    catalogue and the players), so that a record read is one that can be replayed.

    An embedded catalogue is read with ``registry`` (for Fertility, the effect kinds the
    catalogue's Shops may use): ``None`` or a registry of one of ``games``.
    """
    # Imported here: ``fertility_rules.records`` re-exports this module, so importing it
    # at the top would make this module fail when it is the first one imported.
    from fertility_rules.records.game_record import GameRecord

    if registry is not None:
        _check_registry(registry, known_games() if games is None else games)
    data = _current(data)
    _within_limits(data, source)  # a document too deep or too large is read no further
    parts = _Parts()
    document = parts.read("$", structure_document, data, _RecordDocument, GAME_RECORD_FORMAT)
    if not isinstance(data, dict):  # nothing more to read: the problem is said
        raise MalformedInputError(parts.found, source, GAME_RECORD_FORMAT)
    name = data.get("game")
    if not isinstance(name, str):
        raise MalformedInputError(parts.found, source, GAME_RECORD_FORMAT)
    rules = parts.read("$.game", _game, name, games)
    if rules is None:
        raise MalformedInputError(parts.found, source, GAME_RECORD_FORMAT)
    formats = rules.formats
    version = data.get("rules_version")
    if isinstance(version, str):
        found = rules_version_problems(version, rules.rules_version)
        parts.found.extend(problems_of(MalformedInputError(found)))
    catalogue = parts.read(
        "$.catalogue", formats.catalogue_from_json, data.get("catalogue", "default"), "$", registry
    )
    interpretations = None
    if "interpretations" in data:
        interpretations = parts.read(
            "$.interpretations", formats.interpretations_from_json, data["interpretations"], "$"
        )
    setup = None
    if data.get("setup") is not None:
        if formats.setup_from_json is None:
            parts.found.append(
                Problem("$.setup", _("this game's records give a seed, not a setup"))
            )
        else:
            setup = parts.read("$.setup", formats.setup_from_json, data["setup"], "$")
    players = data.get("players")
    count = len(players) if isinstance(players, SEQUENCES) else 0
    moves = data.get("moves")
    read_moves = parts.moves(formats.record_move_from_json, moves, count)
    if parts.found or document is None:
        raise MalformedInputError(parts.found, source, GAME_RECORD_FORMAT)
    record, problems = attempt(
        "$",
        GameRecord,
        document.players,
        read_moves,
        document.seed,
        setup,
        document.variant,
        interpretations,
        catalogue,
        rules,
    )
    if problems or record is None:
        raise MalformedInputError(problems, source, GAME_RECORD_FORMAT)
    # The setup against the catalogue and the players, by the game's own setup (its
    # first state), so that a record read can be replayed.
    _state, problems = attempt("$", rules.initial_state, record)
    if problems:
        raise MalformedInputError(problems, source, GAME_RECORD_FORMAT)
    return record


@checked_arguments
def load_record(
    path: str | Path,
    registry: Any = None,
    limits: Limits = DEFAULT_LIMITS,
    *,
    games: Sequence[GameInfo] | None = None,
) -> GameRecord:
    """Read a game record file (``-``: standard input) of one of ``games``.

    ``games`` are the games a record may be of (by default every game known); a
    record of another game is refused, saying so. ``registry`` reads an embedded Fertility
    catalogue as in :func:`read_record`; ``limits`` bound the file read.
    """
    return read_record(read_document(path, limits), str(path), registry, games=games)


@checked_arguments
def save_record(record: GameRecord, path: str | Path) -> None:
    """Write a game record file (UTF-8 JSON), whole or not at all."""
    write_text(path, json.dumps(dump_record(record), indent=1, ensure_ascii=False) + "\n")
