"""JSON and TOML documents parsed within :class:`Limits`; every problem has its path.

Besides the syntax, a document is refused when it nests too deeply, has an integer
literal longer than the game could need, a list longer than the game could need, a
key given twice or text that cannot be written back as UTF-8 (a lone surrogate). Data
built in Python is held to the same limits: a tuple is looked into as the list it is read
as, and a value JSON does not have (a set, a mapping that is not a ``dict``) is refused.
"""

from __future__ import annotations

import functools
import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import attrs

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem, join_path
from fertility_rules.formats.files import read_bytes
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits, too_large
from fertility_rules.i18n.message import Message, _

__all__ = [
    "DEFAULT_LIMITS",
    "SEQUENCES",
    "Limits",
    "check_tree",
    "join",
    "moved",
    "parse_document",
    "read_document",
]


join = join_path
"""The JSON path of a key under a path (:func:`fertility_rules.errors.join_path`)."""


def moved(problems: list[Problem], old: str, new: str, offset: int = 0) -> list[Problem]:
    """``problems`` with the paths under list ``old`` moved under ``new``, each index
    shifted by ``offset``: a view read as a state reports at the view's own paths (its
    unseen tiles, read as a pile) rather than at the state's."""
    pattern = re.compile(re.escape(old) + r"(?:\[(\d+)\])?(?=$|[.\[])")

    def place(match: re.Match[str]) -> str:
        index = match.group(1)
        return new if index is None else f"{new}[{int(index) + offset}]"

    return [
        attrs.evolve(problem, path=pattern.sub(place, problem.path, count=1))
        if problem.path.startswith(old)
        else problem
        for problem in problems
    ]


