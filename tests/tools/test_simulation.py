"""Simulations spread over processes give the same games, results and totals as one process."""

from __future__ import annotations

import pytest

from gouji.errors import GoujiError
from gouji.tools.cli import main
from gouji.tools.simulation import GameResult, simulate


def test_every_job_count_gives_the_same_results_in_the_same_order() -> None:
    one = simulate("provincial", games=9, seed=4, bots="greedy,random,greedy,random,greedy,random", jobs=1)
    for jobs in (2, 3):
        assert simulate("provincial", games=9, seed=4, bots="greedy,random,greedy,random,greedy,random",
                        jobs=jobs) == one
    assert [r.seed for r in one] == list(range(4, 13))
    assert all(isinstance(r, GameResult) and sorted(r.finish_order) == list(range(6)) for r in one)


def test_the_command_prints_the_same_summary_for_any_number_of_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        assert main(["simulate", "--variant", "dagang", "--games", "6", "--seed", "2", "--jobs", jobs]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
    assert "variant dagang: 6 games, seeds 2..7" in outputs[0]


def test_logs_come_back_from_the_workers(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for jobs in ("1", "2"):
        assert main(["simulate", "--games", "2", "--seed", "1", "--log", "--jobs", jobs]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and outputs[0].count("== provincial, seed") == 2


def test_the_progress_bar_counts_every_game_with_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "20", "--bots", "random", "--progress", "--jobs", "2"]) == 0
    err = capsys.readouterr().err
    assert "20/20" in err and "100%" in err


def test_progress_is_reported_as_games_finish() -> None:
    seen: list[int] = []
    simulate("provincial", games=5, seed=0, bots="random", jobs=2, progress=seen.append)
    assert sum(seen) == 5


@pytest.mark.parametrize(("kwargs", "word"), [
    ({"jobs": 0}, "jobs"), ({"backend": "threads"}, "backend"), ({"games": 0}, "games"),
    ({"bots": "smart"}, "smart"),
])
def test_bad_arguments_are_refused(kwargs: dict[str, object], word: str) -> None:
    arguments: dict[str, object] = {"games": 2, **kwargs}
    with pytest.raises(GoujiError, match=word):
        simulate("provincial", **arguments)  # type: ignore[arg-type]


def test_jobs_below_one_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().err


@pytest.mark.parametrize("games", ["1", "3"])
def test_ray_missing_is_said_alike_for_one_game_and_many(monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str], games: str) -> None:
    """Issue 26: `--ray` with one game played locally without a word when Ray was missing."""
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray: ImportError
    assert main(["simulate", "--games", games, "--ray"]) == 2
    captured = capsys.readouterr()
    assert "needs Ray: pip install '.[ray]'" in captured.err and not captured.out
