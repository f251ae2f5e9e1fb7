"""What the documentation site takes from the library: its gallery and its language names.

The Sphinx extension of ``docs/`` builds pages from these, so their texts live in the
library's message catalogues with every other text.
"""

from __future__ import annotations

from fertility_rules.arguments import language_of
from fertility_rules.document.blocks import Block, Figure
from fertility_rules.document.figures import gallery
from fertility_rules.fertility import svg as pictures
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.document.rules_document import example_figures
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, render

__all__ = ["LANGUAGES_LABEL", "LANGUAGE_NAMES", "gallery_blocks"]

LANGUAGE_NAMES = {
    Language.EN: "English",
    Language.FR: "Français",
    Language.PL: "Polski",
    Language.NL: "Nederlands",
}
"""Each language in its own words, as a language switcher shows it."""

LANGUAGES_LABEL = _("Languages")
"""The label of a language switcher."""


def gallery_blocks(
    language: Language | str = Language.EN, catalogue: Catalogue | None = None
) -> list[Block]:
    """Every worked example of the rules, then one component of each kind, captioned."""
    lang = language_of(language)
    catalogue = catalogue or default_catalogue()
    components = (
        ("tile", pictures.tile(catalogue.valley_tiles[0], lang=lang), _("Valley tile")),
        ("start", pictures.start_tile(catalogue.start_tile, lang=lang), _("Starting tile")),
        ("district", pictures.district(catalogue.districts[0], lang=lang), _("District tile")),
        (
            "valley",
            pictures.valley_board(catalogue.valley_boards[0], lang=lang),
            _("Valley board"),
        ),
        (
            "metropolis",
            pictures.metropolis(catalogue.metropolis_boards[0], lang=lang),
            _("Metropolis board"),
        ),
    )
    return gallery(
        lang,
        _("Pictures"),
        _(
            "The worked examples of the rules, drawn from positions the engine "
            "reached, then one component of each kind, as the library draws them."
        ),
        example_figures(lang, catalogue),
        [
            Figure(f"component-{name}", (svg,), render(caption, lang))
            for name, svg, caption in components
        ],
    )
