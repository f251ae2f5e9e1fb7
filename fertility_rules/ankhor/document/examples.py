"""Worked examples of Ankh'or's rules, drawn from positions the engine reached.

The printed rulebook teaches with pictures; here each picture is a position of a seeded
game played by random agents, or a position built for the purpose from a seeded setup
(a group growing to 5 tiles, the rulebook's scoring example), with every move played by
the referee. Each :class:`~fertility_rules.document.figures.Example` carries the facts
its caption states, and the tests check them against the engine again.

Positions are found once per process and catalogue (:func:`positions`); pictures and
captions are made per language (:func:`worked_examples`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import cast

from attrs import evolve, frozen

from fertility_rules.ankhor.agents import make_agent, play_game
from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.layout import supporters
from fertility_rules.ankhor.model import (
    Colour,
    Kind,
    Placed,
    Position,
    Tile,
    Token,
    Tokens,
    add_tokens,
    marker_label,
    position_text,
    sub_tokens,
    token_amount,
)
from fertility_rules.ankhor.moves import (
    BuyTile,
    Move,
    MoveTile,
    Refresh,
    ReturnTokens,
    StoreTokens,
)
from fertility_rules.ankhor.rules import apply, apply_unchecked, violations
from fertility_rules.ankhor.rules.offer import close_up, fill
from fertility_rules.ankhor.scoring import (
    FinalPosition,
    PlayerPosition,
    animal_group,
    colour_group,
    score,
)
from fertility_rules.ankhor.setup import default_catalogue, new_game
from fertility_rules.ankhor.state import GameState, PlayerState
from fertility_rules.ankhor.svg import hand, layout, legal_places, offer, table
from fertility_rules.ankhor.svg.layouts import bonus_group
from fertility_rules.ankhor.texts import status, tokens_text
from fertility_rules.document.example import EXAMPLE_PLAYERS, Example, WorkedExamples
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of
from fertility_rules.i18n.message import Message, _, ngettext, pgettext
from fertility_rules.i18n.translate import render
from fertility_rules.shared.sequences import Rest

__all__ = [
    "RULEBOOK_PLAYER",
    "At",
    "Positions",
    "bonus_position",
    "positions",
    "rulebook_example",
    "worked_examples",
]

RULEBOOK_PLAYER = pgettext("the player of Ankh'or's scoring example", "Nefer")
"""The player of the rulebook's scoring example (the rulebook gives no name)."""

SEEDS = range(1, 80)
"""The seeds of the games searched for examples, 2 players at odd seeds, 4 at even."""
AGENTS = {"refresh": "random"}
"""The agents of the games an example is searched in: greedy ones (whose layouts look like
a person's) unless named here (greedy agents seldom refresh the offer)."""


@frozen
class Played:
    """A seeded game: every state, and the move played from each."""

    states: tuple[GameState, ...]
    moves: tuple[Move, ...]


@frozen
class At:
    """A move of a played game and the states around it."""

    game: Played
    index: int

    @property
    def state(self) -> GameState:
        return self.game.states[self.index]

    @property
    def move(self) -> Move:
        return self.game.moves[self.index]

    @property
    def after(self) -> GameState:
        return self.game.states[self.index + 1]

    def turn_end(self) -> GameState:
        """The first state of the next turn (or the last state of the game)."""
        turn = self.state.turn
        for state in self.game.states[self.index + 1 :]:
            if state.turn != turn or state.is_over:
                return state
        return self.game.states[-1]


@frozen
class Positions:
    """The positions of the examples found in seeded games (language-free)."""

    purchase: At
    higher: At
    warehouse: At
    store: At
    scribe: At
    refresh: At
    give_back: At
    last: At


def _games(catalogue: Catalogue, agent: str) -> Iterator[Played]:
    for seed in SEEDS:
        players = 2 if seed % 2 else 4
        names = EXAMPLE_PLAYERS[:players]
        agents = [make_agent(agent, seed * 10 + i) for i in range(players)]
        game = play_game(names, agents, seed, catalogue=catalogue)
        state = new_game(names, seed, catalogue=catalogue)
        states = [state]
        for move in game.moves:
            state = apply_unchecked(state, move)
            states.append(state)
        yield Played(tuple(states), tuple(game.moves))


