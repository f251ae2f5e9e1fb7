"""Each worked example of Ankh'or's rules shows what the engine really does (A-2 to A-7);
the document follows the rulebook's order and anchors every rule."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from fertility_rules import ankhor
from fertility_rules.ankhor.document import rules_document
from fertility_rules.ankhor.document.examples import (
    ankh_timing,
    bonus_position,
    positions,
    rulebook_example,
    worked_examples,
)
from fertility_rules.ankhor.document.rules_document import rules_blocks, rules_pictures
from fertility_rules.ankhor.model import Colour, Kind, Position, Tile, Token
from fertility_rules.ankhor.moves import BuyTile, MoveTile, Refresh, ReturnTokens, StoreTokens
from fertility_rules.ankhor.rule_texts import rule_texts
from fertility_rules.ankhor.scoring import score
from fertility_rules.ankhor.testing import check_invariants
from fertility_rules.document.blocks import Figure, Heading
from fertility_rules.document.example import Example
from fertility_rules.i18n import render
from fertility_rules.i18n.message import ngettext

SVG = "{http://www.w3.org/2000/svg}"
LANGUAGES = ["en", "fr", "pl", "nl"]


BESIDE = {(-1, 0): "to the right of", (1, 0): "to the left of"}
BESIDE.update({(0, -1): "just below", (0, 1): "just above"})
CORNERS = {(0, 0): "right and below", (1, 0): "left and below"}
CORNERS.update({(0, 1): "right and above", (1, 1): "left and above"})


def _told_from_a_neighbour(text: str, tiles: dict[Position, Tile], position: Position) -> bool:
    """Whether ``text`` tells ``position`` from a tile really beside it (or, for a higher
    place, from one of its four supports, at the corner the words say)."""
    level, x, y = position

    def name(tile: Tile) -> str:
        return f"the {render(tile.kind.label)} ({render(tile.colour.family)})"

    if level == 0:
        found = [(tiles.get((0, x + dx, y + dy)), words) for (dx, dy), words in BESIDE.items()]
        return any(t is not None and f"{words} {name(t)}" in text for t, words in found)
    corners = [(tiles.get((level - 1, x + dx, y + dy)), w) for (dx, dy), w in CORNERS.items()]
    return any(
        t is not None and f"over {name(t)} and the three tiles to its {words} it" in text
        for t, words in corners
    )


@pytest.fixture(scope="module")
def examples() -> dict[str, Example]:
    return {example.id: example for example in worked_examples("en")}


def caption(example: Example, language: str = "en") -> str:
    return render(example.caption, language)


def resources(tokens: tuple[int, ...]) -> int:
    return sum(tokens[:5])


def test_every_picture_is_a_scalable_svg_in_its_language() -> None:
    for language in LANGUAGES:
        for example in worked_examples(language):
            assert example.svgs
            for svg in example.svgs:
                root = ET.fromstring(svg)
                assert root.tag == f"{SVG}svg"
                assert root.get("viewBox")
                assert root.get("lang") == language


def test_the_issue_s_examples_are_all_there(examples: dict[str, Example]) -> None:
    assert set(examples) == {
        "A-2-2",
        "A-2-4",
        "A-2.3",
        "A-3.3",
        "A-3.5",
        "A-3.8-bonus",
        "A-3.8-split",
        "A-3.8-animal",
        "A-7.2-reminder",
        "A-7.3-reminder",
        "A-7.4-reminder",
        "A-3.6-bought",
        "A-3.6-stored",
        "A-3.7",
        "A-4.2",
        "A-4.3",
        "A-3.9",
        "A-4.1-can",
        "A-4.1-also",
        "A-4.1-cannot",
        "A-6.1",
        "A-7.6",
    }


@pytest.mark.parametrize("players", [2, 4])
def test_setup(examples: dict[str, Example], players: int) -> None:
    facts = examples[f"A-2-{players}"].facts
    # piles of 4 tokens with 2 players, 6 with 4
    assert facts["supply"] == (4,) * 6 if players == 2 else (6,) * 6
    assert facts["offer"] == 6
    assert facts["piles"] == (28 - 6, 27)  # 28 and 27, six revealed from the first
    assert facts["reserve"] == 12
    prices = facts["prices"]
    assert [len(slot) for slot in prices] == [2, 2, 2, 3, 3, 3]
    assert all(max(Counter(slot).values()) < 3 for slot in prices)
    assert Counter(colour for slot in prices for colour in slot) == dict.fromkeys(Colour, 3)
    text = caption(examples[f"A-2-{players}"])
    assert text.startswith(f"Setup for {players} players")
    if players == 2:
        assert f"the supply, {facts['supply'][0]} tokens of each of the six kinds" in text
    else:
        assert f"the supply holds {facts['supply'][0]} tokens of each kind" in text


def test_triplicates_are_avoided_slot_by_slot(examples: dict[str, Example]) -> None:
    """A-2.3, Q-18: the slot kept is one of the setup's, with a colour twice; the slot
    refused shows that colour three times, and its picture crosses it out alone."""
    facts = examples["A-2.3"].facts
    kept, refused = facts["kept"], facts["refused"]
    assert kept in facts["prices"]
    assert max(Counter(kept).values()) == 2
    assert Counter(refused).most_common(1)[0][1] == 3
    assert set(refused) <= set(kept)
    root = ET.fromstring(examples["A-2.3"].svgs[0])
    slots = [g for g in root.iter(f"{SVG}g") if g.get("class") == "slot"]
    assert [g.get("data-price") for g in slots] == [
        " ".join(colour.key for colour in kept),
        " ".join(colour.key for colour in refused),
    ]
    crossed = [any(e.get("class") == "refused" for e in g.iter()) for g in slots]
    assert crossed == [False, True]


def test_a_purchase_and_its_placement(examples: dict[str, Example]) -> None:
    facts = examples["A-3.3"].facts
    move = facts["move"]
    assert facts["violations"] == ()
    assert move.position[0] == 0
    # one token of each marker's colour, nothing else
    assert facts["paid"] == (*(facts["price"].count(colour) for colour in Colour), 0)
    # the place shares an edge with one of the player's base tiles
    at = positions().purchase
    placed = {p.position for p in at.state.player.tiles if p.level == 0}
    _level, x, y = move.position
    assert {(0, x + 1, y), (0, x - 1, y), (0, x, y + 1), (0, x, y - 1)} & placed
    assert move.position in facts["places"]
    assert all(p not in placed for p in facts["places"])
    tiles = {p.position: p.tile for p in at.state.player.tiles}
    assert _told_from_a_neighbour(caption(examples["A-3.3"]), tiles, move.position)


def test_a_higher_level_costs_one_resource_less(examples: dict[str, Example]) -> None:
    facts = examples["A-3.5"].facts
    move = facts["move"]
    assert facts["violations"] == ()
    assert move.position[0] == 1
    assert len(facts["under"]) == 4  # a square of 2 x 2
    assert facts["colour"] in facts["under"]  # the colour of one of them
    price = list(facts["price"])
    price.remove(move.unpaid)  # one marker of the buyer's choice is not paid
    assert facts["paid"] == (*(price.count(colour) for colour in Colour), 0)
    assert f"the {move.unpaid.key} marker is not paid" in caption(examples["A-3.5"])


def test_a_group_of_5_earns_a_bonus_token_and_a_move_splits_it(
    examples: dict[str, Example],
) -> None:
    state, purchase, move = bonus_position()
    assert check_invariants(state) == []
    bought = ankhor.apply(state, purchase)
    moved = ankhor.apply(bought, move)
    assert check_invariants(bought) == []
    assert check_invariants(moved) == []
    earned = examples["A-3.8-bonus"].facts
    assert earned["violations"] == ()
    assert len(earned["group"]) == 5
    tiles = {p.position: p.tile for p in bought.player.tiles}
    assert {tiles[p].colour for p in earned["group"]} == {Colour.GREEN}
    assert earned["bonus"] == (0, 1)
    assert earned["reserve"] == (12, 11)
    split = examples["A-3.8-split"].facts
    assert split["violations"] == ()
    assert isinstance(split["move"], MoveTile)
    assert split["bonus"] == (1, 0)
    assert split["reserve"] == (11, 12)
    assert "from 12 to 11" in caption(examples["A-3.8-bonus"])
    assert "(11 → 12)" in caption(examples["A-3.8-split"])


def test_a_warehouse_receives_and_stores_a_token(examples: dict[str, Example]) -> None:
    bought = examples["A-3.6-bought"].facts
    assert bought["violations"] == ()
    before, after = bought["supply"]
    # the tokens paid go back to the supply, then one of its colour goes on it
    assert after == before + bought["paid"] - 1
    assert bought["stored"]
    stored = examples["A-3.6-stored"].facts
    move = stored["move"]
    assert isinstance(move, StoreTokens)
    assert stored["violations"] == ()
    hand_before, hand_after = stored["hand"]
    assert resources(hand_before) - resources(hand_after) == len(move.warehouses)
    assert set(move.warehouses) <= set(stored["stored"])


def test_a_scribe_gives_a_bonus_turn(examples: dict[str, Example]) -> None:
    facts = examples["A-3.7"].facts
    assert facts["violations"] == ()
    turn, player, bonus = facts["next"]
    at = positions().scribe
    assert turn == facts["turn"] + 1
    assert player == at.state.current  # the same player again
    assert bonus  # a bonus turn
    before, after = facts["turns"]
    assert after == before + 1  # the turn of the purchase counts; the bonus turn will not
    text = caption(examples["A-3.7"])
    assert f"turn {turn}, is Amunet's again: a bonus turn" in text
    assert "·" not in text  # a sentence, not the status line of the table


def test_a_refresh_step_by_step(examples: dict[str, Example]) -> None:
    facts = examples["A-4.2"].facts
    move = facts["move"]
    assert isinstance(move, Refresh)
    assert facts["violations"] == ()
    before, after = facts["offer"]
    gone, removed = facts["removed"]
    assert gone is before[0]
    assert removed is before[0]  # step 1: out of the game
    assert after[:5] == before[1:]  # step 2: shifted left
    state = positions().refresh.state
    assert move.pile is not None
    assert after[5] is state.piles[move.pile][0]  # steps 3 and 4: from the chosen pile
    assert facts["refilled"] == after
    sizes_before, sizes_after = facts["piles"]
    assert sizes_after[move.pile] == sizes_before[move.pile] - 1
    assert len(examples["A-4.2"].svgs) == 4


def test_a_group_of_5_of_one_animal_earns_a_bonus_token(examples: dict[str, Example]) -> None:
    """A-3.8: five adjacent tiles of one animal are a group, whatever their families."""
    facts = examples["A-3.8-animal"].facts
    move = facts["move"]
    assert isinstance(move, BuyTile)
    assert facts["violations"] == ()
    before, after = facts["bonus"]
    assert after == before + 1
    state = positions().animal_bonus.after
    tiles = {p.position: p.tile for p in state.players[state.current].tiles}
    group = facts["group"]
    assert len(group) >= 5
    assert move.position in group
    assert len({tiles[p].kind for p in group}) == 1  # one animal
    assert tiles[move.position].kind in (Kind.JACKAL, Kind.FALCON, Kind.BEETLE)
    assert len({tiles[p].colour for p in group}) > 1  # of several families
    for p in group:  # linked by shared edges within the group
        _level, x, y = p
        assert any(
            (_level, x + dx, y + dy) in group for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
        )
    assert f"group of {len(group)} {tiles[move.position].kind.value}s" in caption(
        examples["A-3.8-animal"]
    )


def test_a_higher_tile_moves_whatever_the_colours_under_it(examples: dict[str, Example]) -> None:
    """A-4.3: a higher tile moves to another place where it rests on four tiles, the
    colour requirement of A-3.5 ignored; the example shows a place none of whose four
    tiles is of the moved tile's family."""
    facts = examples["A-4.3"].facts
    move = facts["move"]
    assert isinstance(move, MoveTile)
    assert facts["violations"] == ()
    assert move.origin[0] >= 1
    assert move.target in facts["targets"]
    after = positions().higher_move.after
    tiles = {p.position: p.tile for p in after.players[after.current].tiles}
    level, x, y = move.target
    under = [tiles.get((level - 1, x + dx, y + dy)) for dx in (0, 1) for dy in (0, 1)]
    assert None not in under  # four tiles under it
    assert facts["colour"] not in {tile.colour for tile in under if tile is not None}
    assert tiles[move.target].colour is facts["colour"]
    text = caption(examples["A-4.3"])
    before = positions().higher_move.state
    stay = {p.position: p.tile for p in before.players[before.current].tiles}
    assert _told_from_a_neighbour(text, stay, move.target)


