"""The final-scoring pipeline: the five stages in rulebook order, then the ranking (R-5, R-4.3)."""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import Any, TypeAlias

from fertility_rules.arguments import checked_arguments, expect_type
from fertility_rules.errors import UnknownIdError
from fertility_rules.fertility.effects.base import (
    Award,
    DebenAward,
    EffectKind,
    ShopContext,
    Stage,
    StatueAward,
    Timing,
)
from fertility_rules.fertility.effects.registry import (
    DEFAULT_REGISTRY,
    EffectRegistry,
    describe_shop,
)
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.model.resources import Counts
from fertility_rules.fertility.model.shop import Benefit, Shop
from fertility_rules.fertility.scoring.sheet import ScoreLine, ScoreReport, ScoreSheet
from fertility_rules.fertility.scoring.stages import (
    monument_debens,
    monument_lines,
    statue_debens,
    statue_line,
    wheat_line,
)
from fertility_rules.i18n.amounts import debens
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.scores import places
from fertility_rules.shared.values import ByIdentity, MadeOnce

__all__ = [
    "STAGES",
    "StageTotals",
    "final_ranks",
    "metropolis_totals",
    "rank",
    "score_position",
    "score_totals",
]

STAGES: tuple[Stage, ...] = tuple(Stage)
"""The stages in the order the rulebook scores them (R-5)."""

StageTotals: TypeAlias = tuple[int, int, int, int, int]
"""Debens of each stage, in :data:`STAGES` order."""


_FinalKind: TypeAlias = tuple[EffectKind, Stage, Callable[[Any, ShopContext], Award]]


class _FinalKinds(dict[type[Benefit], "_FinalKind | None"]):
    """The final kind of each benefit class met, for one registry; filled on first lookup.

    Keyed by the benefit's class, which alone decides its kind (``Benefit.kind`` is a
    class attribute): a class hashes by identity in C, where a Shop would call its
    Python ``__hash__`` for every Shop of every Metropolis scored. A plain dictionary
    with ``__missing__`` is the cheapest lookup CPython offers; it holds at most one
    entry per benefit class of the registry.
    """

    def __init__(self, registry: EffectRegistry) -> None:
        super().__init__()
        self.registry = registry
        self.unsupplied: dict[tuple[str, int, int], tuple[Shop, ScoreLine]] = {}
        """The 0-Deben lines of Shops not fully supplied, by player, index and Shop.

        Keyed by the Shop's identity, the Shop kept beside its line: Shops are shared
        catalogue values, and an identity lookup is a C-level hash where the Shop's own
        would be a Python call for every Shop of every Metropolis scored.
        """
        self.full: dict[tuple[str, int, int], tuple[Shop, DebenAward, ScoreLine]] = {}
        """The lines of fully supplied Shops, with the Shop and the award they explain."""
        self.labels: ByIdentity[Shop, Message] = ByIdentity(_LINES_KEPT)
        """``Shop n (its content)`` by Shop identity and index."""

    def not_supplied(self, player: str, index: int, shop: Shop, found: _FinalKind) -> ScoreLine:
        """The 0-Deben line of a Shop not fully supplied, made and kept (it depends on
        these only; :func:`_shop_lines` looks it up in :attr:`unsupplied` first)."""
        key = (player, index, id(shop))
        if len(self.unsupplied) >= _LINES_KEPT:
            self.unsupplied.clear()
        kind, stage, _score = found
        reason = _(
            "{shop}: not fully supplied, {amount}",
            shop=self.label(index, shop),
            amount=debens(0),
        )
        line = ScoreLine(player, stage, 0, kind.rule, reason, index)
        self.unsupplied[key] = (shop, line)
        return line

    def supplied(
        self, player: str, index: int, shop: Shop, stage: Stage, rule: str, award: DebenAward
    ) -> ScoreLine:
        """The line of a fully supplied Shop; kept while its kind gives the same award
        object (kinds whose award depends on the Shop alone cache it)."""
        key = (player, index, id(shop))
        entry = self.full.get(key)
        if entry is not None and entry[0] is shop and entry[1] is award:
            return entry[2]
        if len(self.full) >= _LINES_KEPT:
            self.full.clear()
        reason = _("{shop}: {why}", shop=self.label(index, shop), why=award.reason)
        line = ScoreLine(player, stage, award.debens, rule, reason, index)
        self.full[key] = (shop, award, line)
        return line

    def label(self, index: int, shop: Shop) -> Message:
        """``Shop n (its content)``: 1-based, as a person reads it (kept)."""
        found = self.labels.get(shop, index)
        if found is not None:
            return found
        text = _("Shop {index} ({shop})", index=index + 1, shop=describe_shop(shop, self.registry))
        return self.labels.keep(shop, text, index)

    def __missing__(self, benefit_type: type[Benefit]) -> _FinalKind | None:
        kind = self.registry.find(benefit_type.kind)
        if not issubclass(benefit_type, kind.benefit_type):
            raise UnknownIdError(
                _(
                    "Benefit {value!r} is not of kind {kind!r}.",
                    value=benefit_type.__name__,
                    kind=kind.id,
                )
            )
        found = None
        if kind.timing is Timing.FINAL and kind.score is not None and kind.stage is not None:
            found = (kind, kind.stage, kind.score)
        self[benefit_type] = found
        return found


