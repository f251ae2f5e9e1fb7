"""The ``fertility-rules`` command: a thin layer over the library."""

from __future__ import annotations

import argparse
import contextlib
import functools
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path, PurePath
from typing import Any

from attrs import evolve

from fertility_rules._version import RULES_VERSION, __version__
from fertility_rules.agents.simulate import (
    agent_label,
    make_agent,
    play_game,
)
from fertility_rules.cli_types import (
    DATABASE_SCHEMES,
    MAX_MOVES,
    MAX_SEED,
    ArgumentError,
    argument,
    database,
    host,
    names_folder,
    number,
    output_file,
    output_file_or_folder,
    output_folder,
    positive_int,
    seed,
    seeds_note,
    whole_number,
)
from fertility_rules.document.blocks import FORMATS, pictures_inside
from fertility_rules.document.interpretations import interpretation_notes
from fertility_rules.errors import FertilityError, MalformedInputError, Problem, UnknownIdError
from fertility_rules.formats.base import OtherFormatError
from fertility_rules.formats.documents import read_document
from fertility_rules.formats.errors_json import dump_error
from fertility_rules.formats.files import check_target, make_folder, os_reason, write_text
from fertility_rules.formats.limits import DEFAULT_LIMITS, MAX_LIMITS, Limits
from fertility_rules.games import (
    GAMES,
    KIND_LABELS,
    GameInfo,
    GameRules,
    InterpretationKind,
    find_game,
    known_games,
)
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of, series
from fertility_rules.i18n.message import Message, _, echo, ngettext, render, shown
from fertility_rules.i18n.numbers import decimal
from fertility_rules.lab.adjudicate import position_at
from fertility_rules.lab.commands import (
    add_adjudicate,
    add_compare,
    add_interpretation_option,
    add_jobs_options,
    add_seats_options,
    announce,
    check_interpretations,
    check_record_game,
    game_executor,
    games_help,
    interpretations_from,
    progress_bar,
    seats_of,
)
from fertility_rules.lab.runner import GameSpec, GameSummary, run_games
from fertility_rules.records.format import GAME_RECORD_FORMAT, load_record, save_record
from fertility_rules.records.game_record import GameRecord, replay

__all__ = ["main"]

LANGUAGES = [lang.value for lang in Language]


