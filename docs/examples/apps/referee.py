"""A small HTTP referee on the standard library: games in memory, views as JSON.

``POST /games`` with ``{"players": [...], "seed": 7}`` creates a game;
``GET /games/ID`` gives what every player sees, with the legal moves;
``POST /games/ID/moves`` with ``{"move": "supply g 5"}`` (notation) or
``{"move": {"type": "supply", ...}}`` (JSON) plays it and gives the new view, or a 400
with the error and the rule it breaks; ``GET /games/ID/record`` gives the game record.
Run: ``python referee.py 8000`` (it listens on 127.0.0.1 only).
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import fertility_rules as fr

MAX_BODY = 100_000


class Referee(ThreadingHTTPServer):
    def __init__(self, port: int = 0) -> None:
        super().__init__(("127.0.0.1", port), Handler)
        self.games: dict[str, fr.Game] = {}
        self.lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    server: Referee

    def reply(self, status: int, data: Any) -> None:
        body = json.dumps(data, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def language(self) -> str:
        asked = (self.headers.get("Accept-Language") or "en")[:2].lower()
        return asked if asked in ("en", "fr", "pl", "nl") else "en"

    def view(self, game_id: str) -> dict[str, Any]:
        view = fr.fertility.dump_observation(self.server.games[game_id].state, moves=True)
        return {"id": game_id, "view": view}

    def do_GET(self) -> None:
        parts = self.path.strip("/").split("/")
        if len(parts) >= 2 and parts[0] == "games" and parts[1] in self.server.games:
            if parts[2:] == ["record"]:
                return self.reply(200, fr.dump_record(self.server.games[parts[1]].record))
            return self.reply(200, self.view(parts[1]))
        self.reply(404, {"error": "not_found"})

    def do_POST(self) -> None:
        parts = self.path.strip("/").split("/")
        try:
            length = int(self.headers.get("Content-Length", 0))
            if length > MAX_BODY:
                raise ValueError("body too large")
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError as error:
            return self.reply(400, {"error": "bad_request", "message": str(error)})
        try:
            with self.server.lock:
                if parts == ["games"]:
                    game_id = str(len(self.server.games) + 1)
                    self.server.games[game_id] = fr.Game.new(body["players"], body.get("seed"))
                    return self.reply(201, self.view(game_id))
                if len(parts) == 3 and parts[2] == "moves" and parts[1] in self.server.games:
                    game = self.server.games[parts[1]]
                    move = body.get("move")
                    read = fr.parse_move if isinstance(move, str) else fr.fertility.read_move
                    self.server.games[parts[1]] = game.play(read(move, game.state))
                    return self.reply(200, self.view(parts[1]))
        except fr.FertilityError as error:
            return self.reply(400, fr.dump_error(error, self.language()))
        except (KeyError, TypeError):
            return self.reply(
                400, {"error": "bad_request", "message": "expected {'players': [...]}"}
            )
        self.reply(404, {"error": "not_found"})


if __name__ == "__main__":
    server = Referee(int(sys.argv[1]) if len(sys.argv) > 1 else 8000)
    print(f"listening on http://127.0.0.1:{server.server_port}", file=sys.stdout)
    server.serve_forever()
