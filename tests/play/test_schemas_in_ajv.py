"""The schemas of both games in a validator of another language (issue 15, item 2): ajv,
draft 2020-12 in strict mode, compiles every schema alone and agrees with Python's jsonschema on the
examples, golden files and generated documents; every pattern is a valid ECMA-262
regular expression with the ``u`` flag (``\\~`` in a character class once was not).

Needs Node and the packages of ``tests/schemas_js`` (``npm ci --prefix tests/schemas_js``,
which ``.ci/run`` runs): skipped without them locally, never in CI (``CI`` set).
"""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

import fertility_rules as fr
from fertility_rules import ankhor
from fertility_rules.ankhor.formats.catalogue import dump_catalogue as ankhor_dump_catalogue
from fertility_rules.ankhor.formats.schema import SCHEMA_NAMES as ANKHOR_SCHEMA_NAMES
from fertility_rules.ankhor.formats.schema import schema as ankhor_schema
from fertility_rules.fertility import dump_final_position
from fertility_rules.fertility.catalogue import dump_catalogue
from fertility_rules.fertility.formats.schema import SCHEMA_NAMES, schema
from fertility_rules.fertility.formats.state import dump_move, dump_observation
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.fertility.rules import final_position
from fertility_rules.records.format import dump_record

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "tests" / "schemas_js" / "check.mjs"
PACKAGES = ROOT / "tests" / "schemas_js" / "node_modules" / "ajv"