def _add_lang(
    parser: argparse.ArgumentParser, t: Callable[[Message], str], default: str | None = None
) -> None:
    """``--lang``: given before or after the command (only the main parser sets a default)."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS if default is None else default,
        help=t(_("language of the output (default: en)")),
    )


ARGPARSE_WORDS: dict[str, Message] = {
    "usage: ": _("usage: "),
    "positional arguments": _("positional arguments"),
    "options": _("options"),
    "show this help message and exit": _("show this help message and exit"),
    "show program's version number and exit": _("show program's version number and exit"),
    "%(prog)s: error: %(message)s\n": _("%(prog)s: error: %(message)s\n"),
    "the following arguments are required: %s": _("the following arguments are required: %s"),
    "unrecognized arguments: %s": _("unrecognized arguments: %s"),
    "argument %(argument_name)s: %(message)s": _("argument %(argument_name)s: %(message)s"),
    "invalid choice: %(value)r (choose from %(choices)s)": _(
        "invalid choice: %(value)r (choose from %(choices)s)"
    ),
    "invalid %(type)s value: %(value)r": _("invalid %(type)s value: %(value)r"),
    "expected one argument": _("expected one argument"),
}
"""The words argparse prints itself (usage, headings, errors), in the message catalogues."""

_HEADINGS = frozenset({"positional arguments", "options"})
"""The section headings argparse follows with a colon."""


@contextlib.contextmanager
def argparse_language(language: Language | str) -> Iterator[None]:
    """Within the block, argparse prints its own words in ``language``.

    argparse looks its words up through a module-level ``_`` at call time; it is
    replaced for the block only and restored afterwards.
    """

    def translate(text: str) -> str:
        message = ARGPARSE_WORDS.get(text)
        if message is None:
            return text
        if text in _HEADINGS:
            # argparse writes "heading:" itself; the language's spacing before the colon
            # (French: a narrow no-break space) comes with the word.
            return render(_("{heading}:", heading=message), language)[:-1]
        return render(message, language)

    original = getattr(argparse, "_")  # noqa: B009 - a private name of argparse
    setattr(argparse, "_", translate)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", original)  # noqa: B010


def _add_game(parser: argparse.ArgumentParser, t: Callable[[Message], str]) -> None:
    """``--game NAME``: the game played, checked once the arguments are read."""
    parser.add_argument(
        "--game",
        default=None,
        metavar="NAME",
        help=t(
            _(
                "the game: {games} (default: {default})",
                games=", ".join(info.name for info in known_games()),
                default=GAMES[0].name,
            )
        ),
    )


def _add_format(parser: argparse.ArgumentParser, t: Callable[[Message], str]) -> None:
    parser.add_argument(
        "--format", choices=["text", "json"], default="text", help=t(_("output format"))
    )


def _limits(args: argparse.Namespace) -> Limits:
    return Limits(max_bytes=args.max_file_size)


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _no_table_pictures(rules: GameRules) -> UnknownIdError:
    return UnknownIdError(_("{game} has no pictures of the table yet.", game=rules.title))


def _catalogue_show(args: argparse.Namespace) -> int:
    rules: GameRules = args.rules
    catalogue = rules.formats.load_catalogue(args.file, _limits(args))
    if args.format in ("svg", "html"):
        pictures = rules.pictures
        draw = None
        if pictures is not None:
            draw = pictures.catalogue_sheet if args.format == "svg" else pictures.catalogue_page
        if draw is None:
            raise UnknownIdError(
                _("{game} has no pictures of the catalogue yet.", game=rules.title)
            )
        _emit(draw(catalogue, args.lang), args.output)
    else:
        _emit(rules.texts.describe_catalogue(catalogue, args.lang) + "\n", args.output)
    return 0


def _emit(text: str, output: str | None) -> None:
    """Write ``text`` to the file ``output`` (whole, or not at all), or to standard output."""
    if output:
        write_text(output, text)
    else:
        sys.stdout.write(text)


def _state_at(record: GameRecord, at: int | None) -> tuple[Any, Any]:
    """The state after the first ``at`` moves (all by default) and the last move played."""
    count = len(record.moves) if at is None else at
    return position_at(record, count), record.moves[count - 1] if count else None


def _schema(args: argparse.Namespace) -> int:
    schemas = args.rules.formats.schemas
    if args.name not in schemas:
        raise UnknownIdError(
            _(
                "unknown format {found}; the formats are: {known}",
                found=echo(args.name),
                known=", ".join(schemas),
            )
        )
    _print_json(schemas[args.name]())
    return 0


def _load_record(args: argparse.Namespace) -> GameRecord:
    """The record of ``args.file``, of the game ``--game`` names, read under the readings of
    ``--interpretation``."""
    record = load_record(args.file, limits=_limits(args), games=args.known_games)
    check_record_game(args, record.game)
    if args.interpretation:
        record = evolve(record, interpretations=interpretations_from(args))
    return record


def _show(args: argparse.Namespace) -> int:
    record = _load_record(args)
    rules = record.game
    state, last = _state_at(record, args.at)
    if args.format == "json":
        if args.view:
            data = rules.formats.dump_observation(rules.observe(state))
            data["legal_moves"] = [
                rules.formats.dump_move(move, state) for move in rules.legal_moves(state)
            ]
        else:
            data = rules.formats.dump_state(state)
        _emit(json.dumps(data, indent=1, ensure_ascii=False) + "\n", args.output)
    elif args.format == "svg":
        if rules.pictures is None:
            raise _no_table_pictures(rules)
        shown = rules.observe(state) if args.view else state
        _emit(rules.pictures.table(shown, last, args.lang), args.output)
    elif args.view:
        moves = [rules.texts.format_move(move, state) for move in rules.legal_moves(state)]
        listed = render(_("Legal moves: {moves}", moves=", ".join(moves) or "-"), args.lang)
        _emit(rules.texts.summary(state, args.lang) + "\n" + listed + "\n", args.output)
    else:
        status = render(rules.texts.status(state), args.lang)
        board = rules.texts.text_board(state, last, args.lang).rstrip("\n")
        _emit(status + "\n\n" + board + "\n", args.output)  # one new line at the end
    return 0


def _turn_pictures(record: GameRecord, directory: str, language: str) -> int:
    """One picture of the table at the start and after each turn; returns how many."""
    rules = record.game
    pictures = rules.pictures
    if pictures is None:
        raise _no_table_pictures(rules)
    folder = _folder(directory)
    state = record.initial_state()
    write_text(folder / "turn-000.svg", pictures.table(state, None, language))
    written = 1
    touched: list[int] = []  # places the turn's moves laid something on
    for move in record.moves:
        turn = state.turn
        state = rules.apply_unchecked(state, move)
        touched.extend(pictures.move_squares(move))
        if state.turn != turn or state.is_over:
            picture = pictures.table(state, touched, language)
            write_text(folder / f"turn-{turn:03d}.svg", picture)
            written += 1
            touched = []
    return written


def _catalogue_check(args: argparse.Namespace) -> int:
    rules: GameRules = args.rules
    catalogue = rules.formats.load_catalogue(args.file, _limits(args))
    print(render(rules.texts.catalogue_check(shown(args.file), catalogue), args.lang))
    return 0


def _score(args: argparse.Namespace) -> int:
    rules: GameRules = args.rules
    formats = rules.formats
    if formats.read_final_position is None or formats.score_final_position is None:
        raise UnknownIdError(_("{game} has no final-position files yet.", game=rules.title))
    catalogue = formats.load_catalogue(args.catalogue, _limits(args))
    data = read_document(args.file, _limits(args))
    if isinstance(data, dict) and data.get("format") == GAME_RECORD_FORMAT:
        hint = _(
            "this is a game record, not a final position: fertility-rules verify {file} "
            "replays it and prints its score sheets",
            file=args.file,
        )
        raise MalformedInputError([Problem("$.format", hint)], args.file)
    position = formats.read_final_position(data, args.file, catalogue)
    report = formats.score_final_position(position, catalogue)
    if args.format == "json":
        _print_json(rules.texts.report_to_json(report, args.lang))
    else:
        print(rules.texts.report_to_text(report, args.lang))
    return 0


def _turn_log(record: GameRecord, language: str) -> list[str]:
    """One line per turn: who played and what they did."""
    rules = record.game
    state = record.initial_state()
    lines: list[str] = []
    current: list[Message] = []
    turn, player = state.turn, record.players[state.current]
    for move in record.moves:
        described = rules.texts.describe_move(move, state)
        if described is not None:
            current.append(described)
        state = rules.apply_unchecked(state, move)
        if state.turn != turn or state.is_over:
            lines.append(
                render(
                    _(
                        "Turn {turn}, {player}: {actions}",
                        turn=turn,
                        player=player,
                        actions=series(current),
                    ),
                    language,
                )
            )
            current, turn, player = [], state.turn, record.players[state.current]
    return lines


def _simulate(args: argparse.Namespace) -> int:
    rules: GameRules = args.rules
    agent_names = seats_of(args, rules)
    names = [f"P{i + 1}" for i in range(args.players)]
    catalogue = (
        None
        if args.catalogue is None
        else rules.formats.load_catalogue(args.catalogue, _limits(args))
    )
    base = args.seed
    options = interpretations_from(args)
    agents = [make_agent(name, base * 10 + i, rules) for i, name in enumerate(agent_names)]
    if args.games == 1:
        play = functools.partial(
            play_game, names, agents, base, args.variant, catalogue, options, game=rules
        )
        with game_executor(args.scheduler) as executor:  # a scheduler plays even one game
            game = play() if executor is None else executor.submit(play).result()
        if args.record:
            save_record(game.record, args.record)
        report = rules.final_scores(game.state)
        if args.format == "json":
            data = rules.texts.report_to_json(report, args.lang)
            for player, entry in zip(game.state.players, data["players"], strict=True):
                entry["turns"] = player.turns
            data["seed"] = base
            _print_json(data)
        else:
            print(rules.texts.report_to_text(report, args.lang))
        return 0
    specs = [
        GameSpec(
            base + k,
            tuple(agent_names),
            options,
            args.variant,
            args.catalogue,
            k == 0,
            rules.name,
        )
        for k in range(args.games)
    ]
    announce(len(specs), args.lang)
    with (
        game_executor(args.scheduler) as executor,
        progress_bar(len(specs), args.lang) as progress,
    ):
        games = run_games(specs, executor, args.jobs, progress)
    if args.record and games[0].record is not None:
        save_record(games[0].record, args.record)
    summary = summarise(games, rules)
    if args.format == "json":
        _print_json(summary)
    else:
        print(
            render(
                ngettext(
                    "{n} game, agents by seat: {agents}",
                    "{n} games, agents by seat: {agents}",
                    args.games,
                    agents=all_of([agent_label(name) for name in agent_names]),
                ),
                args.lang,
            )
        )
        for seat, wins in enumerate(summary["wins_per_seat"]):
            print(
                render(
                    ngettext(
                        "  seat {seat} ({agent}): {n} win",
                        "  seat {seat} ({agent}): {n} wins",
                        wins,
                        seat=seat + 1,
                        agent=agent_label(agent_names[seat]),
                    ),
                    args.lang,
                )
            )
        print(render(_("Mean score of a player in a game, by stage:"), args.lang))
        labels = {stage.key: render(stage.label, args.lang) for stage in rules.stages}
        labels["total"] = render(_("Total"), args.lang)
        for key, mean in summary["mean_score_per_stage"].items():
            print(
                render(
                    _("  {stage}: {mean}", stage=labels[key], mean=decimal(mean, args.lang)),
                    args.lang,
                )
            )
    return 0


def summarise(games: Sequence[GameSummary], rules: GameRules) -> dict[str, Any]:
    """Wins per seat (shared wins count for each winner) and mean score per stage."""
    seats = len(games[0].stages)
    wins = [0] * seats
    sums: dict[str, float] = {stage.key: 0.0 for stage in rules.stages}
    sums["total"] = 0.0
    count = 0
    for game in games:
        for seat, stages in enumerate(game.stages):
            if seat in game.winners:
                wins[seat] += 1
            for index, stage in enumerate(rules.stages):
                sums[stage.key] += stages[index]
            sums["total"] += sum(stages)
            count += 1
    return {
        "games": len(games),
        "wins_per_seat": wins,
        "mean_score_per_stage": {key: value / count for key, value in sums.items()},
    }


def _verify(args: argparse.Namespace) -> int:
    record = _load_record(args)
    rules = record.game
    result = replay(record)
    if result.error is not None:
        error = result.error
        move = rules.formats.record_move_to_json(error.move, len(record.players))
        if args.format == "json":
            _print_json(
                {
                    "legal": False,
                    "index": error.index,
                    "move": move,
                    "rule": error.rule,
                    "message": render(error.message, args.lang),
                }
            )
        else:
            print(
                render(
                    _(
                        "Move {index} is illegal: {move} breaks {rule}: {message}",
                        index=error.index + 1,
                        move=json.dumps(move),
                        rule=error.rule,
                        message=error.message,
                    ),
                    args.lang,
                )
            )
        return 1
    count = len(record.moves)
    legal = (
        ngettext("{n} move, and it is legal.", "{n} moves, all legal.", count)
        if count
        else _("No move to check yet.")
    )
    if not result.state.is_over:
        if args.format == "json":
            _print_json({"legal": True, "moves": count, "over": False})
        else:
            print(render(legal, args.lang))
            print(render(_("Every move is legal, but the game is not over."), args.lang))
        return 1
    report = rules.final_scores(result.state)
    if args.format == "json":
        _print_json(
            {
                "legal": True,
                "moves": count,
                "over": True,
                **rules.texts.report_to_json(report, args.lang),
            }
        )
    else:
        print(render(legal, args.lang))
        print(rules.texts.report_to_text(report, args.lang))
    return 0


def _folder(directory: str | Path) -> Path:
    """The folder ``directory``, made if missing; checked first (a library error if not)."""
    return make_folder(directory)


def _rules_target(args: argparse.Namespace) -> Path | None:
    """Where the rules document goes (a file, or a file in a folder), checked first."""
    if not args.output:
        return None
    target = Path(args.output)
    if names_folder(args.output):
        # A folder (a name without an extension is one, made if need be): the document
        # and, for Markdown, its pictures go inside it.
        return check_target(_folder(target) / f"rules.{args.lang}.{args.format}")
    _folder(target.parent)
    return check_target(target)


def _rules(args: argparse.Namespace) -> int:
    rules: GameRules = args.rules
    document = rules.texts.rules_document
    if document is None or args.format not in rules.texts.rules_formats:
        raise UnknownIdError(
            _("{game} has no rules document in this format yet.", game=rules.title)
        )
    target = _rules_target(args)
    catalogue = rules.formats.load_catalogue(args.catalogue, _limits(args))
    text = document(args.lang, args.format, catalogue)
    pictures = rules.texts.rules_pictures
    if target is None:
        if args.format == "md" and pictures is not None:
            # No files beside standard output: the pictures go inside the document.
            text = pictures_inside(text, pictures(args.lang, catalogue))
        sys.stdout.write(text)
        return 0
    write_text(target, text)
    if args.format == "md" and pictures is not None:
        # Markdown refers to its pictures by file name: they go beside it.
        for name, picture in pictures(args.lang, catalogue).items():
            write_text(target.parent / name, picture)
    return 0


DEMO_PLAYERS = ("Amunet", "Bek", "Chione", "Djedi")
DEMO_AGENTS = ("greedy", "random")
"""The agents of the demo's seats, in turn (a game without them plays its first agent)."""


