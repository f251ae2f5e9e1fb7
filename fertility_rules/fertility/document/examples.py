"""Worked examples of the rules, drawn from real positions computed by the engine.

The printed rulebooks explain placing, harvesting, building, supplying and scoring
with pictures. Here every such picture is a position the engine reached in a seeded
game (or the rulebooks' own scoring example), so the picture, its caption and the
facts it shows can never disagree: each :class:`Example` carries those facts, and the
tests check them against the engine again.

Positions are searched once per process (:func:`positions`); pictures and captions
are made per language (:func:`worked_examples`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import cast

from attrs import evolve, frozen

from fertility_rules.agents.simulate import make_agent, play_game
from fertility_rules.document.example import (
    EXAMPLE_PLAYER,
    EXAMPLE_PLAYERS,
    Example,
    WorkedExamples,
    states_after,
)
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.catalogue.loader import default_catalogue
from fertility_rules.fertility.document.component_examples import component_examples, setup_examples
from fertility_rules.fertility.document.scoring_examples import scoring_examples
from fertility_rules.fertility.effects.kinds.generic import GenericBenefit
from fertility_rules.fertility.effects.registry import describe_shop
from fertility_rules.fertility.interpretations import Enclosure
from fertility_rules.fertility.model.coordinates import square_name
from fertility_rules.fertility.model.resources import (
    Counts,
    Icon,
    Resource,
    counts_of,
    sub_counts,
    tokens_of,
)
from fertility_rules.fertility.model.shop import Shop, ShopState
from fertility_rules.fertility.moves import (
    BuildDistrict,
    Move,
    PlaceBonusResource,
    PlaceTile,
    SupplyShop,
)
from fertility_rules.fertility.rules.engine import apply, apply_unchecked, legal_moves, violations
from fertility_rules.fertility.rules.harvest import Harvest, closed_quarries, harvest
from fertility_rules.fertility.setup import new_game
from fertility_rules.fertility.state import GameState, Phase
from fertility_rules.fertility.svg import board, district, metropolis, shop
from fertility_rules.i18n.amounts import debens, wheat
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext, render

__all__ = [
    "EXAMPLE_PLAYER",
    "EXAMPLE_PLAYERS",
    "Example",
    "Positions",
    "example_shop",
    "positions",
    "rulebook_supply",
    "worked_examples",
]


@frozen
class Found:
    """A position and the move it illustrates."""

    state: GameState
    move: Move


@frozen
class Positions:
    """The positions of the examples, found by playing seeded games (language-free)."""

    start: GameState
    valid: PlaceTile
    not_touching: PlaceTile
    on_wheat: PlaceTile
    on_water: PlaceTile
    harvests: tuple[tuple[str, Found], ...]
    enclosure: Found
    two_quarries: Found
    purchase: Found
    supply: Found
    chain: tuple[GameState, SupplyShop, PlaceBonusResource]


def _played_states(catalogue: Catalogue, seeds: Sequence[int]) -> Iterator[GameState]:
    """Every state of the seeded 2-player games, in order of play."""
    for seed in seeds:
        agents = [make_agent("greedy", seed * 10), make_agent("random", seed * 10 + 1)]
        game = play_game(EXAMPLE_PLAYERS[:2], agents, seed, catalogue=catalogue)
        record = game.record
        yield from states_after(apply_unchecked, record.initial_state(), record.moves)[:-1]


def tile_harvest(state: GameState, move: PlaceTile) -> Harvest:
    """What ``move`` would harvest in ``state`` (R-3.3), before the Stock limit."""
    scenes = state.config.tiles[move.tile].scenes
    return harvest(
        state.config.layout,
        state.valley,
        move.first,
        move.second,
        (scenes[0], scenes[1]),
        state.config.interpretations,
    )


def harvest_kinds(state: GameState, move: PlaceTile) -> frozenset[str]:
    """The sources ``"A"`` to ``"D"`` (R-3.3) the harvest of ``move`` draws on."""
    grid = state.config.layout
    gained = tile_harvest(state, move)
    kinds = set()
    if any(harvest_sources(state, move, "A")):
        kinds.add("A")
    if gained.wheat:
        kinds.add("B")
    if any(grid.icon_at[s] is not None for s in (move.first, move.second)):
        kinds.add("C")
    if gained.quarries:
        kinds.add("D")
    return frozenset(kinds)


_HARVEST_SHOWN = {
    "A": frozenset("A"),
    "B": frozenset("AB"),
    "C": frozenset("AC"),
    "D": frozenset("AD"),
}
"""The sources of each example: the case itself and the connection every placement has."""


def _full_shops(state: GameState, player: int) -> int:
    return sum(1 for shop in state.players[player].metropolis.shops if shop.is_full)


def _chain(state: GameState) -> tuple[GameState, SupplyShop, PlaceBonusResource] | None:
    """A supply whose Shop's benefit is a token that completes another Shop (R-3.5, R-6)."""
    for move in legal_moves(state):
        if not isinstance(move, SupplyShop):
            continue
        after = apply_unchecked(state, move)
        for bonus in legal_moves(after) if after.bonuses else ():
            if isinstance(bonus, PlaceBonusResource) and bonus.shop is not None:
                chained = apply_unchecked(after, bonus)
                if _full_shops(chained, state.current) == _full_shops(state, state.current) + 2:
                    return state, move, bonus
    return None


