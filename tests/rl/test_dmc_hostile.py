"""A fresh-eyes review of gouji.rl.dmc (issue 40's learning baseline) as a researcher uses it:
odd command-line values, a hostile weights file, and the bot's fairness (it reads its seat's
observation only). Every bad input is a GoujiError or an argparse refusal, never a traceback.

Inference needs numpy only; the command needs the ``train`` extra (PyTorch): those tests skip
without it."""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from twin_helpers import advance, swap_hidden_cards  # noqa: E402

import gouji  # noqa: E402
from gouji.bots import decide  # noqa: E402
from gouji.bots.arena import HELD_OUT_DEALS, HELD_OUT_SEED  # noqa: E402
from gouji.errors import GoujiError  # noqa: E402
from gouji.rl import dmc  # noqa: E402
from gouji.rl.dmc import INPUT_NAMES as FEATURE_NAMES  # noqa: E402
from gouji.rl.dmc import DMCBot, QNetwork, load_weights, main, save_weights, train  # noqa: E402

SIZE = len(FEATURE_NAMES)


def _network(seed: int = 0, hidden: int = 8) -> QNetwork:
    rng = np.random.default_rng(seed)
    return QNetwork([(rng.standard_normal((SIZE, hidden)), rng.standard_normal(hidden)),
                     (rng.standard_normal((hidden, 1)), np.zeros(1))])


def _layers(**replaced: object) -> dict[str, object]:
    good: dict[str, object] = {"features": np.array(FEATURE_NAMES), "weight0": np.zeros((SIZE, 4)),
                               "bias0": np.zeros(4), "weight1": np.zeros((4, 1)), "bias1": np.zeros(1)}
    return {**good, **replaced}


def _npz(path: Path, compressed: bool = False, **arrays: object) -> Path:
    (np.savez_compressed if compressed else np.savez)(path, **arrays)
    return path


