"""The width of a text in the pictures' font, so that a label is fitted into its room.

A text's width is estimated from the advance widths of DejaVu Sans, the first font of
every picture of the library (a game's pictures, the lab's charts), character by
character; a letter with an accent measures as its base letter (``ż`` as ``z``), anything
else as a wide letter. It is shared by every picture, whatever the game.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MINIMUM_SIZE", "fit_size", "text_width"]

# Advance widths of the printable ASCII characters (space to tilde) in DejaVu Sans and
# DejaVu Sans Bold, in thousandths of an em (the fonts' own metrics).
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838,
)  # fmt: skip
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696,
    696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734,
    830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
    774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716,
    712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652,
    582, 712, 365, 712, 838,
)  # fmt: skip
_OTHER = {"…": 1000, "→": 838, "×": 838, "·": 318, "–": 500, "—": 1000, "’": 318, "«": 612}
_OTHER |= {"»": 612, "„": 318, "”": 460, "“": 460, "\u202f": 200, "\u00a0": 318, "ł": 278}
_OTHER |= {"Ł": 557, "ß": 630, "ø": 612, "Ø": 787, "æ": 974, "œ": 1020, "đ": 635}
_WIDE = 1000
"""An unknown character (a symbol, another script) measures as a wide one."""
_MARGIN = 1.04
"""Other fonts of the list (Noto Sans, Verdana) run up to a few per cent wider."""

MINIMUM_SIZE = 7.0
"""No label is drawn smaller than this (in picture units, pixels at scale 1)."""


def _advance(char: str, bold: bool) -> int:
    table = _BOLD if bold else _REGULAR
    code = ord(char)
    if 32 <= code < 127:
        return table[code - 32]
    if char in _OTHER:
        return _OTHER[char] + (60 if bold else 0)
    base = unicodedata.normalize("NFD", char)[0]
    if base != char and 32 <= ord(base) < 127:
        return table[ord(base) - 32]
    return _WIDE


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` drawn at font size ``size`` (a little generous)."""
    return sum(_advance(char, bold) for char in text) * size / 1000 * _MARGIN


def fit_size(text: str, size: float, width: float, bold: bool = False) -> float:
    """The largest font size up to ``size`` at which ``text`` fits in ``width``."""
    natural = text_width(text, size, bold)
    if natural <= width:
        return size
    return max(MINIMUM_SIZE, size * width / natural)
