"""Weights files read as a stranger's input: one bounded reader of numpy's ``.npz`` archives.

The bots' weights (``learned``'s vectors, ``gouji.rl.dmc``'s Q-networks) travel as ``.npz``
files, which anyone may hand a program. :func:`read_arrays` reads one in bounded time and
memory before any array is trusted: the file itself at most ``max_bytes`` (a regular file: a
pipe or a device would be waited on, or read without end), each member an ``.npy`` array whose
header (shape and kind) is read and judged before its data, the data of the arrays read at most
``max_bytes`` in all as the headers declare them (a small compressed file may declare huge
arrays), nothing unpickled. Every way a file fails is a :class:`~gouji.errors.GoujiError`
naming it. Needs numpy (the ``bots`` extra).
"""

from __future__ import annotations

import io
import math
import os
import stat
import zipfile
import zlib
from collections.abc import Callable
from typing import Any

from gouji.errors import GoujiError

__all__ = ["Judge", "read_arrays"]

#: What a member's judge answers for its array's ``(name, shape, dtype)`` before its data is read:
#: ``None`` to read it, ``""`` to leave it unread, any other text to refuse the file with it.
Judge = Callable[[str, tuple[int, ...], Any], "str | None"]


def read_arrays(np: Any, source: str | os.PathLike[str] | bytes, *, max_bytes: int, judge: Judge,
                where: str | None = None) -> dict[str, Any]:
    """The arrays of the ``.npz`` ``source`` (a path, or the file's bytes: a package's resource)
    that ``judge`` reads, by name (the member's name without ``.npy``); ``np`` is numpy. Raise a
    :class:`~gouji.errors.GoujiError` naming ``where`` (default: the path) for a file larger than
    ``max_bytes``, one that is no ``.npz`` of arrays, an array its judge refuses, arrays declaring
    more than ``max_bytes`` of data, or a file that cannot be read."""
    shown = where if where is not None else repr(os.fspath(source)) if not isinstance(source, bytes) else "the file"
    shown = shown[:200]
    try:
        raw = source if isinstance(source, bytes) else _bounded_read(source, max_bytes, shown)
        if len(raw) > max_bytes:
            raise GoujiError(f"{shown} is larger than a weights file may be ({max_bytes:,} bytes at most)")
        if not raw.startswith(b"PK"):
            raise GoujiError(f"cannot read weights from {shown}: it is not an npz file (a zip archive of arrays)")
        arrays: dict[str, Any] = {}
        declared = 0
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            for info in archive.infolist():
                if not info.filename.endswith(".npy"):
                    # numpy would read such a member as an array if it began like one, or as
                    # bytes: a weights file holds arrays only.
                    raise GoujiError(f"{shown}: {info.filename!r:.60} is no array of a weights file")
                name = info.filename.removesuffix(".npy")
                with archive.open(info) as member:
                    version = np.lib.format.read_magic(member)
                    if version == (1, 0):
                        shape, _, dtype = np.lib.format.read_array_header_1_0(member)
                    elif version == (2, 0):
                        shape, _, dtype = np.lib.format.read_array_header_2_0(member)
                    else:
                        raise GoujiError(f"{shown}: {name!r:.60} is in array format {version}, "
                                         f"not one numpy writes weights in")
                if dtype.hasobject:  # read only by unpickling
                    raise GoujiError(f"{shown}: {name!r:.60} holds Python objects, not numbers or names")
                verdict = judge(name, shape, dtype)
                if verdict == "":
                    continue
                if verdict is not None:
                    raise GoujiError(verdict)
                declared += math.prod(shape) * dtype.itemsize
                if declared > max_bytes:
                    raise GoujiError(f"{shown} unpacks to more than a weights file may hold ({max_bytes:,} bytes)")
                with archive.open(info) as member:
                    arrays[name] = np.lib.format.read_array(member, allow_pickle=False)
        return arrays
    except GoujiError:
        raise
    # zipfile raises RuntimeError for an encrypted member, NotImplementedError for a compression
    # method it does not know; numpy a ValueError or EOFError for a header or data cut short.
    except (OSError, KeyError, ValueError, EOFError, TypeError, RuntimeError, NotImplementedError,
            zipfile.BadZipFile, zipfile.LargeZipFile, zlib.error) as error:
        raise GoujiError(f"cannot read weights from {shown}: {error}"[:400]) from None


def _bounded_read(path: str | os.PathLike[str], max_bytes: int, shown: str) -> bytes:
    """The bytes of the regular file at ``path``, read to one past ``max_bytes`` at most."""
    if not isinstance(path, (str, os.PathLike)):  # open() would take an int as a file descriptor
        raise GoujiError(f"a weights file is a path, not {path!r:.80}")
    # Opened without waiting (a pipe with no writer would block the open itself), and asked of
    # the file opened, not of the path (which could be swapped between a check and the open).
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(descriptor, "rb") as file:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise GoujiError(f"{shown} is no file of weights (a pipe or a device would be read without end)")
        return file.read(max_bytes + 1)
