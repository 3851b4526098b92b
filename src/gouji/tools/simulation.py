"""Simulations at scale: games with bots spread over processes, or over a Ray cluster.

Game ``i`` of a run is dealt from seed ``seed + i`` and played by bots seeded from that
seed, so every game is independent of the others and of where it runs: ``jobs=1``, ``jobs=8``
and ``backend="ray"`` give the same results, in the same order.

>>> from gouji.tools.simulation import simulate
>>> results = simulate("provincial", games=2, seed=1, jobs=1)
>>> [r.seed for r in results]
[1, 2]
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gouji.bots.basic import Bot, make_bot, play_game
from gouji.errors import GoujiError

if TYPE_CHECKING:
    from gouji.engine.game import Game
    from gouji.plugins.variant import Variant

BACKENDS = ("processes", "ray")


def bots_for(spec: str, seed: int) -> list[Bot]:
    """Six bots from ``"greedy"``, ``"random"`` or six comma-separated names.

    Each game gets fresh bots seeded from the game's seed, so a game of a run
    is reproduced by ``--games 1 --seed`` of that game.
    """
    names = [n.strip() for n in spec.split(",")]
    if len(names) == 1:
        names *= 6
    if len(names) != 6 or not all(names):
        raise GoujiError(f"--bots: give one bot name or six comma-separated names, not {spec!r}")
    return [make_bot(name, seed * 6 + seat) for seat, name in enumerate(names)]


@attrs.frozen
class GameResult:
    """What a simulation keeps of one finished game (small, so that it travels between processes)."""

    seed: int
    finish_order: tuple[int, ...]
    team_points: tuple[int, int]
    winner: int | None
    sweep: bool
    decisions: int
    stats: tuple[tuple[str, int], ...]
    #: The game's readable log, when it was asked for.
    log: str | None = None
    #: The game was declared void (作废): no places, no points, no winner.
    void: bool = False

    @classmethod
    def of(cls, game: Game, log: bool = False) -> GameResult:
        text = None
        if log:
            from gouji.tools.game_text import game_log

            text = game_log(game)
        stats = tuple(sorted(game.stats.items()))
        if game.is_void:
            return cls(game.seed, (), (0, 0), None, False, len(game.history), stats, text, void=True)
        score = game.score()
        return cls(game.seed, tuple(game.finish_order), score.team_points, score.winner, bool(score.sweep),
                   len(game.history), stats, text)


def _play_seeds(task: tuple[Variant, Sequence[int], str, bool]) -> list[GameResult]:
    variant, seeds, bots, log = task
    return [GameResult.of(play_game(variant, seed, bots_for(bots, seed)), log) for seed in seeds]


def _chunks(seed: int, games: int, workers: int) -> list[range]:
    # Several chunks per worker, so that a slow chunk does not leave the others idle and the
    # progress bar moves; not one game each, so that a chunk is worth sending.
    size = max(1, min(20, games // (workers * 16) or 1))
    return [range(s, min(s + size, seed + games)) for s in range(seed, seed + games, size)]


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def simulate(variant: str | os.PathLike[str] | Variant, games: int, seed: int = 0, bots: str = "greedy",
             jobs: int | None = None, backend: str = "processes", address: str | None = None,
             log: bool = False, progress: Callable[[int], None] | None = None) -> list[GameResult]:
    """Play ``games`` games (seeds ``seed`` .. ``seed + games - 1``) with ``bots``; their results in seed order.

    ``backend="processes"`` runs ``jobs`` worker processes (default: every core; 1: in this
    process). ``backend="ray"`` sends the games to Ray: the cluster at ``address``
    (``"auto"``, ``"ray://host:10001"``), the one ``ray.init`` already connected to, or, with
    neither, a Ray started on this machine (``pip install '.[ray]' (in gouji's folder)``). ``progress(n)`` is
    called as each batch of ``n`` games finishes; ``log`` keeps each game's readable log.
    """
    from gouji.plugins.loader import load_variant
    from gouji.plugins.variant import Variant

    if not isinstance(games, int) or games < 1:
        raise GoujiError(f"games must be at least 1, not {games!r}")
    if backend not in BACKENDS:
        raise GoujiError(f"backend is one of {', '.join(BACKENDS)}, not {backend!r}")
    if jobs is not None and (not isinstance(jobs, int) or jobs < 1):
        raise GoujiError(f"jobs must be at least 1, not {jobs!r}")
    if not isinstance(variant, Variant):
        variant = load_variant(variant)
    bots_for(bots, seed)  # check the names before playing
    if backend == "ray":
        batches = _run_ray(variant, games, seed, bots, log, address, jobs)
    else:
        batches = _run_processes(variant, games, seed, bots, log, jobs or default_jobs())
    results: list[GameResult] = []
    for batch in batches:
        results += batch
        if progress is not None:
            progress(len(batch))
    return results


def _run_processes(variant: Variant, games: int, seed: int, bots: str, log: bool,
                   jobs: int) -> Iterator[list[GameResult]]:
    workers = min(jobs, games)
    if workers <= 1:
        for s in range(seed, seed + games):
            yield _play_seeds((variant, [s], bots, log))
        return
    # fork where there is one: the workers start at once with gouji already imported, and
    # with the variant already built (a pickled variant is otherwise built again in each).
    from gouji.plugins.variant import remember_for_unpickling

    remember_for_unpickling(variant)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    tasks = [(variant, chunk, bots, log) for chunk in _chunks(seed, games, workers)]
    with context.Pool(workers) as pool:
        yield from pool.imap(_play_seeds, tasks)


def require_ray() -> Any:
    """The ``ray`` module, or the error that says how to install it (the ``ray`` extra)."""
    try:
        import ray
    except ImportError:
        raise GoujiError("the ray backend needs Ray: pip install '.[ray]' (in gouji's folder)") from None
    return ray


def _run_ray(variant: Variant, games: int, seed: int, bots: str, log: bool, address: str | None,
             jobs: int | None) -> Iterator[list[GameResult]]:
    ray = require_ray()
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
    workers = jobs or max(1, int(cpus))
    remote = ray.remote(_play_seeds)
    refs = [remote.remote((variant, chunk, bots, log)) for chunk in _chunks(seed, games, workers)]
    # Results come back in order; ray.wait lets the progress move as batches finish.
    done: dict[Any, list[GameResult]] = {}
    pending = list(refs)
    for ref in refs:
        while ref not in done:
            ready, pending = ray.wait(pending, num_returns=1)
            for r in ready:
                done[r] = ray.get(r)
        yield done.pop(ref)


__all__ = ["BACKENDS", "GameResult", "bots_for", "default_jobs", "simulate"]