def _demo(args: argparse.Namespace) -> int:
    rules: GameRules = args.rules
    players = DEMO_PLAYERS[: max(n for n in rules.info.players if n <= len(DEMO_PLAYERS))]
    first = next(iter(rules.agents))
    kinds = [name if name in rules.agents else first for name in DEMO_AGENTS]
    seats = [kinds[i % len(kinds)] for i in range(len(players))]
    agents = [make_agent(name, args.seed * 10 + i, rules) for i, name in enumerate(seats)]
    options = interpretations_from(args)
    game = play_game(players, agents, args.seed, interpretations=options, game=rules)
    print(
        render(
            _(
                "A seeded {n}-player game of {game} on the default catalogue (seed {seed}).",
                n=len(players),
                game=rules.title,
                seed=args.seed,
            ),
            args.lang,
        )
    )
    print(render(_seats(players, seats), args.lang))
    print("")
    for line in _turn_log(game.record, args.lang):
        print(line)
    print("")
    print(rules.texts.report_to_text(rules.final_scores(game.state), args.lang))
    if args.svg:
        count = _turn_pictures(game.record, args.svg, args.lang)
        print(
            render(
                ngettext(
                    "{n} picture written to {dir}",
                    "{n} pictures written to {dir}",
                    count,
                    dir=args.svg,
                ),
                args.lang,
            )
        )
    return 0


