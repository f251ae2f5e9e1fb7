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
from fertility_rules.ankhor.document.places import beside, label_at, place_text, tile_named
from fertility_rules.ankhor.document.reminders import scoring_reminders, take_tile
from fertility_rules.ankhor.interpretations import Interpretations, Moving
from fertility_rules.ankhor.layout import attributes, groups, is_connected, remove, supporters
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
    TakeTokens,
)
from fertility_rules.ankhor.rules import apply, apply_unchecked, legal_moves, violations
from fertility_rules.ankhor.rules.common import ANKH_ACTIONS
from fertility_rules.ankhor.rules.offer import close_up, fill
from fertility_rules.ankhor.scoring import (
    FinalPosition,
    PlayerPosition,
    animal_group,
    colour_group,
    final_scores,
    score,
)
from fertility_rules.ankhor.setup import default_catalogue, new_game
from fertility_rules.ankhor.state import FRESH_TURN, GameState, Phase, PlayerState
from fertility_rules.ankhor.svg import hand, layout, legal_places, offer, price_slots, table
from fertility_rules.ankhor.svg.layouts import bonus_group
from fertility_rules.ankhor.svg.table import points
from fertility_rules.ankhor.texts import tokens_text
from fertility_rules.document.example import EXAMPLE_PLAYERS, Example, WorkedExamples, states_after
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of, any_of, series
from fertility_rules.i18n.message import Message, _, ngettext, pgettext, render
from fertility_rules.shared.sequences import Rest

__all__ = [
    "RULEBOOK_PLAYER",
    "AnkhTiming",
    "At",
    "Positions",
    "ankh_timing",
    "bonus_position",
    "positions",
    "rulebook_example",
    "worked_examples",
]

RULEBOOK_PLAYER = pgettext("the player of Ankh'or's scoring example", "Nefer")
"""The player of the rulebook's scoring example (the rulebook gives no name)."""

SEEDS = range(1, 80)
"""The seeds of the games searched for examples, 2 players at odd seeds, 4 at even."""
AGENTS = {"refresh": "random", "higher_move": "random"}
"""The agents of the games an example is searched in: greedy ones (whose layouts look like
a person's) unless named here (greedy agents seldom refresh the offer or move a tile)."""


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
    ankh: At
    """The start of a turn in which a player may spend 2 ankh tokens, after a turn in
    which the same player took some (:func:`ankh_timing`)."""
    higher_move: At
    """A higher tile moved to a place none of whose four tiles shares its colour."""
    animal_bonus: At
    """A purchase that completes a group of 5 of one animal, not of one colour."""


def _games(catalogue: Catalogue, agent: str) -> Iterator[Played]:
    for seed in SEEDS:
        players = 2 if seed % 2 else 4
        names = EXAMPLE_PLAYERS[:players]
        agents = [make_agent(agent, seed * 10 + i) for i in range(players)]
        game = play_game(names, agents, seed, catalogue=catalogue)
        start = new_game(names, seed, catalogue=catalogue)
        yield Played(tuple(states_after(apply_unchecked, start, game.moves)), tuple(game.moves))


def _kind_bought(state: GameState, move: Move) -> Kind | None:
    if isinstance(move, BuyTile):
        tile = state.offer[move.slot]
        return None if tile is None else tile.kind
    return None


def _tile_at(player: PlayerState, position: Position) -> Tile | None:
    return next((p.tile for p in player.tiles if p.position == position), None)


def _moved(player: PlayerState, move: MoveTile) -> Message:
    """The tile ``move`` takes from ``player``'s layout."""
    return label_at(player.tiles, move.origin)


def _moved_to(player: PlayerState, move: MoveTile) -> Message:
    """Where ``move`` puts the tile, told from the tiles that stay."""
    return place_text(remove(player.tiles, move.origin), move.target)


def _named_at(player: PlayerState, position: Position) -> Message:
    """The tile at ``position`` of ``player``'s layout, as the place phrases name it."""
    return tile_named(cast(Tile, _tile_at(player, position)))


