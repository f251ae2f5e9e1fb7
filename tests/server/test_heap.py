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


def _run(probe: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    return done.stdout.split()


GAMES_AFTER_SETTLING = """
import gc, random
from fertility_rules.games import GAMES
from fertility_rules.records.game_record import GameRecord
from fertility_rules.server.heap import settle
settle()
for info in GAMES:
    rules = info.load()
    for players in info.players:
        for seed in (101, 102):
            names = tuple("ABCDEF"[:players])
            state = GameRecord(players=names, moves=(), seed=seed, game=rules).initial_state()
            rng = random.Random(seed)
            while not state.is_over:
                state = rules.apply(state, rng.choice(rules.legal_moves(rules.observe(state))))
del state
gc.collect()
print(len(gc.get_objects()))
"""


def test_the_values_a_game_makes_once_are_made_before_the_freeze() -> None:
    # Two whole games of every game and player count, after settling: what they leave in
    # the collector's reach (the referees' values made once, such as moves) is little.
    # Before the settling played games of its own, it was 51,000 objects.
    (left,) = _run(GAMES_AFTER_SETTLING)
    assert int(left) < 12_000


TENDING = """
import asyncio, gc, weakref
from fertility_rules.server.heap import settle, tend
settle()
print(gc.get_threshold()[2] >= 2**30)
fulls = []
gc.callbacks.append(lambda phase, info: phase == "stop" and fulls.append(info["generation"]))

class Node:
    pass

def old_cycle():
    node = Node()
    node.me = node
    gc.collect(1)  # it lives through young collections: it is old now
    return weakref.ref(node)

async def main():
    loop = asyncio.get_running_loop()
    busy = loop.time
    found = old_cycle()
    tending = asyncio.create_task(tend(busy, every=3600.0))
    for _round in range(8):  # events all the time: never quiet
        garbage = [[index] for index in range(5000)]
        del garbage
        await asyncio.sleep(0.25)
    print(fulls.count(2), found() is not None)
    tending.cancel()
    tending = asyncio.create_task(tend(lambda: 0.0, every=3600.0))  # quiet for long
    for _round in range(600):
        if found() is None:
            break
        await asyncio.sleep(0.05)
    print(fulls.count(2), found() is None)
    tending.cancel()
    found = old_cycle()
    tending = asyncio.create_task(tend(busy, every=0.5))  # never quiet, but due
    for _round in range(600):
        if found() is None:
            break
        await asyncio.sleep(0.05)
    print(found() is None)

asyncio.run(main())
"""


def test_a_settled_heap_makes_full_collections_only_when_tended() -> None:
    # A settled heap makes no full collection on its own, even as young objects come and
    # go; tend() makes one once the server is quiet, or once it is due, and an old cycle
    # of garbage is collected then.
    high, while_busy, kept, when_quiet, collected, when_due = _run(TENDING)
    assert high == "True"
    assert (while_busy, kept) == ("0", "True")
    assert int(when_quiet) >= 1
    assert collected == "True"
    assert when_due == "True"
