"""Where a piece of component data comes from (see the catalogue documentation)."""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.members import LabelledEnum, label_members

__all__ = ["Provenance", "Source", "provenance_summary"]


class Provenance(LabelledEnum):
    """The source of a catalogue item; reconstructed data is always shown as such."""

    RULEBOOK = "rulebook"
    """Stated by the published rulebooks."""
    REVIEW = "review"
    """Stated by a published review or preview."""
    INFERRED = "inferred"
    """Follows from several stated facts."""
    RECONSTRUCTED = "reconstructed"
    """Not known: chosen so that a complete game can be played."""


label_members(
    Provenance,
    {
        Provenance.RULEBOOK: _("rulebook"),
        Provenance.REVIEW: _("review"),
        Provenance.INFERRED: _("inferred"),
        Provenance.RECONSTRUCTED: _("reconstructed"),
    },
)


@frozen(field_transformer=typed_fields)
class Source:
    """The provenance of a part of the catalogue, with the reasoning or reference."""

    provenance: Provenance
    note: str = field(default="", eq=False)


def provenance_summary(items: Iterable[Provenance | None]) -> Message | str:
    """The provenances among ``items`` in the order of :class:`Provenance` (``rulebook and
    reconstructed``), or ``unknown`` when none is given."""
    order = list(Provenance)
    kinds = sorted({p for p in items if p is not None}, key=order.index)
    return all_of([kind.label for kind in kinds]) if kinds else _("unknown")
