"""Whether a game state read from a document is one the rules could reach.

A hand-made or hostile game-state document can be well formed, name only known ids
and still describe a table no game leads to: a tile in two places, 21 Grapes, a
player deciding out of turn, a Quarry choice with no Quarry. The referee's functions
trust their state (they are fast because they do not look again), so
:func:`reachability_problems` checks, once, at the boundary, every property below.
Every reachable state passes (a property test plays random games); each problem
carries its JSON path and rule.

Checked exactly (a state breaking one is never reachable):

- the central board: 3 Valley boards for 2 or 3 players, 4 for 4, each once (R-1.4);
  the starting tile on a start symbol nearest the centre, its scenes the catalogue's
  turned (R-2.1, I-14); every tile on desert squares, the shape and scenes of its
  catalogue entry, laid by a player (R-1.3, R-3.1); the tiles can be laid in some
  order that obeys R-3.1 (adding, from the starting tile, any tile that touches an
  identical scene already in play reaches them all); Monuments on squares a placement
  closed (R-3.3.D, I-1), as many as each player's count (R-1.8);
- conservation: each Valley tile and District in one place, as many as were drawn
  (R-2.2, R-2.5, R-7); 20 tokens of each resource (R-7);
- the turn: whose turn and which turn it is (R-2.7); pools of the sizes the turn
  leaves (R-2.3, R-3.6, R-8); the District offer refilled (R-2.5, R-3.6, I-10); the
  tokens of every supply but the current player's back in the Stock, and the current
  player's too before they place and after they finish supplying (R-3.6); the end of
  the game (R-4);
- what the turns played allow: per player, no more tiles laid and Districts built than
  turns played (this one included), no more tiles laid and discarded in all than turns
  played (R-3.1, R-3.2, R-3.4); no more Wheat than their tiles' wheat squares and
  their Wheat Shops give (R-3.3.B, R-6); no more tokens on their Shops and in their
  supply than their tiles, the Quarries beside them and their Shops' benefits can
  have given (R-3.3, R-6);
- the decision: Quarries awaiting a choice are closed empty squares beside the tile
  the current player just laid, one choice each (or one in all, I-2) (R-3.3.D); a
  benefit waits exactly while a player places it (R-6); some move is possible (R-3).

Shape-valid, not proven reachable: a bound above is not a proof that the exact amounts
can be gathered (which tokens the harvests gave in which turn, which benefits are
still waiting, which tiles went back to the box); a state passing every check may
still be one no sequence of turns reaches. The referee plays it all the same.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import Problem
from fertility_rules.fertility.effects.base import GainWheat, PlaceResource
from fertility_rules.fertility.interpretations import Enclosure, QuarryCount
from fertility_rules.fertility.model.resources import RESOURCES, add_counts
from fertility_rules.fertility.rules.engine import legal_moves
from fertility_rules.fertility.rules.geometry import ValleyLayout, bits
from fertility_rules.fertility.rules.harvest import closed_quarries
from fertility_rules.fertility.setup import (
    COMMON_POOL,
    OFFER,
    PERSONAL_POOL,
    start_anchors,
    start_tile_scenes,
    tiles_in_play,
)
from fertility_rules.fertility.state import GameState, Phase, PlacedTile
from fertility_rules.formats.documents import join
from fertility_rules.formats.limits import bound_problems
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.shared.players import name_problems

__all__ = ["reachability_problems"]

_START = "start"


@checked_arguments
def reachability_problems(state: GameState, pile_size: int | None = None) -> list[Problem]:
    """What keeps ``state`` from being a state of a game, each at the JSON path of the
    game-state document it was read from; empty when it is one.

    ``pile_size`` stands for the Valley pile when only its size is known (a view).
    """
    hidden = len(state.pile) if pile_size is None else pile_size
    problems = [
        *_players(state),
        *_tiles(state, hidden),
        *_board(state),
        *_districts(state),
        *_tokens(state),
        *_turn_order(state),
        *_decision(state, hidden),
    ]
    if problems:  # the checks below assume a consistent table
        return problems
    problems = [
        *_laying_order(state),
        *_played(state),
        *_gains(state),
        *_pools(state),
        *_offer(state),
        *_quarries(state),
    ]
    if not state.is_over and not legal_moves(state):
        problems.append(Problem("$.phase", _("no move is possible at this decision"), "R-3"))
    return problems


def _players(state: GameState) -> Iterator[Problem]:
    players = state.players
    yield from name_problems([p.name for p in players], "$.players", ".name")
    if len({p.monument_type for p in players}) != len(players):
        yield Problem("$.players", _("each player takes a different Monument type"), "R-2.6")
    if len({p.metropolis.board_id for p in players}) != len(players):
        yield Problem("$.players", _("each player takes a different Metropolis board"), "R-2.4")
    if state.config.variant and len(players) != 2:
        yield Problem(
            "$.variant", _("The variant is for 2 players only, not {n}.", n=len(players)), "R-8"
        )
    for index, player in enumerate(players):
        path = join("$.players", index)
        yield from bound_problems(join(path, "turns"), player.turns, 0)
        yield from bound_problems(join(path, "wheat"), player.metropolis.wheat, 0)
        yield from bound_problems(join(path, "monuments"), player.metropolis.monuments, 0)
        if len(player.pool) > PERSONAL_POOL:
            yield Problem(join(path, "pool"), _pool_limit(), "R-2.3")
        if index != state.current and any(player.supply):
            yield Problem(
                join(path, "supply"),
                _("tokens left in a supply go back to the Stock at the end of the turn"),
                "R-3.6",
            )


def _pool_limit() -> Message:
    return _("a pool holds at most {n} tiles", n=PERSONAL_POOL)


def _places(state: GameState) -> Iterator[tuple[str, str]]:
    """``(tile, path)`` of every Valley tile in sight, the starting tile left out."""
    for index, placed in enumerate(state.valley.tiles):
        if placed.tile != _START:
            yield placed.tile, join(join("$.tiles", index), "tile")
    for index, player in enumerate(state.players):
        path = join(join("$.players", index), "pool")
        yield from ((tile, join(path, k)) for k, tile in enumerate(player.pool))
    for key in ("common_pool", "pile", "discarded", "removed"):
        tiles: Sequence[str] = getattr(state, key)
        yield from ((tile, join(f"$.{key}", k)) for k, tile in enumerate(tiles))


def _twice(what: Message, key: str, path: str, first: str, rule: str) -> Problem:
    return Problem(
        path,
        _("{what} {key} is in two places (also at {other})", what=what, key=key, other=first),
        rule,
    )


def _tiles(state: GameState, hidden: int) -> Iterator[Problem]:
    seen: dict[str, str] = {}
    for tile, path in _places(state):
        if tile in seen:
            yield _twice(_("Valley tile"), tile, path, seen[tile], "R-7")
        seen.setdefault(tile, path)
    count = len(state.players)
    if 2 <= count <= 4 and not (state.config.variant and count != 2):
        drawn = tiles_in_play(count, state.config.variant)
        total = len(seen) + hidden - len(state.pile)
        if total != drawn:
            yield Problem(
                "$",
                _(
                    "Valley tiles in the game: {count}, not the {n} drawn at setup",
                    count=total,
                    n=drawn,
                ),
                "R-2.2",
            )
    if len(state.common_pool) > COMMON_POOL:
        yield Problem("$.common_pool", _("a pool holds at most {n} tiles", n=COMMON_POOL), "R-2.3")
    if state.removed and not state.config.variant:
        yield Problem("$.removed", _("only the 2-player variant removes tiles"), "R-8")


def _board(state: GameState) -> Iterator[Problem]:
    """Tiles and Monuments where the rules put them: desert squares, tiles the shape
    and scenes of the catalogue's (R-1.3, R-2.1, R-3.1)."""
    grid = state.config.layout
    catalogue = state.config.catalogue
    starts = 0
    for index, placed in enumerate(state.valley.tiles):
        path = join("$.tiles", index)
        squares = placed.squares
        if any(not (grid.desert >> s) & 1 for s in squares):
            yield Problem(join(path, "squares"), _("a tile lies on desert squares only"), "R-3.1")
        if placed.tile == _START:
            starts += 1
            rows = sorted(grid.coordinates(s) for s in squares)
            (row, column) = rows[0]
            block = [(row + dr, column + dc) for dr in (0, 1) for dc in (0, 1)]
            scenes = [r for pair in catalogue.start_tile.scenes for r in pair]
            if rows != block:
                yield Problem(
                    join(path, "squares"), _("the starting tile covers a 2 x 2 block"), "R-2.1"
                )
            else:
                yield from _start(state, placed, path)
        else:
            scenes = list(catalogue.tiles_by_id[placed.tile].scenes)
            if len(squares) != 2 or not _adjacent(grid, squares[0], squares[1]):
                yield Problem(
                    join(path, "squares"),
                    _("a Valley tile covers two orthogonally adjacent squares"),
                    "R-1.3",
                )
            if placed.player is None:
                yield Problem(
                    join(path, "player"), _("a tile laid by a player names them"), "R-3.1"
                )
        if Counter(placed.scenes) != Counter(scenes):
            yield Problem(
                join(path, "scenes"),
                _("these are not the scenes of {tile} in the catalogue", tile=placed.tile),
                "R-1.3",
            )
    if starts != 1:
        yield Problem("$.tiles", _("the starting tile is on the central board once"), "R-2.1")
    yield from _monuments(state)