def _colour_of(player: PlayerState, position: Position) -> Colour | None:
    tile = _tile_at(player, position)
    return None if tile is None else tile.colour


def _colours_under(player: PlayerState, position: Position) -> list[Colour | None]:
    """The colours of the four tiles a higher place rests on (A-3.5)."""
    return [_colour_of(player, under) for under in supporters(position)]


def _animal_only(tiles: tuple[Placed, ...], position: Position) -> bool:
    """Whether the tile at ``position`` is in a group of 5 or more of its animal and in
    none of its colour (A-3.8)."""
    placed = next(p for p in tiles if p.position == position)
    return all(
        isinstance(attribute, Kind)
        for attribute in attributes(placed)
        for group in groups(tiles, attribute, True)
        if placed in group and len(group) >= 5
    ) and bool(bonus_group(tiles, position, True))


def _told(at: At) -> bool:
    """Whether a caption can tell where the tile of the move at ``at`` goes from a tile
    beside it, as a player would, rather than by coordinates."""
    move, tiles = at.move, at.state.players[at.state.current].tiles
    if isinstance(move, BuyTile):
        return beside(tiles, move.position) is not None
    if isinstance(move, MoveTile):
        return beside(remove(tiles, move.origin), move.target) is not None
    return True


def _matches(name: str, at: At) -> bool:
    """Whether the move at ``at`` shows the example ``name``, in words a player reads."""
    return _shows(name, at) and _told(at)


def _shows(name: str, at: At) -> bool:
    """Whether the move at ``at`` shows what the example ``name`` is about."""
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
    if name == "ankh":
        return _timing(at) is not None
    if name == "animal_bonus":
        return (
            isinstance(move, BuyTile)
            and at.after.players[state.current].bonus > player.bonus
            and _animal_only(at.after.players[state.current].tiles, move.position)
        )
    if name == "higher_move":
        return (
            isinstance(move, MoveTile)
            and move.origin[0] > 0
            and _colour_of(player, move.origin) not in _colours_under(player, move.target)
        )
    return False  # pragma: no cover - every name is listed above


_NAMES = (
    "purchase",
    "higher",
    "warehouse",
    "store",
    "scribe",
    "refresh",
    "give_back",
    "last",
    "ankh",
    "higher_move",
    "animal_bonus",
)


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


# ------------------------------------------------------------------ when ankh tokens are spent


@frozen
class AnkhTiming:
    """When ankh tokens may be spent (A-4.1), as the rulebook's "you can" and "you
    cannot" show it, on one player's turns of a seeded game: in turn ``taken`` the player,
    holding no ankh token, takes some, and may spend none of them in that turn; at the
    start of a later turn (``start``, a real position) they hold 2, and two sequences the
    referee accepts are played from it: refresh, move a tile, buy (``first``); refresh,
    buy, refresh again (``second``). No step changes a bonus token, and the base tiles
    stay connected, so that no reading of Q-5 or Q-17 is involved."""

    taken: At
    start: GameState
    first: tuple[Refresh, MoveTile, BuyTile]
    second: tuple[Refresh, BuyTile, Refresh]

    @property
    def rest_of_turn(self) -> tuple[GameState, ...]:
        """The states of the turn of ``taken`` after the tokens were taken (none when the
        turn ended at once)."""
        turn, seat = self.taken.state.turn, self.taken.state.current
        out = []
        for state in self.taken.game.states[self.taken.index + 1 :]:
            if state.turn != turn or state.current != seat or state.is_over:
                break
            out.append(state)
        return tuple(out)


def _steady(before: GameState, after: GameState) -> bool:
    """The move between two states gives or returns no bonus token and leaves the
    mover's base tiles connected."""
    seat = before.current
    return (
        after.players[seat].bonus == before.players[seat].bonus
        and after.reserve == before.reserve
        and is_connected(p.position for p in after.players[seat].tiles)
    )


