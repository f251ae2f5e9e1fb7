"""Game records (format ``fertility-rules/game-record/1``): write, read and replay.

A record holds what is needed to replay a game exactly: the catalogue (by name or
embedded), the interpretations, the 2-player variant flag, the players, the setup
(a seed or an explicit table) and the list of moves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from attrs import field, frozen

from fertility_rules._reading import Reader, join, read_document
from fertility_rules._version import RULES_VERSION
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import (
    DEFAULT_CATALOGUE_NAME,
    default_catalogue,
    dump_catalogue,
    read_catalogue,
)
from fertility_rules.errors import IllegalMoveError, MalformedInputError
from fertility_rules.i18n.message import Message, _
from fertility_rules.model.resources import MonumentType
from fertility_rules.records.moves_json import move_from_json, move_to_json
from fertility_rules.rules.engine import apply
from fertility_rules.rules.interpretations import (
    Interpretations,
    dump_interpretations,
    read_interpretations,
)
from fertility_rules.rules.moves import Move
from fertility_rules.rules.setup import Setup, random_setup, start_game, valley_boards_for
from fertility_rules.rules.state import GameState

__all__ = [
    "GAME_RECORD_FORMAT",
    "GameRecord",
    "ReplayError",
    "ReplayResult",
    "dump_record",
    "load_record",
    "read_record",
    "replay",
    "save_record",
]

GAME_RECORD_FORMAT = "fertility-rules/game-record/1"


@frozen
class GameRecord:
    """A whole game: enough to replay it move by move."""

    players: tuple[str, ...]
    moves: tuple[Move, ...]
    seed: int | None = None
    setup: Setup | None = None
    variant: bool = False
    interpretations: Interpretations = field(factory=Interpretations)
    catalogue: Catalogue | None = None
    """``None`` for the default catalogue (written by name); otherwise embedded."""

    @property
    def width(self) -> int:
        return 4 * valley_boards_for(len(self.players))

    def resolved_catalogue(self) -> Catalogue:
        return self.catalogue or default_catalogue()

    def resolved_setup(self) -> Setup:
        if self.setup is not None:
            return self.setup
        return random_setup(self.resolved_catalogue(), len(self.players), self.variant, self.seed)

    def initial_state(self) -> GameState:
        return start_game(
            self.players,
            self.resolved_setup(),
            self.resolved_catalogue(),
            self.variant,
            self.interpretations,
        )


@frozen
class ReplayError:
    """The first illegal move of a record: where, what, and the rule it breaks."""

    index: int
    move: Move
    rule: str
    message: Message


@frozen
class ReplayResult:
    """The state reached, and the first illegal move if the replay stopped early."""

    state: GameState
    error: ReplayError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def replay(record: GameRecord) -> ReplayResult:
    """Play the record's moves from its setup; stops at the first illegal move."""
    state = record.initial_state()
    for index, move in enumerate(record.moves):
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            return ReplayResult(state, ReplayError(index, move, error.rule, error.reason))
    return ReplayResult(state)


def _dump_setup(setup: Setup) -> dict[str, Any]:
    return {
        "valley": [{"board": board, "rotated": rotated} for board, rotated in setup.valley],
        "start": list(setup.start),
        "start_rotation": setup.start_rotation,
        "tiles": list(setup.tiles),
        "districts": list(setup.districts),
        "metropolis_boards": list(setup.metropolis_boards),
        "monument_types": [m.value for m in setup.monument_types],
    }


def dump_record(record: GameRecord) -> dict[str, Any]:
    """The JSON-like form read back by :func:`read_record`."""
    data: dict[str, Any] = {
        "format": GAME_RECORD_FORMAT,
        "rules_version": RULES_VERSION,
        "catalogue": DEFAULT_CATALOGUE_NAME
        if record.catalogue is None
        else dump_catalogue(record.catalogue),
        "interpretations": dump_interpretations(record.interpretations),
        "variant": record.variant,
        "players": list(record.players),
    }
    if record.seed is not None:
        data["seed"] = record.seed
    if record.setup is not None:
        data["setup"] = _dump_setup(record.setup)
    data["moves"] = [move_to_json(move, record.width) for move in record.moves]
    return data


def _strings(reader: Reader, value: object, path: str) -> tuple[str, ...] | None:
    items = [reader.string(v, p) for p, v in reader.items(value, path)]
    if any(i is None for i in items):
        return None
    return tuple(i for i in items if i is not None)


