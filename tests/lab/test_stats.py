"""95 % intervals, checked against hand calculations."""

from __future__ import annotations

import math

import pytest

from fertility_rules.lab.stats import Z95, Estimate, mean_ci, proportion_ci


def test_the_normal_quantile() -> None:
    assert pytest.approx(1.959964, abs=1e-6) == Z95


def test_mean_interval_by_hand() -> None:
    # 1..5: mean 3, sample variance (4+1+0+1+4)/4 = 2.5, s = 1.58114, s/sqrt(5) = 0.70711,
    # half-width 1.959964 * 0.70711 = 1.38590.
    estimate = mean_ci([1, 2, 3, 4, 5])
    assert estimate.value == 3
    assert estimate.low == pytest.approx(1.61410, abs=1e-5)
    assert estimate.high == pytest.approx(4.38590, abs=1e-5)
    assert estimate.n == 5


def test_mean_interval_of_equal_values_and_small_samples() -> None:
    assert mean_ci([7, 7, 7]) == Estimate(7, 7, 7, 3)
    assert mean_ci([4]) == Estimate(4, 4, 4, 1)
    empty = mean_ci([])
    assert empty.n == 0
    assert math.isnan(empty.value)


def test_wilson_interval_by_hand() -> None:
    # 5 of 10: z^2 = 3.84146; centre (0.5 + 0.19207) / 1.38415 = 0.5;
    # half = 1.959964 / 1.38415 * sqrt(0.025 + 0.0096037) = 1.41601 * 0.186020 = 0.26341.
    estimate = proportion_ci(5, 10)
    assert estimate.value == 0.5
    assert estimate.low == pytest.approx(0.23659, abs=1e-5)
    assert estimate.high == pytest.approx(0.76341, abs=1e-5)


def test_wilson_interval_at_zero_and_one() -> None:
    # 0 of 4: centre z^2/8 / (1 + z^2/4) = 0.48018/1.96037 = 0.24494, half the same: [0, 0.48990].
    none = proportion_ci(0, 4)
    assert none.value == 0
    assert none.low == 0
    assert none.high == pytest.approx(0.48990, abs=1e-5)
    every = proportion_ci(4, 4)
    assert every.high == 1
    assert every.low == pytest.approx(1 - 0.48990, abs=1e-5)


def test_json_round_trip() -> None:
    estimate = proportion_ci(2.5, 9)
    assert Estimate.from_json(estimate.to_json()) == estimate
