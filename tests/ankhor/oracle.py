"""A reference implementation of Ankh'or's legal moves and scoring, for differential tests.

Written from ``ANKHOR-SPEC.md`` alone, as plainly as possible: it reads the public fields
of a state (the players' tiles with their level and position, tokens, stored warehouses,
bonus tokens, the offer, the price markers, the supply, the bonus reserve, the size of
the piles, the turn so far, the readings of Q-2 to Q-5) and the colour, kind and points
of each tile. Adjacency, spaces, payments, groups, bonus tokens and points are worked out
here tile by tile; nothing of the library's rule code (``layout``, ``rules``,
``scoring``) and none of its tables is used. Moves are plain tuples: ``("buy", slot,
(level, x, y), "red")``.
"""

from __future__ import annotations

from itertools import product
from typing import Any

COLOURS = ("blue", "white", "black", "green", "red")
KINDS = ("blue", "white", "black", "green", "red", "ankh")
ANIMALS = ("jackal", "falcon", "beetle")


def _tiles(player: Any) -> dict[tuple[int, int, int], Any]:
    return {(p.level, p.x, p.y): p.tile for p in player.tiles}


def _colour(tile: Any) -> str:
    return str(tile.colour.name.lower())


def _kind(tile: Any) -> str:
    return str(tile.kind.value)


def _reading(state: Any, name: str) -> str:
    return str(getattr(state.config.interpretations, name).value)


def _rests_on(higher: tuple[int, int, int], lower: tuple[int, int, int]) -> bool:
    """Whether a tile at ``higher`` lies on the tile at ``lower`` (one of its four)."""
    return (
        higher[0] == lower[0] + 1
        and lower[1] in (higher[1], higher[1] + 1)
        and lower[2] in (higher[2], higher[2] + 1)
    )


def adjacent(a: tuple[int, int, int], b: tuple[int, int, int], same_level: bool) -> bool:
    """A-3.8 and Q-3: side by side on one level (above the base only when ``same_level``),
    or one resting on the other."""
    if a[0] == b[0]:
        if a[0] > 0 and not same_level:
            return False
        return abs(a[1] - b[1]) + abs(a[2] - b[2]) == 1
    return _rests_on(a, b) or _rests_on(b, a)


def _supported(tiles: dict[tuple[int, int, int], Any], level: int, x: int, y: int) -> bool:
    return all((level - 1, x + dx, y + dy) in tiles for dx in (0, 1) for dy in (0, 1))


def _carries(tiles: dict[tuple[int, int, int], Any], where: tuple[int, int, int]) -> bool:
    return any(_rests_on(other, where) for other in tiles)


def _next_to_base(tiles: dict[tuple[int, int, int], Any], x: int, y: int, but: Any = None) -> bool:
    return any(
        (0, x + dx, y + dy) in tiles and (0, x + dx, y + dy) != but
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    )


def _top(state: Any) -> int:
    return 1 if _reading(state, "height") == "base_only" else 99


def _higher_places(
    tiles: dict[tuple[int, int, int], Any], top: int, but: Any = None
) -> list[tuple[int, int, int]]:
    places = []
    for level, x, y in tiles:
        for dx, dy in product((0, -1), repeat=2):
            place = (level + 1, x + dx, y + dy)
            if place[0] > top or place in tiles or place in places:
                continue
            if not _supported(tiles, *place):
                continue
            if but is not None and _rests_on(place, but):
                continue
            places.append(place)
    return places


def _have(player: Any, tiles: dict[tuple[int, int, int], Any]) -> dict[str, int]:
    have = {colour: player.tokens[i] for i, colour in enumerate(COLOURS)}
    for where in player.stored:
        have[_colour(tiles[where])] += 1
    return have


def _pays(have: dict[str, int], markers: list[str]) -> bool:
    return all(markers.count(c) <= have[c] for c in set(markers))


def _takes(supply: tuple[int, ...]) -> list[tuple[Any, ...]]:
    total = sum(supply)
    if total == 0:
        return []
    if total < 3:
        return [("take", tuple(supply))]
    found = []
    for counts in product(range(4), repeat=6):
        if sum(counts) == 3 and all(c <= s for c, s in zip(counts, supply, strict=True)):
            found.append(("take", counts))
    return found


