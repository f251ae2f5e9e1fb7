"""A tiny document model (headings, paragraphs, lists, tables) and its renderers.

The rules document is built once as blocks and written as Markdown,
reStructuredText or HTML, so the three formats never drift apart.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TypeAlias

from attrs import frozen

__all__ = ["FORMATS", "Block", "Heading", "Items", "Paragraph", "Table", "render_blocks"]


@frozen
class Heading:
    level: int
    text: str


@frozen
class Paragraph:
    text: str


@frozen
class Items:
    items: tuple[str, ...]


@frozen
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block: TypeAlias = Heading | Paragraph | Items | Table


def _markdown(blocks: Sequence[Block]) -> str:
    out: list[str] = []
    for block in blocks:
        match block:
            case Heading(level, text):
                out.append("#" * level + " " + text)
            case Paragraph(text):
                out.append(text)
            case Items(items):
                out.append("\n".join(f"- {item}" for item in items))
            case Table(header, rows):
                lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
                lines += [
                    "| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |"
                    for row in rows
                ]
                out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


_RST_UNDERLINE = {1: "=", 2: "-", 3: "~", 4: "^"}


def _rst_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|")


def _rst(blocks: Sequence[Block]) -> str:
    out: list[str] = []
    for block in blocks:
        match block:
            case Heading(level, text):
                title = _rst_escape(text)
                out.append(title + "\n" + _RST_UNDERLINE[level] * max(len(title), 4))
            case Paragraph(text):
                out.append(_rst_escape(text))
            case Items(items):
                out.append("\n".join(f"- {_rst_escape(item)}" for item in items))
            case Table(header, rows):
                lines = [".. list-table::", "   :header-rows: 1", ""]
                for row in (header, *rows):
                    cells = [_rst_escape(cell) or "\\ " for cell in row]
                    lines.append("   * - " + cells[0])
                    lines.extend("     - " + cell for cell in cells[1:])
                out.append("\n".join(lines))
    return "\n\n".join(out) + "\n"


def _html(blocks: Sequence[Block]) -> str:
    out = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8"><title>Fertility</title></head><body>',
    ]
    for block in blocks:
        match block:
            case Heading(level, text):
                out.append(f"<h{level}>{html.escape(text)}</h{level}>")
            case Paragraph(text):
                out.append(f"<p>{html.escape(text)}</p>")
            case Items(items):
                out.append("<ul>" + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>")
            case Table(header, rows):
                head = "".join(f"<th>{html.escape(c)}</th>" for c in header)
                body = "".join(
                    "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>"
                    for row in rows
                )
                out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


FORMATS: dict[str, Callable[[Sequence[Block]], str]] = {"md": _markdown, "rst": _rst, "html": _html}
"""The output formats by name."""


def render_blocks(blocks: Sequence[Block], fmt: str) -> str:
    return FORMATS[fmt](blocks)
