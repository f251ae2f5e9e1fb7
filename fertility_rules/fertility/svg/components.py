"""Pictures of single components: a Valley tile, a Shop, a District (R-1.3, R-1.5, R-1.6).

The drawing functions with a leading underscore put a component into a larger picture
at a given place; the public ones return a picture of the component alone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence

from fertility_rules.arguments import checked_arguments, language_of
from fertility_rules.drawing.image import SvgImage, el, image, rect, root
from fertility_rules.drawing.palette import disc, provenance_badge, reconstructed_frame
from fertility_rules.drawing.text import label, text_width
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.effects.kinds.generic import GenericBenefit
from fertility_rules.fertility.effects.kinds.resource_to_shop import ResourceToShopBenefit
from fertility_rules.fertility.effects.kinds.specialized import SpecializedBenefit
from fertility_rules.fertility.effects.kinds.statue import StatueBenefit
from fertility_rules.fertility.effects.kinds.statue_choice import StatueChoiceBenefit
from fertility_rules.fertility.effects.kinds.wheat import WheatBenefit
from fertility_rules.fertility.effects.registry import (
    DEFAULT_REGISTRY,
    EffectRegistry,
    describe_benefit,
)
from fertility_rules.fertility.effects.registry import describe_shop as shop_text
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.resources import (
    NO_TOKENS,
    Counts,
    Icon,
    MonumentType,
    Resource,
)
from fertility_rules.fertility.model.shop import Benefit, Shop, ShopState
from fertility_rules.fertility.model.valley import StartTile, ValleyTile
from fertility_rules.fertility.svg._style import (
    CARD,
    CARD_EDGE,
    HIGHLIGHT,
    INK,
    PAPER,
    SCENE_FILL,
    SCENE_MARK,
    any_icon,
    callout,
    coin,
    monument_glyph,
    onto_shop_arrow,
    player_colour,
    resource_glyph,
    statue_glyph,
    token,
    wheat_glyph,
)
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _, ngettext, render

__all__ = [
    "DISTRICT_HEIGHT",
    "DISTRICT_WIDTH",
    "SHOP_HEIGHT",
    "SHOP_WIDTH",
    "card",
    "district",
    "monuments",
    "provenance_badge",
    "scene",
    "shop",
    "socket_tokens",
    "start_tile",
    "tile",
]

SHOP_WIDTH = 160
SHOP_HEIGHT = 38
DISTRICT_WIDTH = 176
DISTRICT_HEIGHT = 30 + 3 * (SHOP_HEIGHT + 4)


@checked_arguments
def socket_tokens(shop: Shop, tokens: Counts) -> list[Resource | None]:
    """The token lying on each requirement icon: specific icons first, "any" icons take the rest."""
    left = list(tokens)
    placed: list[Resource | None] = []
    for icon in shop.requires:
        resource = icon.resource
        if resource is not None and left[resource] > 0:
            left[resource] -= 1
            placed.append(resource)
        else:
            placed.append(None)
    for index, icon in enumerate(shop.requires):
        if icon is Icon.ANY:
            for resource in Resource:
                if left[resource] > 0:
                    left[resource] -= 1
                    placed[index] = resource
                    break
    return placed


def scene(
    parent: ET.Element, resource: Resource, x: float, y: float, size: float, **data: str
) -> ET.Element:
    """One scene of a Valley tile: a square in the scene colour with its pictogram."""
    group = el(parent, "g", class_=f"scene scene-{resource.key}", data_scene=resource.key, **data)
    rect(group, x, y, size, size, fill=SCENE_FILL[resource])
    resource_glyph(group, resource, x + size / 2, y + size / 2, size * 0.62, SCENE_MARK[resource])
    return group


def _tile(
    parent: ET.Element,
    tile: ValleyTile,
    x: float,
    y: float,
    size: float,
    language: Language,
    provenance: bool,
) -> ET.Element:
    group = el(parent, "g", class_="tile", data_tile=tile.id)
    el(group, "title", render(_("Valley tile {id}", id=tile.id), language))
    for index, resource in enumerate(tile.scenes):
        scene(group, resource, x + index * size, y, size)
    rect(group, x, y, 2 * size, size, rx=3, fill="none", stroke=INK, stroke_width=1.5)
    el(
        group,
        "line",
        x1=x + size,
        y1=y + 3,
        x2=x + size,
        y2=y + size - 3,
        stroke=INK,
        stroke_width=0.6,
        opacity="0.5",
    )
    label(group, tile.id, x + size, y + size + 15, 10, anchor="middle", fill=INK)
    if provenance:
        reconstructed_frame(group, tile.provenance, x, y, 2 * size, size)
    return group


@checked_arguments
def tile(
    tile: ValleyTile,
    *,
    size: float = 40,
    lang: Language | str = Language.EN,
    provenance: bool = False,
    scale: float = 1.0,
) -> SvgImage:
    """A Valley tile: its two scenes side by side, its id below (R-1.3)."""
    language = language_of(lang)
    svg = root(
        2 * size + 8,
        size + 20,
        "valley-tile",
        render(_("Valley tile {id}", id=tile.id), language),
        language,
        scale,
    )
    _tile(svg, tile, 4, 4, size, language, provenance)
    return image(svg)


def _start_tile(
    parent: ET.Element,
    start: StartTile,
    x: float,
    y: float,
    size: float,
    language: Language,
    provenance: bool = False,
    badge_right: float | None = None,
) -> ET.Element:
    group = el(parent, "g", class_="tile start-tile", data_tile="start")
    el(group, "title", render(_("Starting tile"), language))
    for row, scenes in enumerate(start.scenes):
        for column, resource in enumerate(scenes):
            scene(group, resource, x + column * size, y + row * size, size)
    rect(group, x, y, 2 * size, 2 * size, rx=3, fill="none", stroke=INK, stroke_width=2)
    if provenance:
        reconstructed_frame(group, start.provenance, x, y, 2 * size, 2 * size)
        right = x + 2 * size if badge_right is None else badge_right
        provenance_badge(group, start.provenance, right, y + 2 * size + 16, language)
    return group


@checked_arguments
def start_tile(
    start: StartTile,
    *,
    size: float = 40,
    lang: Language | str = Language.EN,
    provenance: bool = False,
    scale: float = 1.0,
) -> SvgImage:
    """The starting tile: four scenes, 2 x 2 (R-1.3, I-14)."""
    language = language_of(lang)
    svg = root(
        2 * size + 8,
        2 * size + 20,
        "start-tile",
        render(_("Starting tile"), language),
        language,
        scale,
    )
    _start_tile(svg, start, 4, 4, size, language, provenance)
    return image(svg)


BENEFIT_WIDTH = 54
"""The room of a benefit, right of the Shop's arrow (its centre is ``cx``)."""


