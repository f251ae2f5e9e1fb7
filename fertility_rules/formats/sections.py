"""A catalogue file's sections, each read on its own, so that every broken one is reported.

Both games' catalogue files are objects of named sections (the tokens, the tiles...). A
reader structures the file's frame first; then every section is read by itself, and the
problems of all of them are gathered, so that one answer lists everything to fix
(:meth:`CatalogueFile.read`). A catalogue is written back as the same frame, each
section without its note when it has none (:meth:`CatalogueFile.document`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, Self, TypeVar, cast

import attrs
from attrs import Factory, field, frozen
from cattrs import Converter
from cattrs.gen import make_dict_unstructure_fn, override

from fertility_rules.errors import MalformedInputError, Problem, join_path
from fertility_rules.formats.base import (
    attempt,
    check_names,
    other_library_format,
    structure,
    structure_document,
)
from fertility_rules.formats.documents import SEQUENCES
from fertility_rules.i18n.message import _, echo, printable
from fertility_rules.shared.provenance import Provenance, Source
from fertility_rules.shared.values import carried

__all__ = [
    "MAX_NOTE",
    "MAX_TEXT",
    "CatalogueFile",
    "Section",
    "frame",
    "read_sections",
    "text_problems",
    "write_sections",
]

T = TypeVar("T")

MAX_TEXT = 200
"""The most characters of a text of a catalogue file (its name, title, an id, a god's
name): one line, shown whole in a listing or a heading."""
MAX_NOTE = 5000
"""The most characters of a note of a catalogue file (where a value comes from): a few
paragraphs."""


def text_problems(data: object) -> list[Problem]:
    """The texts of the catalogue document ``data`` that are too long (a note past
    :data:`MAX_NOTE` characters, any other text past :data:`MAX_TEXT`) or hold a control
    character (an escape sequence; a note may have new lines), with their paths: a
    catalogue's texts are written out as they are, in listings and on terminals."""
    problems: list[Problem] = []
    stack: list[tuple[str, str, object]] = [("$", "", data)]
    while stack:
        path, key, value = stack.pop()
        if isinstance(value, dict):
            stack.extend((join_path(path, str(k)), str(k), v) for k, v in value.items())
        elif isinstance(value, SEQUENCES):
            stack.extend((join_path(path, i), key, v) for i, v in enumerate(value))
        elif isinstance(value, str):
            note = key == "note"
            limit = MAX_NOTE if note else MAX_TEXT
            if len(value) > limit:
                message = _(
                    "a text of at most {limit} characters, found {n}", limit=limit, n=len(value)
                )
                problems.append(Problem(path, message))
            elif printable(value) != value or (not note and "\n" in value):
                message = _(
                    "a text without control characters (new lines, escape sequences), found {text}",
                    text=echo(value),
                )
                problems.append(Problem(path, message))
    return sorted(problems, key=lambda problem: problem.path)


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

    @classmethod
    def of(cls, value: object, source: Source | None = None, **changes: Any) -> Self:
        """The section of ``value`` to write: its fields of the same names, ``changes``,
        and where they come from: ``source``, else the value's own ``source``, else its
        provenance (reconstructed when it has none) and note."""
        source = source or getattr(value, "source", None)
        if source is not None:
            changes = {"provenance": source.provenance, "note": source.note, **changes}
        elif "provenance" not in changes:
            changes["provenance"] = getattr(value, "provenance", None) or Provenance.RECONSTRUCTED
        return carried(value, cls, **changes)


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


class _Named(Protocol):
    """What a catalogue has besides its sections (the frame as read has the same)."""

    @property
    def name(self) -> str: ...

    @property
    def title(self) -> str | None: ...

    @property
    def note(self) -> str: ...


def _read_only(sections: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(sections))


def _frame_of(file: CatalogueFile) -> type:
    return frame("_Catalogue", file.sections)


@frozen
class CatalogueFile:
    """A game's catalogue file format: its id (``fmt``) and its sections by key, each a
    section class or a tuple of items; the file's frame is made from them once."""

    fmt: str
    sections: Mapping[str, Any] = field(converter=_read_only)
    frame_type: type = field(init=False, default=Factory(_frame_of, takes_self=True))

    def read(
        self,
        data: object,
        converter: Converter,
        source: str | None = None,
        after_error: Callable[[str, object], list[Problem]] | None = None,
    ) -> tuple[Any, dict[str, Any]]:
        """The frame of the document ``data`` and each of its sections read with
        ``converter``, or :class:`MalformedInputError` with the problems of all.

        A document that is not an object, or is another format of this library, gets the
        one problem that says so (its sections would all be wrong); otherwise the sections
        are read even when the frame is broken, for their problems too
        (:func:`read_sections`, ``after_error`` included).
        """
        problems = text_problems(data)
        root: Any
        try:
            root = structure_document(data, self.frame_type, self.fmt, source, converter)
        except MalformedInputError as error:
            if not isinstance(data, dict) or other_library_format(data, self.fmt):
                raise
            problems += error.problems
            root = None

        def read(key: str, raw: object, section_type: Any) -> Any:
            return structure(raw, section_type, f"$.{key}", converter)

        found, more = read_sections(data, root, self.sections, read, after_error)
        problems += more
        if problems or root is None:
            raise MalformedInputError(problems, source, self.fmt)
        return root, found

    def build(
        self, make: Callable[..., T], root: _Named, source: str | None = None, **parts: Any
    ) -> T:
        """The catalogue ``make`` builds from the frame ``root`` as read (its name, its
        title or else its name, its note) and its other ``parts``, or
        :class:`MalformedInputError` with the problems the catalogue's own checks found,
        under ``$``."""
        catalogue, problems = attempt(
            "$",
            functools.partial(
                make, name=root.name, title=root.title or root.name, note=root.note, **parts
            ),
        )
        if problems or catalogue is None:
            raise MalformedInputError(problems, source, self.fmt)
        return catalogue

    def document(
        self, catalogue: _Named, sections: Mapping[str, Any], converter: Converter
    ) -> dict[str, Any]:
        """The JSON-like document of ``catalogue``: its name, title and note, then each of
        its ``sections`` (section values by key) written by ``converter``."""
        return {
            "format": self.fmt,
            "name": catalogue.name,
            "title": catalogue.title,
            "note": catalogue.note,
            **{key: converter.unstructure(value) for key, value in sections.items()},
        }


def write_sections(converter: Converter, classes: Iterable[type[Section]]) -> None:
    """Register how ``converter`` writes each section class: its fields, the note left
    out when it is empty."""
    for cls in classes:
        converter.register_unstructure_hook(
            cls, make_dict_unstructure_fn(cls, converter, note=override(omit_if_default=True))
        )
