"""Server processes for the tests that kill, restart or load them: started on a free
loopback port, spoken to with the standard library's HTTP client."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``fertility-rules serve`` in a child process, its log appended to ``log``."""

    def __init__(self, db: str, log: Path, port: int | None = None, *extra: str) -> None:
        self.db = db
        self.log = log
        self.port = port or free_port()
        self.extra = extra
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> None:
        command = [
            sys.executable, "-m", "fertility_rules.cli", "serve",
            "--db", self.db, "--port", str(self.port), "--bot-delay", "0",
            "--log-level", "debug", *self.extra,
        ]  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ}
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server stopped: {self.log.read_text()[-2000:]}")
            try:
                status, _body = request(self.url + "/games", timeout=1.0)
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no chance to finish anything."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.kill()


def resident_kb(pid: int) -> int:
    """A process's resident memory, in KB, from ``/proc``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError(f"no resident memory for process {pid}")


def request(url: str, body: Any = None, timeout: float = 10.0) -> tuple[int, Any]:
    """``(status, JSON)`` of a GET (or a POST of ``body``)."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    ask = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(ask, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")