def _benefit(
    parent: ET.Element,
    benefit: Benefit,
    cx: float,
    cy: float,
    language: Language,
    registry: EffectRegistry,
) -> None:
    """A pictogram of the benefit within :data:`BENEFIT_WIDTH` around ``cx``; kinds
    without one show their text, fitted."""
    left, right = cx - BENEFIT_WIDTH / 2, cx + BENEFIT_WIDTH / 2
    group = el(parent, "g", class_=f"benefit benefit-{benefit.kind or 'custom'}")
    match benefit:
        case GenericBenefit(debens=debens):
            coin(group, cx, cy, 13, debens)
        case WheatBenefit(wheat=wheat):
            label(
                group,
                f"+{wheat}",
                right - 20,
                cy + 6,
                16,
                right - left - 22,
                bold=True,
                anchor="end",
                fill=INK,
            )
            wheat_glyph(group, right - 10, cy, 24, "#b8860b")
        case SpecializedBenefit(resource=resource, per_token=per_token):
            coin(group, cx - 16, cy, 11, per_token)
            label(group, "/", cx, cy + 6, 17, anchor="middle", fill=INK)
            token(group, resource, cx + 16, cy, 10, "pictogram")
        case StatueBenefit(gods=gods):
            statue_glyph(group, left + 8, cy, 22, "#6b7280")
            lines = list(gods[:2])
            if len(gods) > 2:
                lines[1] += " …"
            size = 10.0 if len(lines) == 1 else 9.0
            for index, line in enumerate(lines):
                label(
                    group,
                    line,
                    left + 17,
                    cy + 3.5 + (index - (len(lines) - 1) / 2) * 10.5,
                    size,
                    right - left - 17,
                    bold=True,
                    fill=INK,
                )
        case StatueChoiceBenefit():
            statue_glyph(group, cx - 8, cy, 24, "#6b7280")
            label(group, "?", cx + 8, cy + 7, 19, bold=True, anchor="middle", fill=INK)
        case ResourceToShopBenefit(choices=choices):
            arrow = 9  # the bent arrow "placed at once on another Shop" at the right
            count = max(len(choices), 1)
            step = min(17.0, (right - left - arrow - 4) / count)
            radius = min(8.0, step / 2 - 0.5)
            for index, resource in enumerate(choices):
                token(group, resource, left + radius + index * step, cy, radius, "pictogram")
            onto_shop_arrow(group, right - arrow - 2, cy - 8, arrow - 2)
        case _:
            text = render(describe_benefit(benefit, registry), language)
            label(group, text, cx, cy + 4, 10, right - left, anchor="middle", fill=INK)


