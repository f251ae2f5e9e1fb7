"""A player's Metropolis: starting Shops, Districts on their spots, tokens, Wheat, Statues.

Laid out like the printed board (R-1.7): nine District-sized spaces, the first two
printed with the four starting Shops, then the seven spots; below them the Wheat
Storehouse track with its marker (R-1.2) and the Statues scale (R-5.3).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, fmt, image, rect, root
from fertility_rules.drawing.palette import reconstructed_frame
from fertility_rules.drawing.rows import grid
from fertility_rules.drawing.text import label
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.model.metropolis import MAX_MONUMENTS, Metropolis, MetropolisBoard
from fertility_rules.fertility.model.resources import Counts, MonumentType, Resource
from fertility_rules.fertility.state import PlayerState
from fertility_rules.fertility.svg._style import (
    CARD,
    CARD_EDGE,
    HIGHLIGHT,
    INK,
    PAPER,
    WHEAT_GOLD,
    callout,
    monument_glyph,
    player_colour,
    statue_glyph,
    token,
    wheat_glyph,
)
from fertility_rules.fertility.svg.components import (
    DISTRICT_HEIGHT,
    DISTRICT_WIDTH,
    SHOP_HEIGHT,
    SHOP_WIDTH,
    _district,
    _shop,
    card,
    provenance_badge,
)
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, ngettext, render
from fertility_rules.shared.provenance import Provenance

__all__ = [
    "METROPOLIS_HEIGHT",
    "METROPOLIS_WIDTH",
    "district_shops",
    "draw_metropolis",
    "metropolis",
    "metropolis_height",
]

GAP = 10
PAD = 14
HEADER = 46
COLUMNS = 3
GRID_WIDTH = COLUMNS * DISTRICT_WIDTH + (COLUMNS - 1) * GAP
GRID_HEIGHT = 3 * DISTRICT_HEIGHT + 2 * GAP
TRACK = 56
METROPOLIS_WIDTH = GRID_WIDTH + 2 * PAD
METROPOLIS_HEIGHT = HEADER + GRID_HEIGHT + 2 * TRACK + PAD
"""Height of a Metropolis with the printed 4 starting Shops."""


STARTING_SHOPS = 4
"""Shops printed on a Metropolis board (R-1.7): the first of its Shops."""


def _spaces(metropolis: Metropolis) -> int:
    """District-sized spaces holding the Shops not on a District, 2 to a space: the 4
    starting Shops, then the Shops whose District a final-position file does not give."""
    starting, _spots = district_shops(metropolis)
    return max(2, (len(starting) + 1) // 2)


def metropolis_height(metropolis: Metropolis) -> float:
    """Height of the drawing: taller when more than 4 Shops are not on a District
    (a final-position file lists Shops without their Districts)."""
    rows = (_spaces(metropolis) + len(metropolis.spots) + COLUMNS - 1) // COLUMNS
    return HEADER + rows * DISTRICT_HEIGHT + (rows - 1) * GAP + 2 * TRACK + PAD


def district_shops(metropolis: Metropolis) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """Indexes into ``metropolis.shops`` of the starting Shops, and of each spot's District.

    The Shops of Districts follow the starting Shops in building order; each District's
    Shops are found as the run of Shop states equal to its own Shops.
    """
    built = sum(len(d.shops) for d in metropolis.districts)
    starting = max(0, len(metropolis.shops) - built)
    free = list(range(starting, len(metropolis.shops)))
    per_spot: list[tuple[int, ...]] = []
    for spot in metropolis.spots:
        if spot is None:
            per_spot.append(())
            continue
        size = len(spot.shops)
        found: tuple[int, ...] = ()
        for k in range(len(free) - size + 1):
            run = free[k : k + size]
            if run == list(range(run[0], run[0] + size)) and all(
                metropolis.shops[i].shop == s for i, s in zip(run, spot.shops, strict=True)
            ):
                found = tuple(run)
                del free[k : k + size]
                break
        per_spot.append(found)
    return tuple(range(starting)), per_spot


def _header(
    parent: ET.Element,
    x: float,
    y: float,
    title: str,
    metropolis: Metropolis,
    monument_type: MonumentType | None,
    player: int | None,
    supply: Counts | None,
    language: Language,
) -> None:
    colour = player_colour(player)
    rect(parent, x, y, GRID_WIDTH, HEADER - 10, rx=6, fill=colour, opacity="0.12")
    right = x + GRID_WIDTH - 10
    room = GRID_WIDTH - 20 - (MAX_MONUMENTS * 22 + 8 if monument_type is not None else 0)
    if supply is not None:
        room -= 48 * sum(1 for count in supply if count)
    label(parent, title, x + 10, y + 24, 17, room, bold=True, fill=INK, class_="metropolis-title")
    if monument_type is not None:
        built = el(parent, "g", class_="monuments", data_built=metropolis.monuments)
        el(
            built,
            "title",
            render(
                ngettext("{n} Monument built", "{n} Monuments built", metropolis.monuments),
                language,
            ),
        )
        for index in range(MAX_MONUMENTS):
            cx = right - 10 - index * 22
            if index < MAX_MONUMENTS - metropolis.monuments:
                monument_glyph(built, monument_type, cx, y + 18, 18, colour, class_="monument-left")
            else:
                el(
                    built,
                    "circle",
                    cx=cx,
                    cy=y + 18,
                    r=8,
                    fill="none",
                    stroke=colour,
                    stroke_dasharray="2 2",
                    opacity="0.6",
                )
        right -= MAX_MONUMENTS * 22 + 8
    if supply is not None and any(supply):
        group = el(parent, "g", class_="supply")
        el(group, "title", render(_("Supply"), language))
        for resource in reversed(Resource):
            count = supply[resource]
            if count:
                label(group, f"×{count}", right, y + 23, 12, anchor="end", fill=INK)
                token(group, resource, right - 30, y + 18, 9).set("data-count", str(count))
                right -= 48


def draw_metropolis(
    parent: ET.Element,
    metropolis: Metropolis,
    x0: float,
    y0: float,
    language: Language,
    *,
    title: str,
    monument_type: MonumentType | None = None,
    player: int | None = None,
    supply: Counts | None = None,
    provenance: Provenance | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    statues: int | None = None,
    marked: Sequence[int] = (),
    links: Sequence[tuple[int, int]] = (),
    district_provenance: bool = False,
    callouts: Mapping[str, int] | None = None,
) -> ET.Element:
    """Draw a Metropolis at ``x0, y0`` into ``parent``.

    ``statues`` marks that count on the Statues scale (as the Wheat marker marks the
    Wheat); the Shops whose index is in ``marked`` are framed as the picture's subject;
    each ``(a, b)`` of ``links`` is an arrow from Shop ``a``'s benefit to Shop ``b`` (a
    token placed at once, R-6); ``district_provenance`` frames reconstructed Districts;
    ``callouts`` numbers parts of it (``starting-shops``, ``spots``, ``wheat``,
    ``statues``, ``monuments``).
    """
    numbers = callouts or {}
    group = el(
        parent,
        "g",
        class_="metropolis",
        data_board=metropolis.board_id or "",
        data_player=player,
        data_wheat=metropolis.wheat,
        data_monuments=metropolis.monuments,
    )
    height = metropolis_height(metropolis)
    rect(
        group,
        x0,
        y0,
        METROPOLIS_WIDTH,
        height,
        rx=10,
        fill="#efe2bf",
        stroke=CARD_EDGE,
        stroke_width=2,
    )
    x, y = x0 + PAD, y0 + PAD
    _header(group, x, y, title, metropolis, monument_type, player, supply, language)
    if provenance is not None:
        reconstructed_frame(group, provenance, x0 + 3, y0 + 3, METROPOLIS_WIDTH - 6, height - 6)
        provenance_badge(group, provenance, x0 + METROPOLIS_WIDTH - PAD, y0 + height - 4, language)
    top = y0 + HEADER
    starting, per_spot = district_shops(metropolis)

    spaces = _spaces(metropolis)
    cells = grid(
        spaces + len(metropolis.spots), COLUMNS, x, top, DISTRICT_WIDTH + GAP, DISTRICT_HEIGHT + GAP
    )
    places: dict[int, tuple[float, float]] = {}  # where each Shop is drawn
    cards: dict[int, float] = {}  # the top of the card each Shop is on
    for space in range(spaces):
        cx, cy = cells[space]
        printed = space * 2 < STARTING_SHOPS
        kind = "starting-shops" if printed else "shops-without-district"
        holder = el(group, "g", class_=kind)
        card(holder, cx, cy, "#e4d3a5" if printed else CARD)
        heading = _("Starting Shops") if printed else _("Shops (District not given)")
        label(
            holder,
            render(heading, language),
            cx + 8,
            cy + 18,
            11,
            DISTRICT_WIDTH - 16,
            font_style="italic",
            fill=INK,
        )
        for k, index in enumerate(starting[space * 2 : space * 2 + 2]):
            state = metropolis.shops[index]
            places[index] = (cx + 8, cy + 26 + k * (SHOP_HEIGHT + 4))
            cards[index] = cy
            _shop(
                holder,
                state.shop,
                state.tokens,
                *places[index],
                language,
                registry,
                index + 1,
                index in marked,
            )
    for spot, (district, indexes) in enumerate(zip(metropolis.spots, per_spot, strict=True)):
        cx, cy = cells[spot + spaces]
        if district is None:
            empty = el(group, "g", class_="spot empty", data_spot=spot + 1)
            card(empty, cx, cy, PAPER, empty=True)
            label(
                empty,
                str(spot + 1),
                cx + DISTRICT_WIDTH / 2,
                cy + DISTRICT_HEIGHT / 2 + 14,
                40,
                anchor="middle",
                fill=CARD_EDGE,
                opacity="0.35",
            )
            continue
        tokens = [metropolis.shops[i].tokens for i in indexes]
        for k, index in enumerate(indexes):
            places[index] = (cx + 8, cy + 26 + k * (SHOP_HEIGHT + 4))
            cards[index] = cy
        _district(
            group,
            district,
            tokens,
            cx,
            cy,
            language,
            registry,
            district_provenance,
            numbers=[i + 1 for i in indexes] if indexes else None,
            marked=[i + 1 for i in marked],
        )
    tracks = y0 + height - 2 * TRACK - PAD + 8
    _wheat_track(group, metropolis, x, tracks, language)
    _statue_scale(group, metropolis, x, tracks + TRACK, language, statues)
    for source, target in links:
        if source in places and target in places:
            card_top = cards[target]
            _link(group, places[source], places[target], card_top - GAP / 2, x + GRID_WIDTH + 5)
    marks = {
        "starting-shops": (x + DISTRICT_WIDTH - 12, top + 12),
        "spots": cells[-1],
        "wheat": (x + GRID_WIDTH - 10, tracks + 6),
        "statues": (x + GRID_WIDTH - 10, tracks + TRACK + 6),
        "monuments": (x + GRID_WIDTH - 22 - MAX_MONUMENTS * 22, y + 18),
    }
    for part, (mx, my) in marks.items():
        if part in numbers:
            if part == "spots":
                mx, my = mx + DISTRICT_WIDTH - 12, my + 12
            callout(group, numbers[part], mx, my)
    return group


def _link(
    parent: ET.Element,
    source: tuple[float, float],
    target: tuple[float, float],
    corridor: float,
    gutter: float,
) -> None:
    """An arrow from a Shop's benefit to the Shop its token goes to at once (R-6): out to
    the ``gutter`` right of the cards, along the ``corridor`` between rows of cards, and
    down into the target Shop, so that it crosses no other Shop."""
    (sx, sy), (tx, ty) = source, target
    points = [
        (sx + SHOP_WIDTH, sy + SHOP_HEIGHT / 2),
        (gutter, sy + SHOP_HEIGHT / 2),
        (gutter, corridor),
        (tx + SHOP_WIDTH / 2, corridor),
        (tx + SHOP_WIDTH / 2, ty - 7),
    ]
    d = "M" + " L".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
    el(
        parent,
        "path",
        d=d,
        fill="none",
        stroke=HIGHLIGHT["last-move"],
        stroke_width=2.2,
        stroke_linejoin="round",
        class_="link",
    )
    head = f"M{fmt(tx + SHOP_WIDTH / 2)},{fmt(ty)} l-5,-8 l10,0 Z"
    el(parent, "path", d=head, fill=HIGHLIGHT["last-move"], class_="link-head")


def _track(
    parent: ET.Element,
    kind: str,
    title: str,
    values: Sequence[int],
    current: int | None,
    x: float,
    y: float,
    count: Callable[[ET.Element, int, float, float], None],
) -> float:
    """A printed scoring track: a cell per count with its Debens; returns the cell width."""
    group = el(parent, "g", class_=kind)
    label(group, title, x, y + 10, 11, bold=True, fill=INK)
    step = GRID_WIDTH / max(len(values), 1)
    for index, value in enumerate(values):
        cx = x + index * step
        cell = el(group, "g", class_="track-cell", data_debens=value)
        cell.set(f"data-{kind.split('-')[0]}", str(index))
        rect(
            cell,
            cx + 1,
            y + 15,
            step - 2,
            TRACK - 22,
            rx=4,
            fill=WHEAT_GOLD if index == current else CARD,
            stroke=CARD_EDGE,
            stroke_width=1,
        )
        count(cell, index, cx, step)
        label(cell, str(value), cx + step - 8, y + 44, 13, bold=True, anchor="end", fill=INK)
    return step


def _wheat_track(
    parent: ET.Element, metropolis: Metropolis, x: float, y: float, language: Language
) -> None:
    def count(cell: ET.Element, index: int, cx: float, _step: float) -> None:
        label(cell, str(index), cx + 6, y + 28, 10, fill=INK)

    step = _track(
        parent,
        "wheat-track",
        render(_("Wheat Storehouse"), language),
        metropolis.wheat_track,
        metropolis.wheat,
        x,
        y,
        count,
    )
    marker = el(parent, "g", class_="wheat-marker", data_wheat=metropolis.wheat)
    el(marker, "title", render(ngettext("{n} Wheat", "{n} Wheat", metropolis.wheat), language))
    wheat_glyph(marker, x + metropolis.wheat * step + 12, y + 41, 14, "#7a5206")


def _statue_scale(
    parent: ET.Element,
    metropolis: Metropolis,
    x: float,
    y: float,
    language: Language,
    statues: int | None = None,
) -> None:
    def count(cell: ET.Element, index: int, cx: float, _step: float) -> None:
        statue_glyph(cell, cx + 10, y + 32, 16, "#6b7280")
        label(cell, str(index), cx + 18, y + 36, 10, fill=INK)

    _track(
        parent,
        "statues-scale",
        render(_("Statues scale (different Gods)"), language),
        metropolis.statue_scale,
        None if statues is None else min(statues, len(metropolis.statue_scale) - 1),
        x,
        y,
        count,
    )


@checked_arguments
def metropolis(
    item: Metropolis | MetropolisBoard | PlayerState,
    *,
    player: int | None = None,
    lang: Language | str = Language.EN,
    provenance: bool = False,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    title: str | None = None,
    statues: int | None = None,
    marked: Sequence[int] = (),
    links: Sequence[tuple[int, int]] = (),
    callouts: Mapping[str, int] | None = None,
) -> SvgImage:
    """A Metropolis: a printed board, a Metropolis in play, or a player's (with name,
    Monuments left and supply); ``player`` picks the colour of the markers.

    ``title`` replaces the heading; ``provenance`` frames what is reconstructed (the
    board, the Districts); ``statues``, ``marked``, ``links`` and ``callouts`` as for
    :func:`draw_metropolis`."""
    language = language_of(lang)
    monument_type: MonumentType | None = None
    supply: Counts | None = None
    source: Provenance | None = None
    if isinstance(item, PlayerState):
        name = item.name
        monument_type, supply, city = item.monument_type, item.supply, item.metropolis
    elif isinstance(item, MetropolisBoard):
        city = item.empty_metropolis()
        name = render(_("Metropolis board {id}", id=item.id), language)
        source = item.provenance if provenance else None
    else:
        city = item
        name = render(_("Metropolis board {id}", id=item.board_id or "?"), language)
    heading = title if title is not None else name
    svg = root(
        METROPOLIS_WIDTH + 8, metropolis_height(city) + 8, "metropolis-picture", heading, language
    )
    draw_metropolis(
        svg,
        city,
        4,
        4,
        language,
        title=heading,
        monument_type=monument_type,
        player=player,
        supply=supply,
        provenance=source,
        registry=registry,
        statues=statues,
        marked=marked,
        links=links,
        district_provenance=provenance,
        callouts=callouts,
    )
    return image(svg)
