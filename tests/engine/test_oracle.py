"""Differential tests: the library against the reference implementations of
:mod:`tests.engine.oracle`, on every position of seeded random games.

The games cover 2, 3 and 4 players and the 2-player variant (R-8), each with the default
interpretations, every alternative at once, and a random mix per game; two more sets use
a Stock of 4 tokens per resource so that an empty Stock (I-3, I-13) is common. Half of the
games are played uniformly at random, half by an eager player who builds, supplies and
claims whenever possible, so that immediate benefits and final scores are exercised.
The 42 games are played once and shared by the tests. Positions derived from them reach
what random play seldom does: crowded boards (discards, several Quarries at once, Wheat
at the top) and random Metropolises with a scarce Stock (benefits lost or sent to the
supply). Hypothesis tests cover payments, final scoring, Statues and Monument ties;
Shop acceptance and the starting tile's place are checked exhaustively.
"""

from __future__ import annotations

import enum
import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from attrs import evolve, fields
from hypothesis import given
from hypothesis import strategies as st

from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.effects.kinds.resource_to_shop import ResourceToShopBenefit
from fertility_rules.fertility.effects.kinds.statue import StatueBenefit
from fertility_rules.fertility.effects.kinds.statue_choice import StatueChoiceBenefit
from fertility_rules.fertility.effects.kinds.wheat import WheatBenefit
from fertility_rules.fertility.model.metropolis import Metropolis
from fertility_rules.fertility.model.position import FinalPosition, PlayerPosition
from fertility_rules.fertility.model.resources import RESOURCES, Icon, Resource
from fertility_rules.fertility.model.shop import Shop, ShopState
from fertility_rules.fertility.rules import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    GameState,
    Interpretations,
    Move,
    Phase,
    PlaceBonusResource,
    PlaceTile,
    SupplyShop,
    apply,
    final_scores,
    is_legal,
    legal_moves,
    new_game,
)
from fertility_rules.fertility.rules.building import payments
from fertility_rules.fertility.rules.geometry import layout
from fertility_rules.fertility.scoring.pipeline import score_position
from fertility_rules.fertility.scoring.sheet import ScoreSheet
from fertility_rules.fertility.setup import start_anchors
from fertility_rules.fertility.state import PlacedTile
from fertility_rules.fertility.testing import final_positions
from tests.engine import oracle

# --------------------------------------------------------------------------- the games


def _options(values: dict[str, Any]) -> Interpretations:
    return Interpretations(**values)


_DEFAULTS = Interpretations()


def _enum_of(name: str) -> type[enum.Enum]:
    return type(getattr(_DEFAULTS, name))


_CHOICES: dict[str, list[enum.Enum]] = {
    f.name: list(_enum_of(f.name)) for f in fields(Interpretations)
}
ALTERNATIVES = _options(
    {
        name: next((v for v in values if v != getattr(_DEFAULTS, name)), values[0])
        for name, values in _CHOICES.items()
    }
)
"""Every interpretation with an alternative switched to it (I-1, I-2, I-4, I-6, I-10,
I-12); the others have one playable reading."""


@dataclass(frozen=True)
class Config:
    """A family of random games: table size, variant, interpretations, Stock size."""

    players: int
    variant: bool
    options: str
    """``default``, ``alternative`` or ``mixed`` (a random playable mix per game)."""
    stock: int = 20

    @property
    def id(self) -> str:
        table = "2p-variant" if self.variant else f"{self.players}p"
        scarce = f"-stock{self.stock}" if self.stock != 20 else ""
        return f"{table}-{self.options}{scarce}"

    def interpretations(self, rng: random.Random) -> Interpretations:
        if self.options == "default":
            return _DEFAULTS
        if self.options == "alternative":
            return ALTERNATIVES
        return _options({name: rng.choice(v) for name, v in _CHOICES.items()})


