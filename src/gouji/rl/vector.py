"""Many episodes at once across processes: :func:`play_many` (as DouZero's actors do).

Each worker process keeps one :class:`gouji.rl.Episode` and plays whole episodes with a policy
``policy(observation, info) -> index`` (the interface of :func:`gouji.rl.policy.observation_policy`),
recording every decision of the seats asked for: the observation vector, the move history, the
feature rows of the legal actions and which row was chosen, with the seat's reward at the end.
The policy travels to the workers by pickle (a module-level function or a small object holding
numpy weights); the same seeds give the same trajectories for any ``jobs``.

>>> import random
>>> from gouji.rl.vector import play_many
>>> def first(observation, info):
...     return info["legal_actions"][0]
>>> [t.seed for t in play_many("provincial", first, seeds=[1, 2], jobs=1)]
[1, 2]
"""

from __future__ import annotations

import copy
import multiprocessing
import os
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from gouji.bots.basic import MAX_DECISIONS, Bot, decide
from gouji.errors import GoujiError, IllegalActionError
from gouji.rl.episode import Episode
from gouji.rl.observation import HISTORY_LENGTH, HISTORY_WIDTH, OBSERVATION_SIZE
from gouji.rl.policy import Policy

if TYPE_CHECKING:
    from gouji.plugins.variant import Variant


@attrs.frozen(eq=False)
class Trajectory:
    """One episode: ``rewards`` (the six seats' summed rewards) and, for each recorded decision
    in order, ``seats[i]``, ``observations[i]`` (:data:`gouji.rl.OBSERVATION_SIZE`),
    ``histories[i]`` (``(HISTORY_LENGTH, HISTORY_WIDTH)``), ``features[i]`` (a row per legal
    action) and ``chosen[i]`` (the row taken)."""

    seed: int
    rewards: tuple[float, ...]
    seats: np.ndarray
    observations: np.ndarray
    histories: np.ndarray
    features: tuple[np.ndarray, ...]
    chosen: np.ndarray

    def returns(self) -> np.ndarray:
        """Each recorded decision's Monte-Carlo return: its seat's reward (DouZero's target)."""
        return np.asarray([self.rewards[s] for s in self.seats], dtype=np.float32)


def _episode(episode: Episode, policy: Policy, seed: int, record: frozenset[int],
             bots: dict[int, Bot]) -> Trajectory:
    episode.reset(seed)
    # Each episode starts from a copy of the bots as given: the same seeds give the same
    # trajectories whichever process plays them, and in whatever order.
    bots = {seat: copy.deepcopy(bot) for seat, bot in bots.items()}
    totals = [0.0] * 6
    seats: list[int] = []
    observations: list[np.ndarray] = []
    histories: list[np.ndarray] = []
    features: list[np.ndarray] = []
    chosen: list[int] = []
    for _ in range(MAX_DECISIONS):
        if episode.is_over:
            break
        seat = episode.current_player
        assert seat is not None
        if seat in bots:
            action = decide(bots[seat], episode.game)
        else:
            indices = episode.legal_indices()
            observation = {"observation": episode.observation(seat), "history": episode.history(seat)}
            rows = episode.action_features()
            info = {"legal_actions": indices, "action_features": rows, "seat": seat}
            index = int(policy(observation, info))
            try:
                row = indices.index(index)
            except ValueError:
                raise IllegalActionError(f"the policy chose index {index}, which is not legal now",
                                         "ROUND-1") from None
            action = episode.legal()[row]
            if seat in record:
                seats.append(seat)
                observations.append(observation["observation"])
                histories.append(observation["history"])
                features.append(rows)
                chosen.append(row)
        result = episode.apply(action)
        if result is not None:
            totals = [t + r for t, r in zip(totals, result, strict=True)]
    else:
        raise GoujiError(f"an episode did not end in {MAX_DECISIONS} decisions")
    return Trajectory(
        seed, tuple(totals), np.asarray(seats, dtype=np.int8),
        np.stack(observations) if observations else np.zeros((0, OBSERVATION_SIZE), np.float32),
        np.stack(histories) if histories else np.zeros((0, HISTORY_LENGTH, HISTORY_WIDTH), np.float32),
        tuple(features), np.asarray(chosen, dtype=np.int32))


_WORKER: dict[str, Any] = {}


def _start_worker(variant: Variant, games: int, reward: str, policy: Policy, record: frozenset[int],
                  bots: dict[int, Bot]) -> None:
    _WORKER.update(episode=Episode(variant, games, reward), policy=policy, record=record, bots=bots)


def _run(seed: int) -> Trajectory:
    return _episode(_WORKER["episode"], _WORKER["policy"], seed, _WORKER["record"], _WORKER["bots"])


def play_many(variant: str | os.PathLike[str] | Variant, policy: Policy, seeds: Iterable[int], jobs: int = 1,
              record: Sequence[int] = range(6), bots: dict[int, Bot] | None = None, games: int = 1,
              reward: str = "team") -> list[Trajectory]:
    """Play one episode (``games`` games, a series) from each of ``seeds`` with ``policy`` in
    every seat but those of ``bots`` (``{seat: bot}``), on ``jobs`` processes, recording the
    decisions of the seats in ``record``; the trajectories in the order of ``seeds``. Each
    episode starts from a copy of the bots as given."""
    from gouji.rl.episode import resolve_variant

    seeds = list(seeds)
    if type(jobs) is not int or jobs < 1:
        raise GoujiError(f"jobs is an int >= 1, not {jobs!r}")
    if any(type(s) is not int or s < 0 for s in seeds):
        raise GoujiError("every seed is an int >= 0")
    chosen = frozenset(record)
    if not chosen <= set(range(6)):
        raise GoujiError(f"record names seats 0-5, not {sorted(chosen)!r}")
    resolved = resolve_variant(variant)
    bots = dict(bots or {})
    if jobs == 1 or len(seeds) < 2:
        episode = Episode(resolved, games, reward)
        return [_episode(episode, policy, seed, chosen, bots) for seed in seeds]
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with context.Pool(min(jobs, len(seeds)), _start_worker, (resolved, games, reward, policy, chosen, bots)) as pool:
        return pool.map(_run, seeds, chunksize=max(1, len(seeds) // (4 * jobs)))


__all__ = ["Trajectory", "play_many"]
