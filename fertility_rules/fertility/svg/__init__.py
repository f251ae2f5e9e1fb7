"""Pictures of Fertility as SVG: every component, the board, a whole table.

Each function returns an :class:`SvgImage`, a ``str`` holding one standalone
``<svg>`` element (``viewBox`` sized, so it scales; no ``id`` attributes, so several
can be inlined in one HTML page). Jupyter and IPython display it as a picture.
Texts follow ``lang`` (``"en"``, ``"fr"``, ``"pl"``, ``"nl"``); square names follow
:mod:`fertility_rules.fertility.model.coordinates` (``a1`` top left, letters left to right,
numbers top to bottom). No dependency beyond the standard library.

API:

- ``tile(valley_tile)``, ``start_tile(start_tile)`` — a Valley tile, the starting tile.
- ``shop(shop, tokens=(0, 0, 0, 0))`` — requirement icons, tokens on them, benefit.
- ``district(district, tokens=())`` — id, cost and Shops (``tokens`` per Shop).
- ``metropolis(metropolis_or_board_or_player, player=None)`` — starting Shops,
  Districts on their spots with their tokens, the Wheat track and its marker, the
  Statues scale; for a :class:`~fertility_rules.fertility.state.PlayerState` also the
  name, Monuments left and supply.
- ``board(state_or_layout, *, valley=None, monument_types=(), highlights=(),
  last_move=None, legal_squares=(), closed_quarries=(), harvest_sources=(),
  coordinates=True, size=40)`` — the central board; ``last_move`` is a move or squares.
- ``placement_squares(state, tile=None)`` — the squares where a tile may be laid, to
  pass as ``legal_squares``.
- ``valley_board(valley_board, rotated=False)`` — one printed Valley board.
- ``table(state, *, last_move=None, heading=None)`` — board, Common Pool, offer, Stock,
  piles, every Metropolis with its Personal Pool; scores, ranks and winners at the end.
- ``common_area(state)``, ``player_area(state, player)`` — parts of the table, for
  pictures at a readable size (with numbered ``callouts`` if wanted).
- ``legend()`` — the key to every symbol used.
- ``catalogue_sheet(catalogue)`` / ``catalogue_page(catalogue)`` — every component of a
  catalogue, reconstructed items framed and labelled (SVG / self-contained HTML).

The functions live in ``components`` (tiles, Shops, Districts), ``valley`` (the
central board), ``metropolises``, ``overview`` (the table), ``catalogue`` and ``key``;
``_style`` holds the colours and pictograms they share.

Every function takes ``lang=`` and the component functions ``provenance=True`` to mark
reconstructed items. Drawn things carry classes and data attributes (``class="tile"``,
``data-square="c4"``, ``class="token token-grapes"``, ``class="monument"``,
``class="district"``, ``class="wheat-marker" data-wheat="3"``) so that programs and tests
can find them.
"""

from fertility_rules.drawing.image import SvgImage
from fertility_rules.fertility.svg.catalogue import catalogue_page, catalogue_sheet
from fertility_rules.fertility.svg.components import (
    district,
    monuments,
    shop,
    socket_tokens,
    start_tile,
    tile,
)
from fertility_rules.fertility.svg.key import legend
from fertility_rules.fertility.svg.metropolises import metropolis
from fertility_rules.fertility.svg.overview import common_area, player_area, table
from fertility_rules.fertility.svg.valley import (
    board,
    move_squares,
    placement_squares,
    valley_board,
)

__all__ = [
    "SvgImage",
    "board",
    "catalogue_page",
    "catalogue_sheet",
    "common_area",
    "district",
    "legend",
    "metropolis",
    "monuments",
    "move_squares",
    "placement_squares",
    "player_area",
    "shop",
    "socket_tokens",
    "start_tile",
    "table",
    "tile",
    "valley_board",
]