TABLES = ((2, False), (2, True), (3, False), (4, False))
CONFIGS = (
    *(Config(p, v, o) for p, v in TABLES for o in ("default", "alternative", "mixed")),
    Config(2, False, "mixed", stock=4),
    Config(4, False, "alternative", stock=4),
)
GAMES_PER_CONFIG = 3
NAMES = ("Amunet", "Bek", "Chione", "Djedi")
_EAGER = (BuildDistrict, SupplyShop, PlaceBonusResource, ClaimQuarry)


@dataclass(frozen=True)
class Step:
    """A decision of a game: the state, the move played and the state it led to."""

    before: GameState
    move: Move
    after: GameState


@dataclass(frozen=True)
class Game:
    start: GameState
    steps: tuple[Step, ...]
    end: GameState


def _play(config: Config, seed: int) -> Game:
    rng = random.Random(seed)
    catalogue = default_catalogue()
    if config.stock != 20:
        catalogue = evolve(catalogue, stock_per_resource=config.stock)
    state = start = new_game(
        NAMES[: config.players],
        seed=seed,
        catalogue=catalogue,
        variant=config.variant,
        interpretations=config.interpretations(rng),
    )
    eager = seed % 2 == 0
    steps = []
    while not state.is_over:
        moves = legal_moves(state)
        wanted = [m for m in moves if isinstance(m, _EAGER)]
        move = rng.choice(wanted if eager and wanted and rng.random() < 0.9 else moves)
        after = apply(state, move)
        steps.append(Step(state, move, after))
        state = after
    return Game(start, tuple(steps), state)


@functools.cache
def games(config: Config) -> tuple[Game, ...]:
    """The seeded games of ``config``, played once for all the tests."""
    base = 1000 * CONFIGS.index(config)
    return tuple(_play(config, base + n) for n in range(GAMES_PER_CONFIG))


def steps(config: Config) -> Iterator[Step]:
    for game in games(config):
        yield from game.steps


def decisions(config: Config, phase: Phase) -> Iterator[GameState]:
    """Every state of the games of ``config`` where ``phase`` is the decision."""
    for step in steps(config):
        if step.before.phase is phase:
            yield step.before


def played(config: Config, kind: type[Any]) -> Iterator[Step]:
    for step in steps(config):
        if isinstance(step.move, kind):
            yield step


each_config = pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.id)


def _listed(state: GameState) -> set[Move]:
    """The library's legal moves, checked to hold no duplicate."""
    moves = legal_moves(state)
    assert len(moves) == len(set(moves)), "a legal move is listed twice"
    return set(moves)


# --------------------------------------------------------------------------- positions


def _jam(state: GameState, rng: random.Random, density: float) -> GameState:
    """``state`` with a share of its empty desert squares covered by one pseudo tile of
    random scenes (a crowded board; a position, not a history) and random Wheat."""
    board = oracle.board_of(state)
    empty = [s for s in range(board.size) if board.is_empty(s)]
    covered = rng.sample(empty, int(len(empty) * density))
    scenes = tuple(rng.choice(RESOURCES) for _ in covered)
    masks = list(state.valley.scenes)
    for square, scene in zip(covered, scenes, strict=True):
        masks[scene] |= 1 << square
    valley = evolve(
        state.valley,
        empty=state.valley.empty & ~sum(1 << s for s in covered),
        scenes=(masks[0], masks[1], masks[2], masks[3]),
        tiles=(*state.valley.tiles, PlacedTile("jam", tuple(covered), scenes, None)),
    )
    player = state.player
    wheat = rng.randint(0, len(player.metropolis.wheat_track) - 1)
    player = evolve(player, metropolis=evolve(player.metropolis, wheat=wheat))
    return evolve(state.with_player(player), valley=valley)


@functools.cache
def crowded(config: Config) -> tuple[GameState, ...]:
    """One step-1 decision in three of the games of ``config``, on a crowded board, with
    the player's Wheat anywhere on the track."""
    rng = random.Random(f"crowded {config.id}")
    return tuple(
        _jam(state, rng, rng.choice((0.5, 0.8, 0.9, 0.97)))
        for index, state in enumerate(decisions(config, Phase.PLACE))
        if index % 3 == 0
    )


