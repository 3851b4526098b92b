"""``learned``: numpy-only inference over shipped weights; legal, fair, stronger than ``greedy``."""

from __future__ import annotations

import builtins
import os
import subprocess
import sys
from pathlib import Path

import pytest

import gouji
from gouji.bots import make_bot, play_game
from gouji.bots.arena import HELD_OUT_SEED, head_to_head
from gouji.bots.features import FEATURE_NAMES
from gouji.bots.learned import DEFAULT_KEY, LearnedBot, book_key, load_weight_table, load_weights, weights_for
from gouji.errors import GoujiError

np = pytest.importorskip("numpy")


def test_the_shipped_weights_are_small_and_fit_the_features():
    weights = load_weights()
    assert weights.shape == (len(FEATURE_NAMES),)
    assert np.isfinite(weights).all()


def test_the_shipped_file_holds_weights_for_every_built_in_book_and_nothing_else():
    """One vector per book, trained on its deals (docs/bots.rst), and the default; a book
    added to gouji without weights of its own fails here."""
    table = load_weight_table()
    books = {plugin for name in gouji.builtin_variant_names() for plugin in gouji.load_variant(name).plugins}
    assert books >= {"provincial", "dagang", "district", "dagang196"}
    assert set(table) == {DEFAULT_KEY} | {book_key(book) for book in books}


def test_a_variant_plays_its_book_s_weights_and_a_house_variant_its_base_book_s():
    table = {DEFAULT_KEY: np.zeros(len(FEATURE_NAMES)), book_key("dagang"): np.ones(len(FEATURE_NAMES))}
    assert weights_for(table, gouji.load_variant("dagang")) is table[book_key("dagang")]
    plain = gouji.load_variant("dagang-plain")  # a variant built on dagang
    assert weights_for(table, plain) is table[book_key("dagang")]
    assert weights_for(table, gouji.load_variant("district")) is table[DEFAULT_KEY]
    bot = LearnedBot(0)
    for name in ("provincial", "dagang", "district", "dagang196"):
        variant = gouji.load_variant(name)
        game = variant.new_game(seed=5)
        observation = game.observation(game.current_player)
        actions = list(observation.legal_actions)
        bot.scores(observation, variant, actions, actions[0], actions[0])
        assert np.array_equal(bot.weights, load_weight_table()[book_key(name)])


def test_a_user_s_table_of_weights_serves_each_variant_its_book_s(tmp_path):
    """A researcher's file of weights by book (``load_weight_table``) plays as the shipped one:
    dagang's games with its dagang vector, a variant of no book of the file with the default."""
    path = tmp_path / "mine.npz"
    mine = np.full(len(FEATURE_NAMES), 0.5)
    np.savez(path, weights=np.zeros(len(FEATURE_NAMES)), weights_dagang=mine, names=np.asarray(FEATURE_NAMES))
    bot = LearnedBot(0, weights=load_weight_table(path))
    for name, expected in (("dagang", mine), ("provincial", np.zeros(len(FEATURE_NAMES)))):
        variant = gouji.load_variant(name)
        game = variant.new_game(seed=5)
        observation = game.observation(game.current_player)
        actions = list(observation.legal_actions)
        bot.scores(observation, variant, actions, actions[0], actions[0])
        assert np.array_equal(bot.weights, expected)
    assert play_game(gouji.load_variant("dagang"), 1, bot).is_over


@pytest.mark.parametrize("weights", [
    {"weights_dagang": np.zeros(len(FEATURE_NAMES))},  # no default
    {DEFAULT_KEY: np.zeros(3)},
    {DEFAULT_KEY: np.zeros(len(FEATURE_NAMES)), 3: np.zeros(len(FEATURE_NAMES))},
    {DEFAULT_KEY: ["a"] * len(FEATURE_NAMES)},
    np.full(len(FEATURE_NAMES), np.inf),
    "weights",
])
def test_weights_given_to_the_bot_of_another_shape_are_refused(weights):
    with pytest.raises(GoujiError, match="learned bot"):
        LearnedBot(0, weights=weights)


@pytest.mark.parametrize("weights", [
    ["1.5"] * len(FEATURE_NAMES),  # text was parsed as numbers
    np.zeros(len(FEATURE_NAMES)) + 1j,  # the imaginary parts were dropped
    np.zeros(len(FEATURE_NAMES), "datetime64[s]"),  # dates were seconds
    np.zeros(len(FEATURE_NAMES), [("a", "f8")]),  # a record was its field
    [10**400] * len(FEATURE_NAMES),  # an OverflowError
    {DEFAULT_KEY: np.zeros(len(FEATURE_NAMES), "m8[s]")},
])
def test_weights_given_to_the_bot_that_are_no_real_numbers_are_refused(weights):
    with pytest.raises(GoujiError, match="real numbers"):
        LearnedBot(0, weights=weights)


