"""Reusable hypothesis strategies for the model, final positions and catalogue files.

Every strategy builds values that the library accepts (or, for
:func:`malformed_final_position_documents`, documents it must reject), so other
applications can run property tests against their own catalogues and effect kinds::

    from hypothesis import given
    from fertility_rules import score_position
    from fertility_rules.fertility.testing.strategies import final_positions

    @given(final_positions())
    def test_total_is_the_sum_of_the_stages(position):
        for sheet in score_position(position).sheets:
            assert sheet.total == sum(sheet.stage_totals)

Strategies that draw Shops take the gods of the table, because a Statue Shop may only
name gods of the table (R-5.3). Effect kinds are drawn from an
:class:`~fertility_rules.fertility.effects.EffectRegistry` (the default one unless given), driven
by the parameters each kind declares, so a registry extended with
:meth:`~fertility_rules.fertility.effects.EffectRegistry.with_kind` is covered too.
"""

from __future__ import annotations

import copy
import functools
import itertools
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias, cast

from hypothesis import strategies as st

from fertility_rules.fertility.effects.base import EffectKind, ParamType
from fertility_rules.fertility.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.fertility.formats.converter import converter_for
from fertility_rules.fertility.formats.final_position import dump_final_position
from fertility_rules.fertility.model.metropolis import MAX_MONUMENTS, SPOTS, Metropolis
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.model.resources import (
    RESOURCES,
    Counts,
    Icon,
    MonumentType,
    Resource,
)
from fertility_rules.fertility.model.shop import Benefit, Shop, ShopState
from fertility_rules.fertility.model.valley import BOARD_HEIGHT, BOARD_WIDTH, SQUARE_LEGEND
from fertility_rules.shared.provenance import Provenance
from fertility_rules.testing.agreement import json_parent, json_paths

__all__ = [
    "JSON",
    "benefits",
    "catalogue_documents",
    "final_positions",
    "god_names",
    "icons",
    "json_values",
    "malformed_final_position_documents",
    "metropolises",
    "player_names",
    "resources",
    "shop_states",
    "shops",
    "tracks",
]

JSON: TypeAlias = Any
"""A JSON-like value: ``None``, bool, int, float, str, list or dict with str keys."""

_NAME_ALPHABET = st.characters(
    categories=("Lu", "Ll", "Nd"), include_characters=" -'", max_codepoint=0x2FF
)

CATALOGUE_VALLEY_BOARDS = 4
CATALOGUE_VALLEY_TILES = 50
CATALOGUE_METROPOLIS_BOARDS = 4
CATALOGUE_BOARD_SHOPS = 4
CATALOGUE_DISTRICTS = 40


# --------------------------------------------------------------------------- basics
# Strategies are built once and reused: building them is much slower than drawing.

_RESOURCES: st.SearchStrategy[Resource] = st.sampled_from(RESOURCES)
_ICONS: st.SearchStrategy[Icon] = st.sampled_from(tuple(Icon))
_NAMES: st.SearchStrategy[str] = st.text(_NAME_ALPHABET, min_size=1, max_size=10).filter(
    lambda s: s.strip() == s
)
_EMPTY = 4
_SLOTS: st.SearchStrategy[int] = st.integers(0, (_EMPTY + 1) ** 4 - 1)
"""Four base-5 digits, one per icon: ``_EMPTY`` leaves the icon empty; otherwise a specific
icon holds its resource and an "any" icon the resource of that index (one draw, for speed)."""


def resources() -> st.SearchStrategy[Resource]:
    """One of the four resources (R-1.1)."""
    return _RESOURCES


def icons() -> st.SearchStrategy[Icon]:
    """A Shop requirement icon: a resource or "any resource" (R-1.6)."""
    return _ICONS


def player_names() -> st.SearchStrategy[str]:
    """A readable, non-empty player or god name (letters, digits, inner spaces)."""
    return _NAMES


@functools.cache
def god_names(min_size: int = 1, max_size: int = 6) -> st.SearchStrategy[tuple[str, ...]]:
    """The gods of a table: ``min_size`` to ``max_size`` different names."""
    return st.lists(_NAMES, min_size=min_size, max_size=max_size, unique=True).map(tuple)


def _cumulative(parts: tuple[int, list[int]]) -> tuple[int, ...]:
    start, steps = parts
    return tuple(itertools.accumulate(steps, initial=start))


