"""A game's rules document: what a game gives, and the document every game's is made the
same way from.

A game gives a :class:`RulesBook`: the title and opening paragraph, the key to its
pictures, its sections in the order of its rulebook, its rule texts and its worked
examples. The book writes them with a :class:`~.writer.Writer` (the worked examples
placed under the rules they show), renders the blocks as Markdown, reStructuredText or
HTML, and gives the picture files a Markdown document refers to. Nothing here knows a
game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Generic, Protocol, TypeVar

from attrs import frozen

from fertility_rules.arguments import language_of
from fertility_rules.document.blocks import Block, Figure, figure_files
from fertility_rules.document.example import Example
from fertility_rules.document.figures import figures_by_rule
from fertility_rules.document.writer import RuleTextLike, Writer, document_text
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _

__all__ = ["PictureKey", "RulesBook", "counts_source", "spec_section"]

C = TypeVar("C")
"""What a game's sections and examples read: its catalogue, or the catalogue and more."""


@frozen
class PictureKey:
    """The key to a document's pictures, written before its first section: what the
    pictures show, then the legend drawn in the document's language."""

    anchor: str
    text: Message
    legend: Callable[[Language], str]


@frozen(kw_only=True)
class RulesBook(Generic[C]):
    """What a game's rules document is made of."""

    title: Message
    opening: Message
    """The paragraph under the title: the game's authors and what the document is."""
    key: PictureKey
    sections: Sequence[Callable[[Writer, C], None]]
    """The sections in the rulebook's order, then the library's own additions."""
    texts: Callable[[], Sequence[RuleTextLike]]
    """The game's rule texts (each rule's id, title and text)."""
    examples: Callable[[Language, C], Iterable[Example]]
    """The worked examples, pictures and captions in the language given."""
    summary: Callable[[Writer], None] | None = None
    """A player aid written right after the opening: a turn at a glance."""

    def figures(self, language: Language | str, catalogue: C) -> dict[str, tuple[Figure, ...]]:
        """The worked examples as figures, captioned in ``language``, by the rule each
        shows."""
        lang = language_of(language)
        return figures_by_rule(self.examples(lang, catalogue), lang)

    def blocks(self, language: Language | str, catalogue: C, pictures: bool = True) -> list[Block]:
        """The rules document as blocks: the title and opening, the turn summary, the key
        to the pictures and the worked examples when ``pictures``, then the sections."""
        lang = language_of(language)
        figures: Mapping[str, Sequence[Figure]] = self.figures(lang, catalogue) if pictures else {}
        writer = Writer(lang, self.texts(), figures)
        writer.heading(1, self.title)
        writer.paragraph(self.opening)
        if self.summary is not None:
            self.summary(writer)
        if pictures:
            key = self.key
            writer.heading(2, _("Key to the pictures"), key.anchor)
            writer.paragraph(key.text)
            # The caption is also the picture's alternative text: it says what is drawn,
            # not the heading again.
            caption = writer.t(_("Every symbol the pictures use, with its meaning."))
            writer.blocks.append(Figure(key.anchor, (key.legend(lang),), caption))
        for section in self.sections:
            section(writer, catalogue)
        return writer.blocks

    def document(
        self,
        language: Language | str,
        fmt: str,
        catalogue: Callable[[], C],
        pictures: bool = True,
    ) -> str:
        """The rules document as ``md``, ``rst`` or ``html``; the pictures are inline in
        HTML and reStructuredText, in the files of :meth:`pictures` for Markdown. An
        unknown format is refused before ``catalogue()`` and the blocks are made."""
        lang = language_of(language)
        return document_text(
            lambda: self.blocks(lang, catalogue(), pictures), fmt, lang, self.title
        )

    def pictures(self, language: Language | str, catalogue: C) -> dict[str, str]:
        """The SVG files a Markdown rules document refers to, by file name."""
        return figure_files(self.blocks(language, catalogue))


def spec_section(section_id: str, *rule_ids: str) -> Callable[[Writer, object], None]:
    """A section of a rules document that the specification says whole: the section's
    heading, text and figures, then its rules in the order given."""

    def write(w: Writer, sources: object) -> None:
        w.section(section_id)
        w.rules(*rule_ids)

    return write


class _CatalogueLike(Protocol):
    """What :func:`counts_source` reads of a game's catalogue."""

    @property
    def name(self) -> str: ...

    @property
    def is_reconstructed(self) -> bool: ...


def counts_source(w: Writer, catalogue: _CatalogueLike) -> None:
    """Where the component counts that follow come from, when the catalogue is partly
    reconstructed (a faithful one goes without saying)."""
    if not catalogue.is_reconstructed:
        return
    if catalogue.name == "default":  # the library's own, named in words, not by its key
        w.paragraph(
            _(
                "Component counts below come from the library's default catalogue. It is "
                "partly reconstructed: items marked reconstructed are not known to match the "
                "printed game."
            )
        )
        return
    w.paragraph(
        _(
            "Component counts below come from the catalogue “{name}”. It is partly "
            "reconstructed: items marked reconstructed are not known to match the "
            "printed game.",
            name=catalogue.name,
        )
    )