def _adjacent_pairs(state: GameState) -> Iterator[tuple[int, int]]:
    grid = state.config.layout
    for square in range(grid.width * grid.height):
        row, column = grid.coordinates(square)
        if column + 1 < grid.width:
            yield square, square + 1
        if row + 1 < grid.height:
            yield square, square + grid.width


def _invalid(state: GameState, kind: str) -> PlaceTile:
    """A placement of a pool tile breaking R-3.1 in the way ``kind`` names: touching no
    identical scene, or with one half on a wheat (``on_wheat``) or water (``on_water``)
    square and the other on an empty desert square next to a matching scene."""
    grid = state.config.layout
    ground = {"on_wheat": grid.wheat, "on_water": grid.water}.get(kind, 0)
    centre = grid.coordinates(
        next(
            s
            for s in range(grid.width * grid.height)
            if not (state.valley.empty >> s & 1) and grid.desert >> s & 1
        )
    )
    message = (
        "Neither scene of the tile touches an identical scene already in play."
        if kind == "not_touching"
        else "Square ({row}, {column}) is not an empty desert square."
    )

    def distance(pair: tuple[int, int]) -> int:
        row, column = grid.coordinates(pair[0])
        return abs(row - centre[0]) + abs(column - centre[1])

    empty = state.valley.empty
    for first, second in sorted(_adjacent_pairs(state), key=distance):
        for tile in state.player.pool:
            for a, b in ((first, second), (second, first)):
                move = PlaceTile(tile, a, b)
                found = violations(state, move)
                if not found or not all(
                    v.rule == "R-3.1" and v.message.msgid == message for v in found
                ):
                    continue
                if ground and not (empty >> a & 1 and ground >> b & 1):
                    continue  # one half on an empty square, the other on that ground
                return move
    raise LookupError(kind)  # pragma: no cover - the default catalogue has all three