_SHOPS = (
    *(s for d in default_catalogue().districts for s in d.shops),
    *(s for b in default_catalogue().metropolis_boards for s in b.shops),
    Shop((Icon.ANY,), WheatBenefit(3)),
    Shop((Icon.GRAPES, Icon.ANY), WheatBenefit(2)),
)
"""The catalogue's Shops, and two giving more Wheat than any of them (+3, +2)."""


def _rearrange(state: GameState, rng: random.Random) -> GameState:
    """``state`` with the current player's Shops replaced by 2 to 6 of :data:`_SHOPS` holding
    random tokens that fit them, a random supply, Wheat and a scarce Stock."""
    player = state.player
    shops = []
    for shop in rng.sample(_SHOPS, rng.randint(2, 6)):
        held = [0, 0, 0, 0]
        for icon in shop.requires:
            if rng.random() < 0.7:
                held[rng.choice(RESOURCES) if icon.resource is None else icon.resource] += 1
        shops.append(ShopState(shop, (held[0], held[1], held[2], held[3])))
    supply = (rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2), rng.randint(0, 2))
    stock = tuple(rng.choice((0, 0, 1, 2, 5)) for _ in RESOURCES)
    metropolis = evolve(
        player.metropolis,
        shops=tuple(shops),
        wheat=rng.randint(0, len(player.metropolis.wheat_track) - 1),
    )
    state = state.with_player(evolve(player, metropolis=metropolis, supply=supply))
    return evolve(state, stock=(stock[0], stock[1], stock[2], stock[3]))


@functools.cache
def rearranged(config: Config) -> tuple[GameState, ...]:
    """One step-3 decision in three of the games of ``config``, with a random Metropolis."""
    rng = random.Random(f"rearranged {config.id}")
    return tuple(
        _rearrange(state, rng)
        for index, state in enumerate(decisions(config, Phase.SUPPLY))
        if index % 3 == 0
    )


def _ordered(moves: set[Any]) -> list[Any]:
    """``moves`` in a fixed order (set order varies with the hash seed)."""
    return sorted(moves, key=repr)


# --------------------------------------------------------------------------- the board


@each_config
def test_valley_masks_match_the_tiles_and_monuments_on_the_board(config: Config) -> None:
    """The library's square masks agree with the tiles and Monuments laid (R-1.4, R-3.1)."""
    checked = 0
    for game in games(config):
        for state in (game.start, *(step.after for step in game.steps)):
            board = oracle.board_of(state)
            empty = {s for s in range(board.size) if board.is_empty(s)}
            assert {s for s in range(board.size) if state.valley.empty >> s & 1} == empty
            for resource in RESOURCES:
                shown = {s for s, scene in board.scenes.items() if scene is resource}
                mask = state.valley.scenes[resource]
                assert {s for s in range(board.size) if mask >> s & 1} == shown
            checked += 1
    assert checked


# --------------------------------------------------------------------------- step 1


def _placement_candidates(state: GameState) -> Iterator[PlaceTile]:
    """Every Pool tile on every square with its other half one step away in any
    direction, or two squares away: on and off the board, adjacent or not."""
    grid = state.config.layout
    size = grid.width * grid.height
    for tile in dict.fromkeys(state.player.pool):
        for first in range(-1, size + 1):
            for step in (1, -1, grid.width, -grid.width, 2):
                yield PlaceTile(tile, first, first + step)


@each_config
def test_placements_match_the_oracle(config: Config) -> None:
    """R-3.1, R-3.2: the legal placements (or discards) are exactly the oracle's, and
    ``is_legal`` agrees with it on every nearby candidate, on one position in four."""
    rng = random.Random(config.id)
    checked = 0
    for state in decisions(config, Phase.PLACE):
        expected = oracle.step_one_moves(state)
        assert _listed(state) == expected, state.turn
        if rng.random() < 0.25:
            for move in _placement_candidates(state):
                assert is_legal(state, move) == (move in expected), move
            for tile in state.player.pool:
                assert is_legal(state, DiscardTile(tile)) == (DiscardTile(tile) in expected)
        checked += 1
    assert checked


