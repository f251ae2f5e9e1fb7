"""Metropolis boards and a player's Metropolis in play (R-1.7, R-1.2, R-3.4, R-3.5)."""

from __future__ import annotations

import functools
from collections.abc import Callable

from attrs import field, frozen

from fertility_rules.arguments import typed_fields
from fertility_rules.errors import MalformedInputError
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.resources import NO_TOKENS, Counts
from fertility_rules.fertility.model.shop import Shop, ShopState
from fertility_rules.i18n.message import _
from fertility_rules.shared.provenance import Provenance
from fertility_rules.shared.values import replacer

__all__ = [
    "MAX_MONUMENTS",
    "MAX_SHOPS",
    "SPOTS",
    "Metropolis",
    "MetropolisBoard",
    "Track",
    "evolve_metropolis",
]

SPOTS = 7
"""District spots on a Metropolis board (R-1.7)."""
MAX_MONUMENTS = 4
"""Monument pawns per player (R-1.8)."""
MAX_SHOPS = 4 + 3 * SPOTS
"""Shops of a Metropolis at most: 4 starting Shops and 7 Districts of 3 (R-1.7, R-1.5)."""


def _is_track(value: tuple[int, ...]) -> bool:
    return bool(value) and not any(v < 0 for v in value) and list(value) == sorted(value)


_is_known_track = functools.lru_cache(maxsize=256)(_is_track)
"""Cached: every Metropolis of a game shares a handful of tracks."""


def _check_track(_instance: object, attribute: object, value: tuple[int, ...]) -> None:
    name = getattr(attribute, "name", "track")
    if not (_is_known_track(value) if type(value) is tuple else _is_track(value)):
        raise MalformedInputError.single(
            name,
            _("A track is a non-empty, non-decreasing list of non-negative Debens."),
            "R-1.7",
        )


@frozen(field_transformer=typed_fields)
class Track:
    """A printed scoring track with where it comes from."""

    values: tuple[int, ...] = field(validator=_check_track)
    provenance: Provenance | None = None
    note: str = field(default="", eq=False)


def _check_board_shops(_instance: object, _attribute: object, value: tuple[Shop, ...]) -> None:
    if len(value) != 4:
        raise MalformedInputError.single(
            "shops",
            _("A Metropolis board has 4 starting Shops, not {n}.", n=len(value)),
            "R-1.7",
        )


def _check_board_spots(_instance: object, _attribute: object, value: int) -> None:
    if value != SPOTS:
        raise MalformedInputError.single(
            "spots",
            _("A Metropolis has {max} District spots, not {n}.", max=SPOTS, n=value),
            "R-1.7",
        )


@frozen(cache_hash=True, field_transformer=typed_fields)
class MetropolisBoard:
    """A printed Metropolis board: 4 starting Shops, 7 spots, two tracks (R-1.7)."""

    id: str
    shops: tuple[Shop, ...] = field(validator=_check_board_shops)
    wheat_track: Track
    statue_scale: Track
    spots: int = field(default=SPOTS, validator=_check_board_spots)
    provenance: Provenance | None = None
    note: str = field(default="", eq=False)

    def empty_metropolis(self) -> Metropolis:
        """The board at setup: no District, no token, Wheat on 0 (R-2.4)."""
        return _empty_metropolis(self)


@functools.lru_cache(maxsize=64)
def _empty_metropolis(board: MetropolisBoard) -> Metropolis:
    """Cached: a value, the same for every game played with ``board``."""
    return Metropolis(
        shops=tuple(ShopState(shop) for shop in board.shops),
        wheat_track=board.wheat_track.values,
        statue_scale=board.statue_scale.values,
        spots=(None,) * board.spots,
        board_id=board.id,
    )


def _check_wheat(instance: Metropolis, _attribute: object, value: int) -> None:
    top = len(instance.wheat_track) - 1
    if not 0 <= value <= top:
        raise MalformedInputError.single(
            "wheat",
            _("Wheat {n} is off the Wheat Storehouse track (0 to {top}).", n=value, top=top),
            "R-1.2",
        )


def _check_monuments(_instance: object, _attribute: object, value: int) -> None:
    if not 0 <= value <= MAX_MONUMENTS:
        raise MalformedInputError.single(
            "monuments",
            _("A player has 0 to {max} Monuments, not {n}.", max=MAX_MONUMENTS, n=value),
            "R-1.8",
        )


def _check_spots(_instance: object, _attribute: object, value: tuple[District | None, ...]) -> None:
    if len(value) > SPOTS:
        raise MalformedInputError.single(
            "districts",
            _("A Metropolis has {max} District spots, not {n}.", max=SPOTS, n=len(value)),
            "R-1.7",
        )


def _check_shop_count(_instance: object, _attribute: object, value: tuple[ShopState, ...]) -> None:
    if len(value) > MAX_SHOPS:
        raise MalformedInputError.single(
            "shops",
            _("A Metropolis holds at most {max} Shops, not {n}.", max=MAX_SHOPS, n=len(value)),
            "R-1.7",
        )


@frozen(field_transformer=typed_fields)
class Metropolis:
    """A player's Metropolis in play: Shops with their tokens, Wheat, Monuments built.

    ``shops`` lists the board's starting Shops, then the Shops of each District in
    the order they were built; a Shop is addressed by its index in this tuple.
    """

    shops: tuple[ShopState, ...] = field(validator=_check_shop_count)
    wheat_track: tuple[int, ...] = field(validator=_check_track)
    statue_scale: tuple[int, ...] = field(validator=_check_track)
    wheat: int = field(default=0, validator=_check_wheat)
    monuments: int = field(default=0, validator=_check_monuments)
    spots: tuple[District | None, ...] = field(default=(None,) * SPOTS, validator=_check_spots)
    board_id: str | None = None

    @property
    def districts(self) -> tuple[District, ...]:
        """Built Districts, in spot order."""
        return tuple(d for d in self.spots if d is not None)

    @property
    def wheat_top(self) -> int:
        return len(self.wheat_track) - 1

    def token_counts(self) -> Counts:
        """Tokens on all Shops of the Metropolis, per resource."""
        a = b = c = d = 0
        for state in self.shops:
            ta, tb, tc, td = state.tokens
            a += ta
            b += tb
            c += tc
            d += td
        return (a, b, c, d) if self.shops else NO_TOKENS

    def token_total(self) -> int:
        """Tokens on the Metropolis board, the first tie-break (R-4.3)."""
        return sum(self.token_counts())


evolve_metropolis: Callable[..., Metropolis] = replacer(Metropolis, checked=False)
"""A copy of a Metropolis with some fields changed, not validated again: only for the
engine's transitions, which keep a valid Metropolis valid (R-1.2, R-1.7, R-1.8)."""
