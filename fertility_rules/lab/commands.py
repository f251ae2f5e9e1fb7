"""The lab's command-line pieces: ``--interpretation``, ``compare``, progress and executors.

Kept apart from :mod:`fertility_rules.cli`, which only wires them into its parser.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any

from fertility_rules.agents.simulate import agents_by_seat, agents_help
from fertility_rules.cli_types import (
    MAX_GAMES,
    MAX_JOBS,
    MAX_MOVES,
    MAX_PLAYERS,
    ArgumentError,
    argument,
    output_file,
    positive_int,
    scheduler_address,
    seed,
    seeds_note,
    whole_number,
)
from fertility_rules.errors import FertilityError, MalformedInputError, UnknownIdError
from fertility_rules.formats.documents import read_document
from fertility_rules.formats.files import write_text
from fertility_rules.formats.limits import Limits
from fertility_rules.games import GameRules
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import Message, _, echo, ngettext, render
from fertility_rules.lab.adjudicate import adjudicate, disputed_moves, position_at, read_move
from fertility_rules.lab.chart import comparison_to_svg
from fertility_rules.lab.compare import compare, comparison_to_json
from fertility_rules.lab.readings import (
    parse_interpretation,
    readings_varying,
    repeated_reading,
    with_interpretations,
)
from fertility_rules.lab.render import (
    adjudication_to_json,
    adjudication_to_text,
    comparison_to_text,
)
from fertility_rules.lab.runner import Progress
from fertility_rules.records.format import FORMER_RECORD_FORMAT, GAME_RECORD_FORMAT, read_record

__all__ = [
    "add_adjudicate",
    "add_compare",
    "add_interpretation_option",
    "add_jobs_options",
    "add_seats_options",
    "announce",
    "check_interpretations",
    "check_record_game",
    "game_executor",
    "games_help",
    "interpretations_from",
    "progress_bar",
    "seats_of",
]

Translate = Callable[[Message], str]


def add_interpretation_option(parser: argparse.ArgumentParser, t: Translate) -> None:
    """``--interpretation NAME=VALUE``, repeatable; checked while the arguments are read."""
    parser.add_argument(
        "--interpretation",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=t(
            _(
                "read a rule as this switch value, e.g. quarry_enclosure=orthogonal or "
                "I-1=orthogonal (repeatable)"
            )
        ),
    )


def add_seats_options(parser: argparse.ArgumentParser, t: Translate, agents: str) -> None:
    """``--players``, ``--agents`` (``agents`` by default) and ``--variant``: who plays."""
    parser.add_argument(
        "--players",
        type=whole_number(t, 1, MAX_PLAYERS),
        default=4,
        help=t(_("number of players (default: %(default)s)")),
    )
    parser.add_argument("--agents", default=agents, help=t(agents_help()))
    parser.add_argument("--variant", action="store_true", help=t(_("2-player variant (R-8)")))


def seats_of(args: argparse.Namespace, rules: GameRules) -> tuple[str, ...]:
    """The agent of each seat of ``args`` in ``rules``' game; a number of players or an
    agent the game does not take is refused as its argument."""
    with argument("--players"):
        rules.check_players(args.players, args.variant)
    with argument("--agents"):
        return agents_by_seat(args.agents, args.players, rules)


def check_interpretations(args: argparse.Namespace, rules: GameRules) -> ArgumentError | None:
    """Why a ``--interpretation`` or ``--reading`` of ``args`` is refused (the command
    refuses it as argparse refuses an argument), or ``None``: a value that is not a switch
    value of ``rules``' game, or a switch given twice (among the ``--interpretation``, or
    within one ``--reading``), which would leave one of the two values unread."""
    groups = [("--interpretation", list(getattr(args, "interpretation", ())))]
    groups += [("--reading", text.split(",")) for text in getattr(args, "reading", ())]
    for option, texts in groups:
        given: dict[str, str] = {}
        for text in texts:
            with argument(option):
                field, _value = parse_interpretation(text, rules)
            if field in given:
                twice = _(
                    "the switch {switch} is given twice ({first}, {second}): give it once",
                    switch=field,
                    first=echo(given[field]),
                    second=echo(text),
                )
                return ArgumentError(option, twice)
            given[field] = text
    return None


def check_record_game(args: argparse.Namespace, game: GameRules) -> None:
    """A record is replayed by the game it names: ``--game`` may only name the same one."""
    if getattr(args, "game", None) is not None and args.rules != game:
        raise UnknownIdError(
            _(
                "This is a record of a game of {found}, not of {wanted}.",
                found=game.title,
                wanted=args.rules.title,
            )
        )
    args.rules = game


def interpretations_from(args: argparse.Namespace) -> Any:
    """The game's defaults with every ``--interpretation`` of ``args`` applied."""
    return with_interpretations(getattr(args, "interpretation", None) or [], game=args.rules)