def _check_placing(state: GameState, move: PlaceTile, after: GameState) -> None:
    expected = oracle.after_placing(state, move)
    player = after.players[state.current]
    got = oracle.AfterPlacing(
        supply=player.supply,
        stock=after.stock,
        wheat=player.metropolis.wheat,
        quarries=frozenset(after.quarries),
        quarry_choices=after.quarry_choices,
        phase=after.phase,
    )
    assert got == expected, (move, oracle.harvest(state, move))
    assert len(after.quarries) == len(set(after.quarries))
    scenes = oracle.board_of(after).scenes
    assert (scenes[move.first], scenes[move.second]) == state.config.tiles[move.tile].scenes
    assert Counter(state.player.pool) - Counter(player.pool) == Counter([move.tile])


def _check_discard(state: GameState, move: DiscardTile, after: GameState) -> None:
    """R-3.2: the tile leaves the Pool for the discards; nothing is harvested."""
    player = after.players[state.current]
    assert Counter(state.player.pool) - Counter(player.pool) == Counter([move.tile])
    assert after.discarded == (*state.discarded, move.tile)
    assert (player.supply, after.stock) == (state.player.supply, state.stock)
    assert player.metropolis.wheat == state.player.metropolis.wheat
    assert oracle.board_of(after) == oracle.board_of(state)
    assert after.phase is Phase.BUILD


@each_config
def test_harvest_matches_the_oracle(config: Config) -> None:
    """R-3.3 A to D with I-1, I-2, I-3, I-4, I-7, I-12, I-13: tokens taken, Wheat,
    Quarries awaiting a choice and the next decision after every placement."""
    checked = 0
    for step in played(config, PlaceTile):
        assert isinstance(step.move, PlaceTile)
        _check_placing(step.before, step.move, step.after)
        checked += 1
    assert checked


# --------------------------------------------------------------------------- Quarries


def _check_quarry(state: GameState, move: ClaimQuarry, after: GameState) -> None:
    player = after.players[state.current]
    got = oracle.AfterQuarry(
        stock=after.stock,
        supply=player.supply,
        monuments=player.metropolis.monuments,
        monument_squares=oracle.board_of(after).monuments,
        quarries=frozenset(after.quarries),
        phase=after.phase,
    )
    assert got == oracle.after_quarry(state, move), move


@each_config
def test_quarry_choices_match_the_oracle(config: Config) -> None:
    """R-3.3.D, R-1.8, I-2, I-13: the choices offered, ``is_legal`` on every square and
    option, and what each choice changes."""
    checked = 0
    for state in decisions(config, Phase.QUARRY):
        expected = oracle.quarry_moves(state)
        assert _listed(state) == expected
        size = state.config.layout.width * state.config.layout.height
        for square in range(-1, size + 1):
            for resource in (None, *RESOURCES):
                move = ClaimQuarry(square, resource)
                assert is_legal(state, move) == (move in expected), move
        checked += 1
    for step in played(config, ClaimQuarry):
        assert isinstance(step.move, ClaimQuarry)
        _check_quarry(step.before, step.move, step.after)
    assert checked


@each_config
def test_crowded_boards_match_the_oracle(config: Config) -> None:
    """R-3.1 to R-3.3, I-1, I-2, I-13 on boards mostly covered: few placements or none
    (discards), several Quarries closed at once, and the Quarry choices that follow."""
    rng = random.Random(config.id)
    checked = 0
    for state in crowded(config):
        expected = oracle.step_one_moves(state)
        assert _listed(state) == expected
        for move in rng.sample(_ordered(expected), min(3, len(expected))):
            after = apply(state, move)
            if isinstance(move, DiscardTile):
                _check_discard(state, move, after)
                continue
            _check_placing(state, move, after)
            while after.phase is Phase.QUARRY:
                choices = oracle.quarry_moves(after)
                assert _listed(after) == choices
                claim = rng.choice(_ordered(choices))
                before, after = after, apply(after, claim)
                _check_quarry(before, claim, after)
            checked += 1
    assert checked


