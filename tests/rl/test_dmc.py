"""The Deep Monte-Carlo trainer (gouji.rl.dmc, issue 40): numpy inference of its weights, the
weights file read as untrusted input, the trainer's arguments, a short run, its curve and CLI.

Inference needs numpy only; training needs the ``train`` extra (PyTorch), and the plot matplotlib:
those tests skip without them (CI installs the extra and runs them)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import gouji  # noqa: E402
from gouji.bots.basic import decide, play_game  # noqa: E402
from gouji.errors import GoujiError  # noqa: E402
from gouji.rl.dmc import INPUT_NAMES as FEATURE_NAMES  # noqa: E402
from gouji.rl.dmc import DMCBot, QNetwork, load_weights, main, save_weights, train, write_curve  # noqa: E402

SIZE = len(FEATURE_NAMES)


def _network(seed: int = 0, hidden: int = 8) -> QNetwork:
    rng = np.random.default_rng(seed)
    return QNetwork([(rng.standard_normal((SIZE, hidden)), np.zeros(hidden)),
                     (rng.standard_normal((hidden, 1)), np.zeros(1))])


def test_a_network_plays_whole_games_of_every_variant_with_numpy_only() -> None:
    network = _network()
    for name in gouji.builtin_variant_names():
        variant = gouji.load_variant(name)
        game = play_game(variant, seed=3, bots=[DMCBot(network, seed=s) for s in range(6)])
        assert game.is_over


def test_the_bot_weighs_with_the_network_it_is_given() -> None:
    network = _network()
    rows = np.eye(SIZE)[:5]
    expected = np.maximum(rows @ network.layers[0][0], 0) @ network.layers[1][0]
    assert np.allclose(network.scores(rows), expected[:, 0])


def test_weights_round_trip_through_a_file(tmp_path: Path) -> None:
    network = _network(seed=4)
    save_weights(network, tmp_path / "w.npz")
    again = load_weights(tmp_path / "w.npz")
    rows = np.random.default_rng(1).standard_normal((7, SIZE))
    assert np.allclose(again.scores(rows), network.scores(rows))


def _npz(path: Path, **arrays: object) -> Path:
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    path.write_bytes(buffer.getvalue())
    return path


@pytest.mark.parametrize("case", ["garbage", "no features", "other features", "pickled", "no layers",
                                  "nan", "wrong width", "two outputs"])
def test_a_bad_weights_file_is_a_gouji_error(tmp_path: Path, case: str) -> None:
    names = np.array(FEATURE_NAMES)
    good = {"weight0": np.zeros((SIZE, 2)), "bias0": np.zeros(2), "weight1": np.zeros((2, 1)), "bias1": np.zeros(1)}
    path = tmp_path / "w.npz"
    if case == "garbage":
        path.write_bytes(b"PK\x03\x04 not really a zip")
    elif case == "no features":
        _npz(path, **good)
    elif case == "other features":
        _npz(path, features=names[:-1], **good)
    elif case == "pickled":
        _npz(path, features=names, weight0=np.array([object()], dtype=object), bias0=np.zeros(2))
    elif case == "no layers":
        _npz(path, features=names)
    elif case == "nan":
        _npz(path, features=names, **{**good, "bias0": np.array([np.nan, 0.0])})
    elif case == "wrong width":
        _npz(path, features=names, **{**good, "weight1": np.zeros((3, 1))})
    else:
        _npz(path, features=names, **{**good, "weight1": np.zeros((2, 2)), "bias1": np.zeros(2)})
    with pytest.raises(GoujiError):
        load_weights(path)


def test_epsilon_is_a_probability() -> None:
    with pytest.raises(GoujiError, match="probability"):
        DMCBot(_network(), epsilon=1.5)


@pytest.mark.parametrize("arguments", [{"minutes": 0}, {"minutes": -1.0}, {"epsilon": 2.0}, {"hidden": ()},
                                       {"hidden": (0,)}, {"hidden": (True,)}, {"batch": 0}, {"eval_deals": 0},
                                       {"final_deals": -1}, {"learning_rate": 0.0}, {"threads": "2"},
                                       {"average": 1.0}, {"average": -0.5}, {"average": True},
                                       {"baseline": "greedy"}, {"baseline": None}, {"target": "td"},
                                       {"rollout_share": 0.0}, {"rollout_share": 1.5}, {"expert_margin": -0.1},
                                       {"expert_margin": 3.0}, {"expert_margin": float("nan")}, {"expert_margin": "1"},
                                       {"expert_margin": 10**5000}])
def test_bad_training_arguments_are_gouji_errors(arguments: dict[str, object]) -> None:
    pytest.importorskip("torch")
    with pytest.raises(GoujiError):
        train("provincial", **{"minutes": 0.01, **arguments})  # type: ignore[arg-type]


def test_a_short_run_learns_from_games_and_measures_on_held_out_deals(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    lines: list[str] = []
    result = train("provincial", minutes=0.1, hidden=(16,), eval_every=0.03, eval_deals=1, final_deals=1,
                   batch=32, report=lines.append)
    assert result.deals > 0 and result.decisions > 0
    assert result.final_greedy is not None and result.final_greedy.deals == 1
    assert result.curve and result.curve[-1].greedy is result.final_greedy
    assert any(line.startswith("final") for line in lines)
    written = write_curve(result, tmp_path)
    assert (tmp_path / "curve.csv").read_text(encoding="utf-8").startswith("minutes,deals")
    assert tmp_path / "curve.csv" in written


def test_the_duplicate_baseline_cancels_the_deal() -> None:
    """The twin of a deal played by the same bots scores the same margin: where the learner plays
    expert's action throughout, its target (margin minus the twin's) is exactly 0."""
    from gouji.bots.expert import ExpertBot
    from gouji.rl import dmc

    variant = gouji.load_variant("provincial")
    for seed, team in ((3, 0), (4, 1)):
        margins = {dmc._margin(variant, seed, [ExpertBot(seed * 6 + s) for s in range(6)], team) for _ in range(2)}
        assert len(margins) == 1


@pytest.mark.parametrize("baseline", ["none", "expert"])
def test_a_run_on_the_games_return_trains(baseline: str) -> None:
    pytest.importorskip("torch")
    result = train("provincial", minutes=0.03, hidden=(4,), eval_every=100.0, final_deals=0, batch=8,
                   target="game", baseline=baseline, report=lambda line: None)
    assert result.deals > 0 and result.decisions > 0


def test_training_leaves_torch_s_threads_and_generator_as_it_found_them() -> None:
    """train() sets one thread and its seed for its own run; a researcher's process keeps its own."""
    torch = pytest.importorskip("torch")
    threads = torch.get_num_threads()
    torch.set_num_threads(2 if threads != 2 else 3)
    try:
        before, state = torch.get_num_threads(), torch.random.get_rng_state()
        train("provincial", minutes=0.01, hidden=(4,), eval_every=100.0, final_deals=0, batch=8,
              target="game", threads=1, report=lambda line: None)
        assert torch.get_num_threads() == before
        assert torch.equal(torch.random.get_rng_state(), state)
    finally:
        torch.set_num_threads(threads)


