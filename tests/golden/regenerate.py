"""Rewrite the golden game records and their expected score sheets.

Run from the repository root when a change of behaviour is intended::

    python tests/golden/regenerate.py

Each game of :data:`GAMES` is played with seeded agents; its record is written to
``records/<name>.json`` and its final score sheet (``report_to_json`` of
``final_scores``, in English) to ``records/<name>.score.json``. The golden test replays
every record and compares the score sheet line by line, so a change of the rules, the
scoring or the agents shows as a diff to review.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from attrs import field, frozen

from fertility_rules.agents import make_agent, play_game
from fertility_rules.agents.simulate import PlayedGame
from fertility_rules.fertility.interpretations import (
    Enclosure,
    Interpretations,
    LostResource,
    OfferSize,
    OwnHalves,
    QuarryCount,
)
from fertility_rules.fertility.rules import final_scores
from fertility_rules.fertility.scoring.render import report_to_json
from fertility_rules.fertility.state import GameState
from fertility_rules.records import dump_record, save_record

RECORDS = Path(__file__).parent / "records"

ALTERNATIVES = Interpretations(
    quarry_enclosure=Enclosure.ORTHOGONAL,
    quarries_per_placement=QuarryCount.ONE,
    lost_resource=LostResource.TO_SUPPLY,
    district_offer=OfferSize.THREE,
    own_halves=OwnHalves.COUNTED,
)


@frozen
class GoldenGame:
    """A seeded game: the agents by seat, the setup seed, the variant, the options."""

    agents: tuple[str, ...]
    seed: int
    variant: bool = False
    interpretations: Interpretations = field(factory=Interpretations)


GAMES: dict[str, GoldenGame] = {
    "2p-random": GoldenGame(("random", "random"), 101),
    "2p-variant-random": GoldenGame(("random", "random"), 102, variant=True),
    "3p-random": GoldenGame(("random", "random", "random"), 103),
    "4p-random": GoldenGame(("random", "random", "random", "random"), 104),
    "2p-greedy-vs-random": GoldenGame(("greedy", "random"), 105),
    "3p-random-alternatives": GoldenGame(("random",) * 3, 106, interpretations=ALTERNATIVES),
}
"""The golden games by name."""

PLAYERS = ("Amunet", "Bek", "Chione", "Djedi")


def play(game: GoldenGame) -> PlayedGame:
    """Play ``game``: seat ``i`` is its agent seeded ``seed * 10 + i`` (as the CLI does)."""
    names = PLAYERS[: len(game.agents)]
    agents = [make_agent(name, game.seed * 10 + i) for i, name in enumerate(game.agents)]
    return play_game(names, agents, game.seed, game.variant, interpretations=game.interpretations)


def score_text(state: GameState) -> str:
    """The score sheet of a finished game as stored: indented JSON, one item a line."""
    return json.dumps(report_to_json(final_scores(state)), indent=2, ensure_ascii=False) + "\n"


def record_text(game: PlayedGame) -> str:
    """The record as :func:`~fertility_rules.records.save_record` writes it."""
    return json.dumps(dump_record(game.record), indent=1, ensure_ascii=False) + "\n"


def main() -> int:
    RECORDS.mkdir(exist_ok=True)
    for name, game in GAMES.items():
        played = play(game)
        save_record(played.record, RECORDS / f"{name}.json")
        (RECORDS / f"{name}.score.json").write_text(score_text(played.state), encoding="utf-8")
        sys.stdout.write(f"{name}: {len(played.record.moves)} moves\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