# --------------------------------------------------------------------------- step 2


@given(
    cost=st.integers(0, 5),
    supply=st.tuples(*(st.integers(0, 4) for _ in RESOURCES)),
    wheat=st.integers(0, 6),
)
def test_payments_match_the_oracle(
    cost: int, supply: tuple[int, int, int, int], wheat: int
) -> None:
    """R-3.4: every way to pay a cost with supply tokens and Wheat, each listed once."""
    listed = payments(cost, supply, wheat)
    assert len(listed) == len(set(listed))
    assert set(listed) == oracle.payment_options(cost, supply, wheat)


def _build_candidates(state: GameState, rng: random.Random) -> Iterator[BuildDistrict]:
    """Offered Districts and one that is not, on any spot, paid right or a token or a
    Wheat off, or with tokens the player does not have."""
    player = state.player
    districts = [*state.offer, *state.district_deck[:1]]
    for _ in range(40):
        district = rng.choice(districts)
        cost = state.config.catalogue.district(district).cost
        tokens = [rng.randint(0, player.supply[r] + 1) for r in RESOURCES]
        wheat = max(0, cost - sum(tokens) + rng.choice((-1, 0, 0, 0, 1)))
        spot = rng.randint(-1, oracle.SPOTS)
        yield BuildDistrict(district, spot, (tokens[0], tokens[1], tokens[2], tokens[3]), wheat)


@each_config
def test_building_matches_the_oracle(config: Config) -> None:
    """R-3.4, R-3.6, I-10: the Districts that can be built and how, ``is_legal`` on
    nearby candidates, and what building changes (payment, Shops, offer)."""
    rng = random.Random(config.id)
    checked = 0
    for state in decisions(config, Phase.BUILD):
        expected = oracle.build_moves(state)
        assert _listed(state) == expected
        for move in _build_candidates(state, rng):
            assert is_legal(state, move) == (move in expected), move
        checked += 1
    built = 0
    for step in played(config, BuildDistrict):
        assert isinstance(step.move, BuildDistrict)
        state, after = step.before, step.after
        metropolis = after.players[state.current].metropolis
        district = metropolis.spots[step.move.spot]
        got = oracle.AfterBuilding(
            supply=after.players[state.current].supply,
            stock=after.stock,
            wheat=metropolis.wheat,
            shops=tuple((s.shop, s.tokens) for s in metropolis.shops),
            district_at_spot=district.id if district else "",
            offer=frozenset(after.offer),
            offer_and_deck=tuple(sorted(after.offer + after.district_deck)),
        )
        assert got == oracle.after_building(state, step.move), step.move
        built += 1
    assert checked
    assert built


# --------------------------------------------------------------------------- step 3


def _all_shops() -> list[Shop]:
    """The catalogue's Shops and every requirement of 1 to 3 icons in any order, and of
    4 icons in one order (a Shop's icons have no order)."""
    catalogue = default_catalogue()
    shops = [s for d in catalogue.districts for s in d.shops]
    shops += [s for b in catalogue.metropolis_boards for s in b.shops]
    benefit = shops[0].benefit
    for size in (1, 2, 3):
        shops += [Shop(icons, benefit) for icons in itertools.product(Icon, repeat=size)]
    shops += [Shop(icons, benefit) for icons in itertools.combinations_with_replacement(Icon, 4)]
    return shops


def test_shop_acceptance_matches_exact_token_to_icon_matching() -> None:
    """R-1.6: a Shop holds tokens, and takes one more, exactly when each token can sit on
    an icon of its own resource or an "any" icon, one token per icon."""
    checked = 0
    for shop in _all_shops():
        for tokens in itertools.product(range(5), repeat=4):
            counts = (tokens[0], tokens[1], tokens[2], tokens[3])
            fits = oracle.fits(shop.requires, counts)
            assert shop.can_hold(counts) == fits, (shop.requires, counts)
            if fits:
                for resource in RESOURCES:
                    expected = oracle.accepts(shop.requires, counts, resource)
                    assert shop.accepts(counts, resource) == expected, (shop.requires, counts)
                    checked += 1
    assert checked


