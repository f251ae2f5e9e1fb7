"""The final-scoring pipeline: the five stages in rulebook order, then the ranking (R-5, R-4.3)."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, TypeAlias

from fertility_rules.effects.base import Award, EffectKind, ShopContext, Stage, StatueAward, Timing
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry, describe_shop
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.message import Message, _
from fertility_rules.model.metropolis import Metropolis
from fertility_rules.model.position import FinalPosition, PlayerPosition
from fertility_rules.model.resources import Counts
from fertility_rules.model.shop import Shop
from fertility_rules.scoring.sheet import ScoreLine, ScoreReport, ScoreSheet
from fertility_rules.scoring.stages import (
    monument_debens,
    monument_lines,
    statue_debens,
    statue_line,
    wheat_line,
)

__all__ = ["STAGES", "StageTotals", "rank", "score_position", "score_totals"]

STAGES: tuple[Stage, ...] = tuple(Stage)
"""The stages in the order the rulebook scores them (R-5)."""

StageTotals: TypeAlias = tuple[int, int, int, int, int]
"""Debens of each stage, in :data:`STAGES` order."""


_FinalKind: TypeAlias = tuple[EffectKind, Stage, Callable[[Any, ShopContext], Award]]


class _FinalShops(dict[Shop, "_FinalKind | None"]):
    """The final kind of each Shop met, for one registry; filled on first lookup.

    A dictionary with ``__missing__`` rather than ``functools.lru_cache``: scoring looks
    up every Shop of every Metropolis, and a plain item lookup keyed by the (hash-caching)
    Shop is the cheapest lookup CPython offers. Bounded: emptied when it grows past
    :data:`_SHOPS_KEPT`, so that callers inventing Shops cannot grow it without end.
    """

    def __init__(self, registry: EffectRegistry) -> None:
        super().__init__()
        self.registry = registry

    def __missing__(self, shop: Shop) -> _FinalKind | None:
        if len(self) >= _SHOPS_KEPT:
            self.clear()
        kind = self.registry.of(shop.benefit)
        found = None
        if kind.timing is Timing.FINAL and kind.score is not None and kind.stage is not None:
            found = (kind, kind.stage, kind.score)
        self[shop] = found
        return found


_SHOPS_KEPT = 4096
_REGISTRIES_KEPT = 16
_final_shops_of: dict[EffectRegistry, _FinalShops] = {}


def _final_shops(registry: EffectRegistry) -> _FinalShops:
    """The final kinds of Shops under ``registry`` (at most a few registries are kept)."""
    found = _final_shops_of.get(registry)
    if found is None:
        if len(_final_shops_of) >= _REGISTRIES_KEPT:
            _final_shops_of.clear()
        found = _final_shops_of[registry] = _FinalShops(registry)
    return found


def _final_kind(shop: Shop, registry: EffectRegistry) -> _FinalKind | None:
    """The kind, stage and score of a Shop scored at the end, else ``None`` (cached)."""
    return _final_shops(registry)[shop]


@functools.lru_cache(maxsize=4096)
def _shop_label(index: int, shop: Shop, registry: EffectRegistry) -> Message:
    return _("Shop {index} ({shop})", index=index + 1, shop=describe_shop(shop, registry))


@functools.lru_cache(maxsize=8192)
def _not_supplied(
    player: str, index: int, shop: Shop, registry: EffectRegistry, stage: Stage, rule: str
) -> ScoreLine:
    """The 0-Deben line of a Shop not fully supplied (cached: it depends on these only)."""
    label = _shop_label(index, shop, registry)
    reason = _("{shop}: not fully supplied, {amount}", shop=label, amount=debens(0))
    return ScoreLine(player, stage, 0, rule, reason, index)


def _shop_lines(
    player: str, metropolis: Metropolis, registry: EffectRegistry
) -> tuple[list[ScoreLine], list[StatueAward]]:
    """Lines for every final Shop (0 when partly supplied) and the Statues it gives."""
    lines: list[ScoreLine] = []
    statues: list[StatueAward] = []
    final_kinds = _final_shops(registry)
    totals: Counts | None = None
    for index, state in enumerate(metropolis.shops):
        shop = state.shop
        found = final_kinds[shop]
        if found is None:
            continue
        kind, stage, score = found
        if sum(state.tokens) != shop.size:  # not fully supplied
            lines.append(_not_supplied(player, index, shop, registry, stage, kind.rule))
            continue
        if totals is None:
            totals = metropolis.token_counts()
        award = score(shop.benefit, ShopContext(metropolis, index, totals))
        if isinstance(award, StatueAward):
            statues.append(award)
            continue
        reason = _("{shop}: {why}", shop=_shop_label(index, shop, registry), why=award.reason)
        lines.append(ScoreLine(player, stage, award.debens, kind.rule, reason, index))
    return lines, statues


def _player_lines(
    player: PlayerPosition, gods: tuple[str, ...], registry: EffectRegistry
) -> list[ScoreLine]:
    metropolis = player.metropolis
    lines, statues = _shop_lines(player.name, metropolis, registry)
    if statues:
        lines.append(statue_line(player.name, statues, gods, metropolis.statue_scale))
    else:
        lines.append(_no_statue_line(player.name, gods, metropolis.statue_scale))
    lines.append(_wheat_line(player.name, metropolis.wheat, metropolis.wheat_track))
    return lines


@functools.lru_cache(maxsize=1024)
def _no_statue_line(player: str, gods: tuple[str, ...], scale: tuple[int, ...]) -> ScoreLine:
    """The Statues line of a player with no Statue (cached: it depends on these only)."""
    return statue_line(player, (), gods, scale)


_wheat_line = functools.lru_cache(maxsize=1024)(wheat_line)
"""The Wheat line (cached: it depends on the player, the marker and the track only)."""


def _stage_totals(lines: list[ScoreLine]) -> tuple[int, int, int, int, int]:
    totals = [0, 0, 0, 0, 0]
    for line in lines:
        totals[line.stage - 1] += line.debens
    return (totals[0], totals[1], totals[2], totals[3], totals[4])


def _ranks(keys: list[tuple[int, int]]) -> list[int]:
    """1 + how many keys are better: equal keys share a rank (R-4.3)."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def rank(sheets: tuple[ScoreSheet, ...]) -> tuple[tuple[ScoreSheet, ...], tuple[str, ...]]:
    """Ranks by total, then fewest tokens on the Metropolis; ties share (R-4.3)."""
    keys = [(sheet.total, -sheet.tokens_on_metropolis) for sheet in sheets]
    ranked = tuple(
        ScoreSheet(sheet.player, sheet.lines, sheet.stage_totals, sheet.tokens_on_metropolis, place)
        for sheet, place in zip(sheets, _ranks(keys), strict=True)
    )
    winners = tuple(sheet.player for sheet in ranked if sheet.rank == 1)
    return ranked, winners


