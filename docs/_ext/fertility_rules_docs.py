"""Sphinx extension: pages generated from the library itself, in the build language.

At ``builder-inited`` it writes, for the configured ``language``:

- ``_generated/rules.<lang>.rst``: :func:`fertility_rules.fertility.document.rules_document`
  in reStructuredText, so the rule texts have one source, the library's catalogues;
- ``_generated/ankhor-rules.<lang>.rst`` and ``ankhor-gallery.<lang>.rst``: the same for
  Ankh'or, its rules document found through :func:`fertility_rules.games.find_game`;
- ``_generated/interpretations.<lang>.rst``: the interpretations of
  :data:`fertility_rules.fertility.interpretations.INTERPRETATION_INFO` by kind (switches,
  settled readings, retired) with their rule texts, values, rules and sources.

Pages pull them in with ``.. fertility-generated:: rules`` (an ``include`` of the
file of the build language). The text of these files, and the docstrings shown by
autodoc, are marked untranslatable so that the gettext builder does not extract them:
the library already localizes the former, the latter stay in English.

In the HTML pages the pictures of the generated pages become images (``<img>`` holding
the SVG), so that their labels stay out of the search index and of the search result
snippets; cited rule ids never break at their hyphen; and the search page's own words
(``_static/translations.js``) take the translations of ``locales/<lang>/LC_MESSAGES/
sphinx.po`` where Sphinx's catalogue of the language leaves them empty.

The gettext builder also writes ``code-blocks.json``: the text of every code block it
extracts, for ``docs/update_translations.py`` (a block is copied as it is unless it
holds comments, which are translated) and for the test that checks that a translated
block changes nothing but its comments.

Config value ``fertility_rules_catalogue``: a catalogue file for the rules page
(default: the built-in catalogue).
"""

from __future__ import annotations

import base64
import enum
import html
import json
import re
import textwrap
from pathlib import Path
from typing import Any

import attrs
from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.directives.other import Include
from sphinx.transforms import SphinxTransform

from fertility_rules.ankhor.document.site import gallery_blocks as ankhor_gallery
from fertility_rules.arguments import language_of
from fertility_rules.document.blocks import RULE_CITATION, render_blocks
from fertility_rules.fertility.catalogue import Catalogue, load_catalogue
from fertility_rules.fertility.document import rules_document
from fertility_rules.fertility.document.rules_document import interpretation_notes
from fertility_rules.fertility.document.site import LANGUAGE_NAMES, LANGUAGES_LABEL, gallery_blocks
from fertility_rules.fertility.effects import DEFAULT_REGISTRY
from fertility_rules.fertility.interpretations import INTERPRETATION_INFO, KIND_LABELS
from fertility_rules.fertility.rule_texts import rule_text
from fertility_rules.games import find_game
from fertility_rules.i18n import Language, render

GENERATED = "_generated"
UNDERLINE = "~"
KIND_UNDERLINE = "-"


def build_language(config: Config) -> Language:
    """The library language for the Sphinx ``language`` (English when unset)."""
    return language_of(config.language or "en")


def _write(path: Path, text: str) -> None:
    """Write ``text`` unless the file already holds it (keeps incremental builds quiet)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def escape(text: str) -> str:
    """Plain text as reStructuredText: inline markup characters lose their meaning."""
    text = re.sub(r"([\\*`|])", r"\\\1", text)
    return re.sub(r"_(?=\W|$)", r"\\_", text)


def interpretations_rst(language: Language) -> str:
    """Switches, settled readings, retired: one section per id with its text, kind and sources."""
    out: list[str] = []
    for kind, heading in KIND_LABELS.items():
        group = escape(render(heading, language))
        out += [group, KIND_UNDERLINE * max(len(group), 4), ""]
        for info in (i for i in INTERPRETATION_INFO if i.kind is kind):
            text = rule_text(info.id)
            title = escape(f"{info.id} {render(text.title, language)}")
            out += [title, UNDERLINE * max(len(title), 4), ""]
            out += [escape(render(text.text, language)), ""]
            for note in interpretation_notes(info):
                out += [escape(render(note, language)), ""]
    return "\n".join(out)


def gallery_rst(language: Language, catalogue: Catalogue) -> str:
    """The gallery page: the library's pictures, captioned in the build language."""
    return render_blocks(gallery_blocks(language, catalogue), "rst")


def changelog_rst(markdown: str) -> str:
    """The changelog (Keep a Changelog, Markdown) as reStructuredText. Its text stays in
    English in every language, so its headings are rubrics, not sections: the navigation
    of a translated page lists none of them; and it is marked English (``language-en``),
    so that the apostrophe of "the adapters' loops" is not made a French, Polish or Dutch
    closing quote. Its title is the page's own, translated with the page
    (``docs/changelog.rst``)."""
    out: list[str] = []
    for line in markdown.splitlines():
        heading = re.match(r"^(#{1,3}) (.*)$", line)
        # code first, then links: a link's own backquotes are not code
        text = re.sub(r"(?<!`)`([^`]+)`(?!`)", r"``\1``", line)
        text = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r"`\1 <\2>`__", text)
        if heading and len(heading.group(1)) == 1:
            continue  # the document's title: the page's own, translated
        if heading:
            title = re.sub(r"\[([^\]]+)\]", r"\1", heading.group(2))
            level = "version" if len(heading.group(1)) == 2 else "kind"
            out += ["", f".. rubric:: {title}", f"   :class: changelog-{level}", ""]
        else:
            out.append(text)
    body = textwrap.indent("\n".join(out).strip(), "   ")
    return f".. container:: language-en\n\n{body}\n"


