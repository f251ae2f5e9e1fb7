"""The command line under hostile arguments, in real processes (issue 16, item 2): every
run ends, with a clean error or a result, within its time, under 200 MB, and never with
an internal error. Before, a negative ``--max-file-size`` read standard input without
bound, ``compare --games 100000000`` built every game description first, ``--jobs 48``
started 48 processes for one game, and 22 arguments (unwritable outputs, ``--agents ,``,
a long ``--move``, a scheduler that is not Dask, a file name that is not UTF-8) ended
in "internal error"; an output to a pipe nobody reads waited forever."""

from __future__ import annotations

import json
import os
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import fertility_rules as fr
from fertility_rules import ankhor
from fertility_rules.cli import main
from fertility_rules.lab import GameSpec, runner

ROOT = Path(__file__).resolve().parents[2]
RECORD = sorted(p for p in (ROOT / "tests" / "golden" / "records").glob("*.json"))[0]
assert not RECORD.name.endswith(".score.json")
MEMORY = 1 << 30
"""Address space each run may use (a run that needs more fails, and is reported)."""
MEGABYTES = 200
SECONDS = 60


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


_CHILD = """
import atexit, runpy, sys

def peak():  # this process's own peak, not the parent's it was forked from
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                sys.stderr.write("\\nPEAK-KB " + line.split()[1] + "\\n")

atexit.register(peak)
sys.argv = ["fertility-rules", *sys.argv[1:]]
runpy.run_module("fertility_rules.cli", run_name="__main__", alter_sys=True)
"""


