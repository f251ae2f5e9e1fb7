"""Generated documents of any game: blocks, writers in every format, worked examples and
the pictures' gallery. Each game's rules document lives in its package
(:mod:`fertility_rules.fertility.document`, :mod:`fertility_rules.ankhor.document`)."""

from fertility_rules.document.blocks import FORMATS

__all__ = ["FORMATS"]
