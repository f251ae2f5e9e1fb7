"""Game-record files (format ``fertility-rules/game-record/1``): write and read.

The record's own checks live on :class:`GameRecord`, the moves' on the moves; this
module only maps the file's shape to those values. :func:`replay` checks the moves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from attrs import field, frozen
from cattrs import Converter

from fertility_rules._version import RULES_VERSION
from fertility_rules.arguments import checked_arguments
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import DEFAULT_CATALOGUE_NAME, dump_catalogue, read_catalogue
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats import interpretations as _former  # noqa: F401 - reads old options
from fertility_rules.formats.converter import (
    attempt,
    converter_for,
    converter_with,
    format_hooks,
    structure_document,
)
from fertility_rules.formats.documents import read_document
from fertility_rules.formats.files import write_text
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.formats.moves import MoveDocument, move_to_json
from fertility_rules.i18n.message import _
from fertility_rules.model.resources import MonumentType
from fertility_rules.model.valley import BOARD_HEIGHT
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.moves import Move
from fertility_rules.rules.setup import Setup, valley_boards_for

if TYPE_CHECKING:
    from fertility_rules.records.game_record import GameRecord

__all__ = ["GAME_RECORD_FORMAT", "dump_record", "load_record", "read_record", "save_record"]

GAME_RECORD_FORMAT = "fertility-rules/game-record/1"


@frozen
class _BoardPlace:
    board: str
    rotated: bool = False


@frozen
class _SetupDocument:
    valley: tuple[_BoardPlace, ...]
    start: tuple[int, int]
    tiles: tuple[str, ...]
    districts: tuple[str, ...]
    metropolis_boards: tuple[str, ...]
    monument_types: tuple[MonumentType, ...]
    start_rotation: int = 0

    def setup(self) -> Setup:
        """The setup value; :func:`start_game` checks it against the catalogue (R-2)."""
        return Setup(
            valley=tuple((place.board, place.rotated) for place in self.valley),
            start=self.start,
            start_rotation=self.start_rotation,
            tiles=self.tiles,
            districts=self.districts,
            metropolis_boards=self.metropolis_boards,
            monument_types=self.monument_types,
        )

    @classmethod
    def of(cls, setup: Setup) -> _SetupDocument:
        return cls(
            valley=tuple(_BoardPlace(board, rotated) for board, rotated in setup.valley),
            start=setup.start,
            start_rotation=setup.start_rotation,
            tiles=setup.tiles,
            districts=setup.districts,
            metropolis_boards=setup.metropolis_boards,
            monument_types=setup.monument_types,
        )


def version_problems(rules_version: str) -> list[Problem]:
    """A record is replayed by the rules version it was played with."""
    if rules_version == RULES_VERSION:
        return []
    message = _(
        "this record needs rules version {found}; this library plays rules version {ours}",
        found=rules_version,
        ours=RULES_VERSION,
    )
    return [Problem("rules_version", message)]


@frozen(kw_only=True)
class _RecordDocument:
    """The file's shape; the field order is the order written."""

    rules_version: str = RULES_VERSION
    catalogue: Catalogue | None = None
    interpretations: Interpretations = field(factory=Interpretations)
    variant: bool = False
    players: tuple[str, ...]
    seed: int | None = None
    setup: Setup | None = None
    moves: tuple[Move, ...]

    checks = staticmethod(version_problems)

    def __attrs_post_init__(self) -> None:
        problems = version_problems(self.rules_version)
        if problems:
            raise MalformedInputError(problems)


@format_hooks
def _hooks(converter: Converter) -> None:
    converter.register_structure_hook(
        Setup, lambda value, _t: converter.structure(value, _SetupDocument).setup()
    )
    converter.register_unstructure_hook(
        Setup, lambda setup: converter.unstructure(_SetupDocument.of(setup))
    )


@checked_arguments
def dump_record(record: GameRecord) -> dict[str, Any]:
    """The JSON-like form read back by :func:`read_record`."""
    catalogue = record.catalogue
    document = _RecordDocument(
        interpretations=record.interpretations,
        variant=record.variant,
        players=record.players,
        seed=record.seed,
        setup=record.setup,
        moves=(),
    )
    data: dict[str, Any] = {"format": GAME_RECORD_FORMAT}
    data.update(converter_for().unstructure(document))
    data["catalogue"] = DEFAULT_CATALOGUE_NAME if catalogue is None else dump_catalogue(catalogue)
    for key in ("seed", "setup"):
        if data[key] is None:
            del data[key]
    data["moves"] = [move_to_json(move, record.width) for move in record.moves]
    return data


@frozen
class _Context:
    """What the parts of a record are read with: the registry, the board's width."""

    registry: EffectRegistry
    width: int

    def catalogue(self, converter: Converter, value: object) -> Catalogue | None:
        if value == DEFAULT_CATALOGUE_NAME:
            return None
        if isinstance(value, dict):
            return read_catalogue(value, registry=self.registry)
        raise MalformedInputError.single(
            "$",
            _(
                "a catalogue is {name!r} or an embedded catalogue object",
                name=DEFAULT_CATALOGUE_NAME,
            ),
        )

    def move(self, converter: Converter, value: object) -> Move:
        document: Any = converter.structure(value, MoveDocument)  # type: ignore[arg-type]
        move: Move = document.move(self.width, BOARD_HEIGHT)
        return move


def _width(data: object) -> int:
    """The board's width for the number of players the record names (16 if it cannot say)."""
    players = data.get("players") if isinstance(data, dict) else None
    count = len(players) if isinstance(players, list) else 0
    return 4 * valley_boards_for(count) if 2 <= count <= 4 else 16


@checked_arguments
def read_record(
    data: object, source: str | None = None, registry: EffectRegistry = DEFAULT_REGISTRY
) -> GameRecord:
    """Validate ``data`` into a :class:`GameRecord`; :func:`replay` checks the moves.

    An embedded catalogue is read with ``registry`` (it names the effect kinds the
    catalogue's Shops may use).
    """
    # Imported here: ``fertility_rules.records`` re-exports this module, so importing it
    # at the top would make this module fail when it is the first one imported.
    from fertility_rules.records.game_record import GameRecord

    context = _Context(registry, _width(data))
    converter = converter_with(registry, {Catalogue: context.catalogue, Move: context.move})
    document = structure_document(
        data, _RecordDocument, GAME_RECORD_FORMAT, source, registry, converter
    )
    record, problems = attempt(
        "$",
        GameRecord,
        document.players,
        document.moves,
        document.seed,
        document.setup,
        document.variant,
        document.interpretations,
        document.catalogue,
    )
    if problems or record is None:
        raise MalformedInputError(problems, source, GAME_RECORD_FORMAT)
    return record


@checked_arguments
def load_record(
    path: str | Path,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    limits: Limits = DEFAULT_LIMITS,
) -> GameRecord:
    """Read a game record file (``-``: standard input)."""
    return read_record(read_document(path, limits), str(path), registry)


@checked_arguments
def save_record(record: GameRecord, path: str | Path) -> None:
    """Write a game record file (UTF-8 JSON), whole or not at all."""
    write_text(path, json.dumps(dump_record(record), indent=1, ensure_ascii=False) + "\n")