@functools.cache
def tracks(min_size: int = 1, max_size: int = 12) -> st.SearchStrategy[tuple[int, ...]]:
    """A scoring track: a non-empty, non-decreasing tuple of non-negative Debens (R-1.7)."""
    steps = st.lists(st.integers(0, 8), min_size=min_size - 1, max_size=max_size - 1)
    return st.tuples(st.integers(0, 5), steps).map(_cumulative)


# --------------------------------------------------------------------------- benefits, Shops


def _param_values(kind: ParamType, gods: tuple[str, ...]) -> st.SearchStrategy[object]:
    if kind is ParamType.POSITIVE_INT:
        return st.integers(1, 9)
    if kind is ParamType.RESOURCE:
        return _RESOURCES
    if kind is ParamType.RESOURCES:
        return st.lists(_RESOURCES, min_size=1, max_size=4, unique=True).map(tuple)
    return st.lists(st.sampled_from(gods), min_size=1, max_size=min(3, len(gods)), unique=True).map(
        tuple
    )


def _benefits_of(kind: EffectKind, gods: tuple[str, ...]) -> st.SearchStrategy[Benefit]:
    make = cast(Callable[..., Benefit], kind.benefit_type)
    values = st.fixed_dictionaries({p.name: _param_values(p.type, gods) for p in kind.params})
    return values.map(lambda kwargs: make(**kwargs))


@functools.lru_cache(maxsize=256)
def _benefits(gods: tuple[str, ...], registry: EffectRegistry) -> st.SearchStrategy[Benefit]:
    kinds = [
        kind for kind in registry if gods or all(p.type is not ParamType.GODS for p in kind.params)
    ]
    if not kinds:
        raise ValueError("the registry has no kind usable without gods")
    return st.one_of([_benefits_of(kind, gods) for kind in kinds])


def benefits(
    gods: Sequence[str], registry: EffectRegistry = DEFAULT_REGISTRY
) -> st.SearchStrategy[Benefit]:
    """A benefit of any kind of ``registry``, with valid parameters (R-6).

    Parameters follow each kind's :class:`~fertility_rules.fertility.effects.Param` list: positive
    integers 1 to 9, a resource, 1 to 4 different resources, 1 to 3 different gods of
    ``gods``. Kinds taking gods are left out when ``gods`` is empty.
    """
    return _benefits(tuple(gods), registry)


_SHOP_IDS: st.SearchStrategy[str | None] = st.none() | st.integers(1, 99).map(
    lambda n: f"D{n:02}.{n % 3 + 1}"
)
_REQUIREMENTS: st.SearchStrategy[tuple[Icon, ...]] = st.lists(_ICONS, min_size=1, max_size=4).map(
    tuple
)


@functools.lru_cache(maxsize=256)
def _shops(
    gods: tuple[str, ...], registry: EffectRegistry, with_id: bool
) -> st.SearchStrategy[Shop]:
    return st.builds(
        Shop,
        requires=_REQUIREMENTS,
        benefit=_benefits(gods, registry),
        id=_SHOP_IDS if with_id else st.none(),
    )


def shops(
    gods: Sequence[str],
    registry: EffectRegistry = DEFAULT_REGISTRY,
    with_id: bool = True,
) -> st.SearchStrategy[Shop]:
    """A Shop: 1 to 4 requirement icons and a benefit of ``registry`` (R-1.6).

    With ``with_id`` the Shop sometimes carries an id (as Shops read from files may).
    """
    return _shops(tuple(gods), registry, with_id)


def _fill(shop: Shop, slots: int, full: bool | None) -> Counts:
    """Tokens built icon by icon, so that they always fit the Shop (R-1.6)."""
    counts = [0, 0, 0, 0]
    for icon in shop.requires:
        slots, slot = divmod(slots, _EMPTY + 1)
        if full is False or (full is None and slot == _EMPTY):
            continue
        resource = icon.resource
        if resource is None:  # an "any" icon takes any resource
            resource = Resource(slot % _EMPTY)
        counts[resource] += 1
    return (counts[0], counts[1], counts[2], counts[3])


_MODES: st.SearchStrategy[bool | None] = st.sampled_from([None, None, True, False])


@functools.lru_cache(maxsize=256)
@st.composite
def _shop_states(
    draw: st.DrawFn, gods: tuple[str, ...], registry: EffectRegistry, full: bool | None
) -> ShopState:
    shop = draw(_shops(gods, registry, True))
    mode = full if full is not None else draw(_MODES)
    return ShopState(shop, _fill(shop, draw(_SLOTS), mode))