def _adjacent(grid: ValleyLayout, first: int, second: int) -> bool:
    (row, column), (other_row, other_column) = grid.coordinates(first), grid.coordinates(second)
    return abs(row - other_row) + abs(column - other_column) == 1


def _monuments(state: GameState) -> Iterator[Problem]:
    grid = state.config.layout
    covered = 0
    for placed in state.valley.tiles:
        for square in placed.squares:
            covered |= 1 << square
    for index, (square, _player) in enumerate(state.valley.monuments):
        if not (grid.desert >> square) & 1 or (covered >> square) & 1:
            yield Problem(
                join(join("$.monuments", index), "square"),
                _("a Monument or a Quarry needs an empty desert square"),
                "R-3.3.D",
            )
        covered |= 1 << square
    for index, square in enumerate(state.quarries):
        if not (grid.desert >> square) & 1 or (covered >> square) & 1:
            yield Problem(
                join("$.quarries", index),
                _("a Monument or a Quarry needs an empty desert square"),
                "R-3.3.D",
            )
    built = Counter(player for _square, player in state.valley.monuments)
    for index, player in enumerate(state.players):
        if player.metropolis.monuments != built[index]:
            yield Problem(
                join(join("$.players", index), "monuments"),
                _(
                    "Monuments of this player on the central board: {count}, not {n}",
                    count=built[index],
                    n=player.metropolis.monuments,
                ),
                "R-1.8",
            )


