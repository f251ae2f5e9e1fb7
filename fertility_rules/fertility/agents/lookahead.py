"""An agent planning its whole turn: placement, Quarry, District, supplying, in one search.

At the first decision of its turn the agent looks ahead to the end of the turn: it
tries every placement, keeps the few whose harvest looks best, and for each plays the
rest of the turn (Quarry choices, the District to build and its payment, supplying)
by a pruned search. Each line is valued at the end of the turn, when the tokens left
in the supply go back to the Stock (R-3.6) and so are worth nothing. The best line is
then followed move by move, so the later decisions of the turn cost nothing.

The search stops at the end of the agent's own turn, before the Common Pool is refilled
from the Valley pile; a District bought refills the offer from the deck, which no later
decision of the turn reads. So no line looks past a hidden draw: the agent plays on the
view's stand-in state and decides as it would knowing the piles (R-9.2).

The value of a position estimates the final score: the Debens it would score now
(:func:`~fertility_rules.fertility.scoring.pipeline.score_totals`, without explanations), plus
the expected value of Shops not yet fully supplied, which grows with the tokens they
already hold and shrinks as the turns run out (R-4.2: 9 turns each).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from attrs import evolve

from fertility_rules.agents.seeds import agent_random
from fertility_rules.agents.ties import best_move
from fertility_rules.arguments import expect_count, expect_type
from fertility_rules.fertility.agents.base import public_view
from fertility_rules.fertility.agents.greedy import check_player
from fertility_rules.fertility.effects.kinds.generic import GenericBenefit
from fertility_rules.fertility.effects.kinds.resource_to_shop import ResourceToShopBenefit
from fertility_rules.fertility.effects.kinds.specialized import SpecializedBenefit
from fertility_rules.fertility.effects.kinds.statue import StatueBenefit
from fertility_rules.fertility.effects.kinds.statue_choice import StatueChoiceBenefit
from fertility_rules.fertility.effects.kinds.wheat import WheatBenefit
from fertility_rules.fertility.effects.registry import EffectRegistry
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.position import PlayerPosition
from fertility_rules.fertility.model.resources import NO_TOKENS, Counts, add_counts
from fertility_rules.fertility.model.shop import ShopState
from fertility_rules.fertility.moves import BuildDistrict, Move, PlaceTile
from fertility_rules.fertility.rules.engine import apply_unchecked, final_position, legal_moves
from fertility_rules.fertility.rules.placement import placement_yield, placements
from fertility_rules.fertility.scoring.pipeline import metropolis_totals
from fertility_rules.fertility.scoring.stages import monument_debens
from fertility_rules.fertility.state import GameConfig, GameState, Phase, PlayerState
from fertility_rules.fertility.views import Observation
from fertility_rules.shared.values import ByIdentity

__all__ = [
    "Line",
    "LookaheadAgent",
    "Plans",
    "TurnValue",
    "ranked_moves",
    "ranked_tiles",
    "turn_end_value",
    "turns_to_play",
]

TURNS = 9
"""Turns each player plays in a standard game (R-4.2)."""

PLACEMENTS_KEPT = 4
"""Placements whose rest of turn is searched (the others are judged on their harvest)."""

BUILDS_KEPT = 3
"""Districts (with their payment) whose supplying is searched."""

OPEN_SHOP = 0.2
"""Share of an empty Shop's value counted while turns remain (the chance to supply it)."""

FILLED = 0.75
"""Extra share of a Shop's value per fraction of its icons already supplied."""

STATUE = 4.0
WHEAT = 2.0
FREE_TOKEN = 2.0
PENDING_QUARRY = 2.5
SUPPLY_TOKEN = 0.8
"""Mid-turn worth of a supply token some open Shop accepts (before it goes back, R-3.6)."""


def _shop_value(state: ShopState, counts: tuple[int, int, int, int], turns_left: int) -> float:
    """What a fully supplied Shop would add to the final score, roughly."""
    benefit = state.shop.benefit
    if isinstance(benefit, GenericBenefit):
        return float(benefit.debens)
    if isinstance(benefit, SpecializedBenefit):
        missing = state.shop.need[benefit.resource] - state.tokens[benefit.resource]
        expected = counts[benefit.resource] + max(0, missing) + 0.5 * turns_left
        return benefit.per_token * expected
    if isinstance(benefit, StatueBenefit | StatueChoiceBenefit):
        return STATUE
    if isinstance(benefit, WheatBenefit):
        return WHEAT * benefit.wheat
    if isinstance(benefit, ResourceToShopBenefit):
        return FREE_TOKEN
    return 1.0