def _first_legal(state: GameState, kind: type, base: bool = False) -> Move | None:
    """The first legal move of ``kind`` (in the referee's order) after which nothing
    changes but what the move does (:func:`_steady`); on the base level if ``base``."""
    for move in legal_moves(state):
        if not isinstance(move, kind):
            continue
        if base and isinstance(move, BuyTile) and (move.position[0] or move.unpaid):
            continue
        if base and isinstance(move, MoveTile) and move.origin[0]:
            continue
        if _steady(state, apply_unchecked(state, move)):
            return move
    return None


def _timing(at: At) -> AnkhTiming | None:
    """The example of :class:`AnkhTiming` that starts at ``at``, if it gives one: a
    fresh turn of a player holding 2 ankh tokens and at least 5 tiles, from which both
    sequences are legal, after a turn in which the same player took ankh tokens while
    holding none."""
    start = at.state
    seat = start.current
    player = start.players[seat]
    if start.phase is not Phase.MAIN or start.progress != FRESH_TURN:
        return None
    if player.tokens[Token.ANKH] < ANKH_ACTIONS or len(player.tiles) < 5:
        return None
    if min(start.pile_sizes) < 3 or start.ending or not start.reserve:
        return None
    taken = next(
        (
            At(at.game, index)
            for index in range(at.index - 1, -1, -1)
            if _takes_first_ankhs(At(at.game, index), seat)
        ),
        None,
    )
    if taken is None:
        return None
    first = _sequence(start, (Refresh, MoveTile, BuyTile))
    second = _sequence(start, (Refresh, BuyTile, Refresh))
    if first is None or second is None:
        return None
    return AnkhTiming(
        taken,
        start,
        cast(tuple[Refresh, MoveTile, BuyTile], first),
        cast(tuple[Refresh, BuyTile, Refresh], second),
    )


def _takes_first_ankhs(at: At, seat: int) -> bool:
    """Whether ``at`` is a turn of ``seat``, not a bonus turn, in which the player takes
    ankh tokens while holding none."""
    state, move = at.state, at.move
    return (
        state.current == seat
        and isinstance(move, TakeTokens)
        and move.tokens[Token.ANKH] > 0
        and not state.players[seat].tokens[Token.ANKH]
        and not state.progress.bonus
    )


def _sequence(start: GameState, kinds: tuple[type, ...]) -> tuple[Move, ...] | None:
    """Moves of ``kinds`` played in turn from ``start``, each legal: refreshes from the
    first pile, then the second; moves and purchases on the base level."""
    moves: list[Move] = []
    state = start
    refreshes = 0
    for kind in kinds:
        found: Move | None
        if kind is Refresh:
            found = Refresh(refreshes)
            refreshes += 1
            if violations(state, found):
                return None
        else:
            found = _first_legal(state, kind, base=True)
        if found is None:
            return None
        moves.append(found)
        state = apply(state, found)
    return tuple(moves)


def ankh_timing(catalogue: Catalogue | None = None) -> AnkhTiming:
    """When ankh tokens may be spent, on a seeded game of ``catalogue`` (A-4.1)."""
    timing = _timing(positions(catalogue).ankh)
    if timing is None:  # pragma: no cover - positions() found it so
        raise LookupError("no seeded game shows when ankh tokens are spent")
    return timing


# ------------------------------------------------------------------ built positions


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
    bought = take_tile(spare, colour, Kind.FALCON)
    row = [take_tile(spare, colour) for _n in range(4)]
    other = take_tile(spare, Colour.RED, Kind.DESERT)
    tiles = (
        *(Placed(tile, 0, x, 0) for x, tile in enumerate(row)),
        Placed(other, 0, 0, 1),
    )
    tokens = add_tokens(_price_tokens(state, slot), (0, 0, 0, 0, 0, 1))  # and an ankh token
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
    placed = [Placed(take_tile(spare, c, k), 0, x, y) for x, y, c, k in _RULEBOOK_BASE]
    placed += [Placed(take_tile(spare, c, k), 1, x, y) for x, y, c, k in _RULEBOOK_HIGHER]
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


