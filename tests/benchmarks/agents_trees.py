"""Two source trees of the package side by side in one interpreter, run by hand::

    python tests/benchmarks/agents_trees.py BEFORE_TREE AFTER_TREE [--rounds 7] [--count 6]

Each tree's modules are imported once and swapped into ``sys.modules`` in turn, so both
run in the same process. First, every built-in agent of every game plays the same
seeded games in both trees, and their moves and written records must be the same.
Then the same searched decisions (positions of games of the look-ahead agent) are
decided in both trees, round after round, the order of the trees alternating; each
decision by a fresh agent, the search's process-wide caches emptied before it, timed in
CPU time (``time.process_time``). A tree's figure is its best round; the decisions must
be the same in both trees. The script uses only names both trees have.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from types import ModuleType
from typing import Any

PACKAGE = "fertility_rules"

MODULES = (
    "fertility_rules",
    "fertility_rules.agents.simulate",
    "fertility_rules.agents.ismcts",
    "fertility_rules.records.format",
    "fertility_rules.fertility.game",
    "fertility_rules.fertility.search",
    "fertility_rules.fertility.agents.lookahead",
    "fertility_rules.ankhor.game",
    "fertility_rules.ankhor.search",
)
"""Imported ahead in each tree: everything a game of agents or a search reaches."""

GAMES: dict[str, tuple[tuple[tuple[str, ...], int], ...]] = {
    "fertility": (
        (("random", "random"), 1),
        (("random", "random", "random"), 2),
        (("greedy", "greedy"), 3),
        (("greedy", "greedy", "greedy", "greedy"), 4),
        (("lookahead", "lookahead"), 5),
        (("lookahead", "lookahead", "lookahead"), 6),
        (("calibrated", "calibrated"), 7),
        (("calibrated", "lookahead", "greedy"), 8),
        (("ismcts", "lookahead"), 9),
        (("ismcts:iterations=6", "calibrated", "greedy"), 10),
    ),
    "ankhor": (
        (("random", "random"), 1),
        (("random", "random", "random"), 2),
        (("greedy", "greedy"), 3),
        (("greedy", "greedy", "greedy", "greedy"), 4),
        (("lookahead", "lookahead"), 5),
        (("lookahead", "greedy", "lookahead"), 6),
        (("ismcts", "lookahead"), 9),
        (("ismcts:iterations=6", "lookahead", "greedy"), 10),
    ),
}
"""The games played in both trees: each seat's agent, and the seed."""

Tree = dict[str, ModuleType]


def _forget() -> None:
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
        del sys.modules[name]


def load(tree: str) -> Tree:
    """The package's modules imported from ``tree``."""
    _forget()
    sys.path.insert(0, tree)
    importlib.invalidate_caches()
    for name in MODULES:
        importlib.import_module(name)
    sys.path.remove(tree)
    found = str(sys.modules[PACKAGE].__file__)
    if not found.startswith(tree):
        raise SystemExit(f"{PACKAGE} was imported from {found}, not from {tree}")
    return {n: m for n, m in sys.modules.items() if n == PACKAGE or n.startswith(PACKAGE + ".")}


def use(tree: Tree) -> None:
    """Make ``tree``'s modules the ones every import and lookup by name finds."""
    _forget()
    sys.modules.update(tree)


def played(tree: Tree) -> dict[str, Any]:
    """Every game of :data:`GAMES`: its moves and its written record, by game."""
    use(tree)
    simulate = tree["fertility_rules.agents.simulate"]
    dump_record = tree["fertility_rules.records.format"].dump_record
    out: dict[str, Any] = {}
    for game, runs in GAMES.items():
        for names, seed in runs:
            agents = [simulate.make_agent(n, seed * 10 + i, game) for i, n in enumerate(names)]
            seats = [f"P{i}" for i in range(len(names))]
            result = simulate.play_game(seats, agents, seed, game=game)
            key = f"{game} {','.join(names)} seed {seed}"
            out[key] = ([repr(move) for move in result.moves], dump_record(result.record))
    return out


def positions(tree: Tree, game: str, seed: int, players: int, count: int) -> list[Any]:
    """Up to ``count`` searched decisions (every seventh move) of a game of the
    look-ahead agent: each a view and its legal moves."""
    use(tree)
    simulate = tree["fertility_rules.agents.simulate"]
    rules = tree["fertility_rules.games"].find_game(game)
    seats = [f"P{i}" for i in range(players)]
    agents = [simulate.make_agent("lookahead", seed * 10 + i, rules) for i in range(players)]
    record = simulate.play_game(seats, agents, seed, game=rules).record
    state = rules.initial_state(record)
    searched = rules.search.searched
    found: list[Any] = []
    for index, move in enumerate(record.moves):
        legal = rules.legal_moves(state)
        view = rules.observe(state)
        if len(legal) > 1 and (searched is None or searched(view)) and index % 7 == 0:
            found.append((view, legal))
        if len(found) >= count:
            break
        state = rules.apply_unchecked(state, move)
    return found


def decide(tree: Tree, game: str, kind: str, decisions: list[Any]) -> tuple[float, list[str]]:
    """CPU seconds the decisions take in ``tree``, each by a fresh agent ``kind``, and the
    moves chosen."""
    use(tree)
    simulate = tree["fertility_rules.agents.simulate"]
    rules = tree["fertility_rules.games"].find_game(game)
    spent, moves = 0.0, []
    for i, (view, legal) in enumerate(decisions):
        tree["fertility_rules.fertility.search"].PLANS._lines.clear()
        tree["fertility_rules.fertility.agents.lookahead"]._worths.clear()
        agent = simulate.make_agent(kind, 100 + i, rules)
        start = time.process_time()
        move = agent.choose(view, legal)
        spent += time.process_time() - start
        moves.append(repr(move))
    return spent, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("before")
    parser.add_argument("after")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--count", type=int, default=6, help="decisions per game timed")
    args = parser.parse_args()
    trees = {"before": load(args.before), "after": load(args.after)}
    games = {name: played(tree) for name, tree in trees.items()}
    same = sum(games["before"][key] == games["after"][key] for key in games["before"])
    print(f"games played alike in both trees: {same} of {len(games['before'])}")
    for key in games["before"]:
        if games["before"][key] != games["after"][key]:
            print(f"  differs: {key}")
    work = []
    for game, kind in (("fertility", "ismcts"), ("ankhor", "ismcts"), ("fertility", "lookahead")):
        decisions = {
            name: positions(tree, game, 3, 3, args.count) + positions(tree, game, 4, 2, args.count)
            for name, tree in trees.items()
        }
        work.append((game, kind, decisions))
    best: dict[tuple[str, str, str], float] = {}
    for round_ in range(args.rounds):
        order = ["before", "after"] if round_ % 2 == 0 else ["after", "before"]
        for game, kind, decisions in work:
            chosen = {}
            for name in order:
                spent, chosen[name] = decide(trees[name], game, kind, decisions[name])
                timed = (game, kind, name)
                best[timed] = min(best.get(timed, float("inf")), spent)
            if chosen["before"] != chosen["after"]:
                print(f"  {game} {kind}: the trees decide differently")
    print(f"CPU seconds of the decisions, best of {args.rounds} rounds:")
    for game, kind, decisions in work:
        before, after = best[(game, kind, "before")], best[(game, kind, "after")]
        print(
            f"  {game:9} {kind:9} {len(decisions['before']):2} decisions: "
            f"before {before:.3f}, after {after:.3f}, after/before {after / before:.3f}"
        )


if __name__ == "__main__":
    main()
