"""What every game's interpretations are: their kinds, one entry per id, and its lookup.

A game's specification sorts its interpretation ids (``I-…`` for Fertility, ``Q-…`` for
Ankh'or) into switches, settled readings and retired ids. Each game lists its ids as
:class:`InterpretationInfo` values in one tuple; the records, the lab and the documents
read those values the same way for every game.

The entries are data: each interpretation's row of the game's rule texts file says its
kind, the rules it reads, what the rulebooks say and, for a switch, the field of the
game's interpretations value and the name of each of its values. :func:`load_interpretations`
reads them and checks them against that value when the game is loaded.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any

import attrs
from attrs import frozen

from fertility_rules.errors import MalformedInputError, Problem, UnknownIdError, join_path
from fertility_rules.i18n.message import Message, _
from fertility_rules.shared.package_data import package_toml
from fertility_rules.shared.rule_texts import RuleText

__all__ = [
    "KIND_LABELS",
    "InterpretationInfo",
    "InterpretationKind",
    "find_interpretation",
    "interpretation_tables",
    "interpretations_from_data",
    "load_interpretations",
]


class InterpretationKind(enum.Enum):
    """The three kinds of a specification's interpretations."""

    SWITCH = "switch"
    """More than one reading changes play: a field of the game's interpretations value."""
    SETTLED = "settled"
    """Every rulebook that speaks agrees: fixed behaviour, documented with its sources."""
    RETIRED = "retired"
    """The question cannot arise: documented with the reason."""


KIND_LABELS: dict[InterpretationKind, Message] = {
    InterpretationKind.SWITCH: _("Switches"),
    InterpretationKind.SETTLED: _("Settled readings"),
    InterpretationKind.RETIRED: _("Retired"),
}
"""The heading of each kind in the documents."""


@frozen
class InterpretationInfo:
    """What an id is, which rules it reads, where it comes from, and how records held it.

    ``field`` is the switch's field of the game's interpretations value; ``former`` the
    field and single value a record written before a switch was settled may hold. The
    title is the rule text's, found with the game's ``texts`` (one source for both).
    """

    id: str
    kind: InterpretationKind
    rules: tuple[str, ...]
    sources: tuple[Message, ...]
    field: str | None = None
    former: tuple[str, str] | None = None
    reason: Message | None = None
    """Why a retired id cannot occur, or why a settled one is read as it is."""
    reading: Message | None = None
    """For a settled id, the reading the engine always plays, in a few words."""
    texts: Callable[[str], RuleText] = attrs.field(kw_only=True, eq=False, repr=False)
    """The game's rule text of an id."""

    @property
    def title(self) -> Message:
        return self.texts(self.id).title


def find_interpretation(
    infos: tuple[InterpretationInfo, ...], interpretation_id: str
) -> InterpretationInfo:
    """The entry of ``interpretation_id`` among a game's ``infos``."""
    for info in infos:
        if info.id == interpretation_id:
            return info
    raise UnknownIdError(_("Unknown rule id {id!r}.", id=interpretation_id))


_KEYS = frozenset(
    (
        *("id", "title", "text", "kind", "rules", "sources"),
        *("field", "labels", "former", "reading", "reason"),
    )
)
"""The keys of an interpretation's row (its id, title and text are the rule texts')."""


def load_interpretations(
    package: str, resource: str, switches: type, texts: Callable[[str], RuleText]
) -> tuple[tuple[InterpretationInfo, ...], dict[enum.Enum, Message]]:
    """The interpretations of the rule texts file ``resource`` of ``package`` and the
    name of every value of their switches, checked against ``switches`` (the game's
    interpretations value); ``texts`` is the game's rule text of an id."""
    data = package_toml(package, resource)
    return interpretations_from_data(data, switches, texts, resource.rsplit("/", 1)[-1])


def interpretation_tables(
    module: str,
    package: str,
    resource: str,
    switches: type,
    texts: Callable[[str], RuleText],
) -> tuple[Callable[[str], object], Callable[[str], InterpretationInfo]]:
    """The ``__getattr__`` of a game's interpretations module ``module``, and the game's
    ``interpretation_info``.

    The module declares ``INTERPRETATION_INFO`` (every interpretation of the
    specification, in order: the rows of the rule texts file that have a ``kind``) and
    ``OPTION_LABELS`` (the name of every switch value in the documents; the value itself
    is the file format). Both are read by :func:`load_interpretations`, and checked
    against the game's ``switches``, the first time either is used, so that importing the
    game reads no file.
    """
    tables = functools.cache(lambda: load_interpretations(package, resource, switches, texts))
    names = {"INTERPRETATION_INFO": 0, "OPTION_LABELS": 1}

    def __getattr__(name: str) -> object:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        return tables()[names[name]]

    def interpretation_info(interpretation_id: str) -> InterpretationInfo:
        """The entry of ``interpretation_id`` (``I-1``, ``Q-1``...)."""
        return find_interpretation(tables()[0], interpretation_id)

    return __getattr__, interpretation_info