def _open_shops_value(metropolis: Metropolis, turns_left: int) -> float:
    if turns_left <= 0:
        return 0.0
    counts = metropolis.token_counts()
    urgency = min(1.0, turns_left / 3)
    value = 0.0
    for state in metropolis.shops:
        size = state.shop.size
        held = state.token_count
        if held == size:
            continue
        share = OPEN_SHOP * urgency + FILLED * held / size
        value += share * _shop_value(state, counts, turns_left)
    return value


def _placeable(metropolis: Metropolis, supply: tuple[int, int, int, int]) -> int:
    """Supply tokens some Shop not yet full could still take (a rough count)."""
    count = 0
    for resource, n in enumerate(supply):
        if n and any(
            not s.is_full and s.shop.accepts(s.tokens, resource)  # type: ignore[arg-type]
            for s in metropolis.shops
        ):
            count += n
    return count


class _Worth:
    """What the look-ahead reads of one Metropolis, worked out once for each value: a
    search meets the same Metropolis again and again (the same District bought and
    supplied along other lines, an opponent's board in every playout)."""

    __slots__ = ("gods", "metropolis", "open_shops", "own", "placeable", "registry", "tokens")

    def __init__(self, metropolis: Metropolis, gods: tuple[str, ...], registry: EffectRegistry):
        self.metropolis = metropolis
        self.gods = gods
        self.registry = registry
        self.own = sum(metropolis_totals(metropolis, gods, registry))
        """Its Debens now but the Monuments (R-5.4 compares every player's)."""
        self.tokens = metropolis.token_total()
        self.open_shops: dict[int, float] = {}
        """:func:`_open_shops_value` by turns left."""
        self.placeable: dict[Counts, int] = {}
        """:func:`_placeable` by supply."""

    def open_value(self, turns_left: int) -> float:
        found = self.open_shops.get(turns_left)
        if found is None:
            found = self.open_shops[turns_left] = _open_shops_value(self.metropolis, turns_left)
        return found

    def placeable_tokens(self, supply: Counts) -> int:
        found = self.placeable.get(supply)
        if found is None:
            found = self.placeable[supply] = _placeable(self.metropolis, supply)
        return found


_WORTH_KEPT = 16_384
"""Metropolis values whose :class:`_Worth` is kept (the whole table is emptied when
full: a search's working set is a few thousand)."""

_worths: dict[tuple[object, ...], _Worth] = {}


def _worth(metropolis: Metropolis, config: GameConfig) -> _Worth:
    """The :class:`_Worth` of ``metropolis`` in a game of ``config``, made on first use.

    Looked up by what it depends on: the Shops with their tokens, the Wheat and the two
    tracks, the gods and the effects. The Shops, the tracks, the gods and the registry
    are shared values, named by identity (cheaper to hash and compare than a Metropolis):
    the entry keeps each alive, so no other object can take its identity while the entry
    stands."""
    gods = config.catalogue.gods
    registry = config.registry
    key: list[object] = [
        id(gods),
        id(registry),
        metropolis.wheat,
        id(metropolis.wheat_track),
        id(metropolis.statue_scale),
    ]
    for shop in metropolis.shops:
        key.append(id(shop.shop))
        key.append(shop.tokens)
    whole = tuple(key)
    found = _worths.get(whole)
    if found is None:
        if len(_worths) >= _WORTH_KEPT:
            _worths.clear()
        found = _worths[whole] = _Worth(metropolis, gods, registry)
    return found


class _Scorer:
    """One player's final score as it would be now, for positions of one turn of theirs.

    During a player's turn only their own Metropolis changes, so the others' are read
    once: the player's Shops, Statues and Wheat are scored alone (without explanations,
    :class:`_Worth`) and the Monument stage (R-5.4) is looked up against the others'
    Monument counts. Scores are remembered per Metropolis for the length of one search.
    """

    def __init__(self, state: GameState, player: int) -> None:
        self._state = state
        self._player = player
        self._worths: ByIdentity[Metropolis, _Worth] = ByIdentity(_WORTH_KEPT)
        self._monuments: dict[int, int] = {}

    def worth(self, metropolis: Metropolis) -> _Worth:
        """The :class:`_Worth` of a Metropolis of the player (looked up by identity first)."""
        found = self._worths.get(metropolis)
        if found is None:
            found = self._worths.keep(metropolis, _worth(metropolis, self._state.config))
        return found

    def total(self, metropolis: Metropolis) -> int:
        return self.worth(metropolis).own + self.monument(metropolis.monuments)

    def monument(self, count: int) -> int:
        """The player's Debens for ``count`` Monuments against the others' (R-5.4)."""
        found = self._monuments.get(count)
        if found is None:
            position = final_position(self._state)
            players = list(position.players)
            me = players[self._player]
            players[self._player] = PlayerPosition(me.name, evolve(me.metropolis, monuments=count))
            _counts, values = monument_debens(evolve(position, players=tuple(players)))
            found = self._monuments[count] = values.get(count, 0)
        return found