def _shop_candidates(state: GameState) -> Iterator[tuple[Resource, int]]:
    for resource in RESOURCES:
        for shop in range(-1, len(state.player.metropolis.shops) + 1):
            yield resource, shop


@each_config
def test_supplying_matches_the_oracle(config: Config) -> None:
    """R-3.5, R-1.6, R-6, I-6, I-13: the tokens that can go on each Shop, the places of a
    ``resource_to_shop`` benefit, and ``is_legal`` on every resource and Shop number."""
    checked = 0
    for state in decisions(config, Phase.SUPPLY):
        expected: set[Any] = oracle.supply_moves(state)
        assert _listed(state) == expected
        for resource, shop in _shop_candidates(state):
            move = SupplyShop(resource, shop)
            assert is_legal(state, move) == (move in expected), move
        checked += 1
    for state in decisions(config, Phase.BONUS):
        expected = oracle.bonus_moves(state)
        assert expected, "a benefit nothing can receive is still pending"
        assert _listed(state) == expected
        for resource, shop in _shop_candidates(state):
            for bonus in (PlaceBonusResource(resource, shop), PlaceBonusResource(resource, None)):
                assert is_legal(state, bonus) == (bonus in expected), bonus
    assert checked


def _check_supplying(
    state: GameState, move: SupplyShop | PlaceBonusResource, after: GameState
) -> None:
    player = after.players[state.current]
    got = oracle.AfterSupplying(
        tokens=tuple(s.tokens for s in player.metropolis.shops),
        supply=player.supply,
        stock=after.stock,
        wheat=player.metropolis.wheat,
        bonuses=after.bonuses,
        phase=after.phase,
    )
    assert got == oracle.after_supplying(state, move), move


@each_config
def test_immediate_benefits_match_the_oracle(config: Config) -> None:
    """R-3.5, R-6, I-6, I-7, I-13: every token put on a Shop, from the supply or for a
    benefit: Shops, supply, Stock, Wheat, pending benefits and the next decision."""
    checked = 0
    for step in steps(config):
        if isinstance(step.move, SupplyShop | PlaceBonusResource):
            _check_supplying(step.before, step.move, step.after)
            checked += 1
    assert checked


@each_config
def test_rearranged_metropolises_match_the_oracle(config: Config) -> None:
    """R-1.6, R-3.5, R-6, I-6, I-7, I-13 with random Shops, supply, Wheat and a scarce
    Stock: every token that can be supplied, then every place of the benefit it triggers."""
    checked = 0
    for state in rearranged(config):
        expected = oracle.supply_moves(state)
        assert _listed(state) == expected
        for move in _ordered(expected - {EndSupplying()}):
            after = apply(state, move)
            _check_supplying(state, move, after)
            if after.phase is Phase.BONUS:
                bonuses = oracle.bonus_moves(after)
                assert _listed(after) == bonuses
                for bonus in _ordered(bonuses):
                    _check_supplying(after, bonus, apply(after, bonus))
            checked += 1
    assert checked


# --------------------------------------------------------------------------- final scoring


def _compare_scores(report_sheets: Sequence[ScoreSheet], expected: list[oracle.Sheet]) -> None:
    got = [
        oracle.Sheet(s.player, s.stage_totals, s.tokens_on_metropolis, s.rank)
        for s in report_sheets
    ]
    assert got == expected


@each_config
def test_final_scores_match_the_oracle(config: Config) -> None:
    """R-5.1 to R-5.5, R-4.3, I-8: every stage total, the tie-break and the winners at
    the end of each game."""
    for game in games(config):
        state = game.end
        catalogue = state.config.catalogue
        expected = oracle.final_sheets(
            [(p.name, p.metropolis) for p in state.players],
            catalogue.gods,
            catalogue.monuments.first,
            catalogue.monuments.second,
        )
        report = final_scores(state)
        _compare_scores(report.sheets, expected)
        assert report.winners == tuple(s.player for s in expected if s.rank == 1)


