"""The games of the library: one explicit list, and what a game supplies to the shared code.

The machinery every game shares (game records and their replay, the history
:class:`~fertility_rules.play.history.Game`, the agent runners, the interpretation lab, the
conformance kit, the plumbing of the file formats, the command line and the documents)
reaches a game only through the :class:`GameRules` value the game supplies, found by name
with :func:`find_game`, in the manner of OpenSpiel's ``load_game`` and pgx's ``make``. It
never imports a game's modules itself, and a game is imported only when it is first asked
for: importing :mod:`fertility_rules` or this module imports no game.

What a game supplies
--------------------
A game is a package (``fertility_rules.ankhor``) whose functions keep the names and
signature shapes of Fertility's where the concept is the same (``new_game``,
``legal_moves``, ``apply``, ``observe``, ``final_scores``, ``dump_state`` / ``read_state``,
``format_move`` / ``parse_move``...). One module of it defines a module-level constant
``RULES``: a :class:`GameRules` built of those functions (module-level functions or
``functools.partial`` of them, so that the value travels to worker processes), and the
game's row of :data:`GAMES` names that module. Nothing registers itself on import.

Another game (one of a user's, or a test's) joins them for a while with
:func:`register_game` or :func:`registered`: :func:`find_game`, :func:`game_info` and
:func:`known_games` see it until :func:`unregister_game`. The registry is a tuple of
frozen rows, replaced whole, never changed in place; :data:`GAMES` stays the library's own.

The shared code reads a game's values (states, views, moves, setups, catalogues,
interpretations, score reports) only through the functions below and through the few
attributes the protocols of this module name (:class:`StateLike`, :class:`ReportLike`...);
everything else about them is the game's own business.
"""

from __future__ import annotations

import enum
import functools
import importlib
import random
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, Protocol

import attrs
from attrs import field, frozen

from fertility_rules.arguments import argument_error, checked_arguments
from fertility_rules.errors import MalformedInputError, UnknownIdError
from fertility_rules.i18n.message import Message, _, cut
from fertility_rules.shared.interpretations import KIND_LABELS, InterpretationKind

__all__ = [
    "DESCRIBED",
    "GAMES",
    "KIND_LABELS",
    "RECORD_PARTS",
    "REFEREE",
    "SETUP",
    "STATE_FORMATS",
    "Agent",
    "AgentFactory",
    "ConfiguredState",
    "CountMoves",
    "Gain",
    "GameFormats",
    "GameInfo",
    "GameLearning",
    "GamePictures",
    "GameRules",
    "GameSearch",
    "GameTexts",
    "InterpretationKind",
    "InterpretationLike",
    "Lazy",
    "Measure",
    "OfAGame",
    "RecordLike",
    "ReportLike",
    "SheetLike",
    "StageLike",
    "StateLike",
    "UnknownKeyError",
    "ViolationLike",
    "by_key",
    "config_interpretations",
    "counting_moves",
    "find_game",
    "game_field",
    "game_info",
    "game_of_format",
    "interpretations_of_its_game",
    "known_games",
    "lazy_named",
    "lazy_pictures",
    "lazy_schemas",
    "named",
    "register_game",
    "registered",
    "report_table",
    "table_picture",
    "unregister_game",
    "with_config_interpretations",
]

Language = str
"""A language code (``en``, ``fr``, ``pl``, ``nl``); the shared code passes it through."""


# ----------------------------------------------------------------- what the shared code reads


class StateLike(Protocol):
    """What the shared code reads of a game state (and of a view, when it has these)."""

    @property
    def current(self) -> int:
        """The seat (0-based, in turn order) whose decision it is."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (then no move is legal)."""

    @property
    def turn(self) -> int:
        """The number of the turn being played, from 1 (turn logs group moves by it)."""


class RecordLike(Protocol):
    """What a game reads of a game record (:class:`~fertility_rules.records.GameRecord`):
    the record is made of the game's values, and the game makes its first state from it."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def moves(self) -> tuple[Any, ...]: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def setup(self) -> Any:
        """The game's explicit setup, or ``None`` when the seed gives it."""

    @property
    def variant(self) -> bool: ...

    @property
    def interpretations(self) -> Any: ...

    @property
    def catalogue(self) -> Any:
        """``None`` for the game's default catalogue."""


