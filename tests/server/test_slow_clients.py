"""Slow and broken clients, on real sockets to a real server process: a request whose
line and headers do not arrive within the limit (``--header-timeout``; 10 s by default)
has its connection closed, even when a byte trickles in now and then; a socket's text
frame that is not UTF-8 is closed with the code 1007 and told in one warning line."""

from __future__ import annotations

import base64
import os
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import require
from tests.server.processes import ServerProcess, request

require("starlette", "server")
require("uvicorn", "server")

LIMIT = 1.0


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("slow")
    process = ServerProcess(str(folder / "tables.db"), folder / "server.log", None,
                            "--header-timeout", str(LIMIT), "--log-level", "info")  # fmt: skip
    process.start()
    try:
        yield process
    finally:
        process.stop()


def _connect(server: ServerProcess) -> socket.socket:
    connection = socket.create_connection(("127.0.0.1", server.port), timeout=10 * LIMIT)
    connection.settimeout(10 * LIMIT)
    return connection


def _closed_after(connection: socket.socket) -> float:
    """Seconds until the server closes ``connection`` (reads until the end)."""
    started = time.monotonic()
    while connection.recv(4096):
        pass
    return time.monotonic() - started


def test_a_request_line_left_unfinished_is_closed_after_the_limit(server: ServerProcess) -> None:
    with _connect(server) as connection:
        connection.sendall(b"GET /games HTT")
        waited = _closed_after(connection)
    assert LIMIT * 0.9 <= waited < LIMIT * 5, waited


def test_headers_sent_a_byte_at_a_time_are_closed_after_the_limit(server: ServerProcess) -> None:
    head = b"GET /games HTTP/1.1\r\nHost: localhost\r\nX-Slow: " + b"a" * 200
    started = time.monotonic()
    with _connect(server) as connection:
        for byte in head:
            try:
                connection.sendall(bytes([byte]))
            except OSError:
                break
            time.sleep(LIMIT / 10)
            if time.monotonic() - started > 5 * LIMIT:
                break
        waited = time.monotonic() - started + _closed_after(connection)
    assert waited < LIMIT * 5, waited


def test_a_kept_alive_connection_has_the_limit_for_each_request(server: ServerProcess) -> None:
    with _connect(server) as connection:
        connection.sendall(b"GET /games HTTP/1.1\r\nHost: localhost\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += connection.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200"), answer[:100]
        connection.sendall(b"GET /games HTTP/1.1\r\nHost: loc")
        started = time.monotonic()
        while connection.recv(65536):  # the rest of the first answer, then the end
            pass
        waited = time.monotonic() - started
    assert waited < LIMIT * 5, waited


def test_a_request_in_time_is_answered(server: ServerProcess) -> None:
    with _connect(server) as connection:
        connection.sendall(b"GET /games HTTP/1.1\r\n")
        time.sleep(LIMIT / 2)
        connection.sendall(b"Host: localhost\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200"), answer[:100]


def _frame(payload: bytes, opcode: int = 0x1) -> bytes:
    """A client's frame (masked, as RFC 6455 asks), at most 125 bytes of payload."""
    mask = os.urandom(4)
    masked = bytes(value ^ mask[index % 4] for index, value in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + masked


def _read_frame(connection: socket.socket) -> tuple[int, bytes]:
    def exactly(count: int) -> bytes:
        data = b""
        while len(data) < count:
            chunk = connection.recv(count - len(data))
            if not chunk:
                raise AssertionError("the server closed the connection without a close frame")
            data += chunk
        return data

    first, second = exactly(2)
    size = second & 0x7F
    if size == 126:
        size = int.from_bytes(exactly(2), "big")
    elif size == 127:
        size = int.from_bytes(exactly(8), "big")
    return first & 0x0F, exactly(size)


def test_a_text_frame_that_is_not_utf8_is_closed_with_1007_and_one_warning(
    server: ServerProcess,
) -> None:
    status, made = request(server.url + "/tables", {"players": ["Ann", "Bob"]})
    assert status == 201, made
    log = Path(server.log)
    logged = len(log.read_text())
    key = base64.b64encode(os.urandom(16)).decode()
    with _connect(server) as connection:
        connection.sendall(
            (
                f"GET /tables/{made['id']}/socket HTTP/1.1\r\nHost: localhost\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += connection.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        opcode, view = _read_frame(connection)
        assert opcode == 0x1, view[:100]
        connection.sendall(_frame(b'\xff\xfe{"type": "undo"}'))
        opcode, closing = _read_frame(connection)
    assert opcode == 0x8, closing
    assert int.from_bytes(closing[:2], "big") == 1007
    time.sleep(0.3)
    written = log.read_text()[logged:]
    assert "Traceback" not in written, written
    assert " ERROR " not in written, written
    warnings = [line for line in written.splitlines() if " WARNING " in line]
    assert len(warnings) == 1, written
    assert "UTF-8" in warnings[0], warnings