def _run(args: list[str], stdin: str | None = None) -> tuple[int, str, float, float]:
    """``(exit status, standard error, seconds, peak megabytes)`` of one run."""
    with (
        open(stdin or os.devnull, "rb") as source,
        open(os.devnull, "wb") as sink,
        tempfile.TemporaryFile() as errors,
    ):
        start = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, "-c", _CHILD, *args],
            stdin=source,
            stdout=sink,
            stderr=errors,
            preexec_fn=_limits,  # the limits of this child only
            cwd=tempfile.gettempdir(),
        )
        try:
            process.wait(SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        seconds = time.monotonic() - start
        errors.seek(0)
        text = errors.read().decode("utf-8", "replace")
    text, _sep, peak = text.rpartition("\nPEAK-KB ")
    megabytes = int(peak.strip()) / 1024 if peak.strip().isdigit() else float("inf")
    return process.returncode, text, seconds, megabytes


@pytest.fixture(scope="module")
def places(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    folder = tmp_path_factory.mktemp("hostile")
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    strange = os.fsdecode(bytes(folder) + b"/catalogue-\xff.toml")
    Path(strange).write_bytes(
        (
            ROOT / "fertility_rules" / "fertility" / "catalogue" / "data" / "default.toml"
        ).read_bytes()
    )
    state = folder / "state.json"
    state.write_text(json.dumps(fr.dump_state(fr.new_game(["A", "B"], seed=1))), "utf-8")
    ankhor_state = folder / "ankhor-state.json"
    ankhor_state.write_text(
        json.dumps(ankhor.dump_state(ankhor.new_game(["A", "B"], seed=1))), "utf-8"
    )
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    stop = threading.Event()

    def serve() -> None:  # a service that is not Dask: answers and hangs up
        listener.settimeout(0.5)
        while not stop.is_set():
            try:
                connection, _address = listener.accept()
            except TimeoutError:
                continue
            connection.sendall(b"HTTP/1.1 200 OK\r\n\r\nnot dask")
            connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield {
        "folder": str(folder),
        "fifo": str(fifo),
        "strange": strange,
        "state": str(state),
        "ankhor_state": str(ankhor_state),
        "http": f"tcp://127.0.0.1:{listener.getsockname()[1]}",
    }
    stop.set()
    thread.join(5)
    listener.close()


HUGE = str(10**100)
RUNS: list[tuple[str, list[str], str | None]] = [
    # Sizes and counts (issue 16.2).
    ("negative size, stdin /dev/zero", ["--max-file-size", "-2", "show", "-"], "/dev/zero"),
    ("zero size", ["--max-file-size", "0", "show", "-"], "/dev/zero"),
    ("huge size", ["--max-file-size", "9" * 30, "show", "-"], "/dev/zero"),
    ("largest size, stdin /dev/zero", ["--max-file-size", str(64 << 20), "show", "-"], "/dev/zero"),
    ("10^8 games", ["compare", "--games", "100000000"], None),
    ("10^100 games", ["compare", "--games", HUGE], None),
    ("10^100 games to simulate", ["simulate", "--games", HUGE], None),
    ("every reading, too many games", ["compare", "--games", "100000"], None),
    ("48 jobs for one game", ["simulate", "--jobs", "48", "--games", "1"], None),
    ("10^100 jobs", ["simulate", "--jobs", HUGE, "--games", "2"], None),
    ("huge seed", ["simulate", "--seed", HUGE], None),
    ("negative position", ["show", str(RECORD), "--at", "-1"], None),
    ("huge position", ["show", str(RECORD), "--at", HUGE], None),
    ("position past the end", ["show", str(RECORD), "--at", "99999"], None),
    # Internal errors of the audit (issue 16.2, 16.3).
    ("agents ','", ["simulate", "--agents", ","], None),
    ("agents ',,'", ["compare", "--agents", ",,", "--games", "1"], None),
    ("unknown agent", ["simulate", "--agents", "random,chess"], None),
    ("output in a missing folder", ["show", str(RECORD), "--output", "/nonexistent/x.txt"], None),
    ("output on a folder", ["show", str(RECORD), "--output", "{folder}"], None),
    ("output on /dev/full", ["show", str(RECORD), "--output", "/dev/full"], None),
    ("output on a pipe", ["show", str(RECORD), "--output", "{fifo}"], None),
    ("record on /dev/full", ["simulate", "--record", "/dev/full"], None),
    ("record on a pipe", ["simulate", "--record", "{fifo}"], None),
    ("chart on a folder", ["compare", "--games", "1", "--svg", "{folder}"], None),
    ("pictures in /dev/full", ["demo", "--svg", "/dev/full"], None),
    ("pictures in a file", ["demo", "--svg", str(RECORD)], None),
    ("rules to /dev/full", ["rules", "--output", "/dev/full"], None),
    ("rules in a missing root", ["rules", "--output", "/proc/nothing/rules.md"], None),
    (
        "catalogue page on a pipe",
        ["catalogue", "show", "--format", "svg", "--output", "{fifo}"],
        None,
    ),
    ("a 300-character move", ["adjudicate", "{state}", "--move", "x" * 300], None),
    ("a 5000-character move", ["adjudicate", "{state}", "--move", "place " + "V" * 5000], None),
    ("a move of braces", ["adjudicate", "{state}", "--move", "{" * 200], None),
    ("malformed scheduler", ["simulate", "--games", "2", "--scheduler", "tcp://[::1"], None),
    ("scheduler not Dask", ["simulate", "--games", "2", "--scheduler", "{http}"], None),
    ("file name not UTF-8", ["catalogue", "check", "{strange}"], None),
    ("reading a pipe", ["verify", "{fifo}"], None),
    ("reading a folder", ["score", "{folder}"], None),
    ("reading /dev/urandom", ["catalogue", "check", "/dev/urandom"], None),
    # The same for Ankh'or's commands (issue 16, item 6).
    ("ankhor: score /dev/zero", ["score", "--game", "ankhor", "/dev/zero"], None),
    ("ankhor: verify a folder", ["verify", "--game", "ankhor", "{folder}"], None),
    ("ankhor: 10^100 games", ["compare", "--game", "ankhor", "--games", HUGE], None),
    ("ankhor: 48 jobs, one game", ["simulate", "--game", "ankhor", "--jobs", "48"], None),
    ("ankhor: agents ','", ["simulate", "--game", "ankhor", "--agents", ","], None),
    ("ankhor: huge seed", ["demo", "--game", "ankhor", "--seed", HUGE], None),
    (
        "ankhor: a 5000-character move",
        ["adjudicate", "--game", "ankhor", "{ankhor_state}", "--move", "buy " + "9" * 5000],
        None,
    ),
    (
        "ankhor: a move of brackets",
        ["adjudicate", "--game", "ankhor", "{ankhor_state}", "--move", "[" * 300],
        None,
    ),
    ("ankhor: show at 10^100", ["show", "--game", "ankhor", "{ankhor_state}", "--at", HUGE], None),
    ("ankhor: show stdin /dev/zero", ["show", "--game", "ankhor", "-"], "/dev/zero"),
    ("ankhor: unknown schema", ["schema", "--game", "ankhor", "x" * 3000], None),
    (
        "ankhor: catalogue from urandom",
        ["catalogue", "check", "--game", "ankhor", "/dev/urandom"],
        None,
    ),
    # The server's arguments, refused before anything starts.
    ("serve: infinite rate", ["serve", "--rate", "inf"], None),
    ("serve: rate not a number", ["serve", "--frame-rate", "nan"], None),
    ("serve: huge rate", ["serve", "--rate", "1e308"], None),
    ("serve: port out of range", ["serve", "--port", "99999"], None),
    ("serve: negative port", ["serve", "--port", "-1"], None),
    ("serve: endless bot delay", ["serve", "--bot-delay", "inf"], None),
]


@pytest.mark.slow
@pytest.mark.parametrize(("args", "stdin"), [pytest.param(a, s, id=n) for n, a, s in RUNS])
def test_hostile_arguments_end_cleanly_fast_and_small(
    args: list[str], stdin: str | None, places: dict[str, str]
) -> None:
    filled = [arg.format(**places) if arg.startswith("{") and "}" in arg else arg for arg in args]
    code, errors, seconds, megabytes = _run(filled, stdin)
    assert code in (0, 1, 2), (code, errors[-500:])
    assert "internal error" not in errors
    assert "Traceback" not in errors
    assert seconds < SECONDS
    assert megabytes < MEGABYTES, megabytes
    if code:
        assert errors.strip()


def test_a_game_is_never_given_more_workers_than_games(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a worker process was started for one game")

    monkeypatch.setattr(runner, "ProcessPoolExecutor", refuse)
    (summary,) = runner.run_games([GameSpec(3, ("random", "random"))], jobs=48)
    assert summary.seed == 3


def test_compare_never_starts_more_workers_than_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """``compare --jobs 256`` for one game under each of two readings: two workers, as
    ``simulate`` (before, 256 worker processes were started for the two games)."""
    started: list[int] = []

    def pool(workers: int, **options: object) -> ThreadPoolExecutor:
        started.append(workers)  # threads: a process's initializer is not theirs
        return ThreadPoolExecutor(workers)

    monkeypatch.setattr(runner, "ProcessPoolExecutor", pool)
    args = ["compare", "--vary", "I-1", "--games", "1", "--players", "2", "--agents", "random"]
    assert main([*args, "--jobs", "256"]) == 0
    assert started == [2]


def test_game_descriptions_are_read_as_they_are_handed_out() -> None:
    handed: list[int] = []
    seen_at_first_result: list[int] = []

    def specs() -> Iterator[GameSpec]:
        for seed in range(40):
            handed.append(seed)
            yield GameSpec(seed, ("random", "random"))

    def progress(count: int) -> None:
        if not seen_at_first_result:
            seen_at_first_result.append(len(handed))

    with ThreadPoolExecutor(2) as pool:
        summaries = runner.run_games(specs(), pool, jobs=2, progress=progress, chunk=1)
    assert [s.seed for s in summaries] == list(range(40))
    assert seen_at_first_result[0] <= 6  # four chunks ahead of two workers, not all 40
