"""A comparison as a small SVG chart: mean Debens per stage and in total, per reading.

Hand-written SVG (no plotting library): one group of horizontal bars per measure,
one bar per reading, a whisker for the 95 % interval and the value at the end.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from fertility_rules.games import find_game
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _
from fertility_rules.i18n.translate import render
from fertility_rules.lab.compare import Comparison
from fertility_rules.lab.render import reading_names
from fertility_rules.lab.stats import Estimate

__all__ = ["comparison_to_svg"]

COLOURS = ("#3b6ea5", "#d08c2f", "#5a9e54", "#b5475b", "#7d5ba6", "#4a9ca3", "#8c6d46")
WIDTH = 720
LABEL = 170
BAR = 14
GAP = 10


def comparison_to_svg(comparison: Comparison, language: Language | str = Language.EN) -> str:
    """The chart as an SVG document."""
    names = reading_names(comparison, language)
    rules = find_game(comparison.game)
    groups: list[tuple[str, list[Estimate]]] = [
        (render(_("Mean total"), language), [r.total for r in comparison.results])
    ]
    groups += [
        (render(stage.label, language), [r.stages[index] for r in comparison.results])
        for index, stage in enumerate(rules.stages)
    ]
    top = max([e.high for _n, es in groups for e in es if e.high == e.high] + [1.0])
    plot = WIDTH - LABEL - 70
    legend = 22 * len(names)
    height = 40 + legend + len(groups) * (len(names) * BAR + GAP) + 20

    def x(value: float) -> float:
        return LABEL + plot * max(0.0, value) / top

    title = render(_("Mean score per seat, 95 % intervals"), language)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        f'<text x="10" y="20" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
    for index, name in enumerate(names):
        y = 34 + 22 * index
        colour = COLOURS[index % len(COLOURS)]
        parts.append(f'<rect x="10" y="{y}" width="14" height="14" fill="{colour}"/>')
        parts.append(f'<text x="30" y="{y + 11}">{escape(name)}</text>')
    y = 40 + legend
    for title, estimates in groups:
        parts.append(
            f'<text x="{LABEL - 8}" y="{y + BAR * len(estimates) / 2 + 4:.1f}" '
            f'text-anchor="end">{escape(title)}</text>'
        )
        for index, estimate in enumerate(estimates):
            colour = COLOURS[index % len(COLOURS)]
            mid = y + BAR / 2
            parts.append(
                f'<rect x="{LABEL}" y="{y + 1}" width="{x(estimate.value) - LABEL:.1f}" '
                f'height="{BAR - 2}" fill="{colour}"/>'
            )
            parts.append(
                f'<line x1="{x(estimate.low):.1f}" y1="{mid}" x2="{x(estimate.high):.1f}" '
                f'y2="{mid}" stroke="black"/>'
            )
            for end in (estimate.low, estimate.high):
                parts.append(
                    f'<line x1="{x(end):.1f}" y1="{mid - 4}" x2="{x(end):.1f}" y2="{mid + 4}" '
                    f'stroke="black"/>'
                )
            parts.append(
                f'<text x="{x(estimate.high) + 4:.1f}" y="{mid + 4}">{estimate.value:.1f}</text>'
            )
            y += BAR
        y += GAP
    parts.append(f'<line x1="{LABEL}" y1="{40 + legend - 4}" x2="{LABEL}" y2="{y}" stroke="#888"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