@functools.cache
def positions(catalogue: Catalogue | None = None) -> Positions:
    """The positions of every example, from seeded games of ``catalogue`` (default one)."""
    catalogue = catalogue or default_catalogue()
    start = new_game(EXAMPLE_PLAYERS[:2], seed=1, catalogue=catalogue)
    valid = next(m for m in legal_moves(start) if isinstance(m, PlaceTile))
    harvests: dict[str, Found] = {}
    enclosure = two = purchase = supply = None
    chain: tuple[GameState, SupplyShop, PlaceBonusResource] | None = None
    for state in _played_states(catalogue, range(1, 60)):
        if state.phase is Phase.PLACE:
            grid = state.config.layout
            for move in legal_moves(state):
                if not isinstance(move, PlaceTile):
                    continue
                kinds = harvest_kinds(state, move)
                for kind, shown in _HARVEST_SHOWN.items():
                    if kinds == shown and kind not in harvests:
                        harvests[kind] = Found(state, move)
                placed = (1 << move.first) | (1 << move.second)
                empty = state.valley.empty & ~placed
                eight = closed_quarries(grid, empty, placed, Enclosure.EIGHT)
                four = closed_quarries(grid, empty, placed, Enclosure.ORTHOGONAL)
                if enclosure is None and set(eight) - set(four):
                    enclosure = Found(state, move)
                if two is None and len(eight) >= 2:
                    two = Found(state, move)
        elif state.phase is Phase.BUILD and purchase is None:
            for move in legal_moves(state):
                if isinstance(move, BuildDistrict) and sum(move.tokens) == 1 and move.wheat == 1:
                    purchase = Found(state, move)
                    break
        elif state.phase is Phase.SUPPLY and not state.bonuses:
            chain = chain or _chain(state)
            for move in legal_moves(state) if supply is None else ():
                if isinstance(move, SupplyShop):
                    after = apply_unchecked(state, move)
                    if after.player.metropolis.wheat > state.player.metropolis.wheat:
                        supply = Found(state, move)
                        break
        if len(harvests) == 4 and None not in (enclosure, two, purchase, supply, chain):
            break
    if enclosure is None or two is None or purchase is None or supply is None or chain is None:
        raise LookupError("no seeded game shows every example")  # pragma: no cover
    if len(harvests) < 4:
        raise LookupError("no seeded game shows every harvest")  # pragma: no cover
    return Positions(
        start=start,
        valid=valid,
        not_touching=_invalid(start, "not_touching"),
        on_wheat=_invalid(start, "on_wheat"),
        on_water=_invalid(start, "on_water"),
        harvests=tuple(sorted(harvests.items())),
        enclosure=enclosure,
        two_quarries=two,
        purchase=purchase,
        supply=supply,
        chain=chain,
    )


def _square(state: GameState, square: int) -> str:
    grid = state.config.layout
    return square_name(square, grid.width, grid.height)


def _squares(state: GameState, squares: Sequence[int]) -> Message | str:
    return all_of([_square(state, s) for s in squares])


def _placed(state: GameState, move: PlaceTile) -> dict[str, Message | str]:
    """The tile of a placement and the squares it lies on, as a caption names them."""
    return {"tile": move.tile, "squares": _squares(state, (move.first, move.second))}


def _tokens(counts: Counts) -> Message | str:
    return harvest_gain(Harvest(counts, 0, (), 0))


_RESOURCES = tuple(tokens_of((1, 1, 1, 1)))


def _placement_examples(found: Positions, lang: Language) -> list[Example]:
    state = found.start
    legal_squares = sorted(
        {s for m in legal_moves(state) if isinstance(m, PlaceTile) for s in (m.first, m.second)}
    )
    out = [
        Example(
            "R-3.1-valid",
            "R-3.1",
            _(
                "On the first board, every square where a tile of the Personal Pool may lie is "
                "outlined in green. On the second, a legal placement: {player} lays {tile} on "
                "{squares}, and a scene touches an identical scene of the starting tile.",
                player=state.player.name,
                **_placed(state, found.valid),
            ),
            (
                board(state, legal_squares=legal_squares, lang=lang),
                board(apply_unchecked(state, found.valid), last_move=found.valid, lang=lang),
            ),
            {"move": found.valid, "violations": violations(state, found.valid)},
        )
    ]
    refused = (
        (
            "not-touching",
            found.not_touching,
            _(
                "Not allowed: {tile} on {squares}, crossed out, touches no identical scene in "
                "play (R-3.1).",
                **_placed(state, found.not_touching),
            ),
        ),
        (
            "on-wheat",
            found.on_wheat,
            _(
                "Not allowed: {tile} on {squares}, crossed out, would cover a wheat field; a "
                "tile lies on empty desert squares only (R-3.1).",
                **_placed(state, found.on_wheat),
            ),
        ),
        (
            "on-water",
            found.on_water,
            _(
                "Not allowed: {tile} on {squares}, crossed out, would cover water; a tile lies "
                "on empty desert squares only (R-3.1).",
                **_placed(state, found.on_water),
            ),
        ),
    )
    for kind, move, caption in refused:
        out.append(
            Example(
                f"R-3.1-{kind}",
                "R-3.1",
                caption,
                (board(state, refused=move, lang=lang),),
                {"move": move, "violations": violations(state, move)},
            )
        )
    return out


