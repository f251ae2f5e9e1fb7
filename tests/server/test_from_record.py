"""A table made from a saved game record goes on from the record's last move, in both
games: its game, players, setup (an explicit one or a seed), readings and moves come
from the record, are stored, and survive a restart."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules.fertility.catalogue import dump_catalogue, read_catalogue
from fertility_rules.games import find_game
from tests.server.helpers import client, pick, require

require("starlette", "server")


def _record(game: str, moves: int, seed: int = 5, **options: Any) -> tuple[Any, dict[str, Any]]:
    """A game of ``game`` after ``moves`` random moves, and its record as JSON."""
    played = fr.Game.new(["Ann", "Bob"], seed=seed, game=game, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        if played.is_over:
            break
        played = played.play(rng.choice(played.legal_moves))
    return played, json.loads(json.dumps(fr.dump_record(played.record)))


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_table_goes_on_from_a_record_and_keeps_it_after_a_restart(
    game: str, tmp_path: Path
) -> None:
    played, record = _record(game, 12)
    with client(tmp_path) as http:
        made = http.post("/tables", json={"record": record, "open_seed": True})
        assert made.status_code == 201, made.text
        table, ann = made.json()["id"], made.json()["seats"][0]["token"]
        moves = http.get(f"/tables/{table}/moves").json()["moves"]
        assert [m["move"] for m in moves] == record["moves"]
        assert [m["seat"] for m in moves] == [state.current for state in list(played.states())[:-1]]
    with client(tmp_path) as http:  # the same database, a new server
        view = http.get(f"/tables/{table}/view", params={"token": ann}).json()
        assert view["ply"] == played.ply
        assert [seat["name"] for seat in view["seats"]] == ["Ann", "Bob"]
        expected = find_game(game).formats.dump_observation(played.view)
        assert view["view"] == json.loads(json.dumps(expected))


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_finished_record_gives_back_the_same_record(game: str, tmp_path: Path) -> None:
    played, record = _record(game, 2000)
    assert played.is_over
    with client(tmp_path) as http:
        made = http.post(
            "/tables", json={"record": record, "open_seed": True, "listed": False}
        ).json()
        given = http.get(f"/tables/{made['id']}/record").json()
    assert fr.read_record(given) == fr.read_record(record)


def test_a_record_table_can_be_played_on_to_the_end(tmp_path: Path) -> None:
    _played, record = _record("ankhor", 10, seed=9)
    rng = random.Random(3)
    with client(tmp_path) as http:
        made = http.post("/tables", json={"record": record, "open_seed": True}).json()
        table = made["id"]
        tokens = [seat["token"] for seat in made["seats"]]
        while True:
            views = [http.get(f"/tables/{table}/view", params={"token": t}).json() for t in tokens]
            if views[0]["over"]:
                break
            seat = next(i for i, v in enumerate(views) if "choices" in v)
            move = pick(views[seat], rng)["move"]
            sent = {"token": tokens[seat], "move": move, "ply": views[seat]["ply"]}
            assert http.post(f"/tables/{table}/moves", json=sent).status_code == 200
        final = fr.read_record(http.get(f"/tables/{table}/record").json())
    assert final.moves[: len(record["moves"])] == fr.read_record(record).moves
    assert fr.replay(final).ok


@pytest.mark.parametrize(
    ("change", "path"),
    [
        ({"players": ["Ann", "Bob"]}, "$.record"),
        ({"seed": 4}, "$.record"),
        ({"seed": 0}, "$.record"),
        ({"interpretations": {}}, "$.record"),
        ({"game": "ankhor"}, "$.record"),
        ({"record": {"format": "fertility-rules/game-record/2"}}, "$.record"),
        ({"seats": [{}]}, "$.seats"),
        ({"seats": []}, "$.seats"),  # not taken for "all persons" as leaving it out is
    ],
)
def test_a_record_with_what_it_already_gives_or_broken_is_refused(
    change: dict[str, Any], path: str, tmp_path: Path
) -> None:
    _played, record = _record("fertility", 4)
    with client(tmp_path) as http:
        refused = http.post("/tables", json={"record": record, "open_seed": True, **change})
        assert refused.status_code == 400
        assert refused.json()["problems"][0]["path"].startswith(path)
        assert http.get("/tables").json()["tables"] == []  # nothing was stored


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_move_after_the_end_of_a_record_is_malformed_at_its_place(
    game: str, tmp_path: Path
) -> None:
    played, record = _record(game, 2000)
    assert played.is_over
    record["moves"].append(record["moves"][-1])
    with client(tmp_path) as http:
        refused = http.post("/tables", json={"record": record, "open_seed": True})
        assert refused.status_code == 400
        assert refused.json()["problems"][0]["path"] == f"$.record.moves[{played.ply}]"
        assert http.get("/tables").json()["tables"] == []


def test_a_setup_that_does_not_fit_the_record_is_told_under_the_record(tmp_path: Path) -> None:
    # Fertility's explicit setup is drawn for 2 players without the variant.
    _played, record = _record("fertility", 3)
    record["variant"] = True
    with client(tmp_path) as http:
        refused = http.post("/tables", json={"record": record, "open_seed": True})
    assert refused.status_code == 400
    paths = [problem["path"] for problem in refused.json()["problems"]]
    assert paths
    assert all(path.startswith("$.record.") for path in paths), paths


@pytest.mark.parametrize(
    ("game", "key", "value", "path"),
    [
        # Seeds are the library's: -(2**63 - 1) to 2**63 - 1 (the record reader refuses
        # beyond, so the problem comes from it, under the record).
        ("ankhor", "seed", 2**63, "$.record.seed"),
        ("ankhor", "seed", -(2**70), "$.record.seed"),
        # The library takes names of up to 100 characters; a table's pages fit 32.
        ("fertility", "players", ["Ann", "B" * 40], "$.record.players[1]"),
    ],
)
def test_a_record_is_held_to_the_servers_own_bounds(
    game: str, key: str, value: object, path: str, tmp_path: Path
) -> None:
    _played, record = _record(game, 2)
    record[key] = value
    with client(tmp_path) as http:
        refused = http.post("/tables", json={"record": record, "open_seed": True})
    assert refused.status_code == 400
    assert refused.json()["problems"][0]["path"] == path


@pytest.mark.parametrize("seed", [-1, 0, 2**63 - 1, -(2**63 - 1)])
def test_a_record_with_any_seed_the_library_takes_goes_on(seed: int, tmp_path: Path) -> None:
    record = fr.dump_record(fr.Game.new(["Ann", "Bob"], seed=seed, game="ankhor").record)
    with client(tmp_path) as http:
        made = http.post("/tables", json={"record": record, "open_seed": True})
    assert made.status_code == 201, made.text


def test_an_illegal_move_in_the_record_is_named_with_its_rule(tmp_path: Path) -> None:
    _played, record = _record("ankhor", 6)
    record["moves"][3] = record["moves"][2]  # the same decision again, out of its place
    with client(tmp_path) as http:
        refused = http.post("/tables", json={"record": record, "open_seed": True})
    problem = refused.json()["problems"][0]
    assert refused.status_code == 400
    assert problem["path"] == "$.record.moves[3]"
    assert problem["rule"].startswith("A-")


def test_a_record_with_a_catalogue_of_its_own_is_refused(tmp_path: Path) -> None:
    catalogue = read_catalogue({**dump_catalogue(fr.default_catalogue()), "name": "mine"})
    _played, record = _record("fertility", 3, catalogue=catalogue)
    assert isinstance(record["catalogue"], dict)
    with client(tmp_path) as http:
        refused = http.post("/tables", json={"record": record, "open_seed": True})
    assert refused.status_code == 400
    assert refused.json()["problems"][0]["path"] == "$.record.catalogue"


def test_a_language_is_kept_by_its_code_whatever_its_spelling(tmp_path: Path) -> None:
    import asyncio

    from fertility_rules.server.config import ServerConfig
    from fertility_rules.server.requests import SeatKind, SeatRequest, TableRequest
    from fertility_rules.server.service import TableService
    from fertility_rules.server.storage import open_storage

    async def seats() -> list[str]:
        service = TableService(open_storage(str(tmp_path / "t.db")), ServerConfig())
        await service.start()
        request = TableRequest(
            players=("Ann", "Bob"),
            seats=(SeatRequest(language="PL_pl"), SeatRequest(kind=SeatKind.OPEN)),
        )
        table, _tokens = await service.create(request)
        joined, _token = await service.join(table.setup.id, 1, " fr-FR ")
        await service.stop()
        return [seat.language for seat in joined.seats]

    assert asyncio.run(seats()) == ["pl", "fr"]