def shop_states(
    gods: Sequence[str],
    registry: EffectRegistry = DEFAULT_REGISTRY,
    full: bool | None = None,
) -> st.SearchStrategy[ShopState]:
    """A Shop with tokens it can hold (R-1.6).

    The token counts are built icon by icon, so they always fit: a specific icon holds
    its resource, an "any" icon any resource. ``full=True`` fills every icon,
    ``full=False`` none; by default empty, partly and fully supplied Shops all occur
    (Shops of up to 4 icons, as :func:`shops` draws them).
    """
    return _shop_states(tuple(gods), registry, full)


@functools.lru_cache(maxsize=256)
def _shop_lists(
    gods: tuple[str, ...], registry: EffectRegistry, max_shops: int
) -> st.SearchStrategy[list[ShopState]]:
    return st.lists(_shop_states(gods, registry, None), max_size=max_shops)


_SCALE_EXTRA = st.integers(0, 2)
_MONUMENTS = st.integers(0, MAX_MONUMENTS)


@functools.lru_cache(maxsize=256)
@st.composite
def _metropolises(
    draw: st.DrawFn, gods: tuple[str, ...], registry: EffectRegistry, max_shops: int
) -> Metropolis:
    wheat_track = draw(tracks(1, 12))
    scale_size = len(gods) + 1 + draw(_SCALE_EXTRA)
    statue_scale = draw(tracks(scale_size, scale_size))
    states = draw(_shop_lists(gods, registry, max_shops))
    return Metropolis(
        shops=tuple(states),
        wheat_track=wheat_track,
        statue_scale=statue_scale,
        wheat=draw(st.integers(0, len(wheat_track) - 1)),
        monuments=draw(_MONUMENTS),
    )


def metropolises(
    gods: Sequence[str], registry: EffectRegistry = DEFAULT_REGISTRY, max_shops: int = 6
) -> st.SearchStrategy[Metropolis]:
    """A player's Metropolis at the end of the game.

    Wheat is on the track (R-1.2), 0 to 4 Monuments (R-1.8), both tracks non-decreasing
    (R-1.7), a Statues scale with a value for 0 to ``len(gods)`` different Statues or
    more (R-5.3), up to ``max_shops`` Shops holding tokens they can take. No District
    spots and no board id: final-position files do not carry them.
    """
    return _metropolises(tuple(gods), registry, max_shops)


_FIRST = st.sampled_from([15, 15, 0, 1, 10, 20])


@st.composite
def _final_positions(
    draw: st.DrawFn, registry: EffectRegistry, min_players: int, max_players: int
) -> FinalPosition:
    gods = draw(god_names())
    names = draw(st.lists(_NAMES, min_size=min_players, max_size=max_players, unique=True))
    table = _metropolises(gods, registry, 6)
    players = tuple(PlayerPosition(name, draw(table)) for name in names)
    first = draw(_FIRST)
    second = draw(st.integers(0, first))
    return FinalPosition(players=players, gods=gods, monument_first=first, monument_second=second)


def final_positions(
    registry: EffectRegistry = DEFAULT_REGISTRY, min_players: int = 1, max_players: int = 4
) -> st.SearchStrategy[FinalPosition]:
    """A finished table: 1 to 4 players with different names, the gods, Monument values.

    Each player's Metropolis comes from :func:`metropolises`; the Monument values are
    15 / 7 or others with second place never above first.
    """
    return _final_positions(registry, min_players, max_players)


# --------------------------------------------------------------------------- catalogue files

_PROVENANCES: st.SearchStrategy[str] = st.sampled_from([p.value for p in Provenance])
_NOTES: st.SearchStrategy[str | None] = st.none() | st.text(
    st.characters(exclude_categories=("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")), max_size=20
)
"""A catalogue's notes and titles: texts without control characters
(:func:`~fertility_rules.formats.sections.text_problems`)."""


def _with_source(data: dict[str, JSON], source: tuple[str, str | None]) -> dict[str, JSON]:
    provenance, note = source
    data["provenance"] = provenance
    if note is not None:
        data["note"] = note
    return data


_SOURCES: st.SearchStrategy[tuple[str, str | None]] = st.tuples(_PROVENANCES, _NOTES)


def _shop_document(parts: tuple[Shop, tuple[str, str | None]]) -> dict[str, JSON]:
    shop, source = parts
    data: dict[str, JSON] = {
        "requires": [icon.value for icon in shop.requires],
        "benefit": converter_for().unstructure(shop.benefit, Benefit),
    }
    return _with_source(data, source)


@functools.lru_cache(maxsize=64)
def _catalogue_shops(gods: tuple[str, ...]) -> st.SearchStrategy[dict[str, JSON]]:
    return st.tuples(_shops(gods, DEFAULT_REGISTRY, False), _SOURCES).map(_shop_document)


_SQUARES = st.lists(
    st.sampled_from("".join(SQUARE_LEGEND)),
    min_size=BOARD_WIDTH * BOARD_HEIGHT,
    max_size=BOARD_WIDTH * BOARD_HEIGHT,
)
_START_SQUARE = st.integers(0, BOARD_WIDTH * BOARD_HEIGHT - 1)


def _board_rows(parts: tuple[list[str], int]) -> list[str]:
    squares, start = parts
    squares = list(squares)
    squares[start] = "S"  # at least one start symbol
    return ["".join(squares[r * BOARD_WIDTH : (r + 1) * BOARD_WIDTH]) for r in range(BOARD_HEIGHT)]


_BOARD_ROWS = st.tuples(_SQUARES, _START_SQUARE).map(_board_rows)
_VALLEY_BOARDS = st.lists(
    st.tuples(_BOARD_ROWS, _SOURCES),
    min_size=CATALOGUE_VALLEY_BOARDS,
    max_size=CATALOGUE_VALLEY_BOARDS,
)
_VALLEY_TILES = st.lists(
    st.tuples(_RESOURCES, _RESOURCES, _PROVENANCES),
    min_size=CATALOGUE_VALLEY_TILES,
    max_size=CATALOGUE_VALLEY_TILES,
)


@functools.lru_cache(maxsize=64)
def _track_documents(min_size: int) -> st.SearchStrategy[dict[str, JSON]]:
    return st.tuples(tracks(min_size, min_size + 3), _SOURCES).map(
        lambda parts: _with_source({"values": list(parts[0])}, parts[1])
    )


@functools.lru_cache(maxsize=64)
def _metropolis_boards(gods: tuple[str, ...]) -> st.SearchStrategy[list[tuple[Any, ...]]]:
    board = st.tuples(
        st.lists(
            _catalogue_shops(gods), min_size=CATALOGUE_BOARD_SHOPS, max_size=CATALOGUE_BOARD_SHOPS
        ),
        _track_documents(1),
        _track_documents(len(gods) + 1),
        _SOURCES,
        st.booleans(),
    )
    return st.lists(
        board, min_size=CATALOGUE_METROPOLIS_BOARDS, max_size=CATALOGUE_METROPOLIS_BOARDS
    )


@functools.lru_cache(maxsize=64)
def _districts(gods: tuple[str, ...]) -> st.SearchStrategy[list[tuple[Any, ...]]]:
    district = st.tuples(
        st.integers(0, 2), st.lists(_catalogue_shops(gods), min_size=1, max_size=3), _SOURCES
    )
    return st.lists(district, min_size=CATALOGUE_DISTRICTS, max_size=CATALOGUE_DISTRICTS)


_PREFIXES = st.sampled_from(["", "x", "Z-"])
_MONUMENT_TYPES = st.permutations([m.value for m in MonumentType])
_START_SCENES = st.permutations([r.key for r in RESOURCES])


@st.composite
def _catalogue_documents(draw: st.DrawFn) -> dict[str, JSON]:
    gods = draw(god_names(1, 5))
    prefix = draw(_PREFIXES)
    start = draw(_START_SCENES)
    first = draw(st.integers(0, 30))
    monuments: dict[str, JSON] = {
        "types": list(draw(_MONUMENT_TYPES)),
        "per_type": 4,
        "first": first,
        "second": draw(st.integers(0, first)),
    }
    document: dict[str, JSON] = {
        "format": "fertility-rules/catalogue/1",
        "name": draw(_NAMES),
        "stock": _with_source({"per_resource": draw(st.integers(1, 30))}, draw(_SOURCES)),
        "monuments": _with_source(monuments, draw(_SOURCES)),
        "gods": _with_source({"names": list(gods)}, draw(_SOURCES)),
        "start_tile": _with_source({"scenes": [list(start[:2]), list(start[2:])]}, draw(_SOURCES)),
        "valley_boards": [
            _with_source({"id": f"{prefix}B{i}", "rows": rows}, source)
            for i, (rows, source) in enumerate(draw(_VALLEY_BOARDS), start=1)
        ],
        "valley_tiles": [
            {"id": f"{prefix}V{i:02}", "scenes": [a.key, b.key], "provenance": provenance}
            for i, (a, b, provenance) in enumerate(draw(_VALLEY_TILES), start=1)
        ],
        "metropolis_boards": [
            _with_source(
                {
                    "id": f"{prefix}M{i}",
                    "shops": board_shops,
                    "wheat_track": wheat_track,
                    "statue_scale": statue_scale,
                    **({"spots": SPOTS} if spots else {}),
                },
                source,
            )
            for i, (board_shops, wheat_track, statue_scale, source, spots) in enumerate(
                draw(_metropolis_boards(gods)), start=1
            )
        ],
        "districts": [
            _with_source({"id": f"{prefix}D{i:02}", "cost": cost, "shops": shops_}, source)
            for i, (cost, shops_, source) in enumerate(draw(_districts(gods)), start=1)
        ],
    }
    title, note = draw(_NOTES), draw(_NOTES)
    if title is not None:
        document["title"] = title
    if note is not None:
        document["note"] = note
    return document


_CATALOGUE_DOCUMENTS = _catalogue_documents()


def catalogue_documents() -> st.SearchStrategy[dict[str, JSON]]:
    """A JSON-like catalogue document that :func:`~fertility_rules.read_catalogue` accepts.

    Exactly 4 Valley boards of 8 rows of 4 square codes with at least one start symbol
    (R-1.4, R-2.1), 50 Valley tiles (R-2.2), 4 Metropolis boards with 4 starting Shops,
    7 spots and non-decreasing tracks, the Statues scale long enough for the gods
    (R-1.7, R-5.3), 40 Districts costing 0 to 2 with 1 to 3 Shops (R-1.5), the four
    Monument types with 4 pawns each (R-1.8), a 2 x 2 starting tile showing the four
    scenes (I-14), unique ids, and a provenance on every item.
    """
    return _CATALOGUE_DOCUMENTS


# --------------------------------------------------------------------------- malformed files


def json_values(max_leaves: int = 8) -> st.SearchStrategy[JSON]:
    """Any JSON value (nested lists and objects of scalars)."""
    scalars = (
        st.none()
        | st.booleans()
        | st.integers(-(10**6), 10**6)
        | st.floats(allow_nan=False, allow_infinity=False)
        | st.text(max_size=8)
    )
    return st.recursive(
        scalars,
        lambda children: (
            st.lists(children, max_size=3)
            | st.dictionaries(st.text(max_size=6), children, max_size=3)
        ),
        max_leaves=max_leaves,
    )


def _json_type(value: JSON) -> str:
    """The JSON Schema type of a value: ``4.0`` is an integer there, as the readers take it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    return type(value).__name__


_OPTIONAL_KEYS = {"gods", "monument_scores", "first", "second", "wheat_track", "statue_scale"}
"""Keys a final-position document may leave out (``tokens`` and ``id`` of Shops too)."""
_SHOP_OPTIONAL_KEYS = {"tokens", "id"}


def _required(path: tuple[str | int, ...]) -> bool:
    key = path[-1]
    if not isinstance(key, str):
        return False
    if key in _OPTIONAL_KEYS and len(path) <= 3:
        return False
    shop_level = len(path) == 5 and path[0] == "players" and path[2] == "shops"
    return not (shop_level and key in _SHOP_OPTIONAL_KEYS)


def _delete_field(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    paths = [p for p in json_paths(document) if _required(p)]
    path = draw(st.sampled_from(paths))
    del json_parent(document, path)[path[-1]]
    return document


def _wrong_type(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    path = draw(st.sampled_from(list(json_paths(document))))
    parent = json_parent(document, path)
    old = parent[path[-1]]
    parent[path[-1]] = draw(json_values(4).filter(lambda v: _json_type(v) != _json_type(old)))
    return document


def _players_with_shops(document: dict[str, JSON]) -> list[tuple[int, int]]:
    return [
        (p, s) for p, player in enumerate(document["players"]) for s in range(len(player["shops"]))
    ]


def _unknown_resource(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    name = draw(st.sampled_from(["wood", "stone", "Grapes", "wheat", "", "alabasters"]))
    places = _players_with_shops(document)
    if not places:
        document["players"][0]["shops"] = [
            {"requires": ["any"], "benefit": {"kind": "generic", "debens": 2}, "tokens": [name]}
        ]
        return document
    p, s = draw(st.sampled_from(places))
    shop = document["players"][p]["shops"][s]
    if draw(st.booleans()):
        shop["tokens"] = [name]
    else:
        shop["requires"][draw(st.integers(0, len(shop["requires"]) - 1))] = name
    return document


def _token_too_many(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    places = _players_with_shops(document)
    if not places:
        document["players"][0]["shops"] = [
            {
                "requires": ["grapes"],
                "benefit": {"kind": "wheat", "wheat": 1},
                "tokens": ["bovine"],
            }
        ]
        return document
    p, s = draw(st.sampled_from(places))
    shop = document["players"][p]["shops"][s]
    requires: list[str] = shop["requires"]
    extra: list[str]
    if "any" in requires or draw(st.booleans()):
        # one token more than the Shop has icons
        filler = [r if r != "any" else "bovine" for r in requires]
        extra = [*filler, draw(_RESOURCES).key]
    else:
        # a resource the Shop shows no icon of, and no "any" icon to take it
        missing = [r.key for r in RESOURCES if r.key not in requires]
        extra = [draw(st.sampled_from(missing))] if missing else [*requires, requires[0]]
    shop["tokens"] = extra
    return document


def _wheat_off_track(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    p = draw(st.integers(0, len(document["players"]) - 1))
    player = document["players"][p]
    top = len(player["wheat_track"]) - 1
    player["wheat"] = draw(st.sampled_from([top + 1, top + 5, -1]))
    return document


def _too_many_monuments(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    p = draw(st.integers(0, len(document["players"]) - 1))
    document["players"][p]["monuments"] = draw(st.sampled_from([MAX_MONUMENTS + 1, 16, -1]))
    return document


def _unknown_kind(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    kind = draw(st.sampled_from(["per_district", "Generic", "", "statues", "bonus"]))
    places = _players_with_shops(document)
    if not places:
        document["players"][0]["shops"] = [{"requires": ["any"], "benefit": {"kind": kind}}]
        return document
    p, s = draw(st.sampled_from(places))
    document["players"][p]["shops"][s]["benefit"]["kind"] = kind
    return document


def _random_json(draw: st.DrawFn, document: dict[str, JSON]) -> JSON:
    if draw(st.booleans()):
        # a whole document of random JSON: never a final position (no "format", "players")
        return draw(
            json_values().filter(
                lambda v: not (isinstance(v, dict) and {"format", "players"} <= set(v))
            )
        )
    return _wrong_type(draw, document)


_CORRUPTIONS: dict[str, Callable[[st.DrawFn, dict[str, JSON]], JSON]] = {
    "delete_field": _delete_field,
    "wrong_type": _wrong_type,
    "unknown_resource": _unknown_resource,
    "token_shop_cannot_take": _token_too_many,
    "wheat_off_track": _wheat_off_track,
    "five_monuments": _too_many_monuments,
    "unknown_kind": _unknown_kind,
    "random_json": _random_json,
}


@st.composite
def _malformed(draw: st.DrawFn, corruptions: tuple[str, ...]) -> tuple[str, JSON]:
    position = draw(final_positions(max_players=3))
    document = copy.deepcopy(dump_final_position(position))
    name = draw(st.sampled_from(corruptions))
    return name, _CORRUPTIONS[name](draw, document)


def malformed_final_position_documents(
    corruptions: Sequence[str] | None = None,
) -> st.SearchStrategy[tuple[str, JSON]]:
    """``(corruption, document)``: a dumped valid final position, made invalid.

    Each corruption always gives a document that :func:`~fertility_rules.read_final_position`
    must reject with :class:`~fertility_rules.MalformedInputError`:
    ``delete_field`` (a required field), ``wrong_type`` (a value of another JSON type),
    ``unknown_resource`` (R-1.1), ``token_shop_cannot_take`` (R-1.6), ``wheat_off_track``
    (R-1.2), ``five_monuments`` (R-1.8), ``unknown_kind`` (R-6) and ``random_json``.
    ``corruptions`` restricts the choice to some of these names.
    """
    names = tuple(_CORRUPTIONS) if corruptions is None else tuple(corruptions)
    unknown = set(names) - set(_CORRUPTIONS)
    if unknown or not names:
        raise ValueError(f"unknown corruptions {sorted(unknown)}; known: {sorted(_CORRUPTIONS)}")
    return _malformed(names)