def test_the_end_of_turn_return_of_excess_tokens(examples: dict[str, Example]) -> None:
    facts = examples["A-3.9"].facts
    move = facts["move"]
    assert isinstance(move, ReturnTokens)
    assert facts["violations"] == ()
    before, after = facts["hand"]
    most, most_ankhs = facts["limits"]
    assert (most, most_ankhs) == (5, 2)
    assert resources(before) > most or before[Token.ANKH] > most_ankhs
    assert resources(after) == min(most, resources(before))
    assert after[Token.ANKH] <= most_ankhs
    assert tuple(b - a for b, a in zip(before, after, strict=True)) == move.tokens


def test_the_13th_tile_and_the_last_round(examples: dict[str, Example]) -> None:
    facts = examples["A-6.1"].facts
    assert facts["violations"] == ()
    assert facts["tiles"] == 13
    assert facts["ending"] == (False, True)
    assert facts["over"]
    turns = facts["turns"]
    assert len(set(turns)) == 1  # every player has played the same number of turns
    at = positions().last
    count = len(at.state.players)
    last = (at.state.config.first - 1) % count
    after = [(at.state.current + k) % count for k in range(1, count)]
    expected = after[: after.index(last) + 1] if last in after else []
    assert facts["others"] == tuple(at.state.players[i].name for i in expected)
    assert facts["others"]  # someone plays after the 13th tile


