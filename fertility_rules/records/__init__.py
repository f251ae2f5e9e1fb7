"""Game records of any game: values, replay, and their file format. A game's own files
(final positions) live in its package."""

from typing import TYPE_CHECKING

from fertility_rules.lazy import lazy_names
from fertility_rules.records.game_record import (
    FirstIllegalMove,
    GameRecord,
    ReplayError,
    ReplayResult,
    replay,
)

if TYPE_CHECKING:
    from fertility_rules.records.format import (
        GAME_RECORD_FORMAT,
        dump_record,
        load_record,
        read_record,
        save_record,
    )

_FORMATS = {
    "GAME_RECORD_FORMAT": "fertility_rules.records.format",
    "dump_record": "fertility_rules.records.format",
    "load_record": "fertility_rules.records.format",
    "read_record": "fertility_rules.records.format",
    "save_record": "fertility_rules.records.format",
}
"""The file functions kept here for the existing API: the formats import the record
values, so they are imported on first use (PEP 562), never while this package loads."""


__all__ = [
    "GAME_RECORD_FORMAT",
    "FirstIllegalMove",
    "GameRecord",
    "ReplayError",
    "ReplayResult",
    "dump_record",
    "load_record",
    "read_record",
    "replay",
    "save_record",
]

__getattr__, __dir__ = lazy_names(__name__, _FORMATS, globals(), __all__)