def turns_to_play(state: GameState, player: int) -> int:
    """Turns ``player`` has still to begin (the current player's own turn is under way)."""
    return TURNS - state.players[player].turns - (1 if state.current == player else 0)


def _seat(state: GameState, player: int) -> PlayerState:
    """``state.players[player]`` without making the tuple of players."""
    found = state.seats[player]
    return state.player if found is None else found


def turn_end_value(state: GameState, player: int, scorer: _Scorer | None = None) -> float:
    """Estimated final score of ``player``: Debens now plus Shops likely to be supplied."""
    if (
        type(state) is not GameState
        or type(player) is not int
        or not 0 <= player < len(state.seats)
    ):
        check_player(state, player)
    if scorer is not None and type(scorer) is not _Scorer:
        expect_type("scorer", scorer, _Scorer)
    return _turn_end_value(state, player, scorer or _Scorer(state, player))


def _turn_end_value(state: GameState, player: int, scorer: _Scorer) -> float:
    me = _seat(state, player)
    metropolis = me.metropolis
    worth = scorer.worth(metropolis)
    total = worth.own + scorer.monument(metropolis.monuments)
    mine = state.seats[player] is None
    left = TURNS - me.turns - (1 if mine else 0)
    value = total + worth.open_value(left)
    if mine and state.phase in _MID_TURN:
        value += SUPPLY_TOKEN * worth.placeable_tokens(me.supply)
        value += PENDING_QUARRY * state.quarry_choices
    return value


TurnValue = Callable[[GameState, int, _Scorer | None], float]
"""``(state, player, scorer)``: what a position is worth to ``player``, in Debens of the
final score; :func:`turn_end_value` or a correction of it
(:func:`~fertility_rules.fertility.agents.horizon.horizon_value`)."""


def ranked_moves(
    state: GameState,
    moves: Sequence[Move],
    scorer: _Scorer,
    tie: Callable[[], float] | None = None,
    same_harvest: bool = True,
    value: TurnValue = turn_end_value,
) -> list[tuple[float, Move, GameState]]:
    """The moves of ``state`` that differ for the rest of the turn, each with its turn
    value (by ``value``) for the player deciding and the state it leads to, best first.

    Building the same District with the same payment on another spot changes nothing
    for the turn, nor (when ``same_harvest``) a placement with the same harvest: only the
    first is kept. Equal values keep the order of ``moves``, or the order of ``tie``'s
    draws when given.
    """
    me = state.current
    scored: list[tuple[float, int, Move, GameState]] = []
    seen: set[object] = set()
    supply = state.player.supply
    for move in moves:
        if isinstance(move, BuildDistrict):
            # The spot a District is built on changes nothing for the score.
            key: object = (move.district, move.tokens, move.wheat)
            if key in seen:
                continue
            seen.add(key)
        elif same_harvest and type(move) is PlaceTile:
            # What the placement yields, read before the state it leads to is made: the
            # key :func:`_harvest_key` reads of that state.
            found = placement_yield(state, move)
            key = (add_counts(supply, found.taken), found.wheat, found.phase)
            key = (*key, found.quarry_choices, me)
            if key in seen:
                continue
            seen.add(key)
        after = apply_unchecked(state, move)
        if same_harvest and state.phase is Phase.PLACE and type(move) is not PlaceTile:
            key = _harvest_key(after, me)
            if key in seen:
                continue
            seen.add(key)
        jitter = 1e-6 * tie() if tie is not None else 0.0
        scored.append((value(after, me, scorer) + jitter, len(scored), move, after))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [(worth, move, after) for worth, _order, move, after in scored]