def _districts(state: GameState) -> Iterator[Problem]:
    seen: dict[str, str] = {}
    places = [(d, join("$.offer", k)) for k, d in enumerate(state.offer)]
    places += [(d, join("$.district_deck", k)) for k, d in enumerate(state.district_deck)]
    for index, player in enumerate(state.players):
        path = join(join("$.players", index), "districts")
        places += [(district.id, path) for district in player.metropolis.districts]
    for district, path in places:
        if district in seen:
            yield _twice(_("District"), district, path, seen[district], "R-2.5")
        seen.setdefault(district, path)
    known = len(state.config.catalogue.districts)
    if len(seen) != known:
        yield Problem(
            "$",
            _(
                "Districts in the game: {count}, not the {n} of the catalogue",
                count=len(seen),
                n=known,
            ),
            "R-2.5",
        )
    if len(state.offer) > OFFER:
        yield Problem(
            "$.offer", _("the District offer shows at most {n} Districts", n=OFFER), "R-2.5"
        )


def _tokens(state: GameState) -> Iterator[Problem]:
    total = state.stock
    for player in state.players:
        total = add_counts(add_counts(total, player.supply), player.metropolis.token_counts())
    expected = state.config.catalogue.stock_per_resource
    for resource in RESOURCES:
        if total[resource] != expected:
            yield Problem(
                join("$.stock", resource.key),
                _(
                    "tokens of {resource} in the game: {count}, not {n}",
                    count=total[resource],
                    resource=resource.label,
                    n=expected,
                ),
                "R-7",
            )


def _turn_order(state: GameState) -> Iterator[Problem]:
    """Play goes round from the first player (R-2.7): the players before the one to
    play have played one turn more than the others, and the turn counts them all."""
    turns = [player.turns for player in state.players]
    if not turns or not 0 <= state.current < len(turns):
        return
    done = state.current + 1 if state.is_over else state.current
    base = turns[-1] if done < len(turns) else turns[0]
    expected = [base + 1 if j < done < len(turns) else base for j in range(len(turns))]
    if turns != expected:
        yield Problem(
            "$.current",
            _("the turns the players have played do not lead to this player"),
            "R-2.7",
        )
    played = sum(turns) + (0 if state.is_over else 1)
    if state.turn != played:
        yield Problem(
            "$.turn",
            _("the turns played make this turn {n}, not {turn}", turn=state.turn, n=played),
            "R-2.7",
        )