def harvest_gain(gained: Harvest) -> Message | str:
    """``2 Grapes and 1 Wheat``: the tokens and Wheat of a harvest."""
    parts: list[Message | str] = [
        Icon.of(resource).amount(n)
        for resource, n in zip(_RESOURCES, gained.tokens, strict=True)
        if n
    ]
    if gained.wheat:
        parts.append(wheat(gained.wheat))
    return all_of(parts) or _("nothing")


def _harvest_caption(
    kind: str, state: GameState, move: PlaceTile, gained: Harvest, sources: Sequence[int]
) -> Message:
    placed = _placed(state, move)
    gain = harvest_gain(gained)
    outlined = len(sources)
    if kind == "A":
        return ngettext(
            "Connection (R-3.3.A): {tile} on {squares} touches an identical scene in play "
            "(outlined); it collects {gain}.",
            "Connection (R-3.3.A): {tile} on {squares} touches {n} identical scenes in play "
            "(outlined); it collects {gain}.",
            outlined,
            **placed,
            gain=gain,
        )
    if kind == "B":
        return ngettext(
            "Wheat (R-3.3.B): {tile} on {squares} lies next to a wheat field (outlined); it "
            "collects {gain}.",
            "Wheat (R-3.3.B): {tile} on {squares} lies next to {n} wheat fields (outlined); it "
            "collects {gain}.",
            outlined,
            **placed,
            gain=gain,
        )
    if kind == "C":
        grid = state.config.layout
        icons = [grid.icon_at[s] for s in (move.first, move.second)]
        printed = counts_of([icon for icon in icons if icon is not None])
        connection = sub_counts(gained.tokens, printed)
        return ngettext(
            "Covered icon (R-3.3.C): {tile} on {squares} covers a printed icon (outlined, "
            "shown through the tile): it collects {icon} for the icon and {connection} for "
            "its connection (R-3.3.A).",
            "Covered icons (R-3.3.C): {tile} on {squares} covers {n} printed icons (outlined, "
            "shown through the tile): it collects {icon} for the icons and {connection} for "
            "its connection (R-3.3.A).",
            outlined,
            **placed,
            icon=_tokens(printed),
            connection=_tokens(connection),
        )
    return _(
        "Quarry (R-3.3.D): {tile} on {squares} shuts in the empty square {quarry}; it "
        "collects {gain}, and a token of the player's choice or a Monument there.",
        **placed,
        quarry=_squares(state, gained.quarries),
        gain=gain,
    )


def harvest_sources(state: GameState, move: PlaceTile, kind: str) -> tuple[int, ...]:
    """The squares a harvest of ``kind`` comes from (outlined on its picture)."""
    grid = state.config.layout
    first, second = move.first, move.second
    a, b = state.config.tiles[move.tile].scenes[:2]
    if kind == "A":
        mask = grid.nb4[first] & state.valley.scenes[a] | grid.nb4[second] & state.valley.scenes[b]
    elif kind == "B":
        mask = (grid.nb4[first] | grid.nb4[second]) & grid.wheat
    elif kind == "C":
        mask = sum(1 << s for s in (first, second) if grid.icon_at[s] is not None)
    else:
        return tile_harvest(state, move).quarries
    return tuple(s for s in range(grid.width * grid.height) if mask >> s & 1)


def _harvest_examples(found: Positions, lang: Language) -> list[Example]:
    out = []
    for kind, item in found.harvests:
        state, move = item.state, cast(PlaceTile, item.move)
        gained = tile_harvest(state, move)
        sources = harvest_sources(state, move, kind)
        out.append(
            Example(
                f"R-3.3.{kind}",
                f"R-3.3.{kind}",
                _harvest_caption(kind, state, move, gained, sources),
                (
                    board(
                        apply_unchecked(state, move),
                        last_move=move,
                        harvest_sources=() if kind == "D" else sources,
                        closed_quarries=sources if kind == "D" else (),
                        covered=sources if kind == "C" else (),
                        lang=lang,
                    ),
                ),
                {"move": move, "harvest": gained, "kind": kind, "sources": sources},
            )
        )
    return out