def _add_vary(parser: argparse.ArgumentParser, t: Translate) -> None:
    parser.add_argument(
        "--vary",
        action="append",
        default=[],
        metavar="NAME",
        help=t(_("a switch whose values are compared (repeatable; default: every switch)")),
    )


def add_jobs_options(parser: argparse.ArgumentParser, t: Translate) -> None:
    """``--jobs N`` and ``--scheduler ADDRESS``: where the games are played."""
    parser.add_argument(
        "--jobs",
        type=positive_int(t, MAX_JOBS),
        default=None,
        help=t(_("worker processes (default: all cores, at most one per game)")),
    )
    parser.add_argument(
        "--scheduler",
        type=scheduler_address(t),
        default=None,
        metavar="ADDRESS",
        help=t(_("play the games on this Dask distributed scheduler (extra 'dask')")),
    )


@contextlib.contextmanager
def game_executor(scheduler: str | None) -> Iterator[Executor | None]:
    """A Dask client's executor for ``scheduler``, or ``None`` (local worker processes)."""
    if scheduler is None:
        yield None
        return
    try:
        from distributed import Client
    except ImportError:
        raise UnknownIdError(
            _("--scheduler needs Dask: install the extra with pip install 'fertility-rules[dask]'.")
        ) from None
    try:
        client = Client(scheduler, timeout="5s")  # type: ignore[no-untyped-call]
    except Exception as error:  # a malformed address, no service, a service not Dask
        raise FertilityError(
            _(
                "Cannot reach the Dask scheduler {address}: {reason}",
                address=scheduler,
                reason=str(error) or type(error).__name__,
            )
        ) from None
    with client:
        yield client.get_executor()  # type: ignore[no-untyped-call]


@contextlib.contextmanager
def progress_bar(total: int, language: Language | str) -> Iterator[Progress | None]:
    """A progress bar on standard error when it is a terminal and ``tqdm`` is installed."""
    try:
        from tqdm import tqdm
    except ImportError:
        tqdm = None
    if tqdm is None or not sys.stderr.isatty():
        yield None
        return
    with tqdm(total=total, unit=render(_("games"), language), file=sys.stderr) as bar:
        yield bar.update


ANNOUNCED = 100
"""From this many games a command says first, on standard error, how many it plays."""


def announce(games: int, language: Language | str) -> None:
    """One line on standard error saying how many games a command is about to play, when
    they are many: a run of hours is never a surprise."""
    if games >= ANNOUNCED:
        line = ngettext("Playing {n} game…", "Playing {n} games…", games)
        sys.stderr.write(render(line, language) + "\n")


def games_help(default: int, per: Message | None = None) -> Message:
    """The help of a ``--games`` option."""
    progress = _(
        "; a progress bar is shown on standard error when it is a terminal and the extra "
        "'progress' is installed (pip install 'fertility-rules[progress]')"
    )
    if per is None:
        return _("number of games (default: {n}){progress}", n=default, progress=progress)
    return _("{what} (default: {n}){progress}", what=per, n=default, progress=progress)


