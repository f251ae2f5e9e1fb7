"""The one file reader of the library: regular files or standard input, size-bounded."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from fertility_rules.errors import MalformedInputError
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits
from fertility_rules.i18n.message import Message, _

__all__ = ["STDIN", "read_bytes"]

STDIN = "-"
"""The file name that means standard input."""

_CHUNK = 1 << 16


def _refuse(source: str, message: Message) -> MalformedInputError:
    return MalformedInputError.single("$", message, source=source)


def _kind(mode: int) -> Message | None:
    """Why a file of this mode is refused, or ``None`` for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return _("this is a directory, not a file")
    if stat.S_ISFIFO(mode):
        return _("this is a pipe (FIFO), not a regular file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("this is a device, not a regular file")
    return _("this is not a regular file")


def _too_large(source: str, limits: Limits) -> MalformedInputError:
    return _refuse(source, _("the file is larger than the limit of {n} bytes", n=limits.max_bytes))


def _read_bounded(fd: int, source: str, limits: Limits) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > limits.max_bytes:
            raise _too_large(source, limits)
        chunks.append(chunk)


def read_bytes(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """The content of a regular file (``-``: standard input), at most ``limits.max_bytes``.

    A directory, a FIFO or a device is refused before anything is read, so that a
    pipe with no writer cannot block and ``/dev/zero`` cannot fill the memory.
    """
    source = str(path)
    if source == STDIN:
        data = sys.stdin.buffer.read(limits.max_bytes + 1)
        if len(data) > limits.max_bytes:
            raise _too_large(source, limits)
        return data
    try:
        fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise _refuse(
            source, _("cannot read the file: {error}", error=error.strerror or str(error))
        ) from None
    try:
        info = os.fstat(fd)
        refused = _kind(info.st_mode)
        if refused is not None:
            raise _refuse(source, refused)
        if info.st_size > limits.max_bytes:
            raise _too_large(source, limits)
        os.set_blocking(fd, True)
        return _read_bounded(fd, source, limits)
    except OSError as error:
        raise _refuse(
            source, _("cannot read the file: {error}", error=error.strerror or str(error))
        ) from None
    finally:
        os.close(fd)
