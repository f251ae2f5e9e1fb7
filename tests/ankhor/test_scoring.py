"""Final scoring (A-7): the rulebook's example (A-7.6) line by line, and hand-computed
positions for higher levels, merged and split groups, warehouses, leftover tokens and
each tie-break (A-7.5). The arithmetic is written beside each position."""

from __future__ import annotations

import gettext
import random
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from attrs import evolve
from babel.messages.pofile import read_po

from fertility_rules import ankhor
from fertility_rules.ankhor.interpretations import HigherNeighbours
from fertility_rules.ankhor.model import Colour, Kind, Placed
from fertility_rules.ankhor.scoring import PlayerPosition as AnkhorPlayerPosition
from fertility_rules.ankhor.scoring import animal_group, colour_group, score, seat_totals
from fertility_rules.ankhor.scoring import score_totals as ankhor_score_totals
from fertility_rules.ankhor.texts import report_to_html
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n import render
from fertility_rules.i18n.message import Message
from tests.ankhor.helpers import Box, final, layout, table, tokens

SUPPORTERS_ONLY = HigherNeighbours.SUPPORTERS_ONLY


def rulebook_example() -> ankhor.FinalPosition:
    """The scoring example of the rulebook (A-7.6), rebuilt::

        level 0:            level 1 (x 1, y 0):
              -1  0  1  2  3         1
           0  Bb Gb Gv Wj Rv      0  Wd
           1  .  Gd Gs Rj Rj
           2  .  Gj .  .  .
           3  .  Wv .  .  .

    The white desert rests on the green value tile, the white jackal, the green scribe
    and a red jackal: it joins the white group of the jackal, and the green group beneath
    it stays whole. The player holds the bonus token of the green group, and no token.
    """
    box = Box()
    tiles = layout(
        box,
        """
        Gb Gv Wj Rv
        Gd Gs Rj Rj
        Gj .  .  .
        Wv .  .  .
        """,
        (1, 0, "Wd"),
    )
    blue = Placed(box.take("Bb"), 0, -1, 0)
    tiles = tuple(sorted((*tiles, blue), key=lambda p: p.position))
    return final(("Amunet", tiles, tokens(), 1))


def test_the_rulebook_example_scores_24_line_by_line() -> None:
    sheet = score(rulebook_example()).sheets[0]
    lines = [(line.rule, line.points, render(line.reason)) for line in sheet.lines]
    assert lines == [
        ("A-7.1", 3, "1 bonus token × 3 VP"),
        ("A-7.1", 2, "printed points: value tile (white family)"),
        ("A-7.1", 2, "printed points: value tile (green family)"),
        ("A-7.1", 2, "printed points: value tile (red family)"),
        ("A-7.2", 2, "group of 2 beetles"),
        ("A-7.2", 0, "jackal (green family): no animal group"),
        ("A-7.2", 3, "group of 3 jackals"),
        ("A-7.3", 0, "beetle (blue family): no colour group"),
        ("A-7.3", 0, "value tile (white family): no colour group"),
        ("A-7.3", 2, "white group of 2 tiles"),
        ("A-7.3", 5, "green group of 5 tiles"),
        ("A-7.3", 3, "red group of 3 tiles"),
        ("A-7.4", 0, "0 tokens left, 1 VP for every 3"),
    ]
    # white 2 + green 5 (+ its bonus token 3) + red 3; jackals 3 + beetles 2; values 6
    assert sheet.stage_totals == (3 + 6, 3 + 2, 2 + 5 + 3, 0)
    assert sheet.total == 24


def test_a_notebook_shows_the_score_report_as_a_table() -> None:
    """Jupyter shows ``_repr_html_``: a row per player, the four steps, total and rank
    (before, Ankh'or's report had no table; Fertility's had)."""
    table = score(rulebook_example())._repr_html_()
    assert table is not None  # the game's description gives its score table
    root = ET.fromstring(table)
    assert [cell.text for cell in root.iter("th")] == [
        "Player",
        "Printed points and bonus tokens",
        "Animal groups",
        "Colour groups",
        "Leftover tokens",
        "Total",
        "Rank",
    ]
    # The rulebook's example, as scored line by line above: 3 + 6, 3 + 2, 2 + 5 + 3, 0.
    assert [cell.text for cell in root.iter("td")] == ["Amunet", "9", "5", "10", "0", "24", "1"]
    box = Box()
    report = score(
        final(("A", layout(box, "Rd Rs Rj"), tokens(), 0), ("B", layout(box, "Bv"), tokens(), 0))
    )
    french = ET.fromstring(report_to_html(report, "fr"))
    assert french.get("lang") == "fr"
    assert next(french.iter("th")).text == "Joueur"
    rows = list(french.iter("tr"))[1:]
    # A: a red group of 3 (3); B: one value tile printed 2: A wins, in bold.
    assert [[td.text for td in row] for row in rows] == [
        ["A", "0", "0", "3", "0", "3", "1"],
        ["B", "2", "0", "0", "0", "2", "2"],
    ]
    assert [row.get("style") for row in rows] == ["font-weight:bold", None]


