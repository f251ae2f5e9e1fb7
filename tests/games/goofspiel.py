"""Goofspiel, a third game described only through the game protocol
(:mod:`fertility_rules.games`), to show that the shared machinery needs nothing else.

The rules (ids ``G-…``, and one reading ``GQ-1``):

- G-1: each player holds the cards 1 to 5; the prize deck (1 to 5) is shuffled face down
  and its top card turned face up as the first prize.
- G-2: 2 or 3 players; no variant.
- G-3: a round: the players lay one card of their hand face up each, in turn order
  from the round's leader (the leader moves one seat on each round). G-3.1: the card
  laid must be in the bidder's hand.
- G-4: the highest card wins the prize and the pot; the next prize is turned from the
  deck; the game ends when the deck is spent.
- G-5: a player's score is the sum of the prizes won.
- GQ-1 (a switch): when the highest cards tie, the prize is carried into the pot for the
  next winner (default) or discarded.

The prize deck is the hidden pile: the view counts it and lists the cards still unseen.
"""

from __future__ import annotations

import enum
import functools
import random
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any

import jsonschema
from attrs import evolve, frozen

from fertility_rules.agents import RandomAgent
from fertility_rules.agents.ismcts import ISMCTSAgent
from fertility_rules.encoding.spaces import (
    ActionSection,
    ActionSpace,
    FeatureLayout,
    FeatureSection,
    one_hot,
    switch_numbers,
)
from fertility_rules.errors import IllegalMoveError, MalformedInputError, Problem
from fertility_rules.formats.schema_kit import object_of, record_body, schema_document
from fertility_rules.games import (
    GameFormats,
    GameInfo,
    GameLearning,
    GameRules,
    GameSearch,
    GameTexts,
    InterpretationKind,
    Measure,
    RecordLike,
    named,
)
from fertility_rules.i18n.message import Message, _, render
from tests.games.pairs import Info, Report, Sheet, Stage, Violation

CARDS = (1, 2, 3, 4, 5)
PLAYERS = (2, 3)
RULE_ID = r"^(G-\d+(\.\d+)*|GQ-\d+)$"
STATE_FORMAT = "goofspiel/game-state/1"
OBSERVATION_FORMAT = "goofspiel/observation/1"
INFO = GameInfo("goofspiel", _("Goofspiel"), PLAYERS, __name__)


# ------------------------------------------------------------------------------ values


class Ties(enum.Enum):
    """GQ-1: what a tied round does with its prize."""

    CARRY = "carry"
    DISCARD = "discard"


@frozen
class Interpretations:
    ties: Ties = Ties.CARRY


@frozen
class Config:
    interpretations: Interpretations


@frozen
class Catalogue:
    """The one deck of the game (it has no catalogue files)."""

    cards: tuple[int, ...] = CARDS


@frozen
class Bid:
    """Lay this card of one's hand face up (G-3.1)."""

    card: int


@frozen
class Table:
    """What everyone sees."""

    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    bids: tuple[int, ...]
    """The cards laid this round, in the order laid (from the leader)."""
    prize: int
    """The prize card face up; 0 once the deck is spent (G-4)."""
    pot: int
    """Prizes carried from tied rounds (GQ-1)."""
    won: tuple[int, ...]
    turn: int
    config: Config

    @property
    def current(self) -> int:
        return (self.turn - 1 + len(self.bids)) % len(self.players)

    @property
    def is_over(self) -> bool:
        return self.prize == 0


@frozen
class State(Table):
    deck: tuple[int, ...]
    """The prize deck, top first (hidden)."""


@frozen
class View(Table):
    unseen: tuple[int, ...]
    """The prize cards not yet turned, sorted: the deck's cards, not their order."""


# ------------------------------------------------------------------------------ referee


