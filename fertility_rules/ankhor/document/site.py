"""What the documentation site takes from the library for Ankh'or: its picture gallery."""

from __future__ import annotations

from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.document.rules_document import example_figures
from fertility_rules.ankhor.model import COLOURS, Kind
from fertility_rules.ankhor.setup import default_catalogue
from fertility_rules.ankhor.svg import legend, tile
from fertility_rules.arguments import language_of
from fertility_rules.document.blocks import Block, Figure
from fertility_rules.document.figures import gallery
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, render

__all__ = ["gallery_blocks"]


def gallery_blocks(
    language: Language | str = Language.EN, catalogue: Catalogue | None = None
) -> list[Block]:
    """Every worked example of Ankh'or's rules, then the key and a tile of each kind."""
    lang = language_of(language)
    catalogue = catalogue or default_catalogue()
    components = [
        Figure("ankhor-key", (legend(lang=lang),), render(_("Key to the pictures"), lang))
    ]
    for colour, kind in zip(COLOURS * 2, Kind, strict=False):
        shown = next(t for t in catalogue.tiles if t.kind is kind and t.colour is colour)
        picture = tile(shown, stored=kind is Kind.WAREHOUSE, lang=lang)
        components.append(Figure(f"ankhor-{kind.value}", (picture,), render(shown.label, lang)))
    return gallery(
        lang,
        _("Ankh'or in pictures"),
        _(
            "The worked examples of the rules, drawn from positions the engine reached, then "
            "the key to the pictures and a tile of each kind, as the library draws them."
        ),
        example_figures(lang, catalogue),
        components,
        "ankhor-",
    )