@given(final_positions())
def test_scores_of_arbitrary_tables_match_the_oracle(position: FinalPosition) -> None:
    """R-5, R-4.3: any finished table (partly supplied Shops, Statue duplicates, Monument
    ties, other Monument values) scores as the oracle says."""
    expected = oracle.final_sheets(
        [(p.name, p.metropolis) for p in position.players],
        position.gods,
        position.monument_first,
        position.monument_second,
    )
    report = score_position(position)
    _compare_scores(report.sheets, expected)
    assert report.winners == tuple(s.player for s in expected if s.rank == 1)


GODS = ("Ra", "Isis", "Osiris", "Horus", "Anubis", "Bastet")


def _statue_benefit(draw: st.DrawFn) -> StatueBenefit | StatueChoiceBenefit:
    if draw(st.booleans()):
        return StatueChoiceBenefit()
    gods = draw(st.lists(st.sampled_from(GODS), min_size=1, max_size=3, unique=True))
    return StatueBenefit(tuple(gods))


@st.composite
def statue_tables(draw: st.DrawFn) -> FinalPosition:
    """Tables of Statue Shops, full or not, naming gods of the table or others, with
    Statues scales of any length, and 0 to 4 Monuments each (ties are frequent)."""
    gods = GODS[: draw(st.integers(1, 5))]
    players = []
    for name in NAMES[: draw(st.integers(1, 4))]:
        shops = tuple(
            ShopState(Shop((Icon.ANY,), _statue_benefit(draw)), (draw(st.integers(0, 1)), 0, 0, 0))
            for _ in range(draw(st.integers(0, 7)))
        )
        scale = sorted(draw(st.lists(st.integers(0, 30), min_size=1, max_size=len(gods) + 3)))
        metropolis = Metropolis(
            shops=shops,
            wheat_track=(0,),
            statue_scale=tuple(scale),
            monuments=draw(st.integers(0, oracle.PAWNS)),
        )
        players.append(PlayerPosition(name, metropolis))
    return FinalPosition(players=tuple(players), gods=gods)


@given(statue_tables())
def test_statues_and_monuments_match_the_oracle(position: FinalPosition) -> None:
    """R-5.3, I-8, R-5.4, R-4.3: different Statues (choices fill missing gods only, the
    scale caps the count) and Monument places with ties."""
    expected = oracle.final_sheets(
        [(p.name, p.metropolis) for p in position.players],
        position.gods,
        position.monument_first,
        position.monument_second,
    )
    _compare_scores(score_position(position).sheets, expected)


# --------------------------------------------------------------------------- setup


def test_start_anchors_match_the_oracle_on_every_valley() -> None:
    """R-2.1, I-14: on every arrangement of 3 or 4 Valley boards, each turned or not, the
    starting tile may go exactly where the oracle says, nearest the centre first."""
    boards = default_catalogue().valley_boards
    checked = 0
    for count in (3, 4):
        for chosen in itertools.permutations(boards, count):
            for turns in itertools.product((False, True), repeat=count):
                grid = layout(tuple(zip(chosen, turns, strict=True)))
                anchors = start_anchors(grid)
                assert len(anchors) == len(set(anchors))
                assert set(anchors) == oracle.start_anchors(grid), (chosen, turns)
                distances = [oracle.centre_distance(grid, a) for a in anchors]
                assert all(a <= b + 1e-9 for a, b in itertools.pairwise(distances))
                checked += 1
    assert checked == 4 * 3 * 2 * 8 + 4 * 3 * 2 * 16


@each_config
def test_setup_lays_the_starting_tile_as_the_oracle_says(config: Config) -> None:
    """R-2.1, R-1.3, I-14: a 2 x 2 tile showing the four scenes, on an oracle anchor."""
    for game in games(config):
        grid = game.start.config.layout
        (start,) = game.start.valley.tiles
        row, column = divmod(min(start.squares), grid.width)
        block = {(row + dr) * grid.width + column + dc for dr in (0, 1) for dc in (0, 1)}
        assert set(start.squares) == block
        assert (row, column) in oracle.start_anchors(grid)
        assert sorted(start.scenes) == list(RESOURCES)


