"""The public API refuses wrong types with a library error naming the argument (issue 16,
item 5): every function of ``fertility_rules.__all__`` and of the modules the API
reference documents is called with ``None``, numbers, text, containers and foreign
objects in each argument, the others given right. Before, 71 of 114 probes ended in
``AttributeError`` or ``TypeError`` (``observe(None)``, ``dump_state(3)``,
``format_move(move, "state")``, ``parse_square("c4", width=1.5)``...)."""

from __future__ import annotations

import functools
import importlib
import inspect
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules import ankhor
from fertility_rules.agents.ismcts import Budget, search_parts
from fertility_rules.fertility.effects import DEFAULT_REGISTRY
from fertility_rules.fertility.interpretations import Enclosure
from fertility_rules.fertility.model import Icon, Resource
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.fertility.rules.engine import apply_unchecked
from fertility_rules.fertility.setup import random_setup
from fertility_rules.fertility.state import Phase
from fertility_rules.formats import DEFAULT_LIMITS
from fertility_rules.games import find_game
from fertility_rules.i18n import Message
from fertility_rules.lab import GameSpec, adjudicate, compare
from fertility_rules.lab.compare import comparison_to_json
from fertility_rules.server.requests import SeatKind
from fertility_rules.server.table import Played, Seat, Table, TableSetup
from fertility_rules.shared.members import LabelledEnum

ROOT = Path(__file__).resolve().parents[2]

# Functions that check their arguments by hand (the engine's hot paths) are called too.


def _documented_modules() -> list[str]:
    text = "".join(p.read_text("utf-8") for p in (ROOT / "docs" / "api").glob("*.rst"))
    return sorted(set(re.findall(r"automodule:: (\S+)", text)))


def _functions() -> dict[str, Callable[..., Any]]:
    found: dict[str, Callable[..., Any]] = {}
    seen: set[object] = set()
    for module_name in ["fertility_rules", *_documented_modules()]:
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", []):
            value = getattr(module, name)
            if inspect.isfunction(value) and value not in seen:
                seen.add(value)
                found[f"{module_name}.{name}"] = value
    return found


FUNCTIONS = _functions()


class _Probe(LabelledEnum):
    """An enum of no game, labelled while its labelling is probed."""

    ONE = 1


@functools.cache
def _examples() -> dict[str, object]:
    """A value of the right type for each annotation the public functions use."""
    catalogue = fr.default_catalogue()
    game = fr.Game.new(["Amunet", "Bek"], seed=5)
    state = game.state
    move = fr.legal_moves(state)[0]
    finished = fr.play_game(["A", "B"], [fr.RandomAgent(1), fr.RandomAgent(2)], seed=3).state
    report = fr.final_scores(finished)
    readings = [fr.Interpretations(), fr.Interpretations(quarry_enclosure=Enclosure.ORTHOGONAL)]
    comparison = compare(readings, 1, agents=("random", "random"), jobs=1)
    shop = catalogue.districts[0].shops[0]
    spec = GameSpec(1, ("random", "random"))
    view = fr.observe(state)
    search_game, _parts = search_parts()
    setup = TableSetup(
        id="t1",
        game="fertility",
        players=("Amunet", "Bek"),
        seats=(Seat(SeatKind.BOT, "en", "random"), Seat(SeatKind.OPEN, "fr")),
        seed=5,
    )
    return {
        "Adjudication": adjudicate(state, move, readings),
        "Benefit": shop.benefit,
        "Budget": Budget(2),
        "Catalogue": catalogue,
        "Catalogue | None": catalogue,
        "Comparison": comparison,
        "Counts": (1, 0, 0, 0),
        "District": catalogue.districts[0],
        "EffectRegistry": DEFAULT_REGISTRY,
        "EffectRegistry | None": DEFAULT_REGISTRY,
        "Event": Played(0, move),
        "Executor | None": None,
        "FertilityError": fr.UnknownIdError(Message("x")),
        "FinalPosition": rulebook_example(),
        "GameRecord": game.record,
        "GameSpec": spec,
        "GameState": state,
        "GameRules": find_game("fertility"),
        "GameState | ValleyLayout": state,
        "GameState | View": state,
        "GameState | View | ValleyLayout": state,
        "Interpretations | None": readings[1],
        "Iterable[GameSpec]": [spec],
        "Iterable[int]": [0, 1],
        "fertility_rules.encoding.spaces.Iterable[K]": ["a", "b"],
        "Iterable[str]": ["quarry_enclosure=orthogonal"],
        "Language": fr.Language.FR,
        "Language | str": "fr",
        "Limits": DEFAULT_LIMITS,
        "Limits | None": DEFAULT_LIMITS,
        "Mapping[str, Any]": comparison_to_json(comparison),
        "Message | str": Message("Total"),
        "Message": Message("Quarries per game"),
        "tuple[type, ...]": (fr.ClaimQuarry,),
        "Metropolis | MetropolisBoard | PlayerState": state.players[0].metropolis,
        "PlayerState": state.players[0],
        "Move": move,
        "Move | Iterable[int] | None": move,
        "Observation | GameState": state,
        "Observation": ankhor.observe(ankhor.new_game(["A", "B"], seed=1)),
        "Progress | None": None,
        "Resource": Resource.GRAPES,
        "ScoreReport": report,
        "ScoreSheet": report.sheets[0],
        "SearchGame[S, V, M]": search_game,
        "E": state,
        "type[Labelled]": _Probe,
        "Mapping[Any, Message]": {_Probe.ONE: Message("One")},
        "Callable[[E], Sequence[M]]": fr.legal_moves,
        "Callable[[E, M], E]": apply_unchecked,
        "Callable[[E, Sequence[M]], M]": lambda _state, moves: moves[0],
        "Callable[[E], bool]": lambda reached: reached.phase is Phase.TAKE,
        "Sequence[Agent]": [fr.RandomAgent(1), fr.RandomAgent(2)],
        "Sequence[Counts]": [],
        "Sequence[Any]": readings,
        "Sequence[Interpretations]": readings,
        "Sequence[M]": fr.legal_moves(state),
        "Sequence[MonumentType]": [],
        "Sequence[StatueAward]": [],
        "Sequence[float]": [1.0, 2.0],
        "Sequence[str]": ["random", "random"],
        "Sequence[tuple[str, MonumentType]]": [],
        "Setup": random_setup(catalogue, 2, seed=1),
        "Shown": state,
        "Shop": shop,
        "StartTile": catalogue.start_tile,
        "Table": state,
        "StateLike": state,
        "OfAGame": game.record,
        "TableSetup": setup,
        "V": view,
        "ValleyBoard": catalogue.valley_boards[0],
        "ValleyState | None": None,
        "ValleyTile": catalogue.valley_tiles[0],
        "_Scorer | None": None,
        "bool": False,
        "bytes": b"{}",
        "enum.Enum": Enclosure.EIGHT,
        "float": 40.0,
        "int": 1,
        "int | None": 1,
        "int | random.Random | None": 1,
        "random.Random": random.Random(4),
        "object": {},
        "str": "x",
        "str | None": None,
        "str | Path": str(ROOT / "README.md"),
        "str | Path | None": None,
        "str | bytes": "{}",
        "tuple[Icon, ...]": (Icon.ANY,),
        "tuple[str, ...]": ("Ann", "Bob"),
        "tuple[Resource, ...] | list[Resource]": (Resource.GRAPES,),
        "tuple[ScoreSheet, ...]": report.sheets,
        "tuple[Sequence[str], ...]": ((), ()),
        # where an annotation says too little, the parameter or the module tells
        "move: Any": move,
        "view: Any": view,
        "state: Any": state,
        "view: object": view,
        "move_squares: Callable[[Any], Sequence[int]]": lambda move: (),
        "reading: Any": fr.Interpretations(quarry_enclosure=Enclosure.ORTHOGONAL),
        "ConfiguredState": state,
        "fertility_rules.server.messages.Table": Table.start(setup),
        "fertility_rules.server.messages.Table | TableSummary": Table.start(setup),
    }


