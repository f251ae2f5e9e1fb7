"""Worked examples of the components (R-1) and of the setup (R-2).

The printed rulebooks show each component and number the parts of the setup picture;
here the components are the catalogue's own, drawn at a readable size, and the setup
is a seeded 4-player game split into its central board, its common area and one
player's area, each part numbered and the numbers explained in the caption.
"""

from __future__ import annotations

from fertility_rules.document.example import EXAMPLE_PLAYERS, Example
from fertility_rules.fertility.catalogue.catalogue import Catalogue
from fertility_rules.fertility.effects.registry import describe_shop
from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.resources import Icon
from fertility_rules.fertility.model.shop import icons_text
from fertility_rules.fertility.setup import new_game
from fertility_rules.fertility.svg import (
    board,
    common_area,
    district,
    metropolis,
    monuments,
    player_area,
    start_tile,
    tile,
)
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.lists import series
from fertility_rules.i18n.message import Message, _, ngettext

__all__ = ["component_examples", "setup_examples"]


def _anatomy_district(catalogue: Catalogue) -> District:
    """A District costing resources whose first Shop requires two icons of one resource, as
    the rulebooks' "this Shop requires 2 Bovines" (else the first District costing any)."""
    costing = [d for d in catalogue.districts if d.cost]
    for candidate in costing:
        needs = candidate.shops[0].requires
        if len(needs) == 2 and needs[0] == needs[1] and needs[0] is not Icon.ANY:
            return candidate
    return costing[0] if costing else catalogue.districts[0]


def component_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    """A Valley tile, the starting tile, a District and its Shop, a Metropolis board and
    the Monuments, as the catalogue gives them."""
    valley_tile = next(
        (t for t in catalogue.valley_tiles if t.scenes[0] is not t.scenes[1]),
        catalogue.valley_tiles[0],
    )
    shown = _anatomy_district(catalogue)
    first = shown.shops[0]
    board_item = catalogue.metropolis_boards[0]
    return [
        Example(
            "R-1.3-tile",
            "R-1.3",
            _(
                "A Valley tile ({tile}): two squares, each a scene of one resource, here "
                "{first} and {second}.",
                tile=valley_tile.id,
                first=valley_tile.scenes[0].label,
                second=valley_tile.scenes[1].label,
            ),
            (tile(valley_tile, lang=lang, scale=1.5, provenance=True),),
            {"tile": valley_tile.id, "scenes": valley_tile.scenes},
        ),
        Example(
            "R-1.3-start",
            "R-1.3",
            _("The starting tile shows the four kinds of scene; 2 by 2 squares by default (I-14)."),
            (start_tile(catalogue.start_tile, lang=lang, scale=1.5, provenance=True),),
            {"scenes": catalogue.start_tile.scenes},
        ),
        Example(
            "R-1.5-district",
            "R-1.5",
            _(
                "District {id}. 1: its building cost, {cost} (R-1.5). 2: the requirement of "
                "its first Shop, {requires} (R-1.6). 3: that Shop's benefit, earned once the "
                "Shop is fully supplied (R-6). Read a Shop from left to right: {shop}.",
                id=shown.id,
                cost=_cost(shown.cost),
                requires=icons_text(first.requires),
                shop=describe_shop(first, catalogue.registry),
            ),
            (
                district(
                    shown,
                    lang=lang,
                    registry=catalogue.registry,
                    provenance=True,
                    scale=1.6,
                    callouts={"cost": 1, "requirement": 2, "benefit": 3},
                ),
            ),
            {"district": shown.id, "cost": shown.cost, "requires": first.requires},
        ),
        Example(
            "R-1.7-board",
            "R-1.7",
            _(
                "Metropolis board {id}. 1: its 4 starting Shops; 2: the 7 spots for Districts; "
                "3: the Wheat Storehouse track; 4: the Statues scale.",
                id=board_item.id,
            ),
            (
                metropolis(
                    board_item,
                    lang=lang,
                    provenance=True,
                    registry=catalogue.registry,
                    callouts={"starting-shops": 1, "spots": 2, "wheat": 3, "statues": 4},
                ),
            ),
            {"board": board_item.id, "shops": len(board_item.shops), "spots": board_item.spots},
        ),
        Example(
            "R-1.8-monuments",
            "R-1.8",
            ngettext(
                "The Monument type, in the colour of the player who owns it.",
                "The {n} Monument types, each in the colour of the player who owns it.",
                len(catalogue.monuments.types),
            ),
            (monuments(catalogue.monuments.types, lang=lang, scale=1.5),),
            {"types": catalogue.monuments.types},
        ),
    ]