def _kind_bought(state: GameState, move: Move) -> Kind | None:
    if isinstance(move, BuyTile):
        tile = state.offer[move.slot]
        return None if tile is None else tile.kind
    return None


def _matches(name: str, at: At) -> bool:
    """Whether the move at ``at`` shows the example ``name``."""
    state, move = at.state, at.move
    player = state.players[state.current]
    if name == "purchase":
        return (
            isinstance(move, BuyTile)
            and move.position[0] == 0
            and len(player.tiles) >= 3
            and _kind_bought(state, move) in (Kind.JACKAL, Kind.FALCON, Kind.BEETLE)
            and at.after.players[state.current].bonus == player.bonus
        )
    if name == "higher":
        return isinstance(move, BuyTile) and move.position[0] == 1
    if name == "warehouse":
        return (
            _kind_bought(state, move) is Kind.WAREHOUSE
            and isinstance(move, BuyTile)
            and move.position in at.after.players[state.current].stored
        )
    if name == "store":
        return isinstance(move, StoreTokens) and bool(move.warehouses)
    if name == "scribe":
        return _kind_bought(state, move) is Kind.SCRIBE and not state.progress.bonus
    if name == "refresh":
        return (
            isinstance(move, Refresh)
            and move.pile is not None
            and all(tile is not None for tile in state.offer)
        )
    if name == "give_back":
        return isinstance(move, ReturnTokens) and sum(move.tokens) >= 2
    if name == "last":
        after = at.after.players[state.current]
        return (
            isinstance(move, BuyTile)
            and len(after.tiles) == state.config.catalogue.end.tiles
            and not state.ending
            and state.current != (state.config.first - 1) % len(state.players)
        )
    return False  # pragma: no cover - every name is listed above


_NAMES = ("purchase", "higher", "warehouse", "store", "scribe", "refresh", "give_back", "last")


@functools.cache
def positions(catalogue: Catalogue | None = None) -> Positions:
    """The positions of the examples, from seeded games of ``catalogue`` (default one)."""
    catalogue = catalogue or default_catalogue()
    found: dict[str, At] = {}
    for agent in sorted({AGENTS.get(name, "greedy") for name in _NAMES}):
        wanted = [name for name in _NAMES if AGENTS.get(name, "greedy") == agent]
        for game in _games(catalogue, agent):
            for index in range(len(game.moves)):
                at = At(game, index)
                for name in wanted:
                    if name not in found and _matches(name, at):
                        found[name] = at
            if all(name in found for name in wanted):
                break
    missing = ", ".join(name for name in _NAMES if name not in found)
    if missing:
        raise LookupError(f"no seeded game shows: {missing}")  # pragma: no cover
    return Positions(**found)


# ------------------------------------------------------------------ built positions


def _take(tiles: list[Tile], colour: Colour, kind: Kind | None = None) -> Tile:
    """A tile of ``colour`` (and ``kind``) out of ``tiles``."""
    for tile in tiles:
        if tile.colour is colour and kind in (None, tile.kind):
            tiles.remove(tile)
            return tile
    raise LookupError(f"no {colour.key} tile left")  # pragma: no cover - A-1.2 is checked


def _without(state: GameState, used: Sequence[Tile]) -> tuple[Rest[Tile], Rest[Tile]]:
    gone = {tile.id for tile in used}
    first, second = (Rest(tile for tile in pile if tile.id not in gone) for pile in state.piles)
    return first, second