def _decision(state: GameState, hidden: int) -> Iterator[Problem]:
    """The decision the state waits for is one it can be waiting for (R-3, R-4, R-6)."""
    phase = state.phase
    choosing = phase is Phase.QUARRY
    if choosing != bool(state.quarries) or choosing != (state.quarry_choices > 0):
        yield Problem(
            "$.quarries",
            _("Quarries await a choice exactly while a player chooses for a Quarry"),
            "R-3.3.D",
        )
    yield from bound_problems("$.quarry_choices", state.quarry_choices, 0)
    placing = phase is Phase.BONUS
    if placing != bool(state.bonuses) or not all(state.bonuses):
        yield Problem(
            "$.bonuses",
            _("benefits wait exactly while a player places an immediate resource"),
            "R-6",
        )
    if phase in (Phase.PLACE, Phase.TAKE, Phase.REMOVE) and any(state.player.supply):
        yield Problem(
            join(join("$.players", state.current), "supply"),
            _("the supply is empty before the tile is placed and once supplying ends"),
            "R-3.6",
        )
    if phase is Phase.PLACE and not state.player.pool:
        yield Problem("$.phase", _("an empty Personal Pool has no tile to place"), "R-3.1")
    if phase in (Phase.TAKE, Phase.REMOVE) and not state.common_pool:
        yield Problem("$.phase", _("the Common Pool is empty: no tile to take"), "R-3.6")
    if phase is Phase.REMOVE and not state.config.variant:
        yield Problem("$.phase", _("only the 2-player variant removes tiles"), "R-8")
    yield from _end(state, hidden)


def _end(state: GameState, hidden: int) -> Iterator[Problem]:
    left = state.turns_left
    if left is None:
        if state.is_over:
            yield Problem("$.phase", _("the game is over exactly when no turn is left"), "R-4.2")
        return
    yield from bound_problems("$.turns_left", left, 0)
    if (left == 0) != state.is_over:
        yield Problem("$.phase", _("the game is over exactly when no turn is left"), "R-4.2")
    if left > len(state.players):
        yield Problem(
            "$.turns_left",
            _("at most {n} turns are left once the end is triggered", n=len(state.players)),
            "R-4.2",
        )
    if hidden:
        yield Problem(
            "$.turns_left", _("the end is triggered only once the Valley pile is empty"), "R-4.1"
        )


def _start(state: GameState, placed: PlacedTile, path: str) -> Iterator[Problem]:
    """The starting tile where setup lays it: on a start symbol nearest the centre, its
    scenes the catalogue's turned (R-2.1, I-14)."""
    grid = state.config.layout
    top_left = min(grid.coordinates(s) for s in placed.squares)
    if top_left not in start_anchors(grid):
        yield Problem(
            join(path, "squares"),
            _("the starting tile goes on the start symbol nearest the centre, on desert squares"),
            "R-2.1",
        )
    laid = dict(zip((grid.coordinates(s) for s in placed.squares), placed.scenes, strict=True))
    row, column = top_left
    scenes = [laid[(row + dr, column + dc)] for dr in (0, 1) for dc in (0, 1)]
    if scenes not in start_tile_scenes(state.config.catalogue.start_tile):
        yield Problem(
            join(path, "scenes"),
            _("these are not the scenes of {tile} in the catalogue", tile=_START),
            "R-2.1",
        )


def _laying_order(state: GameState) -> Iterator[Problem]:
    """The tiles can be laid one by one, each touching an identical scene already in
    play (R-3.1): more tiles never make a placement illegal, so adding, from the
    starting tile, any tile that touches one until none is left finds an order if one
    exists."""
    nb4 = state.config.layout.nb4
    in_play = [0, 0, 0, 0]
    waiting = []
    for index, placed in enumerate(state.valley.tiles):
        if placed.tile == _START:
            for square, scene in zip(placed.squares, placed.scenes, strict=True):
                in_play[scene] |= 1 << square
        else:
            waiting.append((index, placed))
    laid = True
    while waiting and laid:
        laid = False
        for item in list(waiting):
            placed = item[1]
            pairs = list(zip(placed.squares, placed.scenes, strict=True))
            if any(nb4[square] & in_play[scene] for square, scene in pairs):
                for square, scene in pairs:
                    in_play[scene] |= 1 << square
                waiting.remove(item)
                laid = True
    for index, placed in waiting:
        yield Problem(
            join("$.tiles", index),
            _(
                "tile {tile} touches no identical scene of the tiles that can be laid before it",
                tile=placed.tile,
            ),
            "R-3.1",
        )


