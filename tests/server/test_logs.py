"""The server's log: a record per line whatever a client sends, and never a token or a
socket frame, whichever library writes the record."""

from __future__ import annotations

import logging
import sys

from tests.server.helpers import require

require("uvicorn", "server")


def _record(name: str, level: int, msg: str, *args: object) -> logging.LogRecord:
    return logging.LogRecord(name, level, __file__, 1, msg, args, None)


def _written(record: logging.LogRecord) -> str | None:
    """The record as the server's log writes it (``None``: dropped)."""
    from fertility_rules.server.run import LineFormatter, TokenFilter

    if not TokenFilter().filter(record):
        return None
    return LineFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s").format(record)


def test_a_request_cannot_write_a_line_of_its_own_in_the_log() -> None:
    path = "/tables/x\n2026-11-30 07:00:00,000 ERROR fertility_rules.server: FORGED\x00\r"
    written = _written(_record("fertility_rules.server.access", logging.INFO, "GET %s", path))
    assert written is not None
    assert written.splitlines() == [written]
    assert "x\\n2026" in written
    assert "\\x00\\r" in written


def test_an_error_text_is_one_line_and_a_traceback_cannot_pass_for_a_record() -> None:
    try:
        raise ValueError("first\n2026-11-30 07:00:00,000 ERROR fertility_rules.server: FORGED")
    except ValueError:
        record = _record("fertility_rules.server", logging.ERROR, "failed: %s", "a\nb")
        record.exc_info = sys.exc_info()
    written = _written(record)
    assert written is not None
    first, *rest = written.splitlines()
    assert first.endswith("failed: a\\nb")
    assert rest
    assert all(line.startswith("    ") for line in rest)


def test_no_token_query_or_frame_reaches_the_log_from_any_library() -> None:
    secret = "S3CRET"
    records = [
        _record("uvicorn.error", logging.INFO, '"GET %s"', f"/tables/T/socket?%74oken={secret}"),
        _record("uvicorn.error", logging.DEBUG, "< %s: %s", "Authorization", f"BEARER {secret}"),
        _record("anything", logging.INFO, "link /play?table=T#token=%s", secret),
    ]
    for record in records:
        written = _written(record)
        assert written is not None
        assert secret not in written
    frame = _record("uvicorn.error", logging.DEBUG, "< %s", f"TEXT '{secret}' [20 bytes]")
    assert _written(frame) is None