def test_score_position_is_fertilitys_name_for_score() -> None:
    position = rulebook_example()
    assert ankhor.score_position(position) == score(position)
    assert ankhor.score_position(position).sheets[0].total == 24


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_the_rulebook_example_is_explained_in_every_language(language: str) -> None:
    sheet = score(rulebook_example()).sheets[0]
    english = [render(line.reason) for line in sheet.lines]
    translated = [render(line.reason, language) for line in sheet.lines]
    assert all(a != b for a, b in zip(english, translated, strict=True)), translated


def totals(position: ankhor.FinalPosition) -> list[tuple[int, ...]]:
    return [tuple(sheet.stage_totals) for sheet in score(position).sheets]


def test_a_higher_tile_joins_the_colour_group_of_the_tiles_under_it() -> None:
    box = Box()
    tiles = layout(box, "Rj Rf\nBd Kd", (0, 0, "Rv"))
    # red: the jackal, the falcon and the value tile on them = 3; blue and black alone;
    # jackal and falcon alone; printed 2
    assert totals(final(("A", tiles, tokens(), 0))) == [(2, 0, 3, 0)]


def test_two_higher_tiles_side_by_side_follow_q3() -> None:
    box = Box()
    tiles = layout(box, "Kd Kf Kj\nKb Kv Kw", (0, 0, "Gd Gj"))
    # black base of 6 = 6; green desert and green jackal on level 1 side by side: a
    # green group of 2 under Q-3's default, two lone tiles under its alternative; the
    # green jackal rests on the black jackal: jackals 2 either way; printed 2 + bonus 3
    assert totals(final(("A", tiles, tokens(), 1))) == [(5, 2, 6 + 2, 0)]
    apart = final(("A", tiles, tokens(), 1), higher_neighbours=SUPPORTERS_ONLY)
    assert totals(apart) == [(5, 2, 6, 0)]


def test_a_higher_tile_merges_two_groups() -> None:
    box = Box()
    tiles = layout(box, "Gd Rd\nRf Gb", (0, 0, "Gs"))
    # the two greens touch only at a corner; the green scribe on the four joins them:
    # green 3; the two reds touch only at a corner: alone; animals alone; 5 tokens: 1
    assert totals(final(("A", tiles, tokens("bbwkr"), 0))) == [(0, 0, 3, 1)]


def test_groups_apart_are_counted_apart() -> None:
    box = Box()
    tiles = layout(box, "Gd Gs . Gv Gb")
    # two green groups of 2 (not one of 4): 2 + 2; a value tile 2; the beetle alone
    assert totals(final(("A", tiles, tokens(), 0))) == [(2, 0, 4, 0)]


def test_stored_tokens_are_leftover_tokens() -> None:
    box = Box()
    tiles = layout(box, "Bw Bd")
    state = table([tiles, ()], [tokens("bbka"), tokens()], stored={0: [(0, 0, 0)]})
    position = ankhor.final_position(state)
    # blue group 2; 4 tokens in hand and 1 on the warehouse: 5 tokens, 1 VP
    assert position.players[0].tokens == tokens("bbbka")
    assert totals(position)[0] == (0, 0, 2, 1)


@pytest.mark.parametrize(
    ("left", "points"), [("", 0), ("bb", 0), ("bbw", 1), ("bbwka", 1), ("bbwkaar", 2)]
)
def test_leftover_tokens_score_one_point_for_every_three(left: str, points: int) -> None:
    assert totals(final(("A", (), tokens(left), 0))) == [(0, 0, 0, points)]


