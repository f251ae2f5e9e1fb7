"""Numbers for machine learning: a fixed action index space with masks and a numeric
observation of a view, documented section by section (pure Python; the ``rl`` extra
adds the PettingZoo and OpenSpiel adapters over them). The functions here are
Fertility's; :mod:`fertility_rules.encoding.ankhor` has the same for Ankh'or."""

from fertility_rules.encoding.fertility import (
    action_count,
    action_index,
    action_layout,
    action_mask,
    action_move,
    action_space,
    observation_layout,
    observation_size,
    observation_vector,
)

__all__ = [
    "action_count",
    "action_index",
    "action_layout",
    "action_mask",
    "action_move",
    "action_space",
    "observation_layout",
    "observation_size",
    "observation_vector",
]
