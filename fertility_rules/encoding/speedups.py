"""The adapters' loops compiled, when the package was built with a C compiler.

The learning adapters spend much of a step in four loops over the game's own functions
and values: writing the sections of the observation a move changed
(:meth:`~fertility_rules.encoding.encoder.Encoder.floats`), making the same numbers into
the list OpenSpiel's tensors are (:meth:`~fertility_rules.encoding.encoder.Encoder.values`,
one shared Python ``0.0`` and ``1.0`` for the many zeros and ones), numbering the legal moves
(:meth:`~fertility_rules.encoding.spaces.ActionSpace.legal`) and making the mask of the
legal actions (:meth:`~fertility_rules.encoding.spaces.ActionSpace.allowed`).
``_speedups.c`` runs those loops in C; every call into the game (a section's ``reads``
and ``encode``, a section's ``offsets`` function) stays in Python, and the moves of an
action section numbered by terms (:class:`~fertility_rules.encoding.spaces.Numbering`)
are numbered in C from the terms' mappings. The pure-Python loops
(``floats_reference``, ``values_reference``, ``legal_reference``, ``allowed``'s own
loop) are the reference:
they are used when the compiled module is missing (no compiler when the package was
built), when the environment variable ``FERTILITY_RULES_PURE_PYTHON`` is ``1``, and
whenever the compiled loop meets anything out of the ordinary, so that every error is
the pure-Python one. The tests hold both to the same numbers, move by move.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

__all__ = ["COMPILED", "compiled"]


def _load() -> ModuleType | None:
    if os.environ.get("FERTILITY_RULES_PURE_PYTHON") == "1":
        return None
    try:
        # by name: a compiled module has no source for the import graph to read, which
        # would take the import for one of the package itself
        return importlib.import_module(__name__.rpartition(".")[0] + "._speedups")
    except ImportError:  # built without a C compiler
        return None


compiled: ModuleType | None = _load()
"""The compiled loops, or ``None`` (pure Python)."""

COMPILED = compiled is not None
"""Whether the adapters' loops run compiled."""
