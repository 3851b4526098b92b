"""The one reader of weights files (``gouji.bots.weights_files.read_arrays``, read by ``learned``
and ``gouji.rl.dmc``): whatever a stranger's file holds, the arrays its judge accepts or a
:class:`~gouji.errors.GoujiError`, in bounded time and memory."""

from __future__ import annotations

import io
import os
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from npz_helpers import header, npy, zip_of

from gouji.bots.weights_files import read_arrays
from gouji.errors import GoujiError

np = pytest.importorskip("numpy")

LIMIT = 1 << 16


def _every(name, shape, dtype):
    return None


def _read(source, judge=_every, limit: int = LIMIT):
    return read_arrays(np, source, max_bytes=limit, judge=judge, where="the file")


GOOD = zip_of({"a.npy": npy(np.arange(4.0)), "names.npy": npy(np.asarray(["x", "y"]))}, zipfile.ZIP_DEFLATED)


def test_the_arrays_a_judge_reads_come_back_and_those_it_leaves_are_not_read(tmp_path):
    path = tmp_path / "w.npz"
    path.write_bytes(zip_of({"a.npy": npy(np.arange(4.0)), "huge.npy": header((10**12,))}))
    seen = []

    def judge(name, shape, dtype):
        seen.append((name, shape, dtype.kind))
        return "" if name == "huge" else None

    arrays = _read(path, judge)
    assert list(arrays) == ["a"] and arrays["a"].tolist() == [0.0, 1.0, 2.0, 3.0]
    assert seen == [("a", (4,), "f"), ("huge", (10**12,), "f")]  # judged by its header alone
    assert _read(path.read_bytes(), judge).keys() == {"a"}  # the bytes of a resource alike


def test_a_judge_s_refusal_is_the_error():
    with pytest.raises(GoujiError, match="no names here"):
        _read(GOOD, lambda name, shape, dtype: "no names here" if name == "names" else None)


@pytest.mark.parametrize(("label", "data", "message"), [
    ("larger than the limit", GOOD + bytes(LIMIT), "larger"),
    ("not a zip", b"\x93NUMPY" + bytes(200), "not an npz"),
    ("a member that is not an array", zip_of({"a.npy": npy(np.zeros(2)), "run.py": b"print(1)"}), "no array"),
    ("an array of Python objects", zip_of({"a.npy": npy(np.asarray([{"x": 1}], dtype=object), True)}), "objects"),
    ("arrays declaring more than the limit", zip_of({"a.npy": header((LIMIT,))}), "unpacks to more"),
    ("an array format numpy never writes", zip_of({"a.npy": b"\x93NUMPY\x09\x00" + bytes(100)}), "format"),
    ("a truncated archive", GOOD[:60], "cannot read"),
    ("an array cut short", zip_of({"a.npy": npy(np.zeros(100))[:-40]}), "cannot read"),
])
def test_a_hostile_file_is_a_gouji_error_naming_it(tmp_path, label, data, message):
    path = tmp_path / "w.npz"
    path.write_bytes(data)
    with pytest.raises(GoujiError, match=message) as refused:
        _read(path)
    assert "the file" in str(refused.value)


def test_a_pipe_a_directory_and_a_missing_file_are_refused_without_waiting(tmp_path):
    pipe = tmp_path / "pipe.npz"
    os.mkfifo(pipe)  # no writer: an open() that waits would hang here
    with pytest.raises(GoujiError, match="no file of weights"):
        _read(pipe)
    with pytest.raises(GoujiError, match="no file of weights"):
        _read(tmp_path)  # a folder, its descriptor closed
    with pytest.raises(GoujiError, match="cannot read"):
        _read(tmp_path / "missing.npz")
    with pytest.raises(GoujiError, match="path"):
        _read(3)  # a file descriptor is no path


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(GOOD) - 1), st.integers(0, 255)), max_size=6),
       st.integers(1, len(GOOD)))
def test_any_damage_to_a_weights_file_reads_it_or_is_a_gouji_error(changes, length):
    data = bytearray(GOOD)
    for index, value in changes:
        data[index] = value
    try:
        arrays = _read(bytes(data[:length]))
    except GoujiError:
        return
    assert set(arrays) <= {"a", "names"}