def _read_setup(reader: Reader, value: object, path: str) -> Setup | None:
    data = reader.obj(value, path)
    if data is None:
        return None
    keys = (
        "valley",
        "start",
        "start_rotation",
        "tiles",
        "districts",
        "metropolis_boards",
        "monument_types",
    )
    reader.only(data, keys, path)
    valley: list[tuple[str, bool]] = []
    for p, item in reader.items(reader.field(data, "valley", path), join(path, "valley")):
        board = reader.obj(item, p)
        if board is None:
            continue
        board_id = reader.string(reader.field(board, "board", p), join(p, "board"))
        rotated = reader.boolean(board.get("rotated", False), join(p, "rotated"))
        if board_id is not None and rotated is not None:
            valley.append((board_id, rotated))
    start = [
        reader.integer(v, p, 0)
        for p, v in reader.items(reader.field(data, "start", path), join(path, "start"))
    ]
    rotation = reader.integer(
        data.get("start_rotation", 0), join(path, "start_rotation"), 0, 3, "R-2.1"
    )
    tiles = _strings(reader, reader.field(data, "tiles", path), join(path, "tiles"))
    districts = _strings(reader, reader.field(data, "districts", path), join(path, "districts"))
    boards = _strings(
        reader, reader.field(data, "metropolis_boards", path), join(path, "metropolis_boards")
    )
    monuments: list[MonumentType] = []
    for p, v in reader.items(
        reader.field(data, "monument_types", path), join(path, "monument_types")
    ):
        name = reader.string(v, p)
        if name is None:
            continue
        try:
            monuments.append(MonumentType(name))
        except ValueError:
            reader.problem(p, _("unknown Monument type {name!r}", name=name), "R-1.8")
    if len(start) != 2 or start[0] is None or start[1] is None:
        reader.problem(join(path, "start"), _("the start square is [row, column]"), "R-2.1")
        return None
    if rotation is None or tiles is None or districts is None or boards is None:
        return None
    return Setup(
        valley=tuple(valley),
        start=(start[0], start[1]),
        start_rotation=rotation,
        tiles=tiles,
        districts=districts,
        metropolis_boards=boards,
        monument_types=tuple(monuments),
    )


def read_record(data: object, source: str | None = None) -> GameRecord:
    """Validate ``data`` into a :class:`GameRecord`; :func:`replay` checks the moves."""
    reader = Reader(source)
    root = reader.document(
        data,
        GAME_RECORD_FORMAT,
        (
            "format",
            "rules_version",
            "catalogue",
            "interpretations",
            "variant",
            "players",
            "seed",
            "setup",
            "moves",
        ),
    )
    catalogue: Catalogue | None = None
    raw_catalogue = root.get("catalogue", DEFAULT_CATALOGUE_NAME)
    if isinstance(raw_catalogue, dict):
        try:
            catalogue = read_catalogue(raw_catalogue, join(source or "$", "catalogue"))
        except MalformedInputError as error:
            for problem in error.problems:
                reader.problem(
                    "$.catalogue" + problem.path.removeprefix("$"), problem.message, problem.rule
                )
    elif raw_catalogue != DEFAULT_CATALOGUE_NAME:
        reader.problem(
            "$.catalogue",
            _(
                "a catalogue is {name!r} or an embedded catalogue object",
                name=DEFAULT_CATALOGUE_NAME,
            ),
        )
    options = Interpretations()
    if "interpretations" in root:
        try:
            options = read_interpretations(root["interpretations"])
        except MalformedInputError as error:
            reader.problems.extend(error.problems)
    variant = reader.boolean(root.get("variant", False), "$.variant")
    players = _strings(reader, reader.field(root, "players", "$"), "$.players") or ()
    if not 2 <= len(players) <= 4:
        reader.problem(
            "$.players",
            _("Fertility is played by 2 to 4 players, not {n}.", n=len(players)),
            "R-2.2",
        )
    seed = None if "seed" not in root else reader.integer(root["seed"], "$.seed")
    setup = None if "setup" not in root else _read_setup(reader, root["setup"], "$.setup")
    if "seed" not in root and "setup" not in root:
        reader.problem("$", _("a record gives a seed or an explicit setup"), "R-2")
    width = 4 * valley_boards_for(len(players)) if 2 <= len(players) <= 4 else 16
    moves = [
        move_from_json(reader, v, p, width)
        for p, v in reader.items(reader.field(root, "moves", "$"), "$.moves")
    ]
    reader.raise_if_problems()
    return GameRecord(
        players=players,
        moves=tuple(m for m in moves if m is not None),
        seed=seed,
        setup=setup,
        variant=bool(variant),
        interpretations=options,
        catalogue=catalogue,
    )


def load_record(path: str | Path) -> GameRecord:
    """Read a game record file."""
    return read_record(read_document(path), str(path))


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write a game record file (UTF-8 JSON)."""
    Path(path).write_text(
        json.dumps(dump_record(record), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
