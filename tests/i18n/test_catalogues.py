"""The gettext catalogues: complete, non-fuzzy, right plural forms, same placeholders."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "locales"
PLURAL_FORMS = {"en": 2, "fr": 2, "pl": 3, "nl": 2}


def load(language: str) -> Catalog:
    with (LOCALES / language / "LC_MESSAGES" / "fertility_rules.po").open("rb") as handle:
        return read_po(handle, locale=language)


def template() -> Catalog:
    with (LOCALES / "fertility_rules.pot").open("rb") as handle:
        return read_po(handle)


def fields(text: str) -> set[str]:
    """The ``{…}`` replacement fields of a format string, conversions included."""
    out = set()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            out.add(f"{name}!{conversion or ''}:{spec or ''}")
    return out


def forms(value: object) -> tuple[str, ...]:
    """The text (or every plural form) of a message id or translation."""
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value) if isinstance(value, tuple | list) else ()


def entries(catalog: Catalog) -> list[Message]:
    return [message for message in catalog if message.id]


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_catalogue_has_every_template_message(language: str) -> None:
    keys = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in entries(template())}
    have = {
        (m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in entries(load(language))
    }
    assert keys - have == set(), "run python locales/update.py"


@pytest.mark.parametrize("language", ["fr", "pl", "nl"])
def test_every_message_is_translated_and_not_fuzzy(language: str) -> None:
    missing = []
    for message in entries(load(language)):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            missing.append(message.id)
    assert missing == []


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_plural_entries_have_the_languages_number_of_forms(language: str) -> None:
    catalog = load(language)
    assert catalog.num_plurals == PLURAL_FORMS[language]
    for message in entries(catalog):
        if message.pluralizable:
            assert isinstance(message.string, tuple)
            assert len(message.string) == PLURAL_FORMS[language], message.id


@pytest.mark.parametrize("language", ["en", "fr", "pl", "nl"])
def test_placeholders_match_the_msgid(language: str) -> None:
    wrong = []
    for message in entries(load(language)):
        ids = forms(message.id)
        strings = forms(message.string)
        expected = set().union(*(fields(i) for i in ids))
        for text in strings:
            # A singular form may leave out {n} ("un Deben"), never add an unknown field.
            if text and not fields(text) <= expected | {"n!:"}:
                wrong.append((message.id, text))
            if text and fields(text) | {"n!:"} < expected | {"n!:"}:
                wrong.append((message.id, text))
    assert wrong == []
