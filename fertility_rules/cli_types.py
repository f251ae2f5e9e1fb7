"""The command line's argument types: every value bounded and checked while the
arguments are read, so that a wrong one is refused at once (exit status 2) with a
translated message, before any work starts.

Counts, sizes, jobs and seeds are whole numbers within bounds that fit the game; files
to write are checked as :func:`~fertility_rules.formats.files.check_target` checks them
(a writable folder, never a pipe or a device). Nothing here knows a game.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import math
import os
import socket
from collections.abc import Callable, Iterator
from pathlib import PurePath
from typing import TypeVar

from fertility_rules.errors import FertilityError, MalformedInputError
from fertility_rules.formats.files import check_folder, check_target
from fertility_rules.i18n.lists import any_of
from fertility_rules.i18n.message import Message, _, echo, shown
from fertility_rules.shared.seeds import MAX_SEED

__all__ = [
    "DATABASE_SCHEMES",
    "MAX_GAMES",
    "MAX_JOBS",
    "MAX_MOVES",
    "MAX_PLAYERS",
    "MAX_SEED",
    "ArgumentError",
    "argument",
    "argument_message",
    "database",
    "host",
    "names_folder",
    "number",
    "output_file",
    "output_file_or_folder",
    "output_folder",
    "positive_int",
    "scheduler_address",
    "seed",
    "seeds_note",
    "whole_number",
]

Translate = Callable[[Message], str]
N = TypeVar("N", int, float)

MAX_GAMES = 100_000
"""Games one command plays at most (all readings together): hours of work already."""
MAX_JOBS = 256
"""Worker processes one command starts at most, even when asked for more."""
MAX_MOVES = 100_000
"""A position after at most this many moves (a game has a few hundred)."""
MAX_PLAYERS = 99
"""The most players ``--players`` reads; each game then says how many it is played by."""


class ArgumentError(FertilityError):
    """An argument of a command found wrong only once the command runs (the game it is
    checked against is known then, or the file it goes with): refused as argparse refuses
    an argument, naming ``option``, with the usage and exit status 2."""

    def __init__(self, option: str, message: Message) -> None:
        self.option = option
        self.reason = message
        super().__init__(_("{option}: {text}", option=option, text=message))


def argument_message(error: FertilityError, option: str | None = None) -> Message:
    """What ``error`` says of one argument: its first problem (with its JSON path inside
    the document, the rule or the format it breaks, and the file it is about unless that
    is the argument ``option`` itself) rather than a heading counting problems "in the
    input"."""
    if not isinstance(error, MalformedInputError) or not error.problems:
        return error.message
    first = error.problems[0]
    text = first.message
    rule = first.rule or error.format
    if rule is not None:
        text = _("{text} ({rule})", text=text, rule=rule)
    if first.path.startswith("$") and first.path != "$":  # within the document
        text = _("{path}: {text}", path=first.path, text=text)
    if error.source is not None and error.source != option:
        text = _("{source}: {text}", source=shown(error.source), text=text)
    return text


@contextlib.contextmanager
def argument(option: str) -> Iterator[None]:
    """Within the block, a library error is the refusal of the argument ``option``
    (:class:`ArgumentError`)."""
    try:
        yield
    except ArgumentError:
        raise
    except FertilityError as error:
        raise ArgumentError(option, argument_message(error, option)) from None


def _bounded(
    t: Translate,
    parse: Callable[[str], N | None],
    fits: Callable[[N], bool],
    expected: Callable[[str], Message],
) -> Callable[[str], N]:
    """An argparse type: the value ``parse`` reads in the text, refused with the message
    ``expected`` (given the text) when there is none or it does not ``fits``."""

    def read(text: str) -> N:
        value = parse(text.strip())
        if value is None or not fits(value):
            raise argparse.ArgumentTypeError(t(expected(text[:40])))
        return value

    return read


def _whole(word: str) -> int | None:
    digits = word.removeprefix("-").removeprefix("+")
    return int(word) if digits.isascii() and digits.isdigit() and len(digits) <= 20 else None


def _finite(word: str) -> float | None:
    try:
        value = float(word) if len(word) <= 40 else math.nan
    except ValueError:
        return None
    return value if math.isfinite(value) else None


