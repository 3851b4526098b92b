"""Review 40 of gouji.rl.dmc (fresh eyes, from the docs and the public names): each test here
shows a defect found, and fails until it is fixed. See the commit message for the list."""

from __future__ import annotations

import contextlib
import io
import os
import re
import tempfile
import threading
import zipfile
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import gouji  # noqa: E402
from gouji.errors import GoujiError  # noqa: E402
from gouji.rl.dmc import INPUT_NAMES, QNetwork, load_weights, main, save_weights, train  # noqa: E402

SIZE = len(INPUT_NAMES)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.rst"


def _archive(path: Path, raw: dict[str, bytes], arrays: dict[str, object] | None = None) -> Path:
    """A zip of ``arrays`` saved as ``name.npy`` and ``raw`` members written as given."""
    arrays = {"features": np.array(INPUT_NAMES), "weight0": np.zeros((SIZE, 1)), "bias0": np.zeros(1)} \
        if arrays is None else arrays
    with zipfile.ZipFile(path, "w") as archive:
        for name, array in arrays.items():
            buffer = io.BytesIO()
            np.save(buffer, array)
            archive.writestr(f"{name}.npy", buffer.getvalue())
        for name, data in raw.items():
            archive.writestr(name, data)
    return path


# --- hostile weights files ------------------------------------------------------------------


def test_a_member_without_the_npy_suffix_whose_header_lies_is_a_gouji_error(tmp_path: Path) -> None:
    """_check_members reads the header of ``*.npy`` members only, but np.load also reads a member
    named plainly ``weight0`` as an array: its header declaring 152 TiB over 64 bytes is never
    measured, and numpy's allocation raises MemoryError (not a GoujiError)."""
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False,
                                                  "shape": (SIZE, 10**11)})
    path = _archive(tmp_path / "w.npz", {"weight0": header.getvalue() + bytes(64)},
                    {"features": np.array(INPUT_NAMES), "bias0": np.zeros(1)})
    with pytest.raises(GoujiError):
        load_weights(path)


@pytest.mark.parametrize("data", [b"0.5", b""])
def test_an_expert_margin_member_that_is_no_array_is_a_gouji_error(tmp_path: Path, data: bytes) -> None:
    """np.load gives a member without the npy magic (named without ``.npy``) as bytes:
    load_weights then asks the bytes for ``.shape`` (AttributeError)."""
    path = _archive(tmp_path / "w.npz", {"expert_margin": data})
    with pytest.raises(GoujiError, match="expert_margin"):
        load_weights(path)


def test_a_weights_path_that_is_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    """A named pipe is no weights file: load_weights opens it and blocks forever."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "w.npz"
    os.mkfifo(fifo)
    outcome: list[BaseException | None] = []

    def load() -> None:
        try:
            load_weights(fifo)
            outcome.append(None)
        except BaseException as error:
            outcome.append(error)

    thread = threading.Thread(target=load, daemon=True)
    thread.start()
    thread.join(5)
    if thread.is_alive():
        with contextlib.suppress(OSError):  # unblock the reader: a writer that closes at once
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(5)
        pytest.fail("load_weights waited on a named pipe")
    assert isinstance(outcome[0], GoujiError)


def test_save_weights_refuses_a_path_of_another_type() -> None:
    """load_weights refuses a path that is no str or PathLike; save_weights passes an int to
    open(), which takes it as a file descriptor: the weights go into whatever file that is,
    and it is closed under its owner."""
    network = QNetwork([(np.zeros((SIZE, 1)), np.zeros(1))])
    with tempfile.TemporaryDirectory() as folder:
        victim = Path(folder) / "someone else's file"
        descriptor = os.open(victim, os.O_RDWR | os.O_CREAT)
        try:
            with pytest.raises(GoujiError):
                save_weights(network, descriptor)  # type: ignore[arg-type]
        finally:
            written = victim.read_bytes()
            with contextlib.suppress(OSError):  # save_weights may have closed it
                os.close(descriptor)
        assert written == b"", "save_weights wrote the weights into an open file descriptor"


def _patched(path: Path, member: str, central: tuple[int, int], local: tuple[int, int] | None = None) -> Path:
    """A good weights file whose ``member`` has a 2-byte field of its central (and local) zip
    header, at ``(offset, value)``, or-ed with ``value``: a flag or a compression method."""
    _archive(path, {})
    data = bytearray(path.read_bytes())
    for signature, name_length_at, name_at, field in ((b"PK\x01\x02", 28, 46, central), (b"PK\x03\x04", 26, 30, local)):
        if field is None:
            continue
        at = data.find(signature)
        while at >= 0:
            length = int.from_bytes(data[at + name_length_at:at + name_length_at + 2], "little")
            if data[at + name_at:at + name_at + length] == member.encode():
                offset, value = field
                old = int.from_bytes(data[at + offset:at + offset + 2], "little")
                data[at + offset:at + offset + 2] = (old | value).to_bytes(2, "little")
            at = data.find(signature, at + 4)
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("case", ["encrypted", "an unknown compression method"])
def test_a_weights_file_zipfile_cannot_open_is_a_gouji_error(tmp_path: Path, case: str) -> None:
    """zipfile's RuntimeError (an encrypted member: "password required") and NotImplementedError
    (compression method 99) pass load_weights' except clause untouched."""
    if case == "encrypted":  # bit 0 of the general purpose flags, central (+8) and local (+6) headers
        path = _patched(tmp_path / "w.npz", "weight0.npy", (8, 1), (6, 1))
    else:  # the compression method (+10 in the central header) 99, which zipfile does not know
        path = _patched(tmp_path / "w.npz", "weight0.npy", (10, 99))
    with pytest.raises(GoujiError):
        load_weights(path)