class ViolationLike(Protocol):
    """One rule a move breaks: the rule id and the translatable reason."""

    @property
    def rule(self) -> str: ...

    @property
    def message(self) -> Message: ...


class StageLike(Protocol):
    """One stage of a game's final scoring, in the order the rules score them."""

    @property
    def key(self) -> str:
        """A stable key (``wheat``), written in JSON outputs."""

    @property
    def label(self) -> Message:
        """Its name in the terms of the rulebooks (``Wheat Storehouse``)."""


class SheetLike(Protocol):
    """What the shared code reads of one player's score sheet."""

    @property
    def player(self) -> str: ...

    @property
    def rank(self) -> int:
        """1 for the winners (after the game's tie-breaks)."""

    @property
    def total(self) -> int: ...

    @property
    def stage_totals(self) -> tuple[int, ...]:
        """The points of each stage of :attr:`GameRules.stages`, in that order."""


class ReportLike(Protocol):
    """What the shared code reads of a final score report: the sheets in seat order."""

    @property
    def sheets(self) -> Sequence[SheetLike]: ...


class InterpretationLike(Protocol):
    """One interpretation id of a game's specification (``I-1``, ``Q-2``)."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> InterpretationKind: ...

    @property
    def field(self) -> str | None:
        """The field of the game's interpretations value, for a switch."""

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids the interpretation reads."""

    @property
    def sources(self) -> tuple[Message, ...]:
        """What each rulebook says."""

    @property
    def title(self) -> Message: ...

    @property
    def reason(self) -> Message | None:
        """Why a retired id cannot occur, or why a settled one is read as it is."""

    @property
    def reading(self) -> Message | None:
        """For a settled id, the reading the engine always plays, in a few words."""


class Agent(Protocol):
    """Chooses one of ``moves`` (the legal moves, never empty) from the public ``view``."""

    name: str

    def choose(self, view: Any, moves: Any) -> Any:
        """One of ``moves``, the sequence of legal moves (never empty)."""


AgentFactory = Callable[[int | None], Agent]
"""Makes a seeded agent (``RandomAgent(seed)``)."""


@frozen
class Measure:
    """A count the lab makes of every game it plays (``quarries``: Quarries claimed), and
    the interpretation switches whose reading governs the events it counts: a comparison
    of their readings shows how often those events happened under each."""

    key: str
    """Stable key, written in JSON outputs."""
    label: Message
    count: Callable[[Any, Any, Any], int]
    """``(before, move, after)``: how many of the events counted ``move`` made, played
    from the state ``before`` to the state ``after``; a game's count is the sum over its
    moves."""
    switches: tuple[str, ...] = ()
    """The ids of the switches whose reading governs the events (``("I-1",)``); empty for
    a count that no switch governs."""
    moves: tuple[type, ...] = ()
    """The kinds of moves that can make the events (the others are not asked); empty: any
    move."""


@frozen
class Gain:
    """One thing a move yields to its mover, as the lab's adjudication shows it."""

    key: str
    """Stable key, written in JSON outputs (``quarries``)."""
    label: Message
    """Its column heading (``Quarries``)."""
    value: Any
    """The value itself (``1``, or a tuple of token counts)."""
    json: Any
    """The value as JSON."""
    text: Message | str | int
    """The value as shown in a table (a whole number: written as the language writes
    numbers)."""


# --------------------------------------------------------------------------------- groups


