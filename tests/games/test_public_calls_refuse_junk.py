"""Every public function and class of both games, given a wrong value for each of its
required arguments (``None``, a list, a text, -1, an object), raises the library's own
error, never a ``TypeError`` or ``AttributeError`` from deep inside.

This walks the modules an app imports rather than listing functions by hand, so that a
function added later is held to the same rule. It adds to ``tests/play/
test_public_api_types.py`` (each argument of the documented functions wrong in turn, the
others right) what that test does not reach: the classes an app makes (agents, Ankh'or's
catalogue and state) and Ankh'or's modules. Extension APIs meant for game authors
(``fertility_rules.games``' descriptions) are not walked.
"""

from __future__ import annotations

import enum
import importlib
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fertility_rules import Game, ankhor
from fertility_rules.agents import AGENTS, ISMCTSAgent, RandomAgent
from fertility_rules.errors import FertilityError, MalformedInputError
from fertility_rules.formats.converter import format_hooks

MODULES = (
    "fertility_rules",
    "fertility_rules.ankhor",
    "fertility_rules.ankhor.svg",
    "fertility_rules.svg",
    "fertility_rules.agents",
    "fertility_rules.encoding",
    "fertility_rules.ankhor.encoding",
    "fertility_rules.encoding.environment",
    "fertility_rules.lab",
    "fertility_rules.records",
    "fertility_rules.formats",
)
JUNK: tuple[object, ...] = (None, [], "x", -1, object())


def _not_made_by_apps(value: object) -> bool:
    """Errors, enumerations and protocols."""
    if not isinstance(value, type):
        return False
    return getattr(value, "_is_protocol", False) or issubclass(value, BaseException | enum.Enum)


def _callables() -> Iterator[tuple[str, Callable[..., Any]]]:
    seen: set[int] = set()
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if not callable(value) or id(value) in seen:
                continue
            if _not_made_by_apps(value):
                continue
            seen.add(id(value))
            yield f"{module_name}.{name}", value


CALLABLES = dict(_callables())


def _given(function: Callable[..., Any]) -> list[inspect.Parameter]:
    """The required arguments, or else the first optional one."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):  # pragma: no cover - a builtin without a signature
        return []
    named = [p for p in parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    required = [p for p in named if p.default is p.empty]
    return required or named[:1]


def test_the_walk_finds_the_functions_of_both_games() -> None:
    # A guard on the walk itself: were a module's names lost, nothing would be checked.
    assert len(CALLABLES) > 150
    assert {"fertility_rules.new_game", "fertility_rules.ankhor.svg.table"} <= set(CALLABLES)


@pytest.mark.parametrize("name", sorted(CALLABLES))
def test_a_wrong_argument_is_a_library_error(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a writer given "x" writes there
    function = CALLABLES[name]
    given = _given(function)
    for junk in JUNK:
        kwargs = {p.name: junk for p in given if p.kind is not p.POSITIONAL_ONLY}
        args = [junk for p in given if p.kind is p.POSITIONAL_ONLY]
        try:
            function(*args, **kwargs)
        except FertilityError:
            pass
        except Exception as error:  # the very thing this test looks for
            pytest.fail(f"{name}({junk!r}, ...) raised {type(error).__name__}: {error}")


GAME_CALLS: dict[str, Callable[[Any], object]] = {
    "Game.new(players=junk)": lambda junk: Game.new(junk),
    "Game.new(game=junk)": lambda junk: Game.new(["Ann", "Bob"], seed=1, game=junk),
    "Game.from_record": lambda junk: Game.from_record(junk),
    "Game.at": lambda junk: Game.new(["Ann", "Bob"], seed=1).at(junk),
    "Game.undo": lambda junk: Game.new(["Ann", "Bob"], seed=1, game="ankhor").undo(junk),
    "Game.play_agent": lambda junk: Game.new(["Ann", "Bob"], seed=1).play_agent(junk),
    "Game.play_notation": lambda junk: Game.new(["Ann", "Bob"], seed=1).play_notation(junk),
    "ankhor.LookaheadAgent(samples)": lambda junk: ankhor.LookaheadAgent(1, samples=junk),
    "ankhor.LookaheadAgent(width)": lambda junk: ankhor.LookaheadAgent(1, width=junk),
    "ISMCTSAgent(iterations)": lambda junk: ISMCTSAgent(1, iterations=junk),
    "format_hooks": lambda junk: format_hooks(junk),
}


@pytest.mark.parametrize("call", GAME_CALLS)
@pytest.mark.parametrize("junk", [None, "x", 1.5, -1, 0, object()])
def test_a_wrong_argument_to_a_method_is_a_library_error(call: str, junk: object) -> None:
    try:
        GAME_CALLS[call](junk)
    except FertilityError:
        return
    except Exception as error:  # the very thing this test looks for
        pytest.fail(f"{call}({junk!r}) raised {type(error).__name__}: {error}")


def test_an_agent_seed_is_a_whole_number_or_none_in_every_game() -> None:
    # Made directly, not through make_agent (which checks its own arguments).
    for factory in (*AGENTS.values(), *ankhor.AGENTS.values()):
        for seed in ("1", 1.0, [1], b"1"):
            with pytest.raises(MalformedInputError, match="seed"):
                factory(seed)  # type: ignore[arg-type]
    assert RandomAgent(-3).choose(None, ["a", "b", "c"]) == RandomAgent(-3).choose(None, "abc")
