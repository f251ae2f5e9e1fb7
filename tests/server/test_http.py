"""The HTTP API: making tables, views for seats and spectators, moves, the record, the
lobby; every refusal a library error with its rule or JSON path, in the seat's language."""

from __future__ import annotations

import json
import random
import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import pytest

import fertility_rules as fr
from fertility_rules.cli import main as cli
from fertility_rules.games import GAMES
from fertility_rules.i18n.message import _, render
from tests.server.helpers import BOTS, bots_play_to_the_end, client, pick, require

require("starlette", "server")
require("httpx2", "server-test")


def _new(http: Any, **body: Any) -> dict[str, Any]:
    body.setdefault("players", ["Ann", "Bob"])
    response = http.post("/tables", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def _wait_for(http: Any, table: str, token: str, seat: int) -> dict[str, Any]:
    """The view once ``seat`` decides or the game is over (bots move by themselves)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        view: dict[str, Any] = http.get(f"/tables/{table}/view", params={"token": token}).json()
        if view["over"] or view.get("decider") == seat:
            return view
        time.sleep(0.002)
    raise AssertionError("the bots did not move")  # pragma: no cover


def test_a_table_gives_one_secret_token_per_person_seat(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = _new(
            http,
            players=["Ann", "Bob", "Cleo"],
            seats=[{}, {"kind": "bot", "agent": "random"}, {"kind": "open"}],
        )
        tokens = [seat.get("token") for seat in made["seats"]]
        assert tokens[0]
        assert len(tokens[0]) >= 40
        assert tokens[1:] == [None, None]
        assert made["seats"][0]["link"] == f"/play?table={made['id']}#token={tokens[0]}"
        assert made["spectate"] == f"/play?table={made['id']}"
        listed = http.get("/tables").json()["tables"]
        assert [entry["id"] for entry in listed] == [made["id"]]
        assert tokens[0] not in json.dumps(listed)
        hidden = _new(http, listed=False)
        assert hidden["id"] not in json.dumps(http.get("/tables").json())
        assert http.get(f"/tables/{hidden['id']}").json()["id"] == hidden["id"]


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"players": ["Ann"]}, "$.players"),
        ({"players": ["Ann", "Bob"], "interpretations": {"quarry_enclosure": "round"}}, None),
        ({"players": ["Ann", "Bob"], "seats": [{"kind": "bot"}, {}]}, "$.seats[0].agent"),
        ({"players": ["Ann", "Bob"], "seats": [{}]}, "$.seats"),
        ({"players": ["Ann", "Bob"], "game": "chess"}, "$.game"),
        ({"players": ["Ann", "Bob"], "seed": "x"}, "$.seed"),
        ({"players": ["Ann", "Bob"], "colour": "red"}, "$.colour"),
    ],
)
def test_a_bad_table_is_refused_with_the_path_in_the_asked_language(
    tmp_path: Path, body: dict[str, Any], path: str | None
) -> None:
    with client(tmp_path) as http:
        response = http.post("/tables?lang=pl", json=body)
        assert response.status_code == 400
        error = response.json()
        assert error["error"] in ("malformed_input", "unknown_id")
        if path is not None:
            assert path in [p["path"] for p in error["problems"]]
        assert http.get("/tables").json()["tables"] == []
    if "interpretations" in body:
        assert "quarry_enclosure" in json.dumps(error, ensure_ascii=False)
        assert error["message"] == "1 problem w danych wejściowych:"


def test_seats_and_spectators_see_the_same_view_only_the_decider_gets_choices(
    tmp_path: Path,
) -> None:
    with client(tmp_path) as http:
        made = _new(http, seats=[{"language": "fr"}, {"language": "nl"}], seed=4, open_seed=True)
        table, ann, bob = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        seen = {
            who: http.get(f"/tables/{table}/view", params=params).json()
            for who, params in (("ann", {"token": ann}), ("bob", {"token": bob}), ("none", {}))
        }
        assert seen["ann"]["view"] == seen["bob"]["view"] == seen["none"]["view"]
        assert seen["ann"]["seat"] == 0
        assert seen["none"]["seat"] is None
        assert "choices" in seen["ann"]
        assert "choices" not in seen["bob"]
        assert "choices" not in seen["none"]
        assert seen["ann"]["status"].startswith("Tour 1")  # Ann's language
        assert seen["bob"]["status"].startswith("Beurt 1")  # Bob's
        header = http.get(f"/tables/{table}/view", headers={"authorization": f"Bearer {ann}"})
        assert header.json()["seat"] == 0


def test_a_token_acts_only_for_its_seat_and_spectators_cannot_act(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = _new(http, seats=[{}, {"language": "fr"}], seed=4, open_seed=True)
        table, ann, bob = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        view = http.get(f"/tables/{table}/view", params={"token": ann}).json()
        move = pick(view, random.Random(1))["notation"]
        refusals = [
            (http.post(f"/tables/{table}/moves", json={"token": bob, "move": move}), 403),
            (http.post(f"/tables/{table}/moves", json={"move": move}), 403),
            (http.post(f"/tables/{table}/moves", json={"token": "x" * 43, "move": move}), 403),
            (http.post(f"/tables/{table}/moves", json={"token": ann, "move": "skip"}), 422),
            (http.post(f"/tables/{table}/moves", json={"token": ann, "move": "place V99"}), 400),
            (http.post(f"/tables/{table}/moves", json={"token": ann, "move": 7}), 400),
            (
                http.post(f"/tables/{table}/moves", json={"token": ann, "move": move, "ply": 3}),
                409,
            ),
        ]
        for response, status in refusals:
            assert response.status_code == status, response.text
        not_yours = refusals[0][0].json()
        assert not_yours == {
            "error": "not_allowed",
            "message": "C’est à Ann de décider, pas à Bob.",
            "rule": "R-3",
            "code": "turn",
        }
        assert refusals[3][0].json()["rule"].startswith("R-3")
        assert refusals[4][0].json()["problems"][0]["path"].startswith("$.move")
        after = http.get(f"/tables/{table}/view", params={"token": ann}).json()
        assert after["version"] == 0
        assert after["view"] == view["view"]
        played = http.post(f"/tables/{table}/moves", json={"token": ann, "move": move, "ply": 0})
        assert played.status_code == 200
        assert played.json()["ply"] == 1


def test_a_whole_game_against_a_bot_ends_with_scores_and_a_record_verify_accepts(
    tmp_path: Path,
) -> None:
    rng = random.Random(8)
    with client(tmp_path) as http:
        made = _new(http, seats=[{}, {"kind": "bot", "agent": "greedy"}], seed=8, open_seed=True)
        table, ann = made["id"], made["seats"][0]["token"]
        refused = http.get(f"/tables/{table}/record")
        assert refused.status_code == 403
        assert refused.json()["rule"] == "R-9.2"
        view = _wait_for(http, table, ann, 0)
        while not view["over"]:
            option = pick(view, rng)
            move = option["notation"] if rng.random() < 0.5 else option["move"]
            response = http.post(
                f"/tables/{table}/moves", json={"token": ann, "move": move, "ply": view["ply"]}
            )
            assert response.status_code == 200, response.text
            view = _wait_for(http, table, ann, 0)
        assert [sheet["name"] for sheet in view["scores"]["players"]] == ["Ann", "Bob"]
        record = http.get(f"/tables/{table}/record").json()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert cli(["verify", str(path)]) == 0
    replayed = fr.replay(fr.read_record(record))
    assert replayed.ok
    assert replayed.state.is_over
    assert len(record["moves"]) == view["ply"]


def test_an_open_seat_is_taken_through_the_lobby_once(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = _new(http, seats=[{"kind": "bot", "agent": "random"}, {"kind": "open"}])
        table = made["id"]
        assert http.get("/tables").json()["tables"][0]["seats"][1]["taken"] is False
        joined = http.post(f"/tables/{table}/join", json={"seat": 1})
        assert joined.status_code == 201
        token = joined.json()["token"]
        assert http.get(f"/tables/{table}/view", params={"token": token}).json()["seat"] == 1
        again = http.post(f"/tables/{table}/join", json={"seat": 1})
        assert again.status_code == 403
        assert again.json()["code"] == "seat_taken"
        assert http.post(f"/tables/{table}/join", json={"seat": 5}).status_code == 400
        assert http.get("/tables").json()["tables"][0]["seats"][1]["taken"] is True


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("moves", b'{"move": "take bbb", "foo": 1}'),
        ("moves", b"{"),
        ("undo", b'{"token": 5}'),
        ("resign", b"[]"),
    ],
)
def test_a_broken_body_from_a_seat_is_refused_in_the_seat_s_language(
    tmp_path: Path, path: str, body: bytes
) -> None:
    with client(tmp_path) as http:
        made = _new(http, seats=[{"language": "nl"}, {}])
        table, token = made["id"], made["seats"][0]["token"]
        headers = {"authorization": f"Bearer {token}", "content-type": "application/json"}
        refused = http.post(f"/tables/{table}/{path}", content=body, headers=headers)
        assert refused.status_code == 400
        assert refused.json()["message"] == "1 probleem in de invoer:", refused.text


def test_a_person_joining_chooses_the_language_of_their_seat(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = _new(http, seats=[{}, {"kind": "open"}], seed=3, open_seed=True)
        table, ann = made["id"], made["seats"][0]["token"]
        bad = http.post(f"/tables/{table}/join", json={"seat": 1, "language": "xx"})
        assert (bad.status_code, bad.json()["problems"][0]["path"]) == (400, "$.language")
        huge = http.post(f"/tables/{table}/join", json={"seat": 1, "language": "x" * 5000})
        assert huge.status_code == 400
        assert len(huge.json()["problems"][0]["message"]) < 200  # not echoed whole
        joined = http.post(f"/tables/{table}/join", json={"seat": 1, "language": "fr-FR"})
        assert joined.status_code == 201
        bob = joined.json()["token"]
        views = {
            name: http.get(f"/tables/{table}/view", params={"token": token}).json()
            for name, token in (("Ann", ann), ("Bob", bob))
        }
        decider = "Ann" if "choices" in views["Ann"] else "Bob"
        assert decider == "Ann"  # seed 3: so that Bob, who chose French, is refused
        move = pick(views[decider], random.Random(1))["move"]
        # Out of turn, each is refused in their seat's language without asking for one.
        for name, token, language in (("Ann", ann, "en"), ("Bob", bob, "fr")):
            if name == decider:
                continue
            early = http.post(f"/tables/{table}/moves", json={"move": move, "token": token})
            assert early.status_code == 403
            expected = _("It is {player}'s decision, not {seat}'s.", player=decider, seat=name)
            assert early.json()["message"] == render(expected, language)
        ann_error = http.post(f"/tables/{table}/moves", json={"move": {}, "token": ann})
        assert ann_error.json()["message"].startswith("1 problem")


def test_undo_and_resign_over_http(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = _new(http, seats=[{}, {}], seed=6, open_seed=True)
        table, ann, bob = made["id"], made["seats"][0]["token"], made["seats"][1]["token"]
        view = http.get(f"/tables/{table}/view", params={"token": ann}).json()
        place = pick(view, random.Random(0))["notation"]
        http.post(f"/tables/{table}/moves", json={"token": ann, "move": place})
        asked = http.post(f"/tables/{table}/undo", json={"token": ann})
        assert asked.status_code == 200
        assert asked.json()["undo"]["waiting"] == [1]
        answered = http.post(f"/tables/{table}/answer", json={"token": bob, "accept": True})
        assert answered.json()["ply"] == 0
        resigned = http.post(
            f"/tables/{table}/resign", headers={"authorization": f"Bearer {bob}"}, json={}
        )
        assert resigned.json()["seats"][1] == {"name": "Bob", "kind": "bot", "agent": "greedy"}
        again = http.post(f"/tables/{table}/resign", json={"token": bob})
        assert again.status_code == 403
        assert again.json()["code"] == "bot_seat"


def test_http_failures_are_library_errors_as_json(tmp_path: Path) -> None:
    with client(tmp_path, max_body=1000) as http:
        made = _new(http)
        table = made["id"]
        cases = [
            (http.get("/nowhere"), 404, "unknown_id"),
            (http.get("/tables/nope/view"), 404, "unknown_id"),
            (http.delete(f"/tables/{table}"), 405, "not_allowed"),
            (
                http.post("/tables", content=b"{}", headers={"content-type": "text/plain"}),
                415,
                None,
            ),
            (http.post("/tables", json={"players": ["x" * 2000]}), 413, None),
            (
                http.post("/tables", content=b"[[[[", headers={"content-type": "application/json"}),
                400,
                None,
            ),
            (http.get("/games?lang=xx"), 400, None),  # at ?lang, as ?game
        ]
        for response, status, kind in cases:
            assert response.status_code == status, response.text
            assert response.headers["content-type"].startswith("application/json")
            assert response.json()["error"] == (kind or "malformed_input")


def test_a_method_a_path_does_not_take_is_answered_with_the_methods_it_does(
    tmp_path: Path,
) -> None:
    # RFC 9110: a 405 names the allowed methods, of every route of the path (/tables has
    # one route for GET and one for POST).
    with client(tmp_path) as http:
        table = _new(http)["id"]
        for method, path, allowed in [
            ("DELETE", "/tables", "GET, HEAD, POST"),
            ("PUT", f"/tables/{table}", "GET, HEAD"),
            ("GET", f"/tables/{table}/undo", "POST"),
            ("PATCH", f"/tables/{table}/moves", "GET, HEAD, POST"),
        ]:
            response = http.request(method, path)
            assert response.status_code == 405, (method, path)
            assert response.headers["allow"] == allowed, (method, path)
            assert response.json()["code"] == "method"


def test_a_plain_request_to_a_socket_is_told_to_upgrade(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        table = _new(http)["id"]
        response = http.get(f"/tables/{table}/socket?lang=fr")
        assert response.status_code == 426
        assert response.headers["upgrade"] == "websocket"
        body = response.json()
        assert (body["error"], body["code"]) == ("not_allowed", "upgrade")
        assert "WebSocket" in body["message"]
        assert "connectez" in body["message"]
        assert http.get("/tables/nope/socket").status_code == 404


@pytest.mark.parametrize(
    "query",
    ["over=yes", "over=true&over=false", "game=chess", "game=", "over=TRUE"],
)
def test_a_lobby_filter_takes_only_the_values_it_knows(tmp_path: Path, query: str) -> None:
    with client(tmp_path) as http:
        _new(http)
        response = http.get(f"/tables?{query}")
        assert response.status_code == 400, query
        (problem,) = response.json()["problems"]
        name = query.split("=")[0]
        assert problem["path"] == f"?{name}"
        assert name in problem["message"]


def test_a_lobby_filter_keeps_the_tables_it_names(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        made = _new(http)["id"]
        assert [
            t["id"] for t in http.get("/tables?over=false&game=fertility").json()["tables"]
        ] == [made]
        assert http.get("/tables?over=true").json()["tables"] == []
        assert http.get("/tables?game=ankhor").json()["tables"] == []


def test_the_games_the_server_plays_and_the_picture_of_a_view(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        games = http.get("/games?lang=fr").json()["games"]
        fertility = next(game for game in games if game["name"] == "fertility")
        assert fertility["players"] == [2, 3, 4]
        assert "greedy" in fertility["agents"]
        enclosure = next(s for s in fertility["switches"] if s["id"] == "I-1")
        assert enclosure["default"] == "eight"
        assert len(enclosure["values"]) == 2
        made = _new(http, players=["Ann", "Bob"])
        picture = http.get(f"/tables/{made['id']}/picture?lang=fr")
        assert picture.headers["content-type"].startswith("image/svg+xml")
        assert picture.text.lstrip().startswith("<svg")
        assert "Ann" in picture.text


def test_a_client_past_its_rate_gets_429_and_a_socket_past_its_rate_an_error(
    tmp_path: Path,
) -> None:
    with client(
        tmp_path, requests_per_second=1.0, request_burst=5, frames_per_second=1.0, frame_burst=3
    ) as http:
        statuses = [http.get("/games").status_code for _ in range(8)]
        assert statuses[:5] == [200] * 5
        assert statuses[5:] == [429] * 3
        limited = http.get("/games")
        assert (limited.json()["error"], limited.json()["code"]) == ("not_allowed", "rate")
        # 1 request a second: the next one is at most a second away, told in both forms
        assert limited.headers["Retry-After"] == "1"
        assert 0 < limited.json()["retry_after"] <= 1
    (tmp_path / "frames").mkdir()
    with client(tmp_path / "frames", frames_per_second=1.0, frame_burst=3, max_frame=200) as http:
        made = _new(http)
        url = f"/tables/{made['id']}/socket?token={made['seats'][0]['token']}"
        with http.websocket_connect(url) as socket:
            socket.receive_json()
            replies = []
            for number in range(5):
                socket.send_text(json.dumps({"type": "answer", "accept": True, "id": number}))
                replies.append(socket.receive_json())
            errors = [reply["message"] for reply in replies]
            assert errors[:3] == ["No undo waits for your answer."] * 3
            assert errors[3:] == ["Too many messages; slow down."] * 2
            # each refusal names the frame it refuses; a slowed one says when to send again
            assert [reply["id"] for reply in replies] == [0, 1, 2, 3, 4]
            assert ["retry_after" in reply for reply in replies] == [False] * 3 + [True] * 2
            assert all(0 < reply["retry_after"] <= 1 for reply in replies[3:])
        with http.websocket_connect(url) as socket:
            socket.receive_json()
            socket.send_text(json.dumps({"type": "move", "move": "x" * 500}))
            refused = socket.receive_json()
            assert refused["problems"][0]["message"].startswith("the message is larger")


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_every_game_of_the_library_is_served_to_the_end(tmp_path: Path, game: str) -> None:
    rng = random.Random(12)
    with client(tmp_path) as http:
        made = _new(
            http,
            game=game,
            seats=[{"language": "nl"}, {"kind": "bot", "agent": "random"}],
            seed=3,
            open_seed=True,
        )
        table, token = made["id"], made["seats"][0]["token"]
        assert made["table"]["game"] == game
        picture = http.get(f"/tables/{table}/picture")
        assert picture.text.lstrip().startswith("<svg")
        view = _wait_for(http, table, token, 0)
        while not view["over"]:
            option = pick(view, rng)
            body = {"token": token, "move": option["notation"], "ply": view["ply"]}
            response = http.post(f"/tables/{table}/moves", json=body)
            assert response.status_code == 200, response.text
            view = _wait_for(http, table, token, 0)
        record = http.get(f"/tables/{table}/record").json()
    assert record["game"] == game
    replayed = fr.replay(fr.read_record(record))
    assert replayed.ok
    assert replayed.state.is_over


def test_serve_takes_the_frame_rate_and_refuses_one_that_is_not_positive(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fertility_rules.cli import build_parser, main

    args = build_parser().parse_args(["serve", "--frame-rate", "2.5"])
    assert args.frame_rate == 2.5
    for wrong in ("0", "-1", "inf", "nan", "fast"):
        with pytest.raises(SystemExit) as stopped:
            main(["serve", "--frame-rate", wrong, "--db", str(tmp_path / "t.db")])
        assert stopped.value.code == 2
        error = capsys.readouterr().err
        assert "argument --frame-rate: expected a number above 0 and at most 1000000" in error
        assert "Traceback" not in error


@pytest.mark.parametrize("game", [info.name for info in GAMES])
def test_the_moves_played_so_far_are_listed_in_order_in_the_asked_language(
    tmp_path: Path, game: str
) -> None:
    rng = random.Random(4)
    with client(tmp_path) as http:
        made = _new(http, game=game, seats=[{}, {}], seed=6, open_seed=True)
        table = made["id"]
        tokens = [seat["token"] for seat in made["seats"]]
        assert http.get(f"/tables/{table}/moves").json()["moves"] == []
        sent = []
        for _ in range(5):
            decider = http.get(f"/tables/{table}/view").json()["decider"]
            view = http.get(f"/tables/{table}/view?token={tokens[decider]}").json()
            option = pick(view, rng)
            answer = http.post(
                f"/tables/{table}/moves",
                json={"move": option["notation"], "ply": view["ply"], "token": tokens[decider]},
            )
            assert answer.status_code == 200
            sent.append((decider, option["notation"], option["move"]))
        listed = http.get(f"/tables/{table}/moves?lang=fr").json()
        assert (listed["game"], listed["ply"]) == (game, 5)
        assert [(m["seat"], m["notation"], m["move"]) for m in listed["moves"]] == sent
        english = http.get(f"/tables/{table}/moves?lang=en").json()["moves"]
        names = ["Ann", "Bob"]
        assert all(m["text"].startswith(f"{names[m['seat']]}: ") for m in english)
        assert [m["text"] for m in listed["moves"]] != [m["text"] for m in english]
        assert http.get("/tables/nothing/moves").status_code == 404


def test_a_move_sent_for_another_position_is_a_conflict_that_says_which_way(
    tmp_path: Path,
) -> None:
    with client(tmp_path) as http:
        made = _new(http, seats=[{}, {}], seed=6, open_seed=True)
        table, ann = made["id"], made["seats"][0]["token"]
        view = http.get(f"/tables/{table}/view", params={"token": ann}).json()
        place = pick(view, random.Random(0))["notation"]
        ahead = http.post(f"/tables/{table}/moves", json={"token": ann, "move": place, "ply": 3})
        assert (ahead.status_code, ahead.json()["code"]) == (409, "stale")
        assert ahead.json()["message"] == "Only 0 moves have been played at this table, not 3."
        played = http.post(f"/tables/{table}/moves", json={"token": ann, "move": place, "ply": 0})
        assert played.status_code == 200
        twice = http.post(f"/tables/{table}/moves", json={"token": ann, "move": place, "ply": 0})
        assert (twice.status_code, twice.json()["code"]) == (409, "stale")
        assert twice.json()["message"] == "The table has moved on: 1 move was played, not 0."
        stranger = http.get(f"/tables/{table}/view", params={"token": "x" * 43})
        assert (stranger.status_code, stranger.json()["code"]) == (403, "token")
        watcher = http.post(f"/tables/{table}/moves", json={"move": place})
        assert (watcher.status_code, watcher.json()["code"]) == (403, "spectator")


def _post_in_parts(
    tmp_path: Path, parts: list[dict[str, Any]], **config: Any
) -> list[dict[str, Any]]:
    """What the app sends back for ``POST /tables`` whose body arrives as ``parts`` (ASGI
    receive messages, driven directly: a test client always sends a whole body); when the
    parts run out the client sends nothing more, ever."""
    import asyncio

    from fertility_rules.server.app import create_app
    from fertility_rules.server.config import ServerConfig
    from fertility_rules.server.service import TableService
    from fertility_rules.server.storage import open_storage

    settings = ServerConfig(**config)
    app = create_app(TableService(open_storage(str(tmp_path / "t.db")), settings), settings)
    scope = {
        "type": "http",
        "http_version": "1.1",
        "method": "POST",
        "path": "/tables",
        "raw_path": b"/tables",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"100")],
        "client": ("127.0.0.1", 5000),
        "server": ("127.0.0.1", 8000),
        "scheme": "http",
        "root_path": "",
    }
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        if parts:
            return parts.pop(0)
        await asyncio.Event().wait()  # a client that never sends the rest
        raise AssertionError  # pragma: no cover - never reached

    async def send(message: MutableMapping[str, Any]) -> None:
        sent.append(dict(message))

    async def call() -> None:
        await asyncio.wait_for(app(scope, receive, send), timeout=30)

    asyncio.run(call())
    return sent


def test_a_client_that_leaves_mid_body_is_no_failure_of_the_server(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    parts = [{"type": "http.request", "body": b'{"pl', "more_body": True}]
    with caplog.at_level("ERROR", logger="fertility_rules.server"):
        sent = _post_in_parts(tmp_path, [*parts, {"type": "http.disconnect"}])
    assert sent[0]["status"] == 400
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_a_body_that_never_ends_is_answered_408_in_the_time_allowed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # A slowloris client: some bytes, then nothing, the connection kept open.
    parts = [{"type": "http.request", "body": b'{"players": ["A', "more_body": True}]
    started = time.monotonic()
    with caplog.at_level("ERROR", logger="fertility_rules.server"):
        sent = _post_in_parts(tmp_path, parts, body_seconds=0.3)
    assert 0.3 <= time.monotonic() - started < 10
    assert sent[0]["status"] == 408
    error = json.loads(b"".join(m.get("body", b"") for m in sent[1:]))
    assert error["problems"][0]["message"] == "the request body did not arrive within 0.3 seconds"
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


def test_the_lobby_summarises_only_the_tables_it_lists_once_per_table_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fertility_rules.server.table import TableSummary

    with client(tmp_path) as http:
        for listed in (True, False, False, False):
            http.post("/tables", json={"players": ["Ann", "Bob"], "listed": listed})
        made: list[object] = []
        init = TableSummary.__init__

        def counted(self: TableSummary, **fields: Any) -> None:
            made.append(fields["setup"].id)
            init(self, **fields)

        monkeypatch.setattr(TableSummary, "__init__", counted)
        for _asked in range(3):
            assert len(http.get("/tables").json()["tables"]) == 1
        assert made == []  # made when the table was, and not again while it is the same


def test_a_seat_of_a_finished_game_cannot_be_taken(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        played = bots_play_to_the_end(http)
        record = http.get(f"/tables/{played['id']}/record").json()
        seats = [{"kind": "open"}, BOTS[0]]
        made = http.post("/tables", json={"record": record, "open_seed": True, "seats": seats})
        assert made.json()["table"]["over"] is True
        joined = http.post(f"/tables/{made.json()['id']}/join", json={"seat": 0})
        assert joined.status_code == 403
        assert joined.json()["code"] == "over"
        assert http.get(f"/tables/{made.json()['id']}").json()["seats"][0]["taken"] is False