def _price_tokens(state: GameState, slot: int) -> Tokens:
    """The tokens the price of ``slot`` asks for, by kind."""
    counts = [0, 0, 0, 0, 0, 0]
    for colour in state.config.prices[slot]:
        counts[colour] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


SETUP_CALLOUTS = {
    "price-board": 1,
    "offer": 2,
    "supply": 3,
    "reserve": 4,
    "piles": 5,
    "removed": 6,
    "tokens": 7,
    "layout": 8,
    "start-player": 9,
}
"""The parts of the 2-player setup picture its caption names, by number."""


def _setup_parts(state: GameState) -> list[Message]:
    """What each callout of the setup picture points at, with its rule."""
    markers = sum(len(slot) for slot in state.config.prices)
    per_slot = sorted({len(slot) for slot in state.config.prices})
    return [
        _(
            "1: the price board, its {n} price markers dealt at random, {counts} above each "
            "slot, never three of one colour above a slot (A-2.3, Q-6, Q-18)",
            n=markers,
            counts=any_of([str(n) for n in per_slot]),
        ),
        _("2: the offer, six tiles turned over from the first draw pile (A-2.5, Q-11)"),
        ngettext(
            "3: the supply, {n} token of each of the six kinds (A-2.2)",
            "3: the supply, {n} tokens of each of the six kinds (A-2.2)",
            state.supply[0],
        ),
        ngettext(
            "4: the bonus reserve, {n} bonus token (A-2.6)",
            "4: the bonus reserve, {n} bonus tokens (A-2.6)",
            state.reserve,
        ),
        _(
            "5: the two draw piles, face down, with {first} and {second} left (A-2.4, Q-19)",
            first=ngettext("{n} tile", "{n} tiles", state.pile_sizes[0]),
            second=ngettext("{n} tile", "{n} tiles", state.pile_sizes[1]),
        ),
        _("6: the tiles removed from the game, none yet (A-5.2)"),
        _("7: the tokens of a player, none at the start (A-2.1)"),
        _("8: the tiles of a player, none at the start (A-2.1)"),
        _(
            "9: {player}, the start player, chosen at random and framed as the player to "
            "move (A-2.6)",
            player=_name(state),
        ),
    ]


def _setup_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    out = []
    for players in (2, 4):
        state = new_game(EXAMPLE_PLAYERS[:players], seed=2019, catalogue=catalogue)
        per_kind = state.supply[0]
        title = ngettext("Setup for {n} player", "Setup for {n} players", players)
        if players == 2:
            caption = _("{setup}. {parts}.", setup=title, parts=series(_setup_parts(state)))
            callouts: dict[str, int] = SETUP_CALLOUTS
        else:
            caption = _(
                "{setup}: the supply holds {tokens}, six tiles are on offer under the "
                "price board, {first} and {second} are left in the draw piles and {bonus} "
                "in the reserve; {player} starts.",
                setup=title,
                tokens=ngettext("{n} token of each kind", "{n} tokens of each kind", per_kind),
                first=ngettext("{n} tile", "{n} tiles", state.pile_sizes[0]),
                second=ngettext("{n} tile", "{n} tiles", state.pile_sizes[1]),
                bonus=ngettext("{n} bonus token", "{n} bonus tokens", state.reserve),
                player=_name(state),
            )
            callouts = {}
        out.append(
            Example(
                f"A-2-{players}",
                "A-2",
                caption,
                (table(state, title=render(title, lang), callouts=callouts, lang=lang),),
                {
                    "players": players,
                    "supply": state.supply,
                    "offer": sum(1 for tile in state.offer if tile is not None),
                    "piles": state.pile_sizes,
                    "reserve": state.reserve,
                    "prices": state.config.prices,
                    "start": state.current,
                    "callouts": callouts,
                },
            )
        )
    return out