def _quarry_examples(found: Positions, lang: Language) -> list[Example]:
    out = []
    state, move = found.enclosure.state, cast(PlaceTile, found.enclosure.move)
    grid = state.config.layout
    placed = (1 << move.first) | (1 << move.second)
    empty = state.valley.empty & ~placed
    eight = closed_quarries(grid, empty, placed, Enclosure.EIGHT)
    four = closed_quarries(grid, empty, placed, Enclosure.ORTHOGONAL)
    only = tuple(s for s in eight if s not in four)
    out.append(
        Example(
            "I-1",
            "I-1",
            _(
                "{tile} on {squares} fills the last diagonal neighbour of {quarry}: a Quarry "
                "under the default reading (all 8 neighbours). Under the alternative (4 "
                "orthogonal neighbours) this placement closes no Quarry there: the square "
                "was already shut in on its four sides.",
                **_placed(state, move),
                quarry=_squares(state, only),
            ),
            (board(apply_unchecked(state, move), last_move=move, closed_quarries=only, lang=lang),),
            {
                "move": move,
                "eight": eight,
                "four": four,
                "shown": only,
                "shut_in_before": tuple(
                    not grid.nb4[square] & state.valley.empty for square in only
                ),
            },
        )
    )
    state, move = found.two_quarries.state, cast(PlaceTile, found.two_quarries.move)
    gained = tile_harvest(state, move)
    out.append(
        Example(
            "I-2",
            "I-2",
            _(
                "{tile} on {squares} shuts in {quarries} at once: under the default reading "
                "each is a Quarry with its own choice.",
                **_placed(state, move),
                quarries=_squares(state, gained.quarries),
            ),
            (
                board(
                    apply_unchecked(state, move),
                    last_move=move,
                    closed_quarries=gained.quarries,
                    lang=lang,
                ),
            ),
            {"move": move, "harvest": gained},
        )
    )
    return out


def _metropolis(
    state: GameState,
    player: int,
    lang: Language,
    marked: Sequence[int],
    title: Message | None = None,
    links: Sequence[tuple[int, int]] = (),
) -> str:
    """The Metropolis of ``player`` in ``state``, its Shops ``marked`` framed in blue (and
    ``links`` drawn between Shops), under ``title`` or else the player's name."""
    return metropolis(
        state.players[player],
        player=player,
        lang=lang,
        registry=state.config.registry,
        title=None if title is None else render(title, lang),
        marked=marked,
        links=links,
    )


def _purchase_example(found: Positions, lang: Language) -> Example:
    state, move = found.purchase.state, cast(BuildDistrict, found.purchase.move)
    catalogue = state.config.catalogue
    built = catalogue.district(move.district)
    after = apply_unchecked(state, move)
    player = state.current

    def picture(step: GameState, title: Message) -> str:
        shops = step.players[player].metropolis.shops
        built = range(len(state.player.metropolis.shops), len(shops))
        return _metropolis(step, player, lang, built, title)

    name = state.player.name
    return Example(
        "R-3.4",
        "R-3.4",
        _(
            "{player} builds {district}, which costs {cost}: the payment is {tokens} from the "
            "supply and 1 Wheat, so the Wheat marker moves down from {before} to {after}, and "
            "the District takes a free spot of the Metropolis (its Shops framed in blue).",
            player=name,
            district=move.district,
            cost=ngettext("{n} resource", "{n} resources", built.cost),
            tokens=_tokens(move.tokens),
            before=state.player.metropolis.wheat,
            after=after.players[player].metropolis.wheat,
        ),
        (
            district(built, lang=lang, registry=catalogue.registry),
            picture(state, _("{player} before building", player=name)),
            picture(after, _("{player} after building", player=name)),
        ),
        {
            "move": move,
            "cost": built.cost,
            "violations": violations(state, move),
            "wheat": (state.player.metropolis.wheat, after.players[player].metropolis.wheat),
            "supply": (state.player.supply, after.players[player].supply),
        },
    )


def _supply_example(found: Positions, lang: Language) -> Example:
    state, move = found.supply.state, cast(SupplyShop, found.supply.move)
    after = apply_unchecked(state, move)
    player = state.current
    completed = after.players[player].metropolis.shops[move.shop].shop
    return Example(
        "R-3.5",
        "R-3.5",
        _(
            "{player} puts {resource} on Shop {shop} ({text}), framed in blue: the Shop is "
            "fully supplied and its benefit applies at once, Wheat {before} → {after}.",
            player=state.player.name,
            resource=move.resource.one,
            shop=move.shop + 1,
            text=describe_shop(completed, state.config.registry),
            before=state.player.metropolis.wheat,
            after=after.players[player].metropolis.wheat,
        ),
        (_metropolis(after, player, lang, (move.shop,)),),
        {
            "move": move,
            "violations": violations(state, move),
            "wheat": (state.player.metropolis.wheat, after.players[player].metropolis.wheat),
        },
    )


