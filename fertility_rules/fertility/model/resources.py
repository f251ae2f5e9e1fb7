"""Resources, Shop icons, Monument types and token counts (R-1.1, R-1.6, R-1.8)."""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TypeAlias

from fertility_rules.arguments import argument_error, checked_arguments, compile_check
from fertility_rules.errors import MalformedInputError
from fertility_rules.i18n.message import Message, _, ngettext, pgettext
from fertility_rules.shared.members import Keyed, LabelledEnum, LabelledIntEnum, label_members

__all__ = [
    "NO_TOKENS",
    "RESOURCES",
    "Counts",
    "Icon",
    "MonumentType",
    "Resource",
    "add_counts",
    "add_token",
    "counts_of",
    "shared_counts",
    "sub_counts",
    "tokens_of",
]


class Resource(Keyed, LabelledIntEnum):
    """One of the four resources; the value indexes :data:`Counts` tuples. Each has a
    ``key`` in files (:class:`~fertility_rules.shared.members.Keyed`) and a ``label`` in
    words (:class:`~fertility_rules.shared.members.Labelled`)."""

    ALABASTER = 0
    """Alabaster."""
    BOVINE = 1
    """Bovine."""
    PAPYRUS = 2
    """Papyrus flower."""
    GRAPES = 3
    """Grapes."""

    @property
    def one(self) -> Message:
        """One token of this resource as the object of a verb, with its article where the
        language has one: ``a Grape`` (French ``un jeton Raisin``, Polish ``Winogrono``)."""
        return _RESOURCE_ONE[self]

    def tokens(self, n: int) -> Message:
        """``n`` tokens of this resource: ``7 Grapes tokens`` (Polish ``7 znaczników
        Winogron``), a whole phrase in each language's plural form."""
        return _RESOURCE_TOKENS[self](n)

    @property
    def each(self) -> Message:
        """ "each token of this resource", as in "1 Deben per Grapes token"."""
        return _RESOURCE_EACH[self]

    @classmethod
    def from_key(cls, key: str) -> Resource:
        """The resource named ``key``; ``KeyError`` if there is none."""
        return _RESOURCE_BY_KEY[key]


RESOURCES: tuple[Resource, ...] = tuple(Resource)

_RESOURCE_BY_KEY = {r.key: r for r in Resource}
_RESOURCE_ONE = {  # the context, written out for the extractor: one token, as an object
    Resource.ALABASTER: pgettext("one token, with its article, as an object", "an Alabaster"),
    Resource.BOVINE: pgettext("one token, with its article, as an object", "a Bovine"),
    Resource.PAPYRUS: pgettext("one token, with its article, as an object", "a Papyrus flower"),
    Resource.GRAPES: pgettext("one token, with its article, as an object", "a Grape"),
}
_RESOURCE_TOKENS: dict[Resource, Callable[[int], Message]] = {
    Resource.ALABASTER: lambda n: ngettext("{n} Alabaster token", "{n} Alabaster tokens", n),
    Resource.BOVINE: lambda n: ngettext("{n} Bovine token", "{n} Bovine tokens", n),
    Resource.PAPYRUS: lambda n: ngettext(
        "{n} Papyrus flower token", "{n} Papyrus flower tokens", n
    ),
    Resource.GRAPES: lambda n: ngettext("{n} Grapes token", "{n} Grapes tokens", n),
}
_RESOURCE_EACH = {
    Resource.ALABASTER: pgettext("each token of", "Alabaster token"),
    Resource.BOVINE: pgettext("each token of", "Bovine token"),
    Resource.PAPYRUS: pgettext("each token of", "Papyrus flower token"),
    Resource.GRAPES: pgettext("each token of", "Grapes token"),
}
label_members(
    Resource,
    {
        Resource.ALABASTER: _("Alabaster"),
        Resource.BOVINE: _("Bovine"),
        Resource.PAPYRUS: _("Papyrus flower"),
        Resource.GRAPES: _("Grapes"),
    },
)


class Icon(enum.Enum):
    """A requirement icon of a Shop: a resource, or any resource (R-1.6)."""

    ALABASTER = "alabaster"
    """Takes an Alabaster."""
    BOVINE = "bovine"
    """Takes a Bovine."""
    PAPYRUS = "papyrus"
    """Takes a Papyrus flower."""
    GRAPES = "grapes"
    """Takes Grapes."""
    ANY = "any"
    """Takes any one resource."""

    @property
    def resource(self) -> Resource | None:
        """The resource this icon asks for, ``None`` for "any resource"."""
        return None if self is Icon.ANY else Resource.from_key(self.value)

    @property
    def label(self) -> Message:
        resource = self.resource
        return _("any resource") if resource is None else resource.label

    def amount(self, n: int) -> Message:
        """``n`` icons of this kind, in the plural form of the language."""
        return _ICON_AMOUNTS[self](n)

    @classmethod
    def of(cls, resource: Resource) -> Icon:
        return cls(resource.key)


