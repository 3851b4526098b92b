"""Sphinx configuration for the gouji documentation.

Build with::

    sphinx-build -n -W -b html docs docs/_build/html

The build must stay free of warnings (``-W``) and of unresolved references
(``-n``). Nothing here reaches the network: intersphinx is deliberately not
used, so references to the standard library and to third-party packages are
listed in ``nitpick_ignore_regex`` below instead of being linked.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# autodoc imports the package from the source tree, installed or not.
sys.path.insert(0, str(ROOT / "src"))

with (ROOT / "pyproject.toml").open("rb") as f:
    _project = tomllib.load(f)["project"]

project = "gouji"
author = "the gouji authors"
copyright = "the gouji authors"
release = _project["version"]
version = ".".join(release.split(".")[:2])

# Our own directives (docs/_ext): option tables and rule→test lists read from the code.
sys.path.insert(0, str(ROOT / "docs" / "_ext"))

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "gouji_sphinx",
]

language = "en"
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
source_suffix = {".rst": "restructuredtext"}

# -- autodoc ------------------------------------------------------------------
autodoc_member_order = "bysource"
autodoc_typehints = "signature"

# Without intersphinx these targets cannot resolve; they are not ours to document.
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|typing|pathlib|enum|json|random|os|io|abc|copy)\..*"),
    (r"py:.*", r"(attrs|attr|pluggy|tomllib|tomli_w|numpy|rlcard|hypothesis)(\..*)?"),
]

# -- doctest (``sphinx-build -b doctest docs docs/_build/doctest``) -------------
# Docstring examples pulled in by autodoc run with the public API in scope.
doctest_global_setup = "import gouji\nfrom gouji import *"

# -- HTML -----------------------------------------------------------------------
# The default theme (alabaster) ships with Sphinx: no extra theme dependency.
html_title = f"gouji {release}"
html_static_path: list[str] = []
