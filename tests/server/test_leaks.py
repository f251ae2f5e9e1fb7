"""No message carries hidden information (R-9.2). Whole games are played through sockets
and HTTP; every message the server sent is then compared with ``observe`` of the state at
its version, and with the message the server would have sent had the hidden piles been
dealt otherwise (a twin drawn by ``sample_state`` from the same view): they must be equal,
so nothing in them depends on what the rules hide."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

from attrs import evolve

from fertility_rules.games import find_game
from tests.server.helpers import client, options, require

require("starlette", "server")
require("httpx2", "server-test")

from fertility_rules.server.messages import table_entry, view_message  # noqa: E402
from fertility_rules.server.service import _draw  # noqa: E402
from fertility_rules.server.storage.sqlite import SQLiteStorage  # noqa: E402
from fertility_rules.server.table import (  # noqa: E402
    Table,
    event_from_json,
    setup_from_json,
)

RULES = find_game("fertility")


def _twin(table: Table, seed: int) -> Table:
    """The same table with the hidden piles dealt anew, consistent with every view."""
    assert RULES.sample_state is not None
    state = RULES.sample_state(RULES.observe(table.state), seed)
    before = None if table.before is None else RULES.sample_state(RULES.observe(table.before), seed)
    return evolve(table, state=state, before=before)


def _versions(db: Path, table_id: str) -> dict[int, Table]:
    """Every version of a table, folded again from its stored events."""

    async def load() -> Any:
        storage = SQLiteStorage(str(db))
        await storage.open(lambda _id: None)
        try:
            return await storage.load(table_id)
        finally:
            await storage.close()

    stored = asyncio.run(load())
    table = Table.start(setup_from_json(json.loads(stored.setup)))
    versions = {0: table}
    for text in stored.events:
        table = table.after(event_from_json(json.loads(text), table.setup))
        versions[table.version] = table
    return versions


def _play_on_sockets(http: Any, rng: random.Random) -> tuple[str, list[tuple[Any, dict[str, Any]]]]:
    """Two people on sockets (asking for undos now and then), two bots, a spectator."""
    made = http.post(
        "/tables",
        json={
            "players": ["Ann", "Bob", "Cleo", "Dee"],
            "seats": [
                {"language": "fr"},
                {"kind": "bot", "agent": "greedy"},
                {"language": "pl"},
                {"kind": "bot", "agent": "random"},
            ],
            "interpretations": {"quarry_enclosure": "orthogonal"},
        },
    ).json()
    table = made["id"]
    tokens = {0: made["seats"][0]["token"], 2: made["seats"][2]["token"]}
    sent: list[tuple[Any, dict[str, Any]]] = []
    url = f"/tables/{table}/socket"
    with (
        http.websocket_connect(f"{url}?token={tokens[0]}") as ann,
        http.websocket_connect(f"{url}?token={tokens[2]}") as cleo,
        http.websocket_connect(f"{url}?lang=nl") as watcher,
    ):
        sockets = {0: ann, 2: cleo}
        last: dict[int, dict[str, Any]] = {}

        def receive(seat: int | None) -> dict[str, Any]:
            message: dict[str, Any] = (watcher if seat is None else sockets[seat]).receive_json()
            sent.append((seat, message))
            if seat is not None and message["type"] == "view":
                last[seat] = message
            return message

        for seat in sockets:
            receive(seat)

        def catch_up(seat: int, version: int) -> dict[str, Any]:
            while last[seat]["version"] < version:
                receive(seat)
            return last[seat]

        latest = receive(None)
        while not latest["over"]:
            if "undo" in latest:
                other = latest["undo"]["waiting"][0]
                catch_up(other, latest["version"])
                sockets[other].send_text(
                    json.dumps({"type": "answer", "accept": rng.random() < 0.5})
                )
                latest = receive(None)
                continue
            seat = latest["decider"]
            if seat not in sockets:
                latest = receive(None)
                continue
            mine = catch_up(seat, latest["version"])
            if rng.random() < 0.04 and mine["ply"] > 0:
                sockets[seat].send_text(json.dumps({"type": "undo"}))
            else:
                option = rng.choice(options(mine["choices"]))
                frame = {"type": "move", "move": option["notation"], "ply": mine["ply"]}
                sockets[seat].send_text(json.dumps(frame))
            answer = receive(seat)
            if answer["type"] == "error":
                assert answer["error"] == "not_allowed", answer
                continue
            while latest["version"] < answer["version"]:
                latest = receive(None)
        for seat in sockets:
            catch_up(seat, latest["version"])
    return table, sent


def _play_over_http(http: Any, rng: random.Random) -> tuple[str, list[tuple[Any, dict[str, Any]]]]:
    """One person by HTTP against a bot, in the two-player variant (R-8)."""
    made = http.post(
        "/tables",
        json={
            "players": ["Eve", "Fay"],
            "seats": [{"language": "nl"}, {"kind": "bot", "agent": "lookahead"}],
            "seed": 32,
            "open_seed": True,  # shown to every seat: the deal is known
            "variant": True,
        },
    ).json()
    table, token = made["id"], made["seats"][0]["token"]
    sent: list[tuple[Any, dict[str, Any]]] = []
    view: dict[str, Any] = {"over": False}
    while not view["over"]:
        view = http.get(f"/tables/{table}/view", params={"token": token}).json()
        sent.append((0, view))
        if "choices" in view:
            option = rng.choice(options(view["choices"]))
            body = {"token": token, "move": option["move"], "ply": view["ply"]}
            answer = http.post(f"/tables/{table}/moves", json=body).json()
            sent.append((0, answer))
        entry = http.get(f"/tables/{table}?lang=fr").json()
        sent.append(("entry", entry))
    return table, sent


def test_every_message_of_whole_games_is_the_view_and_depends_on_nothing_hidden(
    tmp_path: Path,
) -> None:
    rng = random.Random(30)
    with client(tmp_path) as http:
        games = [_play_on_sockets(http, rng), _play_over_http(http, rng)]
        listing = http.get("/tables").json()
    assert any("undo" in message for _seat, message in games[0][1])
    assert any(m.get("last", {}).get("type") == "answer" for _seat, m in games[0][1])
    checked = 0
    for table_id, sent in games:
        versions = _versions(tmp_path / "tables.db", table_id)
        last = versions[max(versions)]
        assert last.over
        for index, (seat, message) in enumerate(sent):
            if seat == "entry" or message["type"] == "error":
                continue
            table = versions[message["version"]]
            language = _language(table, seat, message)
            assert message["view"] == RULES.formats.dump_observation(RULES.observe(table.state))
            twin = _twin(table, seed=index)
            assert twin.state != table.state or not RULES.observe(table.state).pile_size
            assert message == view_message(twin, seat, language)
            if index % 97 == 0:  # the picture endpoint draws the same for the twin
                assert _draw(twin, language) == _draw(table, language)
            checked += 1
        assert sent[-1][1]["over"]
        for who, entry in sent:
            if who == "entry":
                assert set(entry) == set(table_entry(last, "fr"))
    assert checked > 300
    entries = {entry["id"]: json.dumps(entry) for entry in listing["tables"]}
    assert '"seed": 32' in entries[games[1][0]]
    assert "seed" not in entries[games[0][0]]  # drawn by the server, shown to no one


def _language(table: Table, seat: int | None, message: dict[str, Any]) -> str:
    if seat is None:
        return "nl"
    return table.seats[seat].language
