"""Lists in running text: "A, B or C" and "A, B and C", in each language's own words."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fertility_rules.i18n.message import Message, _

__all__ = ["all_of", "any_of", "series"]

_Text = Message | str


def _join(
    items: Sequence[_Text], last: Callable[[_Text, _Text], Message], same: bool = False
) -> _Text:
    """Items joined by commas, the last one by ``last`` (every one by it when ``same``)."""
    if not items:
        return ""
    text: _Text = items[0]
    for item in items[1:-1]:
        text = last(text, item) if same else _("{items}, {item}", items=text, item=item)
    return last(text, items[-1]) if len(items) > 1 else text


def any_of(items: Sequence[_Text]) -> _Text:
    """``A``, ``A or B``, ``A, B or C`` (one of them); empty text for no item."""
    return _join(items, lambda head, tail: _("{items} or {item}", items=head, item=tail))


def all_of(items: Sequence[_Text]) -> _Text:
    """``A``, ``A and B``, ``A, B and C`` (all of them); empty text for no item."""
    return _join(items, lambda head, tail: _("{items} and {item}", items=head, item=tail))


def series(items: Sequence[_Text]) -> _Text:
    """``A; B; C``: separate statements, with the language's spacing before ``;``."""
    return _join(items, lambda head, tail: _("{items}; {item}", items=head, item=tail), True)