def _seats(players: Sequence[str], agents: Sequence[str]) -> Message:
    """``Amunet and Chione play the greedy agent; Bek and Djedi the random agent.``"""
    plays = []
    for agent in dict.fromkeys(agents):
        names = all_of([p for p, a in zip(players, agents, strict=True) if a == agent])
        plays.append(_("{players}: {agent}", players=names, agent=agent_label(agent)))
    return _("Who plays: {seats}.", seats=series(plays))


def build_parser(language: Language | str = Language.EN) -> argparse.ArgumentParser:
    """The argument parser, its help texts in ``language``."""

    def t(message: Message) -> str:
        return render(message, language)

    parser = argparse.ArgumentParser(
        prog="fertility-rules",
        description=t(
            _(
                "The rules of the board games {games}: scoring, refereeing, rule texts.",
                games=all_of([info.title for info in GAMES]),
            )
        ),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"%(prog)s {__version__} (rules {RULES_VERSION})",
        help=t(ARGPARSE_WORDS["show program's version number and exit"]),
    )
    parser.add_argument(
        "--max-file-size",
        type=positive_int(t, MAX_LIMITS["max_bytes"]),
        default=DEFAULT_LIMITS.max_bytes,
        metavar="BYTES",
        help=t(
            _(
                "largest input file read, in bytes (default: {default} MiB; at most {most} MiB)",
                default=DEFAULT_LIMITS.max_bytes >> 20,
                most=MAX_LIMITS["max_bytes"] >> 20,
            )
        ),
    )
    _add_lang(parser, t, default=Language.EN.value)
    commands = parser.add_subparsers(dest="command", required=True)

    catalogue = commands.add_parser("catalogue", help=t(_("show or check a component catalogue")))
    catalogue_commands = catalogue.add_subparsers(dest="catalogue_command", required=True)
    show = catalogue_commands.add_parser(
        "show", help=t(_("list the components and their provenance"))
    )
    show.add_argument(
        "file", nargs="?", default=None, help=t(_("catalogue file (default: built-in)"))
    )
    _add_picture_options(show, t, ["text", "svg", "html"])
    _add_game(show, t)
    _add_lang(show, t)
    show.set_defaults(run=_catalogue_show)
    check = catalogue_commands.add_parser("check", help=t(_("validate a catalogue file")))
    check.add_argument("file", help=t(_("catalogue file (TOML or JSON)")))
    _add_game(check, t)
    _add_lang(check, t)
    check.set_defaults(run=_catalogue_check)

    score = commands.add_parser("score", help=t(_("score a final-position file")))
    score.add_argument("file", help=t(_("final-position file (JSON)")))
    score.add_argument("--catalogue", default=None, help=t(_("catalogue file (default: built-in)")))
    _add_format(score, t)
    _add_game(score, t)
    _add_lang(score, t)
    score.set_defaults(run=_score)

    simulate = commands.add_parser("simulate", help=t(_("play games with agents")))
    simulate.add_argument(
        "--seed", type=seed(t), default=0, help=t(_("seed of the setup")) + seeds_note(t)
    )
    add_seats_options(simulate, t, "random")
    simulate.add_argument("--games", type=positive_int(t), default=1, help=t(games_help(1)))
    simulate.add_argument(
        "--record",
        type=output_file(t),
        default=None,
        help=t(_("write the (first) game's record here")),
    )
    simulate.add_argument(
        "--catalogue", default=None, help=t(_("catalogue file (default: built-in)"))
    )
    add_interpretation_option(simulate, t)
    add_jobs_options(simulate, t)
    _add_format(simulate, t)
    _add_game(simulate, t)
    _add_lang(simulate, t)
    simulate.set_defaults(run=_simulate)

    verify = commands.add_parser("verify", help=t(_("replay a game record and check every move")))
    verify.add_argument("file", help=t(_("game record file (JSON)")))
    add_interpretation_option(verify, t)
    _add_format(verify, t)
    _add_game(verify, t)
    _add_lang(verify, t)
    verify.set_defaults(run=_verify)

    demo = commands.add_parser("demo", help=t(_("play and explain a seeded game")))
    demo.add_argument(
        "--seed", type=seed(t), default=2018, help=t(_("seed of the setup")) + seeds_note(t)
    )
    add_interpretation_option(demo, t)
    demo.add_argument(
        "--svg",
        type=output_folder(t),
        default=None,
        metavar="DIR",
        help=t(_("write a picture of each turn here")),
    )
    _add_game(demo, t)
    _add_lang(demo, t)
    demo.set_defaults(run=_demo)

    def format_and_lang(parser: argparse.ArgumentParser) -> None:
        _add_format(parser, t)
        _add_game(parser, t)
        _add_lang(parser, t)

    add_compare(commands, t, format_and_lang)
    add_adjudicate(commands, t, format_and_lang)

    rules = commands.add_parser("rules", help=t(_("write the complete rules document")))
    rules.add_argument(
        "--format", choices=sorted(FORMATS), default="md", help=t(_("output format"))
    )
    rules.add_argument("--catalogue", default=None, help=t(_("catalogue file (default: built-in)")))
    rules.add_argument(
        "--output",
        type=output_file_or_folder(t),
        default=None,
        help=t(
            _(
                "file (with an extension) or folder to write (default: standard output); "
                "Markdown pictures go beside the document, or inside it on standard output"
            )
        )
        + t(_("; a name without an extension is a folder, in which rules.LANG.FORMAT is written")),
    )
    _add_game(rules, t)
    _add_lang(rules, t)
    rules.set_defaults(run=_rules)

    schema_command = commands.add_parser(
        "schema", help=t(_("print the JSON Schema of a file format"))
    )
    schema_command.add_argument(
        "name", help=t(_("file format (game-state, observation, move, game-record...)"))
    )
    _add_game(schema_command, t)
    _add_lang(schema_command, t)
    schema_command.set_defaults(run=_schema)

    show_game = commands.add_parser("show", help=t(_("draw a game record's position")))
    show_game.add_argument("file", help=t(_("game record file (JSON)")))
    show_game.add_argument(
        "--at",
        type=whole_number(t, 0, MAX_MOVES),
        default=None,
        help=t(_("number of moves to play (default: all)")),
    )
    _add_picture_options(show_game, t, ["text", "json", "svg"])
    add_interpretation_option(show_game, t)
    show_game.add_argument(
        "--view",
        action="store_true",
        help=t(_("what every player sees (R-9): no hidden order; with the legal moves")),
    )
    _add_game(show_game, t)
    _add_lang(show_game, t)
    show_game.set_defaults(run=_show)

    serve = commands.add_parser(
        "serve", help=t(_("run a table server: games over HTTP and WebSocket, kept in a database"))
    )
    serve.add_argument(
        "--db",
        type=database(t),
        default="fertility-tables.db",
        help=t(
            _(
                "SQLite file, or a PostgreSQL URL (postgresql://…), keeping the tables "
                "(default: fertility-tables.db in the current folder)"
            )
        ),
    )
    serve.add_argument(
        "--host",
        type=host(t),
        default="127.0.0.1",
        help=t(_("address to listen on (default: 127.0.0.1)")),
    )
    serve.add_argument(
        "--port",
        type=whole_number(t, 0, 65535),
        default=8000,
        help=t(_("port to listen on (default: 8000)")),
    )
    serve.add_argument(
        "--bot-delay",
        type=number(t, 0, 3600, zero=True),
        default=0.5,
        metavar="SECONDS",
        help=t(_("how long a bot waits before it moves, so that people can follow (default: 0.5)")),
    )
    serve.add_argument(
        "--rate",
        type=number(t, 0, 1_000_000),
        default=20.0,
        metavar="REQUESTS",
        help=t(_("requests a second one client address may make on average (default: 20)")),
    )
    serve.add_argument(
        "--tables-per-client",
        type=whole_number(t, 1, 1_000_000),
        default=50,
        metavar="TABLES",
        help=t(_("tables in play one client address may have made at once (default: 50)")),
    )
    serve.add_argument(
        "--frame-rate",
        type=number(t, 0, 1_000_000),
        default=10.0,
        metavar="FRAMES",
        help=t(_("messages a second one WebSocket may send on average (default: 10)")),
    )
    serve.add_argument(
        "--header-timeout",
        type=number(t, 0, 3600),
        default=10.0,
        metavar="SECONDS",
        help=t(
            _(
                "seconds a client has to send a request's line and headers before the "
                "connection is closed (default: 10)"
            )
        ),
    )
    serve.add_argument(
        "--log-level",
        choices=["debug", "info", "warning", "error"],
        default="info",
        help=t(_("what the log on standard error tells (it never holds a token)")),
    )
    _add_lang(serve, t)
    serve.set_defaults(run=_serve)

    readings = commands.add_parser(
        "interpretations", help=t(_("list the interpretation switches and settled readings"))
    )
    readings.add_argument(
        "--format", choices=["text", "json"], default="text", help=t(_("output format"))
    )
    _add_game(readings, t)
    _add_lang(readings, t)
    readings.set_defaults(run=_interpretations)
    for command in [*commands.choices.values(), *catalogue_commands.choices.values()]:
        command.set_defaults(parser=command)  # the parser that refuses its arguments
    return parser


