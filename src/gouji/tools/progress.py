"""A tiny progress bar for long command-line runs: one line, rewritten with a carriage return."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``with Progress(total, label) as bar: ... bar.advance()``.

    Draws ``label  37/100 [#######.............]  37%`` on ``stream``
    (stderr by default) at most ten times a second, and ends the line when
    the block ends. When ``enabled`` is false nothing is written.
    """

    def __init__(self, total: int, label: str = "", stream: TextIO | None = None, enabled: bool = True,
                 width: int = 30) -> None:
        self.total = max(total, 0)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.width = width
        self.done = 0
        self._last_draw = 0.0
        self._drawn: str | None = None

    def __enter__(self) -> Progress:
        self._draw(force=True)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._draw(force=True)
            self.stream.write("\n")
            self.stream.flush()

    def advance(self, n: int = 1) -> None:
        self.done += n
        self._draw(force=self.done >= self.total)

    def line(self) -> str:
        """The bar as text, without the carriage return."""
        frac = self.done / self.total if self.total else 1.0
        filled = round(frac * self.width)
        bar = "#" * filled + "." * (self.width - filled)
        digits = len(str(self.total))
        label = f"{self.label}  " if self.label else ""
        return f"{label}{self.done:>{digits}}/{self.total} [{bar}] {frac:4.0%}"

    def _draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self._last_draw < 0.1:
            return
        line = self.line()
        if line == self._drawn:
            return
        self._last_draw = now
        self._drawn = line
        self.stream.write("\r" + line)
        self.stream.flush()