def new_state(players: Sequence[str], seed: int | None, reading: Interpretations) -> State:
    """G-1: hands of 1 to 5, the prize deck shuffled, its top card turned."""
    deck = list(CARDS)
    random.Random(seed).shuffle(deck)
    hands = tuple(CARDS for _name in players)
    return State(
        tuple(players),
        hands,
        (),
        deck[0],
        0,
        (0,) * len(players),
        1,
        Config(reading),
        tuple(deck[1:]),
    )


def initial_state(record: RecordLike) -> State:
    return new_state(record.players, record.seed, record.interpretations)


def check_players(players: int, variant: bool) -> None:
    if players not in PLAYERS:
        raise MalformedInputError.single(
            "players", _("Goofspiel is played by 2 or 3 players, not {n}.", n=players), "G-2"
        )
    if variant:
        raise MalformedInputError.single("variant", _("Goofspiel has no variant."), "G-2")


def legal_moves(table: Table) -> list[Bid]:
    return [] if table.is_over else [Bid(card) for card in table.hands[table.current]]


def violations(table: Table, move: object) -> list[Violation]:
    if not isinstance(move, Bid):
        return [Violation("G-3", _("A move of Goofspiel lays a card."))]
    if table.is_over:
        return [Violation("G-4", _("The game is over."))]
    if move.card not in table.hands[table.current]:
        who = table.players[table.current]
        return [Violation("G-3.1", _("{player} holds no card {card}.", player=who, card=move.card))]
    return []


def is_legal(table: Table, move: object) -> bool:
    return not violations(table, move)


def apply(state: State, move: Bid) -> State:
    broken = violations(state, move)
    if broken:
        raise IllegalMoveError(broken[0].message, broken[0].rule, move)
    return apply_unchecked(state, move)


def _round_winners(table: Table, bids: tuple[int, ...]) -> list[int]:
    """The seats of the highest cards of a complete round (G-4)."""
    first = table.turn - 1
    best = max(bids)
    return [(first + i) % len(bids) for i, bid in enumerate(bids) if bid == best]


def apply_unchecked(state: State, move: Bid) -> State:
    seat = state.current
    hands = list(state.hands)
    hands[seat] = tuple(card for card in hands[seat] if card != move.card)
    bids = (*state.bids, move.card)
    if len(bids) < len(state.players):
        return evolve(state, hands=tuple(hands), bids=bids)
    winners = _round_winners(state, bids)
    won, pot = list(state.won), state.pot + state.prize
    if len(winners) == 1:
        won[winners[0]] += pot
        pot = 0
    elif state.config.interpretations.ties is Ties.DISCARD:
        pot = 0
    prize, deck = (state.deck[0], state.deck[1:]) if state.deck else (0, ())
    return evolve(
        state,
        hands=tuple(hands),
        bids=(),
        prize=prize,
        pot=pot,
        won=tuple(won),
        turn=state.turn + 1,
        deck=deck,
    )


def observe(table: Table) -> View:
    if isinstance(table, View):
        return table
    if not isinstance(table, State):
        raise MalformedInputError.single("state", _("A state of Goofspiel is needed."))
    public = {name: getattr(table, name) for name in _TABLE_FIELDS}
    return View(**public, unseen=tuple(sorted(table.deck)))


def _rng(seed: object) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)  # type: ignore[arg-type]


def sample_state(view: View, seed: object) -> State:
    """A state of the view, its unseen prizes shuffled into a deck."""
    deck = list(view.unseen)
    _rng(seed).shuffle(deck)
    return _with_deck(view, tuple(deck))


def _with_deck(view: View, deck: tuple[int, ...]) -> State:
    public = {name: getattr(view, name) for name in _TABLE_FIELDS}
    return State(**public, deck=deck)


_TABLE_FIELDS = ("players", "hands", "bids", "prize", "pot", "won", "turn", "config")


def _reveals(before: State, after: State) -> bool:
    """A prize turned from the deck (G-4)."""
    return len(before.deck) != len(after.deck)


# ------------------------------------------------------------------------------ scoring

STAGES = (Stage("prizes", _("Prizes won")),)