@functools.cache
def bonus_position(catalogue: Catalogue | None = None) -> tuple[GameState, BuyTile, MoveTile]:
    """A seeded 2-player setup where the player to move has four tiles of one colour in
    a row and one tile of another colour under the first; the tile of that colour in the
    offer completes a group of 5 (A-3.8), and an ankh token held since an earlier turn
    moves the first tile of the row away, splitting the group again (A-4.3). Built with
    ``attrs.evolve`` from the setup (a position, not a history), as the first decision
    of the eighth round, so that the turns played explain the tiles and the tokens
    (:mod:`fertility_rules.ankhor.reachable`); returns the state, the purchase and the
    move."""
    catalogue = catalogue or default_catalogue()
    state = new_game(EXAMPLE_PLAYERS[:2], seed=3, catalogue=catalogue)
    slot = 0
    colour = Colour.GREEN
    spare = [tile for pile in state.piles for tile in pile]
    bought = _take(spare, colour, Kind.FALCON)
    row = [_take(spare, colour) for _n in range(4)]
    other = _take(spare, Colour.RED, Kind.DESERT)
    tiles = (
        *(Placed(tile, 0, x, 0) for x, tile in enumerate(row)),
        Placed(other, 0, 0, 1),
    )
    price = state.config.prices[slot]
    held = [0, 0, 0, 0, 0, 1]
    for marker in price:
        held[marker] += 1
    tokens: Tokens = (held[0], held[1], held[2], held[3], held[4], held[5])
    used = (*row, other, bought)
    offer = (bought, *state.offer[1:])
    piles = _without(state, used)
    back = state.offer[0]
    if back is not None:  # on a pile that gave a tile: no pile outgrows what setup dealt
        if len(piles[0]) < len(state.piles[0]):
            piles = (Rest((back, *piles[0])), piles[1])
        else:
            piles = (piles[0], Rest((back, *piles[1])))
    player = evolve(
        state.players[state.current], tiles=tuple(sorted(tiles, key=lambda p: p.position))
    )
    player = evolve(player, tokens=tokens)
    rounds = 7  # five purchases and two turns of taking tokens each
    players = [evolve(p, turns=rounds) for p in state.players]
    players[state.current] = evolve(player, turns=rounds)
    scribes = sum(1 for p in tiles if p.tile.kind is Kind.SCRIBE)  # a bonus turn each
    state = evolve(
        state,
        players=tuple(players),
        supply=sub_tokens(state.supply, tokens),
        offer=offer,
        piles=piles,
        turn=rounds * len(players) + scribes + 1,
    )
    purchase = BuyTile(slot, (0, 4, 0))
    move = MoveTile((0, 0, 0), (0, 0, 2))
    return state, purchase, move


_RULEBOOK_BASE = (
    (-1, 0, Colour.BLUE, Kind.BEETLE),
    (0, 0, Colour.GREEN, Kind.BEETLE),
    (1, 0, Colour.GREEN, Kind.VALUE),
    (2, 0, Colour.WHITE, Kind.JACKAL),
    (3, 0, Colour.RED, Kind.VALUE),
    (-1, 1, Colour.WHITE, Kind.VALUE),
    (0, 1, Colour.GREEN, Kind.JACKAL),
    (1, 1, Colour.GREEN, Kind.SCRIBE),
    (2, 1, Colour.RED, Kind.JACKAL),
    (3, 1, Colour.RED, Kind.JACKAL),
    (1, 2, Colour.BLACK, Kind.DESERT),
)
"""The base of the scoring example: ``(x, y, family, kind)``."""
_RULEBOOK_HIGHER = (
    (0, 0, Colour.GREEN, Kind.DESERT),
    (1, 0, Colour.WHITE, Kind.DESERT),
)
"""Its two higher tiles, level 1, each placed as A-3.5 allows (a supporting tile of its
colour): a green desert on the four green base tiles, the fifth tile of their group, and a
white desert on the green value tile, the white jackal, the green scribe and a red jackal."""


def rulebook_example(catalogue: Catalogue | None = None) -> FinalPosition:
    """The rulebook's scoring example (A-7.6) as a final position, in the library's own
    reconstruction: a white group of 2 (a white desert on level 1 over the white jackal),
    a green group of 5 with its bonus token and both higher tiles on it, a red group of 3,
    3 jackals, 2 beetles (one of them the lone blue tile), a lone green jackal, three value
    tiles (one the lone white one), a lone black desert, no token left: 24 VP, 13 tiles.
    Every tile is where the rules let it be placed (A-3.4, A-3.5)."""
    catalogue = catalogue or default_catalogue()
    spare = list(catalogue.tiles)
    placed = [Placed(_take(spare, c, k), 0, x, y) for x, y, c, k in _RULEBOOK_BASE]
    placed += [Placed(_take(spare, c, k), 1, x, y) for x, y, c, k in _RULEBOOK_HIGHER]
    tiles = tuple(sorted(placed, key=lambda p: p.position))
    player = PlayerPosition(RULEBOOK_PLAYER.msgid, tiles, (0, 0, 0, 0, 0, 0), 1)
    return FinalPosition((player,), catalogue.bonus.points)


