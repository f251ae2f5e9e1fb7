"""The public functions of ``fertility_rules.ankhor``: wrong argument types are library
errors naming the argument; the public names are the ones Fertility's functions have."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

import attrs
import pytest

from fertility_rules import ankhor
from fertility_rules.ankhor.formats.catalogue import dump_catalogue as ankhor_dump_catalogue
from fertility_rules.ankhor.formats.catalogue import read_catalogue as ankhor_read_catalogue
from fertility_rules.ankhor.interpretations import INTERPRETATION_INFO, Height, Moving, Removal
from fertility_rules.ankhor.model import Colour
from fertility_rules.ankhor.scoring import score
from fertility_rules.ankhor.scoring import score_totals as ankhor_score_totals
from fertility_rules.ankhor.texts import describe_move
from fertility_rules.errors import FertilityError
from fertility_rules.i18n import render
from fertility_rules.shared.sequences import Rest

WRONG: list[Any] = [None, 0, 1.5, "state", b"x", [], (), {}, {"phase": "main"}, object(), ankhor]


def game() -> ankhor.GameState:
    return ankhor.new_game(["A", "B"], seed=1)


CALLS: dict[str, Callable[[Any], object]] = {
    "new_game": lambda x: ankhor.new_game(x),
    "new_game(seed)": lambda x: (
        ankhor.new_game(["A", "B"], x) if x is not None and x != 0 else _raise()
    ),
    "new_game(interpretations)": lambda x: (
        ankhor.new_game(["A", "B"], interpretations=x) if x is not None else _raise()
    ),
    "new_game(catalogue)": lambda x: (
        ankhor.new_game(["A", "B"], catalogue=x) if x is not None else _raise()
    ),
    "legal_moves": lambda x: ankhor.legal_moves(x),
    "is_legal": lambda x: ankhor.is_legal(x, ankhor.EndActions()),
    "is_legal(move)": lambda x: ankhor.is_legal(game(), x),
    "violations": lambda x: ankhor.violations(x, ankhor.EndActions()),
    "apply": lambda x: ankhor.apply(x, ankhor.EndActions()),
    "apply(move)": lambda x: ankhor.apply(game(), x),
    "observe": lambda x: ankhor.observe(x),
    "sample_state": lambda x: ankhor.sample_state(x, 1),
    "sample_state(seed)": lambda x: (
        ankhor.sample_state(ankhor.observe(game()), x) if not (x is None or x == 0) else _raise()
    ),
    "score": lambda x: score(x),
    "score_totals": lambda x: ankhor_score_totals(x),
    "final_scores": lambda x: ankhor.final_scores(x),
    "final_position": lambda x: ankhor.final_position(x),
    "dump_state": lambda x: ankhor.dump_state(x),
    "read_state": lambda x: ankhor.read_state(x),
    "dump_observation": lambda x: ankhor.dump_observation(x),
    "read_observation": lambda x: ankhor.read_observation(x),
    "dump_move": lambda x: ankhor.dump_move(x),
    "read_move": lambda x: ankhor.read_move(x),
    "format_move": lambda x: ankhor.format_move(x),
    "parse_move": lambda x: ankhor.parse_move(x) if x != "state" else ankhor.parse_move("state"),
    "text_board": lambda x: ankhor.text_board(x),
    "choices": lambda x: ankhor.choices(x),
    "summary": lambda x: ankhor.summary(x),
    "describe_move": lambda x: describe_move(x, game()),
    "report_to_text": lambda x: ankhor.report_to_text(x),
    "report_to_json": lambda x: ankhor.report_to_json(x),
    "read_catalogue": lambda x: ankhor_read_catalogue(x),
    "dump_catalogue": lambda x: ankhor_dump_catalogue(x),
    "read_final_position": lambda x: ankhor.read_final_position(x),
    "dump_final_position": lambda x: ankhor.dump_final_position(x),
    "Interpretations": lambda x: ankhor.Interpretations(height=x),
    "TakeTokens": lambda x: ankhor.TakeTokens(x),
    "BuyTile": lambda x: ankhor.BuyTile(0, x),
    "MoveTile": lambda x: ankhor.MoveTile((0, 0, 0), x),
    "make_agent": lambda x: ankhor.make_agent(x),
}


def _raise() -> object:
    raise FertilityError(Colour.BLUE.label)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_wrong_arguments_are_library_errors(name: str) -> None:
    for value in WRONG:
        with pytest.raises(FertilityError):
            CALLS[name](value)


def test_errors_name_the_argument() -> None:
    with pytest.raises(FertilityError) as caught:
        score(None)  # type: ignore[arg-type]
    assert caught.value.problems[0].path == "position"  # type: ignore[attr-defined]
    with pytest.raises(FertilityError) as caught:
        ankhor.Interpretations(moving="sideways")  # type: ignore[arg-type]
    text = render(caught.value.message)
    assert caught.value.problems[0].rule == "Q-5"  # type: ignore[attr-defined]
    assert "moving" in caught.value.render()
    assert "'sideways'" in caught.value.render()
    assert "free, connected" in caught.value.render()
    assert text


@pytest.mark.parametrize("catalogue", [5, 0, "", [], {}, "default", object()])
def test_a_final_position_read_with_something_else_than_a_catalogue_is_refused(
    catalogue: object,
) -> None:
    # 5 failed deep inside with AttributeError; 0, "", [] and {} stood for the default.
    data = ankhor.dump_final_position(ankhor.final_position(game()))
    del data["catalogue"]
    with pytest.raises(FertilityError) as caught:
        ankhor.read_final_position(data, catalogue=catalogue)  # type: ignore[arg-type]
    assert caught.value.problems[0].path == "catalogue"  # type: ignore[attr-defined]
    default = ankhor.read_final_position(data, catalogue=None)
    assert ankhor.read_final_position(data, catalogue=ankhor.default_catalogue()) == default


OPTIONAL: dict[str, Callable[[Any], object]] = {
    "read_state(source)": lambda x: ankhor.read_state(ankhor.dump_state(game()), source=x),
    "read_observation(source)": lambda x: ankhor.read_observation(
        ankhor.dump_observation(game()), source=x
    ),
    "read_catalogue(source)": lambda x: ankhor_read_catalogue(
        ankhor_dump_catalogue(ankhor.default_catalogue()), source=x
    ),
    "read_move(table)": lambda x: ankhor.read_move({"type": "end"}, table=x),
    "dump_move(table)": lambda x: ankhor.dump_move(ankhor.EndActions(), table=x),
    "format_move(state)": lambda x: ankhor.format_move(ankhor.EndActions(), state=x),
    "parse_move(state)": lambda x: ankhor.parse_move("end", state=x),
    "dump_observation(moves)": lambda x: ankhor.dump_observation(game(), moves=x),
    "text_board(legend)": lambda x: ankhor.text_board(game(), legend=x),
    "text_board(with_status)": lambda x: ankhor.text_board(game(), with_status=x),
    "text_board(last_move)": lambda x: ankhor.text_board(game(), last_move=x),
    "load_catalogue(limits)": lambda x: ankhor.load_catalogue(limits=x),
}


@pytest.mark.parametrize("name", sorted(OPTIONAL))
@pytest.mark.parametrize("value", [1.5, b"x", {"phase": "main"}, object()])
def test_a_wrong_optional_argument_is_refused_naming_it(name: str, value: object) -> None:
    # These took any value, where Fertility's functions refuse one of the wrong type.
    with pytest.raises(FertilityError) as caught:
        OPTIONAL[name](value)
    argument = name.split("(")[1].rstrip(")")
    assert caught.value.problems[0].path == argument  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "make",
    [
        lambda: ankhor.Refresh(pile=10**100),
        lambda: ankhor.Refresh(2),
        lambda: ankhor.Refill(-1),
        lambda: ankhor.Refill(pile=10**100),
        lambda: ankhor.Refill(True),
    ],
)
def test_a_draw_pile_is_0_or_1_when_a_move_is_made(make: Callable[[], object]) -> None:
    # A pile out of range made a move that dump_move wrote and read_move refused.
    with pytest.raises(FertilityError) as caught:
        make()
    assert caught.value.problems[0].rule == "A-2.4"  # type: ignore[attr-defined]
    for pile in (0, 1):
        for move in (ankhor.Refresh(pile), ankhor.Refill(pile)):
            assert ankhor.read_move(ankhor.dump_move(move)) == move
            assert ankhor.parse_move(ankhor.format_move(move)) == move


def test_interpretations_take_plain_json_values() -> None:
    readings = ankhor.Interpretations(two_player_removal="every_turn", height="base_only")  # type: ignore[arg-type]
    assert readings.two_player_removal is Removal.EVERY_TURN
    assert readings.height is Height.BASE_ONLY
    assert ankhor.Interpretations(moving=Moving.CONNECTED).moving is Moving.CONNECTED


def test_the_names_mirror_fertilitys() -> None:
    from fertility_rules import fertility

    shared = [
        "new_game",
        "legal_moves",
        "is_legal",
        "violations",
        "apply",
        "apply_unchecked",
        "observe",
        "score_position",
        "final_scores",
        "dump_state",
        "read_state",
        "dump_move",
        "read_move",
        "dump_observation",
        "read_observation",
        "format_move",
        "parse_move",
        "text_board",
        "choices",
        "summary",
        "Interpretations",
        "GameState",
        "Observation",
        "RandomAgent",
        "GreedyAgent",
        "LookaheadAgent",
        "ISMCTSAgent",
        "make_agent",
        "play_game",
    ]
    for name in shared:
        assert name in fertility.__all__, name
        assert name in ankhor.__all__, name
    state = ankhor.new_game(["A", "B"], seed=3, interpretations=None, catalogue=None)
    assert state.current == state.config.first
    assert not state.is_over


def test_nothing_mutable_is_reachable_from_a_state() -> None:
    state = game()
    rng = random.Random(1)
    for _step in range(60):
        moves = ankhor.legal_moves(state)
        state = ankhor.apply(state, moves[rng.randrange(len(moves))])
    seen: set[int] = set()
    todo: list[object] = [state]
    while todo:
        value = todo.pop()
        if id(value) in seen or isinstance(value, str | int | float | bool | type(None)):
            continue
        seen.add(id(value))
        assert not isinstance(value, list | dict | set | bytearray), type(value)
        if isinstance(value, tuple | frozenset | Rest):
            todo.extend(value)
        elif isinstance(value, MappingProxyType):
            todo.extend(value.values())
        elif attrs.has(type(value)):
            todo.extend(attrs.asdict(value, recurse=False).values())  # type: ignore[arg-type]


def test_every_interpretation_is_described() -> None:
    from attrs import fields

    from fertility_rules.ankhor.interpretations import OPTION_LABELS, InterpretationKind

    ids = [info.id for info in INTERPRETATION_INFO]
    assert ids == [f"Q-{n}" for n in range(1, 20)]
    switches = [info for info in INTERPRETATION_INFO if info.kind is InterpretationKind.SWITCH]
    assert [info.field for info in switches] == [a.name for a in fields(ankhor.Interpretations)]
    for info in INTERPRETATION_INFO:
        assert info.rules
        assert all(rule.startswith("A-") for rule in info.rules)
        for language in ("fr", "pl", "nl"):
            assert render(info.title, language) != render(info.title)
        if info.kind is InterpretationKind.SETTLED:
            assert info.reading is not None
            assert info.reason is not None
    defaults = ankhor.Interpretations()
    for attribute in fields(ankhor.Interpretations):
        for value in type(getattr(defaults, attribute.name)):
            assert value in OPTION_LABELS


@pytest.mark.parametrize(
    ("text", "english", "french"),
    [
        ("buy", "'buy' takes 2 to 3 words after it, not 0", "'buy' est suivi de 2 à 3 mots"),
        ("buy 1 0,1 w x", "'buy' takes 2 to 3 words after it, not 4", "pas de 4"),
        ("store", "'store' takes at least 1 word after it, not 0", "d’au moins 1 mot,"),
        ("take", "'take' takes 1 word after it, not 0", "'take' est suivi de 1 mot,"),
        ("take bbb ww", "'take' takes 1 word after it, not 2", "pas de 2"),
    ],
)
def test_a_wrong_number_of_words_is_said_in_words_of_the_language(
    text: str, english: str, french: str
) -> None:
    with pytest.raises(FertilityError) as caught:
        ankhor.parse_move(text)
    assert english in str(caught.value)
    assert french in caught.value.render("fr")
    assert " or " not in caught.value.render("pl")


@pytest.mark.parametrize("colour", list(Colour))
def test_a_marker_left_unpaid_is_named_with_its_adjective_agreeing(colour: Colour) -> None:
    """A move that leaves a marker unpaid names it as one phrase: Dutch inflects the
    colour before "marker" (``zwart`` → ``de zwarte marker``), which a bare colour name
    put into a sentence cannot do."""
    from fertility_rules.ankhor.model import marker_label

    dutch = render(marker_label(colour), "nl")
    bare = render(colour.label, "nl")
    assert dutch.endswith(" marker"), dutch
    assert dutch != f"{bare} marker", dutch
    move = ankhor.BuyTile(slot=0, position=(1, 0, 0), unpaid=colour)
    described = render(describe_move(move, game()), "nl")
    assert f"één {dutch} niet" in described, described
    assert f"one {render(marker_label(colour), 'en')}" in render(describe_move(move, game()), "en")
