"""A catalogue file's sections, each read on its own, so that every broken one is reported.

Both games' catalogue files are objects of named sections (the tokens, the tiles...). A
reader structures the file's frame first; then every section is read by itself, and the
problems of all of them are gathered, so that one answer lists everything to fix.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, cast

import attrs
from attrs import frozen

from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.base import check_names
from fertility_rules.i18n.message import _
from fertility_rules.shared.provenance import Provenance

__all__ = ["Section", "frame", "read_sections"]


@frozen(kw_only=True)
class Section:
    """A section of a catalogue file as written: its values (a subclass's fields), where
    they come from and a note. A subclass's ``checks`` finds its values' problems, taking
    them by their field names; a section with problems is refused when it is read."""

    provenance: Provenance
    note: str = ""

    checks: ClassVar[Callable[..., list[Problem]] | None] = None

    def __attrs_post_init__(self) -> None:
        checks = type(self).checks
        if checks is not None:
            problems = checks(**{name: getattr(self, name) for name in check_names(checks)})
            if problems:
                raise MalformedInputError(problems)


def frame(name: str, sections: Iterable[str]) -> type:
    """The class of a catalogue file's frame: its name, title and note, and each of
    ``sections`` kept as written (each is then read by itself, :func:`read_sections`)."""
    fields: dict[str, Any] = {
        "name": attrs.field(type=str),
        "title": attrs.field(type=cast(Any, str | None), default=None),
        "note": attrs.field(type=str, default=""),
    }
    fields.update({key: attrs.field(type=Any, default=None) for key in sections})
    return attrs.make_class(name, fields, frozen=True, kw_only=True)


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