_KEPT = {Phase.PLACE: PLACEMENTS_KEPT, Phase.QUARRY: 2, Phase.BUILD: BUILDS_KEPT}
_MID_TURN = frozenset({Phase.QUARRY, Phase.BUILD, Phase.SUPPLY, Phase.BONUS})

Line = list[tuple[Move, GameState]]
"""A plan: each move with the state it leads to."""


class Plans:
    """Plans of the rest of a turn kept by the position they start from, shared by the
    look-ahead agents given it (a search's playouts, which meet the same positions again
    and again). A plan reads the deciding player, the board, the offer, the Stock, what the
    turn still owes and the others' Monuments; never the hidden pile or deck (R-9.2), nor
    the tiles of the Common Pool. Agents sharing plans break ties by the order of the
    moves, so that a plan depends on its position alone; ``kept`` plans at most (all are
    dropped when full)."""

    def __init__(self, kept: int = 4096) -> None:
        expect_count("kept", kept)
        self._kept = kept
        self._lines: dict[tuple[object, ...], tuple[TurnValue, Line]] = {}

    def __len__(self) -> int:
        return len(self._lines)

    def line(self, agent: LookaheadAgent, state: GameState, moves: Sequence[Move]) -> Line:
        """The plan of ``agent`` at ``state`` (of its ``moves``), made on first use."""
        value = agent.value
        valley = state.valley
        key = (
            id(state.config),
            id(value),
            valley.empty,
            valley.scenes,
            valley.monuments,
            state.player,
            tuple(None if seat is None else seat.metropolis.monuments for seat in state.seats),
            state.stock,
            state.offer,
            state.pending,
            state.phase,
            state.turn,
            bool(state.common_pool),
            len(state.pile),
        )
        found = self._lines.get(key)
        # The line's states keep the configuration alive, the entry the measure: neither
        # identity can name another object while the entry stands.
        if found is not None and found[0] is value:
            return found[1]
        line = agent.plan(state, moves)
        if len(self._lines) >= self._kept:
            self._lines.clear()
        self._lines[key] = (value, line)
        return line


class LookaheadAgent:
    """Plans each turn as a whole with a pruned search; the same seed plays the same moves.

    ``value`` judges the lines of a turn where they end: :func:`turn_end_value` unless
    another measure is given (the search agent plans with
    :func:`~fertility_rules.fertility.agents.horizon.horizon_value`).
    """

    name = "lookahead"

    def __init__(
        self, seed: int | None = None, value: TurnValue = turn_end_value, plans: Plans | None = None
    ) -> None:
        if not callable(value):
            expect_type("value", value, Callable)
        if plans is not None and type(plans) is not Plans:
            expect_type("plans", plans, Plans)
        self._rng = agent_random(seed)
        self._value = value
        self._plans = plans
        self._plan: Line = []
        self._scorer: _Scorer

    @property
    def value(self) -> TurnValue:
        """How the agent judges the lines of a turn."""
        return self._value

    def choose(self, view: Observation, moves: Sequence[Move]) -> Move:
        return self.decide(public_view(view).stand_in(), moves)

    def decide(self, state: GameState, moves: Sequence[Move]) -> Move:
        """The move at ``state``, a state the caller may read whole: the view's stand-in,
        or a state a search drew for itself (:mod:`fertility_rules.agents.ismcts`)."""
        if self._plan:
            move, expected = self._plan.pop(0)
            if _same_decision(state, expected) and move in moves:
                return move
            self._plan = []
        if len(moves) == 1:
            return moves[0]
        if state.phase in (Phase.TAKE, Phase.REMOVE):
            return self._take(state, moves)
        if self._plans is None:
            line = self._line(state, moves, self._rng.random)
        else:
            line = self._plans.line(self, state, moves)
        # Each later move of the line is expected at the state the previous one leads to.
        self._plan = [(line[i + 1][0], line[i][1]) for i in range(len(line) - 1)]
        return line[0][0]

    def plan(self, state: GameState, moves: Sequence[Move]) -> Line:
        """The line the agent plans from ``state`` to the end of its turn, ties broken by
        the order of ``moves`` (what :class:`Plans` keeps)."""
        return self._line(state, moves, None)

    def _line(
        self, state: GameState, moves: Sequence[Move], tie: Callable[[], float] | None
    ) -> Line:
        self._scorer = _Scorer(state, state.current)
        _value, line = self._search(state, list(moves), tie)
        del self._scorer
        return line

    # -- search -------------------------------------------------------------------

    def _search(
        self, state: GameState, moves: list[Move], tie: Callable[[], float] | None = None
    ) -> tuple[float, Line]:
        """Best value reachable by the end of the turn and the line that reaches it; ``tie``
        breaks ties among the first decision's moves."""
        me = state.current
        kept = _KEPT.get(state.phase, 1)
        scored = ranked_moves(state, moves, self._scorer, tie, value=self._value)
        best_value = float("-inf")
        best_line: list[tuple[Move, GameState]] = []
        for quick, move, after in scored[:kept]:
            value, rest = self._finish(after, me, quick)
            if value > best_value + 1e-9:
                best_value, best_line = value, [(move, after), *rest]
        return best_value, best_line

    def _finish(
        self, state: GameState, me: int, quick: float
    ) -> tuple[float, list[tuple[Move, GameState]]]:
        """Play the rest of ``me``'s turn from ``state``; value at the end of the turn."""
        if state.current != me or state.phase not in _MID_TURN:
            return quick, []
        moves = legal_moves(state)
        if state.phase in (Phase.QUARRY, Phase.BUILD):
            return self._search(state, moves)
        # Supplying: one token at a time, the best next step (cheap, few moves).
        best: tuple[float, Move, GameState] | None = None
        for move in moves:
            after = apply_unchecked(state, move)
            value = self._value(after, me, self._scorer)
            if best is None or value > best[0] + 1e-9:
                best = (value, move, after)
        if best is None:  # pragma: no cover - a decision always has a move
            return quick, []
        value, rest = self._finish(best[2], me, best[0])
        return value, [(best[1], best[2]), *rest]

    # -- end of turn ------------------------------------------------------------

    def _take(self, state: GameState, moves: Sequence[Move]) -> Move:
        """The tile with the best harvest on the board as it stands (R-3.6, R-3.3)."""
        values = dict(zip(moves, _tile_values(state, moves), strict=True))
        return best_move(moves, values.__getitem__, self._rng)