def test_the_rulebook_s_24_vp_example(examples: dict[str, Example]) -> None:
    position = rulebook_example()
    (player,) = position.players
    assert len(player.tiles) == 13
    assert sum(1 for p in player.tiles if p.level) == 2  # two higher tiles
    sheet = score(position).sheets[0]
    # white 2 + green 5 + red 3; jackals 3 + beetles 2; three value
    # tiles 6 and the bonus token 3; no token left
    assert sheet.stage_totals == (6 + 3, 3 + 2, 2 + 5 + 3, 0)
    assert sheet.total == 24
    lines = Counter((line.rule, line.points) for line in sheet.lines if line.points)
    assert lines == Counter(
        {
            ("A-7.1", 3): 1,
            ("A-7.1", 2): 3,
            ("A-7.2", 3): 1,
            ("A-7.2", 2): 1,
            ("A-7.3", 2): 1,
            ("A-7.3", 5): 1,
            ("A-7.3", 3): 1,
        }
    )
    facts = examples["A-7.6"].facts
    assert facts["total"] == 24
    green = [p for p in player.tiles if p.tile.colour is Colour.GREEN]
    assert len(green) == 5
    jackals = [p for p in player.tiles if p.tile.kind is Kind.JACKAL]
    assert len(jackals) == 4  # 3 in a group and the lone green one