def _serve(args: argparse.Namespace) -> int:
    """``serve``: needs the ``server`` extra, imported only here."""
    try:
        import starlette  # noqa: F401 - the server extra, imported by the server when it starts
        import uvicorn  # noqa: F401

        from fertility_rules.server.config import ServerConfig
        from fertility_rules.server.run import serve

        if args.db.startswith(tuple(f"{scheme}://" for scheme in DATABASE_SCHEMES)):
            import psycopg  # noqa: F401 - the postgres extra, needed for such a database
    except ImportError as missing:
        raise FertilityError(
            _(
                "The server needs the 'server' extra, and the 'postgres' extra for a "
                "PostgreSQL database ({module} is missing): "
                "pip install 'fertility_rules[server,postgres]'.",
                module=missing.name or "?",
            )
        ) from None
    config = ServerConfig(
        bot_delay=max(0.0, args.bot_delay),
        requests_per_second=args.rate,
        request_burst=max(1, round(3 * args.rate)),
        tables_per_client=args.tables_per_client,
        frames_per_second=args.frame_rate,
        frame_burst=max(1, round(3 * args.frame_rate)),
        header_seconds=args.header_timeout,
    )
    serve(args.db, args.host, args.port, config, args.log_level)
    return 0


def _interpretations(args: argparse.Namespace) -> int:
    """Every id of the specification by kind; a switch with its values and default."""
    rules: GameRules = args.rules
    lang, defaults = args.lang, rules.new_interpretations()
    entries: dict[str, list[dict[str, Any]]] = {kind.value: [] for kind in InterpretationKind}
    for info in rules.interpretations:
        entry: dict[str, Any] = {"id": info.id, "title": render(info.title, lang)}
        if info.field is not None:
            default = getattr(defaults, info.field)
            entry["name"] = info.field
            entry["values"] = [
                {"value": v.value, "label": render(rules.option_labels[v], lang)}
                for v in type(default)
            ]
            entry["default"] = default.value
        if info.reason is not None:
            entry["reason"] = render(info.reason, lang)
        entry["rules"] = list(info.rules)
        entry["sources"] = [render(source, lang) for source in info.sources]
        entries[info.kind.value].append(entry)
    if args.format == "json":
        _print_json(entries)
        return 0
    for kind, heading in KIND_LABELS.items():
        print(render(heading, lang))
        for info in (i for i in rules.interpretations if i.kind is kind):
            print(f"  {info.id} {render(info.title, lang)}")
            for note in interpretation_notes(info, rules):
                print(f"    {render(note, lang)}")
            if info.field is None:
                continue
            values = [str(v.value) for v in type(getattr(defaults, info.field))]
            if len(values) > 1:  # Fertility's I-14 is set through the catalogue
                print(f"    --interpretation {info.field}={'|'.join(values)}")
    return 0


