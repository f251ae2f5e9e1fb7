"""The how-to's training example runs as documented (a shortened run: the documented
figure comes from the documented run, ``docs/howto/bots.rst``), and what it learns is
what REINFORCE prescribes (``rl`` extra)."""

from __future__ import annotations

import importlib.util
import io
import re
from contextlib import redirect_stdout
from pathlib import Path
from types import ModuleType

import pytest

np = pytest.importorskip("numpy", reason="the rl extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "learning" / "reinforce.py"
DOCUMENTED = re.compile(
    r"trained on (\d+) games in \d+ s of CPU time\n"
    r"training games won at the end: [\d.]+%\n"
    r"against random, (\d+) new games: ([\d.]+)% won \(95 % interval ([\d.]+)% to ([\d.]+)%\)\n"
)


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_a_shortened_run_trains_and_reports_as_documented(game: str) -> None:
    example = _load()
    out = io.StringIO()
    with redirect_stdout(out):
        assert example.main(["--game", game, "--episodes", "40", "--games", "12"]) == 0
    found = DOCUMENTED.fullmatch(out.getvalue())
    assert found is not None, out.getvalue()
    assert (found[1], found[2]) == ("40", "12")
    low, rate, high = float(found[4]), float(found[3]), float(found[5])
    assert 0 <= low <= rate <= high <= 100


def test_a_step_of_reinforce_moves_the_chosen_action_up_after_a_win() -> None:
    example = _load()
    policy = example.LinearPolicy(3, 5, np.random.default_rng(0))
    x = np.array([0.5, -0.25, 0.0], np.float32)
    legal = np.array([1, 3, 4])
    chances = policy.probabilities(x, legal)
    # Every score 0: a third each.
    assert np.allclose(chances, [1 / 3, 1 / 3, 1 / 3])
    policy.learn([(x, legal, chances, 1)], advantage=1.0, rate=0.3)
    # d log pi(a) / d bias = one-hot(a) - pi: +0.2 for the chosen, -0.1 for the others.
    assert np.allclose(policy.bias, [0, -0.1, 0, 0.2, -0.1])
    assert np.allclose(policy.weights[3], 0.2 * x)
    assert np.allclose(policy.weights[1], -0.1 * x)
    assert policy.probabilities(x, legal)[1] > 1 / 3