def whole_number(t: Translate, low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    return _bounded(
        t,
        _whole,
        lambda value: low <= value <= high,
        lambda text: _(
            "expected a whole number from {low} to {high}, not {text!r}",
            low=low,
            high=high,
            text=text,
        ),
    )


def number(t: Translate, low: int, high: int, *, zero: bool = False) -> Callable[[str], float]:
    """An argparse type: a finite number above ``low`` (or equal to it with ``zero``) and
    at most ``high``; ``inf`` and ``nan`` are refused, as are numbers written too long."""

    def expected(text: str) -> Message:
        if zero:
            return _(
                "expected a number from {low} to {high}, not {text!r}",
                low=low,
                high=high,
                text=text,
            )
        return _(
            "expected a number above {low} and at most {high}, not {text!r}",
            low=low,
            high=high,
            text=text,
        )

    return _bounded(
        t,
        _finite,
        lambda value: (low < value or (zero and value == low)) and value <= high,
        expected,
    )


def positive_int(t: Translate, high: int = MAX_GAMES) -> Callable[[str], int]:
    """An argparse type: a whole number from 1 to ``high``."""
    return whole_number(t, 1, high)


def seed(t: Translate) -> Callable[[str], int]:
    """An argparse type: a seed, a whole number of at most 19 digits."""
    return whole_number(t, -MAX_SEED, MAX_SEED)


def seeds_note(t: Translate) -> str:
    """What the help of a ``--seed`` adds: its default, and that a seed deals the same
    setup as its negative (Python's random numbers take a seed's absolute value; records
    keep their seeds, so the dealing stays as it is)."""
    return t(
        _(
            " (default: %(default)s; a whole number from -{largest} to {largest}; a seed "
            "and its negative deal the same setup)",
            largest=str(MAX_SEED),
        )
    )


def _host_and_port(text: str) -> tuple[str, int] | None:
    """The host and port of a Dask address, as Dask reads it; ``None`` when it has none."""
    from distributed.comm.addressing import get_address_host_port

    try:
        host, port = get_address_host_port(text)
    except ValueError:  # no port, an unknown scheme, a broken IPv6 address...
        return None
    return (host, port) if host and 0 < port <= 65535 else None


def scheduler_address(t: Translate) -> Callable[[str], str]:
    """An argparse type: the address of a Dask scheduler (``tcp://127.0.0.1:8786``,
    ``127.0.0.1:8786``), read as Dask reads it. Whether a scheduler answers there is known
    only when the games start."""

    def read(text: str) -> str:
        try:
            import distributed  # noqa: F401 - the extra 'dask'
        except ImportError:
            raise argparse.ArgumentTypeError(
                t(
                    _(
                        "--scheduler needs Dask: install the extra with pip install "
                        "'fertility-rules[dask]'."
                    )
                )
            ) from None
        if len(text) > 300 or _host_and_port(text.strip()) is None:
            raise argparse.ArgumentTypeError(
                t(
                    _(
                        "expected the address of a Dask scheduler, HOST:PORT or "
                        "PROTOCOL://HOST:PORT (tcp://127.0.0.1:8786), not {text!r}",
                        text=text[:40],
                    )
                )
            )
        return text.strip()

    return read


def host(t: Translate) -> Callable[[str], str]:
    """An argparse type: an address to listen on, an IP address or a host name the system
    finds (``999.1.1.1`` and an unknown name are refused here, not by the server)."""

    def read(text: str) -> str:
        name = text.strip()
        if not name:
            raise argparse.ArgumentTypeError(
                t(_("an empty address: give one, such as 127.0.0.1 (0.0.0.0 for every one)"))
            )
        try:
            ipaddress.ip_address(name)
        except ValueError:
            found = len(name) <= 253 and _resolves(name)
            if not found:
                raise argparse.ArgumentTypeError(
                    t(
                        _(
                            "expected an IP address or a host name the system knows "
                            "(localhost), not {text}",
                            text=echo(text),
                        )
                    )
                ) from None
        return name

    return read


def _resolves(name: str) -> bool:
    try:
        socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError, ValueError):
        return False
    return True


DATABASE_SCHEMES = ("postgresql", "postgres")
"""The database URLs ``serve --db`` takes besides a SQLite file's name."""


def database(t: Translate) -> Callable[[str], str]:
    """An argparse type: a SQLite file's name or a PostgreSQL URL (``postgresql://``);
    another URL (``mysql://``) is refused rather than taken for a file's name."""

    def read(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(
                t(_("an empty name: give a SQLite file's name or a PostgreSQL URL"))
            )
        scheme, separator, _rest = text.partition("://")
        if separator and scheme not in DATABASE_SCHEMES:
            raise argparse.ArgumentTypeError(
                t(
                    _(
                        "unsupported database URL {text}: a SQLite file's name, or a URL "
                        "starting with {schemes}",
                        text=echo(text),
                        schemes=any_of([f"{s}://" for s in DATABASE_SCHEMES]),
                    )
                )
            )
        return text

    return read


def _checked_path(t: Translate, check: Callable[[str], object]) -> Callable[[str], str]:
    def read(text: str) -> str:
        if not text:
            raise argparse.ArgumentTypeError(t(_("an empty name names no file")))
        try:
            check(text)
        except FertilityError as error:
            raise argparse.ArgumentTypeError(t(argument_message(error))) from None
        return text

    return read


def output_file(t: Translate) -> Callable[[str], str]:
    """An argparse type: a file to write, checked before any work (a writable folder; no
    directory, pipe or device in its place)."""
    return _checked_path(t, check_target)


def output_folder(t: Translate) -> Callable[[str], str]:
    """An argparse type: a folder to write files in (made if missing)."""
    return _checked_path(t, check_folder)


def names_folder(text: str) -> bool:
    """Whether the output ``text`` names a folder: one that exists, a name ending with
    ``/``, or a name without an extension (a file's name has one: ``rules.md``)."""
    if text.endswith(("/", os.sep)) or not PurePath(text).suffix:
        return True
    try:
        return os.path.isdir(text)
    except (OSError, ValueError):  # a name too long, a NUL byte: the checks say so
        return False


def _file_or_folder(text: str) -> object:
    if not names_folder(text):
        return check_target(text)
    try:
        there = os.path.lexists(text) and not os.path.isdir(text)
    except (OSError, ValueError):
        there = False
    if there:
        raise MalformedInputError.single(
            "$",
            _(
                "a name without an extension names a folder to write in, and this is not "
                "one: give a file name with an extension (rules.md)"
            ),
            source=text,
        )
    return check_folder(text)


def output_file_or_folder(t: Translate) -> Callable[[str], str]:
    """An argparse type: a file to write (a name with an extension) or a folder to write
    files in (see :func:`names_folder`), checked as :func:`output_file` and
    :func:`output_folder` check them."""
    return _checked_path(t, _file_or_folder)