def write_generated(app: Sphinx) -> None:
    language = build_language(app.config)
    folder = Path(app.srcdir) / GENERATED
    catalogue = load_catalogue(app.config.fertility_rules_catalogue)
    _write(folder / f"rules.{language.value}.rst", rules_document(language, "rst", catalogue))
    _write(folder / f"interpretations.{language.value}.rst", interpretations_rst(language))
    _write(folder / f"gallery.{language.value}.rst", gallery_rst(language, catalogue))
    ankhor = find_game("ankhor")
    document = ankhor.texts.rules_document
    if document is not None:
        _write(folder / f"ankhor-rules.{language.value}.rst", document(language, "rst", None))
    _write(
        folder / f"ankhor-gallery.{language.value}.rst",
        render_blocks(ankhor_gallery(language), "rst"),
    )
    changelog = Path(app.srcdir).parent / "CHANGELOG.md"
    _write(folder / f"changelog.{language.value}.rst", changelog_rst(changelog.read_text("utf-8")))


def language_links(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: object
) -> None:
    """The same page in every language: each is built in ``_build/html/<lang>/``."""
    language = build_language(app.config)
    up = "../" * (pagename.count("/") + 1)
    context["fertility_languages"] = [
        (code.value, name, f"{up}{code.value}/{pagename}.html", code is language)
        for code, name in LANGUAGE_NAMES.items()
    ]
    context["fertility_languages_label"] = render(LANGUAGES_LABEL, language)


class GeneratedInclude(Include):
    """``.. fertility-generated:: NAME`` includes ``_generated/NAME.<lang>.rst``."""

    arguments: list[str]

    def run(self) -> list[nodes.Node]:
        language = build_language(self.config)
        self.arguments = [f"/{GENERATED}/{self.arguments[0]}.{language.value}.rst"]
        return list(super().run())


def _untranslatable(source: str) -> bool:
    return f"/{GENERATED}/" in source.replace("\\", "/") or "docstring of " in source


def mark_untranslatable(app: Sphinx, doctree: nodes.document) -> None:
    """Keep generated text and docstrings out of the message catalogues.

    The field names that autodoc adds ("Parameters", "Return type") are left out too:
    Sphinx translates them itself.
    """
    for node in doctree.findall(nodes.TextElement):
        if node.source and _untranslatable(node.source):
            node["translatable"] = False
    for content in doctree.findall(addnodes.desc_content):
        for name in content.findall(nodes.field_name):
            name["translatable"] = False


class EnglishApi(SphinxTransform):
    """Mark the API's object descriptions and the modules' docstrings English
    (``language-en``): they are never translated, and without the mark the smart quotes
    of a French, Polish or Dutch build make the apostrophe of "the players' turns" a
    closing quote of that language. Runs before Sphinx's smart quotes (priority 750)."""

    default_priority = 700

    def apply(self, **kwargs: Any) -> None:
        for node in self.document.findall(nodes.Element):
            english = isinstance(node, addnodes.desc) or (
                isinstance(node, nodes.TextElement) and "docstring of " in (node.source or "")
            )
            if english and "language-en" not in node["classes"]:
                node["classes"].append("language-en")


ATTRS_DEFAULT = re.compile(r"attr_dict\['(\w+)'\]\.default")
"""How a default of an attrs ``__init__`` reads in its generated source..."""
ATTRS_FACTORY = re.compile(r"\b(\w+)=NOTHING\b")
"""...and a default made by a factory."""


def _default_text(value: object) -> str:
    if value is DEFAULT_REGISTRY:
        return "DEFAULT_REGISTRY"
    factory = getattr(value, "factory", None)
    if factory is not None and hasattr(value, "takes_self"):  # an attrs Factory
        return f"{getattr(factory, '__name__', 'factory')}()"
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    text = repr(value)
    return text if len(text) <= 40 else "..."


def attrs_defaults(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: object,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None] | None:
    """Show the defaults of attrs classes as values, not as attrs' generated source."""
    if not signature or not isinstance(obj, type) or not attrs.has(obj):
        return None
    by_name = {field.name: field.default for field in attrs.fields(obj)}
    by_alias = {field.alias: field.default for field in attrs.fields(obj)}
    text = ATTRS_DEFAULT.sub(lambda m: _default_text(by_name.get(m.group(1))), signature)
    text = ATTRS_FACTORY.sub(
        lambda m: f"{m.group(1)}={_default_text(by_alias.get(m.group(1)))}", text
    )
    return text, return_annotation