_PLACED = frozenset(
    {Phase.QUARRY, Phase.BUILD, Phase.SUPPLY, Phase.BONUS, Phase.TAKE, Phase.REMOVE}
)
"""Decisions after the current player's placement (or discard) of this turn."""
_BUILT = frozenset({Phase.SUPPLY, Phase.BONUS, Phase.TAKE, Phase.REMOVE})
"""Decisions after the current player's building step of this turn."""
_PLACED = _BUILT | {Phase.QUARRY, Phase.BUILD}
"""Decisions after the current player's placement (or discard) of this turn."""


def _this_turn(state: GameState, index: int, phases: frozenset[Phase]) -> int:
    """1 when player ``index`` is playing and past the step ``phases`` follow, else 0."""
    return int(index == state.current and state.phase in phases)


def _tiles_of(state: GameState, index: int) -> list[PlacedTile]:
    return [t for t in state.valley.tiles if t.tile != _START and t.player == index]


def _played(state: GameState) -> Iterator[Problem]:
    """No more tiles laid, Districts built or tiles discarded than turns played."""
    steps = 0
    for index, player in enumerate(state.players):
        path = join("$.players", index)
        turns = player.turns + _this_turn(state, index, _PLACED)
        steps += turns
        laid = len(_tiles_of(state, index))
        if laid > turns:
            yield Problem(
                "$.tiles",
                ngettext(
                    "{player} laid more tiles than their {n} turn allows",
                    "{player} laid more tiles than their {n} turns allow",
                    turns,
                    player=player.name,
                ),
                "R-3.1",
            )
        built = len(player.metropolis.districts)
        limit = player.turns + _this_turn(state, index, _BUILT)
        if built > limit:
            yield Problem(
                join(path, "districts"),
                ngettext(
                    "{player} built more Districts than their {n} turn allows (one a turn)",
                    "{player} built more Districts than their {n} turns allow (one a turn)",
                    limit,
                    player=player.name,
                ),
                "R-3.4",
            )
    laid = sum(1 for t in state.valley.tiles if t.tile != _START)
    if laid + len(state.discarded) > steps:
        yield Problem(
            "$.discarded",
            ngettext(
                "more tiles laid or discarded than the {n} turn played allows (one a turn)",
                "more tiles laid or discarded than the {n} turns played allow (one a turn)",
                steps,
            ),
            "R-3.2",
        )


def _closed(state: GameState, square: int) -> bool:
    """A square no empty square surrounds (I-1): a Quarry once, or closed now."""
    grid = state.config.layout
    enclosure = state.config.interpretations.quarry_enclosure
    neighbours = grid.nb8 if enclosure is Enclosure.EIGHT else grid.nb4
    return not neighbours[square] & state.valley.empty


def _gains(state: GameState) -> Iterator[Problem]:
    """Wheat and tokens within what a player's tiles, Quarries and Shops can give."""
    grid = state.config.layout
    valley = state.valley
    enclosure = state.config.interpretations.quarry_enclosure
    around = grid.nb8 if enclosure is Enclosure.EIGHT else grid.nb4
    monuments = sum(1 << square for square, _player in valley.monuments)
    for index, player in enumerate(state.players):
        wheat = tokens = 0
        for placed in _tiles_of(state, index):
            near = 0
            for square, scene in zip(placed.squares, placed.scenes, strict=True):
                tokens += (grid.nb4[square] & valley.scenes[scene]).bit_count()  # .A
                tokens += grid.icon_at[square] is not None  # .C
                near |= grid.nb4[square]
            wheat += (near & grid.wheat).bit_count()  # .B
            beside = 0
            for square in placed.squares:
                beside |= around[square]
            quarries = beside & (valley.empty | monuments)
            tokens += sum(_closed(state, square) for square in bits(quarries))  # .D
        for shop in player.metropolis.shops:
            kind = state.config.registry.of(shop.shop.benefit) if shop.is_full else None
            outcome = kind.trigger(shop.shop.benefit) if kind and kind.trigger else None
            if isinstance(outcome, GainWheat):
                wheat += outcome.amount
            elif isinstance(outcome, PlaceResource):
                tokens += 1
        path = join("$.players", index)
        if player.metropolis.wheat > wheat:
            yield Problem(
                join(path, "wheat"),
                ngettext(
                    "more Wheat than the {n} this player's tiles and Shops can give",
                    "more Wheat than the {n} this player's tiles and Shops can give",
                    wheat,
                ),
                "R-3.3.B",
            )
        held = sum(player.supply) + sum(player.metropolis.token_counts())
        if held > tokens:
            yield Problem(
                join(path, "shops"),
                ngettext(
                    "more tokens on the Shops and in the supply than the {n} token this "
                    "player's tiles, Quarries and Shops can give",
                    "more tokens on the Shops and in the supply than the {n} tokens this "
                    "player's tiles, Quarries and Shops can give",
                    tokens,
                ),
                "R-3.3",
            )