# --- training arguments: a GoujiError before any deal is dealt ------------------------------


@pytest.fixture
def no_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gouji.Variant, "new_game", lambda *a, **k: pytest.fail("dealt before refusing"))


@pytest.mark.parametrize("arguments", [
    # AttributeError: 'NoneType' object has no attribute 'name'
    pytest.param({"variant": None}, id="variant None"),
    pytest.param({"variant": 5}, id="variant 5"),  # AttributeError
    pytest.param({"buffer": 10**12}, id="buffer 1e12"),  # MemoryError: numpy's 760 TiB buffer
    pytest.param({"hidden": 4}, id="hidden int"),  # TypeError: object of type 'int' has no len()
    # RuntimeError from torch's Adam, once the buffer holds a batch (long work at the defaults)
    pytest.param({"learning_rate": 1e300}, id="learning_rate 1e300"),
    # "a Q-network layer takes 209 inputs and finite weights" once the buffer holds a batch
    pytest.param({"learning_rate": 1e30, "target": "game"}, id="learning_rate 1e30"),
    # accepted: the batch never fills, the network returned is the untrained one
    pytest.param({"batch": 1000, "buffer": 10}, id="batch above buffer"),
    pytest.param({"report": None}, id="report None"),  # TypeError: 'NoneType' object is not callable
])
def test_odd_training_arguments_are_gouji_errors_before_any_deal(no_deal: None, arguments: dict[str, object]) -> None:
    pytest.importorskip("torch")
    kwargs: dict[str, object] = {"minutes": 0.05, "hidden": (4,), "final_deals": 0, "eval_every": 100.0, "batch": 8,
                                 "report": lambda line: None, **arguments}
    variant = kwargs.pop("variant", "provincial")
    with pytest.raises(GoujiError):
        train(variant, **kwargs)  # type: ignore[arg-type]


# --- documentation --------------------------------------------------------------------------


def test_the_docs_section_names_every_option_of_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rl.rst, "A baseline that learns", lists the command's options with their defaults:
    --target, --rollout-share, --expert-margin, --baseline (and --seed) are missing, and its
    "Reward" bullet still describes the game's return as the only target."""
    with pytest.raises(SystemExit):
        main(["--help"])
    options = set(re.findall(r"^  (--[a-z-]+)", capsys.readouterr().out, re.MULTILINE)) - {"--help"}
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index(".. _rl-dmc:"):text.index("The mask loop")]
    assert sorted(option for option in options if f"``{option}" not in section) == []


def test_the_docs_section_points_to_no_section_that_does_not_exist() -> None:
    """docs/rl.rst once sent readers to bots.rst's "The learning baseline", a section that never
    existed: the figures are in the section itself."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index(".. _rl-dmc:"):text.index("The mask loop")]
    assert "The learning baseline" not in section
    assert "held-out deals" in section and "python -m gouji.rl.dmc" in section


def test_feature_names_of_another_count_are_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Ten million strings of no characters declare no bytes: they were read and iterated, one
    # by one, before their count was compared (a trillion of them never ended).
    read = np.lib.format.read_array
    shapes: list[tuple[int, ...]] = []

    def reading(*args: object, **kwargs: object) -> object:
        array = read(*args, **kwargs)
        shapes.append(array.shape)
        return array

    monkeypatch.setattr(np.lib.format, "read_array", reading)
    header = b"{'descr': '<U0', 'fortran_order': False, 'shape': (10000000,), }\n"
    member = b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header
    path = _archive(tmp_path / "w.npz", {"features.npy": member},
                    {"weight0": np.zeros((SIZE, 1)), "bias0": np.zeros(1)})
    with pytest.raises(GoujiError, match="retrain it"):
        load_weights(path)
    assert (10_000_000,) not in shapes
    short = _archive(tmp_path / "short.npz", {}, {"features": np.array(INPUT_NAMES[:-1]),
                                                  "weight0": np.zeros((SIZE, 1)), "bias0": np.zeros(1)})
    with pytest.raises(GoujiError, match="retrain it"):
        load_weights(short)
