"""The final-scoring pipeline: the five stages in rulebook order, then the ranking (R-5, R-4.3)."""

from __future__ import annotations

from attrs import evolve

from fertility_rules.effects.base import ShopContext, Stage, StatueAward, Timing
from fertility_rules.effects.registry import DEFAULT_REGISTRY, EffectRegistry, describe_shop
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.message import _
from fertility_rules.model.metropolis import Metropolis
from fertility_rules.model.position import FinalPosition, PlayerPosition
from fertility_rules.scoring.sheet import ScoreLine, ScoreReport, ScoreSheet
from fertility_rules.scoring.stages import monument_lines, statue_line, wheat_line

__all__ = ["STAGES", "rank", "score_position"]

STAGES: tuple[Stage, ...] = tuple(Stage)
"""The stages in the order the rulebook scores them (R-5)."""


def _shop_lines(
    player: str, metropolis: Metropolis, registry: EffectRegistry
) -> tuple[list[ScoreLine], list[StatueAward]]:
    """Lines for every final Shop (0 when partly supplied) and the Statues it gives."""
    lines: list[ScoreLine] = []
    statues: list[StatueAward] = []
    totals = metropolis.token_counts()
    for index, state in enumerate(metropolis.shops):
        kind = registry.of(state.shop.benefit)
        if kind.timing is not Timing.FINAL or kind.score is None or kind.stage is None:
            continue
        label = _(
            "Shop {index} ({shop})", index=index + 1, shop=describe_shop(state.shop, registry)
        )
        if not state.is_full:
            reason = _("{shop}: not fully supplied, {amount}", shop=label, amount=debens(0))
            lines.append(ScoreLine(player, kind.stage, 0, kind.rule, reason, index))
            continue
        award = kind.score(state.shop.benefit, ShopContext(metropolis, index, totals))
        if isinstance(award, StatueAward):
            statues.append(award)
            continue
        reason = _("{shop}: {why}", shop=label, why=award.reason)
        lines.append(ScoreLine(player, kind.stage, award.debens, kind.rule, reason, index))
    return lines, statues


def _player_lines(
    player: PlayerPosition, gods: tuple[str, ...], registry: EffectRegistry
) -> list[ScoreLine]:
    metropolis = player.metropolis
    lines, statues = _shop_lines(player.name, metropolis, registry)
    lines.append(statue_line(player.name, statues, gods, metropolis.statue_scale))
    lines.append(wheat_line(player.name, metropolis.wheat, metropolis.wheat_track))
    return lines


def _stage_totals(lines: list[ScoreLine]) -> tuple[int, int, int, int, int]:
    totals = [0, 0, 0, 0, 0]
    for line in lines:
        totals[line.stage - 1] += line.debens
    return (totals[0], totals[1], totals[2], totals[3], totals[4])


def rank(sheets: tuple[ScoreSheet, ...]) -> tuple[tuple[ScoreSheet, ...], tuple[str, ...]]:
    """Ranks by total, then fewest tokens on the Metropolis; ties share (R-4.3)."""
    keys = [(sheet.total, -sheet.tokens_on_metropolis) for sheet in sheets]
    ranked = tuple(
        evolve(sheet, rank=1 + sum(1 for other in keys if other > key))
        for sheet, key in zip(sheets, keys, strict=True)
    )
    winners = tuple(sheet.player for sheet in ranked if sheet.rank == 1)
    return ranked, winners


def score_position(
    position: FinalPosition, registry: EffectRegistry = DEFAULT_REGISTRY
) -> ScoreReport:
    """Score every player through the five stages in order and rank them."""
    monuments = {line.player: line for line in monument_lines(position)}
    sheets = []
    for player in position.players:
        lines = _player_lines(player, position.gods, registry)
        lines.append(monuments[player.name])
        ordered = tuple(sorted(lines, key=lambda line: line.stage))
        sheets.append(
            ScoreSheet(
                player=player.name,
                lines=ordered,
                stage_totals=_stage_totals(lines),
                tokens_on_metropolis=player.metropolis.token_total(),
                rank=0,
            )
        )
    ranked, winners = rank(tuple(sheets))
    return ScoreReport(ranked, winners)
