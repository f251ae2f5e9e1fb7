"""Limits uvicorn leaves to the application, set in front of it: a request's head that
never arrives, and a socket's text that is not UTF-8.

uvicorn times out a connection only between two requests, and a byte now and then
keeps even that timer off: a client that sends its request line and headers slowly
(slowloris) holds a connection for ever. :func:`header_deadline` gives uvicorn's HTTP
protocol a deadline for the head of every request. uvicorn closes a socket whose text
frame is not UTF-8 with the code 1007, as it should, but logs it as a server error with
a traceback; :class:`ClientFaults` tells it as the client's fault, in one warning line.
"""

from __future__ import annotations

import asyncio
import logging

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["ClientFaults", "header_deadline"]

log = logging.getLogger("fertility_rules.server")


def header_deadline(seconds: float) -> type[H11Protocol]:
    """uvicorn's h11 protocol, closing a connection whose request line and headers are
    not complete ``seconds`` after it opened or after the previous response."""

    class HeaderDeadline(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE:
                self._disarm()  # the head is in: the body has a limit of its own

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self._arm()  # the next request on a kept-alive connection

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._deadline = self.loop.call_later(seconds, self._expired)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expired(self) -> None:
            self._deadline = None
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                log.info(
                    "a connection closed: its request's headers did not arrive within %g s",
                    seconds,
                )
                self.transport.close()

    return HeaderDeadline


class ClientFaults(logging.Filter):
    """uvicorn's report of a client's text frame that is not UTF-8 (closed with 1007):
    one warning line, without the traceback of the decoding error."""

    REPORTS = ("Invalid UTF-8 sequence received from client.",)

    def filter(self, record: logging.LogRecord) -> bool:
        if record.name.startswith("uvicorn") and record.msg in self.REPORTS:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info = record.exc_text = None
        return True
