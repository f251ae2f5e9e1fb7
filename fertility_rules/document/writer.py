"""Writing a rules document: the blocks of headings, rule texts, tables and figures.

A game's document is a sequence of calls on a :class:`Writer`, in the order of its
rulebook; the writer renders every message in the document's language, anchors every
rule at its id and places each rule's worked examples under it. Nothing here knows a
game: the rule texts and the figures are given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from fertility_rules.document.blocks import (
    Block,
    Figure,
    Heading,
    Items,
    Page,
    Paragraph,
    Table,
    check_format,
    render_blocks,
)
from fertility_rules.document.interpretations import interpretation_notes
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, render
from fertility_rules.shared.glossary import Term
from fertility_rules.shared.interpretations import (
    KIND_LABELS,
    InterpretationInfo,
    InterpretationKind,
)

__all__ = ["Cell", "RuleTextLike", "Writer", "document_text"]

Cell = Message | str | int
"""A table cell: a message, a text or a number."""


class RuleTextLike(Protocol):
    """What the writer reads of a rule text."""

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> Message: ...

    @property
    def text(self) -> Message: ...


class Writer:
    """Collects the blocks of a document in ``language``."""

    def __init__(
        self,
        language: Language,
        texts: Sequence[RuleTextLike],
        figures: Mapping[str, Sequence[Figure]],
    ) -> None:
        self.language = language
        self.blocks: list[Block] = []
        self.texts = {text.id: text for text in texts}
        self.figures = figures

    def t(self, message: Message | str) -> str:
        return render(message, self.language)

    def heading(self, level: int, message: Message | str, anchor: str | None = None) -> None:
        self.blocks.append(Heading(level, self.t(message), anchor))

    def section(self, rule_id: str, level: int = 2) -> None:
        """A section of the specification: its heading (anchored at its id), text, figures."""
        self.heading(level, self.texts[rule_id].title, rule_id)
        self.paragraph(self.texts[rule_id].text)
        self.figures_of(rule_id)

    def paragraph(self, message: Message | str) -> None:
        self.blocks.append(Paragraph(self.t(message)))

    def items(self, messages: Sequence[Message | str]) -> None:
        self.blocks.append(Items(tuple(self.t(m) for m in messages)))

    def rule(self, rule_id: str, level: int = 3, figures: bool = True) -> None:
        """A rule: ``A-3.2 Take tokens`` anchored at its id, its text, its figures."""
        text = self.texts[rule_id]
        self.heading(level, _("{id} {title}", id=rule_id, title=text.title), rule_id)
        self.paragraph(text.text)
        if figures:
            self.figures_of(rule_id)

    def rules(self, *rule_ids: str, level: int = 3) -> None:
        """Several rules in turn, each as :meth:`rule` writes it."""
        for rule_id in rule_ids:
            self.rule(rule_id, level)

    def interpretation(self, rule_id: str, notes: Sequence[Message], level: int = 3) -> None:
        """An interpretation: its id, title and text, then its notes (kind, rules, sources)."""
        self.rule(rule_id, level)
        for note in notes:
            self.paragraph(note)

    def interpretations(
        self, game: str, infos: Sequence[InterpretationInfo], introduction: Message, anchor: str
    ) -> None:
        """A game's interpretations: a heading and ``introduction``, then each kind's ids
        under its own heading (switches, settled readings, retired), with their notes."""
        self.heading(2, _("Interpretations"), anchor)
        self.paragraph(introduction)
        for kind in InterpretationKind:
            found = [info for info in infos if info.kind is kind]
            if found:
                self.heading(3, KIND_LABELS[kind], f"{anchor}-{kind.value}")
            for info in found:
                self.interpretation(info.id, interpretation_notes(info, game, stated=True), 4)

    def turn_summary(
        self, anchor: str, introduction: Message, rows: Sequence[tuple[Message, Message]]
    ) -> None:
        """A turn at a glance, as a player aid: each step and what the player does in it,
        with the rules that say it in full."""
        self.heading(2, _("A turn at a glance"), anchor)
        self.paragraph(introduction)
        self.table([_("Step"), _("What the player does")], [list(row) for row in rows])

    def figures_of(self, rule_id: str) -> None:
        """The worked examples of ``rule_id``."""
        self.blocks.extend(self.figures.get(rule_id, ()))

    def table(self, header: Sequence[Message | str], rows: Sequence[Sequence[Cell]]) -> None:
        self.blocks.append(
            Table(
                tuple(self.t(h) for h in header),
                tuple(tuple(self._cell(c) for c in row) for row in rows),
            )
        )

    def _cell(self, cell: Cell) -> str:
        return str(cell) if isinstance(cell, int) else self.t(cell)

    def glossary(self, terms: Sequence[Term], anchor: str = "glossary") -> None:
        """The glossary: each term in the four languages."""
        self.heading(2, _("Glossary"), anchor)
        self.table(
            ["English", "Français", "Polski", "Nederlands"],
            [[term.en, term.fr, term.pl, term.nl] for term in terms],
        )


def document_text(
    make_blocks: Callable[[], Sequence[Block]], fmt: str, language: Language, title: Message
) -> str:
    """A document's blocks written as ``md``, ``rst`` or ``html``, under ``title``; an
    unknown format is refused before the blocks are made (the long work)."""
    check_format(fmt)
    return render_blocks(make_blocks(), fmt, Page(language.value, render(title, language)))
