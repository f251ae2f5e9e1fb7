"""Game-record files (format ``fertility-rules/game-record/1``): write and read.

The record's own checks live on :class:`GameRecord`, the moves' on the moves; this
module only maps the file's shape to those values. :func:`replay` checks the moves.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from attrs import field, frozen

from fertility_rules._version import RULES_VERSION
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import DEFAULT_CATALOGUE_NAME, dump_catalogue, read_catalogue
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.converter import attempt, converter_for, structure_document
from fertility_rules.formats.documents import join, read_document
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.formats.moves import MoveDocument, move_to_json
from fertility_rules.i18n.message import _
from fertility_rules.model.resources import MonumentType
from fertility_rules.records.game_record import GameRecord
from fertility_rules.rules.interpretations import Interpretations
from fertility_rules.rules.setup import Setup, valley_boards_for

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
        if min(self.start) < 0:
            raise MalformedInputError.single(
                "start", _("the start square is [row, column]"), "R-2.1"
            )
        if not 0 <= self.start_rotation <= 3:
            raise MalformedInputError.single(
                "start_rotation",
                _("{n} is above the maximum {max}", n=self.start_rotation, max=3),
                "R-2.1",
            )
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


@frozen(kw_only=True)
class _RecordDocument:
    """The file's shape; the field order is the order written."""

    rules_version: str = RULES_VERSION
    catalogue: Any = DEFAULT_CATALOGUE_NAME
    interpretations: Interpretations = field(factory=Interpretations)
    variant: bool = False
    players: tuple[str, ...]
    seed: int | None = None
    setup: _SetupDocument | None = None
    moves: tuple[MoveDocument, ...]


def dump_record(record: GameRecord) -> dict[str, Any]:
    """The JSON-like form read back by :func:`read_record`."""
    catalogue = record.catalogue
    document = _RecordDocument(
        catalogue=DEFAULT_CATALOGUE_NAME if catalogue is None else dump_catalogue(catalogue),
        interpretations=record.interpretations,
        variant=record.variant,
        players=record.players,
        seed=record.seed,
        setup=None if record.setup is None else _SetupDocument.of(record.setup),
        moves=(),
    )
    data: dict[str, Any] = {"format": GAME_RECORD_FORMAT}
    data.update(converter_for().unstructure(document))
    for key in ("seed", "setup"):
        if data[key] is None:
            del data[key]
    data["moves"] = [move_to_json(move, record.width) for move in record.moves]
    return data


def _catalogue(value: object, registry: EffectRegistry) -> Catalogue | None:
    if value == DEFAULT_CATALOGUE_NAME:
        return None
    if isinstance(value, dict):
        return read_catalogue(value, registry=registry)
    raise MalformedInputError.single(
        "$",
        _("a catalogue is {name!r} or an embedded catalogue object", name=DEFAULT_CATALOGUE_NAME),
    )


def read_record(
    data: object, source: str | None = None, registry: EffectRegistry = DEFAULT_REGISTRY
) -> GameRecord:
    """Validate ``data`` into a :class:`GameRecord`; :func:`replay` checks the moves.

    An embedded catalogue is read with ``registry`` (it names the effect kinds the
    catalogue's Shops may use).
    """
    document = structure_document(data, _RecordDocument, GAME_RECORD_FORMAT, source, registry)
    problems: list[Problem] = []
    if document.rules_version != RULES_VERSION:
        problems.append(
            Problem(
                "$.rules_version",
                _(
                    "this record needs rules version {found}; this library plays rules "
                    "version {ours}",
                    found=document.rules_version,
                    ours=RULES_VERSION,
                ),
            )
        )
    catalogue, found = attempt("$.catalogue", _catalogue, document.catalogue, registry)
    problems.extend(found)
    setup = None
    if document.setup is not None:
        setup, found = attempt("$.setup", document.setup.setup)
        problems.extend(found)
    players = len(document.players)
    width = 4 * valley_boards_for(players) if 2 <= players <= 4 else 16
    moves = []
    for index, move in enumerate(document.moves):
        value, found = attempt(join("$.moves", index), move.move, width)
        problems.extend(found)
        moves.append(value)
    if document.setup is not None and setup is None:
        raise MalformedInputError(problems, source)
    record, found = attempt(
        "$",
        GameRecord,
        document.players,
        tuple(moves),
        document.seed,
        setup,
        document.variant,
        document.interpretations,
        catalogue,
    )
    problems.extend(found)
    if problems or record is None:
        raise MalformedInputError(problems, source)
    return record


def load_record(
    path: str | Path,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    limits: Limits = DEFAULT_LIMITS,
) -> GameRecord:
    """Read a game record file (``-``: standard input)."""
    return read_record(read_document(path, limits), str(path), registry)


def save_record(record: GameRecord, path: str | Path) -> None:
    """Write a game record file (UTF-8 JSON)."""
    Path(path).write_text(
        json.dumps(dump_record(record), indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )
