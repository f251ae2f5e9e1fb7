"""Reusable hypothesis strategies for the model, final positions and catalogue files.

Every strategy builds values that the library accepts (or, for
:func:`malformed_final_position_documents`, documents it must reject), so other
applications can run property tests against their own catalogues and effect kinds::

    from hypothesis import given
    from fertility_rules import score_position
    from fertility_rules.testing.strategies import final_positions

    @given(final_positions())
    def test_total_is_the_sum_of_the_stages(position):
        for sheet in score_position(position).sheets:
            assert sheet.total == sum(sheet.stage_totals)

Strategies that draw Shops take the gods of the table, because a Statue Shop may only
name gods of the table (R-5.3). Effect kinds are drawn from an
:class:`~fertility_rules.effects.EffectRegistry` (the default one unless given), driven
by the parameters each kind declares, so a registry extended with
:meth:`~fertility_rules.effects.EffectRegistry.with_kind` is covered too.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias, cast

from hypothesis import strategies as st

from fertility_rules.effects.base import EffectKind, ParamType
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.effects.serialization import dump_benefit
from fertility_rules.model.metropolis import MAX_MONUMENTS, SPOTS, Metropolis
from fertility_rules.model.position import FinalPosition, PlayerPosition
from fertility_rules.model.provenance import Provenance
from fertility_rules.model.resources import RESOURCES, Counts, Icon, MonumentType, Resource
from fertility_rules.model.shop import Benefit, Shop, ShopState
from fertility_rules.model.valley import BOARD_HEIGHT, BOARD_WIDTH, SQUARE_LEGEND
from fertility_rules.records.final_position import dump_final_position

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


def resources() -> st.SearchStrategy[Resource]:
    """One of the four resources (R-1.1)."""
    return st.sampled_from(RESOURCES)


def icons() -> st.SearchStrategy[Icon]:
    """A Shop requirement icon: a resource or "any resource" (R-1.6)."""
    return st.sampled_from(tuple(Icon))


def player_names() -> st.SearchStrategy[str]:
    """A readable, non-empty player or god name."""
    return st.text(_NAME_ALPHABET, min_size=1, max_size=10).filter(lambda s: s.strip() == s)


def god_names(min_size: int = 1, max_size: int = 6) -> st.SearchStrategy[tuple[str, ...]]:
    """The gods of a table: ``min_size`` to ``max_size`` different names."""
    return st.lists(player_names(), min_size=min_size, max_size=max_size, unique=True).map(tuple)


def tracks(min_size: int = 1, max_size: int = 12) -> st.SearchStrategy[tuple[int, ...]]:
    """A scoring track: a non-empty, non-decreasing tuple of non-negative Debens (R-1.7)."""

    def cumulative(parts: tuple[int, list[int]]) -> tuple[int, ...]:
        start, steps = parts
        return tuple(itertools.accumulate(steps, initial=start))

    return st.tuples(
        st.integers(0, 5), st.lists(st.integers(0, 8), min_size=min_size - 1, max_size=max_size - 1)
    ).map(cumulative)


# --------------------------------------------------------------------------- benefits, Shops


def _param_values(kind: ParamType, gods: Sequence[str]) -> st.SearchStrategy[object]:
    if kind is ParamType.POSITIVE_INT:
        return st.integers(1, 9)
    if kind is ParamType.RESOURCE:
        return resources()
    if kind is ParamType.RESOURCES:
        return st.lists(resources(), min_size=1, max_size=4, unique=True).map(tuple)
    return st.lists(
        st.sampled_from(tuple(gods)), min_size=1, max_size=min(3, len(gods)), unique=True
    ).map(tuple)


def _benefits_of(kind: EffectKind, gods: Sequence[str]) -> st.SearchStrategy[Benefit]:
    make = cast(Callable[..., Benefit], kind.benefit_type)
    values = st.fixed_dictionaries({p.name: _param_values(p.type, gods) for p in kind.params})
    return values.map(lambda kwargs: make(**kwargs))


def benefits(
    gods: Sequence[str], registry: EffectRegistry = DEFAULT_REGISTRY
) -> st.SearchStrategy[Benefit]:
    """A benefit of any kind of ``registry``, with valid parameters (R-6).

    Parameters follow each kind's :class:`~fertility_rules.effects.Param` list: positive
    integers 1 to 9, a resource, 1 to 4 different resources, 1 to 3 different gods of
    ``gods``. Kinds taking gods are left out when ``gods`` is empty.
    """
    kinds = [
        kind for kind in registry if gods or all(p.type is not ParamType.GODS for p in kind.params)
    ]
    if not kinds:
        raise ValueError("the registry has no kind usable without gods")
    return st.one_of([_benefits_of(kind, gods) for kind in kinds])


def shops(
    gods: Sequence[str],
    registry: EffectRegistry = DEFAULT_REGISTRY,
    with_id: bool = True,
) -> st.SearchStrategy[Shop]:
    """A Shop: 1 to 4 requirement icons and a benefit of ``registry`` (R-1.6).

    With ``with_id`` the Shop sometimes carries an id (as Shops read from files may).
    """
    ids: st.SearchStrategy[str | None] = (
        st.none() | st.from_regex(r"[A-Z][0-9]{1,2}\.[1-4]", fullmatch=True)
        if with_id
        else st.none()
    )
    return st.builds(
        Shop,
        requires=st.lists(icons(), min_size=1, max_size=4).map(tuple),
        benefit=benefits(gods, registry),
        id=ids,
    )


@st.composite
def _tokens_for(draw: st.DrawFn, shop: Shop, full: bool | None = None) -> Counts:
    """Tokens the Shop can hold: each icon is filled or not; "any" icons take any resource."""
    counts = [0, 0, 0, 0]
    for icon in shop.requires:
        filled = draw(st.booleans()) if full is None else full
        if not filled:
            continue
        resource = icon.resource if icon.resource is not None else draw(resources())
        counts[resource] += 1
    return (counts[0], counts[1], counts[2], counts[3])


@st.composite
def _shop_states(
    draw: st.DrawFn, gods: Sequence[str], registry: EffectRegistry, full: bool | None
) -> ShopState:
    shop = draw(shops(gods, registry))
    mode = full if full is not None else draw(st.sampled_from([None, True, False]))
    return ShopState(shop, draw(_tokens_for(shop, mode)))


def shop_states(
    gods: Sequence[str],
    registry: EffectRegistry = DEFAULT_REGISTRY,
    full: bool | None = None,
) -> st.SearchStrategy[ShopState]:
    """A Shop with tokens it can hold (R-1.6).

    The token counts are built icon by icon, so they always fit: a specific icon holds
    its resource, an "any" icon any resource. ``full=True`` fills every icon,
    ``full=False`` none; by default empty, partly and fully supplied Shops all occur.
    """
    return _shop_states(gods, registry, full)


@st.composite
def _metropolises(
    draw: st.DrawFn, gods: Sequence[str], registry: EffectRegistry, max_shops: int
) -> Metropolis:
    wheat_track = draw(tracks(1, 12))
    scale_size = len(gods) + 1 + draw(st.integers(0, 2))
    statue_scale = draw(tracks(scale_size, scale_size))
    states = draw(st.lists(shop_states(gods, registry), max_size=max_shops))
    return Metropolis(
        shops=tuple(states),
        wheat_track=wheat_track,
        statue_scale=statue_scale,
        wheat=draw(st.integers(0, len(wheat_track) - 1)),
        monuments=draw(st.integers(0, MAX_MONUMENTS)),
    )


def metropolises(
    gods: Sequence[str], registry: EffectRegistry = DEFAULT_REGISTRY, max_shops: int = 8
) -> st.SearchStrategy[Metropolis]:
    """A player's Metropolis at the end of the game.

    Wheat is on the track (R-1.2), 0 to 4 Monuments (R-1.8), both tracks non-decreasing
    (R-1.7), a Statues scale with a value for 0 to ``len(gods)`` different Statues or
    more (R-5.3), up to ``max_shops`` Shops holding tokens they can take. No District
    spots and no board id: final-position files do not carry them.
    """
    return _metropolises(gods, registry, max_shops)


@st.composite
def _final_positions(
    draw: st.DrawFn, registry: EffectRegistry, min_players: int, max_players: int
) -> FinalPosition:
    gods = draw(god_names())
    names = draw(st.lists(player_names(), min_size=min_players, max_size=max_players, unique=True))
    players = tuple(PlayerPosition(name, draw(metropolises(gods, registry))) for name in names)
    first = draw(st.sampled_from([15, 15, 0, 1, 10, 20]))
    second = draw(st.integers(0, first))
    return FinalPosition(players=players, gods=gods, monument_first=first, monument_second=second)


def final_positions(
    registry: EffectRegistry = DEFAULT_REGISTRY, min_players: int = 1, max_players: int = 4
) -> st.SearchStrategy[FinalPosition]:
    """A finished table: 1 to 4 players with different names, the gods, Monument values."""
    return _final_positions(registry, min_players, max_players)


# --------------------------------------------------------------------------- catalogue files


def _provenances() -> st.SearchStrategy[str]:
    return st.sampled_from([p.value for p in Provenance])


@st.composite
def _sourced(draw: st.DrawFn) -> dict[str, JSON]:
    data: dict[str, JSON] = {"provenance": draw(_provenances())}
    if draw(st.booleans()):
        data["note"] = draw(st.text(max_size=20))
    return data


@st.composite
def _catalogue_shop(draw: st.DrawFn, gods: Sequence[str]) -> dict[str, JSON]:
    shop = draw(shops(gods, with_id=False))
    return {
        "requires": [icon.value for icon in shop.requires],
        "benefit": dump_benefit(shop.benefit, DEFAULT_REGISTRY),
        **draw(_sourced()),
    }


@st.composite
def _valley_board(draw: st.DrawFn, board_id: str) -> dict[str, JSON]:
    codes = "".join(SQUARE_LEGEND)
    squares = draw(
        st.lists(
            st.sampled_from(codes),
            min_size=BOARD_WIDTH * BOARD_HEIGHT,
            max_size=BOARD_WIDTH * BOARD_HEIGHT,
        )
    )
    squares[draw(st.integers(0, len(squares) - 1))] = "S"  # at least one start symbol
    rows = ["".join(squares[r * BOARD_WIDTH : (r + 1) * BOARD_WIDTH]) for r in range(BOARD_HEIGHT)]
    return {"id": board_id, "rows": rows, **draw(_sourced())}


@st.composite
def _track_document(draw: st.DrawFn, min_size: int) -> dict[str, JSON]:
    values = draw(tracks(min_size, min_size + 3))
    return {"values": list(values), **draw(_sourced())}


@st.composite
def _metropolis_board(draw: st.DrawFn, board_id: str, gods: Sequence[str]) -> dict[str, JSON]:
    board: dict[str, JSON] = {
        "id": board_id,
        "shops": [draw(_catalogue_shop(gods)) for _ in range(CATALOGUE_BOARD_SHOPS)],
        "wheat_track": draw(_track_document(1)),
        "statue_scale": draw(_track_document(len(gods) + 1)),
        **draw(_sourced()),
    }
    if draw(st.booleans()):
        board["spots"] = SPOTS
    return board


@st.composite
def _district(draw: st.DrawFn, district_id: str, gods: Sequence[str]) -> dict[str, JSON]:
    count = draw(st.integers(1, 3))
    return {
        "id": district_id,
        "cost": draw(st.integers(0, 2)),
        "shops": [draw(_catalogue_shop(gods)) for _ in range(count)],
        **draw(_sourced()),
    }


@st.composite
def _catalogue_documents(draw: st.DrawFn) -> dict[str, JSON]:
    gods = draw(god_names(1, 5))
    prefix = draw(st.sampled_from(["", "x", "Z-"]))
    monument_types = draw(st.permutations([m.value for m in MonumentType]))
    start = draw(st.permutations([r.key for r in RESOURCES]))
    first = draw(st.integers(0, 30))
    document: dict[str, JSON] = {
        "format": "fertility-rules/catalogue/1",
        "name": draw(player_names()),
        "stock": {"per_resource": draw(st.integers(1, 30)), **draw(_sourced())},
        "monuments": {
            "types": list(monument_types),
            "per_type": 4,
            "first": first,
            "second": draw(st.integers(0, first)),
            **draw(_sourced()),
        },
        "gods": {"names": list(gods), **draw(_sourced())},
        "start_tile": {"scenes": [list(start[:2]), list(start[2:])], **draw(_sourced())},
        "valley_boards": [
            draw(_valley_board(f"{prefix}B{i}")) for i in range(CATALOGUE_VALLEY_BOARDS)
        ],
        "valley_tiles": [
            {
                "id": f"{prefix}V{i:02}",
                "scenes": [draw(resources()).key, draw(resources()).key],
                "provenance": draw(_provenances()),
            }
            for i in range(1, CATALOGUE_VALLEY_TILES + 1)
        ],
        "metropolis_boards": [
            draw(_metropolis_board(f"{prefix}M{i}", gods))
            for i in range(1, CATALOGUE_METROPOLIS_BOARDS + 1)
        ],
        "districts": [
            draw(_district(f"{prefix}D{i:02}", gods)) for i in range(1, CATALOGUE_DISTRICTS + 1)
        ],
    }
    if draw(st.booleans()):
        document["title"] = draw(st.text(max_size=20))
    if draw(st.booleans()):
        document["note"] = draw(st.text(max_size=20))
    return document


def catalogue_documents() -> st.SearchStrategy[dict[str, JSON]]:
    """A JSON-like catalogue document that :func:`~fertility_rules.read_catalogue` accepts.

    Exactly 4 Valley boards of 8 rows of 4 square codes with at least one start symbol
    (R-1.4, R-2.1), 50 Valley tiles (R-2.2), 4 Metropolis boards with 4 starting Shops,
    7 spots and non-decreasing tracks, the Statues scale long enough for the gods
    (R-1.7, R-5.3), 40 Districts costing 0 to 2 with 1 to 3 Shops (R-1.5), the four
    Monument types with 4 pawns each (R-1.8), a 2 x 2 starting tile showing the four
    scenes (I-14), unique ids, and a provenance on every item.
    """
    return _catalogue_documents()


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
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    return type(value).__name__


def _paths(value: JSON, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every path below the root of a JSON-like value, depth first."""
    found: list[tuple[str | int, ...]] = []
    children: list[tuple[str | int, JSON]] = []
    if isinstance(value, dict):
        children = list(value.items())
    elif isinstance(value, list):
        children = list(enumerate(value))
    for key, child in children:
        found.append((*path, key))
        found.extend(_paths(child, (*path, key)))
    return found


def _get(document: JSON, path: Sequence[str | int]) -> JSON:
    for key in path:
        document = document[key]
    return document


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
    paths = [p for p in _paths(document) if _required(p)]
    path = draw(st.sampled_from(paths))
    del _get(document, path[:-1])[path[-1]]
    return document


def _wrong_type(draw: st.DrawFn, document: dict[str, JSON]) -> dict[str, JSON]:
    path = draw(st.sampled_from(_paths(document)))
    old = _get(document, path)
    new = draw(json_values(4).filter(lambda v: _json_type(v) != _json_type(old)))
    _get(document, path[:-1])[path[-1]] = new
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
        extra = [*filler, draw(resources()).key]
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
