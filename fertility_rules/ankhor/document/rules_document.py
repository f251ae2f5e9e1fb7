"""Ankh'or's complete rules document, generated in any language from the library itself.

The sections follow the printed rulebook's order: components and setup; the turn (take
tokens or buy a tile); special cases; ankh actions; the end of the game; scoring;
victory; the other tiles. Then what the library adds: the information rules, the
interpretations with their reasons, and the glossary. Every rule is a heading anchored
at its id; the texts come from the rule texts catalogue; the counts from the component
catalogue; the worked examples are positions the engine reached (:mod:`.examples`), and
the rulebook's scoring example is scored by the scoring pipeline, never retyped.
"""

from __future__ import annotations

from collections.abc import Callable

from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.document.examples import (
    RULEBOOK_PLAYER,
    rulebook_example,
    worked_examples,
)
from fertility_rules.ankhor.interpretations import (
    INTERPRETATION_INFO,
)
from fertility_rules.ankhor.model import COLOURS, Kind
from fertility_rules.ankhor.rule_texts import glossary, rule_texts
from fertility_rules.ankhor.scoring import STAGES, score
from fertility_rules.ankhor.setup import default_catalogue
from fertility_rules.ankhor.svg import legend
from fertility_rules.ankhor.texts import STAGE_LABELS
from fertility_rules.document.blocks import Block, Figure
from fertility_rules.document.book import PictureKey, RulesBook, counts_source, spec_section
from fertility_rules.document.writer import Cell, Writer
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.shared.provenance import Provenance, provenance_summary

__all__ = [
    "TITLE",
    "example_figures",
    "rules_blocks",
    "rules_document",
    "rules_pictures",
    "victory_points",
]

TITLE = _("Ankh'or — the rules")
"""The title of the rules document."""


def victory_points(n: int) -> Message:
    """``1 victory point``, ``5 victory points`` (Polish: 1 punkt, 2 punkty, 5 punktów)."""
    return ngettext("{n} victory point", "{n} victory points", n)


def _kind_amount(kind: Kind, n: int) -> Message:
    if kind is Kind.JACKAL:
        return ngettext("{n} jackal", "{n} jackals", n)
    if kind is Kind.FALCON:
        return ngettext("{n} falcon", "{n} falcons", n)
    if kind is Kind.BEETLE:
        return ngettext("{n} beetle", "{n} beetles", n)
    if kind is Kind.VALUE:
        return ngettext("{n} value tile", "{n} value tiles", n)
    if kind is Kind.WAREHOUSE:
        return ngettext("{n} warehouse", "{n} warehouses", n)
    if kind is Kind.SCRIBE:
        return ngettext("{n} scribe", "{n} scribes", n)
    return ngettext("{n} desert", "{n} deserts", n)


def _components(w: Writer, catalogue: Catalogue) -> None:
    w.section("A-1", 2)
    counts_source(w, catalogue)
    sources = catalogue.sources()
    board = catalogue.price_board
    rows: list[list[Cell]] = [
        [
            _("Tokens (5 resources and the ankh)"),
            catalogue.tokens.per_kind * 6,
            sources["tokens"].provenance.label,
        ],
        # The totals are the rulebook's (a catalogue is checked against them); how they
        # are spread is the catalogue's, and its provenance is given below the table.
        [_("Tiles"), len(catalogue.tiles), Provenance.RULEBOOK.label],
        [
            _("Offer slots on the price board"),
            len(board.slots),
            Provenance.RULEBOOK.label,  # six slots
        ],
        [_("Price markers"), sum(board.markers), Provenance.RULEBOOK.label],
        [_("Bonus tokens"), catalogue.bonus.count, sources["bonus_tokens"].provenance.label],
    ]
    w.table([_("Component"), _("Count"), _("Source")], rows)
    per_family = [_kind_amount(entry.kind, entry.per_colour) for entry in catalogue.entries]
    w.paragraph(
        _(
            "Tiles of each family: {kinds} ({tiles}). Price markers of each colour, "
            "{colours}: {markers} ({markers_source}); per slot, left to right: {slots} "
            "({board}).",
            kinds=all_of(per_family),
            tiles=provenance_summary([e.provenance for e in catalogue.entries]),
            colours=all_of([colour.label for colour in COLOURS]),
            markers=", ".join(map(str, board.markers)),
            markers_source=sources["price_markers"].provenance.label,
            slots=", ".join(map(str, board.slots)),
            board=sources["price_board"].provenance.label,
        )
    )
    w.rules("A-1.1", "A-1.2", "A-1.3", "A-1.4")