def test_a_tie_goes_to_the_player_with_fewer_tiles() -> None:
    box = Box()
    big = layout(box, "Rd Rs Rj")  # red 3
    small = layout(box, "Bv Bj")  # blue 2 + printed 2 = 4
    more = layout(box, "Gd Gs Gf")  # green 3
    report = score(final(("A", big, tokens(), 0), ("B", more, tokens(), 0)))
    # A: red 3; B: green 3: equal points and 3 tiles each: still tied on tokens (0 each)
    assert report.winners == ("A", "B")
    assert report.shared_victory
    report = score(final(("A", big, tokens("bbb"), 0), ("B", small, tokens(), 0)))
    # A: red 3 + 3 tokens 1 = 4 with 3 tiles; B: blue 2 + printed 2 = 4 with 2 tiles: B
    assert [s.total for s in report.sheets] == [4, 4]
    assert report.winners == ("B",)
    assert [s.rank for s in report.sheets] == [2, 1]


def test_then_to_the_player_with_fewer_tokens() -> None:
    box = Box()
    one = layout(box, "Rd Rs")
    two = layout(box, "Gd Gs")
    report = score(final(("A", one, tokens("bb"), 0), ("B", two, tokens("b"), 0)))
    # red 2 and green 2, two tiles each; 2 tokens against 1 (no point either): B wins
    assert [s.total for s in report.sheets] == [2, 2]
    assert report.winners == ("B",)


def test_a_complete_tie_is_a_shared_victory() -> None:
    box = Box()
    one = layout(box, "Rd Rs")
    two = layout(box, "Gd Gs")
    three = layout(box, "Kv")
    report = score(
        final(("A", one, tokens("w"), 0), ("B", two, tokens("k"), 0), ("C", three, tokens(), 0))
    )
    # A and B: 2 points, 2 tiles, 1 token; C: printed 2 with 1 tile wins on tiles
    assert report.winners == ("C",)
    report = score(final(("A", one, tokens("w"), 0), ("B", two, tokens("k"), 0)))
    assert report.winners == ("A", "B")
    assert report.shared_victory
    assert [s.rank for s in report.sheets] == [1, 1]


def pyramid() -> tuple[Placed, ...]:
    """A base of 3 x 3, four tiles on level 1 and one on level 2::

    level 0         level 1      level 2
    Rj Rf Bd        Rs Bj        Rd
    Rb Rv Bs        Wf Bf
    Wd Wj Bv
    """
    box = Box()
    return layout(
        box,
        "Rj Rf Bd\nRb Rv Bs\nWd Wj Bv",
        (0, 0, "Rs Bj\nWf Bf"),
        (0, 0, "Rd"),
    )


def test_a_tower_of_three_levels() -> None:
    tiles = pyramid()
    # red: the base square of four, the scribe on it and the desert on top: 6
    # blue: the column of three, the jackal and the falcon resting on it: 5
    # white: desert and jackal, and the falcon on them: 3
    # jackals: red, white and blue, none touching: 0; falcons: the white and blue ones
    # side by side on level 1: 2; the red falcon and the red beetle alone
    # printed: two value tiles 4, and 2 bonus tokens 6
    assert totals(final(("A", tiles, tokens(), 2))) == [(4 + 6, 2, 6 + 5 + 3, 0)]
    # Q-3's alternative: the two falcons of level 1 are no longer adjacent
    apart = final(("A", tiles, tokens(), 2), higher_neighbours=SUPPORTERS_ONLY)
    assert totals(apart) == [(10, 0, 14, 0)]
    assert score(apart).sheets[0].tiles == 14


def test_score_totals_agree_with_the_explained_sheets() -> None:
    position = final(("A", pyramid(), tokens("bwk"), 2), ("B", (), tokens("a"), 0))
    report = score(position)
    assert [tuple(s.stage_totals) for s in report.sheets] == list(ankhor_score_totals(position))


def test_the_json_sheet_gives_each_line_its_stage_and_player() -> None:
    report = score(rulebook_example())
    sheet = report.sheets[0]
    assert {line.player for line in sheet.lines} == {"Amunet"}
    lines = ankhor.report_to_json(report)["players"][0]["lines"]
    # the rulebook example: 4 lines of printed points, 3 animal groups,
    # 5 colour groups, 1 line of tokens
    stages = ["printed"] * 4 + ["animals"] * 3 + ["colours"] * 5 + ["tokens"]
    assert [line["stage"] for line in lines] == stages
    assert [line["points"] for line in lines] == [line.points for line in sheet.lines]