def _add_picture_options(
    parser: argparse.ArgumentParser, t: Callable[[Message], str], formats: list[str]
) -> None:
    parser.add_argument("--format", choices=formats, default=formats[0], help=t(_("output format")))
    parser.add_argument(
        "--output",
        type=output_file(t),
        default=None,
        help=t(_("file to write (default: standard output)")),
    )


def _requested_language(argv: Sequence[str]) -> str:
    """The ``--lang`` value, read before parsing so that help texts are translated too."""
    for index, arg in enumerate(argv):
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
    return Language.EN.value


def _unencodable_escaped() -> None:
    """Text the terminal cannot encode (a file name that is not UTF-8) is printed escaped
    rather than failing the command."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None, games: Sequence[GameInfo] | None = None) -> int:
    """Run the command of ``argv`` on one of ``games`` (by default every game known,
    :func:`~fertility_rules.games.known_games`)."""
    _unencodable_escaped()
    arguments = list(sys.argv[1:] if argv is None else argv)
    requested = _requested_language(arguments)
    language = requested if requested in LANGUAGES else Language.EN.value
    with _standard_output():
        try:
            return _main(arguments, games, language)
        except KeyboardInterrupt:  # Ctrl-C: the workers are stopped (lab.runner); one line
            print(render(_("Interrupted."), language), file=sys.stderr)
            return 130
        except _OutputError as failed:
            if failed.reason is None:  # the reader stopped early (``| head``): not an error
                return 0
            failure = _("cannot write standard output: {error}", error=failed.reason)
            print(render(failure, language), file=sys.stderr)
            return 1


def _main(arguments: list[str], games: Sequence[GameInfo] | None, language: str) -> int:
    try:
        with argparse_language(language):
            args = build_parser(language).parse_args(arguments)
    except SystemExit:  # the help, the version or a usage error: written out now
        sys.stdout.flush()
        raise
    language = getattr(args, "lang", language)
    args.known_games = known_games() if games is None else tuple(games)
    try:
        code = _run(args, language)
        sys.stdout.flush()
    except (KeyboardInterrupt, _OutputError):
        raise
    except Exception as error:  # a bug of ours: one line, never a traceback
        print(_internal_error(error, language), file=sys.stderr)
        return 2
    return code


class _OutputError(Exception):
    """Standard output could not be written: ``reason`` says why (``None``: the reader
    closed the pipe)."""

    def __init__(self, reason: Message | None) -> None:
        super().__init__()
        self.reason = reason


class _Output(io.RawIOBase):
    """The process's standard output, whose first failed write (a full disk, a closed
    pipe) stops the command with :class:`_OutputError`; what follows is dropped, so that
    nothing more is said of it when the program exits."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self.failed = False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        size = len(memoryview(data))
        if self.failed:
            return size
        try:
            return os.write(self._fd, data)
        except OSError as error:
            self.failed = True
            reason = None if isinstance(error, BrokenPipeError) else os_reason(error)
            raise _OutputError(reason) from None


