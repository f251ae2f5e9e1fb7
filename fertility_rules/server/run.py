"""Runs a table server with uvicorn: ``fertility-rules serve``.

Logs go to standard error, a record per line: control characters of a message (a newline
among them) are escaped, so that no request can write a line of its own, and the lines of
a traceback are indented. A log line never holds a token: uvicorn's access log (which
writes query strings) is off, the server's own names only the path, a filter masks every
query string of another library's record, any ``token=`` and any bearer token, and no
socket frame is logged (the frames websockets logs at debug are dropped).
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys

from fertility_rules.server.config import ServerConfig
from fertility_rules.server.deadline import ClientFaults, header_deadline
from fertility_rules.server.storage.base import Storage

__all__ = ["LineFormatter", "TokenFilter", "serve"]

_TOKEN = re.compile(r"(token=|bearer\s+)[^&\s\"']+", re.IGNORECASE)
_QUERY = re.compile(r"\?[^\s\"']+")
"""A query string, as another library writes it in a request target (ours never do)."""
_OURS = "fertility_rules"
_FRAMES = frozenset({"< %s", "> %s"})
"""How websockets logs a frame, at debug (with its contents)."""
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


class TokenFilter(logging.Filter):
    """Masks tokens in every record, whatever library wrote it, and every query string
    in another library's; drops the records of socket frames."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno <= logging.DEBUG and record.msg in _FRAMES:
            return False
        text = record.getMessage()
        masked = _TOKEN.sub(r"\1…", text)
        if not record.name.startswith(_OURS):
            masked = _QUERY.sub("?…", masked)
        if masked != text:
            record.msg, record.args = masked, None
        return True


def _escaped(text: str) -> str:
    return _CONTROL.sub(lambda found: repr(found.group())[1:-1], text)


class LineFormatter(logging.Formatter):
    """A record on one line, its message's control characters escaped (a multi-line
    error text becomes one line); a traceback follows on lines indented by four spaces,
    escaped too, so that no line it adds can pass for a record."""

    def format(self, record: logging.LogRecord) -> str:
        record.message = _escaped(record.getMessage())
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        line = self.formatMessage(record)
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        for more in (record.exc_text, record.stack_info and self.formatStack(record.stack_info)):
            for part in (more or "").splitlines():
                line += "\n    " + _escaped(part)
        return line


def _logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(LineFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(TokenFilter())
    handler.addFilter(ClientFaults())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    logging.getLogger("websockets").setLevel(max(logging.INFO, root.level))


async def _reachable(storage: Storage) -> None:
    await storage.open(lambda _table: None)
    await storage.close()


def serve(
    where: str,
    host: str = "127.0.0.1",
    port: int = 8000,
    config: ServerConfig | None = None,
    log_level: str = "info",
) -> None:
    """Serves the tables kept at ``where`` (a SQLite file or a PostgreSQL URL) until
    interrupted."""
    import uvicorn

    from fertility_rules.server.app import create_app
    from fertility_rules.server.heap import settle
    from fertility_rules.server.service import TableService
    from fertility_rules.server.storage import open_storage

    config = config or ServerConfig()
    asyncio.run(_reachable(open_storage(where)))  # a store that cannot open: one clear line
    _logging(log_level)
    app = create_app(TableService(open_storage(where), config), config)
    settle()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_config=None,
        log_level=log_level,
        http=header_deadline(config.header_seconds),
        access_log=False,
        server_header=False,
        ws_max_size=config.max_frame,
        # A view is about 3 KB: compressing it for every socket cost more of the server's
        # time under load than any other step of a move (measured), for 2 KB saved.
        ws_per_message_deflate=False,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_keep_alive=5,
        limit_concurrency=2000,
        h11_max_incomplete_event_size=16 * 1024,
    )
