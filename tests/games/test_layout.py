"""The layout of the package as an app sees it: curated top levels (at most 60 names each,
what a player-facing app needs), and what a user wrote against the previous layout still
working, a name that left a top level with a warning that says where it is now."""

from __future__ import annotations

import importlib
import pickle
import warnings

import pytest

import fertility_rules as fr
from fertility_rules import ankhor, fertility
from fertility_rules.games import GameRules, _load

PACKAGES = [fr, fertility, ankhor]


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.__name__)
def test_a_top_level_gives_at_most_60_names_and_every_one_it_lists(package: object) -> None:
    names = package.__all__  # type: ignore[attr-defined]
    assert len(names) <= 60
    assert len(set(names)) == len(names)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none of the names it lists is deprecated
        for name in names:
            getattr(package, name)


def test_the_two_games_give_the_same_names_for_the_same_concepts() -> None:
    shared = {
        "AGENTS", "Catalogue", "FinalPosition", "Game", "GameState", "GreedyAgent",
        "ISMCTSAgent", "Interpretations", "LookaheadAgent", "Move", "Observation", "Phase",
        "RandomAgent", "ScoreReport", "ScoreSheet", "apply", "apply_unchecked", "choices",
        "default_catalogue", "dump_final_position", "dump_move", "dump_observation",
        "dump_state", "final_position", "final_scores", "format_move", "is_legal",
        "legal_moves", "load_catalogue", "load_final_position", "make_agent", "new_game",
        "observe", "parse_move", "play_game", "read_final_position", "read_move",
        "read_observation", "read_state", "report_to_json", "report_to_text",
        "sample_state", "schema", "score_position", "summary", "text_board", "violations",
    }  # fmt: skip
    assert shared <= set(fertility.__all__)
    assert shared <= set(ankhor.__all__)


@pytest.mark.parametrize(
    ("package", "name", "module"),
    [
        (fr, "compare", "fertility_rules.lab"),
        (fr, "Resource", "fertility_rules.fertility.model"),
        (fr, "DEFAULT_REGISTRY", "fertility_rules.fertility.effects"),
        (fr, "dump_observation", "fertility_rules.fertility.formats.state"),
        (fr, "RULES_VERSION", "fertility_rules._version"),
        (ankhor, "Colour", "fertility_rules.ankhor.model"),
        (ankhor, "score", "fertility_rules.ankhor.scoring"),
    ],
)
def test_a_name_that_left_a_top_level_still_works_and_says_where_it_went(
    package: object, name: str, module: str
) -> None:
    with pytest.warns(DeprecationWarning, match=f"import it from {module}$"):
        value = getattr(package, name)
    assert value is getattr(importlib.import_module(module), name)
    assert name not in dir(package)


@pytest.mark.parametrize("room", ["catalogue", "effects", "model", "rules", "scoring", "svg"])
def test_a_room_of_fertility_read_from_the_top_level_is_the_room_in_its_package(
    room: str,
) -> None:
    with pytest.warns(DeprecationWarning, match=f"fertility_rules.fertility.{room}$"):
        value = getattr(fr, room)
    assert value is importlib.import_module(f"fertility_rules.fertility.{room}")


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        fr.no_such_name  # noqa: B018


def test_a_game_description_pickled_by_the_previous_layout_loads() -> None:
    # The previous layout pickled Fertility's description as the name of its module,
    # ``fertility_rules.fertility``, which is now the game's package.
    class Previous:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return _load, ("fertility_rules.fertility",)

    loaded = pickle.loads(pickle.dumps(Previous()))
    assert isinstance(loaded, GameRules)
    assert loaded.info.name == "fertility"
    assert pickle.loads(pickle.dumps(loaded)).info.name == "fertility"


def test_the_readme_start_works_as_before() -> None:
    game = fr.new_game(["Amunet", "Bek"], seed=1)
    game = fr.apply(game, fr.legal_moves(game)[0])
    assert fr.observe(game).turn == game.turn
    table = ankhor.new_game(["Amunet", "Bek"], seed=1)
    assert ankhor.legal_moves(table)
