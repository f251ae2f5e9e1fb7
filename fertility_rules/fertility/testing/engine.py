"""Reusable checks of the game engine: invariants (R-7), strategies and a state machine.

Other applications (and catalogues other than the default one) can run the same checks
against their own components::

    from fertility_rules.fertility.testing.engine import GameMachine

    class MyGameMachine(GameMachine):
        catalogue = my_catalogue

    TestMyGame = MyGameMachine.TestCase

The module needs ``hypothesis`` (a test dependency); nothing else of the library imports it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any, ClassVar

from hypothesis import strategies as st

from fertility_rules.errors import UnknownIdError
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.game import RULE_ID
from fertility_rules.fertility.interpretations import Interpretations
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import SPOTS
from fertility_rules.fertility.model.resources import RESOURCES, Counts
from fertility_rules.fertility.model.shop import Shop
from fertility_rules.fertility.moves import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    EndSupplying,
    Move,
    PlaceBonusResource,
    PlaceTile,
    RemoveTile,
    SkipBuilding,
    SupplyShop,
    TakeTile,
)
from fertility_rules.fertility.rules.engine import (
    MOVE_PHASES,
    apply,
    final_scores,
    is_legal,
    legal_moves,
    violations,
)
from fertility_rules.fertility.rules.geometry import bits
from fertility_rules.fertility.setup import COMMON_POOL, OFFER, PERSONAL_POOL, new_game
from fertility_rules.fertility.state import GameState, Phase
from fertility_rules.testing.machine import EngineMachine, expect
from fertility_rules.testing.switches import switch_combinations

__all__ = [
    "MOVE_PHASES",
    "RULE_ID",
    "GameMachine",
    "arbitrary_moves",
    "check_invariants",
    "games",
    "interpretations",
    "shop_token_decreases",
    "tiles_in_game",
]

STANDARD_TURNS = 9
"""Turns each player has played at the end with the standard tile counts (R-4.2)."""


# --------------------------------------------------------------------------- invariants


def tiles_in_game(state: GameState) -> tuple[str, ...]:
    """Every Valley tile drawn at setup, wherever it is now (pile, pools, board, ...).

    The starting tile (the first tile on the board, laid at setup) is not a drawn tile.
    """
    return (
        *state.pile,
        *state.common_pool,
        *(tile for player in state.players for tile in player.pool),
        *(placed.tile for placed in state.valley.tiles[1:]),
        *state.discarded,
        *state.removed,
    )


def _check_tokens(state: GameState) -> list[str]:
    problems: list[str] = []
    per_resource = state.config.catalogue.stock_per_resource
    for resource in RESOURCES:
        stock = state.stock[resource]
        supplies = sum(player.supply[resource] for player in state.players)
        shops = sum(player.metropolis.token_counts()[resource] for player in state.players)
        if stock < 0 or any(player.supply[resource] < 0 for player in state.players):
            problems.append(f"R-1.1: a negative number of {resource.key} tokens")
        if stock + supplies + shops != per_resource:
            problems.append(
                f"R-7 (tokens): {resource.key}: Stock {stock} + supplies {supplies} "
                f"+ Shops {shops} != {per_resource}"
            )
    return problems


def _check_tiles(state: GameState, initial_tiles: int | Collection[str]) -> list[str]:
    where = tiles_in_game(state)
    problems: list[str] = []
    expected = initial_tiles if isinstance(initial_tiles, int) else len(initial_tiles)
    if len(where) != expected:
        problems.append(
            f"R-7 (tiles): pile {len(state.pile)} + Common Pool {len(state.common_pool)} "
            f"+ Personal Pools {sum(len(p.pool) for p in state.players)} "
            f"+ board {len(state.valley.tiles) - 1} + discarded {len(state.discarded)} "
            f"+ removed {len(state.removed)} = {len(where)} != {expected} drawn"
        )
    if not isinstance(initial_tiles, int) and Counter(where) != Counter(initial_tiles):
        extra = sorted((Counter(where) - Counter(initial_tiles)).elements())
        missing = sorted((Counter(initial_tiles) - Counter(where)).elements())
        problems.append(f"R-7 (tiles): tiles appeared {extra} or vanished {missing}")
    if len(state.common_pool) > COMMON_POOL:
        problems.append(f"R-2.3: the Common Pool holds {len(state.common_pool)} tiles")
    for player in state.players:
        if len(player.pool) > PERSONAL_POOL:
            problems.append(f"R-2.3: {player.name}'s Personal Pool holds {len(player.pool)} tiles")
    return problems


def _district_shops_match(shops: Sequence[Shop], districts: list[District]) -> bool:
    """Whether ``shops`` are the Shops of ``districts`` built in some order (backtracking)."""
    if not districts:
        return not shops
    for index, district in enumerate(districts):
        size = len(district.shops)
        if tuple(shops[:size]) == district.shops and _district_shops_match(
            shops[size:], districts[:index] + districts[index + 1 :]
        ):
            return True
    return False


def _check_metropolises(state: GameState) -> list[str]:
    problems: list[str] = []
    catalogue = state.config.catalogue
    max_monuments = catalogue.monuments.per_type
    on_board = Counter(player for _square, player in state.valley.monuments)
    for index, player in enumerate(state.players):
        metropolis = player.metropolis
        name = player.name
        for number, shop_state in enumerate(metropolis.shops):
            tokens = shop_state.tokens
            if any(n < 0 for n in tokens) or not shop_state.shop.can_hold(tokens):
                problems.append(
                    f"R-7 (Shops): {name}'s Shop {number} holds {tokens}, over its icons"
                )
        districts = list(metropolis.districts)
        if len(districts) > SPOTS or len(metropolis.spots) > SPOTS:
            problems.append(f"R-7: {name} has {len(districts)} Districts (at most {SPOTS})")
        if not 0 <= metropolis.monuments <= max_monuments:
            problems.append(f"R-7: {name} has {metropolis.monuments} Monuments")
        if on_board[index] != metropolis.monuments:
            problems.append(
                f"R-7: {name} has {on_board[index]} Monuments on the board "
                f"but {metropolis.monuments} counted"
            )
        if not 0 <= metropolis.wheat <= metropolis.wheat_top:
            problems.append(
                f"R-7 (Wheat): {name}'s Wheat {metropolis.wheat} is off the track "
                f"0..{metropolis.wheat_top}"
            )
        shops = [shop_state.shop for shop_state in metropolis.shops]
        board_shops: tuple[Shop, ...] = ()
        if metropolis.board_id is not None:
            try:
                board_shops = catalogue.metropolis_board(metropolis.board_id).shops
            except UnknownIdError:
                problems.append(f"R-2.4: {name}'s Metropolis board is not in the catalogue")
        if tuple(shops[: len(board_shops)]) != board_shops or not _district_shops_match(
            shops[len(board_shops) :], districts
        ):
            problems.append(
                f"R-1.7: {name}'s Shops are not the board's Shops plus those of the Districts"
            )
    return problems


def _check_valley(state: GameState) -> list[str]:
    problems: list[str] = []
    grid = state.config.layout
    valley = state.valley
    covered = 0
    for mask in valley.scenes:
        if covered & mask:
            problems.append("R-3.1: a square shows two scenes")
        covered |= mask
    placed = 0
    for tile in valley.tiles:
        for square in tile.squares:
            placed |= 1 << square
    if placed != covered:
        problems.append("R-3.1: the scenes on the board are not those of the tiles laid")
    monuments = 0
    for square, _player in valley.monuments:
        if (monuments | covered) >> square & 1:
            problems.append(f"R-3.3.D: a Monument on square {square} is over something")
        monuments |= 1 << square
    if (covered | monuments | valley.empty) & ~grid.desert:
        problems.append("R-3.1: a tile or a Monument is on wheat, water or off the board")
    if valley.empty & (covered | monuments):
        problems.append("R-3.1: a covered square is counted as empty")
    if (valley.empty | covered | monuments) != grid.desert:
        problems.append("R-3.1: some desert squares are neither empty nor covered")
    return problems


def _check_flow(state: GameState) -> list[str]:
    problems: list[str] = []
    if not 0 <= state.current < len(state.players):
        problems.append(f"R-2.7: no player {state.current}")
    if state.phase is Phase.QUARRY and not (state.quarries and state.quarry_choices > 0):
        problems.append("R-3.3.D: a Quarry choice with no Quarry")
    if state.phase is Phase.BONUS and not state.bonuses:
        problems.append("R-6: an immediate benefit to place with none pending")
    if state.turns_left is not None and not 0 <= state.turns_left <= len(state.players):
        problems.append(f"R-4.2: {state.turns_left} turns left")
    offer, deck = set(state.offer), set(state.district_deck)
    built = {d.id for p in state.players for d in p.metropolis.districts}
    if len(state.offer) > OFFER or offer & deck or built & (offer | deck):
        problems.append("R-2.5: the District offer, the pile and the built Districts overlap")
    played = sum(player.turns for player in state.players)
    if not state.is_over and played != state.turn - 1:
        problems.append(f"R-2.7: turn {state.turn} after {played} turns played")
    return problems


def _check_scores(state: GameState) -> list[str]:
    problems: list[str] = []
    for sheet in final_scores(state).sheets:
        for stage_index, total in enumerate(sheet.stage_totals):
            lines = [line for line in sheet.lines if line.stage == stage_index + 1]
            if not isinstance(total, int) or total < 0:
                problems.append(f"R-7 (scores): {sheet.player}: stage {stage_index + 1} = {total}")
            if sum(line.debens for line in lines) != total:
                problems.append(
                    f"R-7 (scores): {sheet.player}: the lines of stage {stage_index + 1} "
                    f"do not add up to {total}"
                )
        if sheet.total != sum(sheet.stage_totals):
            problems.append(f"R-7 (scores): {sheet.player}'s total is not the sum of the stages")
    return problems


def check_invariants(
    state: GameState, initial_tiles: int | Collection[str], *, scores: bool = True
) -> list[str]:
    """Every broken invariant of ``state`` (R-7), one message each; empty when all hold.

    ``initial_tiles`` is the number of Valley tiles drawn at setup, or the drawn tiles
    themselves (then each tile must be found exactly once). Checked:

    * tokens are conserved per resource: Stock + supplies + Shops = the catalogue's
      ``stock_per_resource``, and no count is negative (R-1.1);
    * tiles are conserved: pile + Common Pool + Personal Pools + tiles on the board
      (minus the starting tile) + discarded + removed = tiles drawn; pools within size;
    * no Shop holds more of a resource than its icons allow (R-1.6);
    * at most 7 Districts and 4 Monuments per player, Monuments on the board match;
    * Wheat is within the track (R-1.2, I-7);
    * a Metropolis's Shops are its board's Shops followed by those of its Districts;
    * the board is consistent (no square covered twice, nothing on wheat or water);
    * the phase, turn counter and District offer are consistent;
    * with ``scores``, every stage of the final scoring is a non-negative integer equal
      to the sum of its lines, and the total is the sum of the stages (R-7).
    """
    problems = [
        *_check_tokens(state),
        *_check_tiles(state, initial_tiles),
        *_check_metropolises(state),
        *_check_valley(state),
        *_check_flow(state),
    ]
    if scores:
        problems.extend(_check_scores(state))
    return problems


def shop_token_decreases(before: GameState, after: GameState) -> list[str]:
    """Tokens that left a Shop between two states: a token on a Shop never moves (R-3.5)."""
    problems: list[str] = []
    for old, new in zip(before.players, after.players, strict=True):
        old_shops, new_shops = old.metropolis.shops, new.metropolis.shops
        if len(new_shops) < len(old_shops):
            problems.append(f"R-3.5: {old.name} lost Shops")
            continue
        for index, (was, now) in enumerate(zip(old_shops, new_shops, strict=False)):
            if was.shop != now.shop or any(
                a > b for a, b in zip(was.tokens, now.tokens, strict=True)
            ):
                problems.append(f"R-3.5: {old.name}'s Shop {index}: {was.tokens} -> {now.tokens}")
    return problems


# --------------------------------------------------------------------------- strategies


def interpretations() -> st.SearchStrategy[Interpretations]:
    """Any combination of the interpretation switches (every value is playable)."""
    return switch_combinations(Interpretations)


@st.composite
def _games(draw: st.DrawFn, catalogue: Catalogue | None) -> GameState:
    players = draw(st.integers(2, 4))
    variant = draw(st.booleans()) if players == 2 else False
    seed = draw(st.integers(0, 2**32 - 1))
    options = draw(interpretations())
    names = [f"P{i + 1}" for i in range(players)]
    return new_game(names, seed, catalogue, variant, options)


def games(catalogue: Catalogue | None = None) -> st.SearchStrategy[GameState]:
    """Games just set up (R-2): 2 to 4 players, the 2-player variant or not, a seed and
    any playable interpretations, on ``catalogue`` (the default one when ``None``)."""
    return _games(catalogue)


def _counts() -> st.SearchStrategy[Counts]:
    amount = st.integers(-1, 3)
    return st.tuples(amount, amount, amount, amount)


def arbitrary_moves(state: GameState) -> st.SearchStrategy[Move]:
    """Moves of every kind with random fields: legal ones, illegal ones, wrong-phase ones.

    Fields are drawn partly from what ``state`` makes plausible (tiles of the pools,
    squares next to the scenes in play, Districts on offer, existing Shops) and partly
    at random (unknown ids, squares off the board, negative payments).
    """
    grid = state.config.layout
    size = grid.width * grid.height
    player = state.player
    tile_ids = [*sorted(state.config.tiles), "no-such-tile"]
    plausible_tiles = [*player.pool, *state.common_pool]
    tiles = st.sampled_from(tile_ids)
    if plausible_tiles:
        tiles = st.one_of(st.sampled_from(plausible_tiles), tiles)
    covered = 0
    for mask in state.valley.scenes:
        covered |= mask
    near = bits(grid.dilate(covered) | covered) or [0]
    squares = st.one_of(st.sampled_from(near), st.integers(-2, size + 2))
    steps = st.sampled_from([1, -1, grid.width, -grid.width, 0, 2, grid.width + 1])
    resources = st.sampled_from(RESOURCES)
    districts = st.sampled_from(
        [*state.offer, *state.district_deck[:2], "no-such-district"]
        if state.offer
        else ["no-such-district"]
    )
    shop_count = len(player.metropolis.shops)
    shops = st.integers(-1, shop_count)
    quarry_squares = st.sampled_from(state.quarries) if state.quarries else squares
    spots = player.metropolis.spots
    free_spots = [i for i, district in enumerate(spots) if district is None] or [0]
    supply = player.supply
    payments = st.tuples(*(st.integers(0, max(0, supply[r])) for r in RESOURCES)).map(
        lambda counts: (counts[0], counts[1], counts[2], counts[3])
    )
    by_phase: dict[Phase, list[st.SearchStrategy[Move]]] = {
        Phase.PLACE: [
            st.builds(
                lambda tile, square, step: PlaceTile(tile, square, square + step),
                tiles,
                squares,
                steps,
            ),
            st.builds(DiscardTile, tiles),
        ],
        Phase.QUARRY: [
            st.builds(
                ClaimQuarry,
                st.one_of(quarry_squares, squares),
                st.one_of(st.none(), resources),
            )
        ],
        Phase.BUILD: [
            st.builds(
                BuildDistrict,
                districts,
                st.one_of(st.sampled_from(free_spots), st.integers(-1, SPOTS)),
                st.one_of(payments, _counts()),
                st.one_of(st.integers(0, player.metropolis.wheat), st.integers(-1, 3)),
            ),
            st.just(SkipBuilding()),
        ],
        Phase.SUPPLY: [st.builds(SupplyShop, resources, shops), st.just(EndSupplying())],
        Phase.BONUS: [st.builds(PlaceBonusResource, resources, st.one_of(st.none(), shops))],
        Phase.TAKE: [st.builds(TakeTile, tiles)],
        Phase.REMOVE: [st.builds(RemoveTile, tiles)],
    }
    any_move = st.one_of([strategy for group in by_phase.values() for strategy in group])
    choices: list[st.SearchStrategy[Move]] = [any_move]
    if state.phase in by_phase:
        # Twice as likely as any other kind: moves of the current decision test the most.
        choices += [st.one_of(by_phase[state.phase])] * 2
    legal = legal_moves(state)
    if legal:
        choices.append(st.sampled_from(legal))
    return st.one_of(choices)


# --------------------------------------------------------------------------- state machine


class GameMachine(EngineMachine):
    """Random games played through the checked ``apply``, with every invariant checked.

    Set the class attribute :attr:`catalogue` in a subclass to play another catalogue;
    run it with ``TestX = MyMachine.TestCase``. The machine
    (:class:`~fertility_rules.testing.machine.EngineMachine`):

    * plays legal moves one at a time, a few at once, or a whole turn at once (so that
      games reach their end within a test run), checking the invariants (R-7) after
      every move and that tokens on Shops never decrease;
    * tries arbitrary moves: an illegal one (non-empty ``violations``) must raise
      :class:`IllegalMoveError` with a rule id and leave the state as it was; a move of
      the current decision is legal exactly when ``legal_moves`` lists it;
    * checks that a game in progress always has a legal move, and that a finished game
      has none, refuses every move (R-4.2) and saw every player play 9 turns; then it
      starts another game, so one example may play several.
    """

    catalogue: ClassVar[Catalogue | None] = None
    """The catalogue to play (``None``: the default catalogue)."""
    end_rule = "R-4.2"
    end_moves = (EndSupplying(), SkipBuilding())
    rule_id = RULE_ID

    def __init__(self) -> None:
        super().__init__()
        self.initial_tiles: tuple[str, ...] = ()

    def new_game(self, data: st.DataObject) -> GameState:
        """A new game from :func:`games` on :attr:`catalogue`."""
        state = data.draw(games(type(self).catalogue), label="game")
        self.initial_tiles = tiles_in_game(state)
        return state

    legal_moves = staticmethod(legal_moves)
    apply = staticmethod(apply)
    violations = staticmethod(violations)
    is_legal = staticmethod(is_legal)
    arbitrary_moves = staticmethod(arbitrary_moves)

    def fits(self, state: GameState, move: Move) -> bool:
        return MOVE_PHASES[type(move)] is state.phase

    def problems(self, state: GameState) -> list[Any]:
        """Every invariant of R-7 (scores at the end only, for speed)."""
        return list(check_invariants(state, self.initial_tiles, scores=state.is_over))

    def move_problems(self, before: GameState, after: GameState) -> list[Any]:
        return list(shop_token_decreases(before, after))

    def check_over(self, state: GameState) -> None:
        turns = [player.turns for player in state.players]
        expect(turns == [STANDARD_TURNS] * len(state.players), turns)