def _chain_example(found: Positions, lang: Language) -> Example:
    state, move, bonus = found.chain
    player = state.current
    after = apply_unchecked(state, move)
    chained = apply_unchecked(after, bonus)
    shops = chained.players[player].metropolis.shops
    registry = state.config.registry
    other = bonus.shop or 0
    return Example(
        "R-3.5-chain",
        "R-3.5",
        _(
            "A chain: {player} puts {resource} on Shop {shop} ({text}). That Shop is fully "
            "supplied: its benefit brings {bonus}, put at once on Shop {other} ({other_text}) "
            "as the arrow shows, and that Shop is fully supplied in turn (both framed in blue).",
            player=state.player.name,
            resource=move.resource.one,
            shop=move.shop + 1,
            text=describe_shop(shops[move.shop].shop, registry),
            bonus=bonus.resource.one,
            other=other + 1,
            other_text=describe_shop(shops[other].shop, registry),
        ),
        (_metropolis(chained, player, lang, (move.shop, other), links=((move.shop, other),)),),
        {
            "moves": (move, bonus),
            "violations": (violations(state, move), violations(after, bonus)),
            "full_shops": (_full_shops(state, player), _full_shops(chained, player)),
        },
    )


RULEBOOK_SUPPLY_BOARD = "M1"
"""The Metropolis board of the supply example: its starting Shop 3 takes Grapes, +1 Wheat."""

RULEBOOK_SUPPLY_DISTRICTS = ("D39", "D07")
"""Built on the first two spots: Papyrus -> 5 Debens; Alabaster and Bovine -> 4 Debens."""

_GRAPES_SHOP, _PAPYRUS_SHOP, _BOVINE_SHOP = 2, 4, 5


@functools.cache
def rulebook_supply(
    catalogue: Catalogue | None = None,
) -> tuple[GameState, tuple[SupplyShop, ...]]:
    """The rulebooks' supplying example (R-3.5): the supply step of a seeded game, with
    the current player holding 1 Bovine, 1 Papyrus and 1 Grapes in supply and a
    Metropolis where those go, in this order, to a +1 Wheat Shop, a 5-Deben Shop and a
    Shop that also needs an Alabaster (built with ``attrs.evolve``: a position, not a
    history). Returns the state and the three supply moves."""
    catalogue = catalogue or default_catalogue()
    state = new_game(EXAMPLE_PLAYERS[:2], seed=1, catalogue=catalogue)
    board = catalogue.metropolis_board(RULEBOOK_SUPPLY_BOARD)
    built = tuple(catalogue.district(d) for d in RULEBOOK_SUPPLY_DISTRICTS)
    city = board.empty_metropolis()
    city = evolve(
        city,
        spots=(*built, *city.spots[len(built) :]),
        shops=city.shops + tuple(ShopState(s) for d in built for s in d.shops),
    )
    supply: Counts = (0, 1, 1, 1)
    player = evolve(state.player, metropolis=city, supply=supply)
    state = evolve(
        state.with_player(player),
        phase=Phase.SUPPLY,
        stock=sub_counts(state.stock, supply),
        district_deck=tuple(d for d in state.district_deck if d not in RULEBOOK_SUPPLY_DISTRICTS),
        offer=tuple(d for d in state.offer if d not in RULEBOOK_SUPPLY_DISTRICTS),
    )
    moves = (
        SupplyShop(Resource.GRAPES, _GRAPES_SHOP),
        SupplyShop(Resource.PAPYRUS, _PAPYRUS_SHOP),
        SupplyShop(Resource.BOVINE, _BOVINE_SHOP),
    )
    return state, moves


