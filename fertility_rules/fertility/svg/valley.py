"""The central board: Valley boards, tiles laid, Monuments, and what to point out (R-1.4, R-3).

Squares are named as everywhere else in the library
(:mod:`fertility_rules.fertility.model.coordinates`): column letters from the left, row numbers
from the top. Every square, tile, scene and Monument carries its square names in ``data-square``
attributes.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping, Sequence

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.palette import cross_out, disc, mark
from fertility_rules.fertility.model.coordinates import column_name, row_name, square_name
from fertility_rules.fertility.model.resources import MonumentType, Resource
from fertility_rules.fertility.model.valley import BOARD_WIDTH, Ground, ValleyBoard
from fertility_rules.fertility.moves import ClaimQuarry, Move, PlaceTile
from fertility_rules.fertility.rules.engine import legal_moves
from fertility_rules.fertility.rules.geometry import ValleyLayout, layout
from fertility_rules.fertility.state import GameState, ValleyState, View, state_of
from fertility_rules.fertility.svg._style import (
    GROUND_FILL,
    HIGHLIGHT,
    INK,
    SCENE_FILL,
    callout,
    monument_glyph,
    player_colour,
    resource_glyph,
    start_symbol,
    wheat_glyph,
)
from fertility_rules.fertility.svg.components import scene
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, pgettext, render

__all__ = [
    "GROUND_LABELS",
    "board",
    "draw_board",
    "margin",
    "move_squares",
    "placement_squares",
    "valley_board",
]

GROUND_LABELS: dict[Ground, Message] = {
    Ground.DESERT: pgettext("a kind of square of the central board", "desert"),
    Ground.WHEAT: pgettext("a kind of square of the central board", "wheat field"),
    Ground.WATER: pgettext("a kind of square of the central board", "water"),
}
"""The name of each kind of square; the context tells them apart from Ankh'or's desert
tile, so that each language names the three kinds of square alike."""


def margin(size: float) -> float:
    """Room for the coordinates around a board of ``size``-unit squares."""
    return max(22.0, size * 0.55)


@checked_arguments
def move_squares(move: Move | Iterable[int] | None) -> tuple[int, ...]:
    """The squares a move touches (a tile laid, a Quarry claimed), or the squares given."""
    match move:
        case None:
            return ()
        case PlaceTile(first=first, second=second):
            return (first, second)
        case ClaimQuarry(square=square):
            return (square,)
        case _ if isinstance(move, Iterable):
            return tuple(move)
    return ()


@checked_arguments
def placement_squares(state: GameState | View, tile: str | None = None) -> tuple[int, ...]:
    """The squares where the player to move may lay ``tile`` (any tile of their
    Personal Pool by default), for ``board(..., legal_squares=...)`` (R-3.1)."""
    squares: set[int] = set()
    for move in legal_moves(state):
        if isinstance(move, PlaceTile) and tile in (None, move.tile):
            squares.update((move.first, move.second))
    return tuple(sorted(squares))


def _ground(group: ET.Element, ground: Ground, x: float, y: float, size: float) -> None:
    if ground is Ground.WHEAT:
        for dx in (0.32, 0.68):
            wheat_glyph(group, x + dx * size, y + size * 0.5, size * 0.7, "#9a6d0c")
    elif ground is Ground.WATER:
        for dy in (0.33, 0.55, 0.77):
            yy = y + dy * size
            el(
                group,
                "path",
                d=(
                    f"M{x + size * 0.15},{yy} q{size * 0.09},{-size * 0.08} {size * 0.18},0 "
                    f"t{size * 0.18},0 t{size * 0.18},0 t{size * 0.18},0"
                ),
                fill="none",
                stroke="#d6ecfa",
                stroke_width=size / 28,
            )


def _printed_icon(
    parent: ET.Element,
    resource: Resource,
    x: float,
    y: float,
    size: float,
    kind: str,
    opacity: str | None = None,
) -> None:
    """A resource icon printed on a desert square (R-1.4): a ringed pictogram."""
    icon = el(
        parent,
        "g",
        class_=f"{kind} icon-{resource.key}",
        data_resource=resource.key,
        opacity=opacity,
    )
    disc(icon, x + size / 2, y + size / 2, size * 0.36, "#f7ebc9", SCENE_FILL[resource], size / 25)
    resource_glyph(
        icon,
        resource,
        x + size / 2,
        y + size / 2,
        size * 0.5,
        SCENE_FILL[resource] if resource is not Resource.ALABASTER else "#8f897c",
    )


def _laid(
    group: ET.Element,
    placed: Iterable[tuple[int, Resource]],
    corner: Callable[[int], tuple[float, float]],
    size: float,
    colour: str,
    line: float,
    name: Callable[[int], str] | None = None,
) -> tuple[float, float, float, float]:
    """The scenes of a tile on its squares, outlined in ``colour`` ``line`` wide (each
    scene carries its square's ``name``, if given); returns the outline's left, top,
    right and bottom."""
    xs, ys = [], []
    for square, resource in placed:
        x, y = corner(square)
        data = {} if name is None else {"data_square": name(square)}
        scene(group, resource, x + 1, y + 1, size - 2, **data)
        xs.append(x)
        ys.append(y)
    left, top = min(xs) + 1, min(ys) + 1
    right, bottom = max(xs) + size - 1, max(ys) + size - 1
    rect(
        group,
        left,
        top,
        right - left,
        bottom - top,
        rx=size / 12,
        fill="none",
        stroke=colour,
        stroke_width=line,
    )
    return left, top, right, bottom


def _refused(
    parent: ET.Element,
    placed: Sequence[tuple[int, Resource]],
    corner: Callable[[int], tuple[float, float]],
    size: float,
) -> None:
    """A tile drawn where the rules forbid it (R-3.1): its scenes, a red frame, a cross."""
    group = el(parent, "g", class_="refused-tile", opacity="0.8")
    box = _laid(group, placed, corner, size, HIGHLIGHT["quarry"], size / 10)
    cross_out(group, box, size * 0.22, size / 14)


def draw_board(
    parent: ET.Element,
    grid: ValleyLayout,
    valley: ValleyState | None,
    monument_types: Sequence[MonumentType],
    marks: dict[str, tuple[int, ...]],
    x0: float,
    y0: float,
    size: float,
    coordinates: bool,
    language: Language,
    refused: Sequence[tuple[int, Resource]] = (),
    covered: Sequence[int] = (),
    callouts: Mapping[int, int] | None = None,
) -> ET.Element:
    """Draw the board at ``x0, y0`` (its coordinates included) into ``parent``.

    ``refused`` is a tile the rules forbid, drawn in place with a cross (squares and
    scenes); the printed icons of the ``covered`` squares show through the tiles on them.
    """
    width = grid.width
    group = el(parent, "g", class_="board", data_width=width, data_height=grid.height)
    left = x0 + (margin(size) if coordinates else 0)
    top = y0 + (margin(size) if coordinates else 0)

    def corner(square: int) -> tuple[float, float]:
        row, column = divmod(square, width)
        return left + column * size, top + row * size

    rect(group, left - 4, top - 4, width * size + 8, grid.height * size + 8, rx=5, fill="#6b4a2b")
    for square, printed in enumerate(grid.squares):
        x, y = corner(square)
        name = square_name(square, width, grid.height)
        cell = el(group, "g", class_=f"square {printed.ground.value}", data_square=name)
        rect(
            cell,
            x,
            y,
            size,
            size,
            fill=GROUND_FILL[printed.ground],
            stroke="#c9b27c" if printed.ground is Ground.DESERT else "#8c6d3a",
            stroke_width=size / 60,
        )
        _ground(cell, printed.ground, x, y, size)
        if printed.icon is not None:
            _printed_icon(cell, printed.icon, x, y, size, "printed-icon")
        if printed.start:
            start_symbol(cell, x + size / 2, y + size / 2, size * 0.6)
    for index in range(1, len(grid.boards)):
        x = left + index * BOARD_WIDTH * size
        el(
            group,
            "line",
            x1=x,
            y1=top - 4,
            x2=x,
            y2=top + grid.height * size + 4,
            stroke="#6b4a2b",
            stroke_width=size / 10,
            class_="board-edge",
        )
    if valley is not None:
        _tiles(group, valley, corner, size, width, grid.height, language)
        for square, player in valley.monuments:
            x, y = corner(square)
            kind = monument_types[player] if player < len(monument_types) else MonumentType.OBELISK
            pawn = el(
                group,
                "g",
                class_=f"monument monument-{kind.value}",
                data_square=square_name(square, width, grid.height),
                data_player=str(player),
            )
            el(pawn, "title", render(kind.label, language))
            centre = x + size / 2, y + size / 2
            disc(pawn, *centre, size * 0.44, "#fdf6e3", player_colour(player), size / 14)
            monument_glyph(pawn, kind, *centre, size * 0.62, player_colour(player))
    for square in covered:
        icon = grid.squares[square].icon
        if icon is not None:
            x, y = corner(square)
            _printed_icon(group, icon, x, y, size, "covered-icon", opacity="0.8")
    if refused:
        _refused(group, refused, corner, size)
    for shown, squares in marks.items():
        for square in squares:
            x, y = corner(square)
            inset = size * 0.06
            mark(
                group,
                shown,
                x + inset,
                y + inset,
                size - 2 * inset,
                size - 2 * inset,
                data_square=square_name(square, width, grid.height),
            )
    if coordinates:
        _coordinates(group, grid, left, top, size)
    for square, number in (callouts or {}).items():
        x, y = corner(square)
        callout(group, number, x + size, y, size * 0.3)
    return group


def _tiles(
    group: ET.Element,
    valley: ValleyState,
    corner: Callable[[int], tuple[float, float]],
    size: float,
    width: int,
    height: int,
    language: Language,
) -> None:
    for placed in valley.tiles:
        start = placed.tile == "start"
        names = " ".join(square_name(s, width, height) for s in placed.squares)
        tile = el(
            group,
            "g",
            class_="tile start-tile" if start else "tile",
            data_tile=placed.tile,
            data_squares=names,
            data_player=None if placed.player is None else placed.player,
        )
        el(
            tile,
            "title",
            render(_("Starting tile"), language)
            if start
            else render(_("Valley tile {id}", id=placed.tile), language),
        )
        scenes = zip(placed.squares, placed.scenes, strict=True)
        line = size / 16 if start else size / 22
        _laid(tile, scenes, corner, size, INK, line, lambda s: square_name(s, width, height))


def _coordinates(
    group: ET.Element, grid: ValleyLayout, left: float, top: float, size: float
) -> None:
    labels = el(
        group, "g", class_="coordinates", font_size=size * 0.32, fill=INK, text_anchor="middle"
    )
    bottom = top + grid.height * size
    right = left + grid.width * size
    away = 4 + (margin(size) - 4) / 2  # from the board's edge to the middle of a label
    lift = size * 0.32 * 0.35  # from the middle of a label to its baseline
    for column in range(grid.width):
        x = left + (column + 0.5) * size
        el(labels, "text", column_name(column), x=x, y=top - away + lift)
        el(labels, "text", column_name(column), x=x, y=bottom + away + lift)
    for row in range(grid.height):
        y = top + (row + 0.5) * size + lift
        el(labels, "text", row_name(row), x=left - away, y=y)
        el(labels, "text", row_name(row), x=right + away, y=y)


@checked_arguments
def board(
    position: GameState | View | ValleyLayout,
    *,
    valley: ValleyState | None = None,
    monument_types: Sequence[MonumentType] = (),
    highlights: Iterable[int] = (),
    last_move: Move | Iterable[int] | None = None,
    legal_squares: Iterable[int] = (),
    closed_quarries: Iterable[int] = (),
    harvest_sources: Iterable[int] = (),
    refused: PlaceTile | None = None,
    covered: Iterable[int] = (),
    callouts: Mapping[int, int] | None = None,
    coordinates: bool = True,
    size: float = 40,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """The central board: grounds, printed icons, start symbols, tiles, Monuments.

    ``position`` is a game state or a view of one, or a layout of Valley boards (then
    ``valley`` and ``monument_types`` may add tiles and Monuments). The marks outline
    squares: the last move, the squares where a tile may be laid, Quarries just closed
    (R-3.3.D), the sources of a harvest (R-3.3), or any ``highlights``. ``refused`` draws a
    placement the rules forbid in place, crossed out (R-3.1; with a game state or a view);
    the printed icons of the ``covered`` squares show through the tiles laid on them
    (R-3.3.C); ``callouts`` puts a numbered marker at the top right of squares (square
    index to number).
    """
    language = language_of(lang)
    if not isinstance(position, ValleyLayout):
        position = state_of(position, "position")
        grid = position.config.layout
        valley = position.valley
        monument_types = [player.monument_type for player in position.players]
    else:
        grid = position
    marks = {
        "highlight": tuple(highlights),
        "harvest": tuple(harvest_sources),
        "legal": tuple(legal_squares),
        "quarry": tuple(closed_quarries),
        "last-move": move_squares(last_move),
    }
    extra = 2 * margin(size) if coordinates else 0
    svg = root(
        grid.width * size + extra + 8,
        grid.height * size + extra + 8,
        "central-board",
        render(_("Central board"), language),
        language,
    )
    placed: tuple[tuple[int, Resource], ...] = ()
    if refused is not None and isinstance(position, GameState):
        scenes = position.config.tiles[refused.tile].scenes
        placed = ((refused.first, scenes[0]), (refused.second, scenes[1]))
    draw_board(
        svg,
        grid,
        valley,
        monument_types,
        marks,
        4,
        4,
        size,
        coordinates,
        language,
        placed,
        tuple(covered),
        callouts,
    )
    return image(svg)


@checked_arguments
def valley_board(
    valley_board: ValleyBoard,
    *,
    rotated: bool = False,
    size: float = 40,
    lang: Language | str = Language.EN,
) -> SvgImage:
    """One printed Valley board (4 x 8 squares), as it lies when ``rotated`` by 180° or not."""
    return board(layout(((valley_board, rotated),)), size=size, lang=lang)
