"""A catalogue file's sections, each read on its own, so that every broken one is reported.

Both games' catalogue files are objects of named sections (the tokens, the tiles...). A
reader structures the file's frame first; then every section is read by itself, and the
problems of all of them are gathered, so that one answer lists everything to fix.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.i18n.message import _

__all__ = ["read_sections"]


def read_sections(
    data: object,
    root: object | None,
    types: Mapping[str, Any],
    read: Callable[[str, object, Any], Any],
    after_error: Callable[[str, object], list[Problem]] | None = None,
) -> tuple[dict[str, Any], list[Problem]]:
    """Every section of ``types`` read with ``read(key, raw, type)``, and the problems.

    A section is taken from ``root`` (the frame as read) or, when the frame is broken,
    from the JSON object ``data`` itself. A missing section is a problem at ``$``; a
    broken one gives its problems, and those ``after_error(key, raw)`` adds.
    """
    problems: list[Problem] = []
    sections: dict[str, Any] = {}
    for key, section_type in types.items():
        if root is not None:
            raw = getattr(root, key)
        else:
            raw = data.get(key) if isinstance(data, dict) else None
        if raw is None:
            if isinstance(data, dict) and key not in data:
                problems.append(Problem("$", _("missing field {key!r}", key=key)))
            continue
        try:
            sections[key] = read(key, raw, section_type)
        except MalformedInputError as error:
            problems += error.problems
            if after_error is not None:
                problems += after_error(key, raw)
    return sections, problems
