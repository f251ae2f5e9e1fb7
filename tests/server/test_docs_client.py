"""The socket example of the server how-to (``docs/howto/server.rst``), run as written in
Node.js against a real server whose message rate it outruns: every move refused for the
rate is sent again after ``retry_after``, and the example plays its seat to the end."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.server.helpers import require
from tests.server.processes import ServerProcess, request

require("starlette", "server")
require("uvicorn", "server")

HOWTO = Path(__file__).resolve().parents[2] / "docs" / "howto" / "server.rst"

HARNESS = """
const Socket = WebSocket;
let retries = 0;
globalThis.WebSocket = class extends Socket {
  constructor(url) {
    super(url);
    this.addEventListener("message", (event) => {
      if (JSON.parse(event.data).retry_after !== undefined) { retries += 1; }
    });
    this.addEventListener("close", (event) => {
      console.log(JSON.stringify({retries: retries, code: event.code}));
    });
  }
};
"""


def _example() -> str:
    text = HOWTO.read_text(encoding="utf-8")
    found = re.search(r"\.\. code-block:: javascript\n\n((?:   .*\n|\n)+)", text)
    assert found is not None, "the how-to has no JavaScript example"
    return "\n".join(line[3:] for line in found.group(1).splitlines())


def _node() -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    built_in = subprocess.run(
        [node, "-e", "process.exit(typeof WebSocket === 'function' ? 0 : 1)"], check=False
    )
    return [node] if built_in.returncode == 0 else [node, "--experimental-websocket"]


def test_the_documented_socket_example_sends_a_refused_move_again_and_plays_to_the_end(
    tmp_path: Path,
) -> None:
    command = _node()
    # Twelve messages at once, then four a second: the example, which moves as soon as
    # its view asks, outruns the rate many times in a game.
    server = ServerProcess(str(tmp_path / "tables.db"), tmp_path / "server.log", None,
                           "--frame-rate", "4")  # fmt: skip
    server.start()
    try:
        status, made = request(
            server.url + "/tables",
            {"players": ["Ann", "Bob"], "seats": [{}, {"kind": "bot", "agent": "random"}]},
        )
        assert status == 201, made
        script = tmp_path / "example.mjs"
        example = _example().replace("localhost:8000", f"127.0.0.1:{server.port}")
        given = f"const table = {json.dumps(made['id'])};\n"
        given += f"const token = {json.dumps(made['seats'][0]['token'])};\n"
        script.write_text(HARNESS + given + example, encoding="utf-8")
        ran = subprocess.run(
            [*command, str(script)], capture_output=True, text=True, timeout=240, check=False
        )
        assert ran.returncode == 0, ran.stderr
        closed = json.loads(ran.stdout.strip().splitlines()[-1])
        status, entry = request(f"{server.url}/tables/{made['id']}")
    finally:
        server.stop()
    assert status == 200
    assert entry["over"], entry
    assert closed["retries"] > 0, closed
    assert closed["code"] == 1005, closed  # closed by the example, not by the server
    assert ran.stderr == ""