# ------------------------------------------------------------------ pictures and captions


def _seat(state: GameState) -> int:
    return state.current


def _name(state: GameState) -> str:
    return state.players[state.current].name


def _price(state: GameState, slot: int) -> Message | str:
    return all_of([colour.label for colour in state.config.prices[slot]])


def _setup_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    out = []
    for players in (2, 4):
        state = new_game(EXAMPLE_PLAYERS[:players], seed=2019, catalogue=catalogue)
        per_kind = state.supply[0]
        out.append(
            Example(
                f"A-2-{players}",
                "A-2",
                _(
                    "{setup}: the supply holds {tokens}, six tiles are on offer under the "
                    "price board, {first} and {second} are left in the draw piles and {bonus} "
                    "in the reserve; {player} starts.",
                    setup=ngettext("Setup for {n} player", "Setup for {n} players", players),
                    tokens=ngettext("{n} token of each kind", "{n} tokens of each kind", per_kind),
                    first=ngettext("{n} tile", "{n} tiles", state.pile_sizes[0]),
                    second=ngettext("{n} tile", "{n} tiles", state.pile_sizes[1]),
                    bonus=ngettext("{n} bonus token", "{n} bonus tokens", state.reserve),
                    player=_name(state),
                ),
                (table(state, lang=lang),),
                {
                    "players": players,
                    "supply": state.supply,
                    "offer": sum(1 for tile in state.offer if tile is not None),
                    "piles": state.pile_sizes,
                    "reserve": state.reserve,
                    "prices": state.config.prices,
                    "start": state.current,
                },
            )
        )
    return out


def _purchase_example(found: Positions, lang: Language) -> Example:
    at = found.purchase
    state, move = at.state, cast(BuyTile, at.move)
    seat = _seat(state)
    tile = cast(Tile, state.offer[move.slot])
    after = at.after
    places = legal_places(state, move.slot)
    return Example(
        "A-3.3",
        "A-3.3",
        _(
            "{player} buys the {tile} of slot {slot} and pays {price} (first picture). Of "
            "the places outlined where it may go (second picture), they choose {position}, "
            "which shares an edge with one of their tiles (third picture).",
            player=_name(state),
            slot=move.slot + 1,
            tile=tile.label,
            price=_price(state, move.slot),
            position=position_text(move.position),
        ),
        (
            offer(state, marked=(move.slot,), lang=lang),
            layout(state, seat, legal_places=places, groups_row=False, lang=lang),
            layout(after, seat, last_move=move, lang=lang),
        ),
        {
            "move": move,
            "violations": violations(state, move),
            "tile": tile,
            "places": places,
            "paid": sub_tokens(_everything(state.players[seat]), _everything(after.players[seat])),
            "price": state.config.prices[move.slot],
        },
    )


def _everything(player: PlayerState) -> Tokens:
    """Tokens in hand and on warehouses, by kind."""
    return add_tokens(player.tokens, player.stored_tokens())


def _group_text(player: PlayerState, group: Sequence[Position]) -> Message:
    """``white group of 5 tiles``, ``jackal group of 5 tiles``: what ``group`` shares."""
    tiles = [placed.tile for placed in player.tiles if placed.position in group]
    if len({tile.colour for tile in tiles}) == 1:
        return colour_group(tiles[0].colour, len(tiles))
    return animal_group(tiles[0].kind, len(tiles))