_LINES_KEPT = 8192
_final_kinds_of: MadeOnce[EffectRegistry, _FinalKinds] = MadeOnce(_FinalKinds, 16)
"""The final kinds of benefits under each registry (at most a few registries are kept)."""


def _shop_lines(
    player: str, metropolis: Metropolis, registry: EffectRegistry
) -> tuple[list[ScoreLine], list[StatueAward], Counts, list[ScoreLine]]:
    """Lines for every final Shop (0 when partly supplied), the Statues they give, the
    tokens on the Metropolis per resource (counted in the same pass), and the lines of
    the fully supplied Shops (the only ones that may give Debens)."""
    lines: list[ScoreLine] = []
    final_kinds = _final_kinds_of[registry]
    known = final_kinds.unsupplied.get
    full: list[tuple[int, int, Shop, _FinalKind]] = []
    a = b = c = d = 0
    for index, state in enumerate(metropolis.shops):
        ta, tb, tc, td = state.tokens
        a += ta
        b += tb
        c += tc
        d += td
        shop = state.shop
        found = final_kinds[type(shop.benefit)]
        if found is None:
            continue
        if ta + tb + tc + td == shop.size:
            # Scored once every token is counted; its line keeps its place.
            full.append((len(lines), index, shop, found))
            continue
        entry = known((player, index, id(shop)))
        if entry is not None and entry[0] is shop:
            lines.append(entry[1])
        else:
            lines.append(final_kinds.not_supplied(player, index, shop, found))
    tokens = (a, b, c, d)
    statues: list[StatueAward] = []
    scored: list[tuple[int, ScoreLine]] = []
    for place, index, shop, (kind, stage, score) in full:
        award = score(shop.benefit, ShopContext(metropolis, index, tokens))
        if isinstance(award, StatueAward):
            statues.append(award)
        else:
            scored.append(
                (place, final_kinds.supplied(player, index, shop, stage, kind.rule, award))
            )
    for place, line in reversed(scored):
        lines.insert(place, line)
    return lines, statues, tokens, [line for _place, line in scored]


def _player_lines(
    player: PlayerPosition, gods: tuple[str, ...], registry: EffectRegistry, monument: ScoreLine
) -> tuple[list[ScoreLine], StageTotals, int]:
    """A player's lines, stage totals and tokens on the Metropolis."""
    metropolis = player.metropolis
    lines, statues, tokens, scored = _shop_lines(player.name, metropolis, registry)
    if statues:
        statue = statue_line(player.name, statues, gods, metropolis.statue_scale)
    else:
        statue = _no_statue_line(player.name, gods, metropolis.statue_scale)
    wheat = _wheat_line(player.name, metropolis.wheat, metropolis.wheat_track)
    lines += (statue, wheat, monument)
    scored += (statue, wheat, monument)
    return lines, _stage_totals(scored), sum(tokens)


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


def _places(totals: Sequence[int], tokens: Sequence[int]) -> list[int]:
    """Each player's rank from their total and tokens on the Metropolis: the most Debens,
    then the fewest tokens; ties share (R-4.3)."""
    return places([(total, -held) for total, held in zip(totals, tokens, strict=True)])


def final_ranks(position: FinalPosition, totals: Sequence[int]) -> list[int]:
    """Each player's rank from their ``totals`` (the stage totals added up), the tokens on
    their Metropolis counted from ``position`` (R-4.3): what a score sheet's rank is, for
    a caller that scored the totals alone (:func:`score_totals`)."""
    tokens = [sum(sum(shop.tokens) for shop in p.metropolis.shops) for p in position.players]
    return _places(totals, tokens)


