"""Every problem a reader reports points at a place that exists in the document read.

A view is read by rebuilding a state, and a catalogue's sections are checked by the
model's own classes: both used to report at the state's or the class's paths
(``$.district_deck`` for an observation's ``unseen_districts``, ``$.piles`` for
Ankh'or's ``unseen``, ``tiles`` without ``$`` for a catalogue's ``end.tiles``), which an
app cannot find in the document it sent. Each leaf of a valid document of every format
of both games is replaced by wrong values in turn; each problem's path must lead, step by
step, to a value of the changed document (``$`` itself, a key, or an index in range).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules import ankhor, fertility
from fertility_rules.errors import MalformedInputError

Path = tuple[str | int, ...]
STEP = re.compile(r'\.([\w-]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')
WRONG: tuple[object, ...] = (-1, "zz", None, [], 10**6)
LEAVES_PER_DOCUMENT = 120


def _played(module: Any, seed: int, moves: int) -> Any:
    state = module.new_game(["Ann", "Bob", "Cat"], seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        state = module.apply(state, rng.choice(module.legal_moves(state)))
    return state


def _documents() -> dict[str, tuple[dict[str, Any], Callable[[object], object]]]:
    documents: dict[str, tuple[dict[str, Any], Callable[[object], object]]] = {}
    for name, module in (("fertility", fertility), ("ankhor", ankhor)):
        state = _played(module, 7, 25)
        documents[f"{name} state"] = (module.dump_state(state), module.read_state)
        documents[f"{name} observation"] = (
            module.dump_observation(module.observe(state)),
            module.read_observation,
        )
        documents[f"{name} catalogue"] = (
            module.dump_catalogue(module.default_catalogue()),
            module.read_catalogue,
        )
        record = fr.Game.new(["Ann", "Bob"], seed=3, game=name)
        for _ in range(6):
            record = record.play(record.legal_moves[0])
        documents[f"{name} record"] = (fr.dump_record(record.record), fr.read_record)
    position = ankhor.final_position(_played(ankhor, 8, 30))
    documents["ankhor final position"] = (
        ankhor.dump_final_position(position),
        ankhor.read_final_position,
    )
    return {key: (json.loads(json.dumps(doc)), read) for key, (doc, read) in documents.items()}


DOCUMENTS = _documents()


def _leaves(value: object, path: Path = ()) -> Iterator[Path]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path


def _replaced(document: dict[str, Any], path: Path, value: object) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    parent: Any = changed
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return changed


def _objects(value: object, path: Path = ()) -> Iterator[Path]:
    if isinstance(value, dict):
        yield path
        for key, item in value.items():
            yield from _objects(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _objects(item, (*path, index))


def _with_key(document: dict[str, Any], path: Path, key: str) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    target: Any = changed
    for step in path:
        target = target[step]
    target[key] = 1
    return changed


def _leads_somewhere(document: object, path: str) -> bool:
    if not path.startswith("$"):
        return False
    rest, value = path[1:], document
    while rest:
        step = STEP.match(rest)
        if step is None:
            return False
        key, index, quoted = step.groups()
        if quoted is not None:
            key = json.loads(quoted)
        if key is not None:
            if not isinstance(value, dict) or key not in value:
                return False
            value = value[key]
        else:
            if not isinstance(value, list) or int(index) >= len(value):
                return False
            value = value[int(index)]
        rest = rest[step.end() :]
    return True


def _misplaced(
    read: Callable[[object], object],
    changes: Iterable[tuple[str, dict[str, Any]]],
    plain: bool = False,
) -> list[str]:
    """Every problem, over the changed documents, whose path leads nowhere in its document;
    with ``plain``, also a path that is not plain printable ASCII, and a change read
    without any problem."""
    lost: list[str] = []
    for label, changed in changes:
        try:
            read(changed)
        except MalformedInputError as error:
            lost += [
                f"{label}: {problem.path}"
                for problem in error.problems
                if not _leads_somewhere(changed, problem.path)
                or (plain and not (problem.path.isascii() and problem.path.isprintable()))
            ]
        else:
            if plain:
                lost.append(f"{label}: read without a problem")
    return lost


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_problem_points_into_the_document(name: str) -> None:
    document, read = DOCUMENTS[name]
    read(copy.deepcopy(document))  # the document itself is valid
    leaves = [leaf for leaf in _leaves(document) if leaf and leaf[0] != "format"]
    random.Random(name).shuffle(leaves)
    changes = (
        (f"{leaf} = {wrong!r}", _replaced(document, leaf, wrong))
        for leaf in leaves[:LEAVES_PER_DOCUMENT]
        for wrong in WRONG
    )
    lost = _misplaced(read, changes)
    assert not lost, "\n".join(sorted(set(lost))[:20])


def test_the_path_walk_finds_what_is_there_and_only_that() -> None:
    document = {"players": [{"name": "Ann"}], "offer": []}
    assert _leads_somewhere(document, "$")
    assert _leads_somewhere(document, "$.players[0].name")
    assert not _leads_somewhere(document, "players[0]")
    assert not _leads_somewhere(document, "$.players[1]")
    assert not _leads_somewhere(document, "$.district_deck")
    assert not _leads_somewhere(document, "$.offer[0]")
    assert _leads_somewhere({"a.b": [0]}, '$["a.b"][0]')
    assert not _leads_somewhere({"a.b": [0]}, "$.a.b[0]")


ODD_KEYS = ("\x1b[31m", "a.b", "\u202egnp.exe", "x y", "Q-1\n", "[0]", '"', "é")


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_an_unknown_key_is_named_by_a_path_that_is_plain_text_and_leads_to_it(name: str) -> None:
    # A key that is not a plain name is quoted and escaped in the path: a terminal or a log
    # that shows the path shows no control character of the input, and the path still
    # leads to the key (``$.players[0]["\u001b[31m"]``).
    document, read = DOCUMENTS[name]
    places = list(_objects(document))
    random.Random(name).shuffle(places)
    changes = (
        (f"{place} + {key!r}", _with_key(document, place, key))
        for place in places[:40]
        for key in ODD_KEYS
    )
    lost = _misplaced(read, changes, plain=True)
    assert not lost, "\n".join(sorted(set(lost))[:20])


def test_a_long_odd_key_is_cut_in_the_path() -> None:
    document, read = DOCUMENTS["fertility state"]
    with pytest.raises(MalformedInputError) as caught:
        read({**document, "\x07" * 5000: 1})
    (problem,) = caught.value.problems
    assert problem.path == '$["' + "\\u0007" * 40 + '..."]'