def _buys(state: Any) -> list[tuple[Any, ...]]:
    player = state.players[state.current]
    tiles = _tiles(player)
    have = _have(player, tiles)
    base = (
        [(0, 0, 0)]
        if not tiles
        else sorted(
            {
                (0, x + dx, y + dy)
                for (level, x, y) in tiles
                if level == 0
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if (0, x + dx, y + dy) not in tiles
            }
        )
    )
    found = []
    for slot, tile in enumerate(state.offer):
        if tile is None:
            continue
        markers = [c.name.lower() for c in state.config.prices[slot]]
        if _pays(have, markers):
            found += [("buy", slot, place, None) for place in base]
        for place in _higher_places(tiles, _top(state)):
            under = [
                tiles[(place[0] - 1, place[1] + dx, place[2] + dy)]
                for dx in (0, 1)
                for dy in (0, 1)
            ]
            if _colour(tile) not in {_colour(t) for t in under}:
                continue
            for unpaid in sorted(set(markers)):
                rest = list(markers)
                rest.remove(unpaid)
                if _pays(have, rest):
                    found.append(("buy", slot, place, unpaid))
    return found


def _connected(cells: set[tuple[int, int]]) -> bool:
    if not cells:
        return True
    seen = {next(iter(cells))}
    todo = list(seen)
    while todo:
        x, y = todo.pop()
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in cells and cell not in seen:
                seen.add(cell)
                todo.append(cell)
    return seen == cells


def _ankh_actions(state: Any) -> list[tuple[Any, ...]]:
    player = state.players[state.current]
    so_far = state.progress
    if player.tokens[5] - so_far.ankhs_taken <= 0 or so_far.spent >= 2:
        return []
    found: list[tuple[Any, ...]] = []
    if any(tile is not None for tile in state.offer):
        sizes = state.pile_sizes
        if sizes[0] or sizes[1]:
            found += [("refresh", pile) for pile in (0, 1) if sizes[pile]]
        else:
            found.append(("refresh", None))
    tiles = _tiles(player)
    connected = _reading(state, "moving") == "connected"
    for where in tiles:
        if _carries(tiles, where):
            continue
        level, _x, _y = where
        if level == 0:
            rest = {(b[1], b[2]) for b in tiles if b[0] == 0 and b != where}
            candidates = {
                (0, bx + dx, by + dy)
                for (bx, by) in rest
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            }
            for target in sorted(candidates):
                if target in tiles:
                    continue
                if connected and not _connected(rest | {(target[1], target[2])}):
                    continue
                found.append(("move", where, target))
        else:
            for target in sorted(_higher_places(tiles, _top(state), but=where)):
                found.append(("move", where, target))
    return found


def _stores(state: Any) -> list[tuple[Any, ...]]:
    player = state.players[state.current]
    tiles = _tiles(player)
    open_ = [
        where
        for where, tile in sorted(tiles.items())
        if _kind(tile) == "warehouse"
        and where not in player.stored
        and not _carries(tiles, where)
        and player.tokens[COLOURS.index(_colour(tile))] > 0
    ]
    found = []
    for chosen in product((False, True), repeat=len(open_)):
        picked = tuple(w for w, keep in zip(open_, chosen, strict=True) if keep)
        need = [_colour(tiles[w]) for w in picked]
        if all(need.count(c) <= player.tokens[COLOURS.index(c)] for c in set(need)):
            found.append(("store", picked))
    return found


def _returns(state: Any) -> list[tuple[Any, ...]]:
    player = state.players[state.current]
    limits = state.config.catalogue.limits
    hand = player.tokens
    resources = max(0, sum(hand[:5]) - limits.resources)
    ankhs = max(0, hand[5] - limits.ankhs)
    found = []
    for counts in product(*(range(n + 1) for n in hand[:5])):
        if sum(counts) == resources:
            found.append(("return", (*counts, ankhs)))
    return found


def legal_moves(state: Any) -> set[tuple[Any, ...]]:
    """Every legal move of ``state`` as a tuple (A-3 to A-5)."""
    phase = state.phase.value
    if phase == "main":
        main = _takes(state.supply) + _buys(state)
        return set(main or [("pass",)]) | set(_ankh_actions(state))
    if phase == "after":
        return {("end",), *_ankh_actions(state)}
    if phase == "store":
        return set(_stores(state))
    if phase == "return":
        return set(_returns(state))
    if phase == "refill":
        return {("refill", 0), ("refill", 1)}
    return set()