def test_the_rulebook_example_has_every_tile_where_the_rules_let_it_be_placed() -> None:
    (player,) = rulebook_example().players
    base = {(p.x, p.y): p.tile for p in player.tiles if p.level == 0}
    # the base tiles are orthogonally connected (each was placed beside another).
    start = next(iter(base))
    reached, frontier = {start}, [start]
    while frontier:
        x, y = frontier.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in base and near not in reached:
                reached.add(near)
                frontier.append(near)
    assert reached == set(base)
    # a higher tile rests on a 2 x 2 square of base tiles, one of its own colour.
    for higher in (p for p in player.tiles if p.level == 1):
        square = [(higher.x + dx, higher.y + dy) for dx in (0, 1) for dy in (0, 1)]
        assert all(place in base for place in square), higher
        assert higher.tile.colour in {base[place].colour for place in square}, higher


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_captions_are_translated(examples: dict[str, Example], language: str) -> None:
    for example in worked_examples(language):
        english = caption(examples[example.id])
        assert caption(example, language) != english, example.id


def test_every_rule_and_interpretation_has_its_anchor_and_its_text() -> None:
    blocks = rules_blocks("en", pictures=False)
    anchors = [b.anchor for b in blocks if isinstance(b, Heading) and b.anchor]
    ids = [text.id for text in rule_texts()]
    assert set(ids) <= set(anchors)
    assert len(anchors) == len(set(anchors))
    assert len(ids) == 43 + 19  # with their rules, Q-1 to Q-19


