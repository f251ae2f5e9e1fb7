"""Worked examples of the final scoring (R-5): Lisa's Metropolis stage by stage.

The rulebooks explain each scoring stage with a picture of Lisa's Metropolis; here
each stage shows her Metropolis (:func:`~fertility_rules.fertility.rulebook_example.
rulebook_metropolis`) with the Shops that score at that stage framed, and the facts of
the caption come from the score sheet of the scoring pipeline, never retyped.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from fertility_rules.document.example import EXAMPLE_PLAYER, EXAMPLE_PLAYERS, Example
from fertility_rules.drawing.image import el, image, root
from fertility_rules.drawing.text import label
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.effects.base import Stage
from fertility_rules.fertility.effects.kinds.specialized import SpecializedBenefit
from fertility_rules.fertility.model.position import FinalPosition
from fertility_rules.fertility.model.resources import MonumentType
from fertility_rules.fertility.rulebook_example import rulebook_example, rulebook_metropolis
from fertility_rules.fertility.scoring.pipeline import score_position
from fertility_rules.fertility.scoring.sheet import ScoreSheet
from fertility_rules.fertility.scoring.stages import monument_lines
from fertility_rules.fertility.svg import metropolis
from fertility_rules.fertility.svg._style import INK, monument_glyph, player_colour
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, render

__all__ = ["RANKING_MONUMENTS", "ranking_position", "scoring_examples"]


STATUE_KINDS = ("statue", "statue_choice")
"""The benefit kinds that give Statues (R-5.3, R-6)."""


def _sheet(catalogue: Catalogue) -> ScoreSheet:
    return score_position(rulebook_example(catalogue), catalogue.registry).sheets[0]


def _scoring(sheet: ScoreSheet, stage: Stage) -> list[int]:
    """The Shops (indexes) whose lines give Debens at ``stage``."""
    return [line.shop for line in sheet.lines_of(stage) if line.debens and line.shop is not None]


def _statue_count(scale: Sequence[int], amount: int) -> int:
    return next((n for n, value in enumerate(scale) if value == amount), 0)


def _picture(
    catalogue: Catalogue, lang: Language, marked: Sequence[int], statues: int | None = None
) -> str:
    return metropolis(
        rulebook_metropolis(catalogue),
        lang=lang,
        registry=catalogue.registry,
        title=render(EXAMPLE_PLAYER, lang),
        provenance=True,
        statues=statues,
        marked=marked,
    )


def _stage_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    sheet = _sheet(catalogue)
    city = rulebook_metropolis(catalogue)
    generic = _scoring(sheet, Stage.GENERIC)
    partial = [
        line.shop + 1
        for line in sheet.lines_of(Stage.GENERIC)
        if not line.debens and line.shop is not None
    ]
    specialized = _scoring(sheet, Stage.SPECIALIZED)
    benefit = city.shops[specialized[0]].shop.benefit
    per = benefit.per_token if isinstance(benefit, SpecializedBenefit) else 0
    statue_shops = [
        i for i, s in enumerate(city.shops) if s.is_full and s.shop.benefit.kind in STATUE_KINDS
    ]
    statues = _statue_count(city.statue_scale, sheet.stage_total(Stage.STATUES))
    numbers = [str(i + 1) for i in generic]
    stages: list[tuple[str, Message, Sequence[int], int | None]] = [
        (
            "R-5.1",
            _(
                "Generic Shops in Lisa's Metropolis: the fully supplied ones, Shops {shops} "
                "framed in blue, score {amount}; Shop {partial}, only partly supplied, scores "
                "nothing.",
                shops=all_of(numbers),
                amount=debens(sheet.stage_total(Stage.GENERIC)),
                partial=all_of([str(n) for n in partial]),
            ),
            generic,
            None,
        ),
        (
            "R-5.2",
            _(
                "Specialized Shops in Lisa's Metropolis: Shop {shop}, framed in blue, scores "
                "{per} Debens for each Grapes token in her Metropolis, whatever Shop it lies "
                "on: {amount}.",
                shop=specialized[0] + 1,
                per=per,
                amount=debens(sheet.stage_total(Stage.SPECIALIZED)),
            ),
            specialized,
            None,
        ),
        (
            "R-5.3",
            _(
                "Statues of the Gods in Lisa's Metropolis: Shops {shops}, framed in blue, give "
                "her {n} different Statues; the Statues scale, marked at {n}, turns them into "
                "{amount}.",
                shops=all_of([str(i + 1) for i in sorted(set(statue_shops))]),
                n=statues,
                amount=debens(sheet.stage_total(Stage.STATUES)),
            ),
            sorted(set(statue_shops)),
            statues,
        ),
        (
            "R-5.5",
            _(
                "Wheat Storehouse in Lisa's Metropolis: her marker stands on square {wheat} of "
                "the track, which scores {amount}.",
                wheat=city.wheat,
                amount=debens(sheet.stage_total(Stage.WHEAT)),
            ),
            (),
            None,
        ),
    ]
    return [
        Example(
            f"{rule}-lisa",
            rule,
            caption,
            (_picture(catalogue, lang, marked, marks),),
            {"marked": tuple(marked), "statues": marks, "total": sheet.total},
        )
        for rule, caption, marked, marks in stages
    ]


def _lisa_example(catalogue: Catalogue, lang: Language) -> Example:
    sheet = _sheet(catalogue)
    city = rulebook_metropolis(catalogue)
    return Example(
        "R-5.6",
        "R-5.6",
        _(
            "Lisa's Metropolis in the rulebooks' scoring example: {amount}, as on the score "
            "sheet above. Her 4 starting Shops are printed on her board; how her other Shops "
            "group into Districts (framed in orange) is reconstructed, since the rulebooks' "
            "texts list her Shops, not her Districts.",
            amount=debens(sheet.total),
        ),
        (
            _picture(
                catalogue,
                lang,
                (),
                _statue_count(city.statue_scale, sheet.stage_total(Stage.STATUES)),
            ),
        ),
        {
            "total": sheet.total,
            "stages": tuple(line.debens for line in sheet.lines),
            "districts": tuple(d.id for d in city.districts),
        },
    )


RANKING_MONUMENTS = (3, 3, 2, 0)
"""Monuments on the board in the ranking example: a tie for first, then second, then none."""


def ranking_position(catalogue: Catalogue) -> FinalPosition:
    """Four players with :data:`RANKING_MONUMENTS` Monuments each (R-5.4)."""
    base = rulebook_example(catalogue)
    model = base.players[0]
    players = tuple(
        evolve(model, name=name, metropolis=evolve(model.metropolis, monuments=n))
        for name, n in zip(EXAMPLE_PLAYERS, RANKING_MONUMENTS, strict=True)
    )
    return evolve(base, players=players)


def _ranking_picture(rows: Sequence[tuple[str, int, int]], lang: Language) -> str:
    """Each player's Monuments on the board, in their type and colour, and the Debens they
    score (R-5.4)."""
    width, line = 420, 36
    svg = root(width, line * len(rows) + 16, "monument-ranking", render(_("Monuments"), lang), lang)
    types = tuple(MonumentType)
    for index, (name, count, amount) in enumerate(rows):
        y = 8 + index * line
        label(svg, name, 8, y + 23, 15, 110, fill=INK)
        for pawn in range(count):
            monument_glyph(
                svg,
                types[index % len(types)],
                140 + pawn * 30,
                y + 16,
                26,
                player_colour(index),
                class_="monument",
            )
        label(svg, render(debens(amount), lang), 280, y + 23, 15, 130, bold=True, fill=INK)
    el(svg, "line", x1=130, y1=4, x2=130, y2=line * len(rows) + 10, stroke="#d6c7a1")
    return image(svg)


def _ranking_example(catalogue: Catalogue, lang: Language) -> Example:
    lines = monument_lines(ranking_position(catalogue))
    rows = [(line.player, n, line.debens) for line, n in zip(lines, RANKING_MONUMENTS, strict=True)]
    return Example(
        "R-5.4",
        "R-5.4",
        _(
            "A Monument ranking with a tie: {first} share first place and score 15 Debens "
            "each; {second} is second and scores 7; {last} has no Monument and scores 0.",
            first=all_of([rows[0][0], rows[1][0]]),
            second=rows[2][0],
            last=rows[3][0],
        ),
        (_ranking_picture(rows, lang),),
        {"rows": tuple(rows)},
    )


def scoring_examples(catalogue: Catalogue, language: Language) -> list[Example]:
    """Every stage of Lisa's scoring, the Monument ranking and her whole Metropolis."""
    stages = _stage_examples(catalogue, language)
    return [
        *stages[:3],
        _ranking_example(catalogue, language),
        stages[3],
        _lisa_example(catalogue, language),
    ]
