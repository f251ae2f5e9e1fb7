"""The one file reader and writer of the library: regular files or standard input,
size-bounded when read, checked before any work and written whole (a temporary file
renamed) when written."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from pathlib import Path

from fertility_rules.arguments import checked_arguments, kind_name
from fertility_rules.errors import MalformedInputError
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits, too_large
from fertility_rules.i18n.message import Message, _, shown

__all__ = [
    "STDIN",
    "check_folder",
    "check_target",
    "file_name",
    "make_folder",
    "os_reason",
    "read_bytes",
    "write_text",
]

STDIN = "-"
"""The file name that means standard input."""

_CHUNK = 1 << 16


def file_name(path: object, argument: str = "path") -> str:
    """``path`` (a text or an ``os.PathLike``) as a file name, refused with a library error
    when it is neither, holds a NUL character, or cannot be written for the file system
    (a lone surrogate): the operating system would raise a bare Python error instead."""
    try:
        found: str | bytes = os.fspath(path)  # type: ignore[call-overload]
    except TypeError:
        raise MalformedInputError.single(
            argument, _("A file name is a text or a path, not {kind}.", kind=kind_name(path))
        ) from None
    source = os.fsdecode(found) if isinstance(found, bytes) else found
    if "\x00" in source:
        raise _refuse(ascii(source), _("a file name cannot hold a NUL character"))
    try:
        os.fsencode(source)
    except UnicodeEncodeError:
        raise _refuse(
            ascii(source), _("this file name cannot be used on the file system")
        ) from None
    return source


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
    return _refuse(source, too_large(limits))


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


def _check_stdin(limits: Limits) -> None:
    """Standard input redirected from a directory or a device (``< /dev/zero``) is refused
    as such a file is, and so is a terminal (nothing was given to read: the command would
    wait); a pipe or a file is read."""
    try:
        fd = sys.stdin.fileno()
        info = os.fstat(fd)
    except (OSError, ValueError, AttributeError):  # no real file behind it (a test's)
        return
    if os.isatty(fd):
        raise _refuse(
            STDIN,
            _(
                "standard input is a terminal: '-' reads a file given through a pipe or "
                "a redirection (< file.json)"
            ),
        )
    refused = _kind(info.st_mode)
    if refused is not None and not stat.S_ISFIFO(info.st_mode):
        raise _refuse(STDIN, refused)
    if stat.S_ISREG(info.st_mode) and info.st_size > limits.max_bytes:
        raise _too_large(STDIN, limits)


_OS_REASONS: dict[int, Message] = {
    errno.ENOENT: _("there is no such file"),
    errno.EACCES: _("permission denied"),
    errno.EPERM: _("permission denied"),
    errno.EISDIR: _("it is a folder"),
    errno.ENOTDIR: _("a part of the path is not a folder"),
    errno.ENAMETOOLONG: _("the name is too long"),
    errno.ELOOP: _("too many symbolic links"),
    errno.ENOSPC: _("the disk is full"),
    errno.EDQUOT: _("the disk quota is used up"),
    errno.EFBIG: _("the file would be too large for the file system"),
    errno.EIO: _("the device failed (an input/output error)"),
    errno.EBUSY: _("it is in use"),
    errno.ETXTBSY: _("it is in use"),
    errno.EROFS: _("the file system is read-only"),
    errno.EEXIST: _("it exists already"),
}
"""The system's reasons, in words translated (its own messages are in English)."""


def os_reason(error: OSError) -> Message:
    """Why the system refused: a known reason in words, else its error number."""
    known = _OS_REASONS.get(error.errno or 0)
    if known is not None:
        return known
    return _("the system refused it (error {n})", n=error.errno or 0)


