"""Whole games with the agents: length (R-4.2), records and replay, the CLI commands.

Where the tiles are at the end, counted by hand from the tile counts (R-2.2, R-8):

* 2 players, 24 tiles: 6 dealt, 3 in the Common Pool, 15 in the pile. Turns 1-15 refill
  the Common Pool; turn 16 (the second player's 8th) leaves 2 in it: the end is
  triggered; turns 17 and 18 take the last 2. Each player laid or discarded a tile in
  each of their 9 turns (18) and holds 3: 18 + 6 = 24.
* 2-player variant, 39 tiles: the pile of 30 loses 2 tiles a turn (a take, a removal),
  empty after turn 15; turn 16 takes one and removes one (16 removed in all), leaving 1;
  turn 17 takes it; turn 18 has nothing to take. Pools 3 and 2: 18 + 16 + 5 = 39.
* 3 players, 35 tiles: pile 23; turn 24 triggers, turns 25 and 26 take the last 2 and
  the third player's last turn takes nothing. Pools 3, 3, 2: 27 + 8 = 35.
* 4 players, 46 tiles: pile 31; turn 32 triggers, turns 33 and 34 take the last 2,
  turns 35 and 36 take nothing. Pools 3, 3, 2, 2: 36 + 10 = 46.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from attrs import evolve

from fertility_rules.agents import RandomAgent, make_agent, play_game
from fertility_rules.agents.simulate import PlayedGame
from fertility_rules.cli import main
from fertility_rules.errors import UnknownIdError
from fertility_rules.fertility.agents import GreedyAgent
from fertility_rules.fertility.interpretations import (
    Enclosure,
    Interpretations,
    LostResource,
    OfferSize,
    OwnHalves,
    QuarryCount,
)
from fertility_rules.fertility.rules import (
    BuildDistrict,
    Move,
    PlaceTile,
    SkipBuilding,
    TakeTile,
)
from fertility_rules.fertility.testing.engine import check_invariants
from fertility_rules.records import (
    GameRecord,
    dump_record,
    load_record,
    read_record,
    replay,
    save_record,
)

DATA = Path(__file__).parent.parent / "data" / "engine"

# players, variant -> (Personal Pool sizes at the end, tiles removed)
END_OF_GAME = {
    (2, False): ((3, 3), 0),
    (2, True): ((3, 2), 16),
    (3, False): ((3, 3, 2), 0),
    (4, False): ((3, 3, 2, 2), 0),
}
SEEDS = (1, 2, 3)


def _play(
    players: int, seed: int, variant: bool = False, options: Interpretations | None = None
) -> PlayedGame:
    names = [f"P{i + 1}" for i in range(players)]
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    return play_game(names, agents, seed, variant, interpretations=options)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("players", "variant"), list(END_OF_GAME))
def test_a_game_lasts_nine_turns_each(players: int, variant: bool, seed: int) -> None:
    game = _play(players, seed, variant)
    state = game.state
    assert state.is_over
    assert [p.turns for p in state.players] == [9] * players
    assert state.turn == 9 * players
    pools, removed = END_OF_GAME[(players, variant)]
    assert tuple(len(p.pool) for p in state.players) == pools
    assert len(state.removed) == removed
    assert state.pile == ()
    assert state.common_pool == ()
    assert len(state.valley.tiles) - 1 + len(state.discarded) == 9 * players
    drawn = game.record.resolved_setup().tiles
    assert check_invariants(state, drawn) == []


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("players", "variant"), list(END_OF_GAME))
def test_replay_and_round_trip(players: int, variant: bool, seed: int) -> None:
    game = _play(players, seed, variant)
    result = replay(game.record)
    assert result.ok
    assert result.state == game.state
    assert read_record(dump_record(game.record)) == game.record
    text = json.dumps(dump_record(game.record))
    assert read_record(json.loads(text)) == game.record


ALTERNATIVES = Interpretations(
    quarry_enclosure=Enclosure.ORTHOGONAL,
    quarries_per_placement=QuarryCount.ONE,
    lost_resource=LostResource.TO_SUPPLY,
    district_offer=OfferSize.THREE,
    own_halves=OwnHalves.COUNTED,
)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_game_under_the_alternative_interpretations(seed: int) -> None:
    game = _play(3, seed, options=ALTERNATIVES)
    assert [p.turns for p in game.state.players] == [9, 9, 9]
    assert game.record.interpretations == ALTERNATIVES
    assert replay(game.record).state == game.state
    assert read_record(dump_record(game.record)) == game.record
    assert check_invariants(game.state, game.record.resolved_setup().tiles) == []


def test_greedy_against_random() -> None:
    game = play_game(["G", "R"], [GreedyAgent(5), RandomAgent(6)], seed=5)
    assert [p.turns for p in game.state.players] == [9, 9]
    assert replay(game.record).state == game.state


def test_a_record_on_an_embedded_catalogue(tmp_path: Path) -> None:
    from tests.engine.positions import catalogue

    names = ["A", "B"]
    cat = catalogue()
    game = play_game(names, [RandomAgent(1), RandomAgent(2)], seed=8, catalogue=cat)
    assert game.record.catalogue == cat
    path = tmp_path / "embedded.json"
    save_record(game.record, path)
    loaded = load_record(path)
    assert loaded == game.record
    assert replay(loaded).state == game.state


def test_record_of_an_unseeded_game_replays() -> None:
    # play_game without a seed draws a random setup; its record must still say which
    # setup was played (a seed or the explicit table), or it cannot be replayed.
    game = play_game(["A", "B"], [RandomAgent(1), RandomAgent(2)])
    result = replay(game.record)
    assert result.error is None, result.error
    assert result.state == game.state
    assert read_record(dump_record(game.record)) == game.record


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_agents_are_deterministic_for_a_seed(name: str) -> None:
    first = play_game(["A", "B"], [make_agent(name, 3), make_agent(name, 4)], seed=9)
    again = play_game(["A", "B"], [make_agent(name, 3), make_agent(name, 4)], seed=9)
    assert first.record == again.record
    assert first.state == again.state


def test_agent_seeds_matter() -> None:
    first = play_game(["A", "B"], [RandomAgent(3), RandomAgent(4)], seed=9)
    other = play_game(["A", "B"], [RandomAgent(30), RandomAgent(40)], seed=9)
    assert first.record.setup == other.record.setup
    assert first.record.moves != other.record.moves


def test_an_unknown_agent() -> None:
    with pytest.raises(UnknownIdError):
        make_agent("clever")


# --------------------------------------------------------------------------- corrupt records


def _first(record: GameRecord, kind: type) -> int:
    return next(i for i, move in enumerate(record.moves) if isinstance(move, kind))


def _corrupt(record: GameRecord, index: int, move: Move) -> GameRecord:
    return evolve(record, moves=(*record.moves[:index], move, *record.moves[index + 1 :]))


def _corruptions(record: GameRecord) -> list[tuple[int, Move, str]]:
    place = _first(record, PlaceTile)
    skip = _first(record, SkipBuilding)
    take = _first(record, TakeTile)
    laid = record.moves[place]
    assert isinstance(laid, PlaceTile)
    return [
        # A tile not in the Personal Pool.
        (place, PlaceTile("V99", laid.first, laid.second), "R-3.1"),
        # Two halves far apart.
        (place, PlaceTile(laid.tile, 0, 95), "R-1.3"),
        # A District that is not on offer.
        (skip, BuildDistrict("D99", 0, (0, 0, 0, 0), 0), "R-3.4"),
        # A move of another step: taking a tile instead of building.
        (skip, TakeTile(record.initial_state().common_pool[0]), "R-3"),
        # A tile the Common Pool does not hold.
        (take, TakeTile("V99"), "R-3.6"),
    ]


@pytest.mark.parametrize("case", range(5))
def test_replay_reports_the_first_illegal_move(case: int) -> None:
    record = _play(2, 4).record
    index, move, rule = _corruptions(record)[case]
    bad = _corrupt(record, index, move)
    result = replay(bad)
    assert not result.ok
    assert result.error is not None
    assert result.error.index == index
    assert result.error.move == move
    assert result.error.rule == rule
    # The state reached is the one before the illegal move.
    assert result.state == replay(evolve(record, moves=record.moves[:index])).state


@pytest.fixture(scope="module")
def good_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "good.json"
    save_record(_play(2, 4).record, path)
    return path


@pytest.fixture(scope="module")
def bad_record(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    record = _play(2, 4).record
    index = _first(record, SkipBuilding)
    path = tmp_path_factory.mktemp("records") / "bad.json"
    save_record(_corrupt(record, index, BuildDistrict("D99", 0, (0, 0, 0, 0), 0)), path)
    return path, index


# --------------------------------------------------------------------------- CLI


def test_cli_verify_a_good_record(good_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(good_record)]) == 0
    out = capsys.readouterr().out
    assert "P1" in out
    assert "P2" in out


def test_cli_verify_json(good_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(good_record), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is True
    assert [p["name"] for p in data["players"]] == ["P1", "P2"]


def test_cli_verify_a_bad_record(
    bad_record: tuple[Path, int], capsys: pytest.CaptureFixture[str]
) -> None:
    path, index = bad_record
    assert main(["verify", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"Move {index + 1} " in out  # texts count moves from 1, JSON from 0
    assert "R-3.4" in out
    assert "D99" in out


def test_cli_verify_a_bad_record_json(
    bad_record: tuple[Path, int], capsys: pytest.CaptureFixture[str]
) -> None:
    path, index = bad_record
    assert main(["verify", str(path), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["legal"] is False
    assert data["index"] == index
    assert data["rule"] == "R-3.4"
    assert data["move"]["type"] == "build"
    assert data["move"]["district"] == "D99"


def test_cli_verify_hand_written_records(capsys: pytest.CaptureFixture[str]) -> None:
    # The first move takes a tile while the first player must lay one.
    assert main(["verify", str(DATA / "wrong_phase_first_move.json"), "--format", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert (data["legal"], data["index"], data["rule"]) == (False, 0, "R-3")
    # No move at all: legal, but the game is not over.
    assert main(["verify", str(DATA / "no_moves.json")]) == 1
    assert "not over" in capsys.readouterr().out


def test_cli_verify_a_malformed_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "fertility-rules/game-record/1", "players": ["A"]', "utf-8")
    assert main(["verify", str(path)]) == 1
    assert "JSON" in capsys.readouterr().err


@pytest.mark.parametrize(("players", "variant"), list(END_OF_GAME))
def test_cli_simulate_json(players: int, variant: bool, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", str(players), "--seed", "11", "--format", "json"]
    assert main(args + (["--variant"] if variant else [])) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seed"] == 11
    assert len(data["players"]) == players
    assert [p["turns"] for p in data["players"]] == [9] * players
    for player in data["players"]:
        assert player["total"] == sum(v for k, v in player["stages"].items() if k != "total")


def test_cli_simulate_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "3", "--seed", "12", "--format", "json"]
    assert main(args) == 0
    first = capsys.readouterr().out
    assert main(args) == 0
    assert capsys.readouterr().out == first


def test_cli_simulate_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--players", "2", "--games", "3", "--seed", "4"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("3 games")
    assert sum(1 for line in lines if line.startswith("  seat")) == 2
    # The means' heading, then a line per stage and the total: generic, specialized,
    # statues, monuments, wheat.
    assert lines[3] == "Mean score of a player in a game, by stage:"
    assert len(lines) == 1 + 2 + 1 + 6


def test_cli_simulate_summary_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "4", "--games", "3", "--seed", "4", "--format", "json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3
    assert len(data["wins_per_seat"]) == 4
    assert sum(data["wins_per_seat"]) >= 3  # a shared victory counts for each winner
    stages = data["mean_score_per_stage"]
    assert set(stages) == {"generic", "specialized", "statues", "monuments", "wheat", "total"}
    parts = sum(v for k, v in stages.items() if k != "total")
    assert stages["total"] == pytest.approx(parts)


def test_cli_simulate_writes_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    args = ["simulate", "--players", "2", "--seed", "13", "--agents", "greedy,random"]
    assert main([*args, "--record", str(path)]) == 0
    capsys.readouterr()
    record = load_record(path)
    assert record.seed == 13
    assert main(["verify", str(path)]) == 0


@pytest.mark.parametrize("lang", ["en", "fr", "pl", "nl"])
def test_cli_lang_is_accepted(
    lang: str, good_record: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--players", "2", "--seed", "3", "--lang", lang]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["verify", str(good_record), "--lang", lang]) == 0
    assert capsys.readouterr().out.strip()


def test_cli_demo_lang(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    # One line per turn: 4 players x 9 turns.
    assert len([line for line in out.splitlines() if "Amunet" in line]) >= 9


def test_cli_unknown_lang() -> None:
    with pytest.raises(SystemExit) as error:
        main(["simulate", "--lang", "xx"])
    assert error.value.code == 2
