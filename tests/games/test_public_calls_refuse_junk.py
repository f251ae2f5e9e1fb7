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
import functools
import importlib
import inspect
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fertility_rules import Game, ankhor
from fertility_rules.agents import ISMCTSAgent, RandomAgent
from fertility_rules.ankhor.formats.catalogue import dump_catalogue as ankhor_dump_catalogue
from fertility_rules.ankhor.model import Colour
from fertility_rules.ankhor.scoring import score
from fertility_rules.errors import FertilityError, MalformedInputError
from fertility_rules.fertility import dump_final_position
from fertility_rules.fertility.agents import AGENTS
from fertility_rules.fertility.catalogue import dump_catalogue
from fertility_rules.fertility.formats.converter import format_hooks
from fertility_rules.fertility.formats.state import dump_move, dump_observation
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.i18n import Message, render
from fertility_rules.lab import GameSpec, adjudicate, compare
from fertility_rules.records.format import read_record

MODULES = (
    "fertility_rules",
    "fertility_rules.ankhor",
    "fertility_rules.ankhor.svg",
    "fertility_rules.fertility.svg",
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


def _record() -> dict[str, Any]:
    from fertility_rules.records import dump_record

    return dump_record(Game.new(["Ann", "Bob"], seed=1).record)


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
    "render(text, language)": lambda junk: render("Total", junk),
    "read_record(registry)": lambda junk: read_record(_record(), registry=junk),
    "Refresh(pile)": lambda junk: ankhor.Refresh(junk),
    "Refill(pile)": lambda junk: ankhor.Refill(junk),
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


# ----------------------------------------------------------------- optional arguments


class Foreign:
    """An object of no type the library knows: never a right value of a checked argument."""


def _optional(function: Callable[..., Any]) -> list[inspect.Parameter]:
    parameters = inspect.signature(function).parameters.values()
    return [
        p
        for p in parameters
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.default is not p.empty
    ]


OPTIONAL = [
    pytest.param(name, parameter.name, id=f"{name}({parameter.name})")
    for name, function in CALLABLES.items()
    if inspect.isfunction(function)
    for parameter in _optional(function)
]
"""Every optional parameter of every public function of both games."""


@functools.cache
def _values() -> dict[str, Any]:
    """Right values of both games, made once."""
    import fertility_rules as fr
    from fertility_rules.fertility.interpretations import Enclosure
    from fertility_rules.fertility.setup import random_setup
    from fertility_rules.lab import comparison_to_json
    from fertility_rules.records import dump_record

    game = Game.new(["Amunet", "Bek"], seed=5)
    state = game.state
    move = fr.legal_moves(state)[0]
    catalogue = fr.default_catalogue()
    readings = [fr.Interpretations(), fr.Interpretations(quarry_enclosure=Enclosure.ORTHOGONAL)]
    finished = fr.play_game(["A", "B"], [RandomAgent(1), RandomAgent(2)], seed=3).state
    comparison = compare(readings, 1, agents=("random", "random"), jobs=1)
    mine = ankhor.new_game(["Amunet", "Bek"], seed=5)
    mine_move = ankhor.legal_moves(mine)[0]
    mine_position = ankhor.final_position(mine)
    return {
        "state": state,
        "view": fr.observe(state),
        "move": move,
        "catalogue": catalogue,
        "readings": readings,
        "report": fr.final_scores(finished),
        "example": rulebook_example(),
        "comparison": comparison,
        "comparison_json": comparison_to_json(comparison),
        "record": dump_record(game.record),
        "setup": random_setup(catalogue, 2, seed=1),
        "enclosure": Enclosure.EIGHT,
        "ankhor": mine,
        "ankhor_move": mine_move,
        "ankhor_position": mine_position,
        "ankhor_report": score(mine_position),
    }


def _required(name: str, parameter: str, folder: Path) -> object:
    """A right value for the required ``parameter`` of the public function ``name``."""
    import fertility_rules as fr

    v = _values()
    mine = name.startswith("fertility_rules.ankhor")
    state = v["ankhor"] if mine else v["state"]
    function = name.rsplit(".", 1)[1]
    if parameter == "path":
        file = folder / "document.json"
        if not file.exists():
            if "record" in function:
                document: object = v["record"]
            elif mine:
                document = ankhor.dump_final_position(v["ankhor_position"])
            elif "final_position" in function:
                document = dump_final_position(v["example"])
            else:
                document = {}
            file.write_text(json.dumps(document), "utf-8")
        return str(file)
    if parameter == "data":
        if mine:
            dumps: dict[str, Callable[[], object]] = {
                "read_catalogue": lambda: ankhor_dump_catalogue(ankhor.default_catalogue()),
                "read_final_position": lambda: ankhor.dump_final_position(v["ankhor_position"]),
                "read_move": lambda: ankhor.dump_move(v["ankhor_move"]),
                "read_observation": lambda: ankhor.dump_observation(state),
                "read_state": lambda: ankhor.dump_state(state),
            }
        else:
            dumps = {
                "read_catalogue": lambda: dump_catalogue(v["catalogue"]),
                "read_final_position": lambda: dump_final_position(v["example"]),
                "read_observation": lambda: dump_observation(state),
                "read_record": lambda: v["record"],
                "read_state": lambda: fr.dump_state(state),
                "comparison_from_json": lambda: v["comparison_json"],
                "move_from_json": lambda: dump_move(v["move"], state),
            }
        return dumps[function]()
    if mine:
        values: dict[str, object] = {
            "position": v["ankhor_position"] if "final" in function else state,
            "move": v["ankhor_move"],
            "view": ankhor.observe(state) if function == "sample_state" else state,
            "table": state,
            "state": state,
            "players": 2 if "encoding" in name else ["Amunet", "Bek"],
            "names": ["Amunet", "Bek"],
            "agents": [ankhor.RandomAgent(1), ankhor.RandomAgent(2)],
            "name": "random",
            "text": ankhor.format_move(v["ankhor_move"]),
            "report": v["ankhor_report"],
            "catalogue": ankhor.default_catalogue(),
            "tokens": (1, 0, 0, 0, 0, 0),
            "tile": ankhor.default_catalogue().tiles[0],
            "slots": [(Colour.WHITE, Colour.WHITE, Colour.BLACK)],
            "labels": ["allowed"],
            "layouts": [()],
            "hands": [(1, 0, 0, 0, 0, 0)],
            "title": "cases",
        }
        return values[parameter]
    shop = v["catalogue"].districts[0].shops[0]
    values = {
        "state": state,
        "position": v["example"] if function.startswith(("score", "dump")) else state,
        "view": v["view"],
        "move": v["move"],
        "readings": v["readings"],
        "player": 0,
        "games": 1,
        "benefit": shop.benefit,
        "shop": shop,
        "catalogue": v["catalogue"],
        "error": fr.UnknownIdError(Message("x")),
        "players": 2,
        "index": 0,
        "kind_id": "generic",
        "name": "random" if function == "make_agent" else "quarry_enclosure",
        "value": v["enclosure"],
        "text": "c4" if function == "parse_square" else "{}",
        "toml": False,
        "judgement": adjudicate(state, v["move"], v["readings"]),
        "comparison": v["comparison"],
        "values": [1.0, 2.0],
        "names": ["Amunet", "Bek"],
        "agents": [RandomAgent(1), RandomAgent(2)],
        "width": state.config.layout.width,
        "message": "Total",
        "report": v["report"],
        "specs": [GameSpec(1, ("random", "random"))],
        "square": 0,
        "setup": v["setup"],
        "district": v["catalogue"].districts[0],
        "item": state.players[0].metropolis,
        "start": v["catalogue"].start_tile,
        "tile": v["catalogue"].valley_tiles[0],
        "valley_board": v["catalogue"].valley_boards[0],
        "texts": ["quarry_enclosure=orthogonal"],
    }
    if function == "parse_interpretation":
        return "quarry_enclosure=orthogonal"
    return values[parameter]


@pytest.mark.parametrize(("name", "argument"), OPTIONAL)
def test_a_wrong_optional_argument_is_refused_naming_it(
    name: str, argument: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every optional parameter is checked too: a value of no type the library knows,
    # the other arguments right, is refused with the parameter's name as the path.
    monkeypatch.chdir(tmp_path)
    function = CALLABLES[name]
    given = {
        p.name: _required(name, p.name, tmp_path)
        for p in inspect.signature(function).parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.default is p.empty
    }
    try:
        function(**given, **{argument: Foreign()})
    except FertilityError as error:
        paths = [p.path for p in getattr(error, "problems", ())]
        if argument not in paths:
            pytest.fail(f"{name}({argument}=Foreign()) was refused at {paths}: {error}")
    except Exception as error:  # the very thing this test looks for
        pytest.fail(f"{name}({argument}=Foreign()) raised {type(error).__name__}: {error}")
    else:
        pytest.fail(f"{name}({argument}=Foreign()) was accepted")
