"""The ``fertility-rules`` command: a thin layer over the library."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from attrs import evolve

from fertility_rules import svg
from fertility_rules._version import RULES_VERSION, __version__
from fertility_rules.agents.simulate import (
    agent_label,
    agents_by_seat,
    agents_help,
    make_agent,
    play_game,
)
from fertility_rules.catalogue.describe import describe_catalogue
from fertility_rules.catalogue.loader import load_catalogue
from fertility_rules.cli_types import (
    MAX_MOVES,
    output_file,
    output_folder,
    positive_int,
    seed,
    whole_number,
)
from fertility_rules.document import FORMATS, rules_document
from fertility_rules.document.rules_document import interpretation_notes, rules_pictures
from fertility_rules.effects.base import Stage
from fertility_rules.errors import FertilityError, MalformedInputError, Problem
from fertility_rules.formats.documents import read_document
from fertility_rules.formats.errors_json import dump_error
from fertility_rules.formats.files import check_folder, check_target, write_text
from fertility_rules.formats.final_position import FINAL_POSITION_FORMAT, read_final_position
from fertility_rules.formats.limits import DEFAULT_LIMITS, MAX_LIMITS, Limits
from fertility_rules.formats.moves import move_to_json
from fertility_rules.formats.record import GAME_RECORD_FORMAT, load_record, save_record
from fertility_rules.formats.schema import SCHEMA_NAMES, schema
from fertility_rules.formats.state import dump_observation, dump_state
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import all_of, series
from fertility_rules.i18n.message import Message, _, ngettext
from fertility_rules.i18n.numbers import decimal
from fertility_rules.i18n.translate import render
from fertility_rules.lab.adjudicate import position_at
from fertility_rules.lab.commands import (
    add_adjudicate,
    add_compare,
    add_interpretation_option,
    add_jobs_options,
    game_executor,
    interpretations_from,
    progress_bar,
)
from fertility_rules.lab.runner import GameSpec, GameSummary, run_games
from fertility_rules.play.choices import summary
from fertility_rules.play.views import observe
from fertility_rules.records.game_record import GameRecord, replay
from fertility_rules.rules.describe import describe_move
from fertility_rules.rules.engine import apply_unchecked, final_scores
from fertility_rules.rules.interpretations import (
    INTERPRETATION_INFO,
    KIND_LABELS,
    OPTION_LABELS,
    InterpretationKind,
    Interpretations,
)
from fertility_rules.rules.moves import EndSupplying, Move, SkipBuilding
from fertility_rules.rules.state import GameState
from fertility_rules.scoring.pipeline import score_position
from fertility_rules.scoring.render import report_to_json, report_to_text
from fertility_rules.svg.catalogue import catalogue_page, catalogue_sheet
from fertility_rules.text_board import text_board

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


def _add_format(parser: argparse.ArgumentParser, t: Callable[[Message], str]) -> None:
    parser.add_argument(
        "--format", choices=["text", "json"], default="text", help=t(_("output format"))
    )


def _limits(args: argparse.Namespace) -> Limits:
    return Limits(max_bytes=args.max_file_size)


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _catalogue_show(args: argparse.Namespace) -> int:
    catalogue = load_catalogue(args.file, limits=_limits(args))
    if args.format == "svg":
        _emit(catalogue_sheet(catalogue, lang=args.lang), args.output)
    elif args.format == "html":
        _emit(catalogue_page(catalogue, lang=args.lang), args.output)
    else:
        _emit(describe_catalogue(catalogue, args.lang) + "\n", args.output)
    return 0


def _emit(text: str, output: str | None) -> None:
    """Write ``text`` to the file ``output`` (whole, or not at all), or to standard output."""
    if output:
        write_text(output, text)
    else:
        sys.stdout.write(text)


def _state_at(record: GameRecord, at: int | None) -> tuple[GameState, Move | None]:
    """The state after the first ``at`` moves (all by default) and the last move played."""
    count = len(record.moves) if at is None else at
    return position_at(record, count), record.moves[count - 1] if count else None


def _schema(args: argparse.Namespace) -> int:
    _print_json(schema(args.name))
    return 0


def _show(args: argparse.Namespace) -> int:
    record = load_record(args.file, limits=_limits(args))
    if args.interpretation:
        record = evolve(record, interpretations=interpretations_from(args))
    state, last = _state_at(record, args.at)
    if args.format == "json":
        data = dump_observation(state, moves=True) if args.view else dump_state(state)
        _emit(json.dumps(data, indent=1, ensure_ascii=False) + "\n", args.output)
    elif args.format == "svg":
        shown = observe(state) if args.view else state
        _emit(svg.table(shown, last_move=last, lang=args.lang), args.output)
    elif args.view:
        _emit(summary(state, args.lang) + "\n", args.output)
    else:
        _emit(
            _status(state, args.lang) + "\n\n" + text_board(state, last_move=last, lang=args.lang),
            args.output,
        )
    return 0


def _status(state: GameState, language: str) -> str:
    if state.is_over:
        return render(_("Turn {turn}: the game is over", turn=state.turn), language)
    return render(
        _(
            "Turn {turn} · {player}: {phase}",
            turn=state.turn,
            player=state.player.name,
            phase=state.phase.label,
        ),
        language,
    )


def _turn_pictures(record: GameRecord, directory: str, language: str) -> int:
    """One picture of the table at the start and after each turn; returns how many."""
    folder = _folder(directory)
    state = record.initial_state()
    write_text(folder / "turn-000.svg", svg.table(state, lang=language))
    written = 1
    touched: list[int] = []  # squares the turn's moves laid a tile or a Monument on
    for move in record.moves:
        turn = state.turn
        state = apply_unchecked(state, move)
        touched.extend(svg.move_squares(move))
        if state.turn != turn or state.is_over:
            picture = svg.table(state, last_move=touched, lang=language)
            write_text(folder / f"turn-{turn:03d}.svg", picture)
            written += 1
            touched = []
    return written


def _catalogue_check(args: argparse.Namespace) -> int:
    catalogue = load_catalogue(args.file, limits=_limits(args))
    print(
        render(
            _(
                "{file}: valid catalogue {name!r} ({districts} Districts, {tiles} Valley tiles).",
                file=args.file,
                name=catalogue.name,
                districts=len(catalogue.districts),
                tiles=len(catalogue.valley_tiles),
            ),
            args.lang,
        )
    )
    return 0


def _score(args: argparse.Namespace) -> int:
    catalogue = load_catalogue(args.catalogue, limits=_limits(args))
    data = read_document(args.file, _limits(args))
    if isinstance(data, dict) and data.get("format") == GAME_RECORD_FORMAT:
        hint = _(
            "this is a game record, not a final position: fertility-rules verify {file} "
            "replays it and prints its score sheets",
            file=args.file,
        )
        raise MalformedInputError([Problem("$.format", hint)], args.file, FINAL_POSITION_FORMAT)
    position = read_final_position(data, args.file, catalogue)
    report = score_position(position, catalogue.registry)
    if args.format == "json":
        _print_json(report_to_json(report, args.lang))
    else:
        print(report_to_text(report, args.lang))
    return 0


def _turn_log(record: GameRecord, language: str) -> list[str]:
    """One line per turn: who played and what they did."""
    state = record.initial_state()
    lines: list[str] = []
    current: list[Message] = []
    turn, player = state.turn, state.player.name
    for move in record.moves:
        if not isinstance(move, SkipBuilding | EndSupplying):
            current.append(describe_move(move, record.width))
        state = apply_unchecked(state, move)
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
            current, turn, player = [], state.turn, state.player.name
    return lines


def _simulate(args: argparse.Namespace) -> int:
    names = [f"P{i + 1}" for i in range(args.players)]
    agent_names = agents_by_seat(args.agents, args.players)
    catalogue = (
        None if args.catalogue is None else load_catalogue(args.catalogue, limits=_limits(args))
    )
    base = args.seed if args.seed is not None else 0
    options = interpretations_from(args)
    if args.games == 1:
        agents = [make_agent(name, base * 10 + i) for i, name in enumerate(agent_names)]
        game = play_game(names, agents, base, args.variant, catalogue, options)
        if args.record:
            save_record(game.record, args.record)
        report = final_scores(game.state)
        if args.format == "json":
            data = report_to_json(report, args.lang)
            for player, entry in zip(game.state.players, data["players"], strict=True):
                entry["turns"] = player.turns
            data["seed"] = base
            _print_json(data)
        else:
            print(report_to_text(report, args.lang))
        return 0
    specs = [
        GameSpec(base + k, tuple(agent_names), options, args.variant, args.catalogue, k == 0)
        for k in range(args.games)
    ]
    with (
        game_executor(args.scheduler) as executor,
        progress_bar(len(specs), args.lang) as progress,
    ):
        games = run_games(specs, executor, args.jobs, progress)
    if args.record and games[0].record is not None:
        save_record(games[0].record, args.record)
    summary = summarise(games)
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
        labels = {stage.key: render(stage.label, args.lang) for stage in Stage}
        labels["total"] = render(_("Total"), args.lang)
        for key, mean in summary["mean_score_per_stage"].items():
            print(
                render(
                    _("  {stage}: {mean}", stage=labels[key], mean=decimal(mean, args.lang)),
                    args.lang,
                )
            )
    return 0


def summarise(games: Sequence[GameSummary]) -> dict[str, Any]:
    """Wins per seat (shared wins count for each winner) and mean score per stage."""
    seats = len(games[0].stages)
    wins = [0] * seats
    sums: dict[str, float] = {stage.key: 0.0 for stage in Stage}
    sums["total"] = 0.0
    count = 0
    for game in games:
        for seat, stages in enumerate(game.stages):
            if seat in game.winners:
                wins[seat] += 1
            for stage in Stage:
                sums[stage.key] += stages[stage - 1]
            sums["total"] += sum(stages)
            count += 1
    return {
        "games": len(games),
        "wins_per_seat": wins,
        "mean_score_per_stage": {key: value / count for key, value in sums.items()},
    }


def _verify(args: argparse.Namespace) -> int:
    record = load_record(args.file, limits=_limits(args))
    if args.interpretation:
        record = evolve(record, interpretations=interpretations_from(args))
    result = replay(record)
    if result.error is not None:
        error = result.error
        move = move_to_json(error.move, record.width)
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
    report = final_scores(result.state)
    if args.format == "json":
        _print_json(
            {"legal": True, "moves": count, "over": True, **report_to_json(report, args.lang)}
        )
    else:
        print(render(legal, args.lang))
        print(report_to_text(report, args.lang))
    return 0


def _folder(directory: str | Path) -> Path:
    """The folder ``directory``, made if missing; checked first (a library error if not)."""
    folder = check_folder(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise MalformedInputError.single(
            "$",
            _("cannot write the file: {error}", error=error.strerror or str(error)),
            source=str(directory),
        ) from None
    return folder


def _rules_target(args: argparse.Namespace) -> Path | None:
    """Where the rules document goes (a file, or a file in a folder), checked first."""
    if not args.output:
        return None
    target = Path(args.output)
    if target.is_dir() or args.output.endswith(("/", os.sep)) or not target.suffix:
        # A folder (a name without an extension is one, made if need be): the document
        # and, for Markdown, its pictures go inside it.
        return check_target(_folder(target) / f"rules.{args.lang}.{args.format}")
    _folder(target.parent)
    return check_target(target)


def _rules(args: argparse.Namespace) -> int:
    target = _rules_target(args)
    catalogue = load_catalogue(args.catalogue, limits=_limits(args))
    text = rules_document(args.lang, args.format, catalogue)
    if target is None:
        sys.stdout.write(text)
        return 0
    write_text(target, text)
    if args.format == "md":
        # Markdown refers to its pictures by file name: they go beside it.
        for name, svg in rules_pictures(args.lang, catalogue).items():
            write_text(target.parent / name, svg)
    return 0


DEMO_PLAYERS = ("Amunet", "Bek", "Chione", "Djedi")


DEMO_AGENTS = ("greedy", "random", "greedy", "random")
"""The agent of each seat of the demo game."""


def _demo(args: argparse.Namespace) -> int:
    agents = [make_agent(name, args.seed * 10 + i) for i, name in enumerate(DEMO_AGENTS)]
    game = play_game(DEMO_PLAYERS, agents, args.seed, interpretations=interpretations_from(args))
    print(
        render(
            _("A seeded 4-player game on the default catalogue (seed {seed}).", seed=args.seed),
            args.lang,
        )
    )
    print(render(_seats(DEMO_PLAYERS, DEMO_AGENTS), args.lang))
    print("")
    for line in _turn_log(game.record, args.lang):
        print(line)
    print("")
    print(report_to_text(final_scores(game.state), args.lang))
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
        description=t(_("The rules of the board game Fertility: scoring, refereeing, rule texts.")),
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__} (rules {RULES_VERSION})"
    )
    parser.add_argument(
        "--max-file-size",
        type=positive_int(t, MAX_LIMITS["max_bytes"]),
        default=DEFAULT_LIMITS.max_bytes,
        metavar="BYTES",
        help=t(_("largest input file read, in bytes (default: 16 MiB)")),
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
    _add_lang(show, t)
    show.set_defaults(run=_catalogue_show)
    check = catalogue_commands.add_parser("check", help=t(_("validate a catalogue file")))
    check.add_argument("file", help=t(_("catalogue file (TOML or JSON)")))
    _add_lang(check, t)
    check.set_defaults(run=_catalogue_check)

    score = commands.add_parser("score", help=t(_("score a final-position file")))
    score.add_argument("file", help=t(_("final-position file (JSON)")))
    score.add_argument("--catalogue", default=None, help=t(_("catalogue file (default: built-in)")))
    _add_format(score, t)
    _add_lang(score, t)
    score.set_defaults(run=_score)

    simulate = commands.add_parser("simulate", help=t(_("play games with agents")))
    simulate.add_argument(
        "--players", type=int, choices=[2, 3, 4], default=4, help=t(_("number of players"))
    )
    simulate.add_argument("--seed", type=seed(t), default=None, help=t(_("seed of the setup")))
    simulate.add_argument("--variant", action="store_true", help=t(_("2-player variant (R-8)")))
    simulate.add_argument("--agents", default="random", help=t(agents_help()))
    simulate.add_argument("--games", type=positive_int(t), default=1, help=t(_("number of games")))
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
    _add_lang(simulate, t)
    simulate.set_defaults(run=_simulate)

    verify = commands.add_parser("verify", help=t(_("replay a game record and check every move")))
    verify.add_argument("file", help=t(_("game record file (JSON)")))
    add_interpretation_option(verify, t)
    _add_format(verify, t)
    _add_lang(verify, t)
    verify.set_defaults(run=_verify)

    demo = commands.add_parser("demo", help=t(_("play and explain a seeded 4-player game")))
    demo.add_argument("--seed", type=seed(t), default=2018, help=t(_("seed of the setup")))
    add_interpretation_option(demo, t)
    demo.add_argument(
        "--svg",
        type=output_folder(t),
        default=None,
        metavar="DIR",
        help=t(_("write a picture of each turn here")),
    )
    _add_lang(demo, t)
    demo.set_defaults(run=_demo)

    def format_and_lang(parser: argparse.ArgumentParser) -> None:
        _add_format(parser, t)
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
        default=None,
        help=t(
            _(
                "file (with an extension) or folder to write (default: standard output); "
                "Markdown pictures go beside the document"
            )
        ),
    )
    _add_lang(rules, t)
    rules.set_defaults(run=_rules)

    schema_command = commands.add_parser(
        "schema", help=t(_("print the JSON Schema of a file format"))
    )
    schema_command.add_argument("name", choices=SCHEMA_NAMES, help=t(_("file format")))
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
    _add_lang(show_game, t)
    show_game.set_defaults(run=_show)

    readings = commands.add_parser(
        "interpretations", help=t(_("list the interpretation switches and settled readings"))
    )
    readings.add_argument(
        "--format", choices=["text", "json"], default="text", help=t(_("output format"))
    )
    _add_lang(readings, t)
    readings.set_defaults(run=_interpretations)
    return parser


def _interpretations(args: argparse.Namespace) -> int:
    """Every id of the specification by kind; a switch with its values and default."""
    lang, defaults = args.lang, Interpretations()
    entries: dict[str, list[dict[str, Any]]] = {kind.value: [] for kind in InterpretationKind}
    for info in INTERPRETATION_INFO:
        entry: dict[str, Any] = {"id": info.id, "title": render(info.title, lang)}
        if info.field is not None:
            default = getattr(defaults, info.field)
            entry["name"] = info.field
            entry["values"] = [
                {"value": v.value, "label": render(OPTION_LABELS[v], lang)} for v in type(default)
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
        for info in (i for i in INTERPRETATION_INFO if i.kind is kind):
            print(f"  {info.id} {render(info.title, lang)}")
            for note in interpretation_notes(info):
                print(f"    {render(note, lang)}")
            if info.field is None:
                continue
            values = [str(v.value) for v in type(getattr(defaults, info.field))]
            if len(values) > 1:  # I-14 is set through the catalogue
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


def main(argv: Sequence[str] | None = None) -> int:
    _unencodable_escaped()
    arguments = list(sys.argv[1:] if argv is None else argv)
    requested = _requested_language(arguments)
    language = requested if requested in LANGUAGES else Language.EN.value
    with argparse_language(language):
        args = build_parser(language).parse_args(arguments)
    language = getattr(args, "lang", language)
    try:
        return _run(args, language)
    except Exception as error:  # a bug of ours: one line, never a traceback
        print(_internal_error(error, language), file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, language: str) -> int:
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except FertilityError as error:
        if getattr(args, "format", None) == "json":
            print(json.dumps(dump_error(error, language), ensure_ascii=False), file=sys.stderr)
        else:
            print(error.render(language), file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader stopped early (``| head``): not an error of ours.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


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
