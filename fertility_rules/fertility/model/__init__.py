"""The immutable domain model: resources, Shops, Districts, boards, Metropolis."""

from fertility_rules.fertility.model.district import District
from fertility_rules.fertility.model.metropolis import (
    MAX_MONUMENTS,
    SPOTS,
    Metropolis,
    MetropolisBoard,
    Track,
)
from fertility_rules.fertility.model.resources import (
    NO_TOKENS,
    RESOURCES,
    Counts,
    Icon,
    MonumentType,
    Resource,
    add_counts,
    add_token,
    counts_of,
    shared_counts,
    sub_counts,
    tokens_of,
)
from fertility_rules.fertility.model.shop import Benefit, Shop, ShopState, icons_text
from fertility_rules.fertility.model.valley import (
    BOARD_HEIGHT,
    BOARD_WIDTH,
    SQUARE_LEGEND,
    BoardSquare,
    Ground,
    StartTile,
    ValleyBoard,
    ValleyTile,
)
from fertility_rules.shared.provenance import Provenance, Source
from fertility_rules.shared.sequences import Chain, Rest

__all__ = [
    "BOARD_HEIGHT",
    "BOARD_WIDTH",
    "MAX_MONUMENTS",
    "NO_TOKENS",
    "RESOURCES",
    "SPOTS",
    "SQUARE_LEGEND",
    "Benefit",
    "BoardSquare",
    "Chain",
    "Counts",
    "District",
    "Ground",
    "Icon",
    "Metropolis",
    "MetropolisBoard",
    "MonumentType",
    "Provenance",
    "Resource",
    "Rest",
    "Shop",
    "ShopState",
    "Source",
    "StartTile",
    "Track",
    "ValleyBoard",
    "ValleyTile",
    "add_counts",
    "add_token",
    "counts_of",
    "icons_text",
    "shared_counts",
    "sub_counts",
    "tokens_of",
]
