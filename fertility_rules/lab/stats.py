"""Means and proportions with 95 % confidence intervals.

A mean's interval is the normal approximation ``mean ± 1.96 · s / √n`` (``s`` the
sample standard deviation), sound for the hundreds of games a study plays; a
proportion's is the Wilson score interval, which stays inside [0, 1] and behaves for
rates near 0 or 1 and for small samples.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

from attrs import frozen

__all__ = ["Z95", "Estimate", "mean_ci", "proportion_ci"]

Z95 = statistics.NormalDist().inv_cdf(0.975)
"""The normal quantile of a two-sided 95 % interval (1.95996...)."""


@frozen
class Estimate:
    """An estimated value with its 95 % confidence interval and the sample size."""

    value: float
    low: float
    high: float
    n: int

    def to_json(self) -> dict[str, float | int]:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}

    @classmethod
    def from_json(cls, data: dict[str, float | int]) -> Estimate:
        return cls(float(data["value"]), float(data["low"]), float(data["high"]), int(data["n"]))


def mean_ci(values: Sequence[float], floor: float = -math.inf) -> Estimate:
    """The mean of ``values`` and its 95 % interval (a single value: no width).

    ``floor`` is the least value the quantity can take (0 for a count): the interval
    never reaches below it, where the normal approximation would put it for a rare event.
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = statistics.fmean(values)
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    half = Z95 * statistics.stdev(values) / math.sqrt(n)
    return Estimate(mean, max(floor, mean - half), mean + half, n)


def proportion_ci(successes: float, n: int) -> Estimate:
    """The rate ``successes / n`` and its 95 % Wilson interval (shared wins may be fractions)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)