@contextlib.contextmanager
def _standard_output() -> Iterator[None]:
    """Within the block, the process's standard output (not one a caller put in its
    place) is written through :class:`_Output`."""
    stream = sys.stdout
    if stream is not sys.__stdout__ or not isinstance(stream, io.TextIOWrapper):
        yield
        return
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # no file behind it
        yield
        return
    stream.flush()
    guarded = io.TextIOWrapper(
        io.BufferedWriter(_Output(fd)),
        encoding=stream.encoding,
        errors=stream.errors,
        line_buffering=stream.line_buffering,
    )
    sys.stdout = guarded
    try:
        yield
    finally:
        sys.stdout = stream
        with contextlib.suppress(_OutputError, OSError, ValueError):
            guarded.flush()
        guarded.detach()


def _game(args: argparse.Namespace) -> None:
    """The game of ``--game`` as ``args.rules``; a switch value it does not have is refused
    as argparse refuses an argument (exit status 2)."""
    with argument("--game"):
        args.rules = find_game(
            args.known_games[0].name if args.game is None else args.game, args.known_games
        )
    problem = check_interpretations(args, args.rules)
    if problem is not None:
        raise problem


def _check_arguments(args: argparse.Namespace) -> None:
    """The arguments that are wrong together: refused before any work (exit status 2)."""
    games = getattr(args, "games", None)
    if games is not None:  # the games take the seeds from --seed on, one each
        first = args.seed
        last = first + games - 1
        if last > MAX_SEED:
            raise ArgumentError(
                "--seed",
                ngettext(
                    "the {n} game takes the seeds {first} to {last}, past the largest "
                    "seed {largest}: a smaller --seed or fewer --games, please",
                    "the {n} games take the seeds {first} to {last}, past the largest "
                    "seed {largest}: a smaller --seed or fewer --games, please",
                    games,
                    first=str(first),
                    last=str(last),
                    largest=str(MAX_SEED),
                ),
            )
        if first < 0 < last:
            raise ArgumentError(
                "--seed",
                _(
                    "the games take the seeds {first} to {last}, and a seed deals the same "
                    "setup as its negative (1 and -1...): the games would be repeated; give "
                    "seeds on one side of 0",
                    first=str(first),
                    last=str(last),
                ),
            )
    _output_format(args)
    for option, other in _CONFLICTS.get(args.command, ()):
        if getattr(args, option) not in (None, False, []) and getattr(args, other):
            raise ArgumentError(
                _option(option),
                _(
                    "{option} and {other} do not go together: give one of them",
                    option=_option(option),
                    other=_option(other),
                ),
            )


