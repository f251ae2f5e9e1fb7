"""The search's measure of a position where its playouts stop: the look-ahead's turn
value, calibrated on played games.

:func:`~fertility_rules.fertility.agents.lookahead.turn_end_value` scores a Metropolis as if the
game ended now, plus the Shops likely to be supplied. Played games show where that estimate of
the final Debens goes wrong: a Monument counts for its majority now (R-5.4), though the others
build theirs later, and Wheat and the tokens on Shops are worth more while turns remain.
:data:`CALIBRATION` corrects it by the turns the seat has left, with weights fitted by least
squares on games of the look-ahead agent in every seat (``tests/benchmarks/horizon.py``, which
also measures how much better the corrected value orders the final totals).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.fertility.agents.lookahead import (
    TURNS,
    LookaheadAgent,
    Plans,
    _Scorer,
    _seat,
    _worth,
    turn_end_value,
)
from fertility_rules.fertility.state import GameState, PlayerState
from fertility_rules.i18n.message import _, ngettext
from fertility_rules.shared.package_data import package_toml

__all__ = [
    "CALIBRATION",
    "CALIBRATION_FILE",
    "FEATURES",
    "CalibratedLookaheadAgent",
    "calibration_from_data",
    "features",
    "horizon_value",
]

FEATURES = ("monuments", "wheat", "tokens")
"""What the correction reads of a player, in order: Monuments built, Wheat held, tokens
on its Shops."""

CALIBRATION_FILE = "data/horizon.toml"
"""The calibration's file in this package, written from ``tests/benchmarks/horizon.py``."""


@checked_arguments
def calibration_from_data(
    data: Mapping[str, Any], source: str = "horizon.toml"
) -> Mapping[int, tuple[tuple[float, ...], ...]]:
    """The tables of the parsed calibration file ``data``, checked: its features are
    :data:`FEATURES`, each table is for 2 to 4 players and has one row per number of turns
    left (0 to 9), each row the constant then one finite weight per feature. A library
    error lists every problem with its path."""
    problems: list[Problem] = []
    if data.get("features") != list(FEATURES):
        problems.append(
            Problem(
                "$.features",
                _(
                    "the features are {found}, where this version reads {expected}",
                    found=repr(data.get("features"))[:80],
                    expected=", ".join(FEATURES),
                ),
            )
        )
    tables = data.get("players")
    if not isinstance(tables, dict):
        tables = {}
        problems.append(Problem("$.players", _("a table per number of players is needed")))
    out: dict[int, tuple[tuple[float, ...], ...]] = {}
    for key, table in tables.items():
        path = f"$.players.{str(key)[:20]}"
        if key not in ("2", "3", "4"):
            problems.append(
                Problem(
                    path,
                    _(
                        "a number of players from 2 to 4 is needed, not {value}",
                        value=repr(key)[:20],
                    ),
                )
            )
            continue
        rows = table.get("rows") if isinstance(table, dict) else None
        if not isinstance(rows, list) or len(rows) != TURNS + 1:
            problems.append(
                Problem(
                    f"{path}.rows",
                    _("one row per number of turns left, 0 to {last}, is needed", last=TURNS),
                )
            )
            continue
        checked = [_row(row, f"{path}.rows[{i}]", problems) for i, row in enumerate(rows)]
        out[int(key)] = tuple(row for row in checked if row is not None)
    if problems:
        raise MalformedInputError(problems, source)
    return MappingProxyType(out)


def _row(row: object, path: str, problems: list[Problem]) -> tuple[float, ...] | None:
    size = len(FEATURES) + 1
    if not isinstance(row, list) or len(row) != size:
        problems.append(
            Problem(
                path,
                ngettext(
                    "a row is the constant then one weight per feature: {n} number",
                    "a row is the constant then one weight per feature: {n} numbers",
                    size,
                ),
            )
        )
        return None
    for index, value in enumerate(row):
        if type(value) not in (int, float) or not math.isfinite(value):
            problems.append(
                Problem(
                    f"{path}[{index}]",
                    _("a finite number is needed, not {value}", value=repr(value)[:20]),
                )
            )
            return None
    return tuple(float(value) for value in row)


CALIBRATION: Mapping[int, tuple[tuple[float, ...], ...]] = calibration_from_data(
    package_toml(__package__, CALIBRATION_FILE),
    CALIBRATION_FILE,
)
"""Per number of players, for each number of turns left (0 to 9), the constant then one
weight per feature of :data:`FEATURES` added to the turn value, from :data:`CALIBRATION_FILE`.
A player count without a table would keep the turn value as it is."""


@checked_arguments
def features(player: PlayerState) -> tuple[int, int, int]:
    """The values of :data:`FEATURES` for ``player``."""
    return _features(player)


def _features(player: PlayerState) -> tuple[int, int, int]:
    metropolis = player.metropolis
    return metropolis.monuments, metropolis.wheat, metropolis.token_total()


def horizon_value(state: GameState, player: int, scorer: _Scorer | None = None) -> float:
    """Estimated final Debens of ``player``: the turn value, corrected by
    :data:`CALIBRATION` for the turns the player has left (a
    :data:`~fertility_rules.fertility.agents.lookahead.TurnValue`; ``scorer`` as for
    :func:`~fertility_rules.fertility.agents.lookahead.turn_end_value`, which checks the arguments:
    this runs at every line a search judges)."""
    value = turn_end_value(state, player, scorer)
    table = CALIBRATION.get(len(state.seats))
    me = _seat(state, player)
    left = TURNS - me.turns - (1 if state.seats[player] is None else 0)
    if table is None or not 0 <= left < len(table):
        return value
    const, per_monument, per_wheat, per_token = table[left]
    metropolis = me.metropolis
    worth = _worth(metropolis, state.config) if scorer is None else scorer.worth(metropolis)
    monuments, wheat, tokens = metropolis.monuments, metropolis.wheat, worth.tokens
    return value + const + (per_monument * monuments + per_wheat * wheat + per_token * tokens)


class CalibratedLookaheadAgent(LookaheadAgent):
    """The ``calibrated`` agent: the look-ahead judging its lines by :func:`horizon_value`,
    which wins more than the plain look-ahead at every player count."""

    name = "calibrated"

    def __init__(self, seed: int | None = None, plans: Plans | None = None) -> None:
        super().__init__(seed, value=horizon_value, plans=plans)
