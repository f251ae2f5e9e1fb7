"""The command line's refusal of an argument, as the tests read it."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fertility_rules.cli import main
from fertility_rules.games import GameInfo


def usage_error(
    args: list[str], capsys: pytest.CaptureFixture[str], games: Sequence[GameInfo] | None = None
) -> str:
    """The error ``args`` are refused with as argparse refuses an argument (exit status 2,
    the usage first); the test fails if the command runs or ends otherwise."""
    with pytest.raises(SystemExit) as stopped:
        main(args, games)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: ") or err.startswith("użycie")
    assert "Traceback" not in err
    return err
