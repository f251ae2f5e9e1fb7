"""Small builders shared by the core tests: final-position documents and Metropolises."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from fertility_rules import default_catalogue
from fertility_rules.fertility.model import Metropolis, Shop, ShopState
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.model.resources import Counts

FORMAT = "fertility-rules/final-position/1"

RULEBOOK_WHEAT_TRACK = (0, 2, 4, 7, 10, 14, 18, 23, 28, 34, 40)
"""COMPONENTS.md, inferred: steps 2,2,3,3,4,4,5,5,6,6 from 0 (7 Wheat -> 23, top 40)."""

STAGE_KEYS = ("generic", "specialized", "statues", "monuments", "wheat")


def shop_doc(
    requires: Sequence[str], benefit: dict[str, Any], tokens: Sequence[str] = ()
) -> dict[str, Any]:
    """An inline Shop of a final-position document."""
    return {"requires": list(requires), "benefit": benefit, "tokens": list(tokens)}


def generic(debens: int) -> dict[str, Any]:
    return {"kind": "generic", "debens": debens}


def player_doc(
    name: str,
    shops: Sequence[dict[str, Any]] = (),
    wheat: int = 0,
    monuments: int = 0,
    **extra: Any,
) -> dict[str, Any]:
    return {"name": name, "wheat": wheat, "monuments": monuments, "shops": list(shops), **extra}


def position_doc(players: Sequence[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {"format": FORMAT, "players": list(players), **extra}


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def metropolis(
    shops: Sequence[ShopState] = (),
    wheat: int = 0,
    monuments: int = 0,
    wheat_track: Sequence[int] | None = None,
    statue_scale: Sequence[int] | None = None,
) -> Metropolis:
    """A Metropolis with the default catalogue's tracks unless others are given."""
    catalogue = default_catalogue()
    return Metropolis(
        shops=tuple(shops),
        wheat_track=tuple(wheat_track or catalogue.wheat_track.values),
        statue_scale=tuple(statue_scale or catalogue.statue_scale.values),
        wheat=wheat,
        monuments=monuments,
    )


def full(shop: Shop, any_as: int = 1) -> ShopState:
    """The Shop fully supplied: its specific icons, and ``any`` icons with resource ``any_as``."""
    counts = list(shop.need)
    counts[any_as] += shop.any_icons
    tokens: Counts = (counts[0], counts[1], counts[2], counts[3])
    return ShopState(shop, tokens)


def table(*players: tuple[str, Metropolis], gods: Sequence[str] | None = None) -> FinalPosition:
    return FinalPosition(
        players=tuple(PlayerPosition(name, m) for name, m in players),
        gods=tuple(gods if gods is not None else default_catalogue().gods),
    )