def _shop(
    parent: ET.Element,
    shop: Shop,
    tokens: Counts,
    x: float,
    y: float,
    language: Language,
    registry: EffectRegistry,
    number: int | None = None,
    marked: bool = False,
) -> ET.Element:
    """A Shop at ``x, y``; ``marked``: framed in the colour of the last move (the Shop a
    picture is about), not in the green of every fully supplied Shop."""
    full = sum(tokens) == shop.size
    group = el(
        parent,
        "g",
        class_=" ".join(("shop", *(("full",) if full else ()), *(("marked",) if marked else ()))),
        data_shop=shop.id or "",
        data_index=None if number is None else number - 1,
        data_tokens=sum(tokens),
    )
    el(group, "title", render(shop_text(shop, registry), language))
    rect(
        group,
        x,
        y,
        SHOP_WIDTH,
        SHOP_HEIGHT,
        rx=5,
        fill=PAPER,
        stroke=HIGHLIGHT["last-move"] if marked else "#2f855a" if full else CARD_EDGE,
        stroke_width=3 if marked else 2.2 if full else 1,
    )
    sockets = socket_tokens(shop, tokens)
    count = len(shop.requires)
    step = min(24.0, 72 / max(count, 1))
    radius = min(10.5, step * 0.44)
    left = x + 6 + (0 if number is None else 10)
    if number is not None:
        label(
            group,
            str(number),
            x + 8,
            y + SHOP_HEIGHT / 2 + 4,
            10,
            anchor="middle",
            fill="#7c6a4a",
            class_="shop-number",
        )
    cy = y + SHOP_HEIGHT / 2
    for index, (icon, placed) in enumerate(zip(shop.requires, sockets, strict=True)):
        cx = left + radius + index * step
        resource = icon.resource
        if resource is None:
            any_icon(group, cx, cy, radius)
        else:
            el(
                group,
                "circle",
                cx=cx,
                cy=cy,
                r=radius,
                fill=SCENE_FILL[resource],
                opacity="0.35",
                class_=f"icon icon-{resource.key}",
            )
            mark = SCENE_MARK[resource] if resource is Resource.ALABASTER else SCENE_FILL[resource]
            resource_glyph(group, resource, cx, cy, radius * 1.3, mark)
            disc(group, cx, cy, radius, "none", INK, 0.8)
        if placed is not None:
            token(group, placed, cx + 2, cy - 2, radius * 0.92)
    divider = x + SHOP_WIDTH - 62
    el(
        group,
        "path",
        d=f"M{divider - 6},{cy - 5} l6,5 l-6,5",
        fill="none",
        stroke=INK,
        stroke_width=1.2,
    )
    _benefit(group, shop.benefit, x + SHOP_WIDTH - 30, cy, language, registry)
    return group


@checked_arguments
def shop(
    shop: Shop,
    tokens: Counts = NO_TOKENS,
    *,
    lang: Language | str = Language.EN,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    scale: float = 1.0,
) -> SvgImage:
    """A Shop: its requirement icons, the tokens lying on them, and its benefit (R-1.6, R-6)."""
    language = language_of(lang)
    svg = root(
        SHOP_WIDTH + 8,
        SHOP_HEIGHT + 8,
        "shop",
        render(shop_text(shop, registry), language),
        language,
        scale,
    )
    ShopState(shop, tokens)  # tokens the Shop cannot hold are an input error
    _shop(svg, shop, tokens, 4, 4, language, registry)
    return image(svg)


def _cost(parent: ET.Element, cost: int, x: float, y: float, language: Language) -> float:
    """The building cost ending at ``x`` at the card's top right: "any resource" icons,
    or "free"; returns where it begins on the left."""
    group = el(parent, "g", class_="cost", data_cost=cost)
    el(
        group,
        "title",
        render(ngettext("costs {n} resource", "costs {n} resources", cost), language),
    )
    if cost == 0:
        free = render(_("free"), language)
        label(group, free, x, y + 4, 10, 60, anchor="end", font_style="italic", fill=INK)
        return x - min(60, text_width(free, 10))
    for index in range(cost):
        any_icon(group, x - 7 - index * 16, y, 7)
    return x - 14 - (cost - 1) * 16


def card(
    parent: ET.Element, x: float, y: float, fill: str = CARD, empty: bool = False
) -> ET.Element:
    """A District-sized space: a District tile, a printed space, or an empty spot (dashed)."""
    return rect(
        parent,
        x,
        y,
        DISTRICT_WIDTH,
        DISTRICT_HEIGHT,
        rx=7,
        fill=fill,
        fill_opacity="0.5" if empty else None,
        stroke=CARD_EDGE,
        stroke_width=1 if empty else 1.4,
        stroke_dasharray="6 4" if empty else None,
    )


