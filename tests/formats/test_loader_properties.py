"""Every loader, fed generated malformed documents: only library errors escape, and the
document given is left as it was.

The documents are valid ones with one part replaced by a hostile value (the classes found
by fuzzing: huge integers, deep nesting, long lists, lone surrogates, ``4.0``, ``true``,
``null``, unknown keys, missing keys), or their JSON text with a key repeated.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules import (
    FertilityError,
    GameRecord,
    RandomAgent,
    default_catalogue,
    dump_record,
    play_game,
    read_record,
)
from fertility_rules.fertility import dump_final_position, read_final_position
from fertility_rules.fertility.catalogue import dump_catalogue, read_catalogue
from fertility_rules.fertility.formats.interpretations import read_interpretations
from fertility_rules.fertility.formats.moves import move_from_json
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.formats import parse_document

_GAME = play_game(["A", "B"], [RandomAgent(1), RandomAgent(2)], seed=3)
_RECORD = dump_record(GameRecord(players=("A", "B"), moves=_GAME.record.moves[:30], seed=3))
_SETUP_RECORD = dump_record(
    GameRecord(players=("A", "B"), moves=(), setup=_GAME.record.resolved_setup())
)

DOCUMENTS: dict[str, tuple[Any, Callable[[Any], object]]] = {
    "catalogue": (dump_catalogue(default_catalogue()), read_catalogue),
    "final position": (dump_final_position(rulebook_example()), read_final_position),
    "record": (_RECORD, read_record),
    "record with setup": (_SETUP_RECORD, read_record),
    "interpretations": (
        json.loads(json.dumps(dump_record(GameRecord(("A", "B"), (), 1))["interpretations"])),
        read_interpretations,
    ),
    "move": (_RECORD["moves"][0], lambda data: move_from_json(data, 12)),
}

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 60),
    st.sampled_from([4.0, 0.5, -1, 10**40, 10**5000, -(10**5000)]),
    st.sampled_from(["", "\ud800", "x\udfffy", "grapes", "any", "generic", "D01", "M1.1"]),
    st.text(max_size=6),
)


def _nested(depth: int) -> object:
    value: object = 1
    for _ in range(depth):
        value = [value] if depth % 2 else {"k": value}
    return value


HOSTILE = st.one_of(
    LEAVES,
    st.integers(25, 300).map(_nested),
    st.just([0] * 6000),
    st.lists(LEAVES, max_size=4),
    st.dictionaries(st.sampled_from(["kind", "type", "id", "x"]), LEAVES, max_size=3),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):  # a few items of each list suffice
            out.extend(_paths(item, (*path, index)))
    return out


PATHS = {name: _paths(document) for name, (document, _read) in DOCUMENTS.items()}


@st.composite
def damaged(draw: st.DrawFn, name: str) -> Any:
    document = copy.deepcopy(DOCUMENTS[name][0])
    path = draw(st.sampled_from(PATHS[name]))
    if not path:
        return draw(HOSTILE)
    target = document
    for key in path[:-1]:
        target = target[key]
    action = draw(st.sampled_from(["replace", "delete", "add"]))
    if action == "delete" and isinstance(target, dict):
        del target[path[-1]]
    elif action == "add" and isinstance(target, dict):
        target["unexpected"] = draw(HOSTILE)
    else:
        target[path[-1]] = draw(HOSTILE)
    return document


def _only_library_errors(read: Callable[[Any], object], document: Any) -> None:
    before = copy.deepcopy(document)
    rendered = "read"
    try:
        read(document)
    except FertilityError as error:
        rendered = str(error)
    assert rendered  # an error renders
    assert document == before, "the loader changed its input"


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
@given(data=st.data())
def test_only_library_errors_escape_and_inputs_are_unchanged(
    name: str, data: st.DataObject
) -> None:
    _only_library_errors(DOCUMENTS[name][1], data.draw(damaged(name)))


_HUGE = "__an integer Python cannot print__"


def _printable(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _printable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_printable(item) for item in value]
    if isinstance(value, int) and abs(value) > 10**4000:
        return _HUGE
    return value


def _text(document: Any) -> str:
    """JSON text; an integer too long for Python to print is written as 5,000 nines."""
    return json.dumps(_printable(document)).replace(json.dumps(_HUGE), "9" * 5000)


@pytest.mark.parametrize("name", ["catalogue", "final position", "record"])
@given(data=st.data())
def test_the_text_loaders_too(name: str, data: st.DataObject) -> None:
    """The JSON text of a damaged document, sometimes with a key given twice, or as TOML."""
    text = _text(data.draw(damaged(name)))
    if data.draw(st.booleans()) and text.startswith("{"):
        text = '{"format": 1, ' + text[1:]
    toml = data.draw(st.booleans())
    read = DOCUMENTS[name][1]

    def load(source: str) -> object:
        return read(parse_document(source, toml))

    _only_library_errors(load, text)