def _higher_example(found: Positions, lang: Language) -> Example:
    at = found.higher
    state, move = at.state, cast(BuyTile, at.move)
    seat = _seat(state)
    tile = cast(Tile, state.offer[move.slot])
    after = at.after
    under = [
        placed.tile
        for placed in state.players[seat].tiles
        if placed.position in supporters(move.position)
    ]
    unpaid = cast(Colour, move.unpaid)
    places = [p for p in legal_places(state, move.slot) if p[0] > 0]
    caption = _(
        "{player} buys the {tile} of slot {slot} and places it on a higher level, at "
        "{position}, over four tiles of which at least one shares its colour. The price "
        "shows {price} (first picture); the {marker} is not paid. Outlined in the "
        "second picture: the higher places where this tile may go.",
        player=_name(state),
        tile=tile.label,
        slot=move.slot + 1,
        position=position_text(move.position),
        price=_price(state, move.slot),
        marker=marker_label(unpaid),
    )
    if after.players[seat].bonus > state.players[seat].bonus:
        group = bonus_group(after.players[seat].tiles, move.position, True)
        more = _(
            "In the third picture it completes a {group} (ringed in gold), and {player} "
            "takes a bonus token (A-3.8).",
            group=_group_text(after.players[seat], group),
            player=_name(state),
        )
        caption = _("{first} {second}", first=caption, second=more)
    emptied = set(state.players[seat].stored) - set(after.players[seat].stored)
    for position in sorted(emptied):
        more = _(
            "The token stored on the warehouse at {position} goes back to the supply (A-3.6).",
            position=position_text(position),
        )
        caption = _("{first} {second}", first=caption, second=more)
    return Example(
        "A-3.5",
        "A-3.5",
        caption,
        (
            offer(state, marked=(move.slot,), lang=lang),
            layout(state, seat, legal_places=places, groups_row=False, lang=lang),
            layout(after, seat, last_move=move, lang=lang),
        ),
        {
            "move": move,
            "violations": violations(state, move),
            "under": tuple(t.colour for t in under),
            "colour": tile.colour,
            "paid": sub_tokens(_everything(state.players[seat]), _everything(after.players[seat])),
            "price": state.config.prices[move.slot],
        },
    )


def _bonus_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    state, purchase, move = bonus_position(catalogue)
    seat = _seat(state)
    bought = apply(state, purchase)
    moved = apply(bought, move)
    same_level = True
    group = bonus_group(bought.players[seat].tiles, purchase.position, same_level)
    tile = cast(Tile, state.offer[purchase.slot])
    return [
        Example(
            "A-3.8-bonus",
            "A-3.8",
            _(
                "{player} places the {tile} at {position}: it completes a {group} (ringed in "
                "gold), and they take a bonus token from the reserve, which falls from "
                "{before} to {after}.",
                player=_name(state),
                tile=tile.label,
                position=position_text(purchase.position),
                group=colour_group(tile.colour, len(group)),
                before=state.reserve,
                after=bought.reserve,
            ),
            (
                layout(state, seat, legal_places=legal_places(state, purchase.slot), lang=lang),
                layout(bought, seat, last_move=purchase, bonus=group, lang=lang),
            ),
            {
                "move": purchase,
                "violations": violations(state, purchase),
                "group": group,
                "bonus": (state.players[seat].bonus, bought.players[seat].bonus),
                "reserve": (state.reserve, bought.reserve),
            },
        ),
        Example(
            "A-3.8-split",
            "A-3.8",
            _(
                "Then {player} spends an ankh token to move the tile at {origin} to {target} "
                "(A-4.3): what remains is a {group}, so the bonus token goes back to the "
                "reserve ({before} → {after}).",
                player=_name(state),
                origin=position_text(move.origin),
                target=position_text(move.target),
                group=colour_group(tile.colour, len(group) - 1),
                before=bought.reserve,
                after=moved.reserve,
            ),
            (layout(moved, seat, last_move=move, lang=lang),),
            {
                "move": move,
                "violations": violations(bought, move),
                "bonus": (bought.players[seat].bonus, moved.players[seat].bonus),
                "reserve": (bought.reserve, moved.reserve),
            },
        ),
    ]