def test_several_bonus_tokens_and_tokens_left_are_explained_in_the_plural() -> None:
    position = final(("A", pyramid(), tokens("bbwka"), 2))
    lines = [
        (line.rule, line.points, render(line.reason)) for line in score(position).sheets[0].lines
    ]
    # 2 bonus tokens of 3 VP; 5 tokens: 1 VP
    assert lines[0] == ("A-7.1", 6, "2 bonus tokens × 3 VP")
    assert lines[-1] == ("A-7.4", 1, "5 tokens left, 1 VP for every 3")


ENGLISH_NAMES: list[tuple[Callable[[Any, int], Message], object, str, str]] = [
    (colour_group, Colour.BLUE, "blue group of 1 tile", "blue group of 4 tiles"),
    (colour_group, Colour.WHITE, "white group of 1 tile", "white group of 4 tiles"),
    (colour_group, Colour.BLACK, "black group of 1 tile", "black group of 4 tiles"),
    (colour_group, Colour.GREEN, "green group of 1 tile", "green group of 4 tiles"),
    (colour_group, Colour.RED, "red group of 1 tile", "red group of 4 tiles"),
    (animal_group, Kind.JACKAL, "group of 1 jackal", "group of 4 jackals"),
    (animal_group, Kind.FALCON, "group of 1 falcon", "group of 4 falcons"),
    (animal_group, Kind.BEETLE, "group of 1 beetle", "group of 4 beetles"),
]


@pytest.mark.parametrize(("named", "attribute", "one", "four"), ENGLISH_NAMES)
def test_every_group_is_named_in_every_language(
    named: Callable[[Any, int], Message], attribute: object, one: str, four: str
) -> None:
    assert render(named(attribute, 1)) == one
    assert render(named(attribute, 4)) == four
    for language in ("fr", "pl", "nl"):
        for n in (1, 2, 5):
            text = render(named(attribute, n), language)
            assert str(n) in text
            assert text != render(named(attribute, n)), (language, text)


def test_a_final_position_from_a_game_keeps_bonus_tokens_and_the_catalogues_points() -> None:
    box = Box()
    tiles = layout(box, "Bw Bd")
    state = table([tiles, ()], [tokens(), tokens()], bonus=[2, 0])
    position = ankhor.final_position(state)
    assert position.players[0].bonus == 2
    # blue group 2; 2 bonus tokens of 3 VP
    assert totals(position)[0] == (6, 0, 2, 0)
    catalogue = state.config.catalogue
    cheaper = evolve(catalogue, bonus=evolve(catalogue.bonus, points=2))
    state = evolve(state, config=evolve(state.config, catalogue=cheaper))
    # an owner's catalogue with bonus tokens of 2 VP: 2 x 2
    assert totals(ankhor.final_position(state))[0] == (4, 0, 2, 0)


@pytest.mark.parametrize("reading", list(HigherNeighbours))
def test_score_totals_agree_with_the_sheets_under_both_readings_of_q3(
    reading: HigherNeighbours,
) -> None:
    box = Box()
    side_by_side = layout(box, "Kd Kf Kj\nKb Kv Kw", (0, 0, "Gd Gj"))
    for tiles, bonus in ((pyramid(), 2), (side_by_side, 1)):
        position = final(("A", tiles, tokens("bwk"), bonus), higher_neighbours=reading)
        report = score(position)
        assert [tuple(s.stage_totals) for s in report.sheets] == list(ankhor_score_totals(position))


def test_the_tie_breaks_are_on_the_sheets() -> None:
    box = Box()
    one = layout(box, "Rd Rs")
    two = layout(box, "Gd Gs Gv")
    report = score(final(("A", one, tokens("bb"), 0), ("B", two, tokens("b"), 0)))
    # A: 2 tiles and 2 tokens left; B: 3 tiles and 1 token
    assert [(s.tiles, s.tokens) for s in report.sheets] == [(2, 2), (3, 1)]