_ICON_AMOUNTS: dict[Icon, Callable[[int], Message]] = {
    Icon.ALABASTER: lambda n: ngettext("{n} Alabaster", "{n} Alabasters", n),
    Icon.BOVINE: lambda n: ngettext("{n} Bovine", "{n} Bovines", n),
    Icon.PAPYRUS: lambda n: ngettext("{n} Papyrus flower", "{n} Papyrus flowers", n),
    Icon.GRAPES: lambda n: ngettext("{n} Grape", "{n} Grapes", n),
    Icon.ANY: lambda n: ngettext("{n} resource of any kind", "{n} resources of any kind", n),
}


class MonumentType(LabelledEnum):
    """The four Monument types; each player builds one (R-1.8). Each has a ``label`` in
    words (:class:`~fertility_rules.shared.members.Labelled`)."""

    OBELISK = "obelisk"
    """Obelisk."""
    PYRAMID = "pyramid"
    """Pyramid."""
    SPHINX = "sphinx"
    """Sphinx."""
    TEMPLE = "temple"
    """Temple."""


label_members(
    MonumentType,
    {
        MonumentType.OBELISK: _("Obelisk"),
        MonumentType.PYRAMID: _("Pyramid"),
        MonumentType.SPHINX: _("Sphinx"),
        MonumentType.TEMPLE: _("Temple"),
    },
)

Counts: TypeAlias = tuple[int, int, int, int]
"""A number of tokens per resource, indexed by :class:`Resource`."""

NO_TOKENS: Counts = (0, 0, 0, 0)


_COUNTS_KEPT = 1 << 16
_known_counts: dict[Counts, Counts] = {NO_TOKENS: NO_TOKENS}
_known = _known_counts.get
_is_counts = compile_check(Counts)


def _wrong_counts(**arguments: object) -> MalformedInputError:
    """The error for token counts of the wrong kind, naming the first such argument.

    The engine's arithmetic below checks nothing on its way (it runs at every decision):
    it only turns a failure on a value that is not four whole numbers into this error.
    """
    for name, value in arguments.items():
        if not _is_counts(value):
            return argument_error(name, Counts, value)
    return argument_error("resource", Resource, arguments.get("resource"))


def shared_counts(counts: Counts) -> Counts:
    """The one tuple kept for this value (or ``counts`` itself once many are kept).

    States in a history keep many token counts, mostly the same few small values: one
    tuple per value makes them cost nothing after the first. Bounded, so that callers
    inventing counts cannot grow the table without end. The engine's own arithmetic
    below looks the table up inline and calls this only for a value not yet kept.
    """
    try:
        found = _known(counts)
    except TypeError:  # not hashable: no counts
        raise _wrong_counts(counts=counts) from None
    if found is not None:
        return found
    if not _is_counts(counts):
        raise _wrong_counts(counts=counts)
    if len(_known_counts) < _COUNTS_KEPT:
        _known_counts[counts] = counts
    return counts


def add_token(counts: Counts, resource: Resource, amount: int = 1) -> Counts:
    """``counts`` with ``amount`` more (or fewer) tokens of ``resource``."""
    try:
        a, b, c, d = counts
    except (TypeError, ValueError):
        raise _wrong_counts(counts=counts) from None
    if type(resource) is not Resource or type(amount) is not int:
        if not isinstance(resource, Resource):
            raise _wrong_counts(counts=counts, resource=resource)
        if type(amount) is not int:
            raise argument_error("amount", int, amount)
    if resource == 0:
        new = (a + amount, b, c, d)
    elif resource == 1:
        new = (a, b + amount, c, d)
    elif resource == 2:
        new = (a, b, c + amount, d)
    else:
        new = (a, b, c, d + amount)
    return _known(new) or shared_counts(new)


def add_counts(left: Counts, right: Counts) -> Counts:
    """The sum of two counts."""
    try:
        new = (left[0] + right[0], left[1] + right[1], left[2] + right[2], left[3] + right[3])
        return _known(new) or shared_counts(new)
    except (TypeError, IndexError, KeyError, MalformedInputError):
        raise _wrong_counts(left=left, right=right) from None


def sub_counts(left: Counts, right: Counts) -> Counts:
    """``left`` minus ``right``."""
    try:
        new = (left[0] - right[0], left[1] - right[1], left[2] - right[2], left[3] - right[3])
        return _known(new) or shared_counts(new)
    except (TypeError, IndexError, KeyError, MalformedInputError):
        raise _wrong_counts(left=left, right=right) from None


@checked_arguments
def counts_of(tokens: tuple[Resource, ...] | list[Resource]) -> Counts:
    """The counts of a list of tokens."""
    counts = [0, 0, 0, 0]
    for token in tokens:
        counts[token] += 1
    return (counts[0], counts[1], counts[2], counts[3])


@checked_arguments
def tokens_of(counts: Counts) -> tuple[Resource, ...]:
    """The tokens described by ``counts``, in resource order."""
    return tuple(r for r in RESOURCES for _ in range(counts[r]))