def _tile_values(state: GameState, moves: Sequence[Move]) -> list[float]:
    """For each tile taken (or removed, the value negated) by ``moves``, the best harvest
    it would give the current player on the board as it stands (R-3.6, R-3.3), each token
    weighted by how much the player's open Shops need its resource."""
    me = state.players[state.current]
    need = [1.0, 1.0, 1.0, 1.0]
    counts = me.metropolis.token_counts()
    for shop in me.metropolis.shops:
        if shop.is_full:
            continue
        value = _shop_value(shop, counts, 1)
        for resource in range(4):
            missing = shop.shop.need[resource] - shop.tokens[resource]
            if missing > 0:
                need[resource] += value * missing / shop.shop.size / 4
    sign = -1.0 if state.phase is Phase.REMOVE else 1.0
    return [sign * _harvest_value(state, move.tile, need) for move in moves]  # type: ignore[union-attr]


def ranked_tiles(state: GameState, moves: Sequence[Move]) -> list[Move]:
    """The tiles ``moves`` take (or remove) at ``state``, in the order the look-ahead
    prefers them (equal values in the order of ``moves``)."""
    values = _tile_values(state, moves)
    order = sorted(range(len(moves)), key=lambda i: (-values[i], i))
    return [moves[i] for i in order]


def _harvest_value(state: GameState, tile: str, need: list[float]) -> float:
    """The best harvest ``tile`` would give the current player if laid now."""
    player = state.player
    probe = evolve(
        state.with_player(evolve(player, pool=(*player.pool, tile), supply=NO_TOKENS)),
        phase=Phase.PLACE,
    )
    best = 0.0
    wheat = player.metropolis.wheat
    for move in placements(probe, tile):
        # The probe's supply is empty: what the player gains is what the placement takes
        # from the Stock.
        found = placement_yield(probe, move)
        value = sum(n * w for n, w in zip(found.taken, need, strict=True))
        value += found.wheat - wheat
        value += PENDING_QUARRY * found.quarry_choices
        best = max(best, value)
    return best


def _harvest_key(state: GameState, player: int) -> object:
    """What a placement changes for the rest of the turn: harvest, Wheat, Quarries."""
    me = state.players[player]
    return (me.supply, me.metropolis.wheat, state.phase, state.quarry_choices, state.current)


def _same_decision(state: GameState, expected: GameState) -> bool:
    return (
        state.current == expected.current
        and state.phase is expected.phase
        and state.turn == expected.turn
        and state.players[state.current] == expected.players[expected.current]
    )
