"""The rules a whole catalogue obeys (R-1, R-5.3, R-5.4), reported with the file's paths.

Each item checks itself on construction (a District its cost and Shops, a board its
squares...); these checks look across items and sections. The catalogue runs them
all on construction; the file reader runs a section's check as soon as the section
is read, so that a document with broken items still gets every problem at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from fertility_rules.errors import Problem
from fertility_rules.fertility.effects.base import ParamType
from fertility_rules.fertility.effects.registry import EffectRegistry
from fertility_rules.fertility.model.resources import MonumentType
from fertility_rules.fertility.model.shop import Shop
from fertility_rules.i18n.message import _, echo

__all__ = [
    "COUNTS",
    "count_problems",
    "god_problems",
    "id_problems",
    "monument_problems",
    "shop_god_problems",
    "stock_problems",
]

COUNTS = {"valley_boards": 4, "valley_tiles": 50, "metropolis_boards": 4, "districts": 40}
"""How many of each component the printed game has (R-1.4, R-2.2, R-1.7, R-1.5)."""


def count_problems(section: str, found: int) -> list[Problem]:
    n = COUNTS[section]
    if found == n:
        return []
    message = {
        "valley_boards": _("the game has {n} Valley boards, not {found}", n=n, found=found),
        "valley_tiles": _("the game has {n} Valley tiles, not {found}", n=n, found=found),
        "metropolis_boards": _("the game has {n} Metropolis boards, not {found}", n=n, found=found),
        "districts": _("the game has {n} District tiles, not {found}", n=n, found=found),
    }[section]
    rule = {"valley_boards": "R-1.4", "valley_tiles": "R-2.2", "metropolis_boards": "R-1.7"}
    return [Problem(section, message, rule.get(section, "R-1.5"))]


def id_problems(section: str, ids: Sequence[object]) -> list[Problem]:
    """Every id used a second time, at the path of the repeating item."""
    seen: set[str] = set()
    problems = []
    for index, item_id in enumerate(ids):
        if not isinstance(item_id, str):
            continue
        if item_id in seen:
            message = _("the id {id!r} is used twice", id=item_id)
            problems.append(Problem(f"{section}[{index}].id", message))
        seen.add(item_id)
    return problems


def stock_problems(per_resource: int) -> list[Problem]:
    if per_resource >= 1:
        return []
    message = _("{n} is below the minimum {min}", n=per_resource, min=1)
    return [Problem("per_resource", message, "R-1.1")]


def monument_problems(
    types: Sequence[MonumentType], per_type: int, first: int, second: int
) -> list[Problem]:
    problems = []
    if sorted(t.value for t in types) != sorted(m.value for m in MonumentType):
        message = _("the four Monument types are each listed once")
        problems.append(Problem("types", message, "R-1.8"))
    if per_type != 4:
        message = _("{n} Monuments per type, not {found}", n=4, found=per_type)
        problems.append(Problem("per_type", message, "R-1.8"))
    for key, value in (("first", first), ("second", second)):
        if value < 0:
            message = _("{n} is below the minimum {min}", n=value, min=0)
            problems.append(Problem(key, message, "R-5.4"))
    if second > first:
        message = _("second place cannot score more than first")
        problems.append(Problem("second", message, "R-5.4"))
    return problems


def god_problems(names: Sequence[str], path: str = "names") -> list[Problem]:
    """The gods of a table (R-5.3): at least one, each named, no god twice (each repeat
    at its place in the list ``path``)."""
    problems: list[Problem] = []
    if not names:
        problems.append(Problem(path, _("at least one god is needed"), "R-5.3"))
    seen: set[str] = set()
    for index, name in enumerate(names):
        if not name:
            problems.append(Problem(f"{path}[{index}]", _("a god needs a name"), "R-5.3"))
        elif name in seen:
            message = _("the god {name} is listed twice: a table's gods differ", name=echo(name))
            problems.append(Problem(f"{path}[{index}]", message, "R-5.3"))
        seen.add(name)
    return problems


def shop_god_problems(
    shop: Shop, gods: Sequence[str], registry: EffectRegistry, path: str = ""
) -> list[Problem]:
    """The god names of a Statue Shop that are not among ``gods`` (R-5.3)."""
    kind = registry.of(shop.benefit)
    prefix = f"{path}." if path else ""
    return [
        Problem(
            f"{prefix}benefit.{param.name}[{index}]",
            _("unknown god {name!r}; the gods are: {gods}", name=name, gods=", ".join(gods)),
            "R-5.3",
        )
        for param in kind.params
        if param.type is ParamType.GODS
        for index, name in enumerate(getattr(shop.benefit, param.name))
        if name not in gods
    ]