def interpretations_from_data(
    data: Mapping[str, Any], switches: type, texts: Callable[[str], RuleText], source: str
) -> tuple[tuple[InterpretationInfo, ...], dict[enum.Enum, Message]]:
    """As :func:`load_interpretations`, of the parsed file ``data``: every row with a
    ``kind`` is an interpretation. A library error lists every problem with its path: an
    unknown kind or key, a rule that is not in the file, a switch whose field or labels do
    not match ``switches``, a field of ``switches`` that no switch names."""
    rows = data.get("rule", [])
    rows = rows if isinstance(rows, list) else []
    known = {row["id"] for row in rows if isinstance(row, dict) and isinstance(row.get("id"), str)}
    defaults = {f.name: f.default for f in attrs.fields(switches)}
    problems: list[Problem] = []
    infos: list[InterpretationInfo] = []
    labels: dict[enum.Enum, Message] = {}
    named: set[str] = set()
    for index, row in enumerate(rows):
        if not isinstance(row, dict) or "kind" not in row:
            continue
        path = f"$.rule[{index}]"
        found = _row(row, path, known, defaults, named, problems, texts)
        if found is not None:
            infos.append(found[0])
            labels.update(found[1])
    for name in defaults.keys() - named:
        problems.append(Problem("$.rule", _("no switch names the field {field!r}", field=name)))
    if problems:
        raise MalformedInputError(problems, source)
    return tuple(infos), labels


def _texts(value: object) -> tuple[Message, ...] | None:
    """The messages of a non-empty list of non-empty texts."""
    if not isinstance(value, list) or not value:
        return None
    if not all(isinstance(text, str) and text for text in value):
        return None
    return tuple(_(text) for text in value)


def _row(
    row: Mapping[str, Any],
    path: str,
    known: set[str],
    defaults: Mapping[str, Any],
    named: set[str],
    problems: list[Problem],
    texts: Callable[[str], RuleText],
) -> tuple[InterpretationInfo, dict[enum.Enum, Message]] | None:
    """One interpretation's entry and its switch's labels; ``None`` after a problem."""
    before = len(problems)
    rule_id = row.get("id")
    if not isinstance(rule_id, str):
        problems.append(Problem(path, _("invalid or repeated rule id {id!r}", id=str(rule_id))))
    for key in sorted(row.keys() - _KEYS):
        allowed = ", ".join(sorted(_KEYS))
        message = _("unknown field {key!r}; expected one of: {allowed}", key=key, allowed=allowed)
        problems.append(Problem(join_path(path, key), message))
    kinds = {kind.value: kind for kind in InterpretationKind}
    kind = kinds.get(row["kind"]) if isinstance(row["kind"], str) else None
    if kind is None:
        known_kinds = ", ".join(kinds)
        message = _(
            "unknown value {value!r}; expected one of: {known}",
            value=str(row["kind"]),
            known=known_kinds,
        )
        problems.append(Problem(f"{path}.kind", message))
    given_rules = row.get("rules")
    rules = tuple(given_rules) if isinstance(given_rules, list) else ()
    if not rules or not all(isinstance(rule, str) and rule in known for rule in rules):
        problems.append(Problem(f"{path}.rules", _("a list of rule ids of this file is needed")))
    sources = _texts(row.get("sources"))
    if sources is None:
        problems.append(Problem(f"{path}.sources", _("a list of one text or more is needed")))
    said = {key: _texts([row[key]]) for key in ("reading", "reason") if key in row}
    for key, text in said.items():
        if text is None:
            problems.append(Problem(join_path(path, key), _("a text is needed")))
    former = row.get("former")
    if former is not None and (
        not isinstance(former, list)
        or len(former) != 2
        or not all(isinstance(part, str) for part in former)
    ):
        problems.append(Problem(f"{path}.former", _("a field and its value are needed")))
    labels = _switch(row, path, kind, defaults, named, problems)
    if len(problems) > before or kind is None or sources is None:
        return None
    reason, reading = said.get("reason"), said.get("reading")
    info = InterpretationInfo(
        str(rule_id),
        kind,
        tuple(str(rule) for rule in rules),
        sources,
        field=row["field"] if kind is InterpretationKind.SWITCH else None,
        former=(former[0], former[1]) if former else None,
        reason=reason[0] if reason else None,
        reading=reading[0] if reading else None,
        texts=texts,
    )
    return info, labels


def _switch(
    row: Mapping[str, Any],
    path: str,
    kind: InterpretationKind | None,
    defaults: Mapping[str, Any],
    named: set[str],
    problems: list[Problem],
) -> dict[enum.Enum, Message]:
    """The labels of a switch's values, its field checked against the switches' fields."""
    if kind is not InterpretationKind.SWITCH:
        for key in ("field", "labels"):
            if key in row:
                problems.append(
                    Problem(join_path(path, key), _("only a switch has a {key!r}", key=key))
                )
        return {}
    field = row.get("field")
    if not isinstance(field, str) or field not in defaults or field in named:
        problems.append(
            Problem(
                f"{path}.field",
                _(
                    "a field of the interpretations value no other switch names is needed: "
                    "{fields}",
                    fields=", ".join(defaults),
                ),
            )
        )
        return {}
    named.add(field)
    values = {str(value.value): value for value in type(defaults[field])}
    given = row.get("labels")
    if (
        not isinstance(given, dict)
        or given.keys() != values.keys()
        or not all(isinstance(text, str) and text for text in given.values())
    ):
        problems.append(
            Problem(
                f"{path}.labels",
                _("a name for each value is needed: {values}", values=", ".join(values)),
            )
        )
        return {}
    return {values[key]: _(text) for key, text in given.items()}
