"""Reading a file named by someone else: only a regular file, and never more than a bound.

A size from ``stat`` is not to be trusted (``/dev/zero`` says 0 bytes and never ends), and
opening a FIFO for reading waits for a writer: the file is opened without blocking, must be a
regular file once open, and is read up to one byte past its bound.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


class UnreadableFile(OSError):
    """The file is not a regular file, or larger than its bound; the message says which."""


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raise :class:`UnreadableFile` for a file that is not a regular one (a FIFO, a device, a
    folder) or holds more than ``limit`` bytes, and :class:`OSError` for a file that cannot
    be opened (missing, a name too long).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(Path(path), flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UnreadableFile(f"{os.fspath(path)} is not a regular file")
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise UnreadableFile(f"{os.fspath(path)} holds more than {limit} bytes")
    return data
