"""The one file reader: regular files only, standard input, a size limit (issue: hostile input)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fertility_rules.errors import MalformedInputError
from fertility_rules.formats import Limits, read_bytes, read_document

CLI = [sys.executable, "-m", "fertility_rules.cli"]


def _problem(error: pytest.ExceptionInfo[MalformedInputError]) -> str:
    (problem,) = error.value.problems
    assert problem.path == "$"
    return str(problem.message)


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    file = tmp_path / "a.json"
    file.write_bytes(b'{"a": 1}')
    assert read_bytes(file) == b'{"a": 1}'
    assert read_document(file) == {"a": 1}


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MalformedInputError) as caught:
        read_bytes(tmp_path)
    assert "directory" in _problem(caught)


def test_a_device_is_refused() -> None:
    with pytest.raises(MalformedInputError) as caught:
        read_bytes("/dev/zero")
    assert "device" in _problem(caught)


def test_a_fifo_without_writer_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    with pytest.raises(MalformedInputError) as caught:
        read_bytes(fifo)
    assert time.monotonic() - start < 1
    assert "FIFO" in _problem(caught)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(MalformedInputError) as caught:
        read_bytes(tmp_path / "none.json")
    assert "cannot read the file" in _problem(caught)


def test_the_size_limit_is_configurable(tmp_path: Path) -> None:
    file = tmp_path / "a.json"
    file.write_bytes(b"[" + b"1," * 50 + b"1]")
    assert len(read_bytes(file, Limits(max_bytes=1000))) == 103
    with pytest.raises(MalformedInputError) as caught:
        read_bytes(file, Limits(max_bytes=100))
    assert "larger than the limit of 100 bytes" in _problem(caught)


def test_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"b": [2]}')))
    assert read_document("-") == {"b": [2]}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * 101)))
    with pytest.raises(MalformedInputError) as caught:
        read_bytes("-", Limits(max_bytes=100))
    assert "larger than the limit" in _problem(caught)


def test_not_utf8(tmp_path: Path) -> None:
    file = tmp_path / "a.json"
    file.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(MalformedInputError) as caught:
        read_document(file)
    assert "not UTF-8" in _problem(caught)


# ---------------------------------------------------------------- the command, end to end


def _run(*args: str, stdin: bytes = b"") -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.monotonic()
    done = subprocess.run(
        [*CLI, *args], input=stdin.decode(), capture_output=True, text=True, timeout=60
    )
    return time.monotonic() - start, done


def _clean_refusal(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""
    assert words in done.stderr
    assert len(done.stderr.splitlines()) <= 3


def test_cli_score_dev_zero() -> None:
    _elapsed, done = _run("score", "/dev/zero")
    _clean_refusal(done, "device")


def test_cli_verify_a_directory() -> None:
    _elapsed, done = _run("verify", ".")
    _clean_refusal(done, "directory")


def test_cli_catalogue_check_dev_urandom() -> None:
    _elapsed, done = _run("catalogue", "check", "/dev/urandom")
    _clean_refusal(done, "device")


def test_cli_verify_a_fifo_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    _elapsed, done = _run("verify", str(fifo))
    _clean_refusal(done, "FIFO")


def test_cli_a_200_mb_file_is_refused_fast(tmp_path: Path) -> None:
    big = tmp_path / "moves.json"
    with big.open("wb") as out:  # sparse: no time spent writing 200 MB
        out.truncate(200 * 1024 * 1024)
    start = time.monotonic()
    with pytest.raises(MalformedInputError):
        read_document(big)
    assert time.monotonic() - start < 1
    _elapsed, done = _run("verify", str(big))
    _clean_refusal(done, "larger than the limit")


def test_cli_reads_standard_input() -> None:
    _elapsed, done = _run("score", "-", stdin=b'{"format": "x"')
    _clean_refusal(done, "not valid JSON")


def test_cli_an_unexpected_exception_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from fertility_rules import cli

    def broken(*_args: object, **_kwargs: object) -> object:
        raise RuntimeError("a bug\nover two lines")

    monkeypatch.setattr(cli, "_catalogue_check", broken)
    assert cli.main(["catalogue", "check", "x.toml"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("internal error (RuntimeError: a bug over two lines)")
    assert "Traceback" not in err


def test_cli_max_file_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from fertility_rules import cli, default_catalogue
    from fertility_rules.fertility.catalogue import dump_catalogue

    file = tmp_path / "catalogue.json"
    file.write_text(json.dumps(dump_catalogue(default_catalogue())), encoding="utf-8")
    assert cli.main(["catalogue", "check", str(file)]) == 0
    capsys.readouterr()
    assert cli.main(["--max-file-size", "1000", "catalogue", "check", str(file)]) == 1
    assert "larger than the limit of 1000 bytes" in capsys.readouterr().err


def test_cli_verify_names_the_rules_version(tmp_path: Path) -> None:
    from fertility_rules import GameRecord, dump_record

    record = dump_record(GameRecord(players=("A", "B"), moves=(), seed=1))
    record["rules_version"] = "7"
    file = tmp_path / "old.json"
    file.write_text(json.dumps(record), encoding="utf-8")
    _elapsed, done = _run("verify", str(file), "--lang", "fr")
    _clean_refusal(done, "$.rules_version")
    assert "7" in done.stderr