def test_score_totals_refuses_what_is_not_a_final_position() -> None:
    with pytest.raises(MalformedInputError) as refused:
        ankhor_score_totals(rulebook_example().players[0])  # type: ignore[arg-type]
    assert [problem.path for problem in refused.value.problems] == ["position"]
    with pytest.raises(MalformedInputError) as refused:
        ankhor.final_position(rulebook_example())  # type: ignore[arg-type]
    assert [problem.path for problem in refused.value.problems] == ["state"]


def test_a_player_position_defaults_to_no_token_and_no_bonus_token() -> None:
    box = Box()
    tiles = layout(box, "Rd Rs")
    position = ankhor.FinalPosition((AnkhorPlayerPosition("A", tiles),))
    sheet = score(position).sheets[0]
    # no bonus token and no value tile: no line of; red group 2; no token
    # left: 0 and 0 for the last tie-break
    assert sheet.lines_of("A-7.1") == ()
    assert [render(line.reason) for line in sheet.lines_of("A-7.4")] == [
        "0 tokens left, 1 VP for every 3"
    ]
    assert (sheet.tiles, sheet.tokens) == (2, 0)
    assert tuple(sheet.stage_totals) == (0, 0, 2, 0)
    assert ankhor_score_totals(position) == ((0, 0, 2, 0),)


def test_a_final_position_defaults_to_bonus_tokens_of_3_vp_and_q3s_default() -> None:
    box = Box()
    tiles = layout(box, "Kd Kf Kj\nKb Kv Kw", (0, 0, "Gd Gj"))
    position = ankhor.FinalPosition((AnkhorPlayerPosition("A", tiles, tokens(), 1),))
    # 1 bonus token of 3 VP (A-1.4) + value tile 2; jackals 2 (the green one on the black
    # one); black 6 + the two greens side by side on level 1, a group under Q-3's default
    expected = (3 + 2, 2, 6 + 2, 0)
    assert [tuple(s.stage_totals) for s in score(position).sheets] == [expected]
    assert ankhor_score_totals(position) == (expected,)


TEMPLATE = Path(__file__).resolve().parents[2] / "locales" / "fertility_rules.pot"


def plural_sentences() -> list[tuple[Message, str]]:
    """The plural sentences of a score sheet with their English text: every group name
    for a group of 4, the bonus line of 2 bonus tokens and the line of 5 tokens left."""
    groups = [(named(attribute, 4), four) for named, attribute, _one, four in ENGLISH_NAMES]
    lines = score(final(("A", pyramid(), tokens("bbwka"), 2))).sheets[0].lines
    return [
        *groups,
        (lines[0].reason, "2 bonus tokens × 3 VP"),
        (lines[-1].reason, "5 tokens left, 1 VP for every 3"),
    ]


def test_the_plural_sentences_are_the_templates_and_read_without_a_catalogue() -> None:
    # The compiled catalogues find a sentence by its singular id; its plural id is what
    # locales/update.py extracts into the template, and English without a compiled
    # catalogue reads the ids themselves.
    with TEMPLATE.open("rb") as handle:
        template = read_po(handle)
    ids = gettext.NullTranslations()
    for message, english in plural_sentences():
        assert message.plural is not None
        entry = template.get(message.msgid)
        assert entry is not None, message.msgid
        assert entry.id == (message.msgid, message.plural)
        text = ids.ngettext(message.msgid, message.plural, message.count)
        assert text.format_map(message.param_map()) == english


@pytest.mark.parametrize("reading", list(HigherNeighbours))
def test_one_seats_totals_are_its_explained_sheets(reading: HigherNeighbours) -> None:
    """A search scores one seat alone: as the explained sheet of the table as it stands,
    at every decision of random games, under both readings of Q-3."""
    rng = random.Random(7)
    interpretations = ankhor.Interpretations(higher_neighbours=reading)
    for seed in range(3):
        state = ankhor.new_game(
            ("A", "B", "C")[: 2 + seed % 2], seed, interpretations=interpretations
        )
        while not state.is_over:
            sheets = score(ankhor.final_position(state)).sheets
            for seat, sheet in enumerate(sheets):
                assert seat_totals(state, seat) == sheet.stage_totals
            moves = ankhor.legal_moves(state)
            state = ankhor.apply_unchecked(state, moves[rng.randrange(len(moves))])
    with pytest.raises(MalformedInputError) as refused:
        seat_totals(rulebook_example(), 0)  # type: ignore[arg-type]
    assert [problem.path for problem in refused.value.problems] == ["state"]
