"""How much of an untrusted document the library agrees to read."""

from __future__ import annotations

from attrs import frozen

__all__ = ["DEFAULT_LIMITS", "Limits"]


@frozen
class Limits:
    """Bounds that fit the game, so that no file can exhaust memory or time.

    The largest real documents are a catalogue (40 Districts, 50 Valley tiles) and a
    game record (a few hundred moves); the bounds leave a wide margin above both.
    """

    max_bytes: int = 16 * 1024 * 1024
    """Size of a file, checked while it is read (16 MiB)."""
    max_depth: int = 24
    """Nesting of lists and objects."""
    max_digits: int = 30
    """Digits of an integer literal."""
    max_items: int = 5000
    """Items of one list or keys of one object (a few thousand moves)."""
    max_values: int = 100_000
    """Values in a whole document, estimated from its text before it is parsed, so that
    no file of the allowed size can expand into millions of objects."""


DEFAULT_LIMITS = Limits()