def _frozen_mapping(value: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """A read-only copy: nothing mutable is reachable from a game's description."""
    return types.MappingProxyType(dict(value))


@frozen(kw_only=True)
class GameFormats:
    """A game's JSON formats: each a pair, versioned, described by a JSON Schema.

    The public pairs take the state or view the value belongs to (the move's squares are
    on its board); the record parts are what the shared record format embeds.
    """

    state_format: str
    """``fertility-rules/game-state/1``."""
    dump_state: Callable[[Any], dict[str, Any]]
    read_state: Callable[[object], Any]
    """``read_state(data)``; a library error with the JSON path of every problem."""
    dump_observation: Callable[[Any], dict[str, Any]]
    read_observation: Callable[[object], Any]
    dump_move: Callable[[Any, Any], dict[str, Any]]
    """``dump_move(move, state_or_view)``."""
    read_move: Callable[[object, Any], Any]
    """``read_move(data, state_or_view)``: a well-formed move (legality is the referee's)."""
    record_move_to_json: Callable[[Any, int], dict[str, Any]]
    """A move as a game record writes it, in a game of ``players`` players."""
    record_move_from_json: Callable[[object, int, str], Any]
    """``(data, players, path)``: the pair of :attr:`record_move_to_json`."""
    interpretations_to_json: Callable[[Any], dict[str, Any]]
    interpretations_from_json: Callable[[object, str], Any]
    """``(data, path)``: the game's interpretations value (missing switches: defaults)."""
    setup_to_json: Callable[[Any], dict[str, Any]] | None = None
    """An explicit setup as a record writes it; ``None`` when records always have a seed."""
    setup_from_json: Callable[[object, str], Any] | None = None
    catalogue_to_json: Callable[[Any], object]
    """The record's catalogue entry: the default catalogue by name, another embedded."""
    catalogue_from_json: Callable[[object, str, Any], Any]
    """``(data, path, registry)``: ``None`` for the default catalogue, else the catalogue."""
    registry: type | None = None
    """The class of the registry :attr:`catalogue_from_json` reads an embedded catalogue
    with (Fertility's effect kinds); ``None`` when the game's catalogues take none."""
    load_catalogue: Callable[[str | None, Any], Any]
    """``(path, limits)``: a catalogue file (``None``: the built-in catalogue)."""
    schemas: Mapping[str, Callable[[], dict[str, Any]]] = field(converter=_frozen_mapping)
    """The JSON Schema of each format by name (``game-state``, ``move``...)."""
    read_final_position: Callable[[object, str, Any], Any] | None = None
    """``(data, source, catalogue)``: a final-position document, for ``score``."""
    score_final_position: Callable[[Any, Any], ReportLike] | None = None
    """``(position, catalogue)``: its score report."""


@frozen(kw_only=True)
class GameTexts:
    """A game's texts: what the command line and the documents print."""

    describe_move: Callable[[Any, Any], Message | None]
    """``(move, state)``: the move in a turn log (``lays V23 on a6 and b6``); ``None`` for a
    move the log leaves out (one that only ends a step)."""
    format_move: Callable[[Any, Any], str]
    """``(move, state)``: the move in the game's notation."""
    parse_move: Callable[[str, Any], Any]
    """``(text, state)``: the pair of :attr:`format_move`."""
    status: Callable[[Any], Message]
    """``(state)``: one line, whose turn and decision (or that the game is over)."""
    text_board: Callable[[Any, Any, Language], str]
    """``(state, last_move, language)``: the position as text for a terminal, without the
    status line (:attr:`status`), which a command writes above it."""
    summary: Callable[[Any, Language], str]
    """``(state_or_view, language)``: what every player sees, in a few lines."""
    report_to_text: Callable[[Any, Language], str]
    """A score report explained line by line with rule ids."""
    report_to_json: Callable[[Any, Language], dict[str, Any]]
    report_to_html: Callable[[Any, Language], str] | None = None
    """The score table as HTML (notebooks show a report with it); ``None``: none."""
    describe_catalogue: Callable[[Any, Language], str]
    """``catalogue show``: the components and their provenance."""
    catalogue_check: Callable[[str, Any], Message]
    """``(file, catalogue)``: what ``catalogue check`` says of a valid catalogue file."""
    rules_document: Callable[[Language, str, Any], str] | None = None
    """``(language, format, catalogue)``: the complete rules document."""
    rules_formats: tuple[str, ...] = ()
    """The formats :attr:`rules_document` writes (``md``, ``rst``, ``html``)."""
    rules_pictures: Callable[[Language, Any], Mapping[str, str]] | None = None
    """``(language, catalogue)``: the pictures a Markdown rules document refers to, by file
    name."""
    choices: Callable[[Any], Sequence[Any]] | None = None
    """``(state_or_view)``: the legal moves grouped as a person decides (a tile, then its
    squares): :class:`~fertility_rules.fertility.choices.ChoiceGroup` values, each option with its
    move, notation and description; ``None``: the moves are offered one by one."""


@frozen(kw_only=True)
class GamePictures:
    """A game's SVG pictures."""

    table: Callable[[Any, Any, Language], str]
    """``(state_or_view, last_move, language)``: the whole table (a view: as every player
    sees it, the hidden piles counted only)."""
    move_squares: Callable[[Any], Sequence[int]]
    """The places a move marks on the next picture of :attr:`table`."""
    catalogue_sheet: Callable[[Any, Language], str] | None = None
    catalogue_page: Callable[[Any, Language], str] | None = None


@frozen(kw_only=True)
class GameSearch:
    """What a game adds for the search agent (``ismcts``,
    :mod:`fertility_rules.agents.ismcts`), beside its referee and ``sample_state``: the
    game's own judgement of which moves matter and of who is ahead."""

    candidates: Callable[[Any, Sequence[Any]], Sequence[Any]]
    """``(state, legal_moves)``: the moves worth a child in the tree, best first (all of
    them, or a few)."""
    rollout: Callable[[Any, int, random.Random], Any]
    """``(state, seat, rng)``: the state at the search's horizon, played out from ``state``
    for the searching ``seat``."""
    rewards: Callable[[Any], Sequence[float]]
    """Each seat's reward in [0, 1] at the horizon (1 for a sure win)."""
    searched: Callable[[Any], bool] | None = None
    """``(view)``: whether the decision is searched; the others are the :attr:`planner`'s.
    ``None``: every decision is searched."""
    planner: AgentFactory | None = None
    """The agent deciding what is not searched (needed when :attr:`searched` is given)."""
    in_tree: Callable[[Any, int], bool] | None = None
    """``(state, seat)``: whether a decision reached by the search gets a node in its tree
    (``seat`` is the searching seat); the playout starts at the first that does not.
    ``None``: every decision does, down to the horizon."""
    iterations: int | None = None
    """The iterations a searched decision runs when the agent is given no budget: what a
    playout of the game costs affords. ``None``: the search's own default."""
    proposals_from: int = 3
    """With a :attr:`planner`, the number of players from which it proposes a move at every
    searched decision, which the search plays unless another candidate beats it by a
    margin of mean reward."""


@frozen(kw_only=True)
class GameLearning:
    """What a game adds for the learning adapters (:mod:`fertility_rules.pettingzoo`,
    :mod:`fertility_rules.openspiel`, :mod:`fertility_rules.gymnasium`): its numeric
    encodings and its hidden piles.

    The encodings read a *table*, a state or its view alike, and only its public parts:
    an adapter encodes the state it holds directly, and the numbers are those of the view
    a player is given. A game's hidden information is a list of *hidden piles*, each a
    sorted list of the items a view leaves unseen and the number of them in the pile; the
    OpenSpiel adapter draws from them at chance nodes."""

    max_score: float
    """An upper bound of a final score (the greatest reward)."""
    action_space: Callable[[int, bool, Any], Any]
    """``(players, variant, catalogue)``: the fixed action space
    (:class:`~fertility_rules.encoding.spaces.ActionSpace`) over tables; ``None``: the
    default catalogue. A setting the rules do not allow is refused."""
    features: Callable[[int, bool, Any], Any]
    """``(players, variant, catalogue)``: the numeric observation of a table
    (:class:`~fertility_rules.encoding.spaces.FeatureLayout`), the same numbers for a
    state and for its view; each section says what it reads, so that an
    :class:`~fertility_rules.encoding.encoder.Encoder` encodes again only what a move
    changed."""
    view: Callable[[object], Any]
    """The view of a value given, for the encodings: a state is observed first, anything
    else is refused."""
    setting: Callable[[Any], tuple[int, bool, Any]]
    """The players, variant and catalogue of a table: the arguments of its action space."""
    hidden_sizes: Callable[[Any], tuple[int, ...]]
    """``(table)``: how many items each hidden pile holds (public), cheaply: the adapters
    compare them before and after a move to see whether it drew."""
    hidden_piles: Callable[[Any], tuple[tuple[Sequence[str], int], ...]]
    """``(view)``: per hidden pile, the items it is drawn from (sorted) and how many it
    holds."""
    hidden_items: Callable[[], tuple[tuple[str, ...], ...]]
    """Per hidden pile, every item it could ever hold, in a fixed order: a draw is
    numbered by its place here."""
    with_hidden: Callable[[Any, tuple[Sequence[str], ...]], Any]
    """``(view, piles)``: the state of a view whose hidden piles hold these items, top
    first."""
    with_piles: Callable[[Any, tuple[Sequence[str], ...]], Any] | None = None
    """``(state, piles)``: the state with its hidden piles replaced by these items, top
    first, unchecked: for an adapter that drew them from the piles' unseen items itself
    (``with_hidden`` of the state's view does the same, checked, and costs a new state
    made field by field). ``None``: the adapters use ``with_hidden``."""
    state_piles: Callable[[Any], tuple[tuple[Sequence[str], int], ...]] | None = None
    """``(state)``: :attr:`hidden_piles` of the state's view, read from the state itself:
    for an adapter that holds the state and lists the unseen items at every draw (making
    the view first costs a new value of every public field). ``None``: the adapters
    observe the state and call :attr:`hidden_piles`."""
    results: Callable[[Any], tuple[list[float], list[int]]] | None = None
    """``(state)``: each seat's final score and rank of a finished game, those of its
    score sheets (``final_scores``), worked out from the stage totals without the sheets'
    explained lines: the adapters give rewards at the end of every game. ``None``: read
    from the score sheets."""


# ---------------------------------------------------------------------------- the games


@frozen(repr=False)
class GameInfo:
    """A row of :data:`GAMES`: what is known of a game without importing it."""

    name: str
    """The name on the command line and in records (``fertility``, ``ankhor``)."""
    title: Message
    players: tuple[int, ...]
    """The player counts the rules allow."""
    module: str
    """The module whose constant ``RULES`` is the game's :class:`GameRules`."""

    def load(self) -> GameRules:
        """The game's rules, its module imported on first use."""
        return _load(self.module)

    def __repr__(self) -> str:
        """Short, as signatures show :data:`GAMES` as a default value."""
        return f"<GameInfo of {self.name!r}>"


@functools.cache
def _load(module: str) -> GameRules:
    rules: GameRules = importlib.import_module(module).RULES
    return rules


class ConfiguredState(Protocol):
    """A state (or view) that keeps its interpretations in its configuration: attrs values,
    ``state.config.interpretations``, as both games' states do."""

    @property
    def config(self) -> Any: ...


def _config(state: object) -> Any:
    """The configuration of ``state``; a library error naming the argument otherwise."""
    config: Any = getattr(state, "config", None)
    configured = attrs.has(type(config)) and "interpretations" in attrs.fields_dict(type(config))
    if not attrs.has(type(state)) or not configured:
        raise argument_error("state", ConfiguredState, state)
    return config


def config_interpretations(state: ConfiguredState) -> Any:
    """The interpretations a :class:`ConfiguredState` is played under."""
    return _config(state).interpretations


def with_config_interpretations(state: ConfiguredState, reading: Any) -> Any:
    """The same position under ``reading`` (a new value: ``state`` is not changed), for a
    :class:`ConfiguredState`; the configuration's own checks judge ``reading``."""
    config = attrs.evolve(_config(state), interpretations=reading)
    changed: Any = state  # an attrs value: _config has checked it
    return attrs.evolve(changed, config=config)


@frozen(kw_only=True, eq=False, repr=False)
class GameRules:
    """Everything the shared machinery asks of a game.

    Two values are equal when they are the same game (the same row of :data:`GAMES`).
    """

    info: GameInfo
    rules_version: str
    """Changes only when the behaviour of the rules changes; records keep it."""
    rule_id: str
    """A regular expression matching the game's rule and interpretation ids."""
    setup_rule: str
    """The id of the rule of setup (``R-2``, ``A-2``), named by setup errors."""
    turn_rule: str | None = None
    """The rule giving each decision to one player (``R-3``, ``A-3``), named when another
    player tries to decide."""
    hidden_rule: str | None = None
    """The rule of what is hidden (``R-9.2``, ``A-8.2``), named when a request would show it."""

    # -- setup
    initial_state: Callable[[RecordLike], Any]
    """The state after the setup of a record (its moves are not played): the record's
    players, seed or explicit setup, variant, interpretations and catalogue."""
    check_players: Callable[[int, bool], None]
    """``(players, variant)``: a library error naming the setup rule when not allowed."""
    random_setup: Callable[[int, int | None, Any, bool], Any] | None = None
    """``(players, seed, catalogue, variant)``: an explicit setup drawn from ``seed`` (at
    random when ``None``), which records keep for games started without a seed; ``None``:
    the game has no explicit setups, and such records get a seed drawn instead."""
    new_interpretations: Callable[[], Any]
    """The game's interpretations value with every default reading."""

    # -- the referee (the hot path: plain functions, called directly)
    legal_moves: Callable[[Any], list[Any]]
    """Every legal move at the current decision, of a state or of its view."""
    is_legal: Callable[[Any, Any], bool]
    violations: Callable[[Any, Any], Sequence[ViolationLike]]
    """Every rule a move breaks in the state (empty when legal)."""
    apply: Callable[[Any, Any], Any]
    """The next state; raises :class:`~fertility_rules.errors.IllegalMoveError`."""
    apply_unchecked: Callable[[Any, Any], Any]
    """The next state of a move known to be legal."""
    observe: Callable[[Any], Any]
    """The public view of a state: what agents and spectators are given."""
    sample_state: Callable[[Any, Any], Any] | None = None
    """``(view, seed_or_rng)``: a state consistent with the view (hidden draws redealt)."""
    reveals: Callable[[Any, Any], bool] | None = None
    """``(before, after)``: whether the move between two states showed something hidden
    (a tile drawn from a hidden pile); taking such a move back would let a player play on
    knowing it. ``None``: any move may have."""
    with_interpretations: Callable[[Any, Any], Any] = with_config_interpretations
    """``(state, interpretations)``: the same position read under other readings (by
    default, :func:`with_config_interpretations`)."""
    interpretations_of: Callable[[Any], Any] = config_interpretations
    """The interpretations a state is played under (by default,
    :func:`config_interpretations`)."""

    # -- scoring
    final_scores: Callable[[Any], ReportLike]
    stages: tuple[StageLike, ...]
    measures: tuple[Measure, ...] = ()
    """What the lab counts in each finished game beside the scores."""
    gains: Callable[[Any, Any, int], tuple[Gain, ...]] | None = None
    """``(before, after, mover)``: what a legal move yielded its mover, for adjudications."""

    # -- interpretations
    interpretations: tuple[InterpretationLike, ...]
    """Every id of the specification's interpretations, in order."""
    option_labels: Mapping[enum.Enum, Message] = field(converter=_frozen_mapping)
    """The name of every switch value in listings and documents."""

    formats: GameFormats
    texts: GameTexts
    pictures: GamePictures | None = None
    search: GameSearch | None = None
    """For the search agent; ``None``: the game has none."""
    learning: GameLearning | None = None
    """For the learning adapters; ``None``: the game has no encodings."""
    agents: Mapping[str, AgentFactory] = field(factory=dict, converter=_frozen_mapping)
    """The built-in agents by name (``random`` first)."""

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def title(self) -> Message:
        return self.info.title

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameRules):
            return NotImplemented
        return self.info == other.info

    def __hash__(self) -> int:
        return hash(self.info)

    def __repr__(self) -> str:
        return f"<GameRules of {self.info.name!r}>"

    def __reduce__(self) -> tuple[Callable[[str], GameRules], tuple[str]]:
        """Pickled as the name of its module: worker processes load the game themselves."""
        return _load, (self.info.module,)


