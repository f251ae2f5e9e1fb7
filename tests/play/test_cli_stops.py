"""The command line stopped from outside: Ctrl-C, a full disk or a closed pipe on
standard output. Each ends with one line (or none) and its exit status, never a
traceback, a hang or an "internal error"."""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fertility_rules.errors import IllegalMoveError, MalformedInputError, Problem
from fertility_rules.i18n.message import _

ROOT = Path(__file__).resolve().parents[2]
COMMAND = [sys.executable, "-m", "fertility_rules.cli"]
ENDLESS = ["simulate", "--players", "2", "--agents", "ismcts:seconds=60"]
"""A run that would take hours: each decision searches for a minute."""


def _environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def _children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _interrupted(args: list[str], workers: int, group: bool) -> tuple[int | None, str]:
    """Start ``args``, wait until its ``workers`` worker processes run (and a moment),
    send SIGINT to it (``group``: to its whole process group, as a terminal does), and
    return its exit status (``None``: still running a minute later) and standard error."""
    process = subprocess.Popen(
        [*COMMAND, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=_environment(),
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        while len(_children(process.pid)) < workers:
            time.sleep(0.1)
        time.sleep(1.5)  # the games (or the one game) under way
        if group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            os.kill(process.pid, signal.SIGINT)
        try:
            _out, errors = process.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            return None, ""
        return process.returncode, errors.decode("utf-8", "replace")
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.slow
@pytest.mark.parametrize("group", [False, True], ids=["process", "process group"])
def test_ctrl_c_stops_the_workers_and_exits_130(group: bool) -> None:
    """Before, the command waited for its workers' games to end (hours) after Ctrl-C."""
    code, errors = _interrupted([*ENDLESS, "--games", "2", "--jobs", "2"], 2, group)
    assert code == 130
    assert errors.strip() == "Interrupted."


@pytest.mark.slow
def test_ctrl_c_during_one_game_is_one_line() -> None:
    """Before, a Python traceback ending in KeyboardInterrupt."""
    code, errors = _interrupted(ENDLESS, 0, False)
    assert code == 130
    assert errors.strip() == "Interrupted."


def _run(args: list[str], stdout: int | None = None) -> subprocess.CompletedProcess[bytes]:
    with open("/dev/full", "wb") if stdout is None else open(os.devnull, "wb") as sink:
        return subprocess.run(
            [*COMMAND, *args],
            stdout=sink if stdout is None else stdout,
            stderr=subprocess.PIPE,
            env=_environment(),
            timeout=120,
            check=False,
        )


@pytest.mark.parametrize(
    "args",
    [["demo"], ["schema", "game-state"], ["rules"], ["--help"], ["--lang", "fr", "--version"]],
)
def test_a_full_disk_on_standard_output_is_told_as_such(args: list[str]) -> None:
    """Before, "internal error (OSError ...); please report it" (exit 2), and ``--help``
    ended with 0 as if written."""
    done = _run(args)
    assert done.returncode == 1
    errors = done.stderr.decode()
    assert "internal error" not in errors
    assert errors.strip().splitlines() in (
        ["cannot write standard output: the disk is full"],
        ["impossible d’écrire sur la sortie standard\u202f: le disque est plein"],
    ), errors


def test_a_reader_that_stops_early_ends_the_command_quietly() -> None:
    reader = subprocess.Popen(["head", "-c", "10"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert reader.stdin is not None
    done = _run(["rules"], stdout=reader.stdin.fileno())
    reader.stdin.close()
    assert reader.stdout is not None
    assert reader.stdout.read() == b"# Fertilit"
    reader.wait()
    assert done.returncode == 0
    assert done.stderr == b""


def test_errors_cross_from_a_worker_process_whole() -> None:
    """A game's error raised in a worker reaches the command as it was raised; before,
    the errors of two classes could not be read back, which broke the pool ("internal
    error (BrokenProcessPool)")."""
    malformed = MalformedInputError([Problem("$.seed", _("too large"), "R-1")], "a.json")
    illegal = IllegalMoveError(_("not now"), "R-3", move="m")
    for error in (malformed, illegal):
        again = pickle.loads(pickle.dumps(error))
        assert type(again) is type(error)
        assert again.render("fr") == error.render("fr")
        assert vars(again) == vars(error)
