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
import tokenize
import zipfile
import zlib
from collections.abc import Callable
from typing import Any

from gouji.errors import GoujiError

__all__ = ["Judge", "read_arrays", "real_floats"]

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
    shown = _shown(source, where)
    try:
        raw = source if isinstance(source, bytes) else _bounded_read(source, max_bytes, shown)
        if len(raw) > max_bytes:
            raise GoujiError(f"{shown} is larger than a weights file may be ({max_bytes:,} bytes at most)")
        if not raw.startswith(b"PK"):
            raise GoujiError(f"cannot read weights from {shown}: it is not an npz file (a zip archive of arrays)")
        arrays: dict[str, Any] = {}
        declared = 0
        with zipfile.ZipFile(io.BytesIO(raw)) as archive:
            members = archive.infolist()
            seen: set[str] = set()
            for info in members:
                if info.filename in seen:
                    # numpy never writes two; many entries of one name can share one member, each
                    # entry making the member's stream be inflated again (the time is the square of
                    # the file's size).
                    raise GoujiError(f"{shown}: two members are named {info.filename!r:.60}")
                seen.add(info.filename)
            for info in members:
                if not info.filename.endswith(".npy"):
                    # numpy would read such a member as an array if it began like one, or as
                    # bytes: a weights file holds arrays only.
                    raise GoujiError(f"{shown}: {info.filename!r:.60} is no array of a weights file")
                if info.compress_type not in _METHODS:
                    # bzip2 and lzma inflate a few kilobytes to gigabytes at once, before a byte
                    # of the header is read; numpy writes stored or deflated members only.
                    raise GoujiError(f"{shown}: {info.filename!r:.60} is compressed in a way numpy does not "
                                     f"write (method {info.compress_type})")
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
                if not all(0 <= size <= max_bytes for size in shape):
                    # A negative size would count less than nothing toward the bound below, and a
                    # huge one beside a zero is no size numpy can read.
                    raise GoujiError(f"{shown}: {name!r:.60} declares no shape an array can have: {shape!r:.80}")
                # An item of no bytes (a string of no characters) still costs an object each.
                declared += math.prod(shape) * max(dtype.itemsize, 1)
                if declared > max_bytes:
                    raise GoujiError(f"{shown} unpacks to more than a weights file may hold ({max_bytes:,} bytes)")
                with archive.open(info) as member:
                    arrays[name] = np.lib.format.read_array(member, allow_pickle=False)
        return arrays
    except GoujiError:
        raise
    # zipfile raises RuntimeError for an encrypted member, NotImplementedError for a compression
    # method it does not know; numpy a ValueError or EOFError for a header or data cut short, and
    # for a header that is no Python literal what parsing it raises: a SyntaxError or TokenError
    # (of the retry for Python 2's headers), an IndexError (a dtype of a 1-tuple), a MemoryError
    # or RecursionError (a literal nested too deep).
    except (OSError, LookupError, ValueError, EOFError, TypeError, RuntimeError, NotImplementedError,
            ArithmeticError, SyntaxError, MemoryError, tokenize.TokenError, zipfile.BadZipFile,
            zipfile.LargeZipFile, zlib.error) as error:
        raise GoujiError(f"cannot read weights from {shown}: {error or type(error).__name__}"[:400]) from None


def real_floats(np: Any, array: Any, what: str) -> Any:
    """``array`` (a numpy array) as float64, if it holds real numbers only (booleans, integers,
    floats); a :class:`~gouji.errors.GoujiError` saying ``what`` are real numbers otherwise. A
    cast alone would read text ("1.5"), dates and records as numbers and drop complex numbers'
    imaginary parts; an integer too large for a float makes an array of objects."""
    if array.dtype.kind not in "biuf":
        raise GoujiError(f"{what} are real numbers, not {array.dtype}")
    return array.astype(np.float64)


#: The compression methods of numpy's ``.npz`` files: ``savez``'s and ``savez_compressed``'s.
_METHODS = (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED)


def _shown(source: object, where: str | None) -> str:
    """How messages name ``source``: ``where``, else its path; never an error of its own."""
    if where is not None:
        return where[:200]
    if isinstance(source, bytes):
        return "the file"
    if isinstance(source, (str, os.PathLike)):
        try:
            return repr(os.fspath(source))[:200]
        except TypeError:  # a PathLike whose path is no text
            pass
    return f"a weights file of {type(source).__name__}"[:200]


def _bounded_read(path: str | os.PathLike[str], max_bytes: int, shown: str) -> bytes:
    """The bytes of the regular file at ``path``, read to one past ``max_bytes`` at most."""
    if not isinstance(path, (str, os.PathLike)):  # open() would take an int as a file descriptor
        raise GoujiError(f"a weights file is a path, not {path!r:.80}")
    # Opened without waiting (a pipe with no writer would block the open itself), and asked of
    # the file opened, not of the path (which could be swapped between a check and the open).
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            raise GoujiError(f"{shown} is no file of weights (a folder, or a pipe or a device that would be "
                             f"read without end)")
        # The descriptor is closed below, whatever happens: open() refusing a folder's would leave it open.
        with open(descriptor, "rb", closefd=False) as file:
            return file.read(max_bytes + 1)
    finally:
        os.close(descriptor)