def final_scores(table: Table) -> Report:
    """G-5: the prizes won; players ahead rank before."""
    totals = table.won
    return Report(
        tuple(
            Sheet(name, (total,), 1 + sum(other > total for other in totals))
            for name, total in zip(table.players, totals, strict=True)
        )
    )


def count_ties(before: State, move: Bid, after: State) -> int:
    """A round closed on tied highest cards (GQ-1)."""
    if after.turn == before.turn:
        return 0
    return 1 if len(_round_winners(before, (*before.bids, move.card))) > 1 else 0


# ------------------------------------------------------------------------------ formats

_NAT: dict[str, Any] = {"type": "integer", "minimum": 0, "maximum": 15}
_CARD: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 5}
_CARDS: dict[str, Any] = {"type": "array", "items": _CARD, "maxItems": 5, "uniqueItems": True}
_NAME: dict[str, Any] = {"type": "string", "minLength": 1, "maxLength": 40}


def _defs() -> dict[str, Any]:
    return {
        "move": object_of(["card"], {"card": _CARD}),
        "interpretations": {
            "type": "object",
            "properties": {"ties": {"enum": [ties.value for ties in Ties]}},
            "additionalProperties": False,
        },
    }


_TABLE_KEYS = (
    "format",
    "players",
    "hands",
    "bids",
    "prize",
    "pot",
    "won",
    "turn",
    "interpretations",
)


def _table(fmt: str, extra: dict[str, Any]) -> dict[str, Any]:
    seats = {"minItems": 2, "maxItems": 3}
    return object_of(
        [*_TABLE_KEYS, *extra],
        {
            "format": {"const": fmt},
            "players": {"type": "array", "items": _NAME, "uniqueItems": True, **seats},
            "hands": {"type": "array", "items": _CARDS, **seats},
            "bids": {**_CARDS, "uniqueItems": False, "maxItems": 2},
            "prize": {**_CARD, "minimum": 0},
            "pot": _NAT,
            "won": {"type": "array", "items": _NAT, **seats},
            "turn": {"type": "integer", "minimum": 1, "maximum": 6},
            "interpretations": {"$ref": "#/$defs/interpretations"},
            **extra,
        },
    )


def schema(name: str) -> dict[str, Any]:
    bodies: dict[str, Callable[[], dict[str, Any]]] = {
        "game-state": lambda: _table(STATE_FORMAT, {"deck": _CARDS}),
        "observation": lambda: _table(OBSERVATION_FORMAT, {"unseen": _CARDS}),
        "move": lambda: {"$ref": "#/$defs/move"},
        "game-record": lambda: record_body(
            "goofspiel",
            (2, 3),
            {
                "catalogue": {"const": "standard"},
                "interpretations": {"$ref": "#/$defs/interpretations"},
                "move": {"$ref": "#/$defs/move"},
            },
        ),
    }
    title = "fertility-rules/game-record/2" if name == "game-record" else f"goofspiel/{name}/1"
    return schema_document("https://example.org/goofspiel/", name, title, bodies[name](), _defs())


SCHEMAS = {
    name: functools.partial(schema, name)
    for name in ("game-state", "observation", "move", "game-record")
}


def _checked(name: str, data: object, path: str = "$") -> Any:
    """``data`` when the schema ``name`` allows it; otherwise every problem with its path."""
    validator = jsonschema.Draft202012Validator(schema(name))
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        problems = [
            Problem(
                path + error.json_path[1:],
                _("not allowed by the schema's {keyword!r}", keyword=str(error.validator)),
            )
            for error in errors[:20]
        ]
        raise MalformedInputError(problems, format=f"goofspiel/{name}/1")
    return data


def interpretations_to_json(reading: Interpretations) -> dict[str, Any]:
    return {"ties": reading.ties.value}


