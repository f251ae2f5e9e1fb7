"""Game records and their replay, for every game of :data:`~fertility_rules.games.GAMES`.

A record holds what is needed to replay a game exactly: the game it is a game of, the
catalogue (by name or embedded), the interpretations, the variant flag, the players, the
setup (a seed or an explicit table) and the list of moves. What each of those is belongs to
the game; the record reaches the game only through its
:class:`~fertility_rules.games.GameRules`.
"""

from __future__ import annotations

import functools
from typing import Any

from attrs import field, frozen

from fertility_rules.arguments import checked_arguments, typed_fields
from fertility_rules.errors import IllegalMoveError, MalformedInputError
from fertility_rules.games import GameRules, find_game, game_field, interpretations_of_its_game
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.players import name_problems
from fertility_rules.shared.seeds import seed_problems

__all__ = ["FirstIllegalMove", "GameRecord", "ReplayError", "ReplayResult", "replay"]


def _check_players(instance: GameRecord, _attribute: object, value: tuple[str, ...]) -> None:
    instance.game.check_players(len(value), instance.variant)  # the game's rule of setup, once
    problems = name_problems(value, "players")
    if problems:
        raise MalformedInputError(problems)


def _check_seed(_instance: GameRecord, _attribute: object, value: int | None) -> None:
    problems = [] if value is None else seed_problems(value, "seed")
    if problems:
        raise MalformedInputError(problems)


def _check_setup(instance: GameRecord, _attribute: object, value: object) -> None:
    game = instance.game
    if value is None:
        if instance.seed is None:
            raise MalformedInputError.single(
                "$", _("a record gives a seed or an explicit setup"), game.setup_rule
            )
        return
    expected = _setup_kind(game)
    if expected is None or not isinstance(value, expected):
        raise MalformedInputError.single(
            "setup",
            _(
                "the setup of a game of {game} is needed, not {kind}",
                game=game.title,
                kind=type(value).__name__,
            ),
            game.setup_rule,
        )


@functools.cache
def _setup_kind(game: GameRules) -> type | None:
    """The class of the game's explicit setups (``None``: setups come from seeds only)."""
    if game.random_setup is None:
        return None
    return type(game.random_setup(min(game.info.players), 0, None, False))


@functools.cache
def _catalogue_kind(game: GameRules) -> type:
    """The class of the game's catalogues (its default one's)."""
    return type(game.formats.load_catalogue(None, None))


def _check_catalogue(instance: GameRecord, _attribute: object, value: object) -> None:
    if value is not None and not isinstance(value, _catalogue_kind(instance.game)):
        raise MalformedInputError.single(
            "catalogue",
            _(
                "the catalogue of a game of {game} is needed, not {kind}",
                game=instance.game.title,
                kind=type(value).__name__,
            ),
        )


@frozen(field_transformer=typed_fields)
class GameRecord:
    """A whole game: enough to replay it move by move.

    ``interpretations`` left out are the game's defaults; ``game`` is a game's name or its
    :class:`~fertility_rules.games.GameRules` (Fertility by default).
    """

    players: tuple[str, ...] = field(validator=_check_players)
    moves: tuple[Any, ...]
    seed: int | None = field(default=None, validator=_check_seed)
    setup: Any = field(default=None, validator=_check_setup)
    """The game's explicit setup, or ``None`` when the seed gives it."""
    variant: bool = False
    interpretations: Any = field(default=None, validator=interpretations_of_its_game)
    catalogue: Any = field(default=None, validator=_check_catalogue)
    """``None`` for the default catalogue (written by name); otherwise embedded."""
    game: GameRules = field(factory=find_game, converter=game_field)

    def __attrs_post_init__(self) -> None:
        if self.interpretations is None:
            object.__setattr__(self, "interpretations", self.game.new_interpretations())

    def resolved_catalogue(self) -> Any:
        """The record's catalogue, the game's default one when none is embedded."""
        return self.catalogue or self.game.formats.load_catalogue(None, None)

    def resolved_setup(self) -> Any:
        """The explicit setup, or the one the seed draws (for games with explicit setups)."""
        if self.setup is not None or self.game.random_setup is None:
            return self.setup
        return self.game.random_setup(len(self.players), self.seed, self.catalogue, self.variant)

    def initial_state(self) -> Any:
        """The state after the setup, before the first move."""
        return self.game.initial_state(self)


@frozen
class FirstIllegalMove:
    """The first illegal move of a record: where, what, and the rule it breaks.

    A value in a :class:`ReplayResult`, not an exception: :func:`replay` stops there.
    """

    index: int
    move: Any
    rule: str
    message: Message


@frozen
class ReplayResult:
    """The state reached, and the first illegal move if the replay stopped early."""

    state: Any
    error: FirstIllegalMove | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


@checked_arguments
def replay(record: GameRecord) -> ReplayResult:
    """Play the record's moves from its setup; stops at the first illegal move."""
    state = record.initial_state()
    apply = record.game.apply
    for index, move in enumerate(record.moves):
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            return ReplayResult(state, FirstIllegalMove(index, move, error.rule, error.reason))
    return ReplayResult(state)


ReplayError = FirstIllegalMove
"""Deprecated name of :class:`FirstIllegalMove` (it is not an exception)."""