def _compare(args: argparse.Namespace) -> int:
    rules: GameRules = args.rules
    base = interpretations_from(args)
    if args.reading:
        readings = [with_interpretations(spec.split(","), base, rules) for spec in args.reading]
        if len(readings) == 1:
            readings.insert(0, base)
    else:
        with argument("--vary"):
            readings = list(readings_varying(args.vary, base, rules))
    if len(readings) < 2:
        raise ArgumentError("--vary", _one_value(args.vary))
    repeated = repeated_reading(readings, "--reading")
    if repeated is not None:  # a reading given twice, or one that is the base
        raise ArgumentError("--reading", repeated.message)
    agents = seats_of(args, rules)
    if args.games * len(readings) > MAX_GAMES:
        raise MalformedInputError.single(
            "--games",
            ngettext(
                "one command plays at most {n} game: fewer games or fewer readings, please",
                "one command plays at most {n} games: fewer games or fewer readings, please",
                MAX_GAMES,
            ),
        )
    announce(args.games * len(readings), args.lang)
    with (
        game_executor(args.scheduler) as executor,
        progress_bar(args.games * len(readings), args.lang) as progress,
    ):
        comparison = compare(
            readings,
            args.games,
            agents,
            args.seed,
            args.variant,
            executor,
            args.jobs,
            progress,
            game=rules,
        )
    if args.svg:
        write_text(args.svg, comparison_to_svg(comparison, args.lang))
    if args.format == "json":
        text = json.dumps(comparison_to_json(comparison), indent=2, ensure_ascii=False)
    else:
        text = comparison_to_text(comparison, args.lang)
    sys.stdout.write(text + "\n")
    return 0


def _one_value(varied: list[str]) -> Message:
    """Why readings varying the switches ``varied`` compare nothing."""
    if varied:
        return ngettext(
            "the switch varied has one value only: vary a switch with two values or more",
            "the switches varied have one value only: vary a switch with two values or more",
            len(varied),
        )
    return _("the game has no switch with two values or more: nothing to compare")


def add_compare(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    t: Translate,
    common: Callable[[argparse.ArgumentParser], None],
) -> None:
    """The ``compare`` command; ``common`` adds ``--format`` and ``--lang``."""
    parser = commands.add_parser(
        "compare", help=t(_("play the same seeded games under several readings and compare"))
    )
    _add_vary(parser, t)
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="NAME=VALUE,...",
        help=t(_("one reading to compare, as switch values (repeatable; instead of --vary)")),
    )
    per = _(
        "games per reading; without --vary nor --reading, every combination of the "
        "values of the switches is a reading (32 for Fertility: 3,200 games)"
    )
    parser.add_argument("--games", type=positive_int(t), default=100, help=t(games_help(100, per)))
    parser.add_argument(
        "--seed", type=seed(t), default=0, help=t(_("seed of the first game")) + seeds_note(t)
    )
    add_seats_options(parser, t, "greedy")
    parser.add_argument(
        "--svg",
        type=output_file(t),
        default=None,
        help=t(_("also write an SVG chart to this file")),
    )
    add_interpretation_option(parser, t)
    add_jobs_options(parser, t)
    common(parser)
    parser.set_defaults(run=_compare)


RECORD_FORMATS = (GAME_RECORD_FORMAT, FORMER_RECORD_FORMAT)


def _position(args: argparse.Namespace, rules: GameRules, limits: Limits) -> tuple[Any, int | None]:
    """The position: a game-state file as it is, or a record replayed ``--at`` moves."""
    data = read_document(args.record, limits)
    state_format = rules.formats.state_format
    is_record = isinstance(data, dict) and data.get("format") in RECORD_FORMATS
    if args.at is None and not is_record:
        # A game state, or nothing known: the state reader says what is wrong, and where.
        try:
            return rules.formats.read_state(data), None
        except MalformedInputError as error:  # named by its file, not as "the input"
            if error.source is not None:
                raise
            raise MalformedInputError(error.problems, args.record, error.format) from None
    if args.at is None:
        raise ArgumentError(
            "--at",
            _(
                "{file} is a game record: give the position with --at N, or give a "
                "game-state file ({fmt})",
                file=args.record,
                fmt=state_format,
            ),
        )
    record = read_record(data, source=args.record, games=args.known_games)
    check_record_game(args, record.game)
    return position_at(record, args.at), args.at