def _liar(path: Path) -> Path:
    """A weights file whose weight0 header declares 130 TiB over 64 bytes of data."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, array in (("features", np.array(FEATURE_NAMES)), ("bias0", np.zeros(1))):
            buffer = io.BytesIO()
            np.save(buffer, array)
            archive.writestr(f"{name}.npy", buffer.getvalue())
        header = io.BytesIO()
        np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False,
                                                      "shape": (SIZE, 10**11)})
        archive.writestr("weight0.npy", header.getvalue() + bytes(64))
    return path


@pytest.mark.parametrize("case", ["strings", "complex", "records", "a plain npy", "a header that lies",
                                  "a zip bomb", "truncated"])
def test_a_hostile_weights_file_is_a_gouji_error(tmp_path: Path, case: str) -> None:
    path = tmp_path / "w.npz"
    if case == "strings":
        _npz(path, **_layers(weight0=np.full((SIZE, 4), "abc")))
    elif case == "complex":
        _npz(path, **_layers(weight0=np.zeros((SIZE, 4), complex)))
    elif case == "records":
        _npz(path, **_layers(weight0=np.zeros((SIZE, 4), dtype=[("a", "f8")])))
    elif case == "a plain npy":
        with open(path, "wb") as file:
            np.save(file, np.zeros(3))
    elif case == "a header that lies":
        _liar(path)
    elif case == "a zip bomb":
        # 80 MiB of zeros compresses to well under a MiB: measured unpacked, before it is read.
        _npz(path, compressed=True, **_layers(weight0=np.zeros((SIZE, 60_000))))
        assert path.stat().st_size < dmc.MAX_WEIGHTS_BYTES
    else:
        _npz(path, **_layers())
        path.write_bytes(path.read_bytes()[:300])
    with pytest.raises(GoujiError) as refused:
        load_weights(path)
    assert len(str(refused.value)) <= 400


@pytest.mark.parametrize("bad", [None, 3, ["w.npz"]])
def test_a_weights_path_of_another_type_is_a_gouji_error(bad: object) -> None:
    with pytest.raises(GoujiError, match="a weights file is a path"):
        load_weights(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("layers", [[(1, 2, 3)], [("a", "b")], [None], [(np.zeros((SIZE, 1)), np.array(["x"]))]])
def test_a_network_of_bad_layers_is_a_gouji_error(layers: list[object]) -> None:
    with pytest.raises(GoujiError, match="Q-network"):
        QNetwork(layers)  # type: ignore[arg-type]


def test_scores_of_rows_of_another_width_are_a_gouji_error() -> None:
    with pytest.raises(GoujiError, match=f"rows of {SIZE} features"):
        _network().scores(np.zeros((2, SIZE + 1)))
    with pytest.raises(GoujiError, match=f"rows of {SIZE} features"):
        _network().scores(np.zeros(SIZE))


@pytest.mark.parametrize("epsilon", ["0.1", None, float("nan"), True])
def test_epsilon_of_another_type_is_a_gouji_error(epsilon: object) -> None:
    with pytest.raises(GoujiError, match="probability"):
        DMCBot(_network(), epsilon=epsilon)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", ["1", None, 1.5, True])
def test_a_seed_of_another_type_is_a_gouji_error(seed: object) -> None:
    with pytest.raises(GoujiError, match="seed is an integer"):
        DMCBot(_network(), seed=seed)  # type: ignore[arg-type]


def test_writing_weights_where_none_can_be_written_is_a_gouji_error(tmp_path: Path) -> None:
    with pytest.raises(GoujiError, match="cannot write"):
        save_weights(_network(), tmp_path / "no such folder" / "w.npz")


VARIANTS = {name: gouji.load_variant(name) for name in gouji.builtin_variant_names()}
NETWORK = _network(7, hidden=16)


@settings(max_examples=15, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 10_000), steps=st.integers(0, 120),
       epsilon=st.sampled_from([0.0, 0.5]))
def test_games_that_differ_only_in_hidden_cards_get_the_same_choice_from_dmc(name: str, seed: int, steps: int,
                                                                          epsilon: float) -> None:
    """The twin games of tests/bots/test_fair_bots.py: DMCBot (with its exploration, too) reads
    only what its seat may see."""
    game = VARIANTS[name].new_game(seed=seed)
    advance(game, steps, seed)
    if game.is_over:
        return
    seat = game.current_player
    assert seat is not None
    other = game.clone()
    if not swap_hidden_cards(other, seat, random.Random(seed)):
        return
    if game.observation(seat) != other.observation(seat):
        return
    first, second = DMCBot(NETWORK, seed, epsilon), DMCBot(NETWORK, seed, epsilon)
    assert decide(first, game) == decide(second, other)


@pytest.mark.parametrize("arguments", [{"minutes": float("nan")}, {"minutes": float("inf")},
                                       {"eval_every": float("nan")}, {"learning_rate": float("nan")},
                                       {"learning_rate": float("inf")}, {"seed": -1}, {"seed": 10**24},
                                       {"seed": "1"}, {"threads": 10**11}, {"epsilon": "0.1"},
                                       {"hidden": (4096, 4096)}])
def test_non_finite_and_out_of_range_training_arguments_are_gouji_errors(arguments: dict[str, object]) -> None:
    pytest.importorskip("torch")
    with pytest.raises(GoujiError):
        train("provincial", **{"minutes": 0.01, "final_deals": 0, **arguments})  # type: ignore[arg-type]


@pytest.mark.parametrize("target", ["rollouts", "game"])
def test_training_skips_the_held_out_deals(monkeypatch: pytest.MonkeyPatch, target: str) -> None:
    """A seed just under the held-out deals trains on none of them (they measure it)."""
    pytest.importorskip("torch")
    dealt: list[int] = []
    new_game = gouji.Variant.new_game

    def recording(self: gouji.Variant, *args: object, **kwargs: object) -> gouji.Game:
        dealt.append(kwargs["seed"] if "seed" in kwargs else args[0])  # type: ignore[arg-type]
        return new_game(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(gouji.Variant, "new_game", recording)
    monkeypatch.setattr(dmc, "head_to_head", lambda *a, **k: pytest.fail("no evaluation asked for"))
    result = train("provincial", minutes=0.03, hidden=(4,), eval_every=100.0, eval_deals=5, final_deals=0,
                   batch=8, seed=HELD_OUT_SEED - 2, target=target, report=lambda line: None)
    assert result.deals >= 3
    # With target="game" each deal is played twice (the learner's game and its expert twin,
    # baseline="expert"); rollouts play on from clones, never dealing again.
    times = 2 if target == "game" else 1
    assert dealt[:3 * times] == ([HELD_OUT_SEED - 2] * times + [HELD_OUT_SEED - 1] * times
                                  + [HELD_OUT_SEED + HELD_OUT_DEALS] * times)


@pytest.mark.parametrize("case", ["a file", "unwritable"])
def test_an_out_that_is_no_writable_folder_is_refused_before_training(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    pytest.importorskip("torch")
    monkeypatch.setattr(dmc, "train", lambda *a, **k: pytest.fail("trained before checking --out"))
    if case == "a file":
        out = tmp_path / "a-file"
        out.write_text("x", encoding="utf-8")
    else:
        out = Path("/proc/gouji-no-such-folder")
    with pytest.raises(SystemExit) as stopped:
        main(["--minutes", "0.01", "--out", str(out)])
    assert stopped.value.code == 2
    assert "--out" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--minutes", "nan"], ["--learning-rate", "nan"], ["--seed", "-1"],
                                  ["--seed", "1" * 30], ["--hidden", "0"], ["--hidden", "9" * 30],
                                  ["--minutes", "abc"], ["--eval-every", "inf"], ["--hidden", "4096,4096"]])
def test_the_command_refuses_odd_arguments_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   argv: list[str]) -> None:
    pytest.importorskip("torch")
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--final-deals", "0", "--out", str(tmp_path / "run")])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "Traceback" not in error and len(error) < 1000
    assert not (tmp_path / "run").exists(), "a refused run left the folder it made"


def test_a_refused_run_keeps_a_folder_that_was_there_before(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    (tmp_path / "run").mkdir()
    with pytest.raises(SystemExit):
        main(["--minutes", "nan", "--out", str(tmp_path / "run")])
    assert (tmp_path / "run").is_dir()
