"""The ``fertility-rules`` command: a thin layer over the library."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence

from fertility_rules._version import RULES_VERSION, __version__
from fertility_rules.catalogue.describe import describe_catalogue
from fertility_rules.catalogue.loader import load_catalogue
from fertility_rules.errors import FertilityError
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _
from fertility_rules.i18n.translate import render
from fertility_rules.records.final_position import load_final_position
from fertility_rules.scoring.pipeline import score_position
from fertility_rules.scoring.render import report_to_json, report_to_text

__all__ = ["main"]

LANGUAGES = [lang.value for lang in Language]


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang", choices=LANGUAGES, default="en", help="language of the output (default: en)"
    )


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=["text", "json"], default="text")


def _print_json(data: object) -> None:
    print(json.dumps(data, indent=2, ensure_ascii=False))


def _catalogue_show(args: argparse.Namespace) -> int:
    catalogue = load_catalogue(args.file)
    print(describe_catalogue(catalogue, args.lang))
    return 0


def _catalogue_check(args: argparse.Namespace) -> int:
    catalogue = load_catalogue(args.file)
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
    catalogue = load_catalogue(args.catalogue)
    position = load_final_position(args.file, catalogue)
    report = score_position(position)
    if args.format == "json":
        _print_json(report_to_json(report, args.lang))
    else:
        print(report_to_text(report, args.lang))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fertility-rules",
        description="The rules of the board game Fertility: scoring, refereeing, rule texts.",
    )
    parser.add_argument(
        "--version", action="version", version=f"%(prog)s {__version__} (rules {RULES_VERSION})"
    )
    commands = parser.add_subparsers(dest="command", required=True)

    catalogue = commands.add_parser("catalogue", help="show or check a component catalogue")
    catalogue_commands = catalogue.add_subparsers(dest="catalogue_command", required=True)
    show = catalogue_commands.add_parser("show", help="list the components and their provenance")
    show.add_argument("file", nargs="?", default=None, help="catalogue file (default: built-in)")
    _add_lang(show)
    show.set_defaults(run=_catalogue_show)
    check = catalogue_commands.add_parser("check", help="validate a catalogue file")
    check.add_argument("file")
    _add_lang(check)
    check.set_defaults(run=_catalogue_check)

    score = commands.add_parser("score", help="score a final-position file")
    score.add_argument("file")
    score.add_argument("--catalogue", default=None, help="catalogue file (default: built-in)")
    _add_format(score)
    _add_lang(score)
    score.set_defaults(run=_score)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    run: Callable[[argparse.Namespace], int] = args.run
    try:
        return run(args)
    except FertilityError as error:
        print(error.render(getattr(args, "lang", "en")), file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
