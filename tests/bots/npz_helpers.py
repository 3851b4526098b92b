"""The pieces of hostile ``.npz`` files, shared by the tests of the weights reader
(tests/bots/test_weights_files.py) and of ``learned``'s weights files
(tests/bots/test_learned_weights_file.py). numpy is imported when a piece is made, so that a
test module can skip itself first where numpy is not installed."""

from __future__ import annotations

import io
import zipfile
from typing import Any


def npy(array: Any, allow_pickle: bool = True) -> bytes:
    """``array`` as an .npy member's bytes (object arrays written too: files to refuse)."""
    import numpy as np

    out = io.BytesIO()
    np.save(out, array, allow_pickle=allow_pickle)
    return out.getvalue()


def header(shape: Any, descr: str = "<f8") -> bytes:
    """An array header that declares ``shape`` and no data after it."""
    import numpy as np

    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, {"descr": descr, "fortran_order": False, "shape": shape})
    return out.getvalue()


def zip_of(members: dict[str, bytes], method: int = zipfile.ZIP_STORED) -> bytes:
    """A zip archive of ``members`` (name: bytes), as an .npz is."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()
