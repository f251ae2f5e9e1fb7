"""Game records and final positions: values, replay, and their file formats."""

from fertility_rules.formats.final_position import (
    FINAL_POSITION_FORMAT,
    dump_final_position,
    load_final_position,
    read_final_position,
)
from fertility_rules.formats.moves import move_from_json, move_to_json
from fertility_rules.formats.record import (
    GAME_RECORD_FORMAT,
    dump_record,
    load_record,
    read_record,
    save_record,
)
from fertility_rules.records.game_record import (
    FirstIllegalMove,
    GameRecord,
    ReplayError,
    ReplayResult,
    replay,
)
from fertility_rules.records.rulebook_example import rulebook_example

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