SVG = re.compile(r"<svg\b.*?</svg>", re.S)
TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def _image(match: re.Match[str]) -> str:
    """An inline SVG as an image: drawn the same, its texts kept out of the page's text."""
    picture = match.group(0)
    title = TITLE.search(picture)
    alt = html.unescape(title.group(1)) if title else ""
    data = base64.b64encode(picture.encode("utf-8")).decode("ascii")
    return (
        f'<img class="fertility-picture" alt="{html.escape(alt, quote=True)}" '
        f'src="data:image/svg+xml;base64,{data}"/>'
    )


def pictures_as_images(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Pictures of the HTML pages as images, so that search neither indexes nor quotes the
    labels of a picture (its title stays, as the image's alternative text)."""
    if app.builder.format != "html":
        return
    for raw in list(doctree.findall(nodes.raw)):
        if "html" in raw.get("format", "").split() and "<svg" in raw.astext():
            text = SVG.sub(_image, raw.astext())
            raw.replace_self(nodes.raw(text, text, format="html"))


SKIPPED = (nodes.literal_block, nodes.literal, nodes.raw, nodes.reference)
"""Where rule ids are left as they are: code, raw markup, links."""


def unbroken_rule_ids(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    """Every cited rule id in running text in a span that never breaks at its hyphen."""
    if app.builder.format != "html":
        return
    for text in list(doctree.findall(nodes.Text)):
        parent = text.parent
        if parent is None or isinstance(parent, SKIPPED) or not RULE_CITATION.search(text):
            continue
        pieces: list[nodes.Node] = []
        last = 0
        for match in RULE_CITATION.finditer(text.astext()):
            pieces.append(nodes.Text(text.astext()[last : match.start()]))
            pieces.append(nodes.inline(match.group(0), match.group(0), classes=["rule-id"]))
            last = match.end()
        pieces.append(nodes.Text(text.astext()[last:]))
        parent.replace(text, [piece for piece in pieces if piece.astext()])


CODE_BLOCKS = "code-blocks.json"
"""The file, in the gettext builder's output, of the code blocks' texts."""


def code_blocks(app: Sphinx, doctree: nodes.document) -> None:
    """Keep the text of the page's translatable code blocks (gettext builder only)."""
    if app.builder.name != "gettext":
        return
    found = getattr(app.env, "fertility_code_blocks", {})
    found[app.env.docname] = sorted(
        node.astext()
        for node in doctree.findall(nodes.literal_block)
        if node.get("translatable", True)
    )
    app.env.fertility_code_blocks = found


def merge_code_blocks(app: Sphinx, env: Any, docnames: set[str], other: Any) -> None:
    """The code blocks read by a parallel reader join the main environment's."""
    found = getattr(env, "fertility_code_blocks", {})
    found.update(getattr(other, "fertility_code_blocks", {}))
    env.fertility_code_blocks = found


def write_code_blocks(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.name != "gettext":
        return
    found = getattr(app.env, "fertility_code_blocks", {})
    texts = sorted({text for blocks in found.values() for text in blocks})
    (Path(app.outdir) / CODE_BLOCKS).write_text(
        json.dumps(texts, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
    )


def search_words(app: Sphinx, exception: Exception | None) -> None:
    """The search page's words (its result count line...) from our ``sphinx.po`` where
    the translations Sphinx ships are empty."""
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static" / "translations.js"
    language = app.config.language or "en"
    source = Path(app.srcdir) / "locales" / language / "LC_MESSAGES" / "sphinx.po"
    if not target.exists() or not source.exists():
        return
    from babel.messages.pofile import read_po

    with source.open("rb") as handle:
        catalog = read_po(handle, locale=language)
    text = target.read_text(encoding="utf-8")
    data = json.loads(text[text.index("(") + 1 : text.rindex(")")])
    for message in catalog:
        if not message.id or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, tuple) else message.id
        data["messages"][key] = (
            list(message.string) if isinstance(message.string, tuple) else message.string
        )
    data["plural_expr"] = f"Number({catalog.plural_expr})"  # an index, never a boolean
    target.write_text(
        f"Documentation.addTranslations({json.dumps(data, indent=1, ensure_ascii=False)});\n",
        encoding="utf-8",
    )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("fertility_rules_catalogue", None, "env", types=(str, type(None)))
    app.add_directive("fertility-generated", GeneratedInclude)
    app.add_transform(EnglishApi)
    app.connect("builder-inited", write_generated)
    app.connect("doctree-read", mark_untranslatable)
    app.connect("autodoc-process-signature", attrs_defaults)
    app.connect("html-page-context", language_links)
    app.connect("doctree-resolved", pictures_as_images)
    app.connect("doctree-resolved", unbroken_rule_ids)
    app.connect("build-finished", search_words)
    app.connect("doctree-read", code_blocks)
    app.connect("env-merge-info", merge_code_blocks)
    app.connect("build-finished", write_code_blocks)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
