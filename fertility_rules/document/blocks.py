"""A tiny document model (headings, paragraphs, lists, tables, figures) and its renderers.

The rules document is built once as blocks and written as Markdown,
reStructuredText or HTML, so the three formats never drift apart. Headings may
carry an anchor (a rule id): every id the text cites lands on one.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeAlias

from attrs import frozen

from fertility_rules.errors import UnknownIdError
from fertility_rules.i18n.message import _

__all__ = [
    "FORMATS",
    "RULE_CITATION",
    "Block",
    "Figure",
    "Heading",
    "Items",
    "Page",
    "Paragraph",
    "Table",
    "anchors_of",
    "figure_files",
    "pictures_inside",
    "render_blocks",
]

RULE_CITATION = re.compile(
    r"\b(?:R-\d+(?:\.\d+)?(?:\.[A-D])?|I-\d+|A-\d+(?:\.\d+)?|Q-\d+)(?![\w.-]*\w)"
)
"""A rule or interpretation id cited in running text: Fertility's (``R-3.3.D``, ``I-1``)
and Ankh'or's (``A-3.5``, ``Q-2``)."""


@frozen
class Heading:
    level: int
    text: str
    anchor: str | None = None


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


@frozen
class Figure:
    """Pictures with one caption; ``name`` is the file stem (``R-3.1-valid``)."""

    name: str
    svgs: tuple[str, ...]
    caption: str

    def files(self) -> dict[str, str]:
        """The picture files of this figure by name: ``R-3.4-1.svg``, ``R-3.4-2.svg``."""
        if len(self.svgs) == 1:
            return {f"{self.name}.svg": self.svgs[0]}
        return {f"{self.name}-{n}.svg": svg for n, svg in enumerate(self.svgs, 1)}


Block: TypeAlias = Heading | Paragraph | Items | Table | Figure


def figure_files(blocks: Iterable[Block]) -> dict[str, str]:
    """The picture files of every figure among ``blocks``, by file name (what a Markdown
    document refers to, to be written beside it)."""
    files: dict[str, str] = {}
    for block in blocks:
        if isinstance(block, Figure):
            files.update(block.files())
    return files


def _data_uri(svg: str) -> str:
    """An SVG picture as a ``data:`` address, on one line."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def pictures_inside(markdown: str, files: Mapping[str, str]) -> str:
    """A Markdown document of :func:`render_blocks` that refers to the picture ``files``
    (by file name), with each picture inside it instead: one file that stands alone.

    Each picture becomes an HTML ``<img>`` of a ``data:`` address, which Markdown passes
    through as HTML: VS Code's preview, pandoc, marked and Obsidian show it (VS Code's
    markdown-it and cmark refuse an SVG ``data:`` address written as a Markdown image).
    GitHub shows neither: it wants the files beside the document.
    """
    names = "|".join(re.escape(name) for name in sorted(files, key=len, reverse=True))
    if not names:
        return markdown
    image = re.compile(r"!\[([^\]\n]*)\]\((" + names + r")\)")

    def inline(found: re.Match[str]) -> str:
        alt = html.escape(found.group(1))
        return f'<img src="{_data_uri(files[found.group(2)])}" alt="{alt}">'

    return image.sub(inline, markdown)


@frozen
class Page:
    """What a standalone page needs besides its blocks."""

    language: str = "en"
    title: str = "Fertility"


def anchors_of(blocks: Sequence[Block]) -> frozenset[str]:
    """The anchors the headings of ``blocks`` define."""
    return frozenset(b.anchor for b in blocks if isinstance(b, Heading) and b.anchor)


def _markdown(blocks: Sequence[Block], page: Page) -> str:
    out: list[str] = []
    for block in blocks:
        match block:
            case Heading(level, text, anchor):
                target = f'<a id="{anchor}"></a>\n\n' if anchor else ""
                out.append(target + "#" * level + " " + text)
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
            case Figure():
                images = " ".join(f"![{block.caption}]({name})" for name in block.files())
                out.append(f"{images}\n\n*{block.caption}*")
    return "\n\n".join(out) + "\n"


_RST_UNDERLINE = {1: "=", 2: "-", 3: "~", 4: "^"}


def _rst_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("*", "\\*").replace("`", "\\`").replace("|", "\\|")