# --------------------------------------------------------------------------- coverage


def _fills(state: GameState, move: SupplyShop, kind: type[Any]) -> bool:
    """Whether ``move`` fills a Shop whose benefit is of ``kind``."""
    shop = state.player.metropolis.shops[move.shop]
    full = sum(shop.tokens) + 1 == len(shop.shop.requires)
    return full and isinstance(shop.shop.benefit, kind)


def _wheat_top(state: GameState) -> int:
    return len(state.player.metropolis.wheat_track) - 1


def _events_of_games() -> Counter[str]:
    seen: Counter[str] = Counter()
    for config in CONFIGS:
        for step in steps(config):
            state, move, after = step.before, step.move, step.after
            seen[type(move).__name__] += 1
            if isinstance(move, PlaceTile):
                got = oracle.harvest(state, move)
                a, b = state.config.tiles[move.tile].scenes
                icons = oracle.board_of(state).icons
                seen["Wheat harvested"] += got.wheat > 0
                seen["icon covered"] += any(icons[s] is not None for s in (move.first, move.second))
                seen["double tile"] += a is b
                short = any(n > left for n, left in zip(got.tokens, state.stock, strict=True))
                seen["Stock short at harvest"] += short
            elif isinstance(move, ClaimQuarry):
                seen["Monument built"] += move.resource is None
            elif isinstance(move, SupplyShop):
                was, now = state.player.metropolis.wheat, after.players[state.current].metropolis
                seen["Wheat benefit"] += now.wheat > was
                seen["benefit queued"] += after.phase is Phase.BONUS
            elif isinstance(move, BuildDistrict):
                seen["paid with Wheat"] += move.wheat > 0
    return seen


def _events_of_positions() -> Counter[str]:
    seen: Counter[str] = Counter()
    for config in CONFIGS:
        for state in crowded(config):
            moves = oracle.step_one_moves(state)
            seen["discard"] += any(isinstance(m, DiscardTile) for m in moves)
            placed = [m for m in moves if isinstance(m, PlaceTile)]
            seen["Quarries closed at once"] += any(
                len(oracle.harvest(state, m).quarries) > 1 for m in placed
            )
            seen["Wheat capped at harvest"] += any(
                state.player.metropolis.wheat + oracle.harvest(state, m).wheat > _wheat_top(state)
                for m in placed
            )
        for state in rearranged(config):
            for move in oracle.supply_moves(state):
                if isinstance(move, SupplyShop) and _fills(state, move, WheatBenefit):
                    wheat = oracle.after_supplying(state, move).wheat
                    seen["Wheat benefit capped"] += wheat == _wheat_top(state)
                if isinstance(move, SupplyShop) and _fills(state, move, ResourceToShopBenefit):
                    after = apply(state, move)
                    if after.phase is not Phase.BONUS:
                        seen["benefit lost"] += 1
                    elif any(m.shop is None for m in oracle.bonus_moves(after)):
                        seen["benefit to the supply"] += 1
    return seen


def test_the_positions_reach_every_case_the_oracles_tell_apart() -> None:
    """The differential tests are not vacuous: each case the oracles distinguish occurs
    in the random games or in the crowded and rearranged positions derived from them."""
    seen = _events_of_games() + _events_of_positions()
    wanted = (
        *("PlaceTile", "ClaimQuarry", "BuildDistrict", "SkipBuilding", "SupplyShop"),
        *("PlaceBonusResource", "EndSupplying", "TakeTile", "RemoveTile"),
        *("Wheat harvested", "icon covered", "double tile", "Stock short at harvest"),
        *("Monument built", "Wheat benefit", "benefit queued", "paid with Wheat"),
        *("discard", "Quarries closed at once", "benefit lost", "benefit to the supply"),
        *("Wheat capped at harvest", "Wheat benefit capped"),
    )
    assert [case for case in wanted if not seen[case]] == [], seen