def _warehouse_examples(found: Positions, lang: Language) -> list[Example]:
    at = found.warehouse
    state, move = at.state, cast(BuyTile, at.move)
    seat = _seat(state)
    tile = cast(Tile, state.offer[move.slot])
    kind = Token(tile.colour)
    after = at.after
    store = found.store
    keeper = _seat(store.state)
    storing = cast(StoreTokens, store.move)
    stored_after = store.after.players[keeper]
    return [
        Example(
            "A-3.6-bought",
            "A-3.6",
            _(
                "{player} buys the {tile} and places it at {position}: {token} is taken from "
                "the supply and put on it.",
                player=_name(state),
                tile=tile.label,
                position=position_text(move.position),
                token=token_amount(kind, 1),
            ),
            (layout(after, seat, last_move=move, lang=lang),),
            {
                "move": move,
                "violations": violations(state, move),
                "supply": (state.supply[kind], after.supply[kind]),
                "paid": state.config.prices[move.slot].count(tile.colour),
                "stored": move.position in after.players[seat].stored,
            },
        ),
        Example(
            "A-3.6-stored",
            "A-3.6",
            _(
                "At the end of a turn {player} puts a token from their hand on their empty "
                "warehouse at {positions} (A-3.9). Hand before: {before}; after: {after}.",
                player=_name(store.state),
                positions=", ".join(map(position_text, storing.warehouses)),
                before=tokens_text(store.state.players[keeper].tokens),
                after=tokens_text(stored_after.tokens),
            ),
            (layout(store.after, keeper, last_move=storing, lang=lang),),
            {
                "move": storing,
                "violations": violations(store.state, storing),
                "hand": (store.state.players[keeper].tokens, stored_after.tokens),
                "stored": stored_after.stored,
            },
        ),
    ]


def _scribe_example(found: Positions, lang: Language) -> Example:
    at = found.scribe
    state, move = at.state, cast(BuyTile, at.move)
    seat = _seat(state)
    tile = cast(Tile, state.offer[move.slot])
    nxt = at.turn_end()
    return Example(
        "A-3.7",
        "A-3.7",
        _(
            "In turn {turn} {player} buys the {tile} and places it at {position}. When the "
            "turn ends, the next turn is theirs again, a bonus turn: {status}",
            turn=state.turn,
            player=_name(state),
            tile=tile.label,
            position=position_text(move.position),
            status=status(nxt),
        ),
        (layout(at.after, seat, last_move=move, lang=lang),),
        {
            "move": move,
            "violations": violations(state, move),
            "next": (nxt.turn, nxt.current, nxt.progress.bonus),
            "turns": (state.players[seat].turns, nxt.players[seat].turns),
            "turn": state.turn,
        },
    )


def _refresh_example(found: Positions, lang: Language) -> Example:
    at = found.refresh
    state, move = at.state, cast(Refresh, at.move)
    pile = cast(int, move.pile)
    after = at.after
    gone = cast(Tile, state.offer[0])
    removed = (None, *state.offer[1:])
    shifted_tiles = close_up(removed)
    shifted = (*shifted_tiles, *[None] * (len(state.offer) - len(shifted_tiles)))
    refilled, _piles = fill(list(shifted_tiles), len(state.offer), state.piles, pile)
    # Each picture shows the offer once its step is done, and its title says so.
    steps = [
        (state.offer, (0,), _("Before: the leftmost tile (outlined) will leave the game.")),
        (removed, (), _("1. The leftmost tile has left the game.")),
        (shifted, (len(shifted_tiles),), _("2. The other tiles have shifted to the left.")),
        (
            refilled,
            tuple(range(len(shifted_tiles), len(refilled))),
            _(
                "3–4. The offer is filled from draw pile {pile}.",
                pile=pile + 1,
            ),
        ),
    ]
    pictures = tuple(
        offer(evolve(state, offer=shown), marked=marked, title=render(step, lang), lang=lang)
        for shown, marked, step in steps
    )
    return Example(
        "A-4.2",
        "A-4.2",
        _(
            "{player} spends an ankh token to refresh the tiles: the {tile} is removed from "
            "the game, the five other tiles shift to the left, and the {new} comes from draw "
            "pile {pile} into the last slot.",
            player=_name(state),
            tile=gone.label,
            new=cast(Tile, refilled[-1]).label,
            pile=pile + 1,
        ),
        pictures,
        {
            "move": move,
            "violations": violations(state, move),
            "removed": (gone, after.removed[-1]),
            "offer": (state.offer, after.offer),
            "refilled": refilled,
            "piles": (state.pile_sizes, after.pile_sizes),
        },
    )