def _components(
    cells: dict[tuple[int, int, int], Any], same_level: bool
) -> list[set[tuple[int, int, int]]]:
    found = []
    left = set(cells)
    while left:
        todo = [left.pop()]
        part = set(todo)
        while todo:
            here = todo.pop()
            for other in list(left):
                if adjacent(here, other, same_level):
                    left.remove(other)
                    part.add(other)
                    todo.append(other)
        found.append(part)
    return found


def _groups(cells: dict[tuple[int, int, int], Any], same_level: bool) -> list[int]:
    return [len(part) for part in _components(cells, same_level)]


def _big(tiles: dict[tuple[int, int, int], Any], same_level: bool) -> list[set[str]]:
    """Every group of 5 or more tiles sharing a colour or an animal, as the ids of its
    tiles, each tagged with what it shares (two groups of one attribute never meet)."""
    found = []
    for attribute in (*COLOURS, *ANIMALS):
        mine = {w: t for w, t in tiles.items() if attribute in (_colour(t), _kind(t))}
        for part in _components(mine, same_level):
            if len(part) >= 5:
                found.append({f"{attribute}:{tiles[w].id}" for w in part})
    return found


def big_groups(player: Any, same_level: bool = True) -> list[set[str]]:
    """A player's groups of 5 or more, colours and animals together."""
    return _big(_tiles(player), same_level)


def bonus_after(state: Any, move: tuple[Any, ...]) -> tuple[int, int]:
    """The bonus tokens the mover holds and the reserve after ``move``, a purchase or a
    move of a tile (A-3.8, Q-2, Q-17): a group forms when none of its tiles was in a group
    of 5 of the same colour or animal, and takes a token if the reserve has one, then or
    never; by default the player then holds at most one token per group; otherwise a
    group left with none of its tiles in a group of 5 gives one back."""
    player = state.players[state.current]
    before = _tiles(player)
    after = dict(before)
    if move[0] == "buy":
        after[move[2]] = state.offer[move[1]]
    else:
        after[move[2]] = after.pop(move[1])
    same_level = _reading(state, "higher_neighbours") == "same_level"
    old, new = _big(before, same_level), _big(after, same_level)
    was = set().union(*old)
    now = set().union(*new)
    formed = sum(1 for group in new if not group & was)
    gone = sum(1 for group in old if not group & now)
    held, reserve = player.bonus, state.reserve
    if _reading(state, "bonus_tokens") == "one_per_group":
        taken = min(formed, reserve)
        held, reserve = held + taken, reserve - taken
        back = max(0, held - len(new))
        return held - back, reserve + back
    if formed > gone:
        taken = min(formed - gone, reserve)
        return held + taken, reserve - taken
    back = min(gone - formed, held)
    return held - back, reserve + back


def score(position: Any) -> list[tuple[int, int, int, int]]:
    """Each player's points for A-7.1 to A-7.4 of a final position."""
    same_level = position.higher_neighbours.value == "same_level"
    found = []
    for player in position.players:
        tiles = {(p.level, p.x, p.y): p.tile for p in player.tiles}
        printed = player.bonus * position.bonus_points + sum(t.points for t in tiles.values())
        animals = 0
        for animal in ANIMALS:
            mine = {w: t for w, t in tiles.items() if _kind(t) == animal}
            animals += sum(n for n in _groups(mine, same_level) if n >= 2)
        colours = 0
        for colour in COLOURS:
            mine = {w: t for w, t in tiles.items() if _colour(t) == colour}
            colours += sum(n for n in _groups(mine, same_level) if n >= 2)
        found.append((printed, animals, colours, sum(player.tokens) // 3))
    return found


def winners(position: Any) -> set[str]:
    """A-7.5: most points, then fewest tiles, then fewest tokens; all still tied win."""
    keys = {
        p.name: (-sum(s), len(p.tiles), sum(p.tokens))
        for p, s in zip(position.players, score(position), strict=True)
    }
    best = min(keys.values())
    return {name for name, key in keys.items() if key == best}
