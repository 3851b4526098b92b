"""``did you mean …``: the known names closest to a misspelled one, for error messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(name: object, known: Iterable[str], prefix: str = "") -> str:
    """``" (did you mean 'gouji_score'?)"`` for the closest known names, or ``""`` when none is close.

    A ``prefix`` that every name shares (``"gouji_"``) is left out of the comparison,
    so that it does not make every name look close.
    """
    text = str(name)
    stems = {k[len(prefix):] if k.startswith(prefix) else k: k for k in known}
    stem = text[len(prefix):] if text.startswith(prefix) else text
    close = difflib.get_close_matches(stem, sorted(stems), n=3, cutoff=0.6)
    if not close:
        return ""
    return f" (did you mean {' or '.join(repr(stems[c]) for c in close)}?)"
