"""A game's interpretations in words: the notes the documents and the command line print."""

from __future__ import annotations

from fertility_rules.games import GameRules, InterpretationKind, InterpretationLike, find_game
from fertility_rules.i18n.lists import any_of, series
from fertility_rules.i18n.message import Message, _

__all__ = ["interpretation_notes"]


def interpretation_notes(
    info: InterpretationLike, game: str | GameRules = "fertility", stated: bool = False
) -> tuple[Message, ...]:
    """The kind line (a switch's values with the default marked), the rules and the sources.

    ``stated``: the text of the id, printed above the notes, already states the reading;
    a settled reading then gives its reason rather than the reading again."""
    rules = find_game(game)
    notes: list[Message] = []
    if info.field is not None:
        default = getattr(rules.new_interpretations(), info.field)
        options: list[Message | str] = []
        for member in type(default):
            label = rules.option_labels.get(member, str(member.value))
            options.append(_("{option} (default)", option=label) if member is default else label)
        if len(options) == 1:
            # Fertility's I-14: the reading comes with the component catalogue.
            notes.append(
                _(
                    "Switch {field}: {option}, its only value; another reading comes with "
                    "a catalogue that gives it",
                    field=info.field,
                    option=rules.option_labels.get(default, str(default.value)),
                )
            )
        else:
            notes.append(_("Switch {field}: {options}", field=info.field, options=any_of(options)))
    elif info.kind is InterpretationKind.RETIRED and info.reason is not None:
        notes.append(_("Retired: {reason}", reason=info.reason))
    elif info.reading is None and info.reason is not None:
        notes.append(_("Settled reading: {reason}", reason=info.reason))
    elif stated and info.reason is not None:
        notes.append(
            _(
                "Settled reading, always played (not a switch), because {reason}.",
                reason=info.reason,
            )
        )
    else:
        reading = info.reading or _("the default of the question above")
        notes.append(
            _("Settled reading, always played (not a switch): {reading}.", reading=reading)
        )
    notes.append(_("Rules: {rules}", rules=", ".join(info.rules)))
    notes.append(_("Sources: {sources}", sources=series(info.sources)))
    return tuple(notes)
