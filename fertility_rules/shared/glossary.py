"""The official term of each game word in the four languages (from the rulebooks), from a
game's glossary file; each game's package gives its own (``glossary``)."""

from __future__ import annotations

from attrs import frozen

from fertility_rules.errors import MalformedInputError, Problem
from fertility_rules.i18n.language import Language
from fertility_rules.i18n.message import _
from fertility_rules.shared.package_data import package_toml

__all__ = ["Term", "load_glossary"]


@frozen
class Term:
    """One glossary entry: the term in each language."""

    en: str
    fr: str
    pl: str
    nl: str

    def in_language(self, language: Language) -> str:
        return str(getattr(self, language.value))


def load_glossary(package: str, resource: str) -> tuple[Term, ...]:
    """The glossary of the data file ``resource`` of ``package``, validated: every term
    has its four languages."""
    data = package_toml(package, resource)
    terms, problems = [], []
    for index, entry in enumerate(data.get("term", [])):
        values = {lang.value: entry.get(lang.value) for lang in Language}
        if not all(isinstance(v, str) and v for v in values.values()) or len(entry) != 4:
            problems.append(Problem(f"$.term[{index}]", _("a term needs en, fr, pl and nl")))
            continue
        terms.append(Term(**values))
    if problems:
        raise MalformedInputError(problems, resource.rsplit("/", 1)[-1])
    return tuple(terms)