def _district(
    parent: ET.Element,
    district: District,
    states: Sequence[Counts],
    x: float,
    y: float,
    language: Language,
    registry: EffectRegistry,
    provenance: bool = False,
    numbers: Sequence[int] | None = None,
    marked: Sequence[int] = (),
) -> ET.Element:
    """A District at ``x, y``; ``numbers`` are its Shops' numbers in the Metropolis, and
    the Shops whose number is in ``marked`` are framed as the picture's subject."""
    group = el(parent, "g", class_="district", data_district=district.id)
    el(group, "title", render(_("District {id}", id=district.id), language))
    card(group, x, y)
    label(group, district.id, x + 8, y + 18, 13, 60, bold=True, fill=INK)
    cost_left = _cost(group, district.cost, x + DISTRICT_WIDTH - 8, y + 14, language)
    id_right = x + 8 + min(60, text_width(district.id, 13, bold=True))
    for index, item in enumerate(district.shops):
        tokens = states[index] if index < len(states) else NO_TOKENS
        number = None if numbers is None else numbers[index]
        _shop(
            group,
            item,
            tokens,
            x + 8,
            y + 26 + index * (SHOP_HEIGHT + 4),
            language,
            registry,
            number,
            number is not None and number in marked,
        )
    if provenance:
        reconstructed_frame(group, district.provenance, x, y, DISTRICT_WIDTH, DISTRICT_HEIGHT)
        # between the id and the cost, whatever the language's word for it
        room = cost_left - id_right - 12
        provenance_badge(group, district.provenance, cost_left - 6, y + 17, language, room)
    return group


@checked_arguments
def district(
    district: District,
    tokens: Sequence[Counts] = (),
    *,
    lang: Language | str = Language.EN,
    registry: EffectRegistry = DEFAULT_REGISTRY,
    provenance: bool = False,
    scale: float = 1.0,
    callouts: Mapping[str, int] | None = None,
) -> SvgImage:
    """A District tile: its id, building cost and Shops, with ``tokens`` per Shop (R-1.5);
    ``callouts`` numbers its ``cost``, the first Shop's ``requirement`` and ``benefit``."""
    language = language_of(lang)
    numbers = callouts or {}
    gutter = 24 if numbers else 0  # room for the numbers beside the card
    svg = root(
        DISTRICT_WIDTH + 10 + 2 * gutter,
        DISTRICT_HEIGHT + 10,
        "district",
        render(_("District {id}", id=district.id), language),
        language,
        scale,
    )
    if len(tokens) > len(district.shops):
        raise MalformedInputError.single(
            "tokens",
            _(
                "Shops of District {id}: {n}, not {count}.",
                id=district.id,
                n=len(district.shops),
                count=len(tokens),
            ),
            "R-1.5",
        )
    for item, held in zip(district.shops, tokens, strict=False):
        ShopState(item, held)  # tokens the Shop cannot hold are an input error
    _district(svg, district, tokens, 5 + gutter, 5, language, registry, provenance)
    right = 5 + gutter + DISTRICT_WIDTH + gutter / 2 + 3
    places = {  # the cost and the benefit on the right, the requirement on the left
        "cost": (right, 5 + 14),
        "requirement": (gutter / 2 + 2, 5 + 26 + SHOP_HEIGHT / 2),
        "benefit": (right, 5 + 26 + SHOP_HEIGHT / 2),
    }
    for part, (x, y) in places.items():
        if part in numbers:
            callout(svg, numbers[part], x, y, 8)
    return image(svg)


def _monument(
    parent: ET.Element, kind: MonumentType, index: int, x: float, y: float, language: Language
) -> None:
    """A Monument pawn of ``kind`` in the colour of player ``index``, named below."""
    group = el(parent, "g", class_="monument-type", data_type=kind.value)
    monument_glyph(group, kind, x + 40, y + 24, 36, player_colour(index))
    label(group, render(kind.label, language), x + 40, y + 58, 12, 78, anchor="middle", fill=INK)


@checked_arguments
def monuments(
    types: Sequence[MonumentType] = tuple(MonumentType),
    *,
    lang: Language | str = Language.EN,
    scale: float = 1.0,
) -> SvgImage:
    """The Monument types, each in the colour of the player who owns it (R-1.8)."""
    language = language_of(lang)
    svg = root(
        80 * len(types) + 8, 70, "monuments", render(_("Monuments"), language), language, scale
    )
    for index, kind in enumerate(types):
        _monument(svg, kind, index, 4 + 80 * index, 4, language)
    return image(svg)