def _rulebook_supply_example(catalogue: Catalogue, lang: Language) -> Example:
    """The rulebooks' own example, told as they tell it: the player, her three tokens and
    the order she plays them are the example's, so the caption names them in full
    sentences (Lisa is Wiola in the Polish rulebook)."""
    state, moves = rulebook_supply(catalogue)
    player = state.current
    steps = states_after(apply, state, moves)
    registry = catalogue.registry
    shops = steps[-1].players[player].metropolis.shops
    grapes, papyrus, bovine = (shops[m.shop] for m in moves)
    reward = cast(GenericBenefit, papyrus.shop.benefit).debens
    missing = tuple(
        Icon.of(r)
        for r, need, held in zip(_RESOURCES, bovine.shop.need, bovine.tokens, strict=True)
        if need > held
    )
    wheat_steps = tuple(s.players[player].metropolis.wheat for s in steps)

    return Example(
        "R-3.5-rulebook",
        "R-3.5",
        _(
            "The rulebooks' example: Lisa has 1 Bovine, 1 Papyrus flower and 1 Grape in "
            "supply. She first puts her Grape on Shop {first} ({first_text}): fully supplied, "
            "the Shop moves her Wheat marker up from {before} to {after} at once. Then she "
            "puts her Papyrus flower on Shop {second} ({second_text}): fully supplied, it will "
            "score {amount} at the end of the game. Last, she puts her Bovine on Shop {third} "
            "({third_text}): it now holds {held} of its {size} tokens and scores nothing "
            "unless an Alabaster joins it later. The three Shops are framed in blue. This is "
            "another of the rulebooks' examples, not Lisa's Metropolis of the scoring "
            "example (R-5.6).",
            first=moves[0].shop + 1,
            first_text=describe_shop(grapes.shop, registry),
            before=wheat_steps[0],
            after=wheat_steps[1],
            second=moves[1].shop + 1,
            second_text=describe_shop(papyrus.shop, registry),
            amount=debens(reward),
            third=moves[2].shop + 1,
            third_text=describe_shop(bovine.shop, registry),
            held=bovine.token_count,
            size=bovine.shop.size,
        ),
        (
            _metropolis(steps[0], player, lang, (), _("Lisa before supplying")),
            _metropolis(
                steps[-1], player, lang, [m.shop for m in moves], _("Lisa after supplying")
            ),
        ),
        {
            "moves": moves,
            "violations": tuple(violations(s, m) for s, m in zip(steps, moves, strict=False)),
            "wheat": wheat_steps,
            "full": tuple(shops[m.shop].is_full for m in moves),
            "debens": reward,
            "held": (bovine.token_count, bovine.shop.size),
            "missing": missing,
            "supply": (state.player.supply, steps[-1].players[player].supply),
        },
    )


def example_shop(catalogue: Catalogue, kind: str) -> Shop | None:
    """The first Shop of the catalogue whose benefit is of ``kind``: on a District, else on
    a Metropolis board (the example of its kind in the R-6 table and pictures)."""
    shops = [s for d in catalogue.districts for s in d.shops]
    shops += [s for b in catalogue.metropolis_boards for s in b.shops]
    return next((s for s in shops if s.benefit.kind == kind), None)


def _shop_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    out = []
    for kind in catalogue.registry:
        example = example_shop(catalogue, kind.id)
        if example is None:
            continue
        out.append(
            Example(
                f"R-6-{kind.id}",
                "R-6",
                _(
                    "{kind}: {shop}",
                    kind=kind.title,
                    shop=describe_shop(example, catalogue.registry),
                ),
                (shop(example, lang=lang, registry=catalogue.registry, scale=2),),
                {"kind": kind.id, "shop": example},
            )
        )
    return out


def _worked_examples(lang: Language, catalogue: Catalogue) -> tuple[Example, ...]:
    found = positions(catalogue)
    return (
        *component_examples(catalogue, lang),
        *setup_examples(catalogue, lang),
        *_placement_examples(found, lang),
        *_harvest_examples(found, lang),
        _purchase_example(found, lang),
        _supply_example(found, lang),
        _chain_example(found, lang),
        _rulebook_supply_example(catalogue, lang),
        *_shop_examples(catalogue, lang),
        *scoring_examples(catalogue, lang),
        *_quarry_examples(found, lang),
    )


worked_examples = WorkedExamples(_worked_examples, default_catalogue)
"""Every worked example, pictures and captions in a language (English by default), of a
catalogue (the default one by default)."""
