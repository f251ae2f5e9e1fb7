"""Hostile inputs made from good ones: JSON values bent out of shape, bytes broken, paths
and query strings twisted. Seeded, so a failure replays."""

from __future__ import annotations

import json
import random
from typing import Any

ODD_STRINGS = [
    "",
    " ",
    "\x00",
    "\ud800",
    "é" * 5000,
    "x" * 70_000,
    "../../etc/passwd",
    "%00",
    "<script>alert(1)</script>",
    "' OR 1=1 --",
    "NaN",
    "1e999",
    "\u202e",
    "place V01 a1 a2" * 30,
]
ODD_NUMBERS: list[Any] = [
    -1,
    0,
    2**31,
    2**63,
    -(2**63) - 1,
    10**30,
    1.5,
    -0.0,
    1e308,
    True,
    False,
]


def _deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


def odd_value(rng: random.Random) -> Any:
    """Something a field does not expect."""
    pick = rng.randrange(8)
    if pick == 0:
        return rng.choice(ODD_STRINGS)
    if pick == 1:
        return rng.choice(ODD_NUMBERS)
    if pick == 2:
        return None
    if pick == 3:
        return _deep(rng.choice([5, 30, 200]))
    if pick == 4:
        return {"type": rng.choice(["move", "undo", "answer", "resign", "?"]), "x": [1, 2]}
    if pick == 5:
        return [rng.choice(ODD_NUMBERS) for _ in range(rng.choice([0, 3, 300]))]
    if pick == 6:
        return {str(i): i for i in range(rng.choice([1, 50, 400]))}
    return rng.random()


def mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """``value`` with one part replaced, removed or added."""
    if isinstance(value, dict) and value and depth < 4 and rng.random() < 0.6:
        key = rng.choice(sorted(value))
        changed = dict(value)
        roll = rng.random()
        if roll < 0.3:
            del changed[key]
        elif roll < 0.4:
            changed[rng.choice(["extra", "token", "ply", "move", "seat", key + "_"])] = odd_value(
                rng
            )
        else:
            changed[key] = mutate(value[key], rng, depth + 1)
        return changed
    if isinstance(value, list) and value and depth < 4 and rng.random() < 0.6:
        index = rng.randrange(len(value))
        changed_list = list(value)
        roll = rng.random()
        if roll < 0.2:
            del changed_list[index]
        elif roll < 0.35:
            changed_list.append(odd_value(rng))
        else:
            changed_list[index] = mutate(value[index], rng, depth + 1)
        return changed_list
    if isinstance(value, str) and rng.random() < 0.5:
        return "".join(rng.sample(value, len(value))) if value else rng.choice(ODD_STRINGS)
    return odd_value(rng)


def encode(value: Any, rng: random.Random) -> bytes:
    """``value`` as JSON bytes, sometimes broken on the way."""
    try:
        text = json.dumps(value, ensure_ascii=rng.random() < 0.5)
    except ValueError:
        text = "{}"
    data = text.encode("utf-8", "surrogatepass")
    roll = rng.random()
    if roll < 0.08 and data:
        return data[: rng.randrange(len(data))]
    if roll < 0.14:
        spot = rng.randrange(len(data) + 1)
        return (
            data[:spot] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))) + data[spot:]
        )
    if roll < 0.18:
        return b'{"type": "move", "type": "undo", "move": "skip"}'
    if roll < 0.2:
        return b"[" * 5000
    return data


def odd_path_part(rng: random.Random, good: str) -> str:
    return rng.choice(
        [good, good[:-1], good + "x", "x" * 300, "%2e%2e", "..", "%00", "%F0%9F%98%80", "%ff"]
    )
