"""Whether a game state read from a document is one the rules could reach.

A hand-made or hostile game-state document can be well formed, name only known ids
and still describe a table no game leads to: a tile in two places, 21 Grapes, a
player deciding out of turn, a Quarry choice with no Quarry. The referee's functions
trust their state (they are fast because they do not look again), so
:func:`reachability_problems` checks, once, at the boundary, the invariants of R-7 and
the consistency of the current player and decision. Every reachable state passes
(a property test plays random games); each problem carries its JSON path and rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from fertility_rules.errors import Problem
from fertility_rules.formats.documents import join
from fertility_rules.i18n.message import Message, _
from fertility_rules.model.resources import RESOURCES, add_counts
from fertility_rules.rules.engine import legal_moves
from fertility_rules.rules.geometry import ValleyLayout
from fertility_rules.rules.setup import COMMON_POOL, OFFER, PERSONAL_POOL, tiles_in_play
from fertility_rules.rules.state import GameState, Phase

__all__ = ["reachability_problems"]

_START = "start"


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
    if not problems and not state.is_over and not legal_moves(state):
        problems.append(Problem("$.phase", _("no move is possible at this decision"), "R-3"))
    return problems


def _below(path: str, value: int, minimum: int = 0) -> Iterator[Problem]:
    if value < minimum:
        yield Problem(path, _("{n} is below the minimum {min}", n=value, min=minimum))


def _players(state: GameState) -> Iterator[Problem]:
    players = state.players
    if len({p.name for p in players}) != len(players):
        yield Problem("$.players", _("two players have the same name"))
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
        yield from _below(join(path, "turns"), player.turns)
        yield from _below(join(path, "wheat"), player.metropolis.wheat)
        yield from _below(join(path, "monuments"), player.metropolis.monuments)
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
    yield from _below("$.quarry_choices", state.quarry_choices)
    placing = phase is Phase.BONUS
    if placing != bool(state.bonuses) or not all(state.bonuses):
        yield Problem(
            "$.bonuses",
            _("benefits wait exactly while a player places an immediate resource"),
            "R-6",
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
    yield from _below("$.turns_left", left)
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
