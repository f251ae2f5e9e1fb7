"""An Ankh'or table as Unicode text, for terminals: the offer with its prices and each
player's layout, level by level, with positions as the notation names them.

A tile is two letters, its family in upper case and its kind in lower case (``Gj``: a green
jackal), with the letters of the notation; a warehouse holding a token is marked ``*``;
the places of the last move are bracketed. A translated legend follows.
"""

from __future__ import annotations

from collections.abc import Iterable

from fertility_rules.ankhor.arguments import require, table_needed
from fertility_rules.ankhor.layout import index
from fertility_rules.ankhor.model import COLOURS, Kind, Position, Tile
from fertility_rules.ankhor.moves import BuyTile, Move, MoveTile, StoreTokens
from fertility_rules.ankhor.state import GameState, PlayerState
from fertility_rules.ankhor.texts import status, tokens_text
from fertility_rules.ankhor.views import Observation
from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import series
from fertility_rules.i18n.message import Message, _, ngettext, render

__all__ = ["KIND_LETTERS", "move_positions", "position_board", "text_board", "tile_letters"]

KIND_LETTERS: dict[Kind, str] = {
    Kind.JACKAL: "j",
    Kind.FALCON: "f",
    Kind.BEETLE: "b",
    Kind.VALUE: "v",
    Kind.WAREHOUSE: "w",
    Kind.SCRIBE: "s",
    Kind.DESERT: "d",
}


def tile_letters(tile: Tile) -> str:
    """``Gj`` for a green jackal."""
    return tile.colour.letter.upper() + KIND_LETTERS[tile.kind]


def move_positions(move: Move | None) -> tuple[Position, ...]:
    """The positions a move marks: where a tile went, where it came from, warehouses filled."""
    match move:
        case BuyTile(position=position):
            return (position,)
        case MoveTile(origin=origin, target=target):
            return (origin, target)
        case StoreTokens(warehouses=warehouses):
            return warehouses
    return ()


def _cell(text: str, stored: bool, marked: bool) -> str:
    if marked:
        return f"[{text}]"
    return f" {text}{'*' if stored else ' '}"


def _layout(player: PlayerState, marked: Iterable[Position], lang: Language) -> list[str]:
    tiles = index(player.tiles)
    marks = set(marked)
    lines = []
    for level in sorted({p.level for p in player.tiles}):
        here = [p for p in player.tiles if p.level == level]
        xs = [p.x for p in here]
        ys = [p.y for p in here]
        title = _("Base:") if level == 0 else _("Level {n}:", n=level)
        lines.append("  " + render(title, lang))
        columns = range(min(xs), max(xs) + 1)
        lines.append("      " + "".join(f"{x:>3} " for x in columns))
        for y in range(min(ys), max(ys) + 1):
            cells = []
            for x in columns:
                position = (level, x, y)
                placed = tiles.get(position)
                here_marked = position in marks
                if placed is None:
                    cells.append("[ ·]" if here_marked else "  · ")
                else:
                    stored = position in player.stored
                    cells.append(_cell(tile_letters(placed.tile), stored, here_marked))
            lines.append(f"  {y:>4}" + "".join(cells))
    if not player.tiles:
        lines.append("  " + render(_("no tile yet"), lang))
    return lines


def _legend(lang: Language) -> str:
    colours = [_("{letter} {name}", letter=c.letter.upper(), name=c.label) for c in COLOURS]
    kinds = [_("{letter} {name}", letter=KIND_LETTERS[k], name=k.label) for k in Kind]
    parts: list[Message | str] = [
        ", ".join(render(c, lang) for c in colours),
        ", ".join(render(k, lang) for k in kinds),
        _("* a token on a warehouse"),
        _("[ ] the last move"),
    ]
    return render(series(parts), lang)


@checked_arguments
def text_board(
    table: GameState | Observation,
    *,
    last_move: Move | None = None,
    lang: Language | str = Language.EN,
    legend: bool = True,
    with_status: bool = True,
) -> str:
    """The table as text: status (unless not ``with_status``), offer and prices, supply,
    every player's layout."""
    require(table, (GameState, Observation), "state", table_needed)
    language = language_of(lang)
    out = [render(status(table), language), ""] if with_status else []
    offer = []
    for slot, (tile, markers) in enumerate(zip(table.offer, table.config.prices, strict=False)):
        letters = "--" if tile is None else tile_letters(tile)
        price = "".join(c.letter for c in markers)
        offer.append(f"{slot + 1}:{letters}[{price}]")
    out.append(render(_("Offer: {slots}", slots="  ".join(offer)), language))
    sizes = table.pile_sizes
    out.append(
        render(
            _(
                "Supply: {tokens}; draw piles {first} and {second}; reserve {reserve}",
                tokens=tokens_text(table.supply),
                first=sizes[0],
                second=sizes[1],
                reserve=table.reserve,
            ),
            language,
        )
    )
    marked = move_positions(last_move)
    for number, player in enumerate(table.players):
        out.append("")
        marker = "▶ " if number == table.current and not table.is_over else ""
        out.append(
            marker
            + render(
                _(
                    "{name}: {tiles}, {bonus}; holding {tokens}",
                    name=player.name,
                    tiles=ngettext("{n} tile", "{n} tiles", len(player.tiles)),
                    bonus=ngettext("{n} bonus token", "{n} bonus tokens", player.bonus),
                    tokens=tokens_text(player.tokens),
                ),
                language,
            )
        )
        out.extend(_layout(player, marked if number == table.current else (), language))
    if legend:
        out.append("")
        out.append(_legend(language))
    return "\n".join(out)


def position_board(
    table: GameState | Observation,
    last_move: Move | None = None,
    lang: Language | str = Language.EN,
) -> str:
    """The text board without its status line, as the games' protocol has it (a command
    writes the status above it, for every game alike)."""
    return text_board(table, last_move=last_move, lang=lang, with_status=False)