def _example(function: Callable[..., Any], parameter: str, annotation: str) -> object:
    """The example for ``parameter`` of ``function``: by its module's annotation, by the
    parameter's name and annotation (``move: Any``), or by the annotation alone."""
    examples = _examples()
    for key in (f"{function.__module__}.{annotation}", f"{parameter}: {annotation}", annotation):
        if key in examples:
            return examples[key]
    raise AssertionError(
        f"no example of {annotation!r} ({function.__module__}.{function.__name__})"
    )


class Foreign:
    """An object of no type the library knows."""


HOSTILE: list[object] = [None, Foreign(), 1.5, -1, "x", [Foreign()], {"x": Foreign()}]


def _cases() -> list[Any]:
    cases = []
    for name, function in FUNCTIONS.items():
        for parameter in inspect.signature(function).parameters.values():
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                continue
            cases.append(pytest.param(name, parameter.name, id=f"{name}({parameter.name})"))
    return cases


def _annotation(function: Callable[..., Any], name: str) -> str:
    annotation = inspect.signature(function).parameters[name].annotation
    return annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")


@pytest.mark.parametrize(("function_name", "argument"), _cases())
def test_a_wrong_argument_is_a_library_error_naming_it(
    function_name: str, argument: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a writer given the text "x" writes the file x here
    function = FUNCTIONS[function_name]
    parameters = inspect.signature(function).parameters
    given = {}
    for name, parameter in parameters.items():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.default is parameter.empty and name != argument:
            given[name] = _example(function, name, _annotation(function, name))
    annotation = _annotation(function, argument)
    for value in HOSTILE:
        foreign = isinstance(value, Foreign) or (value is None and "None" not in annotation)
        error = _outcome(function, {**given, argument: value})
        if error is None:
            assert not foreign or annotation in ("object", "Any"), (value, "accepted")
            continue
        named = [p.path for p in getattr(error, "problems", ())]
        if argument in named:
            assert argument in error.render("fr")
        if foreign and annotation not in ("object", "Any"):
            assert named[:1] == [argument], (value, str(error))


def _outcome(
    function: Callable[..., Any], arguments: dict[str, object]
) -> fr.FertilityError | None:
    """The library error of the call, or ``None`` when it returns; nothing else may escape."""
    try:
        function(**arguments)
    except fr.FertilityError as error:
        return error
    return None


def test_the_functions_called_are_the_public_surface() -> None:
    names = {name.rsplit(".", 1)[1] for name in FUNCTIONS}
    assert {"observe", "dump_state", "format_move", "read_move", "parse_square"} <= names
    assert {"adjudicate", "parse_interpretation", "with_interpretations"} <= names
    assert len(FUNCTIONS) >= 100
