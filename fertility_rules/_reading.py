"""Reading untrusted JSON-like data: every problem is collected with its JSON path."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats import documents
from fertility_rules.i18n.message import Message, _
from fertility_rules.model.resources import Icon, Resource

__all__ = ["MISSING", "Reader", "join", "parse_document", "read_document"]


def join(path: str, key: str | int) -> str:
    """The JSON path of ``key`` under ``path``."""
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}"


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


class _Missing:
    """The value of a field that is absent (already reported by :meth:`Reader.field`)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class Reader:
    """Collects :class:`Problem` values while a document is read; never raises midway."""

    def __init__(self, source: str | None = None) -> None:
        self.problems: list[Problem] = []
        self.source = source

    def problem(self, path: str, message: Message, rule: str | None = None) -> None:
        self.problems.append(Problem(path, message, rule))

    def raise_if_problems(self) -> None:
        if self.problems:
            raise MalformedInputError(self.problems, self.source)

    def obj(self, value: object, path: str) -> Mapping[str, Any] | None:
        if value is MISSING:
            return None
        if isinstance(value, dict) and all(isinstance(k, str) for k in value):
            return value
        self.problem(path, _("expected an object, found {found}", found=_type_name(value)))
        return None

    def document(self, data: object, fmt: str, allowed: Iterable[str]) -> Mapping[str, Any]:
        """The root object of a document in format ``fmt``; raises if it is no object."""
        root = self.obj(data, "$")
        if root is None:
            raise MalformedInputError(self.problems, self.source)
        self.only(root, allowed, "$")
        found = self.string(self.field(root, "format", "$"), "$.format")
        if found is not None and found != fmt:
            self.problem(
                "$.format",
                _("unknown format {found!r}; expected {expected!r}", found=found, expected=fmt),
            )
        return root

    def record(self, value: object, path: str, allowed: Iterable[str]) -> Mapping[str, Any] | None:
        """An object whose keys are all ``allowed`` (unknown keys are reported)."""
        data = self.obj(value, path)
        if data is not None:
            self.only(data, allowed, path)
        return data

    def track(self, value: object, path: str) -> tuple[int, ...] | None:
        """A non-empty, non-decreasing list of non-negative integers (R-1.7)."""
        items = self.items(value, path)
        if not items:
            if isinstance(value, list):
                self.problem(path, _("a track cannot be empty"), "R-1.7")
            return None
        values = [self.integer(v, p, 0, rule="R-1.7") for p, v in items]
        clean = tuple(v for v in values if v is not None)
        if len(clean) != len(values):
            return None
        if list(clean) != sorted(clean):
            self.problem(path, _("a track never decreases"), "R-1.7")
            return None
        return clean

    def field(self, data: Mapping[str, Any], key: str, path: str, required: bool = True) -> Any:
        """``data[key]``; a missing required key is a problem, and gives ``None``."""
        if key in data:
            return data[key]
        if required:
            self.problem(path, _("missing field {key!r}", key=key))
            return MISSING
        return None

    def only(self, data: Mapping[str, Any], allowed: Iterable[str], path: str) -> None:
        """Report every key of ``data`` that is not ``allowed``."""
        allowed_set = set(allowed)
        for key in data:
            if key not in allowed_set:
                self.problem(
                    join(path, key),
                    _(
                        "unknown field {key!r}; expected one of: {allowed}",
                        key=key,
                        allowed=", ".join(sorted(allowed_set)),
                    ),
                )

    def array(self, value: object, path: str) -> list[Any] | None:
        if value is MISSING:
            return None
        if isinstance(value, list):
            return value
        self.problem(path, _("expected a list, found {found}", found=_type_name(value)))
        return None

    def string(self, value: object, path: str) -> str | None:
        if value is MISSING:
            return None
        if isinstance(value, str):
            return value
        self.problem(path, _("expected a string, found {found}", found=_type_name(value)))
        return None

    def integer(
        self,
        value: object,
        path: str,
        minimum: int | None = None,
        maximum: int | None = None,
        rule: str | None = None,
    ) -> int | None:
        if value is MISSING:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            self.problem(path, _("expected an integer, found {found}", found=_type_name(value)))
            return None
        if minimum is not None and value < minimum:
            self.problem(path, _("{n} is below the minimum {min}", n=value, min=minimum), rule)
            return None
        if maximum is not None and value > maximum:
            self.problem(path, _("{n} is above the maximum {max}", n=value, max=maximum), rule)
            return None
        return value

    def boolean(self, value: object, path: str) -> bool | None:
        if value is MISSING:
            return None
        if isinstance(value, bool):
            return value
        self.problem(path, _("expected true or false, found {found}", found=_type_name(value)))
        return None

    def resource(self, value: object, path: str) -> Resource | None:
        if value is MISSING:
            return None
        text = self.string(value, path)
        if text is None:
            return None
        try:
            return Resource.from_key(text)
        except KeyError:
            self.problem(
                path,
                _(
                    "unknown resource {name!r}; expected one of: {known}",
                    name=text,
                    known=", ".join(r.key for r in Resource),
                ),
                "R-1.1",
            )
            return None

    def icon(self, value: object, path: str) -> Icon | None:
        if value is MISSING:
            return None
        text = self.string(value, path)
        if text is None:
            return None
        try:
            return Icon(text)
        except ValueError:
            self.problem(
                path,
                _(
                    "unknown icon {name!r}; expected one of: {known}",
                    name=text,
                    known=", ".join(i.value for i in Icon),
                ),
                "R-1.6",
            )
            return None

    def items(self, value: object, path: str) -> list[tuple[str, Any]]:
        """``(path, item)`` for each element of a list (none when not a list)."""
        if value is MISSING:
            return []
        values = self.array(value, path)
        if values is None:
            return []
        return [(join(path, i), item) for i, item in enumerate(values)]


parse_document = documents.parse_document
read_document = documents.read_document
