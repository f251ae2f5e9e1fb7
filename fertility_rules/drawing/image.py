"""The SVG result type and the few element helpers every picture uses.

Pictures are built with :mod:`xml.etree.ElementTree`, so every text and attribute is
escaped by the serializer; no element carries an ``id``, so any number of pictures can
be inlined in one HTML page.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from fertility_rules.arguments import language_of
from fertility_rules.i18n.language import Language

__all__ = ["SvgImage", "el", "fmt", "image", "root", "xml_text"]

SVG_NS = "http://www.w3.org/2000/svg"


class SvgImage(str):
    """An SVG document as a string; Jupyter and IPython display it as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    """``text`` with the characters XML cannot hold (control characters, lone
    surrogates) replaced by U+FFFD; names come from files and may hold anything."""
    return _NOT_XML.sub("\ufffd", text)


def fmt(value: float | int | str) -> str:
    """A number written short (``12``, ``3.5``), a string made safe for XML."""
    if isinstance(value, str):
        return xml_text(value)
    if isinstance(value, float):
        text = f"{value:.2f}".rstrip("0").rstrip(".")
        return "0" if text == "-0" else text
    return str(value)


def el(
    parent: ET.Element | None,
    tag: str,
    text: str | None = None,
    **attributes: float | int | str | None,
) -> ET.Element:
    """A new element under ``parent``; ``class_`` → ``class``, ``data_x`` → ``data-x``."""
    attrib = {
        key.rstrip("_").replace("_", "-"): fmt(value)
        for key, value in attributes.items()
        if value is not None
    }
    node = ET.Element(tag, attrib) if parent is None else ET.SubElement(parent, tag, attrib)
    if text is not None:
        node.text = xml_text(text)
    return node


def rect(
    parent: ET.Element,
    x: float,
    y: float,
    width: float,
    height: float,
    **attributes: float | int | str | None,
) -> ET.Element:
    """A ``<rect>`` under ``parent``: the box every card, panel, cell and frame is drawn as."""
    return el(parent, "rect", None, x=x, y=y, width=width, height=height, **attributes)


def root(
    width: float,
    height: float,
    kind: str,
    title: str,
    language: Language | str,
    scale: float = 1.0,
) -> ET.Element:
    """An ``<svg>`` element sized by its ``viewBox``, with a title and the language;
    ``scale`` enlarges its natural size (a small component shown at a readable size)."""
    svg = el(
        None,
        "svg",
        xmlns=SVG_NS,
        viewBox=f"0 0 {fmt(width)} {fmt(height)}",
        width=fmt(float(width * scale)),
        height=fmt(float(height * scale)),
        class_=f"fertility fertility-{kind}",
        lang=language_of(language).value,
        font_family="'DejaVu Sans', 'Noto Sans', Verdana, sans-serif",
    )
    el(svg, "title", title)
    return svg


def image(svg: ET.Element) -> SvgImage:
    """The serialized picture."""
    return SvgImage(ET.tostring(svg, encoding="unicode"))
