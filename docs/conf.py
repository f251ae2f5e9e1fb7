"""Sphinx configuration of the fertility_rules documentation.

Build all four languages with ``python docs/build.py``; one language with
``sphinx-build -b html -D language=fr docs docs/_build/html/fr``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import fertility_rules

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "fertility_rules"
author = "fertility_rules contributors"
copyright = "fertility_rules contributors"
version = fertility_rules.__version__
release = fertility_rules.__version__

extensions = [
    "sphinx.ext.autodoc",
    "fertility_rules_docs",
    "polish_search",
]

language = "en"
locale_dirs = ["locales/"]
gettext_compact = False
gettext_location = False
# Code blocks are messages too, so that their comments are read in the page's language;
# docs/update_translations.py copies a block without comments as it is.
gettext_additional_targets = ["literal-block"]
# Messages of the generated pages (rules, interpretation options) and of docstrings
# are not extracted: the library translates the former, the latter stay in English.

root_doc = "index"
exclude_patterns = [
    "_build",
    "_generated",
    "_templates",
    "examples",
    "locales",
    "Thumbs.db",
    ".DS_Store",
]
nitpicky = False

html_theme = "alabaster"
html_title = f"fertility_rules {release}"
# The sidebar is wide enough for the longest module name of the API reference.
html_theme_options = {"fixed_sidebar": False, "sidebar_width": "250px", "page_width": "1000px"}
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["fertility.css"]
# The language switcher first, then alabaster's own sidebars (donate.html left out).
html_sidebars = {
    "**": ["about.html", "languages.html", "searchfield.html", "navigation.html", "relations.html"]
}

autodoc_typehints = "description"
# Show defaults as written ("DEFAULT_REGISTRY"), not as the repr of their value.
autodoc_preserve_defaults = True
autodoc_member_order = "bysource"
# Options are given on each automodule directive of api.rst: with Sphinx 9 a boolean
# "members" default would override an explicit ``:members:`` list.