def _summary(w: Writer) -> None:
    """A turn at a glance, as a player aid: each step with the rules it sums up."""
    rows = [
        (
            _("Before the main action (optional)"),
            _(
                "Spend ankh tokens held since an earlier turn, one per action: refresh the "
                "tiles (A-4.2) or move one of your tiles (A-4.3). At most 2 in the whole "
                "turn (A-4.1)."
            ),
        ),
        (
            _("Main action: one of two"),
            _(
                "Take 3 tokens from the supply, of any kinds, ankh tokens included (A-3.2); "
                "or buy a tile of the offer, paying one resource token per price marker "
                "above it (A-3.3), and place it next to one of your base tiles (A-3.4) or on "
                "a square of four tiles, one of them of its colour, for one token less "
                "(A-3.5)."
            ),
        ),
        (
            _("What a tile bought or moved brings"),
            _(
                "A group of 5 tiles or more of one colour or one animal: a bonus token "
                "(A-3.8). A warehouse: a token of its colour on it (A-3.6). A scribe: a "
                "bonus turn after this one (A-3.7)."
            ),
        ),
        (
            _("After the main action (optional)"),
            _(
                "Spend ankh tokens as before, never one taken in this turn: see the "
                "examples under A-4.1."
            ),
        ),
        (
            _("End of the turn"),
            _(
                "Store a token on each of your empty warehouses if you wish (A-3.6, Q-14); "
                "give back the tokens above 5 resource tokens and 2 ankh tokens (A-3.9); "
                "choose a draw pile and fill the offer to six tiles (A-5.1, Q-13)."
            ),
        ),
        (
            _("End of the game"),
            _(
                "Once a player has placed a 13th tile, the round is completed (A-6.1). Then "
                "each player scores the points printed on tiles and bonus tokens, 1 VP per "
                "tile in animal groups and in colour groups of 2 or more, and 1 VP per 3 "
                "tokens left (A-7); most VP wins (A-7.5)."
            ),
        ),
    ]
    w.turn_summary(
        "ankhor-turn-summary",
        _(
            "A player aid: one turn in the order it is played. Each step names the rules "
            "that say it in full; an id such as Q-13 marks a reading of the library where "
            "the rulebook is silent."
        ),
        rows,
    )


def _turn(w: Writer) -> None:
    w.section("A-3", 2)
    w.paragraph(
        _(
            "Two kinds of tile change a turn: a warehouse keeps a token for its owner (A-3.6) "
            "and a scribe gives a bonus turn (A-3.7). The rules below mention them; they "
            "are described in full with the other tiles, after the scoring."
        )
    )
    w.rules("A-3.1", "A-3.2", "A-3.9", "A-3.3", "A-3.4")


def _special_cases(w: Writer) -> None:
    w.heading(2, _("Special cases"), "ankhor-special-cases")
    w.rules("A-3.5", "A-3.8")


def _scoring(w: Writer, catalogue: Catalogue) -> None:
    w.section("A-7", 2)
    w.rules("A-7.1", "A-7.2", "A-7.3", "A-7.4", "A-7.5", "A-7.6")
    sheet = score(rulebook_example(catalogue)).sheets[0]
    w.paragraph(_("The score sheet, as the library computes it:"))
    rows: list[list[Cell]] = []
    for number, (rule, total) in enumerate(zip(STAGES, sheet.stage_totals, strict=True), 1):
        rows.append([_("{n}. {stage}", n=number, stage=STAGE_LABELS[rule]), rule, total])
    rows.append([_("Total"), "", sheet.total])
    w.table([_("Step"), _("Rule"), _("VP")], rows)
    w.items(
        [
            _("{reason}: {points} [{rule}]", reason=line.reason, points=line.points, rule=line.rule)
            for line in sheet.lines
        ]
    )
    w.paragraph(
        _("{player} scores {amount}.", player=RULEBOOK_PLAYER, amount=victory_points(sheet.total))
    )


