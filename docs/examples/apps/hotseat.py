"""Hot-seat Fertility in a terminal: players take turns at one keyboard.

Run: ``python hotseat.py Amunet Bek --seed 7 --lang fr``. At each decision what every
player sees (the view, R-9) and the grouped choices are shown; type a move in notation
(``place V23 a6 b6``), ``undo``, ``save FILE`` or ``quit``. ``--computer Bek`` lets an
agent (``--agent``, default ``lookahead``) play Bek from the same view.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

import fertility_rules as fr


def show(view: fr.Observation, lang: str, out: TextIO) -> None:
    print(fr.fertility.summary(view, lang), file=out)
    for group in fr.choices(view):
        show_choices(group, lang, out, "  ")


def show_choices(item: fr.ChoiceGroup | fr.Choice, lang: str, out: TextIO, indent: str) -> None:
    """A group's title, then what it holds one step further in (tile, squares, ways round)."""
    if isinstance(item, fr.Choice):
        print(f"{indent}{item.notation:<22} {fr.render(item.description, lang)}", file=out)
        return
    print(indent + fr.render(item.title, lang), file=out)
    for child in item.items:
        show_choices(child, lang, out, indent + "  ")


def play(game: fr.Game, line: str, lang: str, out: TextIO) -> fr.Game:
    """The game after one line of input; errors are printed, the game kept."""
    command, _, rest = line.strip().partition(" ")
    try:
        if command == "undo":
            return game.undo()
        if command == "save":
            fr.save_record(game.record, rest.strip())
            return game
        return game.play(fr.parse_move(line, game.state))
    except fr.FertilityError as error:
        print(error.render(lang), file=out)
        return game


def main(argv: list[str] | None = None, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("players", nargs="+")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--computer", action="append", default=[], metavar="NAME")
    parser.add_argument("--agent", default="lookahead", choices=sorted(fr.fertility.AGENTS))
    args = parser.parse_args(argv)
    unknown = set(args.computer) - set(args.players)
    if unknown:
        parser.error(f"--computer names no player: {', '.join(sorted(unknown))}")
    bots = {name: fr.make_agent(args.agent, seat) for seat, name in enumerate(args.computer)}
    game = fr.Game.new(args.players, seed=args.seed)
    while not game.state.is_over:
        view = fr.observe(game.state)  # all a player, or an agent, may see
        bot = bots.get(view.player.name)
        if bot is not None:
            move = bot.choose(view, fr.legal_moves(view))
            print(f"{view.player.name}: {fr.format_move(move, view)}", file=out)
            game = game.play(move)
            continue
        show(view, args.lang, out)
        line = stdin.readline()
        if not line or line.strip() == "quit":
            return 1
        game = play(game, line, args.lang, out)
    print(fr.report_to_text(fr.final_scores(game.state), args.lang), file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
