"""Rate limits: a token bucket per client address and per socket, in bounded memory."""

from __future__ import annotations

import time
from collections import OrderedDict

__all__ = ["Bucket", "RateLimiter"]


class Bucket:
    """Allows ``rate`` actions a second on average and ``burst`` at once."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.level = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def _refilled(self, now: float) -> float:
        """The level at ``now``: what was left, and what the rate gave since."""
        return min(self.burst, self.level + (now - self.stamp) * self.rate)

    def take(self, now: float | None = None) -> bool:
        """Whether one more action is allowed now (it is then counted)."""
        now = time.monotonic() if now is None else now
        self.level = self._refilled(now)
        self.stamp = now
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True

    def wait(self, now: float | None = None) -> float:
        """Seconds until one more action is allowed."""
        level = self._refilled(time.monotonic() if now is None else now)
        return max(0.0, (1.0 - level) / self.rate)


class RateLimiter:
    """A bucket per key (a client address), the least recently seen forgotten first, so
    that many addresses cannot fill the memory."""

    def __init__(self, rate: float, burst: int, keys: int = 50_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keys = keys
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str, now: float | None = None) -> bool:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = Bucket(self.rate, self.burst, now)
            if len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take(now)

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` may act again (0 for a key not seen)."""
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.wait(now)