def _raw_header(text: str) -> bytes:
    """A version 1.0 array header of ``text`` exactly, whatever it says."""
    body = text.encode("latin1")
    return b"\x93NUMPY\x01\x00" + len(body).to_bytes(2, "little") + body


@pytest.mark.parametrize(("label", "text"), [
    # numpy retries a header that is no literal as Python 2's, with the tokenizer: its errors
    ("a bracket never closed", "{'descr': '<f8', 'fortran_order': False, 'shape': (\n"),
    ("a string never closed", "'''"),
    ("lines indented out of step", "1\n  2\n 3\n"),
    ("a dtype of a 1-tuple", "{'descr': ('<f8',), 'fortran_order': False, 'shape': (1,), }\n"),
    ("a literal nested too deep for the parser", "-" * 9000 + "1"),
    ("a dimension too large for numpy beside a zero", f"{{'descr': '<f8', 'fortran_order': False, 'shape': (0, {10**30}), }}\n"),
])
def test_a_header_that_numpy_s_parser_chokes_on_is_a_gouji_error(label, text):
    with pytest.raises(GoujiError, match="the file"):
        _read(zip_of({"a.npy": _raw_header(text) + bytes(16)}))


def test_a_negative_dimension_counts_for_nothing_toward_the_bound():
    # (-2**40, 2**40) multiplies to a negative size (numpy's count wraps to 0 and reads it);
    # the next array then held 32 times the limit.
    liar = _raw_header(f"{{'descr': '<f8', 'fortran_order': False, 'shape': (-{2**40}, {2**40}), }}\n")
    data = zip_of({"a.npy": liar, "b.npy": npy(np.zeros(LIMIT // 2))}, zipfile.ZIP_DEFLATED)
    assert len(data) < LIMIT
    with pytest.raises(GoujiError, match="shape"):
        _read(data)


def test_an_array_of_items_of_no_bytes_is_bounded_by_its_count():
    # A trillion strings of no characters declare no bytes; whoever iterates them never ends.
    data = zip_of({"a.npy": _raw_header(f"{{'descr': '<U0', 'fortran_order': False, 'shape': ({10**12},), }}\n")})
    with pytest.raises(GoujiError, match="the file"):
        _read(data)


def _bzip2_member(payload: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_BZIP2) as archive, archive.open("a.npy", "w") as member:
        member.write(npy(np.zeros(4)))
        member.write(payload)
    return out.getvalue()


@pytest.mark.parametrize("method", [zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA])
def test_a_member_compressed_otherwise_than_numpy_writes_is_refused_unread(method):
    # bzip2 inflates the first 4 KB zipfile reads whole: 400 bytes held 256 MiB of zeros, taken
    # into memory twice to read a header; and lzma's errors were no GoujiError.
    bomb = _bzip2_member(bytes(1 << 24)) if method == zipfile.ZIP_BZIP2 else zip_of({"a.npy": npy(np.zeros(4))}, method)
    assert len(bomb) < 1000
    with pytest.raises(GoujiError, match="compressed"):
        _read(bomb)
    if method == zipfile.ZIP_LZMA:
        corrupt = bytearray(bomb)
        corrupt[39] = 0xFF  # the lzma properties
        with pytest.raises(GoujiError, match="the file"):
            _read(bytes(corrupt))


def test_a_member_named_twice_is_refused():
    # Entries of one name may share one member's bytes: each entry inflated it again, so that a
    # file of 1 MiB took 10 s and one of 64 MiB would take hours.
    one = zip_of({"a.npy": npy(np.zeros(4))})
    start, end = one.index(b"PK\x01\x02"), one.index(b"PK\x05\x06")
    entry = one[start:end]
    record = bytearray(one[end:])
    record[8:16] = (3).to_bytes(2, "little") * 2 + (3 * len(entry)).to_bytes(4, "little")
    with pytest.raises(GoujiError, match="two members"):
        _read(one[:start] + entry * 3 + bytes(record))


def test_a_folder_s_descriptor_is_closed(tmp_path):
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(20):
        with pytest.raises(GoujiError):
            _read(tmp_path)
    assert len(os.listdir("/proc/self/fd")) == before


@pytest.mark.parametrize("source", [3, bytearray(b"PK"), None])
def test_a_source_of_another_type_is_a_gouji_error_without_a_where(source):
    with pytest.raises(GoujiError, match="path"):
        read_arrays(np, source, max_bytes=LIMIT, judge=_every)