def test_the_sections_follow_the_printed_rulebook() -> None:
    blocks = rules_blocks("en", pictures=False)
    anchors = [b.anchor for b in blocks if isinstance(b, Heading) and b.anchor]
    order = [
        "A-1",
        "A-2",
        "A-3",
        "A-3.2",
        "A-3.3",
        "ankhor-special-cases",
        "A-3.5",
        "A-4",
        "A-6",
        "A-7",
        "A-7.5",
        "ankhor-other-tiles",
        "A-3.6",
        "A-3.7",
        "ankhor-interpretations",
        "ankhor-glossary",
    ]
    assert [anchors.index(a) for a in order] == sorted(anchors.index(a) for a in order)


def test_every_rule_sits_one_level_under_its_section() -> None:
    """A-1.1 as A-3.1: the sections A-1 to A-8 are the document's parts (or sit in one,
    as A-3.5 in "Special cases" and A-3.6 in "The other tiles"), and each rule one level
    under them, A-7.5 (victory) too: it is a rule of A-7, not a part of its own."""
    levels = {
        b.anchor: b.level
        for b in rules_blocks("en", pictures=False)
        if isinstance(b, Heading) and b.anchor
    }
    sections = {rule for rule in levels if re.fullmatch(r"A-\d", rule)}
    rules = {rule for rule in levels if re.fullmatch(r"A-\d\.\d", rule)}
    assert {levels[s] for s in sections} == {2}
    assert {levels[r] for r in rules} == {3}


def test_victory_comes_before_the_scoring_example() -> None:
    """A-7's rules in the order of their ids: who wins (A-7.5) is told before the
    rulebook's scoring example (A-7.6) and its score sheet."""
    blocks = rules_blocks("en", pictures=False)
    anchors = [b.anchor for b in blocks if isinstance(b, Heading) and b.anchor]
    scoring = [a for a in anchors if a.startswith("A-7.")]
    assert scoring == ["A-7.1", "A-7.2", "A-7.3", "A-7.4", "A-7.5", "A-7.6"]


def test_each_example_sits_under_the_rule_it_shows() -> None:
    blocks = rules_blocks("en")
    rule = None
    for block in blocks:
        if isinstance(block, Heading) and block.anchor:
            rule = block.anchor
        if isinstance(block, Figure) and block.name != "ankhor-key":
            assert block.name == rule or block.name.startswith(f"{rule}-"), (block.name, rule)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_document_in_every_format(language: str) -> None:
    html = rules_document(language, "html")
    assert f'<html lang="{language}">' in html
    cited = set(re.findall(r'href="#([^"]+)"', html))
    anchors = set(re.findall(r' id="([^"]+)"', html))
    assert cited
    assert cited <= anchors
    assert html.count("<svg") == 1 + sum(len(e.svgs) for e in worked_examples(language))
    markdown = rules_document(language, "md")
    files = rules_pictures(language)
    assert set(re.findall(r"\]\(([^)]+\.svg)\)", markdown)) == set(files)
    rst = rules_document(language, "rst")
    assert ".. _A-3.5:" in rst
    # the rulebook's total, computed by the scoring pipeline
    points = {"en": "24 victory points", "fr": "24 points de victoire"}
    points |= {"pl": "24 punkty zwycięstwa", "nl": "24 overwinningspunten"}
    assert points[language] in markdown