def _pools(state: GameState) -> Iterator[Problem]:
    """Until a refill fails (the end is then triggered), the Common Pool holds 3 tiles and
    each Personal Pool 3, but 2 in the current player's while they play (R-2.3, R-3.6)."""
    removing = state.phase is Phase.REMOVE
    full = state.turns_left is None
    common = COMMON_POOL - removing
    if len(state.common_pool) > common or (full and len(state.common_pool) != common):
        yield Problem(
            "$.common_pool",
            ngettext(
                "the Common Pool holds {n} tile at this step",
                "the Common Pool holds {n} tiles at this step",
                common,
            ),
            "R-3.6",
        )
    for index, player in enumerate(state.players):
        size = PERSONAL_POOL
        if index == state.current and state.phase not in (Phase.PLACE, Phase.REMOVE, Phase.OVER):
            size -= 1
        if len(player.pool) > size or (full and len(player.pool) != size):
            yield Problem(
                join(join("$.players", index), "pool"),
                ngettext(
                    "this Personal Pool holds {n} tile at this step",
                    "this Personal Pool holds {n} tiles at this step",
                    size,
                ),
                "R-2.3",
            )


def _offer(state: GameState) -> Iterator[Problem]:
    """4 Districts on offer until one is built, then as many as I-10 refills, while the
    deck lasts (R-2.5, R-3.6)."""
    built = any(player.metropolis.districts for player in state.players)
    size = state.config.interpretations.district_offer.value if built else OFFER
    if len(state.offer) > size or (state.district_deck and len(state.offer) != size):
        yield Problem(
            "$.offer",
            ngettext(
                "the District offer shows {n} District at this step",
                "the District offer shows {n} Districts at this step",
                size,
            ),
            "R-3.6",
        )


def _quarries(state: GameState) -> Iterator[Problem]:
    """Quarries awaiting a choice: closed empty squares beside the tile just laid by the
    current player, one choice each or one in all (R-3.3.D, I-1, I-2); Monuments on
    closed squares."""
    for index, (square, _player) in enumerate(state.valley.monuments):
        if not _closed(state, square):
            yield Problem(
                join(join("$.monuments", index), "square"),
                _("a Monument stands on a Quarry, a square the tiles close"),
                "R-3.3.D",
            )
    if not state.quarries:
        return
    last = state.valley.tiles[-1]
    options = state.config.interpretations
    if last.player != state.current:
        yield Problem(
            "$.quarries",
            _("Quarries await the player who laid the last tile"),
            "R-3.3.D",
        )
        return
    placed = 0
    for square in last.squares:
        placed |= 1 << square
    closed = closed_quarries(
        state.config.layout, state.valley.empty, placed, options.quarry_enclosure
    )
    for index, square in enumerate(state.quarries):
        if square not in closed:
            yield Problem(
                join("$.quarries", index),
                _("this square is not a Quarry closed by the last tile"),
                "R-3.3.D",
            )
    each = options.quarries_per_placement is QuarryCount.EACH
    choices = len(state.quarries) if each else 1
    if len(set(state.quarries)) != len(state.quarries) or state.quarry_choices != choices:
        yield Problem(
            "$.quarry_choices",
            ngettext("{n} Quarry choice awaits here", "{n} Quarry choices await here", choices),
            "R-3.3.D",
        )