def test_weights_that_are_not_finite_are_refused(tmp_path):
    path = tmp_path / "w.npz"
    weights = np.zeros(len(FEATURE_NAMES))
    weights[3] = np.nan
    np.savez(path, weights=weights, names=np.asarray(FEATURE_NAMES))
    with pytest.raises(GoujiError, match="finite"):
        load_weights(path)


@pytest.mark.parametrize("name", gouji.builtin_variant_names())
def test_learned_plays_every_built_in_variant_to_the_end(name):
    class Checked:
        def __init__(self, seed):
            self.bot = make_bot("learned", seed)

        def choose(self, observation, variant):
            action = self.bot.choose(observation, variant)
            assert action in observation.legal_actions
            return action

    game = play_game(name, 1, [Checked(s) for s in range(6)])
    assert game.is_over


def test_learned_beats_greedy_on_held_out_deals_seats_swapped():
    result = head_to_head("learned", "greedy", "provincial", deals=60, first_seed=HELD_OUT_SEED)
    assert result.low > 0, result.text()


def test_weights_for_other_features_are_refused(tmp_path):
    path = tmp_path / "w.npz"
    np.savez(path, weights=np.zeros(3), names=np.asarray(["a", "b", "c"]))
    with pytest.raises(GoujiError, match="other features"):
        load_weights(path)
    (tmp_path / "junk.npz").write_bytes(b"not a file of weights")
    with pytest.raises(GoujiError, match="cannot read"):
        load_weights(tmp_path / "junk.npz")
    with pytest.raises(GoujiError, match="takes"):
        LearnedBot(weights=np.zeros(2))


def test_without_numpy_the_learned_bot_is_a_clear_error_naming_the_extra(monkeypatch):
    import gouji.bots.learned as learned

    real_import = builtins.__import__

    def no_numpy(name, *args, **kwargs):
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError("no numpy here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(learned, "_numpy", None)
    monkeypatch.setattr(learned, "_shipped", None)
    monkeypatch.setattr(builtins, "__import__", no_numpy)
    with pytest.raises(GoujiError, match=r"pip install '\.\[bots\]'"):
        make_bot("learned")


def test_the_training_script_writes_weights_the_bot_loads(tmp_path):
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "weights.npz"
    done = subprocess.run(
        [sys.executable, str(root / "examples" / "rl" / "train_learned_bot.py"), "--minutes", "0.05",
         "--sample", "0.5", "--out", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "PYTHONPATH": str(root / "src")})
    assert done.returncode == 0, done.stderr
    assert "round 1:" in done.stdout and out.is_file()
    bot = LearnedBot(0, load_weights(out))
    assert play_game("provincial", 2, [bot] * 6).is_over
    done = subprocess.run(
        [sys.executable, str(root / "examples" / "rl" / "train_learned_bot.py"), "--minutes", "0.02",
         "--sample", "0.5", "--variant", "dagang", "--book", "dagang", "--out", str(out), "--eval-deals", "1"],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "PYTHONPATH": str(root / "src")})
    assert done.returncode == 0, done.stderr
    assert "learned (these weights)" in done.stdout and "<lambda>" not in done.stdout  # the table names the bot
    table = load_weight_table(out)
    assert set(table) == {DEFAULT_KEY, book_key("dagang")}
    assert np.array_equal(table[DEFAULT_KEY], load_weights(out))


def _train(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(root / "examples" / "rl" / "train_learned_bot.py"), "--minutes", "0.02",
         "--sample", "0.5", *args],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "PYTHONPATH": str(root / "src")})


@pytest.mark.parametrize("deals", ["-1", "-300"])
def test_the_training_script_refuses_negative_tuning_deals_before_it_trains(tmp_path, deals):
    root = Path(__file__).resolve().parents[2]
    done = _train(root, "--tune-deals", deals, "--out", str(tmp_path / "w.npz"))
    assert done.returncode != 0
    assert "round 1:" not in done.stdout  # refused up front, not after the minutes of training
    assert "tune-deals" in done.stderr


@pytest.mark.parametrize("content", ["not weights", "other features"])
def test_the_training_script_refuses_a_book_s_out_that_holds_no_weights_for_these_features_before_it_trains(
        tmp_path, content):
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "w.npz"
    if content == "not weights":
        out.write_text("not weights")
    else:
        np.savez(out, weights=np.zeros(3), names=np.asarray(["a", "b", "c"]))
    before = out.read_bytes()
    done = _train(root, "--book", "provincial", "--out", str(out))
    assert done.returncode != 0
    assert "round 1:" not in done.stdout  # refused up front, not after the minutes of training
    assert "Traceback" not in done.stderr and str(out) in done.stderr
    assert out.read_bytes() == before