def test_polish_victory_points_take_their_three_forms() -> None:
    from fertility_rules.ankhor.document.rules_document import victory_points

    forms = [render(victory_points(n), "pl") for n in (1, 2, 5, 22, 25)]
    assert forms == [
        "1 punkt zwycięstwa",
        "2 punkty zwycięstwa",
        "5 punktów zwycięstwa",
        "22 punkty zwycięstwa",
        "25 punktów zwycięstwa",
    ]


def test_a_purchase_names_the_tile_it_shows(examples: dict[str, Example]) -> None:
    facts = examples["A-3.3"].facts
    move = facts["move"]
    assert isinstance(move, BuyTile)
    root = ET.fromstring(examples["A-3.3"].svgs[0])
    slots = [s for s in root.iter() if "slot" in (s.get("class") or "").split()]
    assert slots[move.slot].get("data-tile") == facts["tile"].id


def _texts(svg: str) -> list[str]:
    return ["".join(node.itertext()) for node in ET.fromstring(svg).iter(f"{SVG}text")]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_setup_picture_numbers_its_parts_and_is_headed_as_a_setup(language: str) -> None:
    example = next(e for e in worked_examples(language) if e.id == "A-2-2")
    (svg,) = example.svgs
    root = ET.fromstring(svg)
    numbers = sorted(
        int(node.get("data-number", "0"))
        for node in root.iter(f"{SVG}g")
        if "callout" in (node.get("class") or "").split()
    )
    assert numbers == list(range(1, 10))
    text = caption(example, language)
    for number in numbers:  # each number is named in the caption ("1: ", French "1 : ")
        assert re.search(rf"(^|; |\. ){number}\s?:", text), (number, text)
    # the heading says what the picture is, not whose turn it is (nobody holds an ankh yet)
    title = render(ngettext("Setup for {n} player", "Setup for {n} players", 2), language)
    assert root.findtext(f"{SVG}title") == title
    assert title in _texts(svg)
    assert not any("·" in line for line in _texts(svg))


def test_ankh_tokens_you_can_spend_and_one_you_cannot() -> None:
    """A-4.1 as the rulebook's "you can / you can also / you cannot": every step is
    played again here by the referee, from the real position of the seeded game."""
    timing = ankh_timing()
    start = timing.start
    seat = start.current
    assert start.players[seat].tokens[Token.ANKH] == 2  # held since an earlier turn
    assert start.progress.ankhs_taken == 0
    for moves, kinds in (
        (timing.first, (Refresh, MoveTile, BuyTile)),
        (timing.second, (Refresh, BuyTile, Refresh)),
    ):
        assert tuple(type(move) for move in moves) == kinds
        state = start
        for move in moves:
            assert ankhor.violations(state, move) == (), move
            after = ankhor.apply(state, move)
            # no bonus token changes hands and the layout stays whole: no reading of
            # is involved in the example
            assert after.players[seat].bonus == state.players[seat].bonus
            assert after.reserve == state.reserve
            state = after
        assert state.players[seat].tokens[Token.ANKH] == 0  # both ankh tokens spent
    examples = {e.id: e for e in worked_examples("en")}
    assert examples["A-4.1-can"].facts["violations"] == ((), (), ())
    assert examples["A-4.1-also"].facts["violations"] == ((), (), ())
    # You cannot: ankh tokens taken this turn; the referee offers no ankh action again in it
    taken = timing.taken
    take = taken.move
    assert isinstance(take, ankhor.TakeTokens)
    assert take.tokens[Token.ANKH] > 0
    assert taken.state.players[seat].tokens[Token.ANKH] == 0
    after = ankhor.apply(taken.state, take)
    same_turn = after.turn == taken.state.turn and after.current == seat
    assert not (same_turn and after.phase in (ankhor.Phase.MAIN, ankhor.Phase.AFTER))
    for state in timing.rest_of_turn:
        assert not [m for m in ankhor.legal_moves(state) if isinstance(m, (Refresh, MoveTile))]
        assert ankhor.violations(state, Refresh(0))
    text = caption(examples["A-4.1-cannot"])
    assert f"In turn {taken.state.turn} " in text
    assert "holding no ankh token" in text


