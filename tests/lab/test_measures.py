"""Every switch of both games declares the events it governs (its measures), the lab counts
them in every game it plays, and a comparison shows, per reading, how often they happened.

Before, ``compare --vary Q-5`` had no line for the moves of base tiles, so a reader could
not tell whether the reading was ever put to the test. The counts are checked here against
recounts made from the moves and the states of the games, written without the measures'
code: the kinds of moves, the places tiles go, the tiles removed, the Shops completed.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fertility_rules import ankhor
from fertility_rules.ankhor.interpretations import Moving, Removal
from fertility_rules.ankhor.moves import BuyTile, MoveTile, Refresh
from fertility_rules.cli import main
from fertility_rules.fertility.effects.kinds.resource_to_shop import ResourceToShopBenefit
from fertility_rules.fertility.interpretations import (
    Interpretations,
    LostResource,
    QuarryCount,
)
from fertility_rules.fertility.rules import (
    BuildDistrict,
    ClaimQuarry,
    DiscardTile,
    PlaceBonusResource,
    PlaceTile,
    SupplyShop,
)
from fertility_rules.fertility.rules import apply as engine_apply
from fertility_rules.games import find_game
from fertility_rules.lab.readings import switches
from fertility_rules.lab.runner import GameSpec, play_summary
from fertility_rules.records.game_record import GameRecord
from tests.ankhor import oracle as ankhor_oracle
from tests.ankhor.helpers import Box, layout, table, tokens
from tests.engine import oracle
from tests.engine.test_supplying import D14_SHOP, A, B, G, P, _fill, _supplying

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("game", ["fertility", "ankhor"])
def test_every_switch_declares_the_events_it_governs(game: str) -> None:
    rules = find_game(game)
    ids = {s.id for s in switches(rules)}
    governed = {switch for measure in rules.measures for switch in measure.switches}
    assert governed <= ids  # every measure names switches of its game
    # Every switch a comparison can vary has its measure; Fertility's I-14, the starting
    # tile's shape, has one value (it comes with the catalogue) and is never compared.
    assert {s.id for s in switches(rules) if len(s.values) > 1} <= governed
    assert ids - governed <= ({"I-14"} if game == "fertility" else set())


def _steps(record: GameRecord) -> Iterator[tuple[Any, Any, Any]]:
    """Every move of a record with the states before and after it."""
    state = record.initial_state()
    for move in record.moves:
        after = record.game.apply(state, move)
        yield state, move, after
        state = after


def _sum(record: GameRecord, step: Callable[[Any, Any, Any], bool]) -> int:
    return sum(1 for before, move, after in _steps(record) if step(before, move, after))


def _played(game: str, seed: int, reading: Any, agents: tuple[str, ...]) -> tuple[Any, Any]:
    spec = GameSpec(seed, agents, reading, keep_record=True, game=game)
    summary = play_summary(spec)
    assert summary.record is not None
    return summary, summary.record


def _target(move: Any) -> tuple[int, int, int] | None:
    if isinstance(move, BuyTile):
        return move.position
    if isinstance(move, MoveTile):
        return move.target
    return None


def _base_in_pieces(before: Any, move: Any, after: Any) -> bool:
    """A base tile moved, and the base tiles no longer all connected (Q-5)."""
    if not (isinstance(move, MoveTile) and move.origin[0] == 0):
        return False
    tiles = ankhor_oracle._tiles(after.players[before.current])
    return not ankhor_oracle._connected({(x, y) for level, x, y in tiles if level == 0})


@pytest.mark.parametrize("seed", range(4))
def test_ankhor_s_counts_are_the_moves_and_places_of_its_games(seed: int) -> None:
    reading = ankhor.Interpretations(moving=Moving.FREE, two_player_removal=Removal.EVERY_TURN)
    summary, record = _played("ankhor", seed, reading, ("greedy", "random"))
    steps = list(_steps(record))
    refreshes = sum(1 for _b, move, _a in steps if isinstance(move, Refresh))
    assert summary.tiles_bought == sum(1 for _b, m, _a in steps if isinstance(m, BuyTile))
    assert summary.refreshes == refreshes
    assert summary.removals == len(steps[-1][2].removed) - refreshes  # 2 players: each turn
    assert summary.base_moves == sum(
        1 for _b, m, _a in steps if isinstance(m, MoveTile) and m.origin[0] == 0
    )
    assert summary.base_breaks == sum(1 for step in steps if _base_in_pieces(*step))
    assert summary.high_tiles == sum(1 for _b, m, _a in steps if (_target(m) or (0, 0, 0))[0] >= 2)

    def beside(before: Any, move: Any, after: Any) -> bool:
        where = _target(move)
        if where is None or where[0] == 0:
            return False
        level, x, y = where
        tiles = ankhor_oracle._tiles(after.players[before.current])
        return any(
            (level, x + dx, y + dy) in tiles for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )

    assert summary.beside_level == sum(1 for step in steps if beside(*step))


def test_two_groups_of_five_joined_by_a_move_are_one_merge_and_parted_one_split() -> None:
    """Blue tiles on the base: five, with one more below the first, and five more on the
    right, a gap between. Moving the lone blue desert into the gap joins two blue groups of
    5 or more into one of 11; moving it back parts them again (Q-2)."""
    box = Box()
    tiles = layout(box, "Bs Bj Bj Bf Bf . Bb Bb Bv Bv Bw\nBd")
    state = table([tiles, ()], [tokens("aa"), tokens()])
    (changes,) = [m for m in find_game("ankhor").measures if m.key == "group_changes"]
    join = MoveTile((0, 0, 1), (0, 5, 0))
    joined = ankhor.apply(state, join)
    assert changes.count(state, join, joined) == 1
    part = MoveTile((0, 5, 0), (0, 0, 1))
    assert changes.count(joined, part, ankhor.apply(joined, part)) == 1


def test_a_benefit_no_shop_can_take_is_counted_lost_or_to_the_supply() -> None:
    """The positions of tests.engine.test_supplying: D14's Shop takes a Papyrus and gives a
    resource for another Shop; with Shops 0, 2 and 3 full, no Shop can take it (I-6)."""
    (unplaced,) = [m for m in find_game("fertility").measures if m.key == "unplaced_benefits"]
    supply = SupplyShop(P, D14_SHOP)
    for reading, lost in ((LostResource.LOST, 1), (LostResource.TO_SUPPLY, 0)):
        options = Interpretations(lost_resource=reading)
        state = _fill(_fill(_fill(_supplying(options=options), 0, A), 2, G), 3, B)
        after = engine_apply(state, supply)
        assert unplaced.count(state, supply, after) == lost  # lost at once, or pending
    to_supply = PlaceBonusResource(B, None)
    assert unplaced.count(after, to_supply, engine_apply(after, to_supply)) == 1
    # A Shop can take it: placed, not counted.
    state = _supplying()
    pending = engine_apply(state, supply)
    assert unplaced.count(state, supply, pending) == 0
    placed = PlaceBonusResource(G, 2)
    assert unplaced.count(pending, placed, engine_apply(pending, placed)) == 0


@pytest.mark.parametrize("seed", range(3))
def test_fertility_s_counts_are_the_moves_and_shops_of_its_games(seed: int) -> None:
    reading = Interpretations(
        lost_resource=LostResource.TO_SUPPLY, quarries_per_placement=QuarryCount.ONE
    )
    summary, record = _played("fertility", seed, reading, ("greedy", "greedy", "random"))
    steps = list(_steps(record))
    assert summary.quarries == sum(1 for _b, m, _a in steps if isinstance(m, ClaimQuarry))
    assert summary.monuments == sum(
        1 for _b, m, _a in steps if isinstance(m, ClaimQuarry) and m.resource is None
    )
    assert summary.discards == sum(1 for _b, m, _a in steps if isinstance(m, DiscardTile))
    assert summary.districts == sum(1 for _b, m, _a in steps if isinstance(m, BuildDistrict))

    def one_scene(before: Any, move: Any, after: Any) -> bool:
        if not isinstance(move, PlaceTile):
            return False
        first, second = before.config.tiles[move.tile].scenes
        return bool(first == second)

    assert summary.one_scene_tiles == sum(1 for step in steps if one_scene(*step))
    several = sum(
        1
        for before, move, _after in steps
        if isinstance(move, PlaceTile) and len(oracle.harvest(before, move).quarries) > 1
    )
    assert summary.several_quarries == several

    def completed(before: Any, move: Any, after: Any) -> int:
        """Shops the move completed whose benefit puts a resource on a Shop (R-6)."""
        was = before.players[before.current].metropolis.shops
        now = after.players[before.current].metropolis.shops
        return sum(
            1
            for old, new in zip(was, now, strict=False)  # a District built adds Shops
            if new.is_full
            and not old.is_full
            and isinstance(new.shop.benefit, ResourceToShopBenefit)
        )

    benefits = sum(completed(*step) for step in steps)
    on_shops = sum(
        1 for _b, m, _a in steps if isinstance(m, PlaceBonusResource) and m.shop is not None
    )
    assert summary.unplaced_benefits == benefits - on_shops


@pytest.mark.parametrize(
    ("game", "vary", "label", "absent"),
    [
        ("ankhor", "Q-5", "Base tiles moved per game (Q-5)", "(Q-1)"),
        ("fertility", "I-1", "Quarries per game (I-1)", "(I-10)"),
    ],
)
def test_a_comparison_shows_the_events_of_the_switches_it_varies(
    game: str,
    vary: str,
    label: str,
    absent: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    chart = tmp_path / "chart.svg"
    args = ["compare", "--game", game, "--vary", vary, "--games", "3", "--players", "2"]
    args += ["--agents", "greedy", "--jobs", "1", "--svg", str(chart)]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert label in text
    assert absent not in text  # the events of switches not compared are left out
    texts = [t.text for t in ET.parse(chart).getroot().iter(f"{SVG}text")]
    assert label in texts
    assert main([*args, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (key,) = [k for k, ids in data["measures"].items() if vary in ids][:1]
    assert all("value" in reading[key] for reading in data["readings"])
    assert main([*args, "--lang", "fr"]) == 0
    french = capsys.readouterr().out
    assert label not in french
    assert f"({vary})" in french