def interpretations_from_json(data: object, path: str = "$") -> Interpretations:
    if not isinstance(data, dict) or set(data) - {"ties"}:
        raise MalformedInputError.single(path, _("an object with the field ties is needed"), "GQ-1")
    text = data.get("ties", Ties.CARRY.value)
    try:
        return Interpretations(Ties(text))
    except ValueError:
        raise MalformedInputError.single(
            f"{path}.ties", _("carry or discard is needed"), "GQ-1"
        ) from None


def _dump_table(table: Table, fmt: str) -> dict[str, Any]:
    return {
        "format": fmt,
        "players": list(table.players),
        "hands": [list(hand) for hand in table.hands],
        "bids": list(table.bids),
        "prize": table.prize,
        "pot": table.pot,
        "won": list(table.won),
        "turn": table.turn,
        "interpretations": interpretations_to_json(table.config.interpretations),
    }


def _read_table(data: dict[str, Any]) -> dict[str, Any]:
    players = len(data["players"])
    sizes = (len(data["hands"]), len(data["won"]))
    if sizes != (players, players) or len(data["bids"]) >= players:
        raise MalformedInputError.single("$.hands", _("one hand and one score per player"), "G-1")
    for seat, hand in enumerate(data["hands"]):
        laid = 1 if (seat - data["turn"] + 1) % players < len(data["bids"]) else 0
        if len(hand) != len(CARDS) - (data["turn"] - 1) - laid:
            raise MalformedInputError.single(
                f"$.hands[{seat}]", _("a hand holds one card a round not yet played"), "G-3"
            )
    return {
        "players": tuple(data["players"]),
        "hands": tuple(tuple(hand) for hand in data["hands"]),
        "bids": tuple(data["bids"]),
        "prize": data["prize"],
        "pot": data["pot"],
        "won": tuple(data["won"]),
        "turn": data["turn"],
        "config": Config(interpretations_from_json(data["interpretations"], "$.interpretations")),
    }


def dump_state(state: State) -> dict[str, Any]:
    return {**_dump_table(state, STATE_FORMAT), "deck": list(state.deck)}


def read_state(data: object) -> State:
    checked = _checked("game-state", data)
    return State(**_read_table(checked), deck=tuple(checked["deck"]))


def dump_observation(view: View) -> dict[str, Any]:
    return {**_dump_table(view, OBSERVATION_FORMAT), "unseen": list(view.unseen)}


def read_observation(data: object) -> View:
    checked = _checked("observation", data)
    return View(**_read_table(checked), unseen=tuple(sorted(checked["unseen"])))


def dump_move(move: Bid, table: object = None) -> dict[str, Any]:
    return {"card": move.card}


def read_move(data: object, table: object = None) -> Bid:
    return Bid(_checked("move", data)["card"])


def record_move_to_json(move: Bid, players: int) -> dict[str, Any]:
    return dump_move(move)


def record_move_from_json(data: object, players: int, path: str) -> Bid:
    return Bid(_checked("move", data, path)["card"])


def catalogue_to_json(catalogue: object) -> object:
    return "standard"


def catalogue_from_json(data: object, path: str, registry: object) -> None:
    if data != "standard":
        raise MalformedInputError.single(path, _("Goofspiel has only the standard deck."), "G-1")


def load_catalogue(path: str | None, limits: object) -> Catalogue:
    if path is not None:
        raise MalformedInputError.single("catalogue", _("Goofspiel has no catalogue files."), "G-1")
    return Catalogue()


# ------------------------------------------------------------------------------ texts


def format_move(move: Bid, table: object = None) -> str:
    return f"bid {move.card}"


def parse_move(text: str, table: object = None) -> Bid:
    found = re.fullmatch(r"bid ([1-5])", text.strip())
    if found is None:
        raise MalformedInputError.single("move", _("A bid is written bid 1 to bid 5."), "G-3")
    return Bid(int(found.group(1)))


def describe_move(move: Bid, table: Table) -> Message:
    return _("{player} lays {card}", player=table.players[table.current], card=move.card)


