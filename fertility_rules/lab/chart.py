"""A comparison as a small SVG chart: mean score per stage and in total, per reading.

Hand-written SVG (no plotting library): a value axis with its ticks, one group of
horizontal bars per measure, one bar per reading with a whisker for the 95 % interval
and the value at its end. Each bar carries the reading's number, so the legend stays
unambiguous however many readings share the palette's colours.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.fonts import fit_size, text_width
from fertility_rules.games import find_game
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, render
from fertility_rules.i18n.numbers import decimal, number
from fertility_rules.lab.compare import Comparison, measure_label, shown_measures
from fertility_rules.lab.render import reading_names
from fertility_rules.lab.stats import Estimate

__all__ = ["comparison_to_svg", "ticks"]

COLOURS = ("#3b6ea5", "#d08c2f", "#5a9e54", "#b5475b", "#7d5ba6", "#4a9ca3", "#8c6d46")
WIDTH = 760
GAP = 10
LEGEND_LINE = 18
HEADING = 24
"""Room for the heading of each panel after the first."""
FONT = 12


def ticks(top: float) -> list[int]:
    """Round values from 0 to at least ``top``, 4 to 8 of them (``0, 20, 40, 60``)."""
    if top <= 0:
        return [0, 1]
    step = 10 ** max(0, math.floor(math.log10(top)))
    for factor in (1, 2, 5, 10):
        if math.ceil(top / (step * factor)) <= 7:
            step *= factor
            break
    count = max(1, math.ceil(top / step))
    return [k * step for k in range(count + 1)]


NAME = 250
"""The widest line of a measure's name; a longer name goes on two lines."""
LINE = 14
"""From one line of a name to the next."""


def _lines(name: str) -> list[str]:
    """A measure's name on one line, or on two split at the space that makes the longer
    of the two the shortest, when it is wider than :data:`NAME`."""
    if text_width(name, FONT, bold=True) <= NAME or " " not in name:
        return [name]
    words = name.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(
        splits, key=lambda pair: max(text_width(part, FONT, bold=True) for part in pair)
    )
    return [first, second]


Group = tuple[str, list[Estimate]]
"""A measure's name and its estimate for each reading."""


