"""Any combination of a game's interpretation switches, as a hypothesis strategy."""

from __future__ import annotations

import enum
from typing import Any, TypeVar

from attrs import fields
from hypothesis import strategies as st

__all__ = ["switch_combinations"]

I = TypeVar("I")  # noqa: E741 - an interpretations class


def switch_combinations(kind: type[I]) -> st.SearchStrategy[I]:
    """Values of ``kind`` (an attrs class whose every field is one enumeration's member,
    a game's interpretations), each field drawn from all its members: every combination
    of the readings is playable."""
    options: dict[str, st.SearchStrategy[Any]] = {}
    defaults = kind()
    for attribute in fields(kind):  # type: ignore[arg-type]
        members: type[enum.Enum] = type(getattr(defaults, attribute.name))
        options[attribute.name] = st.sampled_from(list(members))
    return st.fixed_dictionaries(options).map(lambda values: kind(**values))
