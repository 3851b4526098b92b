"""The answer of ``GET /api/vocabulary`` (its handler is :func:`gouji.server.app.vocabulary`):
the words of every variant this server offers, for the page.

Each variant's decisions, events and phases with their labels in English and Chinese, as
the plugins declare them (``gouji_vocabulary``, :class:`gouji.plugins.vocabulary.Vocabulary`),
so that the page shows an installed house variant's terms as it shows a book's, and copies
none. Read once per process (the installed variants do not change while it runs) and answered
as the same JSON text ever after.
"""

from __future__ import annotations

import functools
import json
import logging

from gouji.engine.events import PLACE_NAMES
from gouji.errors import GoujiError
from gouji.plugins.loader import load_variant, variant_names

log = logging.getLogger("gouji.server")


@functools.cache
def vocabulary_text() -> str:
    """``{"variants": {name: vocabulary}, "places": [[中文, English] ...]}`` as JSON text."""
    found = {}
    for name in variant_names():
        try:
            found[name] = load_variant(name).vocabulary.to_json()
        except GoujiError as exc:  # left out of /api/variants too
            log.warning("variant %s cannot be loaded: %s", name, exc)
    return json.dumps({"variants": found, "places": [list(p) for p in PLACE_NAMES]}, ensure_ascii=False)


__all__ = ["vocabulary_text"]