def _cost(cost: int) -> Message:
    if cost == 0:
        return _("free")
    return ngettext("{n} resource of any kind", "{n} resources of any kinds", cost)


SETUP_SEED = 2018
"""The seed of the setup pictures (the ``demo`` command's)."""


def setup_examples(catalogue: Catalogue, lang: Language) -> list[Example]:
    """The setup for 2 or 3 players (the central board: 3 Valley boards, R-1.4), and for 4
    players in three numbered pictures: the central board, the common area, one
    player's area."""
    out = []
    for players in (3, 4):
        state = new_game(EXAMPLE_PLAYERS[:players], seed=SETUP_SEED, catalogue=catalogue)
        grid = state.config.layout
        start = next(t for t in state.valley.tiles if t.tile == "start")
        facts = {
            "players": players,
            "boards": len(grid.boards),
            "common_pool": len(state.common_pool),
            "offer": len(state.offer),
            "pools": tuple(len(p.pool) for p in state.players),
            "pile": len(state.pile),
            "deck": len(state.district_deck),
        }
        if players < 4:
            out.append(
                Example(
                    f"R-2-{players}",
                    "R-2",
                    _(
                        "Setup for 2 or 3 players: the central board of {boards} Valley "
                        "boards with the starting tile; the rest as with 4 players below.",
                        boards=len(grid.boards),
                    ),
                    (board(state, lang=lang),),
                    facts,
                )
            )
            continue
        parts: list[Message | str] = [
            _(
                "1: the central board of {boards} Valley boards (R-1.4, R-2.1)",
                boards=len(grid.boards),
            ),
            _("2: the starting tile, on the start symbol nearest the centre (R-2.1)"),
            _("3: the Common Pool, 3 tiles face up (R-2.3)"),
            _("4: the District offer, 4 Districts face up (R-2.5)"),
            ngettext(
                "5: the Valley pile, {n} tile face down (R-2.2)",
                "5: the Valley pile, {n} tiles face down (R-2.2)",
                len(state.pile),
            ),
            ngettext(
                "6: the District deck, {n} District face down (R-2.5)",
                "6: the District deck, {n} Districts face down (R-2.5)",
                len(state.district_deck),
            ),
            _("7: the Stock of resource tokens (R-1.1)"),
            _("8: a Metropolis board, one per player, with its 4 starting Shops (R-2.4)"),
            _("9: its 7 spots for Districts"),
            _("10: the Wheat marker on 0 (R-2.4)"),
            _("11: the Statues scale"),
            _("12: the player's 4 Monuments (R-2.6)"),
            _("13: the Personal Pool, 3 tiles face up (R-2.3)"),
        ]
        out.append(
            Example(
                "R-2-4",
                "R-2",
                _("Setup for 4 players. {parts}.", parts=series(parts)),
                (
                    board(state, lang=lang, callouts={0: 1, start.squares[0]: 2}),
                    common_area(
                        state,
                        lang=lang,
                        callouts={"common-pool": 3, "offer": 4, "pile": 5, "deck": 6, "stock": 7},
                    ),
                    player_area(
                        state,
                        0,
                        lang=lang,
                        callouts={
                            "starting-shops": 8,
                            "spots": 9,
                            "wheat": 10,
                            "statues": 11,
                            "monuments": 12,
                            "personal-pool": 13,
                        },
                    ),
                ),
                facts,
            )
        )
    return out