@checked_arguments
def comparison_to_svg(comparison: Comparison, language: Language | str = Language.EN) -> str:
    """The chart as an SVG document, its texts and numbers in ``language``: the mean score
    per stage and in total, then, on a scale of their own, the counts per game of the
    events the switches compared govern (:func:`~fertility_rules.lab.compare.shown_measures`)."""
    names = reading_names(comparison, language)
    rules = find_game(comparison.game)
    results = comparison.results
    scores: list[Group] = [(render(_("Mean score"), language), [r.total for r in results])]
    scores += [
        (render(stage.label, language), [r.stages[index] for r in results])
        for index, stage in enumerate(rules.stages)
    ]
    counts: list[Group] = [
        (render(measure_label(m), language), [getattr(r, m.key) for r in results])
        for m in shown_measures(comparison)
    ]
    panels = [(render(_("Mean score per player, 95 % intervals"), language), scores)]
    if counts:
        panels.append((render(_("Per game, 95 % intervals"), language), counts))
    bar = 14 if len(names) <= 8 else 11
    # The measures' names, measured, set the left column: none is cut off in any language
    # (a long one is on two lines).
    widest = max(
        text_width(line, FONT, bold=True)
        for _t, groups in panels
        for name, _e in groups
        for line in _lines(name)
    )
    label = 10 + min(widest, NAME) + 30
    legend = LEGEND_LINE * len(names)
    heights = [
        36 + HEADING * (number > 0) + len(groups) * (len(names) * bar + GAP)
        for number, (_t, groups) in enumerate(panels)
    ]
    height = 32 + legend + sum(heights) + 16
    title = panels[0][0]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12" '
        f'lang="{language_of(language).value}">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        f'<text x="10" y="20" font-size="14" font-weight="bold">{escape(title)}</text>',
    ]
    for index, name in enumerate(names):
        y = 32 + LEGEND_LINE * index
        colour = COLOURS[index % len(COLOURS)]
        parts.append(f'<rect x="10" y="{y}" width="14" height="14" fill="{colour}"/>')
        parts.append(f'<text x="30" y="{y + 11}" font-weight="bold">{index + 1}</text>')
        size = fit_size(name, FONT, WIDTH - 62)
        parts.append(f'<text x="52" y="{y + 11}" font-size="{size:.2f}">{escape(name)}</text>')
    top = 32 + legend
    for place, ((heading, groups), panel_height) in enumerate(zip(panels, heights, strict=True)):
        axis_y = top + 12
        if place:  # the first panel's heading is the chart's title
            parts.append(
                f'<text x="10" y="{top + 14}" font-size="14" font-weight="bold">'
                f"{escape(heading)}</text>"
            )
            axis_y += HEADING
        parts += _panel(groups, axis_y, top + panel_height, label, bar, language)
        top += panel_height
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _panel(
    groups: list[Group],
    axis_y: float,
    bottom: float,
    label: float,
    bar: int,
    language: Language | str,
) -> list[str]:
    """One panel of the chart: a value axis of its own from ``axis_y`` to ``bottom`` with
    its ticks, and a group of horizontal bars per measure, one per reading."""
    small = min(10.0, bar - 2)  # the numbers beside each bar, one bar high
    scale = ticks(max([e.high for _n, es in groups for e in es if e.high == e.high] + [1.0]))
    top = float(scale[-1])
    plot = WIDTH - label - 80

    def x(value: float) -> float:
        return label + plot * max(0.0, value) / top

    parts = []
    for value in scale:
        tx = x(value)
        parts.append(
            f'<line x1="{tx:.1f}" y1="{axis_y}" x2="{tx:.1f}" y2="{bottom}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{tx:.1f}" y="{axis_y - 4}" text-anchor="middle" class="tick">'
            f"{escape(number(value, language))}</text>"
        )
    y = axis_y + 12
    for title, estimates in groups:
        lines = _lines(title)
        first = y + bar * len(estimates) / 2 + 4 - LINE * (len(lines) - 1) / 2
        for number_of_line, line in enumerate(lines):
            size = fit_size(line, FONT, label - 40, bold=True)
            parts.append(
                f'<text x="{label - 30:.1f}" y="{first + LINE * number_of_line:.1f}" '
                f'text-anchor="end" font-weight="bold" font-size="{size:.2f}">'
                f"{escape(line)}</text>"
            )
        for index, estimate in enumerate(estimates):
            colour = COLOURS[index % len(COLOURS)]
            mid = y + bar / 2
            parts.append(
                f'<text x="{label - 4:.1f}" y="{mid + 4:.1f}" text-anchor="end" '
                f'font-size="{small:g}" class="reading-number">{index + 1}</text>'
            )
            parts.append(
                f'<rect x="{label:.1f}" y="{y + 1}" width="{x(estimate.value) - label:.1f}" '
                f'height="{bar - 2}" fill="{colour}"/>'
            )
            parts.append(
                f'<line x1="{x(estimate.low):.1f}" y1="{mid}" x2="{x(estimate.high):.1f}" '
                f'y2="{mid}" stroke="black"/>'
            )
            for end in (estimate.low, estimate.high):
                parts.append(
                    f'<line x1="{x(end):.1f}" y1="{mid - 3}" x2="{x(end):.1f}" y2="{mid + 3}" '
                    f'stroke="black"/>'
                )
            parts.append(
                f'<text x="{x(estimate.high) + 4:.1f}" y="{mid + 3.5}" font-size="{small:g}" '
                f'class="value">{escape(decimal(estimate.value, language, 1))}</text>'
            )
            y += bar
        y += GAP
    parts.append(
        f'<line x1="{label:.1f}" y1="{axis_y}" x2="{label:.1f}" y2="{bottom}" stroke="#888"/>'
    )
    return parts