def status(table: Table) -> Message:
    if table.is_over:
        return _("The game is over.")
    who = table.players[table.current]
    return _(
        "Turn {turn}: {player} bids for the prize {prize}.",
        turn=table.turn,
        player=who,
        prize=table.prize,
    )


def summary(table: Table, language: str) -> str:
    lines = [render(_("Prize {prize}, pot {pot}", prize=table.prize, pot=table.pot), language)]
    for name, hand, won in zip(table.players, table.hands, table.won, strict=True):
        cards = " ".join(map(str, hand)) or "-"
        lines.append(
            render(
                _("{player}: hand {cards}, won {won}", player=name, cards=cards, won=won), language
            )
        )
    return "\n".join(lines)


def text_board(table: Table, last_move: object, language: str) -> str:
    laid = " ".join(map(str, table.bids)) or "-"
    return (
        summary(table, language)
        + "\n"
        + render(_("Laid this round: {cards}", cards=laid), language)
    )


def report_to_text(report: Report, language: str) -> str:
    return "\n".join(
        render(
            _(
                "{player}: {total} points, rank {rank} [G-5]",
                player=s.player,
                total=s.total,
                rank=s.rank,
            ),
            language,
        )
        for s in report.sheets
    )


def report_to_json(report: Report, language: str) -> dict[str, Any]:
    return {
        "sheets": [{"player": s.player, "rank": s.rank, "total": s.total} for s in report.sheets]
    }


def describe_catalogue(catalogue: Catalogue, language: str) -> str:
    return render(_("The cards 1 to 5, for each player and for the prizes."), language)


def catalogue_check(file: str, catalogue: Catalogue) -> Message:
    return _("{file}: the standard deck.", file=file)


# ------------------------------------------------------------------------------ agents


