"""Schema and reader in agreement, for any file format of any game.

A format's JSON Schema and its reader must refuse the same documents for their shape.
:func:`broken_documents` breaks valid documents the ways hand-edited files break (a
value of another type, a key missing, a key too many, a number out of range);
:func:`disagreement` says what is wrong when the two disagree on one of them:

- the schema refuses and the reader accepts: always a disagreement;
- the reader refuses and the schema accepts: a disagreement unless every problem the
  reader reports is beyond what a schema can say, which ``beyond_schema`` decides (a
  problem naming a rule of the game, an id looked up in a catalogue, a limit of the
  readers...).

Nothing here knows a game: the documents, the schema, the reader and what is beyond a
schema are given.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from hypothesis import strategies as st

from fertility_rules.errors import FertilityError, MalformedInputError, Problem

__all__ = ["WRONG_VALUES", "broken_documents", "disagreement", "json_parent", "json_paths"]

Document = dict[str, Any]

WRONG_VALUES: tuple[object, ...] = (
    None,
    True,
    "x",
    "",
    1.5,
    4.0,
    -1,
    0,
    7,
    25,
    10**9,
    [],
    {},
    [1],
    [[]],
    {"x": 1},
)
"""Values put in place of another: each JSON type, fractions and whole numbers written
with a fraction, and numbers around the bounds of the games' formats."""


def json_paths(value: object, path: tuple[str | int, ...] = ()) -> Iterator[tuple[str | int, ...]]:
    """Every path below the root of a JSON-like value, depth first."""
    if isinstance(value, dict):
        children: list[tuple[str | int, object]] = list(value.items())
    elif isinstance(value, list):
        children = list(enumerate(value))
    else:
        children = []
    for key, child in children:
        yield (*path, key)
        yield from json_paths(child, (*path, key))


def json_parent(document: Any, path: Sequence[str | int]) -> Any:
    """The list or object holding the value at ``path`` (a path of :func:`json_paths`)."""
    for key in path[:-1]:
        document = document[key]
    return document


@st.composite
def broken_documents(
    draw: st.DrawFn,
    documents: st.SearchStrategy[Document],
    extra_keys: Sequence[str] = ("extra",),
    keep: Sequence[str] = ("format",),
) -> Document:
    """A document of ``documents`` broken once: a value replaced by one of
    :data:`WRONG_VALUES`, a key or an item removed, a key added (one of ``extra_keys``,
    which may be known keys in the wrong place) or an item repeated. Top-level keys in
    ``keep`` are left alone."""
    document = copy.deepcopy(draw(documents))
    paths = [p for p in json_paths(document) if p[0] not in keep]
    if not paths:
        return document
    shallow = [p for p in paths if len(p) <= 3]  # big documents are mostly deep lists
    near_the_top: bool = draw(st.booleans())
    path = draw(st.sampled_from(shallow if shallow and near_the_top else paths))
    parent = json_parent(document, path)
    how = draw(st.sampled_from(["value", "value", "missing", "extra"]))
    if how == "value":
        parent[path[-1]] = copy.deepcopy(draw(st.sampled_from(WRONG_VALUES)))
    elif how == "missing":
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent[draw(st.sampled_from(list(extra_keys)))] = 1
    else:
        parent.append(copy.deepcopy(parent[path[-1]]))
    return document


def disagreement(
    document: object,
    schema_accepts: Callable[[object], bool],
    read: Callable[[object], object],
    beyond_schema: Callable[[Problem], bool],
) -> str | None:
    """Why the schema and the reader disagree on ``document``, or ``None``."""
    accepted = schema_accepts(document)
    kept = copy.deepcopy(document)
    try:
        read(document)
    except MalformedInputError as error:
        problems: Sequence[Problem] = error.problems
    except FertilityError as error:
        return None if not accepted else f"the reader refuses outside a problem list: {error}"
    else:
        problems = ()
        if not accepted:
            return "the schema refuses a document the reader accepts"
    if document != kept:
        return "the reader changed the document"
    if accepted and problems:
        shape = [p for p in problems if not beyond_schema(p)]
        if shape:
            return "the schema accepts a document whose shape the reader refuses: " + "; ".join(
                p.render() for p in shape
            )
    return None