GAMES: tuple[GameInfo, ...] = (
    GameInfo("fertility", _("Fertility"), (2, 3, 4), "fertility_rules.fertility.game"),
    GameInfo("ankhor", _("Ankh'or"), (2, 3, 4), "fertility_rules.ankhor.game"),
)
"""Every game of the library, by name; the first is the default."""


@frozen
class Lazy:
    """A function of a module imported on its first call (``Lazy("m", "f")(x)`` is
    ``m.f(x)``): a game's description names its formats, texts and pictures without
    loading them. It pickles as its names."""

    module: str
    name: str
    keywords: tuple[str, ...] = ()
    """The names the arguments after the first are passed under: the protocol calls
    ``table(state, last_move, language)``, a picture function takes
    ``table(state, last_move=..., lang=...)`` (``keywords=("last_move", "lang")``)."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        function = getattr(importlib.import_module(self.module), self.name)
        if not self.keywords:
            return function(*args, **kwargs)
        first, *rest = args
        return function(first, **dict(zip(self.keywords, rest, strict=True)), **kwargs)


@checked_arguments
def named(namespace: object, *names: str) -> dict[str, Any]:
    """The functions ``namespace`` (a game's module) calls by the protocol's names: a game
    keeps Fertility's names where the concept is the same, so its description names each
    once (``GameRules(**named(engine, "legal_moves", "apply"), ...)``)."""
    return {name: getattr(namespace, name) for name in names}


REFEREE = ("legal_moves", "is_legal", "violations", "apply", "apply_unchecked")
"""The names of a game's referee, as :class:`GameRules` calls them."""
SETUP = ("initial_state", "check_players")
"""The names a game's description module gives its own adapters of the setup."""
DESCRIBED = (*SETUP, "with_interpretations", "interpretations_of")
""":data:`SETUP` and the interpretations' adapters, for a game whose states do not keep
their interpretations in ``state.config.interpretations`` (the defaults' convention)."""
RECORD_PARTS = (
    "record_move_to_json",
    "record_move_from_json",
    "interpretations_to_json",
    "interpretations_from_json",
    "catalogue_to_json",
    "catalogue_from_json",
    "load_catalogue",
    "read_final_position",
    "score_final_position",
)
"""The names of a game's record parts and files, as :class:`GameFormats` calls them."""
STATE_FORMATS = (
    "dump_state",
    "read_state",
    "dump_observation",
    "read_observation",
    "dump_move",
    "read_move",
)
"""The names of a game's public JSON pairs, as :class:`GameFormats` calls them."""


@checked_arguments
def lazy_named(module: str, *names: str) -> dict[str, Any]:
    """As :func:`named`, the functions of ``module`` imported on their first call."""
    return {name: Lazy(module, name) for name in names}


@checked_arguments
def lazy_schemas(module: str, *names: str) -> dict[str, Callable[[], dict[str, Any]]]:
    """:attr:`GameFormats.schemas` of the formats ``names``: each ``module.schema(name)``,
    the module imported on the first call."""
    return {name: functools.partial(Lazy(module, "schema"), name) for name in names}


@checked_arguments
def lazy_pictures(module: str, move_squares: Callable[[Any], Sequence[int]]) -> GamePictures:
    """:class:`GamePictures` of a game whose picture module ``module`` draws as the
    library's pictures do: ``table(state, last_move=..., lang=...)``,
    ``catalogue_sheet(catalogue, lang=...)`` and ``catalogue_page(catalogue, lang=...)``,
    imported on the first picture."""
    return GamePictures(
        table=Lazy(module, "table", ("last_move", "lang")),
        move_squares=move_squares,
        catalogue_sheet=Lazy(module, "catalogue_sheet", ("lang",)),
        catalogue_page=Lazy(module, "catalogue_page", ("lang",)),
    )


@frozen
class CountMoves:
    """The count of a :class:`Measure` that counts the moves of ``kinds``."""

    kinds: tuple[type, ...]

    def __call__(self, before: object, move: object, after: object) -> int:
        return 1 if isinstance(move, self.kinds) else 0


@checked_arguments
def counting_moves(
    key: str, label: Message, kinds: tuple[type, ...], switches: tuple[str, ...] = ()
) -> Measure:
    """A :class:`Measure` of the moves of ``kinds`` played (``Quarries per game``)."""
    return Measure(key, label, CountMoves(kinds), switches, kinds)


class UnknownKeyError(UnknownIdError, AttributeError):
    """A value read by :func:`by_key` under a name it does not have: an
    ``AttributeError`` too, so that ``hasattr`` and ``getattr(x, name, default)`` work."""


@checked_arguments
def by_key(value: object, field: str, name: str) -> Any:
    """The value of ``name`` among the ``(key, value)`` pairs of ``value.<field>``: the
    game's own measures read as attributes (``summary.quarries``); another name is
    refused with the names known."""
    pairs = () if name == field or name.startswith("_") else getattr(value, field, ())
    known = [pair[0] for pair in pairs if isinstance(pair, tuple) and len(pair) == 2]
    for key, found in pairs if len(known) == len(pairs) else ():
        if key == name:
            return found
    raise UnknownKeyError(
        _(
            "No value is called {name!r}; the values are: {known}.",
            name=name,
            known=", ".join(map(str, known)),
        )
    )


_known: tuple[GameInfo, ...] = GAMES
"""The games known now: :data:`GAMES` and the games registered, in that order."""


def known_games() -> tuple[GameInfo, ...]:
    """Every game known now: the library's (:data:`GAMES`), then those registered."""
    return _known


@checked_arguments
def register_game(info: GameInfo) -> None:
    """Make the game of ``info`` known by its name until :func:`unregister_game`; a name
    already known is refused. Its module is imported when the game is first asked for."""
    global _known
    for known in _known:
        if known.name == info.name:
            raise MalformedInputError.single(
                "info.name",
                _(
                    "the name {name!r} is already the name of {game}",
                    name=info.name,
                    game=known.title,
                ),
            )
    _known = (*_known, info)


@checked_arguments
def unregister_game(name: str) -> None:
    """Forget the registered game called ``name``; a game of :data:`GAMES` stays, an
    unknown name is refused."""
    global _known
    info = game_info(name)
    if info in GAMES:
        raise MalformedInputError.single(
            "name", _("{game} is a game of the library and stays one", game=info.title)
        )
    _known = tuple(known for known in _known if known is not info)


@checked_arguments
@contextmanager
def registered(info: GameInfo) -> Iterator[GameRules]:
    """The game of ``info`` known (:func:`register_game`) inside the block, forgotten after
    it; the block is given its rules."""
    register_game(info)
    try:
        yield info.load()
    finally:
        unregister_game(info.name)


@checked_arguments
def game_info(name: str, games: Sequence[GameInfo] | None = None) -> GameInfo:
    """The row of ``games`` (by default every game known, :func:`known_games`) called
    ``name``; an error lists the names known (and says so of a known game that ``games``
    leaves out)."""
    known = _known
    allowed = known if games is None else games
    for info in allowed:
        if info.name == name:
            return info
    for info in known:
        if info.name == name:
            raise UnknownIdError(
                _(
                    "{game} is a game of the library, but not one allowed here; the games "
                    "allowed are: {known}.",
                    game=info.title,
                    known=", ".join(game.name for game in allowed),
                )
            )
    raise UnknownIdError(
        _(
            "Unknown game {name!r}; the games are: {known}.",
            name=cut(name),
            known=", ".join(info.name for info in allowed),
        )
    )


def find_game(
    name: str | GameRules = GAMES[0].name, games: Sequence[GameInfo] | None = None
) -> GameRules:
    """The rules of the game called ``name`` among ``games`` (by default every game known,
    :func:`known_games`); a :class:`GameRules` is returned as it is."""
    if isinstance(name, GameRules):
        return name
    return game_info(name, games).load()


@checked_arguments
def game_of_format(
    fmt: str, games: Sequence[GameInfo] | None = None
) -> tuple[GameInfo, str] | None:
    """The one game among ``games`` (by default every game known) with the file format
    ``fmt`` (``fertility-rules/ankhor-catalogue/1``), and the name of its schema
    (``catalogue``); ``None`` when no game, or more than one (the game record), has it.
    Each game is loaded to look: for an error, not on a hot path."""
    found = [
        (info, name)
        for info in (_known if games is None else games)
        for name, schema in info.load().formats.schemas.items()
        if schema().get("title") == fmt
    ]
    return found[0] if len(found) == 1 else None


@checked_arguments
def report_table(report: object, game: str) -> str | None:
    """The score table of ``report`` (a score report of the game called ``game``) as HTML,
    for the ``_repr_html_`` of notebooks; ``None`` for a game without one. Reached through
    the game's description, so that the scoring need not import its texts."""
    make = find_game(game).texts.report_to_html
    return None if make is None else make(report, "en")


@checked_arguments
def table_picture(value: object, game: str) -> str | None:
    """The table of ``value`` (a state or a view of the game called ``game``) as SVG, for
    the ``_repr_svg_`` of notebooks; ``None`` for a game without pictures. The pictures
    are reached through the game's description, so that a state's module need not import
    them (the referee stays below the pictures)."""
    pictures = find_game(game).pictures
    return None if pictures is None else str(pictures.table(value, None, "en"))


def game_field(game: str | GameRules) -> GameRules:
    """The converter of a ``game`` field (records, game specs, tables): a game's name or
    its rules; anything else is refused naming the field."""
    if not isinstance(game, str | GameRules):
        raise argument_error("game", str | GameRules, game)
    return find_game(game)


class OfAGame(Protocol):
    """A value made for one game (a record, a game spec): its ``game`` field."""

    @property
    def game(self) -> GameRules:
        """The game the value is made for."""


@checked_arguments
def interpretations_of_its_game(instance: OfAGame, _attribute: object, value: object) -> None:
    """The validator of an ``interpretations`` field beside a ``game`` field: ``None`` (the
    game's defaults) or the interpretations value of that game."""
    game = instance.game
    if value is not None and not isinstance(value, type(game.new_interpretations())):
        raise MalformedInputError.single(
            "interpretations",
            _(
                "the interpretations of a game of {game} are needed, not {kind}",
                game=game.title,
                kind=type(value).__name__,
            ),
        )