def _other_tiles(w: Writer) -> None:
    w.heading(2, _("The other tiles"), "ankhor-other-tiles")
    w.paragraph(
        _(
            "Besides the animals and the value tiles, every family has three more kinds of "
            "tile: the warehouse, the scribe and the desert (A-1.2)."
        )
    )
    w.rules("A-3.6", "A-3.7")
    w.heading(3, _("Desert"), "ankhor-desert")
    w.paragraph(
        _(
            "A desert has no effect and shows no animal, but it belongs to colour groups like "
            "any tile: it scores in a colour group of 2 or more (A-7.3) and counts toward the "
            "bonus token of a group of 5 (A-3.8)."
        )
    )


def _interpretations(w: Writer) -> None:
    w.interpretations(
        "ankhor",
        INTERPRETATION_INFO,
        _(
            "Where the rulebook is silent or unclear, the specification lists the point. A "
            "switch has a default reading and at least one alternative a user may choose; a "
            "settled reading is played as fixed behaviour, for the reason given. The rules "
            "above cite each of them where it applies: a sentence that cites a Q- id states "
            "the library's reading, not a printed rule."
        ),
        "ankhor-interpretations",
    )


def _glossary(w: Writer) -> None:
    w.glossary(glossary(), "ankhor-glossary")


_SECTIONS: tuple[Callable[[Writer, Catalogue], None], ...] = (
    _components,
    spec_section("A-2", "A-2.1", "A-2.2", "A-2.3", "A-2.4", "A-2.5", "A-2.6"),
    lambda w, c: _turn(w),
    lambda w, c: _special_cases(w),
    spec_section("A-4", "A-4.1", "A-4.2", "A-4.3"),
    spec_section("A-5", "A-5.1", "A-5.2"),
    spec_section("A-6", "A-6.1", "A-6.2", "A-6.3"),
    _scoring,
    lambda w, c: _other_tiles(w),
    spec_section("A-8", "A-8.1", "A-8.2"),
    lambda w, c: _interpretations(w),
    lambda w, c: _glossary(w),
)
"""The sections in the rulebook's order, then the library's own additions. Anchors other
than rule ids start with ``ankhor-``, so that Fertility's document and this one can share
a site."""

BOOK: RulesBook[Catalogue] = RulesBook(
    title=TITLE,
    opening=_(
        "A game by Frank Crittin, Grégoire Largey and Sébastien Pauchon for 2 to 4 "
        "players, illustrated by Gaël Lannurien (Space Cowboys, 2019). This text restates "
        "the rules in the library's own words; rule ids such as A-3.5 are those the "
        "library cites in its errors and score sheets. Where the rulebook is silent, the "
        "text says so and cites the library's reading by an id such as Q-12 (see the "
        "interpretations at the end)."
    ),
    key=PictureKey(
        "ankhor-key",
        _(
            "The pictures of this document are positions the library's referee reached. "
            "Tiles show their family by colour and their kind by a pictogram; tiles on a "
            "higher level are drawn a little smaller over the four tiles under them. The "
            "numbers along a layout are the positions the notation uses: x to the right, y "
            "downwards; a higher tile is written level:x,y."
        ),
        lambda language: legend(lang=language),
    ),
    sections=_SECTIONS,
    texts=rule_texts,
    examples=worked_examples,
    summary=_summary,
)
"""Ankh'or's rules document."""


def example_figures(
    language: Language | str = Language.EN, catalogue: Catalogue | None = None
) -> dict[str, tuple[Figure, ...]]:
    """Ankh'or's worked examples as figures, keyed by the rule each one shows."""
    return BOOK.figures(language, catalogue or default_catalogue())


def rules_blocks(
    language: Language | str = Language.EN,
    catalogue: Catalogue | None = None,
    pictures: bool = True,
) -> list[Block]:
    """The rules document as blocks, in ``language``, with its worked examples (and the
    key to the pictures) when ``pictures``."""
    return BOOK.blocks(language, catalogue or default_catalogue(), pictures)


def rules_document(
    language: Language | str = Language.EN,
    fmt: str = "md",
    catalogue: Catalogue | None = None,
    pictures: bool = True,
) -> str:
    """Ankh'or's complete rules in ``language`` as ``md``, ``rst`` or ``html``: the
    pictures inline in HTML and reStructuredText, in the SVG files of
    :func:`rules_pictures` for Markdown."""
    return BOOK.document(language, fmt, lambda: catalogue or default_catalogue(), pictures)


def rules_pictures(
    language: Language | str = Language.EN, catalogue: Catalogue | None = None
) -> dict[str, str]:
    """The SVG files the Markdown rules document refers to, by file name."""
    return BOOK.pictures(language, catalogue or default_catalogue())
