"""Final positions of Ankh'or as JSON (``fertility-rules/ankhor-final-position/1``): what
the ``score`` command reads, written by hand or by :func:`dump_final_position`.

Each player lists their tiles (by catalogue id, at ``[level, x, y]``), the tokens they
have left and their bonus tokens; the catalogue (``"default"`` or embedded) gives the
tiles and the points of a bonus token, and Q-3 which higher tiles are adjacent.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from attrs import field, frozen
from cattrs import Converter

from fertility_rules.ankhor.arguments import catalogue_needed, position_needed, require
from fertility_rules.ankhor.catalogue import Catalogue
from fertility_rules.ankhor.formats import keys as _keys  # noqa: F401 - registers the hooks
from fertility_rules.ankhor.formats.catalogue import default_catalogue
from fertility_rules.ankhor.formats.converter import converter_with, structure_document
from fertility_rules.ankhor.formats.moves import TokenCounts
from fertility_rules.ankhor.formats.state import (
    PlacedDocument,
    catalogue_entry,
    placed_documents,
    read_catalogue_entry,
    read_counts,
    read_layout,
)
from fertility_rules.ankhor.interpretations import HigherNeighbours
from fertility_rules.ankhor.layout import supporters
from fertility_rules.ankhor.model import TOKENS
from fertility_rules.ankhor.scoring import FinalPosition, PlayerPosition
from fertility_rules.arguments import checked_arguments
from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.formats.documents import join, read_document
from fertility_rules.formats.limits import DEFAULT_LIMITS, Limits, bound_problems
from fertility_rules.i18n.message import _
from fertility_rules.shared.players import name_problems

__all__ = [
    "FINAL_POSITION_FORMAT",
    "dump_final_position",
    "load_final_position",
    "read_final_position",
]

FINAL_POSITION_FORMAT = "fertility-rules/ankhor-final-position/1"


@frozen(kw_only=True)
class _Player:
    name: str
    tiles: tuple[PlacedDocument, ...] = ()
    tokens: TokenCounts = field(factory=TokenCounts)
    bonus_tokens: int = 0


@frozen(kw_only=True)
class _Document:
    catalogue: Catalogue | None = None
    higher_neighbours: HigherNeighbours = HigherNeighbours.SAME_LEVEL
    players: tuple[_Player, ...]


def _catalogue_hook(converter: Converter, value: object) -> Catalogue | None:
    return read_catalogue_entry(value)


def _player(
    catalogue: Catalogue, document: _Player, path: str, problems: list[Problem]
) -> PlayerPosition:
    tiles = read_layout(catalogue, document.tiles, join(path, "tiles"), problems)
    positions = [item.at for item in document.tiles]
    for index, item in enumerate(document.tiles):
        where = join(join(join(path, "tiles"), index), "at")
        if item.at in positions[:index]:
            problems.append(Problem(where, _("two tiles are at one position"), "A-3.4"))
        elif item.at[0] > 0 and not all(under in positions for under in supporters(item.at)):
            message = _(
                "the tile at {position} does not rest on four tiles", position=str(list(item.at))
            )
            problems.append(Problem(where, message, "A-3.5"))
    tokens = read_counts(document.tokens, join(path, "tokens"), problems)
    problems += bound_problems(join(path, "bonus_tokens"), document.bonus_tokens, 0)
    return PlayerPosition(document.name, tiles, tokens, document.bonus_tokens)


@checked_arguments
def read_final_position(
    data: object, source: str | None = None, catalogue: Catalogue | None = None
) -> FinalPosition:
    """Validate ``data`` into a :class:`~fertility_rules.ankhor.scoring.FinalPosition`;
    ``catalogue`` is used when the document names none. Every problem has its path."""
    converter = converter_with({Catalogue: _catalogue_hook})
    document = structure_document(
        data, _Document, FINAL_POSITION_FORMAT, source, converter=converter
    )
    used = document.catalogue or (default_catalogue() if catalogue is None else catalogue)
    problems: list[Problem] = []
    if not 1 <= len(document.players) <= 4:
        message = _("a final position has 1 to 4 players, not {n}", n=len(document.players))
        problems.append(Problem("$.players", message, "A-2.1"))
    problems += name_problems([player.name for player in document.players], "$.players", ".name")
    players = tuple(
        _player(used, player, join("$.players", i), problems)
        for i, player in enumerate(document.players)
    )
    twice = Counter(item.tile for player in document.players for item in player.tiles)
    for tile_id, count in sorted(twice.items()):
        if count > 1:
            message = _(
                "the tile {tile!r} is in the game {n} times, not once", tile=tile_id, n=count
            )
            problems.append(Problem("$.players", message, "A-1.2"))
    for kind in TOKENS:
        total = sum(p.tokens[kind] for p in players)
        if total > used.tokens.per_kind:
            message = _(
                "the players have {total} {kind} tokens; the game has {n}",
                total=total,
                kind=kind.key,
                n=used.tokens.per_kind,
            )
            problems.append(Problem("$.players", message, "A-1.1"))
    if sum(p.bonus for p in players) > used.bonus.count:
        message = _("the game has {n} bonus tokens", n=used.bonus.count)
        problems.append(Problem("$.players", message, "A-1.4"))
    if problems:
        raise MalformedInputError(problems, source, FINAL_POSITION_FORMAT)
    return FinalPosition(players, used.bonus.points, document.higher_neighbours)


@checked_arguments
def load_final_position(
    path: str | Path, catalogue: Catalogue | None = None, limits: Limits = DEFAULT_LIMITS
) -> FinalPosition:
    """The final position in the JSON file ``path`` (``-``: standard input)."""
    return read_final_position(read_document(path, limits), str(path), catalogue)


@checked_arguments
def dump_final_position(
    position: FinalPosition, catalogue: Catalogue | None = None
) -> dict[str, Any]:
    """The JSON form of ``position`` (its tiles from ``catalogue``, the default one when
    ``None``), read back equal by :func:`read_final_position`."""
    require(position, FinalPosition, "position", position_needed)
    if catalogue is not None:
        require(catalogue, Catalogue, "catalogue", catalogue_needed)
    converter = converter_with({})
    return {
        "format": FINAL_POSITION_FORMAT,
        "catalogue": catalogue_entry(catalogue or default_catalogue()),
        "higher_neighbours": position.higher_neighbours.value,
        "players": [
            converter.unstructure(
                _Player(
                    name=player.name,
                    tiles=placed_documents(player.tiles),
                    tokens=TokenCounts.of(player.tokens),
                    bonus_tokens=player.bonus,
                )
            )
            for player in position.players
        ],
    }
