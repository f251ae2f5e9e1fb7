"""Runs a table server with uvicorn: ``fertility-rules serve``.

Logs go to standard error. A log line never holds a token: uvicorn's access log (which
writes query strings) is off, the server's own names only the path, and a filter masks any
``token=`` that another library might log.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys

from fertility_rules.server.config import ServerConfig
from fertility_rules.server.deadline import ClientFaults, header_deadline
from fertility_rules.server.storage.base import Storage

__all__ = ["TokenFilter", "serve"]

_TOKEN = re.compile(r"(token=|#token=|[Bb]earer )[^&\s\"']+")


class TokenFilter(logging.Filter):
    """Masks tokens in every record, whatever library wrote it."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        masked = _TOKEN.sub(r"\1…", text)
        if masked != text:
            record.msg, record.args = masked, None
        return True


def _logging(level: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(TokenFilter())
    handler.addFilter(ClientFaults())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())


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