def _rst(blocks: Sequence[Block], page: Page) -> str:
    out: list[str] = []
    for block in blocks:
        match block:
            case Heading(level, text, anchor):
                title = _rst_escape(text)
                target = f".. _{anchor}:\n\n" if anchor else ""
                out.append(target + title + "\n" + _RST_UNDERLINE[level] * max(len(title), 4))
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
            case Figure():
                body = _html_figure(block).split("\n")
                out.append(".. raw:: html\n\n" + "\n".join("   " + line for line in body))
    return "\n\n".join(out) + "\n"


_STYLE = """
body { font-family: Georgia, 'DejaVu Serif', serif; max-width: 52rem; margin: 2rem auto;
  padding: 0 1rem; line-height: 1.45; color: #222; background: #fffdf8; }
h1, h2, h3 { font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif; color: #5a3a12; }
h2 { border-bottom: 2px solid #d9c7a0; padding-bottom: .2rem; margin-top: 2.2rem; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d9c7a0; padding: .25rem .6rem; text-align: left;
  vertical-align: top; }
th { background: #f3ead6; }
figure { margin: 1.2rem 0; padding: .6rem; border: 1px solid #e6dcc6; background: #fff;
  break-inside: avoid; page-break-inside: avoid; }
figure svg { max-width: 100%; height: auto; display: inline-block; vertical-align: top;
  margin: 0 .3rem; }
figcaption { font-size: .92rem; color: #444; margin-top: .4rem; }
a.rule { color: #7a4a10; text-decoration: none; border-bottom: 1px dotted #7a4a10; }
a.rule, span.rule-id { white-space: nowrap; }
@media print { body { background: #fff; max-width: none; } a.rule { border: none; } }
""".strip()


def _html_figure(figure: Figure, anchors: frozenset[str] = frozenset()) -> str:
    pictures = "\n".join(re.sub(r"^<\?xml[^>]*\?>\s*", "", svg) for svg in figure.svgs)
    return (
        f'<figure id="fig-{html.escape(figure.name)}">\n{pictures}\n'
        f"<figcaption>{_linked(figure.caption, anchors)}</figcaption>\n</figure>"
    )


def _linked(text: str, anchors: frozenset[str]) -> str:
    """``text`` escaped, every cited id that has an anchor turned into a link to it; an id
    never breaks across lines at its hyphen."""
    out, last = [], 0
    for match in RULE_CITATION.finditer(text):
        out.append(html.escape(text[last : match.start()]))
        cited = match.group(0)
        if cited in anchors:
            out.append(f'<a class="rule" href="#{cited}">{cited}</a>')
        else:
            out.append(f'<span class="rule-id">{html.escape(cited)}</span>')
        last = match.end()
    out.append(html.escape(text[last:]))
    return "".join(out)


def _html(blocks: Sequence[Block], page: Page) -> str:
    anchors = anchors_of(blocks)
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{html.escape(page.language)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(page.title)}</title>",
        f"<style>\n{_STYLE}\n</style></head><body>",
    ]
    for block in blocks:
        match block:
            case Heading(level, text, anchor):
                ident = f' id="{html.escape(anchor)}"' if anchor else ""
                out.append(f"<h{level}{ident}>{html.escape(text)}</h{level}>")
            case Paragraph(text):
                out.append(f"<p>{_linked(text, anchors)}</p>")
            case Items(items):
                out.append(
                    "<ul>" + "".join(f"<li>{_linked(i, anchors)}</li>" for i in items) + "</ul>"
                )
            case Table(header, rows):
                head = "".join(f"<th>{html.escape(c)}</th>" for c in header)
                body = "".join(
                    "<tr>" + "".join(f"<td>{_linked(c, anchors)}</td>" for c in row) + "</tr>"
                    for row in rows
                )
                out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
            case Figure():
                out.append(_html_figure(block, anchors))
    out.append("</body></html>")
    return "\n".join(out) + "\n"


FORMATS: dict[str, Callable[[Sequence[Block], Page], str]] = {
    "md": _markdown,
    "rst": _rst,
    "html": _html,
}
"""The output formats by name."""


def check_format(fmt: str) -> Callable[[Sequence[Block], Page], str]:
    """The writer of the format named ``fmt``; an unknown name is an :class:`UnknownIdError`."""
    writer = FORMATS.get(fmt)
    if writer is None:
        raise UnknownIdError(
            _(
                "unknown format {found!r}; expected {expected!r}",
                found=fmt,
                expected=", ".join(FORMATS),
            )
        )
    return writer


def render_blocks(blocks: Sequence[Block], fmt: str, page: Page | None = None) -> str:
    return check_format(fmt)(blocks, page or Page())
