"""gouji.rl.evaluate (held-out deals, seats swapped, a 95% interval; no numpy needed),
observation policies and play_many (many episodes across processes)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import gouji
from gouji.bots.basic import GreedyBot, RandomBot
from gouji.rl.evaluation import HELD_OUT, evaluate, interval95


def test_evaluation_needs_no_numpy() -> None:
    code = ("import sys; sys.modules['numpy'] = None\n"
            "from gouji.rl.evaluation import evaluate\n"
            "print(evaluate('provincial', ['greedy', 'random'], deals=2).deals)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "2"


def test_sides_swap_seats_on_the_same_deals(variant: gouji.Variant) -> None:
    result = evaluate(variant, ["greedy", "random"], deals=3, seed=1)
    assert result.deals == 3 and result.swap and len(result.points["A"]) == 3
    for side in ("A", "B"):
        mean, half = interval95(result.points[side])
        assert result.mean[side] == mean and result.interval[side] == half
    # The same players on both sides: with the seats swapped on each deal, the sides are
    # the same players on the same deals, so their points are equal.
    same = evaluate(variant, [GreedyBot(), GreedyBot()], deals=2, seed=1)
    assert same.points["A"] == same.points["B"]
    assert "side A" in str(result)


@pytest.mark.parametrize("games", [1, 2, 3])
def test_a_series_counts_each_of_its_games_once(games: int) -> None:
    """Found by a newcomer: the last game of every series was counted twice (8×(g+1) points for
    a series of g sweeps). Each deal's points are the sum of its games' team points, replayed here."""
    from gouji.bots.basic import decide, make_bot
    from gouji.engine.series import Series
    from gouji.rl.evaluation import _bot, _play_series

    variant = gouji.load_variant("provincial")
    seed = HELD_OUT + 5
    names = ["greedy", "random"] * 3
    even, odd = _play_series(variant, seed, games, [_bot(names[s], s) for s in range(6)])
    bots = [make_bot(names[s], s) for s in range(6)]
    series = Series(variant, seed=seed, games=games)
    expected = [0.0, 0.0]
    for _ in range(games):
        game = series.game
        while not game.is_over:
            game.apply(decide(bots[game.current_player], game))
        expected[0] += game.score().team_points[0]
        expected[1] += game.score().team_points[1]
        series.next_game()
    assert (even, odd) == tuple(expected)
    assert len(series.finished) == games


def test_players_by_seat_and_functions() -> None:
    seen: list[int] = []

    def first(game: gouji.Game, seat: int) -> gouji.Action:
        seen.append(seat)
        return game.legal_actions()[0]

    result = evaluate("provincial", [first, "random", RandomBot(3), "random", "greedy", "random"], deals=2, swap=False)
    assert not result.swap and set(seen) == {0}
    with pytest.raises(gouji.GoujiError):
        evaluate("provincial", ["greedy"] * 3, deals=2)
    with pytest.raises(gouji.GoujiError):
        evaluate("provincial", ["greedy", "random"], deals=1)
    with pytest.raises(gouji.GoujiError):
        evaluate("provincial", ["greedy", 7], deals=2)


def test_the_interval_is_students() -> None:
    mean, half = interval95([1.0, 2.0, 3.0])
    assert mean == 2.0 and half == pytest.approx(4.303 * (1 / 3) ** 0.5)
    assert HELD_OUT == 2**31


def test_an_observation_policy_plays_and_is_evaluated() -> None:
    pytest.importorskip("numpy")
    import gouji.rl

    calls: list[tuple[int, int]] = []

    def last(observation: dict[str, object], info: dict[str, object]) -> int:
        legal = info["legal_actions"]
        features = info["action_features"]
        assert isinstance(legal, list) and features.shape[0] == len(legal)  # type: ignore[attr-defined]
        calls.append((int(info["seat"]), len(legal)))  # type: ignore[call-overload]
        return legal[-1]

    result = gouji.rl.evaluate("dagang", [gouji.rl.observation_policy(last), "greedy"], deals=2)
    assert result.deals == 2 and calls
    assert {seat % 2 for seat, _ in calls} == {0, 1}  # the policy sat on both sides (swapped)


def test_play_many_gives_the_same_trajectories_for_any_jobs() -> None:
    np = pytest.importorskip("numpy")
    from gouji.rl.observation import HISTORY_LENGTH, HISTORY_WIDTH, OBSERVATION_SIZE
    from gouji.rl.vector import play_many

    def first(observation: dict[str, object], info: dict[str, list[int]]) -> int:
        return info["legal_actions"][0]

    one = play_many("dagang", first, seeds=[3, 4, 5], jobs=1, record=(0, 2, 4), bots={1: GreedyBot()})
    two = play_many("dagang", first, seeds=[3, 4, 5], jobs=2, record=(0, 2, 4), bots={1: GreedyBot()})
    for a, b in zip(one, two, strict=True):
        assert a.seed == b.seed and a.rewards == b.rewards
        assert np.array_equal(a.observations, b.observations) and np.array_equal(a.chosen, b.chosen)
        assert set(a.seats.tolist()) <= {0, 2, 4}
        n = len(a.seats)
        assert a.observations.shape == (n, OBSERVATION_SIZE) and a.histories.shape == (n, HISTORY_LENGTH, HISTORY_WIDTH)
        assert len(a.features) == n and all(0 <= c < len(f) for c, f in zip(a.chosen, a.features, strict=True))
        assert a.returns().tolist() == [a.rewards[s] for s in a.seats]
    with pytest.raises(gouji.GoujiError):
        play_many("dagang", first, seeds=[1], record=(7,))