@checked_arguments
def rank(sheets: tuple[ScoreSheet, ...]) -> tuple[tuple[ScoreSheet, ...], tuple[str, ...]]:
    """Ranks by total, then fewest tokens on the Metropolis; ties share (R-4.3)."""
    ranks = _places(
        [sheet.total for sheet in sheets], [sheet.tokens_on_metropolis for sheet in sheets]
    )
    ranked = tuple(
        ScoreSheet(sheet.player, sheet.lines, sheet.stage_totals, sheet.tokens_on_metropolis, place)
        for sheet, place in zip(sheets, ranks, strict=True)
    )
    winners = tuple(sheet.player for sheet in ranked if sheet.rank == 1)
    return ranked, winners


_by_stage = operator.attrgetter("stage")


@checked_arguments
def score_position(
    position: FinalPosition, registry: EffectRegistry = DEFAULT_REGISTRY
) -> ScoreReport:
    """Score every player through the five stages in order and rank them."""
    monuments = {line.player: line for line in monument_lines(position)}
    rows = []
    for player in position.players:
        monument = monuments[player.name]
        lines, stage_totals, tokens = _player_lines(player, position.gods, registry, monument)
        rows.append((player.name, tuple(sorted(lines, key=_by_stage)), stage_totals, tokens))
    ranks = _places([sum(row[2]) for row in rows], [row[3] for row in rows])
    sheets = tuple(
        ScoreSheet(name, ordered, stage_totals, tokens, place)
        for (name, ordered, stage_totals, tokens), place in zip(rows, ranks, strict=True)
    )
    return ScoreReport(sheets, tuple(sheet.player for sheet in sheets if sheet.rank == 1))


_STATUES, _WHEAT = Stage.STATUES - 1, Stage.WHEAT - 1
"""Indexes of the player-level stages in :data:`StageTotals`."""


def score_totals(
    position: FinalPosition, registry: EffectRegistry = DEFAULT_REGISTRY
) -> tuple[StageTotals, ...]:
    """Each player's stage totals, in turn order, without the explanations.

    Always equal to the ``stage_totals`` of :func:`score_position`'s sheets; meant for
    simulations and searches that score many positions and read no score sheet.
    """
    if type(position) is not FinalPosition:
        expect_type("position", position, FinalPosition)
    if type(registry) is not EffectRegistry:
        expect_type("registry", registry, EffectRegistry)
    _counts, monument_values = monument_debens(position)
    final_kinds = _final_kinds_of[registry]
    gods = position.gods
    out: list[StageTotals] = []
    for player in position.players:
        metropolis = player.metropolis
        a, b, c, _none, e = _metropolis_totals(metropolis, gods, final_kinds)
        out.append((a, b, c, monument_values.get(metropolis.monuments, 0), e))
    return tuple(out)


def metropolis_totals(
    metropolis: Metropolis, gods: tuple[str, ...], registry: EffectRegistry = DEFAULT_REGISTRY
) -> StageTotals:
    """One Metropolis's stage totals as :func:`score_totals` counts them in a game played
    with ``gods``, but the Monuments (0: R-5.4 compares every player's Monuments). A
    search that judges one player's positions scores that player alone."""
    if type(metropolis) is not Metropolis:
        expect_type("metropolis", metropolis, Metropolis)
    if type(registry) is not EffectRegistry:
        expect_type("registry", registry, EffectRegistry)
    return _metropolis_totals(metropolis, gods, _final_kinds_of[registry])


def _metropolis_totals(
    metropolis: Metropolis, gods: tuple[str, ...], final_kinds: _FinalKinds
) -> StageTotals:
    totals = [0, 0, 0, 0, 0]
    statues: list[StatueAward] = []
    # Only fully supplied Shops score: those are few, so they are found in the
    # pass that counts the tokens on the Metropolis.
    full: list[tuple[int, Shop]] = []
    a = b = c = d = 0
    for index, state in enumerate(metropolis.shops):
        ta, tb, tc, td = state.tokens
        a += ta
        b += tb
        c += tc
        d += td
        if ta + tb + tc + td == state.shop.size:
            full.append((index, state.shop))
    tokens = (a, b, c, d)
    for index, shop in full:
        found = final_kinds[type(shop.benefit)]
        if found is None:
            continue
        kind, stage, score = found
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
    totals[_STATUES] += statue_debens(statues, gods, scale)[3] if statues else scale[0]
    totals[_WHEAT] += metropolis.wheat_track[metropolis.wheat]
    return (totals[0], totals[1], totals[2], totals[3], totals[4])
