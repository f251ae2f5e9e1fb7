"""The server settles its heap before its first socket (``fertility_rules.server.heap``):
what every game's table needs is loaded, then frozen out of the collector's reach."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import gc, sys
from fertility_rules.games import GAMES
from fertility_rules.server.heap import settle
before = set(sys.modules)
settle()
loaded = set(sys.modules) - before
print(gc.get_freeze_count())
print(len(gc.get_objects()))
print(" ".join(sorted(info.module for info in GAMES if info.module in sys.modules)))
print(sum(name.startswith("fertility_rules.ankhor.formats") for name in loaded))
"""


def test_settle_loads_every_game_and_freezes_what_it_loaded() -> None:
    # In a process of its own: a frozen heap would outlive this test in the test process.
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=120
    )
    frozen, left, modules, formats = done.stdout.split("\n")[:4]
    assert int(frozen) > 10_000  # the library and both games
    assert int(left) < int(frozen) // 10  # what the collector still walks
    assert modules.split() == ["fertility_rules.ankhor.game", "fertility_rules.fertility.game"]
    assert int(formats) > 0  # a view of Ankh'or was written: its formats are loaded
