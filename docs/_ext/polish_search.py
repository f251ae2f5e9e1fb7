"""Sphinx extension: the Polish pages' search finds every form of a word.

Sphinx has no search language for Polish: it indexes Polish words with its English
stemmer, so "Kamieniołom" and "Kamieniołomy" are different entries and a search for one
misses the pages that use the other. Here the index takes Snowball's Polish stemmer
(``snowballstemmer``, which Sphinx already depends on), each word stemmed until its stem
stays the same, and Polish stopwords (``polish-stopwords.txt``). The browser must stem a
query the same way; Snowball ships no Polish stemmer in JavaScript, so the search page
gets the stem of every word form the pages hold, the forms the index was built from,
and looks the query's words up in it (a form no page holds is searched as it is).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import snowballstemmer
from sphinx.application import Sphinx
from sphinx.search import SearchLanguage, parse_stop_word

STOPWORDS = parse_stop_word(
    (Path(__file__).parent / "polish-stopwords.txt").read_text(encoding="utf-8")
)
"""Polish words too common to index or to search for."""


class SearchPolish(SearchLanguage):
    lang = "pl"
    language_name = "Polish"
    stopwords = frozenset(STOPWORDS)

    def __init__(self, options: dict[str, str]) -> None:
        super().__init__(options)
        self.stemmer = snowballstemmer.stemmer("polish")
        self.forms: dict[str, str] = {}
        """Every word form stemmed for the index, lower-cased, and its stem."""

    def stem(self, word: str) -> str:
        """Snowball's stem, stemmed again until it stays the same: the Polish stemmer
        takes "om" off the bare "kamieniołom" but leaves it on the stem of
        "kamieniołomy", and the second pass brings both to one stem."""
        form = word.lower()
        stem = self.forms.get(form)
        if stem is None:
            stem = form
            for _ in range(len(form)):  # each pass that changes the word shortens it
                shorter = self.stemmer.stemWord(stem)
                if shorter == stem:
                    break
                stem = shorter
            self.forms[form] = stem
        return stem

    js_stemmer_code = """
const polishStems = {};
var Stemmer = function () {
  this.stemWord = function (w) { return polishStems[w] || w; };
};
"""
    """The search page's ``Stemmer``: the stem of each word form the index met. Sphinx
    writes the page's data before it indexes the pages; :func:`write_stems` fills the
    table once every page is indexed."""


EMPTY_TABLE = "const polishStems = {};"


def write_stems(app: Sphinx, exception: Exception | None) -> None:
    """Fill the search page's table of stems, every page being indexed now."""
    indexer = getattr(app.builder, "indexer", None)
    language = getattr(indexer, "lang", None)
    if exception is not None or not isinstance(language, SearchPolish):
        return
    path = Path(app.outdir) / "_static" / "language_data.js"
    stems = {form: stem for form, stem in sorted(language.forms.items()) if form != stem}
    table = json.dumps(stems, ensure_ascii=False, separators=(",", ":"))
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(EMPTY_TABLE, f"const polishStems = {table};", 1), encoding="utf-8")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_search_language(SearchPolish)
    app.connect("build-finished", write_stems)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
