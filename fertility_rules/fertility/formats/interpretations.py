"""The interpretation switches as JSON: switch names to enum values.

Records written before the specification split its ids ("Interpretations", "Reading
old records") also hold the former settled and retired options. They are read when
they hold their single former value, refused otherwise, and dropped: only the
switches are kept, and only the switches are written.
"""

from __future__ import annotations

from typing import Any

from cattrs import Converter

from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.fertility.formats.converter import converter_for, format_hooks, structure
from fertility_rules.fertility.interpretations import INTERPRETATION_INFO, Interpretations
from fertility_rules.formats.base import _object_hook
from fertility_rules.i18n.message import _

__all__ = ["FORMER_OPTIONS", "dump_interpretations", "read_interpretations"]

FORMER_OPTIONS: dict[str, tuple[str, str]] = {
    info.former[0]: (info.id, info.former[1])
    for info in INTERPRETATION_INFO
    if info.former is not None
}
"""Former option name -> (its id, the single value an old record may hold)."""


def _former_problems(value: dict[Any, Any]) -> list[Problem]:
    problems = []
    for name, (interpretation_id, allowed) in FORMER_OPTIONS.items():
        if name in value and value[name] != allowed:
            message = _(
                "the former option {name!r} ({id}) is no longer a switch: an old record may "
                "only hold {allowed!r} (specification, Interpretations, Reading old records)",
                name=name,
                id=interpretation_id,
                allowed=allowed,
            )
            problems.append(Problem(name, message, interpretation_id))
    return problems


@format_hooks
def _hooks(converter: Converter) -> None:
    switches = _object_hook(Interpretations, converter)

    def read(value: object, _type: type) -> Interpretations:
        if isinstance(value, dict):
            problems = _former_problems(value)
            if problems:
                raise MalformedInputError(problems)
            value = {k: v for k, v in value.items() if k not in FORMER_OPTIONS}
        result: Interpretations = switches(value, Interpretations)
        return result

    converter.register_structure_hook(Interpretations, read)


def dump_interpretations(options: Interpretations) -> dict[str, Any]:
    """The switches as JSON-like data (enum values)."""
    data: dict[str, Any] = converter_for().unstructure(options)
    return data


def read_interpretations(data: object, path: str = "$.interpretations") -> Interpretations:
    """Switches from JSON-like data; missing keys take their default, former keys are checked."""
    return structure(data, Interpretations, path=path)
