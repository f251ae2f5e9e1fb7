"""The complete rules document, generated in any language from the library itself.

Texts come from the rule texts catalogue; numbers, lists and examples come from
the component catalogue, the effect registry, the interpretations and the scoring
pipeline (the rulebook example is computed, never retyped).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Protocol

from attrs import frozen

from fertility_rules.arguments import checked_arguments
from fertility_rules.document.blocks import Block, Figure, Items
from fertility_rules.document.book import PictureKey, RulesBook, counts_source, spec_section
from fertility_rules.document.interpretations import (
    interpretation_notes as game_interpretation_notes,
)
from fertility_rules.document.writer import Cell, Writer
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.document.examples import (
    EXAMPLE_PLAYER,
    example_shop,
    worked_examples,
)
from fertility_rules.fertility.effects.base import Stage
from fertility_rules.fertility.effects.registry import EffectRegistry, describe_shop
from fertility_rules.fertility.interpretations import (
    INTERPRETATION_INFO,
    InterpretationInfo,
)
from fertility_rules.fertility.model.metropolis import Track
from fertility_rules.fertility.rule_texts import glossary, rule_texts
from fertility_rules.fertility.rulebook_example import rulebook_example
from fertility_rules.fertility.scoring.pipeline import score_position
from fertility_rules.fertility.setup import tiles_in_play, valley_boards_for
from fertility_rules.fertility.svg import legend
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.provenance import Provenance, provenance_summary

__all__ = [
    "example_figures",
    "interpretation_notes",
    "rules_blocks",
    "rules_document",
    "rules_pictures",
]


class _Sourced(Protocol):
    """A component of the catalogue, which says where its data comes from."""

    @property
    def provenance(self) -> Provenance | None: ...


def _counted(label: Message, items: Sequence[_Sourced]) -> list[Cell]:
    """A row of the components table: what, how many, and where their data comes from."""
    return [label, len(items), provenance_summary([item.provenance for item in items])]


def _components(w: Writer, catalogue: Catalogue) -> None:
    w.section("R-1")
    counts_source(w, catalogue)
    costs = Counter(d.cost for d in catalogue.districts)
    shops = [s for d in catalogue.districts for s in d.shops]
    w.table(
        [_("Component"), _("Count"), _("Source")],
        [
            [
                _("Resource tokens (4 kinds)"),
                4 * catalogue.stock_per_resource,
                catalogue.stock_source.provenance.label,
            ],
            _counted(_("Valley boards"), catalogue.valley_boards),
            _counted(_("Valley tiles"), catalogue.valley_tiles),
            _counted(_("Starting tile"), [catalogue.start_tile]),
            _counted(_("Metropolis boards"), catalogue.metropolis_boards),
            _counted(_("District tiles"), catalogue.districts),
            _counted(_("Shops on District tiles"), shops),
            [
                _("Monument pawns"),
                len(catalogue.monuments.types) * catalogue.monuments.per_type,
                catalogue.monuments.source.provenance.label,
            ],
            [_("Gods"), len(catalogue.gods), catalogue.gods_source.provenance.label],
        ],
    )
    w.paragraph(
        _(
            "District costs: {free} free, {one} costing 1 resource, {two} costing 2.",
            free=costs.get(0, 0),
            one=costs.get(1, 0),
            two=costs.get(2, 0),
        )
    )
    w.rules("R-1.1", "R-1.2", "R-1.3", "R-1.4", "R-1.5", "R-1.6", "R-1.7")
    _tracks(w, catalogue)
    w.rule("R-1.8")


def _tracks(w: Writer, catalogue: Catalogue) -> None:
    """The values of the Wheat track and of the Statues scale, as text (R-1.7)."""
    board = catalogue.metropolis_boards[0]
    same = all(
        b.wheat_track == board.wheat_track and b.statue_scale == board.statue_scale
        for b in catalogue.metropolis_boards
    )
    if same:
        w.paragraph(_("The two tracks printed on every Metropolis board, in Debens:"))
    else:
        w.paragraph(_("The two tracks printed on Metropolis board {id}, in Debens:", id=board.id))
    tracks: tuple[tuple[Track, Message, Callable[[Message | str], Message]], ...] = (
        (
            board.wheat_track,
            _("Wheat"),
            lambda source: _("Source of the Wheat track's values: {source}.", source=source),
        ),
        (
            board.statue_scale,
            _("Different Statues"),
            lambda source: _("Source of the Statues scale's values: {source}.", source=source),
        ),
    )
    for track, heading, sourced in tracks:
        w.table(
            [heading, *(str(n) for n in range(len(track.values)))],
            [[_("Debens"), *track.values]],
        )
        w.paragraph(sourced(provenance_summary([track.provenance])))


def _setup(w: Writer) -> None:
    w.section("R-2")
    rows: list[list[Message | str | int]] = [
        [_("{n} players", n=n), valley_boards_for(n), tiles_in_play(n)] for n in (2, 3, 4)
    ]
    rows.append([_("2 players, variant (R-8)"), valley_boards_for(2), tiles_in_play(2, True)])
    w.table([_("Players"), _("Valley boards"), _("Valley tiles drawn")], rows)
    w.rules("R-2.1", "R-2.2", "R-2.3", "R-2.4", "R-2.5", "R-2.6", "R-2.7")


def _shops(w: Writer, catalogue: Catalogue, registry: EffectRegistry) -> None:
    w.section("R-6")
    rows: list[list[Message | str | int]] = []
    for kind in registry:
        shop = example_shop(catalogue, kind.id)
        when = (
            _("at once")
            if kind.stage is None
            else _("final scoring, {stage}", stage=kind.stage.label)
        )
        example: Message | str = (
            "-"
            if shop is None
            else _("{id}: {shop}", id=shop.id or "", shop=describe_shop(shop, registry))
        )
        rows.append([kind.title, when, example])
    w.table([_("Kind"), _("When"), _("Example Shop from the catalogue")], rows)


def _scoring(w: Writer, catalogue: Catalogue, registry: EffectRegistry) -> None:
    w.section("R-5")
    w.rules("R-5.1", "R-5.2", "R-5.3", "R-5.4", "R-5.5")
    w.rule("R-5.6", figures=False)
    report = score_position(rulebook_example(catalogue), registry)
    sheet = report.sheets[0]
    w.paragraph(_("The example computed by the scoring pipeline of this library:"))
    rows: list[list[Message | str | int]] = [
        [_("{n}. {stage}", n=stage.value, stage=stage.label), sheet.stage_total(stage)]
        for stage in Stage
    ]
    rows.append([_("Total"), sheet.total])
    w.table([_("Stage"), _("Debens")], rows)
    w.blocks.append(
        Items(
            tuple(
                w.t(_("{reason} [{rule}]", reason=line.reason, rule=line.rule))
                for line in sheet.lines
                if line.debens
            )
        )
    )
    w.paragraph(_("{player} scores {amount}.", player=EXAMPLE_PLAYER, amount=debens(sheet.total)))
    w.blocks.extend(w.figures.get("R-5.6", ()))


def interpretation_notes(info: InterpretationInfo) -> tuple[Message, ...]:
    """The kind line (a switch's values with the default marked), the rules and the sources."""
    return game_interpretation_notes(info, "fertility")


def _interpretations(w: Writer) -> None:
    w.interpretations(
        "fertility",
        INTERPRETATION_INFO,
        _(
            "Where the rulebooks are silent or disagree, the specification lists the point. "
            "A switch has a default reading and at least one alternative a user may choose; "
            "a settled reading is played as fixed behaviour because every rulebook that "
            "speaks agrees; a retired point cannot arise."
        ),
        "interpretations",
    )


def _object(w: Writer) -> None:
    w.heading(2, _("Object of the game"), "object")
    w.paragraph(
        _(
            "Each player builds up a Metropolis on the banks of the Nile. Laying Valley tiles "
            "brings in resources and Wheat; resources pay for Districts and supply their "
            "Shops, and fully supplied Shops, Monuments and the Wheat Storehouse earn Debens. "
            "After the last round, the player with the most Debens wins (R-4.3)."
        )
    )


def _glossary(w: Writer) -> None:
    w.glossary(glossary())


def _summary(w: Writer) -> None:
    """A turn at a glance, as a player aid: each step with the rules it sums up."""
    w.turn_summary(
        "turn-summary",
        _(
            "A player aid: one turn in the order it is played. Each step names the rules "
            "that say it in full."
        ),
        [
            (
                _("1. Place a Valley tile (mandatory)"),
                _(
                    "Lay a tile of your Personal Pool on two empty desert squares, one of its "
                    "scenes beside a scene of the same kind (R-3.1); if none fits, discard one "
                    "(R-3.2). Collect what it brings: scenes it touches, icons it covers, "
                    "Wheat and Quarries (R-3.3)."
                ),
            ),
            (
                _("2. Build a District (optional)"),
                _(
                    "Pay one of the 4 face-up Districts with tokens of your supply and Wheat, "
                    "and place it on a free spot of your Metropolis (R-3.4)."
                ),
            ),
            (
                _("3. Supply Shops (optional)"),
                _(
                    "Put tokens of your supply on your Shops; a fully supplied Shop gives its "
                    "benefit at once or at the end (R-3.5, R-6)."
                ),
            ),
            (
                _("End of the turn"),
                _(
                    "Return your unused tokens to the Stock, take a tile of the Common Pool, "
                    "which is refilled, and refill the District offer if you built (R-3.6)."
                ),
            ),
            (
                _("End of the game"),
                _(
                    "Once the Common Pool can no longer be refilled, each player plays one "
                    "more turn (R-4); then the Shops, the Statues, the Monuments and the Wheat "
                    "score (R-5), and most Debens wins (R-4.3)."
                ),
            ),
        ],
    )


@frozen
class _Sources:
    """What the sections read: the catalogue and the effect kinds of its Shops."""

    catalogue: Catalogue
    registry: EffectRegistry


_SECTIONS: tuple[Callable[[Writer, _Sources], None], ...] = (
    lambda w, s: _components(w, s.catalogue),
    lambda w, s: _object(w),
    lambda w, s: _setup(w),
    spec_section(
        "R-3",
        "R-3.1",
        "R-3.2",
        "R-3.3",
        "R-3.3.A",
        "R-3.3.B",
        "R-3.3.C",
        "R-3.3.D",
        "R-3.4",
        "R-3.5",
        "R-3.6",
    ),
    lambda w, s: _shops(w, s.catalogue, s.registry),
    spec_section("R-4", "R-4.1", "R-4.2", "R-4.3"),
    spec_section("R-8"),
    lambda w, s: _scoring(w, s.catalogue, s.registry),
    spec_section("R-9", "R-9.1", "R-9.2", "R-9.3"),
    spec_section("R-7"),
    lambda w, s: _interpretations(w),
    lambda w, s: _glossary(w),
)
"""The sections in the rulebooks' order, then the library's own additions."""

TITLE = _("Fertility — the rules")
"""The title of the rules document."""

BOOK: RulesBook[_Sources] = RulesBook(
    title=TITLE,
    opening=_(
        "A game by Cyrille Leroy for 2 to 4 players. This text restates the rules in "
        "the library's own words; rule ids such as R-3.1 are those the library cites "
        "in its errors and score sheets."
    ),
    key=PictureKey(
        "key",
        _(
            "The pictures of this document are drawn by the library from positions of real "
            "games. Their symbols and the colours of their outlines mean the same everywhere:"
        ),
        lambda language: legend(lang=language),
    ),
    sections=_SECTIONS,
    texts=rule_texts,
    examples=lambda language, sources: worked_examples(language, sources.catalogue),
    summary=_summary,
)
"""Fertility's rules document."""


def _sources(catalogue: Catalogue | None, registry: EffectRegistry | None) -> _Sources:
    """The catalogue given or the built-in one, and the registry given or its own."""
    catalogue = catalogue or default_catalogue()
    return _Sources(catalogue, registry or catalogue.registry)


def example_figures(
    language: Language | str = Language.EN, catalogue: Catalogue | None = None
) -> dict[str, tuple[Figure, ...]]:
    """The worked examples as figures, by the rule id they illustrate."""
    return BOOK.figures(language, _sources(catalogue, None))


@checked_arguments
def rules_blocks(
    language: Language | str = Language.EN,
    catalogue: Catalogue | None = None,
    registry: EffectRegistry | None = None,
    pictures: bool = True,
) -> list[Block]:
    """The rules document as blocks, in ``language``, with its worked examples (and the
    key to the pictures) when ``pictures``.

    The effect kinds are the catalogue's by default.
    """
    return BOOK.blocks(language, _sources(catalogue, registry), pictures)


@checked_arguments
def rules_document(
    language: Language | str = Language.EN,
    fmt: str = "md",
    catalogue: Catalogue | None = None,
    registry: EffectRegistry | None = None,
    pictures: bool = True,
) -> str:
    """The complete rules document in ``language`` as ``md``, ``rst`` or ``html``.

    HTML and reStructuredText hold the pictures inline; Markdown refers to SVG files
    named as in :func:`rules_pictures`, to be written beside it.
    """
    return BOOK.document(language, fmt, lambda: _sources(catalogue, registry), pictures)


def rules_pictures(
    language: Language | str = Language.EN, catalogue: Catalogue | None = None
) -> dict[str, str]:
    """The SVG files the Markdown rules document refers to, by file name."""
    return BOOK.pictures(language, _sources(catalogue, None))