def _triplicate_example(catalogue: Catalogue, lang: Language) -> Example:
    """A slot of a real deal with two markers of one colour, beside the same slot with a
    third of that colour: the deal the rules refuse (A-2.3, Q-18)."""
    state = new_game(EXAMPLE_PLAYERS[:2], seed=2019, catalogue=catalogue)
    kept = next(
        markers for markers in state.config.prices if len(markers) == 3 and len(set(markers)) == 2
    )
    twice = next(colour for colour in kept if kept.count(colour) == 2)
    refused = (twice, twice, twice)
    labels = (render(_("allowed"), lang), render(_("dealt again"), lang))
    return Example(
        "A-2.3",
        "A-2.3",
        _(
            "Avoiding triplicates, slot by slot (Q-18): a slot may show two markers of one "
            "colour, as {kept} in the setup above, but never three; a deal that puts "
            "{refused} on a slot is dealt again.",
            kept=all_of([colour.label for colour in kept]),
            refused=all_of([colour.label for colour in refused]),
        ),
        (price_slots((kept, refused), labels, refused=(1,), lang=lang),),
        {"kept": kept, "refused": refused, "prices": state.config.prices},
    )


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
            "{player} buys the {tile} of slot {slot} and pays {price} (first picture). The "
            "second picture outlines the places where the tile may go; {player} places it "
            "{place}, so that it shares an edge with that tile (third picture).",
            player=_name(state),
            slot=move.slot + 1,
            tile=tile.label,
            price=tokens_text(_price_tokens(state, move.slot)),
            place=place_text(state.players[seat].tiles, move.position),
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
        "{player} buys the {tile} of slot {slot} and places it on a higher level, "
        "{place}: at least one of these four tiles shares its colour. The price shows "
        "{price} (first picture); the {marker} is not paid. Outlined in the second "
        "picture: the higher places where this tile may go.",
        player=_name(state),
        tile=tile.label,
        slot=move.slot + 1,
        place=place_text(state.players[seat].tiles, move.position),
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
            "The token stored on {warehouse} goes back to the supply (A-3.6).",
            warehouse=_named_at(state.players[seat], position),
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
    connected = Interpretations(moving=Moving.CONNECTED)
    strict = evolve(bought, config=evolve(bought.config, interpretations=connected))
    same_level = True
    group = bonus_group(bought.players[seat].tiles, purchase.position, same_level)
    tile = cast(Tile, state.offer[purchase.slot])
    return [
        Example(
            "A-3.8-bonus",
            "A-3.8",
            _(
                "{player} places the {tile} {place}: it completes a {group} (ringed in gold), "
                "and {player} takes a bonus token from the reserve, which falls from {before} "
                "to {after}.",
                player=_name(state),
                tile=tile.label,
                place=place_text(state.players[seat].tiles, purchase.position),
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
                "Then {player} spends an ankh token (A-4.3) to move {moved} {place}: what "
                "remains is a {group}, so the bonus token goes back to the reserve ({before} "
                "→ {after}). After the move the base tiles form two separate parts: the "
                "default reading allows this, the alternative one would refuse the move "
                "(Q-5).",
                player=_name(state),
                moved=_moved(bought.players[seat], move),
                place=_moved_to(bought.players[seat], move),
                group=colour_group(tile.colour, len(group) - 1),
                before=bought.reserve,
                after=moved.reserve,
            ),
            (layout(moved, seat, last_move=move, lang=lang),),
            {
                "move": move,
                "violations": violations(bought, move),
                "connected": violations(strict, move),
                "joined": is_connected(p.position for p in moved.players[seat].tiles),
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
                "{player} buys the {tile} and places it {place}: {token} is taken from the "
                "supply and put on it.",
                player=_name(state),
                tile=tile.label,
                place=place_text(state.players[seat].tiles, move.position),
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
                "At the end of a turn {player} stores one of the tokens held on {warehouses}, "
                "empty until then (A-3.9, Q-14). Tokens held before: {before}; after: {after}.",
                player=_name(store.state),
                warehouses=all_of(
                    [_named_at(store.state.players[keeper], p) for p in storing.warehouses]
                ),
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
            "In turn {turn} {player} buys the {tile} and places it {place}. When this turn "
            "ends, the next one, turn {next}, is {player}'s again: a bonus turn (A-3.7).",
            turn=state.turn,
            player=_name(state),
            tile=tile.label,
            place=place_text(state.players[seat].tiles, move.position),
            next=nxt.turn,
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


def _animal_bonus_example(found: Positions, lang: Language) -> Example:
    at = found.animal_bonus
    state, move = at.state, cast(BuyTile, at.move)
    seat = _seat(state)
    tile = cast(Tile, state.offer[move.slot])
    after = at.after.players[seat]
    group = bonus_group(after.tiles, move.position, True)
    return Example(
        "A-3.8-animal",
        "A-3.8",
        _(
            "An animal makes a group too. {player} places the {tile} {place}: it completes "
            "a {group} (ringed in gold), of several families, and {player} takes a bonus "
            "token (A-3.8). Outlined in the first picture: where the tile could go.",
            player=_name(state),
            tile=tile.label,
            place=place_text(state.players[seat].tiles, move.position),
            group=_group_text(after, group),
        ),
        (
            layout(state, seat, legal_places=legal_places(state, move.slot), lang=lang),
            layout(at.after, seat, last_move=move, bonus=group, lang=lang),
        ),
        {
            "move": move,
            "violations": violations(state, move),
            "group": group,
            "bonus": (state.players[seat].bonus, after.bonus),
        },
    )


def _higher_move_example(found: Positions, lang: Language) -> Example:
    at = found.higher_move
    state, move = at.state, cast(MoveTile, at.move)
    seat = _seat(state)
    player = state.players[seat]
    tile = cast(Tile, _tile_at(player, move.origin))
    targets = [
        m.target for m in legal_moves(state) if isinstance(m, MoveTile) and m.origin == move.origin
    ]
    return Example(
        "A-4.3",
        "A-4.3",
        _(
            "{player} spends an ankh token to move the {tile}, a higher tile, {place} "
            "(A-4.3). A higher tile may go wherever it rests on four of the player's tiles, "
            "whatever their colours: none of these four is of its family. Outlined in the "
            "first picture: where this tile may go.",
            player=_name(state),
            tile=tile.label,
            place=_moved_to(player, move),
        ),
        (
            layout(state, seat, legal_places=targets, lang=lang),
            layout(at.after, seat, last_move=move, lang=lang),
        ),
        {
            "move": move,
            "violations": violations(state, move),
            "colour": tile.colour,
            "under": tuple(_colours_under(at.after.players[seat], move.target)),
            "targets": tuple(targets),
        },
    )


def _drawn(before: GameState, after: GameState) -> tuple[int, ...]:
    """The slots of ``after``'s offer holding a tile that was not on offer ``before``."""
    shown = {tile.id for tile in before.offer if tile is not None}
    return tuple(
        slot for slot, tile in enumerate(after.offer) if tile is not None and tile.id not in shown
    )


def _checked(states: Sequence[GameState], moves: Sequence[Move]) -> tuple[object, ...]:
    """What the referee says of each of ``moves`` in the state it is played in."""
    return tuple(violations(state, move) for state, move in zip(states, moves, strict=False))


def _step(state: GameState, seat: int, move: Move, title: Message, lang: Language) -> str:
    """The layout of ``seat`` after a step of their turn, the move outlined, under
    ``title``."""
    return layout(
        state, seat, last_move=move, groups_row=False, title=render(title, lang), lang=lang
    )


def _refreshed(before: GameState, after: GameState, title: Message, lang: Language) -> str:
    """The offer after a refresh, the tiles just drawn outlined, under ``title``."""
    return offer(after, drawn=_drawn(before, after), title=render(title, lang), lang=lang)


def _ankh_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    timing = ankh_timing(catalogue)
    start = timing.start
    seat = _seat(start)
    player = _name(start)
    first = states_after(apply, start, timing.first)
    refresh, moved, bought = timing.first
    second = states_after(apply, start, timing.second)
    _refresh, bought_too, again = timing.second
    taken = timing.taken
    refresh_title = _("1. An ankh token: refresh the tiles")
    can = Example(
        "A-4.1-can",
        "A-4.1",
        _(
            "You can spend an ankh token, then a second one, and then play the main action. "
            "In turn {turn} {player} holds {ankhs}, taken in earlier turns. With the first, "
            "{player} refreshes the tiles from draw pile {pile}: the {gone} leaves the "
            "game and the {new} comes in. With the second, {player} moves {moved} "
            "{target}. Then {player} buys the {tile} of slot {slot} and places it {place}.",
            turn=start.turn,
            player=player,
            ankhs=token_amount(Token.ANKH, start.players[seat].tokens[Token.ANKH]),
            pile=cast(int, refresh.pile) + 1,
            gone=first[1].removed[-1].label,
            new=all_of([cast(Tile, first[1].offer[i]).label for i in _drawn(start, first[1])]),
            moved=_moved(first[1].players[seat], moved),
            target=_moved_to(first[1].players[seat], moved),
            tile=cast(Tile, first[2].offer[bought.slot]).label,
            slot=bought.slot + 1,
            place=place_text(first[2].players[seat].tiles, bought.position),
        ),
        (
            _refreshed(start, first[1], refresh_title, lang),
            _step(first[2], seat, moved, _("2. A second ankh token: move a tile"), lang),
            _step(first[3], seat, bought, _("3. Buy and place a tile"), lang),
        ),
        {
            "start": start,
            "moves": timing.first,
            "violations": _checked(first, timing.first),
        },
    )
    also = Example(
        "A-4.1-also",
        "A-4.1",
        _(
            "You can also spend one ankh token before the main action and another after it. "
            "From the same position {player} refreshes the tiles from draw pile {pile}, "
            "buys the {tile} of slot {slot} and places it {place}, then refreshes the tiles "
            "again, from draw pile {again}: the {gone} leaves the game before the next "
            "player can buy it.",
            player=player,
            pile=cast(int, timing.second[0].pile) + 1,
            tile=cast(Tile, second[1].offer[bought_too.slot]).label,
            slot=bought_too.slot + 1,
            place=place_text(second[1].players[seat].tiles, bought_too.position),
            again=cast(int, again.pile) + 1,
            gone=second[3].removed[-1].label,
        ),
        (
            _refreshed(start, second[1], refresh_title, lang),
            _step(second[2], seat, bought_too, _("2. Buy and place a tile"), lang),
            _refreshed(
                second[2], second[3], _("3. A second ankh token: refresh the tiles again"), lang
            ),
        ),
        {
            "start": start,
            "moves": timing.second,
            "violations": _checked(second, timing.second),
        },
    )
    took = cast(TakeTokens, taken.move)
    rest = timing.rest_of_turn
    cannot = Example(
        "A-4.1-cannot",
        "A-4.1",
        _(
            "You cannot spend an ankh token in the turn you take it. In turn {turn} "
            "{player}, holding no ankh token, takes {tokens}; for the rest of that turn no "
            "ankh action is allowed, and the turn goes on to its end. The ankh tokens may "
            "be spent from the next turn on, as above.",
            turn=taken.state.turn,
            player=player,
            tokens=tokens_text(took.tokens),
        ),
        (
            hand(
                taken.after.players[seat].tokens,
                title=render(_("Tokens held after taking"), lang),
                lang=lang,
            ),
        ),
        {
            "taken": took,
            "before": taken.state.players[seat].tokens,
            "rest": tuple(
                (state.phase, tuple(legal_moves(state)), violations(state, Refresh(0)))
                for state in rest
            ),
        },
    )
    return [can, also, cannot]


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
    new = tuple(range(len(shifted_tiles), len(refilled)))
    steps: list[tuple[tuple[Tile | None, ...], dict[str, tuple[int, ...]], Message]] = [
        (state.offer, {"leaving": (0,)}, _("Before: the leftmost tile will leave the game.")),
        (removed, {}, _("1. The leftmost tile has left the game.")),
        (shifted, {}, _("2. The other tiles have shifted to the left.")),
        (
            refilled,
            {"drawn": new},
            _("3–4. The offer is filled from draw pile {pile}.", pile=pile + 1),
        ),
    ]
    pictures = tuple(
        offer(evolve(state, offer=shown), **marks, title=render(step, lang), lang=lang)
        for shown, marks, step in steps
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
            "At the end of a turn {player} holds {before}: more than the limits of "
            "{resources} and {ankhs} allow. {player} gives back {returned} and keeps {kept}.",
            player=_name(state),
            resources=ngettext("{n} resource token", "{n} resource tokens", limits.resources),
            ankhs=ngettext("{n} ankh token", "{n} ankh tokens", limits.ankhs),
            before=tokens_text(before),
            returned=tokens_text(move.tokens),
            kept=tokens_text(kept),
        ),
        (
            hand(before, title=render(pgettext("tokens held", "Before"), lang), lang=lang),
            hand(kept, title=render(pgettext("tokens held", "After"), lang), lang=lang),
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
    report = final_scores(end)
    ending = ngettext(
        "In turn {turn} {player} places a 13th tile, {place}: the end of the game is "
        "triggered. The round is completed: {others} plays a last turn, and the game ends "
        "after turn {last}: {rounds} and {bonus}.",
        "In turn {turn} {player} places a 13th tile, {place}: the end of the game is "
        "triggered. The round is completed: {others} play a last turn each, and the game "
        "ends after turn {last}: {rounds} and {bonus}.",
        len(others),
        turn=state.turn,
        player=_name(state),
        place=place_text(state.players[seat].tiles, move.position),
        others=all_of(others),
        last=end.turn,
        rounds=ngettext("{n} round", "{n} rounds", turns[0]),
        bonus=ngettext("{n} bonus turn", "{n} bonus turns", end.turn - sum(turns)),
    )
    totals = [
        _("{player} {points}", player=sheet.player, points=points(sheet.total))
        for sheet in report.sheets
    ]
    scores = ngettext(
        "The final scores, on the second picture: {scores}; {winners} wins (A-7.5).",
        "The final scores, on the second picture: {scores}; {winners} share the victory (A-7.5).",
        len(report.winners),
        scores=all_of(totals),
        winners=all_of(list(report.winners)),
    )
    return Example(
        "A-6.1",
        "A-6.1",
        _("{first} {second}", first=ending, second=scores),
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
            "scores": tuple((sheet.player, sheet.total, sheet.rank) for sheet in report.sheets),
            "winners": report.winners,
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
        _triplicate_example(catalogue, lang),
        _purchase_example(found, lang),
        _give_back_example(found, lang),
        _higher_example(found, lang),
        *_bonus_examples(catalogue, lang),
        _animal_bonus_example(found, lang),
        *_ankh_examples(catalogue, lang),
        _refresh_example(found, lang),
        _higher_move_example(found, lang),
        _last_example(found, lang),
        *scoring_reminders(catalogue, lang),
        _rulebook_example(catalogue, lang),
        *_warehouse_examples(found, lang),
        _scribe_example(found, lang),
    )


worked_examples = WorkedExamples(_worked_examples, default_catalogue)
"""Every worked example of the rules, pictures and captions in a language (English by
default), of a catalogue (the default one by default)."""