def test_the_a3_8_move_is_legal_under_the_default_reading_of_q5_only(
    examples: dict[str, Example],
) -> None:
    facts = examples["A-3.8-split"].facts
    assert facts["violations"] == ()
    assert facts["joined"] is False  # the layout falls into two parts
    (refused,) = facts["connected"]  # under the alternative reading the referee refuses it
    assert refused.rule == "A-4.3"
    assert "Q-5" in render(refused.message, "en")
    assert caption(examples["A-3.8-split"]).endswith("(Q-5).")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_end_of_the_game_shows_scores_ranks_and_the_winner(language: str) -> None:
    example = next(e for e in worked_examples(language) if e.id == "A-6.1")
    end = positions().last.game.states[-1]
    report = ankhor.final_scores(end)
    root = ET.fromstring(example.svgs[1])
    standings = [
        (int(node.get("data-points", "-1")), int(node.get("data-rank", "-1")))
        for node in root.iter(f"{SVG}g")
        if "standing" in (node.get("class") or "").split()
    ]
    assert standings == [(sheet.total, sheet.rank) for sheet in report.sheets]
    heading = root.findtext(f"{SVG}title") or ""
    for winner in report.winners:
        assert winner in heading
    best = max(sheet.total for sheet in report.sheets)
    assert str(best) in heading
    text = caption(example, language)
    for sheet in report.sheets:
        assert str(sheet.total) in text


def test_the_scoring_page_reminders_score_as_the_rules_say(examples: dict[str, Example]) -> None:
    """The reminders of the printed scoring page: each row of tiles side by side scores 1
    VP a tile when it has 2 or more (A-7.2 animals, A-7.3 colours), nothing alone; tokens
    left score 1 VP per full 3 (A-7.4). Worked out here from the rows themselves."""
    animals = examples["A-7.2-reminder"].facts
    for row, points in zip(animals["layouts"], animals["points"], strict=True):
        assert len({p.tile.kind for p in row}) == 1
        assert all(a.tile.colour is not b.tile.colour for a, b in itertools.pairwise(row))
        assert points == (len(row) if len(row) >= 2 else 0)
    assert animals["points"] == (3, 2, 0)
    colours = examples["A-7.3-reminder"].facts
    for row, points in zip(colours["layouts"], colours["points"], strict=True):
        assert len({p.tile.colour for p in row}) == 1
        assert not any(p.tile.kind.is_animal for p in row)
        assert points == (len(row) if len(row) >= 2 else 0)
    assert colours["points"] == (3, 2, 0)
    tokens = examples["A-7.4-reminder"].facts
    assert [sum(hand) for hand in tokens["hands"]] == [3, 5, 2]
    assert tokens["points"] == (1, 1, 0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reminders_show_their_points_under_each_case(language: str) -> None:
    for example in worked_examples(language):
        if not example.id.endswith("-reminder"):
            continue
        svg = ET.fromstring(example.svgs[0])
        cases = svg.findall(f"{SVG}g[@class='case']")
        shown = ["".join(case.find(f"{SVG}text").itertext()) for case in cases]  # type: ignore[union-attr]
        expected = [
            render(ngettext("{n} VP", "{n} VP", n), language) for n in example.facts["points"]
        ]
        assert shown == expected