def _ajv(request: dict[str, Any]) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None or not PACKAGES.is_dir():
        if os.environ.get("CI"):
            pytest.fail("Node and ajv are required in CI (.ci/run installs tests/schemas_js)")
        pytest.skip("Node or ajv missing: npm ci --prefix tests/schemas_js")
    done = subprocess.run(
        [node, str(CHECK)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def _walk(value: object) -> Iterator[tuple[str, object]]:
    """Every ``(key, value)`` pair of a JSON value, depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


SCHEMAS = {name: schema(name) for name in SCHEMA_NAMES}


def test_every_schema_compiles_alone_in_ajv_strict_mode() -> None:
    answer = _ajv({"schemas": SCHEMAS})
    assert answer["compiled"] == dict.fromkeys(SCHEMA_NAMES)


@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_every_reference_stays_inside_the_schema(name: str) -> None:
    refs = [value for key, value in _walk(SCHEMAS[name]) if key == "$ref"]
    assert refs
    assert all(isinstance(ref, str) and ref.startswith("#/$defs/") for ref in refs), refs
    defs = SCHEMAS[name]["$defs"]
    assert {str(ref).removeprefix("#/$defs/") for ref in refs} <= set(defs)


def _patterns() -> list[str]:
    found = []
    for document in SCHEMAS.values():
        for key, value in _walk(document):
            if key == "pattern" and isinstance(value, str):
                found.append(value)
            if key == "patternProperties" and isinstance(value, dict):
                found.extend(value)
    return found


def test_every_pattern_compiles_in_python_and_as_an_ecma_unicode_regexp() -> None:
    patterns = _patterns()
    assert patterns  # the catalogue's board rows
    for pattern in patterns:
        re.compile(pattern)
    # The check is live: the pattern the catalogue schema once had is refused.
    answer = _ajv({"patterns": [*patterns, "^[\\.w\\~abpgS]{4}$"]})
    assert answer["patterns"][:-1] == [None] * len(patterns)
    assert answer["patterns"][-1] is not None


def _game(seed: int, players: int, moves: int) -> fr.Game:
    game = fr.Game.new([f"P{i}" for i in range(players)], seed=seed)
    for index in range(moves):
        if game.state.is_over:
            break
        legal = fr.legal_moves(game.state)
        game = game.play(legal[(seed + index) % len(legal)])
    return game


def _documents() -> list[tuple[str, object]]:
    """The examples, the golden files and documents generated from seeded games."""
    documents: list[tuple[str, object]] = [
        ("catalogue", dump_catalogue(fr.default_catalogue())),
        ("final-position", dump_final_position(rulebook_example())),
    ]
    for path in sorted((ROOT / "docs" / "examples").glob("*.json")):
        documents.append(("final-position", json.loads(path.read_text("utf-8"))))
    for path in sorted((ROOT / "tests" / "golden" / "records").glob("*.json")):
        if not path.name.endswith(".score.json"):
            documents.append(("game-record", json.loads(path.read_text("utf-8"))))
    for seed, players, moves in [(1, 2, 0), (2, 3, 40), (3, 4, 90), (4, 2, 400)]:
        game = _game(seed, players, moves)
        state = game.state
        documents.append(("game-record", fr.dump_record(game.record)))
        documents.append(("game-state", fr.dump_state(state)))
        documents.append(("observation", dump_observation(state, moves=True)))
        documents.extend(("move", dump_move(move, state)) for move in fr.legal_moves(state))
        documents.append(("final-position", dump_final_position(final_position(state))))
    return documents


def _broken(documents: list[tuple[str, object]]) -> list[tuple[str, object]]:
    """Each document broken in the ways hand-edited files break: a key too many, a
    required key missing, a number out of range, a value of another type."""
    broken: list[tuple[str, object]] = []
    for name, document in documents[:40]:
        assert isinstance(document, dict)
        extra = copy.deepcopy(document)
        extra["extra"] = 1
        broken.append((name, extra))
        for key, value in list(document.items())[:6]:
            changed = copy.deepcopy(document)
            changed[key] = (
                -1 if isinstance(value, int) and not isinstance(value, bool) else {"x": []}
            )
            broken.append((name, changed))
            missing = copy.deepcopy(document)
            del missing[key]
            broken.append((name, missing))
    return broken


def test_ajv_and_jsonschema_agree_on_every_document() -> None:
    documents = _documents()
    everything = documents + _broken(documents)
    answer = _ajv({"schemas": SCHEMAS, "documents": [list(pair) for pair in everything]})
    python = [Draft202012Validator(SCHEMAS[name]).is_valid(doc) for name, doc in everything]
    assert answer["valid"][: len(documents)] == [True] * len(documents)
    assert python[: len(documents)] == [True] * len(documents)
    assert answer["valid"] == python
    assert not all(python)  # the broken documents do break


# Ankh'or's schemas (issue 16, item 6: the same guarantees for its readers): each compiles
# alone in ajv's strict mode and agrees with jsonschema on documents of seeded games, sound
# and broken.

ANKHOR_SCHEMAS = {name: ankhor_schema(name) for name in ANKHOR_SCHEMA_NAMES}


def test_every_ankhor_schema_compiles_alone_in_ajv_strict_mode() -> None:
    answer = _ajv({"schemas": ANKHOR_SCHEMAS})
    assert answer["compiled"] == dict.fromkeys(ANKHOR_SCHEMA_NAMES)
    for document in ANKHOR_SCHEMAS.values():
        refs = [value for key, value in _walk(document) if key == "$ref"]
        assert all(isinstance(ref, str) and ref.startswith("#/$defs/") for ref in refs), refs


def _ankhor_documents() -> list[tuple[str, object]]:
    documents: list[tuple[str, object]] = [
        ("catalogue", ankhor_dump_catalogue(ankhor.default_catalogue()))
    ]
    for seed, players, moves in [(1, 2, 0), (2, 3, 30), (3, 4, 80), (4, 2, 600)]:
        game = fr.Game.new([f"P{i}" for i in range(players)], seed=seed, game="ankhor")
        for index in range(moves):
            if game.state.is_over:
                break
            legal = ankhor.legal_moves(game.state)
            game = game.play(legal[(seed + index) % len(legal)])
        state = game.state
        documents.append(("game-record", dump_record(game.record)))
        documents.append(("game-state", ankhor.dump_state(state)))
        documents.append(("observation", ankhor.dump_observation(state, moves=True)))
        documents.extend(("move", ankhor.dump_move(move)) for move in ankhor.legal_moves(state))
        documents.append(
            ("final-position", ankhor.dump_final_position(ankhor.final_position(state)))
        )
    return documents


def test_ajv_and_jsonschema_agree_on_every_ankhor_document() -> None:
    documents = _ankhor_documents()
    assert {name for name, _ in documents} == set(ANKHOR_SCHEMA_NAMES)
    everything = documents + _broken(documents)
    answer = _ajv({"schemas": ANKHOR_SCHEMAS, "documents": [list(pair) for pair in everything]})
    python = [Draft202012Validator(ANKHOR_SCHEMAS[name]).is_valid(d) for name, d in everything]
    assert answer["valid"][: len(documents)] == [True] * len(documents)
    assert python[: len(documents)] == [True] * len(documents)
    assert answer["valid"] == python
    assert not all(python)
