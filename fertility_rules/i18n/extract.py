"""A Babel extractor for the rule texts data file (``pybabel extract -F locales/babel.cfg``).

Each rule's title and text become messages whose context is the rule id; an
interpretation's sources, reading, reason and option labels are messages without context,
as the code's ``_()`` writes them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from fertility_rules.i18n.contexts import GOD_AFTER_STATUE

__all__ = ["extract_catalogue_texts", "extract_rule_texts"]


def extract_rule_texts(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """Yield ``(line, "pgettext", (rule id, text), comments)`` for every title and text,
    and ``(line, None, text, [])`` for every text an interpretation's row adds."""
    content = fileobj.read().decode("utf-8")
    lines = content.splitlines()
    data = tomllib.loads(content)
    for rule in data.get("rule", []):
        rule_id = rule["id"]
        line = next((n for n, text in enumerate(lines, 1) if f'"{rule_id}"' in text), 0)
        yield line, "pgettext", (rule_id, rule["title"]), [f"Title of rule {rule_id}"]
        yield line, "pgettext", (rule_id, rule["text"]), [f"Text of rule {rule_id}"]
        said = [*rule.get("sources", ()), rule.get("reading"), rule.get("reason")]
        for text in [*said, *rule.get("labels", {}).values()]:
            if isinstance(text, str) and text:
                yield line, None, text, []


def extract_catalogue_texts(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """Yield the title and the note of a built-in catalogue file, shown by ``catalogue show``,
    and each god's name as it follows "Statue of" (a message with its grammatical context)."""
    content = fileobj.read().decode("utf-8")
    data = tomllib.loads(content)

    def line_of(start: str) -> int:
        return next(
            (n for n, row in enumerate(content.splitlines(), 1) if row.startswith(start)), 0
        )

    for key in ("title", "note"):
        text = data.get(key)
        if isinstance(text, str) and text:
            yield line_of(key), None, text, [f"Catalogue {key}"]
    for name in data.get("gods", {}).get("names", ()):
        comment = ["A god of the catalogue, after 'Statue of'"]
        yield line_of("[gods]"), "pgettext", (GOD_AFTER_STATUE, name), comment
