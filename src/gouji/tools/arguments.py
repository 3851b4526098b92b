"""Command-line values read strictly: what a reader sees is what gouji reads."""

from __future__ import annotations

import argparse
import re

_INTEGER = re.compile(r"-?[0-9]{1,30}")


def ascii_int(text: str) -> int:
    """An integer written with the ASCII digits 0-9 (``int`` would also take ``٣``, ``³``,
    ``1_0`` and spaces), at most 30 of them."""
    if not _INTEGER.fullmatch(text):
        raise argparse.ArgumentTypeError(f"expected a whole number written with the digits 0-9 (such as 3), "
                                         f"not {text[:40]!r}")
    return int(text)