class _Object(dict[str, object]):
    """A JSON object that repeated some keys (the repeated ones are reported)."""

    repeated: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, object]]) -> dict[str, object]:
    result = _Object(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        repeated: list[str] = []
        for key, _value in pairs:
            if key in seen:
                repeated.append(key)
            seen.add(key)
        result.repeated = tuple(repeated)
    return result


class _Constant(ValueError):
    """``NaN`` or ``Infinity``: JSON numbers Python would accept, the formats do not."""


def _refuse_constant(name: str) -> object:
    raise _Constant(name)


class _LongInteger:
    """An integer literal with too many digits, kept to be reported with its path."""


def _parse_int(literal: str, limits: Limits) -> object:
    return _LongInteger() if len(literal.lstrip("-")) > limits.max_digits else int(literal)


_JSON_REASONS: tuple[tuple[str, Message], ...] = (
    ("Expecting value", _("a value is expected")),
    ("Expecting property name", _("a key in double quotes is expected")),
    ("Expecting ',' delimiter", _("a comma is expected")),
    ("Expecting ':' delimiter", _("a colon is expected")),
    ("Unterminated string", _("a text is not closed")),
    ("Invalid control character", _("a control character inside a text")),
    ("Invalid \\", _("a backslash escape that JSON does not have")),  # \x, a short \u
    ("Extra data", _("something follows the document")),
)
"""What Python's JSON parser says (its messages are English), in words translated."""


_TOML_REASONS: tuple[tuple[str, Message], ...] = (
    ("Invalid value", _("a value is expected")),
    ("Invalid statement", _("a key, a table or a comment is expected")),
    ("Invalid initial character for a key part", _("a key is expected")),
    ("Expected '=' after a key", _("an equals sign is expected after a key")),
    ("Expected newline or end of document", _("a new line is expected after a value")),
    ("Expected ']'", _("a table header is not closed")),
    ("Expected ']]'", _("a table header is not closed")),
    ("Unclosed array", _("a list is not closed (or a comma is missing)")),
    ("Unclosed inline table", _("an inline table is not closed (or a comma is missing)")),
    ("Unterminated string", _("a text is not closed")),
    ("Unescaped '\\'", _("a backslash escape that TOML does not have")),
    ("Invalid hex value", _("a backslash escape that TOML does not have")),
    ("Escaped character", _("a backslash escape that TOML does not have")),  # not Unicode
    ("Illegal character", _("a control character inside a text")),
    ("Found invalid character", _("a control character inside a text")),
    ("Invalid date or datetime", _("a date or time that does not exist")),
    ("Cannot declare", _("a table is declared twice")),
    ("Duplicate inline table key", _("a key is given twice")),
    ("Cannot overwrite a value", _("a key is given twice")),
    ("Cannot redefine namespace", _("a key is given twice")),
    ("Cannot mutate immutable namespace", _("a table defined inline is extended")),
)
"""What Python's TOML parser says (its messages are English), in words translated."""

_TOML_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
"""Where Python's TOML parser says the error is, at the end of its message."""


def _reason(reason: str, reasons: tuple[tuple[str, Message], ...], otherwise: Message) -> Message:
    for start, message in reasons:
        if reason.startswith(start):
            return message
    return otherwise


def _json_reason(reason: str) -> Message:
    return _reason(reason, _JSON_REASONS, _("the text is not JSON here"))


def _toml_problem(error: tomllib.TOMLDecodeError) -> Message:
    """A TOML syntax error in words translated, with its line and column."""
    text = str(error)
    where = _TOML_WHERE.search(text)
    reason = _reason(
        text if where is None else text[: where.start()],
        _TOML_REASONS,
        _("the text is not TOML here"),
    )
    if where is None:
        return _("not valid TOML: {error}", error=reason)
    if where.group(1) is None:
        return _("not valid TOML: {error} (at the end of the document)", error=reason)
    return _(
        "not valid TOML: {error} (line {line}, column {column})",
        error=reason,
        line=int(where.group(1)),
        column=int(where.group(2)),
    )


def _parse_json(text: str, limits: Limits, source: str | None) -> object:
    # Integers are read by a hook only when a long digit run is in the text (rare, slower).
    text = text.removeprefix("\ufeff")  # a byte order mark, as some editors write (RFC 8259)
    long_digits = re.search(f"[0-9]{{{limits.max_digits + 1}}}", text) is not None
    parse_int = functools.partial(_parse_int, limits=limits) if long_digits else None
    try:
        return json.loads(
            text, object_pairs_hook=_pairs, parse_int=parse_int, parse_constant=_refuse_constant
        )
    except json.JSONDecodeError as error:
        message = _(
            "not valid JSON: {error} (line {line}, column {column})",
            error=_json_reason(error.msg),
            line=error.lineno,
            column=error.colno,
        )
    except _Constant as error:
        message = _("not valid JSON: {error} is not a number", error=str(error))
    except ValueError:  # an integer literal beyond Python's conversion limit
        message = _("an integer has more than {n} digits", n=limits.max_digits)
    except RecursionError:
        message = _("the document nests deeper than {n} levels", n=limits.max_depth)
    raise MalformedInputError.single("$", message, source=source)


def _parse_toml(text: str, limits: Limits, source: str | None) -> object:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = _toml_problem(error)
    except ValueError:  # an integer literal beyond Python's conversion limit
        message = _("an integer has more than {n} digits", n=limits.max_digits)
    except RecursionError:
        message = _("the document nests deeper than {n} levels", n=limits.max_depth)
    raise MalformedInputError.single("$", message, source=source)


_SCALARS = (str, int, float, type(None))
"""The JSON values that hold no other (a ``bool`` is an ``int``)."""

SEQUENCES = (list, tuple)
"""What the formats read as a JSON list: a list, or a tuple built in Python."""


def _children(value: object, path: str) -> Iterator[tuple[str, object]]:
    if isinstance(value, dict):
        return ((join(path, str(key)), item) for key, item in value.items())
    if isinstance(value, SEQUENCES):
        return ((join(path, index), item) for index, item in enumerate(value))
    return iter(())


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check(value: object, path: str, depth: int, limits: Limits) -> list[Problem]:
    """The problems of one value (not of its children)."""
    problems: list[Problem] = []
    if depth > limits.max_depth:
        problems.append(Problem(path, _("nested deeper than {n} levels", n=limits.max_depth)))
    if isinstance(value, _LongInteger) or (
        isinstance(value, int) and abs(value) >= 10**limits.max_digits
    ):
        problems.append(
            Problem(path, _("an integer has more than {n} digits", n=limits.max_digits))
        )
    elif isinstance(value, str) and not _encodable(value):
        problems.append(Problem(path, _("text that cannot be encoded (a lone surrogate)")))
    elif not isinstance(value, (*_SCALARS, *SEQUENCES, dict)):  # a set, another mapping...
        message = _(
            "a value of type {name}, which JSON does not have: expected a list, an object, "
            "a string, a number, true, false or null",
            name=type(value).__name__,
        )
        problems.append(Problem(path, message))
    elif isinstance(value, (*SEQUENCES, dict)) and len(value) > limits.max_items:
        problems.append(
            Problem(path, _("more than {n} items, far beyond the game", n=limits.max_items))
        )
    if isinstance(value, dict):
        for key in getattr(value, "repeated", ()):
            problems.append(Problem(join(path, key), _("the key {key!r} is given twice", key=key)))
        for key in value:
            if not isinstance(key, str) or not _encodable(key):
                problems.append(Problem(path, _("a key cannot be encoded (a lone surrogate)")))
    return problems


def check_tree(data: object, limits: Limits = DEFAULT_LIMITS) -> list[Problem]:
    """Every limit a parsed document breaks, with paths; iterative, so depth is harmless."""
    problems: list[Problem] = []
    stack: list[tuple[str, object, int]] = [("$", data, 0)]
    while stack:
        path, value, depth = stack.pop()
        found = _check(value, path, depth, limits)
        problems.extend(found)
        if not found:
            children = [(p, v, depth + 1) for p, v in _children(value, path)]
            stack.extend(reversed(children))
    return problems


@checked_arguments
def parse_document(
    text: str | bytes,
    toml: bool,
    source: str | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> object:
    """Parse TOML or JSON within ``limits``; anything wrong is a :class:`MalformedInputError`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise MalformedInputError.single(
                "$",
                _("the file is not UTF-8 text (byte {n})", n=error.start),
                source=source,
            ) from None
    if len(text) > limits.max_bytes:
        raise MalformedInputError.single(
            "$",
            too_large(limits),
            source=source,
        )
    if max(text.count(","), text.count("\n")) > limits.max_values:  # before any object is made
        message = _("more than {n} values, far beyond the game", n=limits.max_values)
        raise MalformedInputError.single("$", message, source=source)
    data = _parse_toml(text, limits, source) if toml else _parse_json(text, limits, source)
    problems = check_tree(data, limits)
    if problems:
        raise MalformedInputError(problems, source)
    return data


@checked_arguments
def read_document(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> object:
    """The parsed content of a JSON or TOML (by suffix) file or of standard input (``-``)."""
    source = str(path)
    content = read_bytes(path, limits)
    return parse_document(content, source.lower().endswith(".toml"), source, limits)