def _output_format(args: argparse.Namespace) -> None:
    """``rules``: a file named with an extension is written in the format it names."""
    output = getattr(args, "output", None)
    if args.command != "rules" or not output or names_folder(output):
        return
    extension = PurePath(output).suffix[1:]
    if extension.lower() != args.format:
        raise ArgumentError(
            "--output",
            _(
                "{file} names a .{extension} file, and --format is {format}: give "
                "--format {extension}, or a file name ending with .{format}",
                file=echo(output),
                extension=extension,
                format=args.format,
            ),
        )


_CONFLICTS: dict[str, tuple[tuple[str, str], ...]] = {
    "adjudicate": (("move", "all_moves"),),
    "compare": (("reading", "vary"),),
}
"""The options of a command that cannot be given together (by their ``dest``)."""


def _option(dest: str) -> str:
    return "--" + dest.replace("_", "-")


def _refuse_argument(args: argparse.Namespace, error: ArgumentError, language: str) -> None:
    """``error`` told as argparse tells a wrong argument: the usage, then the argument and
    what is wrong with it; exit status 2."""
    text = render(ARGPARSE_WORDS["argument %(argument_name)s: %(message)s"], language) % {
        "argument_name": error.option,
        "message": render(error.reason, language),
    }
    with argparse_language(language):
        args.parser.error(text)


def _run(args: argparse.Namespace, language: str) -> int:
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        _check_arguments(args)
        if hasattr(args, "game"):
            _game(args)
        return run(args)
    except ArgumentError as error:
        _refuse_argument(args, error, language)
        raise  # pragma: no cover - argparse's error exits
    except FertilityError as failure:
        told = _with_game_hint(failure)
        if getattr(args, "format", None) == "json":
            print(json.dumps(dump_error(told, language), ensure_ascii=False), file=sys.stderr)
        else:
            print(told.render(language), file=sys.stderr)
        return 1


def _with_game_hint(error: FertilityError) -> FertilityError:
    """A file of another game's format of the same kind (an Ankh'or catalogue read as
    Fertility's): the error says which ``--game`` reads it."""
    if not isinstance(error, OtherFormatError) or error.game is None:
        return error
    first = error.problems[0]
    hint = _("{text}: give --game {name} to read it", text=first.message, name=error.game)
    return MalformedInputError([Problem(first.path, hint)], error.source)


def _internal_error(error: Exception, language: str) -> str:
    try:
        detail = " ".join(str(error).split())[:200]
    except Exception:  # even the error's text may fail (a huge integer)
        detail = "?"
    return render(
        _(
            "internal error ({kind}: {detail}); please report it with the command and file",
            kind=type(error).__name__,
            detail=detail,
        ),
        language,
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