class GreedyAgent:
    """Bids the lowest card that beats every card laid this round when the prize is
    worth it (3 or more), else its lowest card."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View, moves: Sequence[Bid]) -> Bid:
        ordered = sorted(moves, key=lambda move: move.card)
        if view.prize + view.pot >= 3:
            beating = [move for move in ordered if move.card > max(view.bids, default=0)]
            if beating:
                return beating[0]
        return ordered[0]


class SearchAgent(ISMCTSAgent):
    """The shared information-set search over this game."""

    def __init__(
        self, seed: int | None = None, iterations: int | None = None, seconds: float | None = None
    ) -> None:
        super().__init__(seed, iterations, seconds, game=RULES)


def candidates(state: State, moves: Sequence[Bid]) -> Sequence[Bid]:
    return moves


def rollout(state: State, seat: int, rng: random.Random) -> State:
    while not state.is_over:
        moves = legal_moves(state)
        state = apply_unchecked(state, moves[rng.randrange(len(moves))])
    return state


def rewards(state: State) -> list[float]:
    best = max(state.won) or 1
    return [won / best for won in state.won]


# ------------------------------------------------------------------------------ learning

MAX_SCORE = float(sum(CARDS))


def _check_setting(players: int, variant: bool) -> None:
    check_players(players, variant)


def _bid_offsets(moves: Sequence[Bid], table: Table) -> list[int]:
    return [move.card - 1 for move in moves]


def action_space(
    players: int, variant: bool = False, catalogue: object = None
) -> ActionSpace[Table, Bid]:
    _check_setting(players, variant)
    return ActionSpace(
        (ActionSection("bid", len(CARDS), "G-3.1", (Bid,), _bid_offsets),), legal_moves
    )


def _hands(table: Table) -> list[float]:
    return [float(card in hand) for hand in table.hands for card in CARDS]


def _laid(table: Table) -> list[float]:
    values: list[float] = []
    for place in range(len(table.players) - 1):
        values += one_hot(len(CARDS), table.bids[place] - 1 if place < len(table.bids) else None)
    return values


def features(players: int, variant: bool = False, catalogue: object = None) -> FeatureLayout[Table]:
    _check_setting(players, variant)
    return FeatureLayout(
        (
            FeatureSection("prize", len(CARDS) + 1, lambda t: one_hot(len(CARDS) + 1, t.prize)),
            FeatureSection("pot", 1, lambda t: [float(t.pot)]),
            FeatureSection("hands", players * len(CARDS), _hands),
            FeatureSection("laid", (players - 1) * len(CARDS), _laid),
            FeatureSection("won", players, lambda t: [float(won) for won in t.won]),
            FeatureSection("reading", 1, lambda t: list(switch_numbers(t.config.interpretations))),
        )
    )


def checked_view(value: object) -> View:
    return observe(value)  # type: ignore[arg-type]


def setting(table: Table) -> tuple[int, bool, None]:
    return len(table.players), False, None


def hidden_sizes(table: Table) -> tuple[int]:
    return (len(table.deck) if isinstance(table, State) else len(table.unseen),)  # type: ignore[attr-defined]


def hidden_piles(view: View) -> tuple[tuple[Sequence[str], int], ...]:
    return ((tuple(str(card) for card in view.unseen), len(view.unseen)),)


def hidden_items() -> tuple[tuple[str, ...], ...]:
    return (tuple(str(card) for card in CARDS),)


def with_hidden(view: View, piles: tuple[Sequence[str], ...]) -> State:
    if len(piles) != 1 or sorted(piles[0]) != [str(card) for card in view.unseen]:
        raise MalformedInputError.single("piles", _("The deck holds the unseen prizes."), "G-1")
    return _with_deck(view, tuple(int(card) for card in piles[0]))


# ------------------------------------------------------------------------------ the game

_HERE = sys.modules[__name__]

RULES = GameRules(
    info=INFO,
    rules_version="1",
    rule_id=RULE_ID,
    setup_rule="G-2",
    turn_rule="G-3",
    hidden_rule="G-1",
    **named(_HERE, "initial_state", "check_players", "legal_moves", "is_legal", "violations"),
    **named(_HERE, "apply", "apply_unchecked", "observe", "sample_state"),
    reveals=_reveals,
    new_interpretations=Interpretations,
    final_scores=final_scores,
    stages=STAGES,
    measures=(Measure("ties", _("Tied rounds"), count_ties, ("GQ-1",), (Bid,)),),
    interpretations=(
        Info(
            "GQ-1",
            InterpretationKind.SWITCH,
            "ties",
            ("G-4",),
            (_("Tied highest cards: the rules leave the prize's fate open."),),
            _("A tied round's prize"),
        ),
    ),
    option_labels={Ties.CARRY: _("carried to the next winner"), Ties.DISCARD: _("discarded")},
    formats=GameFormats(
        state_format=STATE_FORMAT,
        **named(_HERE, "dump_state", "read_state", "dump_observation", "read_observation"),
        **named(_HERE, "dump_move", "read_move", "record_move_to_json", "record_move_from_json"),
        **named(_HERE, "interpretations_to_json", "interpretations_from_json"),
        **named(_HERE, "catalogue_to_json", "catalogue_from_json", "load_catalogue"),
        schemas=SCHEMAS,
    ),
    texts=GameTexts(
        **named(_HERE, "describe_move", "format_move", "parse_move", "status", "text_board"),
        **named(_HERE, "summary", "report_to_text", "report_to_json", "describe_catalogue"),
        catalogue_check=catalogue_check,
    ),
    search=GameSearch(candidates=candidates, rollout=rollout, rewards=rewards, iterations=16),
    learning=GameLearning(
        max_score=MAX_SCORE,
        view=checked_view,
        **named(_HERE, "action_space", "features", "setting", "hidden_sizes", "hidden_piles"),
        **named(_HERE, "hidden_items", "with_hidden"),
    ),
    agents={"random": RandomAgent, "greedy": GreedyAgent, "ismcts": SearchAgent},
)
"""Goofspiel, as the shared machinery sees it."""
