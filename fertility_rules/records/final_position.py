"""Final-position files: a finished table to score (format ``fertility-rules/final-position/1``)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fertility_rules._reading import Reader, join, read_document
from fertility_rules.catalogue.catalogue import Catalogue
from fertility_rules.catalogue.loader import default_catalogue
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry
from fertility_rules.effects.serialization import check_gods, dump_shop, read_shop, shop_keys
from fertility_rules.errors import FertilityError, MalformedInputError, Problem
from fertility_rules.i18n.message import _
from fertility_rules.model.metropolis import MAX_MONUMENTS, Metropolis
from fertility_rules.model.position import FinalPosition, PlayerPosition
from fertility_rules.model.resources import NO_TOKENS, Counts, add_token, tokens_of
from fertility_rules.model.shop import Shop, ShopState, icons_text

__all__ = [
    "FINAL_POSITION_FORMAT",
    "dump_final_position",
    "load_final_position",
    "read_final_position",
]

FINAL_POSITION_FORMAT = "fertility-rules/final-position/1"

_PLAYER_KEYS = ("name", "wheat", "monuments", "wheat_track", "statue_scale", "shops")


def _track(
    reader: Reader, data: Mapping[str, Any], key: str, path: str, default: tuple[int, ...]
) -> tuple[int, ...] | None:
    return default if key not in data else reader.track(data[key], join(path, key))


def _tokens(reader: Reader, value: object, path: str, shop: Shop | None) -> Counts | None:
    counts: Counts | None = NO_TOKENS
    for token_path, item in reader.items(value, path):
        resource = reader.resource(item, token_path)
        if resource is None or counts is None:
            counts = None
            continue
        if shop is not None and not shop.accepts(counts, resource):
            reader.problem(
                token_path,
                _(
                    "a Shop requiring {icons} cannot take this {resource} "
                    "(it already holds {held})",
                    icons=icons_text(shop.requires),
                    resource=resource.label,
                    held=", ".join(r.key for r in tokens_of(counts)) or "-",
                ),
                "R-1.6",
            )
            counts = None
            continue
        counts = add_token(counts, resource)
    return counts


def _shop_state(
    reader: Reader,
    item: object,
    path: str,
    catalogue: Catalogue,
    registry: EffectRegistry,
    gods: tuple[str, ...] | None,
) -> ShopState | None:
    data = reader.obj(item, path)
    if data is None:
        return None
    shop: Shop | None
    if "shop" in data:
        reader.only(data, ["shop", "tokens"], path)
        shop_id = reader.string(data["shop"], join(path, "shop"))
        shop = None
        if shop_id is not None:
            try:
                shop = catalogue.shop(shop_id)
                if not check_gods(reader, shop.benefit, join(path, "shop"), registry, gods):
                    shop = None
            except FertilityError as error:
                reader.problem(join(path, "shop"), error.message)
                shop = None
    else:
        reader.only(data, [*shop_keys(False), "tokens"], path)
        shop = read_shop(reader, data, path, registry, gods)
    tokens = _tokens(reader, data.get("tokens", []), join(path, "tokens"), shop)
    if shop is None or tokens is None:
        return None
    return ShopState(shop, tokens)


def _player(
    reader: Reader,
    item: object,
    path: str,
    catalogue: Catalogue,
    registry: EffectRegistry,
    gods: tuple[str, ...] | None,
) -> PlayerPosition | None:
    data = reader.obj(item, path)
    if data is None:
        return None
    reader.only(data, _PLAYER_KEYS, path)
    name = reader.string(reader.field(data, "name", path), join(path, "name"))
    wheat_track = _track(reader, data, "wheat_track", path, catalogue.wheat_track.values)
    statue_scale = _track(reader, data, "statue_scale", path, catalogue.statue_scale.values)
    if statue_scale is not None and gods is not None and len(statue_scale) < len(gods) + 1:
        reader.problem(
            join(path, "statue_scale"),
            _("the Statues scale needs a value for 0 to {n} different Statues", n=len(gods)),
            "R-5.3",
        )
        statue_scale = None
    top = None if wheat_track is None else len(wheat_track) - 1
    wheat = reader.integer(reader.field(data, "wheat", path), join(path, "wheat"), 0, top, "R-1.2")
    monuments = reader.integer(
        reader.field(data, "monuments", path), join(path, "monuments"), 0, MAX_MONUMENTS, "R-1.8"
    )
    shops_path = join(path, "shops")
    items = reader.items(reader.field(data, "shops", path), shops_path)
    states = [_shop_state(reader, s, p, catalogue, registry, gods) for p, s in items]
    if (
        name is None
        or wheat is None
        or monuments is None
        or wheat_track is None
        or statue_scale is None
        or any(s is None for s in states)
    ):
        return None
    metropolis = Metropolis(
        shops=tuple(s for s in states if s is not None),
        wheat_track=wheat_track,
        statue_scale=statue_scale,
        wheat=wheat,
        monuments=monuments,
    )
    return PlayerPosition(name, metropolis)


def read_final_position(
    data: object,
    source: str | None = None,
    catalogue: Catalogue | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
) -> FinalPosition:
    """Validate JSON-like ``data`` into a :class:`FinalPosition`; every problem is reported."""
    catalogue = catalogue or default_catalogue()
    reader = Reader(source)
    root = reader.document(
        data, FINAL_POSITION_FORMAT, ["format", "gods", "monument_scores", "players"]
    )
    gods: tuple[str, ...] | None = catalogue.gods
    if "gods" in root:
        names = [reader.string(v, p) for p, v in reader.items(root["gods"], "$.gods")]
        gods = tuple(n for n in names if n is not None) if None not in names else None
        if gods is not None and (not gods or len(set(gods)) != len(gods)):
            reader.problem("$.gods", _("the gods are a non-empty list of different names"), "R-5.3")
            gods = None
    first, second = catalogue.monuments.first, catalogue.monuments.second
    if "monument_scores" in root:
        scores = reader.obj(root["monument_scores"], "$.monument_scores")
        if scores is not None:
            reader.only(scores, ["first", "second"], "$.monument_scores")
            first = reader.integer(scores.get("first", first), "$.monument_scores.first", 0) or 0
            second = (
                reader.integer(scores.get("second", second), "$.monument_scores.second", 0) or 0
            )
            if second > first:
                reader.problem(
                    "$.monument_scores.second",
                    _("second place cannot score more than first"),
                    "R-5.4",
                )
    items = reader.items(reader.field(root, "players", "$"), "$.players")
    if "players" in root and isinstance(root["players"], list) and not items:
        reader.problem("$.players", _("a table has at least one player"))
    players = [_player(reader, item, p, catalogue, registry, gods) for p, item in items]
    names_seen: set[str] = set()
    for (p, _item), player in zip(items, players, strict=True):
        if player is not None:
            if player.name in names_seen:
                reader.problem(
                    join(p, "name"), _("two players are named {name!r}", name=player.name)
                )
            names_seen.add(player.name)
    reader.raise_if_problems()
    if gods is None:  # pragma: no cover - reported above
        raise MalformedInputError([Problem("$.gods", _("invalid gods"))], source)
    return FinalPosition(
        players=tuple(p for p in players if p is not None),
        gods=gods,
        monument_first=first,
        monument_second=second,
    )


def load_final_position(
    path: str | Path,
    catalogue: Catalogue | None = None,
    registry: EffectRegistry = DEFAULT_REGISTRY,
) -> FinalPosition:
    """Read and validate a final-position JSON file."""
    return read_final_position(read_document(path), str(path), catalogue, registry)


def dump_final_position(
    position: FinalPosition, registry: EffectRegistry = DEFAULT_REGISTRY
) -> dict[str, Any]:
    """The JSON-like form read back by :func:`read_final_position`."""
    return {
        "format": FINAL_POSITION_FORMAT,
        "gods": list(position.gods),
        "monument_scores": {"first": position.monument_first, "second": position.monument_second},
        "players": [
            {
                "name": player.name,
                "wheat": player.metropolis.wheat,
                "monuments": player.metropolis.monuments,
                "wheat_track": list(player.metropolis.wheat_track),
                "statue_scale": list(player.metropolis.statue_scale),
                "shops": [
                    {
                        **dump_shop(state.shop, registry),
                        "tokens": [r.key for r in tokens_of(state.tokens)],
                    }
                    for state in player.metropolis.shops
                ],
            }
            for player in position.players
        ],
    }
