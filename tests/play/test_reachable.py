"""read_state refuses tables no game reaches (R-7 and whose decision it is), so that a
hostile game-state document cannot make the referee crash or stall."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fertility_rules import (
    FertilityError,
    Game,
    GameState,
    MalformedInputError,
    Phase,
    apply,
    dump_state,
    legal_moves,
    observe,
    read_state,
    render,
)
from fertility_rules.fertility.formats.reachable import reachability_problems
from fertility_rules.fertility.formats.state import dump_observation, read_observation
from fertility_rules.fertility.rules.geometry import bits
from tests.play.helpers import played

Document = dict[str, Any]


def _mid_game() -> GameState:
    """Two players, turn 3: Amunet (to play) takes a tile; three tiles laid, three
    Districts built, one Bovine on a Shop."""
    game = Game.new(["Amunet", "Bek"], seed=9)
    rng = random.Random(5)
    for _ in range(12):
        game = game.play(rng.choice(legal_moves(game.state)))
    state: GameState = game.state
    return state


STATE = _mid_game()
BASE = dump_state(STATE)
GRID = STATE.config.layout


def _square(square: int) -> list[int]:
    return list(divmod(square, GRID.width))


EMPTY = [_square(s) for s in bits(STATE.valley.empty)]
"""Empty desert squares of STATE, lowest first."""
IN_GAME = {t for t in STATE.pile + STATE.common_pool} | {t.tile for t in STATE.valley.tiles}
IN_GAME |= {t for p in STATE.players for t in p.pool}
OUT_OF_GAME = next(t.id for t in STATE.config.catalogue.valley_tiles if t.id not in IN_GAME)
"""A tile that went back to the box at setup (R-2.2)."""
NOT_DESERT = _square(next(s for s in range(GRID.width * GRID.height) if not GRID.desert >> s & 1))


@given(played(80))
def test_every_reachable_state_and_view_reads_back(game: Game) -> None:
    for state in game.states():
        assert reachability_problems(state) == []
        assert read_state(dump_state(state)) == state
    assert read_observation(dump_observation(game.state)) == observe(game.state)


def test_the_example_state_is_what_the_targeted_tests_expect() -> None:
    assert STATE.phase is Phase.TAKE
    assert STATE.current == 0
    assert STATE.turn == 3
    assert [p.turns for p in STATE.players] == [1, 1]
    assert len(STATE.valley.tiles) == 4
    assert not STATE.config.variant
    assert STATE.pile


def _move(source: str, target: str) -> Callable[[Document], None]:
    """Move the last item of list ``source`` to the end of list ``target``."""

    def change(document: Document) -> None:
        document[target].append(document[source].pop())

    return change


def _set(*path: Any, value: Any) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _all(*changes: Callable[[Document], None]) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        for one in changes:
            one(document)

    return change


def _no_move_left(document: Document) -> None:
    """A bonus of Grapes when every Grapes token is in the current player's supply: the
    bonus cannot be taken and nothing else may be done."""
    document["phase"] = "bonus"
    document["bonuses"] = [["grapes"]]
    document["players"][0]["supply"]["grapes"] += document["stock"]["grapes"]
    document["stock"]["grapes"] = 0


REFUSED: list[tuple[str, Callable[[Document], None], str, str | None]] = [
    # Conservation of Valley tiles.
    ("tile twice", lambda d: d["pile"].append(d["common_pool"][0]), "$.pile[", "R-7"),
    ("tile in pool and board", lambda d: d["pile"].append("V15"), "$.pile[", "R-7"),
    ("tile lost", lambda d: d["pile"].pop(), "$", "R-2.2"),
    ("tile from the box", lambda d: d["pile"].append(OUT_OF_GAME), "$", "R-2.2"),
    # Districts.
    (
        "District twice",
        lambda d: d["district_deck"].append(d["offer"][0]),
        "$.district_deck[",
        "R-2.5",
    ),
    (
        "District built and offered",
        _set("offer", 0, value="D02"),
        "$.players[0].districts",
        "R-2.5",
    ),
    ("District lost", lambda d: d["district_deck"].pop(), "$", "R-2.5"),
    ("offer of five", _move("district_deck", "offer"), "$.offer", "R-2.5"),
    # Tokens.
    ("a Grapes too few", _set("stock", "grapes", value=19), "$.stock.grapes", "R-7"),
    ("a Bovine too many", _set("stock", "bovine", value=20), "$.stock.bovine", "R-7"),
    (
        "tokens left with another player",
        _all(_set("stock", "grapes", value=19), _set("players", 1, "supply", "grapes", value=1)),
        "$.players[1].supply",
        "R-3.6",
    ),
    # Players.
    (
        "same Monument type",
        _set("players", 1, "monument_type", value="obelisk"),
        "$.players",
        "R-2.6",
    ),
    ("same board", _set("players", 1, "board", value="M2"), "$.players", "R-2.4"),
    ("same name", _set("players", 1, "name", value="Amunet"), "$.players", None),
    ("negative turns", _set("players", 1, "turns", value=-1), "$.players[1].turns", None),
    (
        "Monument not on the board",
        _set("players", 0, "monuments", value=1),
        "$.players[0].monuments",
        "R-1.8",
    ),
    (
        "Monument on a tile",
        _all(
            _set("monuments", value=[{"square": [3, 4], "player": 0}]),
            _set("players", 0, "monuments", value=1),
        ),
        "$.monuments[0].square",
        "R-3.3.D",
    ),
    # The central board.
    (
        "tile on a non-desert square",
        _set("tiles", 1, "squares", 0, value=NOT_DESERT),
        "$.tiles[1].squares",
        "R-3.1",
    ),
    (
        "tile in two pieces",
        _set("tiles", 1, "squares", 1, value=EMPTY[0]),
        "$.tiles[1].squares",
        "R-1.3",
    ),
    (
        "tile with other scenes",
        _set("tiles", 1, "scenes", value=["bovine", "bovine"]),
        "$.tiles[1].scenes",
        "R-1.3",
    ),
    (
        "start tile bent",
        _set("tiles", 0, "squares", 3, value=EMPTY[0]),
        "$.tiles[0].squares",
        "R-2.1",
    ),
    ("no start tile", lambda d: d["tiles"].pop(0), "$.tiles", "R-2.1"),
    ("laid by nobody", lambda d: d["tiles"][1].pop("player"), "$.tiles[1].player", "R-3.1"),
    # Whose turn.
    ("out of turn", _set("current", value=1), "$.current", "R-2.7"),
    ("turn miscounted", _set("turn", value=5), "$.turn", "R-2.7"),
    # The decision (R-3, R-3.3.D, R-6, R-3.6, R-8, R-4).
    ("quarry without Quarry", _set("phase", value="quarry"), "$.quarries", "R-3.3.D"),
    (
        "Quarry waiting at another decision",
        _all(_set("quarries", value=[EMPTY[0]]), _set("quarry_choices", value=1)),
        "$.quarries",
        "R-3.3.D",
    ),
    (
        "Quarry on a tile",
        _all(
            _set("phase", value="quarry"),
            _set("quarries", value=[[3, 4]]),
            _set("quarry_choices", value=1),
        ),
        "$.quarries[0]",
        "R-3.3.D",
    ),
    ("bonus without benefit", _set("phase", value="bonus"), "$.bonuses", "R-6"),
    ("benefit at another decision", _set("bonuses", value=[["grapes"]]), "$.bonuses", "R-6"),
    (
        "benefit of nothing",
        _all(_set("phase", value="bonus"), _set("bonuses", value=[[]])),
        "$.bonuses",
        "R-6",
    ),
    (
        "place with an empty pool",
        _all(
            _set("phase", value="place"),
            lambda d: d["discarded"].extend(d["players"][0].pop("pool")),
        ),
        "$.phase",
        "R-3.1",
    ),
    (
        "take from an empty pool",
        lambda d: d["discarded"].extend(d.pop("common_pool")),
        "$.phase",
        "R-3.6",
    ),
    ("remove without the variant", _set("phase", value="remove"), "$.phase", "R-8"),
    ("removed without the variant", _move("pile", "removed"), "$.removed", "R-8"),
    ("over with turns to play", _set("phase", value="over"), "$.phase", "R-4.2"),
    ("end before the pile is empty", _set("turns_left", value=1), "$.turns_left", "R-4.1"),
    ("too many last turns", _set("turns_left", value=3), "$.turns_left", "R-4.2"),
    ("common pool of four", _move("pile", "common_pool"), "$.common_pool", "R-2.3"),
    ("no move left", _no_move_left, "$.phase", "R-3"),
]


@pytest.mark.parametrize(
    ("change", "path", "rule"),
    [pytest.param(c, p, r, id=name) for name, c, p, r in REFUSED],
)
def test_a_state_no_game_reaches_is_refused_at_its_path(
    change: Callable[[Document], None], path: str, rule: str | None
) -> None:
    document = copy.deepcopy(BASE)
    change(document)
    kept = copy.deepcopy(document)
    with pytest.raises(MalformedInputError) as caught:
        read_state(document)
    assert document == kept  # the document is never altered
    problems = caught.value.problems
    found = [p for p in problems if p.path.startswith(path)]
    assert found, [p.render() for p in problems]
    if rule is not None:
        assert any(p.rule == rule for p in found), [p.render() for p in problems]
    assert caught.value.format == "fertility-rules/game-state/1"
    for language in ("fr", "pl", "nl"):
        for problem in found:
            assert render(problem.message, language) != render(problem.message, "en")
            assert "{" not in render(problem.message, language)


def test_a_view_is_checked_with_the_size_of_its_pile() -> None:
    data = dump_observation(STATE)
    data["pile_size"] += 1
    with pytest.raises(MalformedInputError) as caught:
        read_observation(data)
    assert [(p.path, p.rule) for p in caught.value.problems] == [("$", "R-2.2")]


# ------------------------------------------------------------ mutated documents


_LISTS = ("pile", "common_pool", "discarded", "removed", "offer", "district_deck")


@st.composite
def _mutated(draw: st.DrawFn) -> Document:
    """A document of a random game changed in one to three plausible ways: an id moved
    between lists, a number or a decision replaced, two players swapped."""
    game = draw(played(40))
    document = dump_state(game.state)
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["move", "number", "phase", "swap", "pool"]))
        if kind == "move":
            source = draw(st.sampled_from([k for k in _LISTS if document.get(k)] or ["pile"]))
            if document.get(source):
                item = document[source].pop(draw(st.integers(0, len(document[source]) - 1)))
                document[draw(st.sampled_from(_LISTS))].append(item)
        elif kind == "number":
            key = draw(st.sampled_from(["turn", "current", "quarry_choices", "turns_left"]))
            document[key] = draw(st.integers(-2, 12))
        elif kind == "phase":
            document["phase"] = draw(st.sampled_from([p.value for p in Phase]))
        elif kind == "swap":
            document["players"].reverse()
        else:
            player = draw(st.integers(0, len(document["players"]) - 1))
            pool = document["players"][player]["pool"]
            if document["common_pool"] and draw(st.booleans()):
                pool.append(document["common_pool"].pop())
            elif pool:
                document["common_pool"].append(pool.pop())
    return document


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated())
def test_a_mutated_state_is_refused_or_played_on_without_a_crash(document: Document) -> None:
    kept = copy.deepcopy(document)
    try:
        state = read_state(document)
    except FertilityError as error:
        state = None
        message = str(error)
    assert document == kept
    if state is None:
        assert message
        return
    # Read back: the referee works on it as on any state.
    moves = legal_moves(state)
    assert moves or state.is_over
    for move in moves[:8]:
        assert isinstance(apply(state, move), GameState)


# ------------------------------------------------ states found by the audit (issue 16.1)
#
# Each document below changes one thing in a real dump and was read before; each is
# refused now, at its path, with the rule it breaks.

INITIAL = Game.new(["Amunet", "Bek"], seed=9).state
"""Turn 1: Amunet places a tile; nobody has played."""


def _quarry_state() -> GameState:
    """A real position where a Quarry awaits a choice."""
    for seed in range(200):
        game = Game.new(["Amunet", "Bek", "Chione"], seed=seed)
        rng = random.Random(seed)
        while not game.state.is_over:
            if game.state.phase is Phase.QUARRY:
                state: GameState = game.state
                return state
            game = game.play(rng.choice(legal_moves(game.state)))
    raise AssertionError("no Quarry in 200 games")  # pragma: no cover


QUARRY = _quarry_state()


def _districts_built(player: int, count: int) -> Callable[[Document], None]:
    """``count`` more Districts from the deck built by ``player``, Shops empty."""
    catalogue = INITIAL.config.catalogue

    def change(document: Document) -> None:
        metropolis = document["players"][player]
        taken = {built["spot"] for built in metropolis["districts"]}
        free = [spot for spot in range(7) if spot not in taken]
        for _ in range(count):
            district = document["district_deck"].pop()
            metropolis["districts"].append({"district": district, "spot": free.pop(0)})
            metropolis["shops"] += [[] for _shop in catalogue.district(district).shops]

    return change


def _tokens_to_supply(player: int, key: str, count: int) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        document["stock"][key] -= count
        document["players"][player]["supply"][key] = count

    return change


def _start_moved(columns: int) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        start = document["tiles"][0]
        assert start["tile"] == "start"
        start["squares"] = [[row, column + columns] for row, column in start["squares"]]

    return change


def _start_shift() -> int:
    """Columns by which the starting tile of INITIAL can move onto other desert squares."""
    grid = INITIAL.config.layout
    squares = [grid.coordinates(s) for s in INITIAL.valley.tiles[0].squares]
    for shift in (4, -4, 3, -3, 2, -2, 5, -5):
        moved = [(r, c + shift) for r, c in squares]
        if all(grid.contains(r, c) and grid.desert >> grid.index(r, c) & 1 for r, c in moved):
            return shift
    raise AssertionError("no desert block beside the start")  # pragma: no cover


def _lonely_tile(document: Document) -> None:
    """The last tile laid moved to two empty desert squares touching no scene."""
    grid = STATE.config.layout
    in_play = 0
    for mask in STATE.valley.scenes:
        in_play |= mask
    for first in bits(STATE.valley.empty):
        second = first + 1
        if second % GRID.width == 0 or not STATE.valley.empty >> second & 1:
            continue
        if not (grid.nb4[first] | grid.nb4[second]) & in_play:
            document["tiles"][-1]["squares"] = [_square(first), _square(second)]
            return
    raise AssertionError("no lonely pair of squares")  # pragma: no cover


def _valley_boards(document: Document, boards: list[str]) -> None:
    document["valley"] = [{"board": board} for board in boards]


KNOWN_BOARDS = [b.id for b in INITIAL.config.catalogue.valley_boards]

AUDIT: list[tuple[str, GameState, Callable[[Document], None], str, str]] = [
    (
        "Quarry on an open square at turn 1",
        INITIAL,
        _all(
            _set("phase", value="quarry"),
            _set("quarries", value=[_square(bits(INITIAL.valley.empty)[0])]),
            _set("quarry_choices", value=1),
        ),
        "$.quarries",
        "R-3.3.D",
    ),
    (
        "50 choices for one Quarry",
        QUARRY,
        _set("quarry_choices", value=50),
        "$.quarry_choices",
        "R-3.3.D",
    ),
    (
        "seven Districts before the first turn",
        INITIAL,
        _districts_built(0, 7),
        "$.players[0].districts",
        "R-3.4",
    ),
    ("two Districts in one turn", STATE, _districts_built(1, 1), "$.players[1].districts", "R-3.4"),
    (
        "Wheat 5 at turn 1",
        INITIAL,
        _set("players", 0, "wheat", value=5),
        "$.players[0].wheat",
        "R-3.3.B",
    ),
    (
        "5 Grapes at the placement step",
        INITIAL,
        _tokens_to_supply(0, "grapes", 5),
        "$.players[0].supply",
        "R-3.6",
    ),
    (
        "five discards at turn 1",
        INITIAL,
        _all(*[_move("pile", "discarded")] * 5),
        "$.discarded",
        "R-3.2",
    ),
    (
        "Common Pool of 1 with a full pile",
        INITIAL,
        _all(*[_move("common_pool", "pile")] * 2),
        "$.common_pool",
        "R-3.6",
    ),
    (
        "offer of 2 with a full deck",
        INITIAL,
        _all(*[_move("offer", "district_deck")] * 2),
        "$.offer",
        "R-3.6",
    ),
    (
        "starting tile away from its symbol",
        INITIAL,
        _start_moved(_start_shift()),
        "$.tiles[0].squares",
        "R-2.1",
    ),
    ("a tile touching no scene", STATE, _lonely_tile, "$.tiles[", "R-3.1"),
    (
        "6 Valley boards, each twice",
        INITIAL,
        lambda d: _valley_boards(d, KNOWN_BOARDS[:3] * 2),
        "$.valley",
        "R-1.4",
    ),
    (
        "4 Valley boards for 2 players",
        INITIAL,
        lambda d: _valley_boards(d, KNOWN_BOARDS[:4]),
        "$.valley",
        "R-1.4",
    ),
    (
        "one Valley board twice",
        INITIAL,
        lambda d: _valley_boards(d, [KNOWN_BOARDS[0], KNOWN_BOARDS[0], KNOWN_BOARDS[1]]),
        "$.valley",
        "R-1.4",
    ),
]


@pytest.mark.parametrize(
    ("state", "change", "path", "rule"),
    [pytest.param(s, c, p, r, id=name) for name, s, c, p, r in AUDIT],
)
def test_a_state_the_audit_found_is_refused_with_its_rule(
    state: GameState, change: Callable[[Document], None], path: str, rule: str
) -> None:
    document = dump_state(state)
    assert read_state(copy.deepcopy(document)) == state
    change(document)
    with pytest.raises(MalformedInputError) as caught:
        read_state(document)
    problems = caught.value.problems
    found = [p for p in problems if p.path.startswith(path) and p.rule == rule]
    assert found, [p.render() for p in problems]
    for problem in found:
        assert render(problem.message, "fr") != render(problem.message, "en")


def test_the_quarry_position_is_what_the_audit_case_needs() -> None:
    assert QUARRY.phase is Phase.QUARRY
    assert QUARRY.quarry_choices == len(QUARRY.quarries) >= 1


def test_the_documentation_says_which_properties_are_checked() -> None:
    from fertility_rules.fertility.formats import reachable

    doc = reachable.__doc__ or ""
    assert "Checked exactly" in doc
    assert "Shape-valid, not proven reachable" in doc
    for rule in ("R-1.4", "R-2.1", "R-2.3", "R-2.5", "R-3.1", "R-3.2", "R-3.3.D", "R-3.4", "R-3.6"):
        assert rule in doc
