"""Pictures of Ankh'or as SVG: every tile, a player's layout, the offer, the whole table.

Each function returns an :class:`~fertility_rules.fertility.svg.SvgImage`, a ``str`` holding one
standalone ``<svg>`` element (``viewBox`` sized, no ``id`` attributes, shown as a picture
by Jupyter), in the visual language and with the legend conventions of Fertility's
pictures (:mod:`fertility_rules.fertility.svg`). Texts follow ``lang``; positions are written as
the notation writes them (``0,1`` on the base, ``1:0,0`` above it). No dependency beyond
the standard library.

API:

- ``tile(tile, stored=False)`` — a tile: its family's colour and its kind's pictogram.
- ``layout(state_or_player, player=None, *, last_move=None, legal_places=(),
  highlights=(), bonus=())`` — a player's tiles on every level, the links of their
  groups and the groups of 2 or more.
- ``legal_places(state, slot=None)`` — where the player to move may put a tile, to pass
  as ``legal_places``; ``bonus_group(tiles, position, same_level)`` — the group of 5 or
  more a tile belongs to, to pass as ``bonus``.
- ``offer(state, *, marked=())`` — the price board, its markers and the offer.
- ``hand(tokens, *, title=None)`` — tokens held, by kind.
- ``layout_cases(layouts, labels, *, title)`` / ``token_cases(hands, labels, *, title)``
  — small layouts or sets of tokens side by side, each over its label (what it scores).
- ``table(state, *, last_move=None, mover=None)`` — the offer, the supply, the bonus
  reserve, the draw piles' sizes, the removed tiles and every player.
- ``legend()`` — the key to every symbol.
- ``catalogue_sheet(catalogue)`` / ``catalogue_page(catalogue)`` — every component,
  reconstructed items framed and labelled (SVG / self-contained HTML).

Drawn things carry classes and data attributes (``class="tile higher"``,
``data-position="1:0,0"``, ``class="slot" data-slot="3"``, ``class="price-marker"
data-colour="red"``, ``class="group bonus-group" data-size="5"``,
``class="supply-count" data-token="ankh"``) so that programs and tests can find them.
"""

from fertility_rules.ankhor.svg.cases import layout_cases, token_cases
from fertility_rules.ankhor.svg.catalogue import catalogue_page, catalogue_sheet
from fertility_rules.ankhor.svg.key import legend
from fertility_rules.ankhor.svg.layouts import bonus_group, layout, legal_places
from fertility_rules.ankhor.svg.offer import hand, offer, price_slots
from fertility_rules.ankhor.svg.table import table
from fertility_rules.ankhor.svg.tiles import tile
from fertility_rules.drawing.image import SvgImage

__all__ = [
    "SvgImage",
    "bonus_group",
    "catalogue_page",
    "catalogue_sheet",
    "hand",
    "layout",
    "layout_cases",
    "legal_places",
    "legend",
    "offer",
    "price_slots",
    "table",
    "tile",
    "token_cases",
]
