"""``learned``'s weights files as untrusted input: whatever a file holds, reading it is a
:class:`~gouji.errors.GoujiError` or weights for these features, in bounded time and memory."""

from __future__ import annotations

import tracemalloc
import zipfile

import pytest
from npz_helpers import header, npy, zip_of

from gouji.bots.features import FEATURE_NAMES
from gouji.bots.learned import load_weight_table, load_weights
from gouji.errors import GoujiError

np = pytest.importorskip("numpy")

N = len(FEATURE_NAMES)


def _good(**books) -> dict[str, bytes]:
    members = {"weights.npy": npy(np.zeros(N)), "names.npy": npy(np.asarray(FEATURE_NAMES))}
    members.update({f"{key}.npy": npy(value) for key, value in books.items()})
    return members


def _valid_file() -> bytes:
    return zip_of(_good())


HOSTILE = {
    # not an npz
    "a plain .npy array": npy(np.zeros(N)),
    "a truncated npz": _valid_file()[:200],
    "zip magic and nothing else": b"PK\x03\x04" + bytes(100),
    "a member whose checksum fails": _valid_file().replace(npy(np.zeros(N))[-16:], b"\x01" * 16, 1),
    # names
    "a 0-d names array": zip_of({"weights.npy": npy(np.zeros(N)), "names.npy": npy(np.asarray("bias"))}),
    "names that declare 10**12 strings": zip_of({"weights.npy": npy(np.zeros(N)), "names.npy": header((10**12,), "<U8")}),
    # a book's entry
    "a book entry that declares 10**12 floats": zip_of(_good() | {"weights_dagang.npy": header((10**12,))}),
    "a book entry of strings": zip_of(_good(weights_dagang=np.asarray(["1.5"] * N))),
    "a book entry of complex numbers": zip_of(_good(weights_dagang=np.zeros(N) + 1j)),
    "a book entry of dates": zip_of(_good(weights_dagang=np.zeros(N, "datetime64[s]"))),
    "a book entry of records": zip_of(_good(weights_dagang=np.zeros(N, [("a", "f8")]))),
    "the default of strings": zip_of({"weights.npy": npy(np.asarray(["2"] * N)), "names.npy": npy(np.asarray(FEATURE_NAMES))}),
}


@pytest.mark.parametrize("label", sorted(HOSTILE))
def test_a_hostile_weights_file_is_a_clear_error(tmp_path, label):
    path = tmp_path / "w.npz"
    path.write_bytes(HOSTILE[label])
    with pytest.raises(GoujiError):
        load_weight_table(path)
    with pytest.raises(GoujiError):
        load_weights(path)


def _peak_bytes(path) -> int:
    tracemalloc.start()
    try:
        with pytest.raises(GoujiError):
            load_weight_table(path)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_compressed_book_entry_that_inflates_to_80_mb_is_refused_before_it_is_read(tmp_path):
    """A zip bomb: 80 MB of floats in a file of about 80 KB; refused by its header's shape."""
    path = tmp_path / "w.npz"
    path.write_bytes(zip_of(_good(weights_dagang=np.zeros(10_000_000)), zipfile.ZIP_DEFLATED))
    assert path.stat().st_size < 200_000
    assert _peak_bytes(path) < 8_000_000


def test_a_file_far_larger_than_any_weights_is_refused_unread(tmp_path):
    path = tmp_path / "w.npz"
    path.write_bytes(_valid_file() + bytes(40_000_000))
    assert _peak_bytes(path) < 8_000_000

