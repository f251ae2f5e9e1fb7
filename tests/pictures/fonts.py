"""Text widths from the font the pictures ask for (DejaVu Sans), read from its file.

A small reader of the TrueType tables ``cmap`` (format 4) and ``hmtx``: enough to add up
the advance widths of a label's characters, so that tests can check that a label fits
its box as a browser draws it, without estimating. The fonts are those of the Debian
package ``fonts-dejavu-core`` (installed with Chromium); without them the tests that
need them are skipped, never in CI.
"""

from __future__ import annotations

import functools
import os
import struct
from pathlib import Path

import pytest

FONTS = Path("/usr/share/fonts/truetype/dejavu")
"""Where Debian installs DejaVu."""


class Font:
    """The advance widths of a TrueType font, per character."""

    def __init__(self, data: bytes) -> None:
        tables = {}
        count = struct.unpack(">H", data[4:6])[0]
        for index in range(count):
            tag, _sum, offset, length = struct.unpack(
                ">4sIII", data[12 + 16 * index : 28 + 16 * index]
            )
            tables[tag.decode("ascii")] = data[offset : offset + length]
        self.units: int = struct.unpack(">H", tables["head"][18:20])[0]
        metrics = struct.unpack(">H", tables["hhea"][34:36])[0]
        hmtx = tables["hmtx"]
        self.advances: list[int] = [
            struct.unpack(">H", hmtx[4 * i : 4 * i + 2])[0] for i in range(metrics)
        ]
        self.glyphs = _cmap(tables["cmap"])

    def width(self, text: str, size: float) -> float:
        """The advance width of ``text`` at ``size``, in the picture's units."""
        total = 0
        for char in text:
            glyph = self.glyphs.get(ord(char), 0)
            total += self.advances[min(glyph, len(self.advances) - 1)]
        return total * size / self.units


def _cmap(table: bytes) -> dict[int, int]:
    count = struct.unpack(">H", table[2:4])[0]
    for index in range(count):
        platform, encoding, offset = struct.unpack(">HHI", table[4 + 8 * index : 12 + 8 * index])
        if (
            platform == 3
            and encoding == 1
            and struct.unpack(">H", table[offset : offset + 2])[0] == 4
        ):
            return _format4(table[offset:])
    raise ValueError("no Unicode BMP cmap")


def _format4(sub: bytes) -> dict[int, int]:
    segments = struct.unpack(">H", sub[6:8])[0] // 2
    ends = struct.unpack(f">{segments}H", sub[14 : 14 + 2 * segments])
    base = 16 + 2 * segments
    starts = struct.unpack(f">{segments}H", sub[base : base + 2 * segments])
    deltas = struct.unpack(f">{segments}h", sub[base + 2 * segments : base + 4 * segments])
    offsets_at = base + 4 * segments
    offsets = struct.unpack(f">{segments}H", sub[offsets_at : offsets_at + 2 * segments])
    glyphs = {}
    for segment in range(segments):
        for code in range(starts[segment], ends[segment] + 1):
            if code == 0xFFFF:
                continue
            if offsets[segment] == 0:
                glyph = (code + deltas[segment]) & 0xFFFF
            else:
                at = offsets_at + 2 * segment + offsets[segment] + 2 * (code - starts[segment])
                glyph = struct.unpack(">H", sub[at : at + 2])[0]
                if glyph:
                    glyph = (glyph + deltas[segment]) & 0xFFFF
            glyphs[code] = glyph
    return glyphs


@functools.cache
def font(bold: bool = False) -> Font:
    """DejaVu Sans (bold), or the test is skipped outside CI when it is not installed."""
    path = FONTS / ("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is needed in CI (Debian package fonts-dejavu-core)")
        pytest.skip(f"{path} is not installed (apt-get install fonts-dejavu-core)")
    return Font(path.read_bytes())
