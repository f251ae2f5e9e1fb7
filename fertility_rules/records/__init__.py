"""Game records and final positions: values, replay, and their file formats."""

import importlib
from typing import TYPE_CHECKING

from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.records.game_record import (
    FirstIllegalMove,
    GameRecord,
    ReplayError,
    ReplayResult,
    replay,
)

if TYPE_CHECKING:
    from fertility_rules.fertility.formats.final_position import (
        FINAL_POSITION_FORMAT,
        dump_final_position,
        load_final_position,
        read_final_position,
    )
    from fertility_rules.fertility.formats.moves import move_from_json, move_to_json
    from fertility_rules.formats.record import (
        GAME_RECORD_FORMAT,
        dump_record,
        load_record,
        read_record,
        save_record,
    )

_FORMATS = {
    "FINAL_POSITION_FORMAT": "fertility_rules.fertility.formats.final_position",
    "dump_final_position": "fertility_rules.fertility.formats.final_position",
    "load_final_position": "fertility_rules.fertility.formats.final_position",
    "read_final_position": "fertility_rules.fertility.formats.final_position",
    "move_from_json": "fertility_rules.fertility.formats.moves",
    "move_to_json": "fertility_rules.fertility.formats.moves",
    "GAME_RECORD_FORMAT": "fertility_rules.formats.record",
    "dump_record": "fertility_rules.formats.record",
    "load_record": "fertility_rules.formats.record",
    "read_record": "fertility_rules.formats.record",
    "save_record": "fertility_rules.formats.record",
}
"""The file functions kept here for the existing API: the formats import the record
values, so they are imported on first use (PEP 562), never while this package loads."""


def __getattr__(name: str) -> object:
    module = _FORMATS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


__all__ = [
    "FINAL_POSITION_FORMAT",
    "GAME_RECORD_FORMAT",
    "FirstIllegalMove",
    "GameRecord",
    "ReplayError",
    "ReplayResult",
    "dump_final_position",
    "dump_record",
    "load_final_position",
    "load_record",
    "move_from_json",
    "move_to_json",
    "read_final_position",
    "read_record",
    "replay",
    "rulebook_example",
    "save_record",
]