@checked_arguments
def read_bytes(path: str | Path, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """The content of a regular file (``-``: standard input), at most ``limits.max_bytes``.

    A directory, a FIFO or a device is refused before anything is read, so that a
    pipe with no writer cannot block and ``/dev/zero`` cannot fill the memory.
    """
    source = file_name(path)
    if source == STDIN:
        _check_stdin(limits)
        data = sys.stdin.buffer.read(limits.max_bytes + 1)
        if len(data) > limits.max_bytes:
            raise _too_large(source, limits)
        return data
    try:
        fd = os.open(source, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise _refuse(source, _("cannot read the file: {error}", error=os_reason(error))) from None
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
        raise _refuse(source, _("cannot read the file: {error}", error=os_reason(error))) from None
    finally:
        os.close(fd)


def _cannot_write(
    source: str, error: OSError | Message, folder: Path | None = None
) -> MalformedInputError:
    """Why ``source`` cannot be written: ``error``'s reason; a file missing while one is
    made in the existing ``folder`` means that the folder takes no new files."""
    if isinstance(error, Message):
        reason = error
    elif error.errno == errno.ENOENT and folder is not None:
        reason = _(
            "the folder {folder} takes no new files (it was removed, or its file system, "
            "such as /proc, makes none)",
            folder=shown(str(folder)),
        )
    else:
        reason = os_reason(error)
    return MalformedInputError.single(
        "$", _("cannot write the file: {error}", error=reason), source=source
    )


def _existing_folder(path: Path, source: str) -> None:
    """``path`` is a folder this process can write in: a file is made there and removed
    (permissions alone do not tell a read-only file system, nor one such as /proc)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise _cannot_write(
            source, _("the folder {folder} does not exist", folder=shown(str(path)))
        ) from None
    except OSError as error:
        raise _cannot_write(source, error) from None
    if not stat.S_ISDIR(info.st_mode):
        raise _cannot_write(source, _("{folder} is not a folder", folder=shown(str(path))))
    if not os.access(path, os.W_OK | os.X_OK):
        raise _cannot_write(
            source, _("the folder {folder} is not writable", folder=shown(str(path)))
        )
    try:
        handle, probe = tempfile.mkstemp(dir=path, prefix=".fertility-rules.")
    except OSError as error:
        raise _cannot_write(source, error, path) from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def check_target(path: str | Path) -> Path:
    """``path`` as a file to write: a regular file or none yet, in a writable folder.

    Checked before any work, so that a long computation never ends on a missing folder,
    a directory, a pipe nobody reads or a device (``/dev/full``).
    """
    source = file_name(path)
    target = Path(source)
    try:
        info = os.stat(target)
    except FileNotFoundError:
        info = None
    except OSError as error:
        raise _cannot_write(source, error) from None
    if info is not None:
        refused = _kind(info.st_mode)
        if refused is not None:
            raise _cannot_write(source, refused)
    _existing_folder(target.parent, source)
    return target


def check_folder(path: str | Path) -> Path:
    """``path`` as a folder to write files in: an existing writable folder, or one that
    can be made in the nearest existing folder above it."""
    source = file_name(path)
    folder = Path(source)
    above = folder
    while True:
        try:
            info = above.stat()
        except FileNotFoundError:
            if above.parent == above:
                raise _cannot_write(source, _("no folder to make it in")) from None
            above = above.parent
            continue
        except OSError as error:
            raise _cannot_write(source, error) from None
        if not stat.S_ISDIR(info.st_mode):
            raise _cannot_write(source, _("{folder} is not a folder", folder=shown(str(above))))
        _existing_folder(above, source)
        return folder


def make_folder(path: str | Path) -> Path:
    """The folder ``path``, checked (:func:`check_folder`) and made if missing."""
    folder = check_folder(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _cannot_write(str(path), error, folder.parent) from None
    return folder


def write_text(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8) to the file ``path`` whole or not at all: into a temporary
    file beside it, then renamed over it. Never opens a pipe or a device."""
    target = check_target(path)
    data = text.encode("utf-8")
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
    except OSError as error:
        raise _cannot_write(str(path), error, target.parent) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        mode = stat.S_IMODE(target.stat().st_mode) if target.exists() else 0o644
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise _cannot_write(str(path), error) from None