def _is_file(text: str) -> bool:
    """Whether ``text`` names something on the disk (a file, a folder, a pipe, a
    device): the file reader then reads it, or says why not."""
    try:
        return os.path.lexists(text)
    except (OSError, ValueError):  # a name too long for the system, a NUL byte
        return False


def _disputed(text: str, state: Any, rules: GameRules, limits: Limits) -> Any:
    """The move as JSON (inline or a file) or in the game's notation (``place V23 a6 b6``),
    read by the game's one move reader within the command's limits."""
    if text.lstrip().startswith("{") or os.path.isfile(text):
        # A document: what is wrong in it is the input's (each problem at its path).
        return read_move(text, state, rules, limits)
    if _is_file(text):
        with argument("--move"):  # a name of something that is no file (a folder, a pipe)
            return read_move(text, state, rules, limits)
    if not text.strip():
        with argument("--move"):
            return rules.texts.parse_move(text, state)
    return rules.texts.parse_move(text, state)  # a move in notation, as the input is read


def _adjudicate(args: argparse.Namespace) -> int:
    limits = Limits(max_bytes=args.max_file_size)
    state, at = _position(args, args.rules, limits)
    rules: GameRules = args.rules  # a record's own game
    base = interpretations_from(args) if args.interpretation else rules.interpretations_of(state)
    with argument("--vary"):
        readings = readings_varying(args.vary, base, rules)
    if len(readings) < 2:
        raise ArgumentError("--vary", _one_value(args.vary))
    if args.all_moves:
        judged = disputed_moves(state, readings, rules)
    elif args.move is None:
        raise ArgumentError("--move", _("give the disputed move with --move, or use --all-moves"))
    else:
        move = _disputed(args.move, state, rules, limits)
        judged = (adjudicate(state, move, readings, rules),)
    if args.format == "json":
        data = {
            "at": at,
            "moves": [adjudication_to_json(j, state, args.lang, rules) for j in judged],
        }
        text = json.dumps(data, indent=2, ensure_ascii=False)
    else:
        status = rules.texts.status(state)
        heading = (
            ngettext(
                "Position after {n} move: {status}.",
                "Position after {n} moves: {status}.",
                at,
                status=status,
            )
            if at is not None
            else _("Position of the game state: {status}.", status=status)
        )
        blocks = [render(heading, args.lang)]
        blocks += [adjudication_to_text(j, state, args.lang, rules) for j in judged]
        if not judged:
            blocks.append(
                render(_("No move differs between the readings at this position."), args.lang)
            )
        text = "\n\n".join(blocks)
    sys.stdout.write(text + "\n")
    return 0


def add_adjudicate(
    commands: argparse._SubParsersAction[argparse.ArgumentParser],
    t: Translate,
    common: Callable[[argparse.ArgumentParser], None],
) -> None:
    """The ``adjudicate`` command; ``common`` adds ``--format`` and ``--lang``."""
    parser = commands.add_parser(
        "adjudicate", help=t(_("judge a disputed move under each reading of the switches"))
    )
    parser.add_argument(
        "record", help=t(_("game record file (with --at) or game-state file (JSON)"))
    )
    parser.add_argument(
        "--at",
        type=whole_number(t, 0, MAX_MOVES),
        default=None,
        help=t(_("the position after this many moves")),
    )
    parser.add_argument(
        "--move",
        default=None,
        help=t(_("the disputed move: JSON (inline or a file) or notation (place V23 a6 b6)")),
    )
    parser.add_argument(
        "--all-moves",
        action="store_true",
        help=t(_("list every move whose legality or yield differs between the readings")),
    )
    _add_vary(parser, t)
    add_interpretation_option(parser, t)
    common(parser)
    parser.set_defaults(run=_adjudicate)