def _give_back_example(found: Positions, lang: Language) -> Example:
    at = found.give_back
    state, move = at.state, cast(ReturnTokens, at.move)
    seat = _seat(state)
    before = state.players[seat].tokens
    kept = at.after.players[seat].tokens
    limits = state.config.catalogue.limits
    return Example(
        "A-3.9",
        "A-3.9",
        _(
            "At the end of their turn {player} holds {before}: more than the limits of "
            "{resources} and {ankhs} allow. They give back {returned} and keep {kept}.",
            player=_name(state),
            resources=ngettext("{n} resource token", "{n} resource tokens", limits.resources),
            ankhs=ngettext("{n} ankh token", "{n} ankh tokens", limits.ankhs),
            before=tokens_text(before),
            returned=tokens_text(move.tokens),
            kept=tokens_text(kept),
        ),
        (
            hand(before, title=render(_("Before"), lang), lang=lang),
            hand(kept, title=render(_("After"), lang), lang=lang),
        ),
        {
            "move": move,
            "violations": violations(state, move),
            "hand": (before, kept),
            "limits": (limits.resources, limits.ankhs),
        },
    )


def _last_example(found: Positions, lang: Language) -> Example:
    at = found.last
    state, move = at.state, cast(BuyTile, at.move)
    seat = _seat(state)
    end = at.game.states[-1]
    count = len(end.players)
    last = (end.config.first - 1) % count
    others = [end.players[(seat + k) % count].name for k in range(1, (last - seat) % count + 1)]
    turns = tuple(player.turns for player in end.players)
    return Example(
        "A-6.1",
        "A-6.1",
        ngettext(
            "In turn {turn} {player} places their 13th tile at {position}: the end of the "
            "game is triggered. The round is completed: {others} plays a last turn, and "
            "the game ends after turn {last}: {rounds} and {bonus}.",
            "In turn {turn} {player} places their 13th tile at {position}: the end of the "
            "game is triggered. The round is completed: {others} play a last turn each, and "
            "the game ends after turn {last}: {rounds} and {bonus}.",
            len(others),
            turn=state.turn,
            player=_name(state),
            position=position_text(move.position),
            others=all_of(others),
            last=end.turn,
            rounds=ngettext("{n} round", "{n} rounds", turns[0]),
            bonus=ngettext("{n} bonus turn", "{n} bonus turns", end.turn - sum(turns)),
        ),
        (
            layout(at.after, seat, last_move=move, lang=lang),
            table(end, lang=lang),
        ),
        {
            "move": move,
            "violations": violations(state, move),
            "tiles": len(at.after.players[seat].tiles),
            "ending": (state.ending, at.after.ending),
            "turns": turns,
            "over": end.is_over,
            "others": tuple(others),
        },
    )


def _rulebook_example(catalogue: Catalogue, lang: Language) -> Example:
    position = rulebook_example(catalogue)
    sheet = score(position).sheets[0]
    player = position.players[0]
    shown = evolve(player, name=render(RULEBOOK_PLAYER, lang))
    return Example(
        "A-7.6",
        "A-7.6",
        _(
            "The rulebook's scoring example, as the library rebuilds it: {tiles}, {bonus}, "
            "no token left. Its score sheet follows.",
            tiles=ngettext("{n} tile", "{n} tiles", len(player.tiles)),
            bonus=ngettext("{n} bonus token", "{n} bonus tokens", player.bonus),
        ),
        (layout(shown, lang=lang),),
        {
            "total": sheet.total,
            "stages": sheet.stage_totals,
            "lines": tuple((line.rule, line.points) for line in sheet.lines),
        },
    )


def _worked_examples(lang: Language, catalogue: Catalogue) -> tuple[Example, ...]:
    found = positions(catalogue)
    return (
        *_setup_examples(catalogue, lang),
        _purchase_example(found, lang),
        _give_back_example(found, lang),
        _higher_example(found, lang),
        *_bonus_examples(catalogue, lang),
        _refresh_example(found, lang),
        _last_example(found, lang),
        _rulebook_example(catalogue, lang),
        *_warehouse_examples(found, lang),
        _scribe_example(found, lang),
    )


worked_examples = WorkedExamples(_worked_examples, default_catalogue)
"""Every worked example of the rules, pictures and captions in a language (English by
default), of a catalogue (the default one by default)."""