_by_stage = operator.attrgetter("stage")


def score_position(
    position: FinalPosition, registry: EffectRegistry = DEFAULT_REGISTRY
) -> ScoreReport:
    """Score every player through the five stages in order and rank them."""
    monuments = {line.player: line for line in monument_lines(position)}
    rows = []
    for player in position.players:
        lines = _player_lines(player, position.gods, registry)
        lines.append(monuments[player.name])
        stage_totals = _stage_totals(lines)
        tokens = player.metropolis.token_total()
        rows.append((player.name, tuple(sorted(lines, key=_by_stage)), stage_totals, tokens))
    places = _ranks([(sum(row[2]), -row[3]) for row in rows])
    sheets = tuple(
        ScoreSheet(name, ordered, stage_totals, tokens, place)
        for (name, ordered, stage_totals, tokens), place in zip(rows, places, strict=True)
    )
    return ScoreReport(sheets, tuple(sheet.player for sheet in sheets if sheet.rank == 1))


def score_totals(
    position: FinalPosition, registry: EffectRegistry = DEFAULT_REGISTRY
) -> tuple[StageTotals, ...]:
    """Each player's stage totals, in turn order, without the explanations.

    Always equal to the ``stage_totals`` of :func:`score_position`'s sheets; meant for
    simulations and searches that score many positions and read no score sheet.
    """
    _counts, monument_values = monument_debens(position)
    final_kinds = _final_shops(registry)
    gods = position.gods
    out: list[StageTotals] = []
    for player in position.players:
        metropolis = player.metropolis
        totals = [0, 0, 0, 0, 0]
        statues: list[StatueAward] = []
        tokens: Counts | None = None
        for index, state in enumerate(metropolis.shops):
            shop = state.shop
            found = final_kinds[shop]
            if found is None or sum(state.tokens) != shop.size:  # not fully supplied
                continue
            kind, stage, score = found
            if tokens is None:
                tokens = metropolis.token_counts()
            context = ShopContext(metropolis, index, tokens)
            if kind.points is not None:
                totals[stage - 1] += kind.points(shop.benefit, context)
                continue
            award = score(shop.benefit, context)
            if isinstance(award, StatueAward):
                statues.append(award)
            else:
                totals[stage - 1] += award.debens
        scale = metropolis.statue_scale
        # No Statue: no different god, the first square of the scale.
        totals[Stage.STATUES - 1] += statue_debens(statues, gods, scale)[3] if statues else scale[0]
        totals[Stage.MONUMENTS - 1] += monument_values.get(metropolis.monuments, 0)
        totals[Stage.WHEAT - 1] += metropolis.wheat_track[metropolis.wheat]
        out.append((totals[0], totals[1], totals[2], totals[3], totals[4]))
    return tuple(out)
