"""A readable listing of a catalogue, every item with its provenance."""

from __future__ import annotations

from fertility_rules.arguments import language_of
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.effects.registry import EffectRegistry, describe_shop
from fertility_rules.fertility.model.shop import Shop
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, ngettext, printable, render
from fertility_rules.shared.provenance import Provenance

__all__ = ["catalogue_title", "describe_catalogue"]


def _mark(provenance: Provenance | None) -> Message:
    if provenance is None:
        return _("[unknown source]")
    if provenance is Provenance.RECONSTRUCTED:
        return _("[RECONSTRUCTED]")
    return _("[{provenance}]", provenance=provenance.label)


def catalogue_title(catalogue: Catalogue) -> Message:
    """The heading of a catalogue: its title, translated when the message catalogues know
    it (the built-in one's), else as written; its name when it has no title."""
    if catalogue.title:
        return Message(catalogue.title)
    return _("Catalogue {name}", name=catalogue.name)


def describe_catalogue(
    catalogue: Catalogue,
    language: Language | str = Language.EN,
    registry: EffectRegistry | None = None,
) -> str:
    """Every component of ``catalogue``; reconstructed items are flagged on their line.

    Shops are described by ``registry``, by default the catalogue's own.
    """
    lang = language_of(language)
    kinds = registry or catalogue.registry

    def r(message: Message) -> str:
        return render(message, lang)

    def shop_line(shop: Shop) -> str:
        text = r(describe_shop(shop, kinds))
        return f"      {shop.id or ''}  {text}  {r(_mark(shop.provenance))}"

    out = [r(catalogue_title(catalogue))]
    if catalogue.is_reconstructed:
        out.append(
            r(
                _(
                    "Warning: this catalogue is partly reconstructed; items marked "
                    "[RECONSTRUCTED] are not known to match the printed game."
                )
            )
        )
    if catalogue.note:
        # The built-in catalogue's title and note are in the message catalogues.
        out.append(r(Message(catalogue.note)))
    out.append("")
    out.append(
        r(
            ngettext(
                "Stock: {n} token of each resource {mark}",
                "Stock: {n} tokens of each resource {mark}",
                catalogue.stock_per_resource,
                mark=_mark(catalogue.stock_source.provenance),
            )
        )
    )
    monuments = catalogue.monuments
    out.append(
        r(
            _(
                "Monuments: {types}, {n} of each; {first} / {second} Debens {mark}",
                types=", ".join(r(t.label) for t in monuments.types),
                n=monuments.per_type,
                first=monuments.first,
                second=monuments.second,
                mark=_mark(monuments.source.provenance),
            )
        )
    )
    out.append(
        r(
            _(
                "Gods: {names} {mark}",
                names=", ".join(catalogue.gods),
                mark=_mark(catalogue.gods_source.provenance),
            )
        )
    )
    start = catalogue.start_tile
    out.append(
        r(
            _(
                "Starting tile: {scenes} {mark}",
                scenes=" / ".join(" ".join(r(s.label) for s in row) for row in start.scenes),
                mark=_mark(start.provenance),
            )
        )
    )
    out.append("")
    out.append(r(_("Valley boards ({n}):", n=len(catalogue.valley_boards))))
    for board in catalogue.valley_boards:
        out.append(f"  {board.id}  {r(_mark(board.provenance))}")
        out.extend(f"      {row}" for row in board.rows)
    out.append(
        r(
            _(
                "  Legend: . desert, w wheat field, ~ water, a/b/p/g printed resource icon, "
                "S start symbol"
            )
        )
    )
    out.append("")
    out.append(r(_("Valley tiles ({n}):", n=len(catalogue.valley_tiles))))
    for tile in catalogue.valley_tiles:
        scenes = " + ".join(r(s.label) for s in tile.scenes)
        out.append(f"  {tile.id}  {scenes}  {r(_mark(tile.provenance))}")
    out.append("")
    out.append(r(_("Metropolis boards ({n}):", n=len(catalogue.metropolis_boards))))
    for metropolis in catalogue.metropolis_boards:
        out.append(f"  {metropolis.id}  {r(_mark(metropolis.provenance))}")
        out.append(
            r(
                _(
                    "    Wheat Storehouse: {values} {mark}",
                    values=" ".join(map(str, metropolis.wheat_track.values)),
                    mark=_mark(metropolis.wheat_track.provenance),
                )
            )
        )
        out.append(
            r(
                _(
                    "    Statues scale: {values} {mark}",
                    values=" ".join(map(str, metropolis.statue_scale.values)),
                    mark=_mark(metropolis.statue_scale.provenance),
                )
            )
        )
        out.extend(shop_line(shop) for shop in metropolis.shops)
    out.append("")
    out.append(r(_("Districts ({n}):", n=len(catalogue.districts))))
    for district in catalogue.districts:
        out.append(
            r(
                _(
                    "  {id}  cost {cost} {mark}",
                    id=district.id,
                    cost=district.cost,
                    mark=_mark(district.provenance),
                )
            )
        )
        out.extend(shop_line(shop) for shop in district.shops)
    return printable("\n".join(out))  # the texts as written, never a control
