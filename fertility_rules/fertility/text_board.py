"""The central board as Unicode text, for terminals (same square names as the pictures).

Each square is three characters wide, so a 4-player board (16 columns) needs 55
columns. Scenes are letters (upper case on a tile, lower case for an uncovered printed
icon), in the reader's language; the two halves of a tile are joined by ``──`` or
``│``; Monuments are the circled number of their owner. A legend follows the board.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.fertility.model.coordinates import column_name, row_name
from fertility_rules.fertility.model.resources import MonumentType, Resource
from fertility_rules.fertility.model.valley import Ground
from fertility_rules.fertility.moves import Move
from fertility_rules.fertility.rules.geometry import ValleyLayout
from fertility_rules.fertility.state import GameState, ValleyState, View, state_of
from fertility_rules.fertility.svg.valley import GROUND_LABELS, move_squares
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, pgettext, render

__all__ = ["GROUND_SYMBOLS", "MONUMENT_SYMBOLS", "scene_letter", "text_board"]

GROUND_SYMBOLS = {Ground.DESERT: "·", Ground.WHEAT: "≡", Ground.WATER: "~"}
START_SYMBOL = "☥"
MONUMENT_SYMBOLS = "①②③④⑤⑥"

_SCENE_LETTERS: dict[Resource, Message] = {
    Resource.ALABASTER: pgettext("scene letter", "A"),
    Resource.BOVINE: pgettext("scene letter", "B"),
    Resource.PAPYRUS: pgettext("scene letter", "P"),
    Resource.GRAPES: pgettext("scene letter", "G"),
}


def scene_letter(resource: Resource, language: Language | str = Language.EN) -> str:
    """The one-letter name of a scene in ``language`` (upper case)."""
    return render(_SCENE_LETTERS[resource], language)[:1].upper()


@checked_arguments
def text_board(
    position: GameState | View | ValleyLayout,
    *,
    valley: ValleyState | None = None,
    players: Sequence[tuple[str, MonumentType]] = (),
    last_move: Move | Iterable[int] | None = None,
    highlights: Iterable[int] = (),
    legend: bool = True,
    lang: Language | str = Language.EN,
) -> str:
    """The board as text; ``last_move`` and ``highlights`` squares are bracketed ``[X]``.

    ``position`` is a game state or a view of one, or a layout of Valley boards.
    """
    language = language_of(lang)
    if not isinstance(position, ValleyLayout):
        position = state_of(position, "position")
        grid = position.config.layout
        valley = position.valley
        players = [(p.name, p.monument_type) for p in position.players]
    else:
        grid = position
    width, height = grid.width, grid.height
    letters = {r: scene_letter(r, language) for r in Resource}
    cells: list[str] = []
    for printed in grid.squares:
        if printed.icon is not None:
            cells.append(letters[printed.icon].lower())
        elif printed.start:
            cells.append(START_SYMBOL)
        else:
            cells.append(GROUND_SYMBOLS[printed.ground])
    right = [" "] * (width * height)  # what joins a square to the one on its right
    below = [" "] * (width * height)  # and to the one below
    if valley is not None:
        for placed in valley.tiles:
            for square, resource in zip(placed.squares, placed.scenes, strict=True):
                cells[square] = letters[resource]
            covered = set(placed.squares)
            for square in placed.squares:
                if square % width < width - 1 and square + 1 in covered:
                    right[square] = "─"
                if square + width in covered:
                    below[square] = "│"
        for square, player in valley.monuments:
            cells[square] = MONUMENT_SYMBOLS[player % len(MONUMENT_SYMBOLS)]
    marked = set(move_squares(last_move)) | set(highlights)
    header = ("    " + "".join(f" {column_name(c)} " for c in range(width))).rstrip()
    lines = [header]
    for row in range(height):
        chars: list[str] = []
        between = "    "
        for column in range(width):
            square = row * width + column
            joined_left = column > 0 and right[square - 1] != " "
            left = "[" if square in marked else ("─" if joined_left else " ")
            end = "]" if square in marked else right[square]
            chars += [left, cells[square], end]
            between += f" {below[square]} "
        lines.append(f"{row_name(row):>2}  {''.join(chars)} {row_name(row)}")
        if row < height - 1:
            lines.append(between.rstrip())
    lines.append(header)
    if legend:
        lines.append("")
        lines.extend(_legend(letters, players, language))
    return "\n".join(lines) + "\n"


def _legend(
    letters: dict[Resource, str], players: Sequence[tuple[str, MonumentType]], language: Language
) -> list[str]:
    def r(message: Message) -> str:
        return render(message, language)

    scenes = "  ".join(f"{letters[res]} {r(res.label)}" for res in Resource)
    grounds = "  ".join(f"{GROUND_SYMBOLS[g]} {r(GROUND_LABELS[g])}" for g in Ground)
    lines = [
        r(_("Scenes on tiles: {scenes}", scenes=scenes)),
        r(_("Squares: {grounds}  {start} start symbol", grounds=grounds, start=START_SYMBOL)),
        r(_("A lower-case letter is a printed icon not yet covered.")),
        r(_("A tile's halves are joined by ── or │; [ ] marks the last move.")),
    ]
    if players:
        owners = "  ".join(
            f"{MONUMENT_SYMBOLS[i % len(MONUMENT_SYMBOLS)]} {name} ({r(kind.label)})"
            for i, (name, kind) in enumerate(players)
        )
        lines.append(r(_("Monuments: {owners}", owners=owners)))
    return lines
