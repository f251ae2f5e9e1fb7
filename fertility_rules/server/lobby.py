"""What a lobby shows: the games served, their agents and rule switches, and the web
pages' own words in the reader's language."""

from __future__ import annotations

from typing import Any

from fertility_rules.games import InterpretationKind, known_games
from fertility_rules.i18n.message import Message, pgettext, render

__all__ = ["PAGE_TEXTS", "games_json", "page_texts"]


def games_json(language: str) -> list[dict[str, Any]]:
    """Every game the server plays: its player counts, agents and rule switches."""
    games = []
    for info in known_games():
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
    "page.language": pgettext("web page", "Language"),
    "page.deal.seed": pgettext(
        "web page", "The deal is known: the table was set up with the seed {seed}."
    ),
    "page.deal.record": pgettext(
        "web page", "The deal is known: the table goes on from a saved game."
    ),
    # the lobby
    "lobby.title": pgettext("lobby", "Game tables"),
    "lobby.new": pgettext("lobby", "New table"),
    "lobby.game": pgettext("lobby", "Game"),
    "lobby.players": pgettext("lobby", "Number of players"),
    "lobby.seat": pgettext("lobby", "Seat {n}"),
    "lobby.name": pgettext("lobby", "Name"),
    "lobby.who": pgettext("lobby", "Played by"),
    "lobby.person": pgettext("lobby", "a person, with a link"),
    "lobby.open": pgettext("lobby", "a person who joins from the lobby"),
    "lobby.bot": pgettext("lobby", "the bot “{agent}”"),
    "lobby.more": pgettext("lobby", "Rule readings and setup"),
    "lobby.seed": pgettext("lobby", "Seed (optional; every player is shown it)"),
    "lobby.variant": pgettext("lobby", "Two-player variant"),
    "lobby.record": pgettext("lobby", "Go on with a saved game (its game record)"),
    "lobby.record.choose": pgettext("lobby", "Choose a file"),
    "lobby.record.none": pgettext("lobby", "No file chosen"),
    "lobby.create": pgettext("lobby", "Create the table"),
    "lobby.created": pgettext(
        "lobby",
        "The table is ready. Each link plays one seat: keep yours and give the others theirs.",
    ),
    "lobby.play": pgettext("lobby", "Play as {player}"),
    "lobby.watch": pgettext("lobby", "Watch"),
    "lobby.tables": pgettext("lobby", "Tables in progress"),
    "lobby.none": pgettext("lobby", "No table is in progress."),
    "lobby.join": pgettext("lobby", "Take the seat of {player}"),
    # the table
    "table.lobby": pgettext("web table", "All tables"),
    "table.lost": pgettext("web table", "Connection lost; reconnecting…"),
    "table.picture": pgettext("web table", "The table as every player sees it"),
    "table.fit": pgettext("web table", "Whole table"),
    "table.zoom": pgettext("web table", "Zoom in"),
    "table.you": pgettext("web table", "You play {player}."),
    "table.watching": pgettext("web table", "You are watching this table."),
    "table.person": pgettext("web table", "person"),
    "table.open": pgettext("web table", "free seat"),
    "table.bot": pgettext("web table", "bot “{agent}”"),
    "table.decide": pgettext("web table", "Your decision"),
    "table.back": pgettext("web table", "Back"),
    "table.waiting": pgettext("web table", "Waiting for {player}."),
    "table.refused": pgettext("web table", "Refused"),
    "table.undo": pgettext("web table", "Take back my last move"),
    "table.undo.asked": pgettext(
        "web table", "{player} asks to take back move {n} and the moves after it."
    ),
    "table.undo.waiting": pgettext("web table", "Your request waits for the others' answers."),
    "table.accept": pgettext("web table", "Accept"),
    "table.refuse": pgettext("web table", "Refuse"),
    "table.resign": pgettext("web table", "Resign"),
    "table.resign.confirm": pgettext(
        "web table", "Resign? A bot will play your seat to the end of the game."
    ),
    "table.log": pgettext("web table", "Moves"),
    "table.scores": pgettext("web table", "Final scores"),
    "table.rank": pgettext("web table", "Rank"),
    "table.player": pgettext("web table", "Player"),
    "table.total": pgettext("web table", "Total"),
    "table.record": pgettext("web table", "Game record (JSON)"),
}
"""The words of the lobby and table pages, by key; placeholders in braces are filled in
by the page with text only."""


def page_texts(language: str) -> dict[str, str]:
    return {key: render(message, language) for key, message in PAGE_TEXTS.items()}