def test_rollout_targets_are_what_each_candidate_ends_with_above_experts() -> None:
    """Each sampled decision gives a row per candidate, expert's (the first) at exactly 0: the
    same deal played on by expert from expert's own action is the deal itself."""
    from gouji.bots.basic import GreedyBot
    from gouji.bots.expert import ExpertBot
    from gouji.rl import dmc

    variant = gouji.load_variant("provincial")
    network = _network()
    seats = [DMCBot(network, s) if s % 2 == 0 else GreedyBot(s) for s in range(6)]
    added, count = dmc._play_with_rollouts(variant, 7, seats, 0, 1.0)
    assert added and 0 < count < len(added) and all(len(row) == len(FEATURE_NAMES) for row, _ in added)
    experts = [ExpertBot(7 * 6 + s) if s % 2 == 0 else GreedyBot(s) for s in range(6)]
    again, _ = dmc._play_with_rollouts(variant, 7, experts, 0, 1.0)
    firsts = [gain for (row, gain) in again if row[dmc.INPUT_NAMES.index("expert")] == 1.0]
    assert firsts and all(gain == 0.0 for gain in firsts)


def test_the_expert_margin_keeps_experts_candidate_until_another_scores_above_it(tmp_path: Path) -> None:
    layers = [(np.zeros((len(FEATURE_NAMES), 1)), np.zeros(1))]
    sure = QNetwork(layers, expert_margin=0.5)
    save_weights(sure, tmp_path / "w.npz")
    assert load_weights(tmp_path / "w.npz").expert_margin == 0.5
    variant = gouji.load_variant("provincial")
    from gouji.bots.expert import ExpertBot

    game = variant.new_game(seed=3)
    steps = 0
    while not game.is_over and steps < 400:
        seat = game.current_player
        assert seat is not None
        chosen = decide(DMCBot(sure, seat), game)
        assert chosen == decide(ExpertBot(seat), game)  # every candidate scores 0: expert's is played
        game.apply(chosen)
        steps += 1


def test_the_curve_is_plotted_when_matplotlib_is_there(tmp_path: Path) -> None:
    pytest.importorskip("torch")
    pytest.importorskip("matplotlib")
    result = train("dagang", minutes=0.05, hidden=(8,), eval_every=1.0, eval_deals=1, final_deals=1,
                   batch=16, report=lambda line: None)
    write_curve(result, tmp_path)
    assert (tmp_path / "curve.png").read_bytes().startswith(b"\x89PNG")


def test_the_command_writes_weights_that_load(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    out = tmp_path / "run"
    assert main(["--minutes", "0.05", "--hidden", "8", "--eval-every", "1", "--final-deals", "1",
                 "--out", str(out)]) == 0
    network = load_weights(out / "weights.npz")
    assert len(network.layers) == 2
    assert "weights.npz" in capsys.readouterr().out


def test_the_command_refuses_bad_arguments_plainly(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    with pytest.raises(SystemExit) as stopped:
        main(["--minutes", "0.05", "--epsilon", "3", "--out", str(tmp_path)])
    assert stopped.value.code == 2
    assert "probability" in capsys.readouterr().err


@pytest.mark.parametrize("margin", [np.array([0.1, 0.2]), np.array("0.1"), np.array(99.0), np.array(-1.0),
                                    np.array(float("nan"))])
def test_a_weights_file_of_a_bad_expert_margin_is_a_gouji_error(tmp_path: Path, margin: object) -> None:
    path = tmp_path / "w.npz"
    np.savez(path, features=np.array(FEATURE_NAMES), weight0=np.zeros((SIZE, 1)), bias0=np.zeros(1),
             expert_margin=margin)
    with pytest.raises(GoujiError, match="expert_margin"):
        load_weights(path)
