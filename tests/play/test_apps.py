"""The two example apps of the documentation run on the public API only."""

from __future__ import annotations

import ast
import importlib.util
import io
import json
import threading
import urllib.error
import urllib.request
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from fertility_rules import (
    Game,
    choices,
    format_move,
    legal_moves,
    load_record,
    render,
    replay,
)

APPS = Path(__file__).resolve().parents[2] / "docs" / "examples" / "apps"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"app_{name}", APPS / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", ["hotseat", "referee"])
def test_apps_use_only_public_names(name: str) -> None:
    import fertility_rules

    tree = ast.parse((APPS / f"{name}.py").read_text("utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert not (node.module or "").startswith("fertility_rules")
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "fr"
        ):
            assert node.attr in fertility_rules.__all__, node.attr
        if (  # the game's own names, from its package: fr.fertility.summary
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute)
            and isinstance(node.value.value, ast.Name)
            and node.value.value.id == "fr"
            and node.value.attr in ("fertility", "ankhor")
        ):
            package = getattr(fertility_rules, node.value.attr)
            assert node.attr in package.__all__, (node.value.attr, node.attr)


def test_hotseat_plays_undoes_saves_and_reports_errors(tmp_path: Path) -> None:
    hotseat = _load("hotseat")
    game = Game.new(["Amunet", "Bek"], seed=7)
    first = format_move(legal_moves(game.state)[0], game.state)
    after = game.play(legal_moves(game.state)[0])
    second = format_move(legal_moves(after.state)[0], after.state)
    saved = tmp_path / "saved.json"
    script = f"fly away\n{first}\nundo\n{first}\n{second}\nsave {saved}\nquit\n"
    out = io.StringIO()
    assert hotseat.main(["Amunet", "Bek", "--seed", "7"], io.StringIO(script), out) == 1
    text = out.getvalue()
    assert "unknown move 'fly'" in text
    assert "Turn 1" in text
    # The second level is shown one step further in: a tile, then its pairs of squares.
    tile = choices(game.state)[0]
    assert f"\n  {render(tile.title)}\n    {render(tile.groups[0].title)}\n      " in text
    record = load_record(saved)
    assert record.moves == after.play(legal_moves(after.state)[0]).moves
    assert replay(record).ok


def test_hotseat_plays_a_whole_game_to_the_score() -> None:
    hotseat = _load("hotseat")
    game = Game.new(["Amunet", "Bek"], seed=3)
    lines = []
    while not game.state.is_over:
        move = legal_moves(game.state)[-1]
        lines.append(format_move(move, game.state))
        game = game.play(move)
    out = io.StringIO()
    code = hotseat.main(
        ["Amunet", "Bek", "--seed", "3", "--lang", "nl"], io.StringIO("\n".join(lines) + "\n"), out
    )
    assert code == 0
    assert "Amunet" in out.getvalue().splitlines()[-1] or "Bek" in out.getvalue()


def test_hotseat_lets_an_agent_play_a_seat_from_the_view() -> None:
    hotseat = _load("hotseat")
    out = io.StringIO()
    # Every seat played by the computer: no line of input is read.
    code = hotseat.main(
        [
            "Amunet",
            "Bek",
            "--seed",
            "5",
            "--computer",
            "Amunet",
            "--computer",
            "Bek",
            "--agent",
            "greedy",
        ],
        io.StringIO(""),
        out,
    )
    assert code == 0
    lines = out.getvalue().splitlines()
    assert sum(line.startswith(("Amunet: ", "Bek: ")) for line in lines) > 60


def test_hotseat_refuses_a_computer_seat_that_is_no_player() -> None:
    hotseat = _load("hotseat")
    with pytest.raises(SystemExit):
        hotseat.main(["Amunet", "Bek", "--computer", "Chione"], io.StringIO(""), io.StringIO())


def _call(base: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_referee_over_http() -> None:
    referee = _load("referee")
    server = referee.Referee(0)
    assert server.server_address[0] == "127.0.0.1"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_port}"
    try:
        status, created = _call(base, "POST", "/games", {"players": ["Amunet", "Bek"], "seed": 5})
        assert status == 201
        view = created["view"]
        assert "pile" not in view
        game = Game.new(["Amunet", "Bek"], seed=5)
        move = legal_moves(game.state)[0]
        status, played = _call(
            base, "POST", "/games/1/moves", {"move": format_move(move, game.state)}
        )
        assert status == 200
        game = game.play(move)
        assert played["view"]["phase"] == game.state.phase.value
        json_move = played["view"]["legal_moves"][0]
        status, played = _call(base, "POST", "/games/1/moves", {"move": json_move})
        assert status == 200
        status, error = _call(base, "POST", "/games/1/moves", {"move": "take V01"})
        assert status == 400
        assert error["error"] == "illegal_move"
        assert error["rule"].startswith("R-")
        status, error = _call(base, "POST", "/games/1/moves", {"move": {"type": "fly"}})
        assert (status, error["error"]) == (400, "malformed_input")
        status, record = _call(base, "GET", "/games/1/record")
        assert status == 200
        assert len(record["moves"]) == 2
        assert _call(base, "GET", "/games/9")[0] == 404
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=10)
    assert not thread.is_alive()
