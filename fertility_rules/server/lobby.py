"""What a lobby shows: the games served, their agents and rule switches, and the web
pages' own words in the reader's language."""

from __future__ import annotations

from typing import Any

from fertility_rules.games import GAMES, InterpretationKind
from fertility_rules.i18n.message import Message, pgettext
from fertility_rules.i18n.translate import render

__all__ = ["PAGE_TEXTS", "games_json", "page_texts"]


def games_json(language: str) -> list[dict[str, Any]]:
    """Every game the server plays: its player counts, agents and rule switches."""
    games = []
    for info in GAMES:
        rules = info.load()
        defaults = rules.formats.interpretations_to_json(rules.new_interpretations())
        current = rules.new_interpretations()
        switches = []
        for reading in rules.interpretations:
            if reading.kind is not InterpretationKind.SWITCH or reading.field is None:
                continue
            default = getattr(current, reading.field)
            switches.append(
                {
                    "id": reading.id,
                    "name": reading.field,
                    "title": render(reading.title, language),
                    "rules": list(reading.rules),
                    "values": [
                        {
                            "value": value.value,
                            "label": render(rules.option_labels[value], language),
                        }
                        for value in type(default)
                    ],
                    "default": defaults[reading.field],
                }
            )
        games.append(
            {
                "name": info.name,
                "title": render(info.title, language),
                "players": list(info.players),
                "agents": list(rules.agents),
                "switches": switches,
            }
        )
    return games


PAGE_TEXTS: dict[str, Message] = {
    "lobby.title": pgettext("web page", "Game tables"),
}
"""The words of the lobby and table pages, by key; placeholders in braces are filled in
by the page with text only."""


def page_texts(language: str) -> dict[str, str]:
    return {key: render(message, language) for key, message in PAGE_TEXTS.items()}
