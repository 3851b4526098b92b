"""Deep Monte-Carlo (DouZero's DMC, 深度蒙特卡洛): a Q-network over per-action features, trained
on whole games' returns.

    pip install '.[rl,train]'            # numpy, PyTorch (CPU is enough) and matplotlib
    python -m gouji.rl.dmc --variant provincial --minutes 30 --out dmc-provincial

What it learns from, and why (docs/rl.rst, "A baseline that learns", says what to change first):

* **Inputs.** One row per candidate action: :func:`gouji.bots.features.action_features`, read
  from the seat's :class:`~gouji.engine.game.Observation` only (the situation: who owns the
  table, how close the nearest opponent and teammate are to going out, 够级 restrictions, …;
  the action: its size, rank, twos and jokers spent, whether it splits a rank, leaves the hand
  unanswerable, is what ``expert`` or ``greedy`` would play here; and every action feature
  crossed with every situation feature). The raw card vectors of ``gouji.rl``'s environments
  learn too, but far slower than 30 minutes on a laptop: the crossed features are what a
  small network can use at once.
* **Candidates.** The network chooses among :func:`gouji.bots.learned.candidates` (``expert``'s
  action, ``greedy``'s, the decline and the cheapest set); a set that empties the hand is
  always played, and the books' phase decisions are the bots' (the declared suggestions).
* **Target.** With ``target="rollouts"`` (the default), at ``rollout_share`` (a tenth) of the
  learner's weighed decisions the game is cloned once per candidate and each clone played to
  its end with ``expert`` in the learner's seats against the same opponents: each candidate's
  row is regressed on what it ends with above ``expert``'s candidate, the team margin
  ``(ours - theirs) / 2`` divided by 4. The bots and the engine are deterministic, so the
  difference is exactly what that candidate is worth there, the deal's luck the same in every
  clone; every candidate gets a target, not only the one played (a Monte-Carlo estimate of
  Q under ``expert``'s play, as the ``learned`` bot is trained). With ``target="game"`` every
  decision of the learner's team is regressed on the game's own final margin, DouZero's
  return, the same for the three teammates; ``baseline="expert"`` then subtracts the margin of
  the same deal played by ``expert`` in the learner's seats (duplicate scoring, as bridge clubs
  score a hand), so that the deal's luck cancels.
* **Choice.** The network's best candidate is played only where it scores ``expert_margin``
  (0.5: two team points a game) above ``expert``'s candidate: a network trained for minutes
  overrates the candidates it has seen least, and the margin keeps it to the departures it
  has learned well. The margin is saved with the weights.
* **Actors.** The learner holds one team, alternately seats 0, 2, 4 and 1, 3, 5; the other
  team is ``greedy`` and ``expert`` on alternate deals (training deals start at seed 0, held-out
  ones at :data:`~gouji.bots.arena.HELD_OUT_SEED`). Exploration is epsilon-greedy.

Every ``--eval-every`` minutes the current network plays ``--eval-deals`` held-out deals against
``greedy`` and against ``expert``, seats swapped: the learning curve, printed, written to
``curve.csv`` and plotted to ``curve.png``; at the end ``--final-deals`` deals against each give the
figures with 95% intervals. The weights are saved to ``weights.npz``; :class:`DMCBot` plays them
with numpy only.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import csv
import math
import os
import random
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import attrs
import numpy as np

from gouji.bots.arena import HELD_OUT_DEALS, HELD_OUT_SEED, Strength, head_to_head, play_deal, team_points
from gouji.bots.basic import GreedyBot, decide
from gouji.bots.expert import ExpertBot
from gouji.bots.features import FEATURE_NAMES, action_features
from gouji.bots.learned import Weighing, weigh
from gouji.bots.phase_choices import hand_counts
from gouji.bots.table_view import hand_sizes
from gouji.bots.weights_files import read_arrays, real_floats
from gouji.engine.actions import Action
from gouji.engine.cards import BIG_JOKER, THREE
from gouji.errors import GoujiError
from gouji.plugins.hook_results import short

if TYPE_CHECKING:
    from gouji.engine.game import Observation
    from gouji.plugins.variant import Variant

#: The margin is divided by this, so that targets lie near [-2, 2] (provincial's sweep is 8).
TARGET_SCALE = 4.0
#: The largest network :func:`train` builds and :func:`load_weights` reads: layers and widths.
MAX_LAYERS, MAX_WIDTH = 8, 4096
#: The largest weights file :func:`load_weights` opens, and the most its arrays may hold unpacked
#: (a compressed file's arrays are measured before they are read).
MAX_WEIGHTS_BYTES = 64 * 1024 * 1024
#: The most PyTorch threads :func:`train` asks for.
MAX_THREADS = 256
#: The most decisions' rows the replay buffer holds (a million rows of 209 float32 are 0.8 GiB).
MAX_BUFFER = 1_000_000
#: The largest learning rate :func:`train` takes (Adam's steps past it throw the weights to inf).
MAX_LEARNING_RATE = 1.0
#: Training seeds are below this (the deals' seeds; :func:`train` skips the held-out ones).
MAX_SEED = 2**31


#: The ranks a hand is counted by, 3 up to the big joker (2 is above the ace).
_RANKS = tuple(range(THREE, BIG_JOKER + 1))
#: What the decision's state adds to every candidate's row: the hand's strength, by rank; each
#: other seat's hand size (by its place after this seat: 1 the next, 3 the opposite); the places
#: taken so far; the set on the table; and who owns it. Without them the network cannot tell a
#: strong hand from a weak one, and credits an action with the luck of the hands it is chosen in.
STATE_NAMES = (
    *(f"hand_{rank}" for rank in _RANKS), "hand_size",
    *(f"size_after_{k}" for k in range(1, 6)),
    "out_ours", "out_theirs", "table_size", "table_rank",
    *(f"owner_after_{k}" for k in range(6)),
)
#: Every input of a row, in order: the action's features, then the state's.
INPUT_NAMES = (*FEATURE_NAMES, *STATE_NAMES)


def state_features(observation: Observation) -> list[float]:
    """The :data:`STATE_NAMES` of a decision, read from the seat's observation only."""
    seat = observation.seat
    counts = hand_counts(observation)
    sizes = hand_sizes(observation)
    out = observation.finish_order
    table = observation.table
    owner = observation.table_owner
    return [
        *(counts.get(rank, 0) / 8 for rank in _RANKS), len(observation.hand) / 36,
        *(sizes[(seat + k) % 6] / 36 for k in range(1, 6)),
        sum(1 for s in out if s % 2 == seat % 2) / 3, sum(1 for s in out if s % 2 != seat % 2) / 3,
        table.size / 10 if table is not None else 0.0,
        (table.rank - THREE) / (BIG_JOKER - THREE) if table is not None else 0.0,
        *(1.0 if owner is not None and (owner - seat) % 6 == k else 0.0 for k in range(6)),
    ]


def _choices(observation: Observation, variant: Variant, expert: ExpertBot,
             greedy: GreedyBot) -> tuple[Action | None, list[Action], list[list[float]]]:
    """``(the action, [], [])`` where nothing is to weigh, else ``(None, candidates, their rows)``."""
    weighing = weigh(observation, variant, expert, greedy)
    if not isinstance(weighing, Weighing):
        return weighing, [], []
    state = state_features(observation)
    rows = action_features(observation, variant, weighing.options, weighing.expert, weighing.greedy)
    return None, weighing.options, [row + state for row in rows]


#: The largest expert margin a network may carry (in target units: a sweep's margin is 2).
MAX_EXPERT_MARGIN = 2.0


def _check_margin(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= value <= MAX_EXPERT_MARGIN:
        raise GoujiError(f"expert_margin is a number from 0 to {MAX_EXPERT_MARGIN}, not {short(value)}")
    return float(value)


class QNetwork:
    """Q(s, a) of each candidate's feature row: a ReLU network run by numpy (inference only).
    ``expert_margin``: how much higher than ``expert``'s candidate another must score to be
    played instead (:class:`DMCBot`; in target units, a game's margin over :data:`TARGET_SCALE`)."""

    def __init__(self, layers: Sequence[tuple[Any, Any]], expert_margin: float = 0.0) -> None:
        self.expert_margin = _check_margin(expert_margin)
        if not 1 <= len(layers) <= MAX_LAYERS:
            raise GoujiError(f"a Q-network has 1 to {MAX_LAYERS} layers, not {len(layers)}")
        width = len(INPUT_NAMES)
        checked = []
        for layer in layers:
            weight, bias = _real_arrays(layer)
            if weight.ndim != 2 or weight.shape[0] != width or not 1 <= weight.shape[1] <= MAX_WIDTH \
                    or bias.shape != (weight.shape[1],) or not (np.isfinite(weight).all() and np.isfinite(bias).all()):
                raise GoujiError(f"a Q-network layer takes {width} inputs and finite weights; got weights "
                                 f"{weight.shape} and bias {bias.shape}")
            width = weight.shape[1]
            checked.append((weight, bias))
        if width != 1:
            raise GoujiError(f"a Q-network ends in one output, not {width}")
        self.layers = checked

    def scores(self, rows: Any) -> Any:
        """The Q-value of each row (a numpy vector)."""
        x = np.asarray(rows, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] != len(INPUT_NAMES):
            raise GoujiError(f"a Q-network scores rows of {len(INPUT_NAMES)} features, not an array {x.shape}")
        for index, (weight, bias) in enumerate(self.layers):
            x = x @ weight + bias
            if index < len(self.layers) - 1:
                x = np.maximum(x, 0.0)
        return x[:, 0]


def _real_arrays(layer: Any) -> tuple[Any, Any]:
    """A layer's ``(weight, bias)`` as float64 arrays; a GoujiError for anything but two arrays
    of real numbers (strings, complex numbers, records and objects are no weights)."""
    try:
        weight, bias = layer
        arrays = [np.asarray(weight), np.asarray(bias)]
    except (TypeError, ValueError):
        raise GoujiError(f"a Q-network layer is a pair (weight, bias), not {layer!r:.80}") from None
    weight, bias = (real_floats(np, array, "a Q-network's weights") for array in arrays)
    return weight, bias


def save_weights(network: QNetwork, path: str | os.PathLike[str]) -> None:
    """Write ``network`` to ``path`` (``.npz``), with the feature names it reads and its expert margin."""
    if not isinstance(path, (str, os.PathLike)):  # open() would take an int as a file descriptor
        raise GoujiError(f"a weights file is a path, not {path!r:.80}")
    if not isinstance(network, QNetwork):
        raise GoujiError(f"save_weights writes a QNetwork, not {network!r:.80}")
    arrays: dict[str, Any] = {"features": np.array(INPUT_NAMES), "expert_margin": np.array(network.expert_margin)}
    for index, (weight, bias) in enumerate(network.layers):
        arrays[f"weight{index}"], arrays[f"bias{index}"] = weight, bias
    try:
        with open(path, "wb") as file:
            np.savez(file, **arrays)
    except OSError as error:
        raise GoujiError(f"cannot write Q-network weights to {os.fspath(path)!r:.200}: {error}"[:400]) from None


def load_weights(path: str | os.PathLike[str]) -> QNetwork:
    """The network saved at ``path`` by :func:`save_weights` or ``python -m gouji.rl.dmc``;
    raise :class:`~gouji.errors.GoujiError` if the file holds no network over these features.
    The file is read as arrays only (no pickled objects), each array's size checked before it
    is read (:func:`gouji.bots.weights_files.read_arrays`)."""
    if not isinstance(path, (str, os.PathLike)):
        raise GoujiError(f"a weights file is a path, not {path!r:.80}")
    where = repr(os.fspath(path))[:200]
    other = f"{where} holds no Q-network over gouji's current {len(INPUT_NAMES)} inputs (retrain it)"

    def judge(name: str, shape: tuple[int, ...], dtype: Any) -> str | None:
        if name == "features":
            # Names of any other count are no network over these inputs: unread, not iterated
            # (a million strings of no characters declare no bytes at all).
            if dtype.kind != "U" or len(shape) != 1:
                return f"{where}: features is a list of names"
            return None if shape == (len(INPUT_NAMES),) else other
        if name == "expert_margin":
            return None if shape == () and dtype.kind in "iuf" else (
                f"{where}: expert_margin is one number, not an array {shape!r:.40} of {dtype}")
        if name.removeprefix("weight").isdigit() or name.removeprefix("bias").isdigit():
            return None  # a layer's: their kind and shapes are judged by QNetwork
        return ""  # no array of a Q-network's: left unread

    arrays = read_arrays(np, path, max_bytes=MAX_WEIGHTS_BYTES, judge=judge, where=where)
    names = tuple(str(n) for n in arrays["features"]) if "features" in arrays else ()
    count = sum(1 for name in arrays if name.startswith("weight"))
    if names != INPUT_NAMES:
        raise GoujiError(other)
    if not 1 <= count <= MAX_LAYERS:
        raise GoujiError(f"{where} holds {count} layers, not 1 to {MAX_LAYERS}")
    try:
        layers = [(arrays[f"weight{i}"], arrays[f"bias{i}"]) for i in range(count)]
    except KeyError as missing:
        raise GoujiError(f"cannot read Q-network weights from {where}: it holds no array {missing}") from None
    margin = float(arrays["expert_margin"]) if "expert_margin" in arrays else 0.0
    return QNetwork(layers, margin)


class DMCBot:
    """Plays a trained :class:`QNetwork`: the candidate of the highest Q, unless it scores less
    than the network's ``expert_margin`` above ``expert``'s candidate, which is then played
    (``epsilon``: a random candidate that often, for exploration while training)."""

    name = "dmc"

    def __init__(self, network: QNetwork, seed: int = 0, epsilon: float = 0.0) -> None:
        if not _probability(epsilon):
            raise GoujiError(f"epsilon is a probability, not {epsilon!r:.40}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise GoujiError(f"a bot's seed is an integer, not {seed!r:.40}")  # as make_bot's
        if not isinstance(network, QNetwork):
            raise GoujiError(f"a DMCBot plays a QNetwork, not {network!r:.80}")
        self.network, self.seed, self.epsilon = network, seed, epsilon
        self.rng = random.Random(seed)
        self.expert = ExpertBot(seed)
        self.greedy = GreedyBot(seed)
        #: When set (while training), each weighed decision's chosen row is appended here.
        self.record: list[list[float]] | None = None

    def __repr__(self) -> str:
        return f"DMCBot(seed={self.seed})"

    def choose(self, observation: Observation, variant: Variant) -> Action:
        settled, options, rows = _choices(observation, variant, self.expert, self.greedy)
        if settled is not None:
            return settled
        if self.epsilon and self.rng.random() < self.epsilon:
            index = self.rng.randrange(len(options))
        else:
            scores = self.network.scores(rows)
            index = int(scores.argmax())
            # The candidates list expert's first: a network must be sure before it departs from it.
            if scores[index] < scores[0] + self.network.expert_margin:
                index = 0
        if self.record is not None:
            self.record.append(rows[index])
        return options[index]


@attrs.frozen
class CurvePoint:
    """One point of the learning curve: CPU minutes, deals and decisions so far, and the
    current network's strength against ``greedy`` and ``expert``."""

    minutes: float
    deals: int
    decisions: int
    greedy: Strength
    expert: Strength


@attrs.frozen
class TrainingResult:
    """What :func:`train` made: the network, its curve, and the final figures (or ``None``)."""

    network: QNetwork
    curve: tuple[CurvePoint, ...]
    final_greedy: Strength | None
    final_expert: Strength | None
    deals: int
    decisions: int


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise GoujiError("the DMC trainer needs PyTorch: pip install '.[rl,train]' (in gouji's folder)") from None
    return torch


def _probability(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float)) and 0.0 <= value <= 1.0


def _positive(name: str, value: Any, kind: type = int) -> None:
    # NaN compares false with everything: it would train for no time, or never evaluate.
    if isinstance(value, bool) or not isinstance(value, (int, float) if kind is float else int) or value <= 0 \
            or not math.isfinite(value):
        raise GoujiError(f"{name} is a positive {'number' if kind is float else 'whole number'}, not {value!r:.40}")


#: The baselines :func:`train` subtracts from a game's margin (see the module's "Target").
BASELINES = ("expert", "none")
#: What :func:`train` regresses on: each candidate's rollout, or the game's return (DouZero's).
TARGETS = ("rollouts", "game")


def train(variant: Variant | str = "provincial", minutes: float = 30.0, *, hidden: Sequence[int] = (256, 128),
          epsilon: float = 0.1, learning_rate: float = 1e-3, batch: int = 512, steps_per_deal: int = 4,
          buffer: int = 200_000, average: float = 0.999, eval_every: float = 5.0, eval_deals: int = 30,
          final_deals: int = 200, seed: int = 0, threads: int = 1, baseline: str = "expert",
          expert_margin: float = 0.5, target: str = "rollouts", rollout_share: float = 0.1,
          report: Callable[[str], None] = print) -> TrainingResult:
    """Train a Q-network by Deep Monte-Carlo for ``minutes`` of this process's CPU time
    (evaluations included; on a machine of shared cores the wall time is longer) and measure
    it (see the module). ``final_deals=0`` skips the final measure."""
    from gouji.plugins.loader import load_variant
    from gouji.plugins.variant import Variant

    torch = _torch()
    if isinstance(variant, str):
        variant = load_variant(variant)
    if not isinstance(variant, Variant):
        raise GoujiError(f"variant is a Variant or a variant's name, not {variant!r:.80}")
    if not callable(report):
        raise GoujiError(f"report is a function of one line, not {report!r:.80}")
    _positive("minutes", minutes, float)
    _positive("eval_every", eval_every, float)
    for name, value in (("batch", batch), ("steps_per_deal", steps_per_deal), ("buffer", buffer),
                        ("eval_deals", eval_deals), ("threads", threads)):
        _positive(name, value)
    if buffer > MAX_BUFFER:
        raise GoujiError(f"buffer holds at most {MAX_BUFFER:,} rows, not {buffer!r:.40}")
    if batch > buffer:
        raise GoujiError(f"batch ({batch}) is drawn from the buffer ({buffer}): it cannot be larger")
    if isinstance(final_deals, bool) or not isinstance(final_deals, int) or final_deals < 0:
        raise GoujiError(f"final_deals is a whole number, 0 or more, not {final_deals!r:.40}")
    if not isinstance(hidden, (tuple, list)) or not 1 <= len(hidden) < MAX_LAYERS \
            or any(isinstance(h, bool) or not isinstance(h, int) or not 1 <= h <= MAX_WIDTH for h in hidden):
        raise GoujiError(f"hidden is 1 to {MAX_LAYERS - 1} layer widths of 1 to {MAX_WIDTH}, not {hidden!r:.80}")
    if not _probability(epsilon):
        raise GoujiError(f"epsilon is a probability, not {epsilon!r:.40}")
    if isinstance(average, bool) or not isinstance(average, (int, float)) or not 0.0 <= average < 1.0:
        raise GoujiError(f"average is a decay from 0 (none) up to 1, not {average!r:.40}")
    _positive("learning_rate", learning_rate, float)
    if learning_rate > MAX_LEARNING_RATE:
        raise GoujiError(f"learning_rate is at most {MAX_LEARNING_RATE}, not {learning_rate!r:.40}")
    expert_margin = _check_margin(expert_margin)
    if target not in TARGETS:
        raise GoujiError(f"target is one of {', '.join(TARGETS)}, not {target!r:.40}")
    if not _probability(rollout_share) or not rollout_share:
        raise GoujiError(f"rollout_share is a probability above 0, not {rollout_share!r:.40}")
    if baseline not in BASELINES:
        raise GoujiError(f"baseline is one of {', '.join(BASELINES)}, not {baseline!r:.40}")
    if threads > MAX_THREADS:
        raise GoujiError(f"threads is 1 to {MAX_THREADS}, not {threads!r:.40}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < MAX_SEED:
        raise GoujiError(f"seed is a whole number 0 to {MAX_SEED - 1}, not {seed!r:.40}")
    # Training never plays a deal that measures it: the held-out deals are skipped.
    held_out = range(HELD_OUT_SEED, HELD_OUT_SEED + max(HELD_OUT_DEALS, eval_deals, final_deals))

    # One thread: the actors and the learner share the process, and 2-core machines are the rule.
    widths = [len(INPUT_NAMES), *hidden, 1]
    numbers = sum(widths[i] * widths[i + 1] + widths[i + 1] for i in range(len(widths) - 1))
    if numbers * 8 > MAX_WEIGHTS_BYTES:  # saved as float64: a network load_weights would refuse
        raise GoujiError(f"hidden {hidden!r:.80} makes {numbers:,} weights, more than a weights file holds "
                         f"({MAX_WEIGHTS_BYTES // 8:,})")
    # The thread count and torch's generator are the process's: the caller's are put back after.
    with _torch_settings(torch, threads, seed):
        modules: list[Any] = []
        for index in range(len(widths) - 1):
            modules.append(torch.nn.Linear(widths[index], widths[index + 1]))
            if index < len(widths) - 2:
                modules.append(torch.nn.ReLU())
        net = torch.nn.Sequential(*modules)
        optimizer = torch.optim.Adam(net.parameters(), lr=learning_rate)
        # The actors play, and the curve measures, an exponential average of the learner's weights:
        # the Monte-Carlo targets are noisy (a whole game's margin), and the last minibatch's weights
        # flip the choice between close candidates from one step to the next.
        averaged = copy.deepcopy(net)
        updates = 0

        def snapshot() -> QNetwork:
            linear = [m for m in (averaged if average else net) if isinstance(m, torch.nn.Linear)]
            return QNetwork([(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy()) for m in linear],
                            expert_margin)

        inputs = np.zeros((buffer, len(INPUT_NAMES)), np.float32)
        targets = np.zeros(buffer, np.float32)
        filled = cursor = 0
        rng = np.random.default_rng(seed)
        deals = decisions = 0
        curve: list[CurvePoint] = []
        start = time.process_time()
        deadline = start + minutes * 60
        next_eval = start + eval_every * 60
        network = snapshot()
        report(f"DMC on {variant.name}: {len(INPUT_NAMES)} inputs per action, layers {widths}, "
               f"epsilon {epsilon}, target {target}"
               f"{f' (share {rollout_share:g})' if target == 'rollouts' else f', baseline {baseline}'}, "
               f"expert margin {expert_margin:g}, {minutes:g} minutes; held-out deals from {HELD_OUT_SEED:,}")

        def measure(count: int) -> tuple[Strength, Strength]:
            frozen = snapshot()
            return (head_to_head(lambda s: DMCBot(frozen, s), "greedy", variant, deals=count),
                    head_to_head(lambda s: DMCBot(frozen, s), "expert", variant, deals=count))

        while time.process_time() < deadline:
            deal_seed = seed + deals
            if deal_seed >= held_out.start:
                deal_seed += len(held_out)
            team = deal_seed % 2
            opponent: Callable[[int], Any] = GreedyBot if (deal_seed // 2) % 2 == 0 else ExpertBot
            seats: list[Any] = [DMCBot(network, deal_seed * 6 + s, epsilon) if s % 2 == team
                                else opponent(deal_seed * 6 + s) for s in range(6)]
            # Each new row with its target, and the decisions they came from.
            labelled: list[tuple[list[float], float]]
            if target == "rollouts":
                labelled, decided = _play_with_rollouts(variant, deal_seed, seats, team, rollout_share)
            else:
                rows: list[list[float]] = []
                for s in range(team, 6, 2):
                    seats[s].record = rows
                margin = _margin(variant, deal_seed, seats, team)
                if baseline == "expert":
                    # The twin: the same deal, opponents and seeds, the learner's seats played by expert.
                    twin = [ExpertBot(deal_seed * 6 + s) if s % 2 == team else opponent(deal_seed * 6 + s)
                            for s in range(6)]
                    margin -= _margin(variant, deal_seed, twin, team)
                labelled, decided = [(row, margin) for row in rows], len(rows)
            for row, label in labelled:
                inputs[cursor], targets[cursor] = row, label
                cursor = (cursor + 1) % buffer
                filled = min(filled + 1, buffer)
            deals += 1
            decisions += decided
            if filled >= batch:
                # A deal of rollouts adds a few rows, a deal's return one per decision (about 50):
                # as many passes over each new row either way.
                for _ in range(steps_per_deal if target == "game" else 1):
                    at = rng.integers(0, filled, size=batch)
                    x, y = torch.from_numpy(inputs[at]), torch.from_numpy(targets[at])
                    loss = torch.mean((net(x)[:, 0] - y) ** 2)
                    optimizer.zero_grad()
                    loss.backward()
                    optimizer.step()
                    updates += 1
                    if average:
                        # Early on the average follows closely, so that it does not stay near the start.
                        decay = min(average, (1 + updates) / (10 + updates))
                        with torch.no_grad():
                            for kept, live in zip(averaged.parameters(), net.parameters(), strict=True):
                                kept.mul_(decay).add_(live, alpha=1 - decay)
                network = snapshot()
            now = time.process_time()
            if next_eval <= now < deadline:
                minutes_trained = (now - start) / 60
                versus_greedy, versus_expert = measure(eval_deals)
                curve.append(CurvePoint(minutes_trained, deals, decisions, versus_greedy, versus_expert))
                report(f"{minutes_trained:5.1f} min  {deals:6d} deals  {decisions:8d} decisions  "
                       f"vs greedy {_figure(versus_greedy)}  vs expert {_figure(versus_expert)}")
                next_eval = time.process_time() + eval_every * 60
        network = snapshot()
        final_greedy = final_expert = None
        if final_deals:
            final_greedy, final_expert = measure(final_deals)
            curve.append(CurvePoint((time.process_time() - start) / 60, deals, decisions, final_greedy, final_expert))
            report(f"final, {final_deals} held-out deals from {HELD_OUT_SEED:,}, seats swapped: "
                   f"vs greedy {_figure(final_greedy)}  vs expert {_figure(final_expert)}")
        return TrainingResult(network, tuple(curve), final_greedy, final_expert, deals, decisions)


@contextlib.contextmanager
def _torch_settings(torch: Any, threads: int, seed: int) -> Iterator[None]:
    """Within: ``threads`` PyTorch threads and its generator seeded with ``seed``; after, the
    thread count and the generator's state as they were (a library call leaves the process's
    settings as it found them)."""
    before = torch.get_num_threads()
    with torch.random.fork_rng(devices=[]):
        torch.set_num_threads(threads)
        torch.manual_seed(seed)
        try:
            yield
        finally:
            torch.set_num_threads(before)


def _play_with_rollouts(variant: Variant, deal_seed: int, seats: Sequence[Any], team: int,
                        share: float) -> tuple[list[tuple[list[float], float]], int]:
    """Play the deal with ``seats``; at a ``share`` of the learner's weighed decisions (drawn by
    a generator of the deal's own), play the game on from each candidate with ``expert`` in the
    learner's seats (the same opponents): each candidate's row and what it ends with above
    ``expert``'s candidate (the first), in target units; and the number of decisions rolled out.
    The bots and the engine are deterministic, so the difference is exactly what the candidate
    is worth there, the rest of the game played as expert would."""
    draw = random.Random(deal_seed)
    rollout = [ExpertBot(deal_seed * 6 + s) if s % 2 == team else seats[s] for s in range(6)]
    greedy = [GreedyBot(deal_seed * 6 + s) for s in range(6)]  # the weighing's (as DMCBot's own)
    added: list[tuple[list[float], float]] = []
    decisions = 0
    game = variant.new_game(seed=deal_seed)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None, "a game not over has a seat to decide"
        bot = seats[seat]
        if seat % 2 == team and draw.random() < share:
            settled, options, rows = _choices(game.observation(seat), variant, rollout[seat], greedy[seat])
            if settled is None:
                ends = []
                for candidate in options:
                    branch = game.clone()
                    branch.apply(candidate)
                    ends.append(_played_out(variant, branch, rollout, team))
                added.extend((row, end - ends[0]) for row, end in zip(rows, ends, strict=True))
                decisions += 1
        game.apply(decide(bot, game))
    return added, decisions


def _played_out(variant: Variant, game: Any, seats: Sequence[Any], team: int) -> float:
    """``team``'s margin over the other, scaled for a target, once ``seats`` play ``game`` to its end."""
    while not game.is_over:
        game.apply(decide(seats[game.current_player], game))
    return _scaled(team_points(variant, game), team)


def _margin(variant: Variant, deal_seed: int, seats: Sequence[Any], team: int) -> float:
    """``team``'s margin over the other, scaled for a target, in the deal ``deal_seed`` played by ``seats``."""
    points, _, _ = play_deal(variant, deal_seed, seats)
    return _scaled(points, team)


def _scaled(points: tuple[int, int], team: int) -> float:
    return (points[team] - points[1 - team]) / 2 / TARGET_SCALE


def _figure(strength: Strength) -> str:
    return f"{strength.mean:+.2f} ({strength.low:+.2f} … {strength.high:+.2f})"


def write_curve(result: TrainingResult, directory: str | os.PathLike[str]) -> list[Path]:
    """Write ``curve.csv`` and, with matplotlib installed, ``curve.png``; the paths written."""
    where = Path(directory)
    try:
        where.mkdir(parents=True, exist_ok=True)
        return _write_curve(result, where)
    except OSError as error:
        raise GoujiError(f"cannot write the curve into {os.fspath(directory)!r:.200}: {error}"[:400]) from None


def _write_curve(result: TrainingResult, where: Path) -> list[Path]:
    table = where / "curve.csv"
    with open(table, "w", newline="", encoding="utf-8") as file:
        out = csv.writer(file)
        out.writerow(["minutes", "deals", "decisions", "opponent", "held_out_deals", "mean", "low", "high"])
        for point in result.curve:
            for strength in (point.greedy, point.expert):
                out.writerow([f"{point.minutes:.2f}", point.deals, point.decisions, strength.against,
                              strength.deals, f"{strength.mean:.4f}", f"{strength.low:.4f}", f"{strength.high:.4f}"])
    written = [table]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return written
    figure, axes = plt.subplots(figsize=(7, 4))
    xs = [p.minutes for p in result.curve]
    for label, strengths in (("vs greedy", [p.greedy for p in result.curve]),
                             ("vs expert", [p.expert for p in result.curve])):
        means = [s.mean for s in strengths]
        errors = [[s.mean - s.low for s in strengths], [s.high - s.mean for s in strengths]]
        axes.errorbar(xs, means, yerr=errors, marker="o", capsize=3, label=label)
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_xlabel("CPU minutes of training (evaluations included)")
    axes.set_ylabel("team points a game (95% interval)")
    axes.set_title("gouji DMC: held-out deals, seats swapped")
    axes.legend()
    figure.tight_layout()
    picture = where / "curve.png"
    figure.savefig(picture, dpi=100)
    plt.close(figure)
    written.append(picture)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gouji.rl.dmc", description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="provincial", help="a variant's name or TOML file")
    parser.add_argument("--minutes", type=float, default=30.0, help="CPU minutes of training, evaluations included")
    parser.add_argument("--out", default="dmc-run", help="folder for weights.npz, curve.csv and curve.png")
    parser.add_argument("--hidden", default="256,128", help="the hidden layers' widths")
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--learning-rate", type=float, default=1e-3)
    parser.add_argument("--average", type=float, default=0.999,
                        help="decay of the averaged weights the actors play (0: the learner's own)")
    parser.add_argument("--eval-every", type=float, default=5.0, help="minutes between points of the curve")
    parser.add_argument("--eval-deals", type=int, default=30, help="held-out deals of each point")
    parser.add_argument("--final-deals", type=int, default=200, help="held-out deals of the final figures (0: none)")
    parser.add_argument("--baseline", default="expert", choices=BASELINES,
                        help="subtracted from each game's margin: the same deal played by expert (duplicate), or none")
    parser.add_argument("--target", default="rollouts", choices=TARGETS,
                        help="each candidate's rollout (played on by expert) or the game's return (DouZero's)")
    parser.add_argument("--rollout-share", type=float, default=0.1,
                        help="the share of the learner's decisions rolled out (--target rollouts)")
    parser.add_argument("--expert-margin", type=float, default=0.5,
                        help="how much higher than expert's candidate another must score to be played (0: argmax)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's threads")
    args = parser.parse_args(argv)
    try:
        hidden = tuple(int(width) for width in args.hidden.split(","))
    except ValueError:
        parser.error(f"--hidden is widths separated by commas, not {args.hidden!r:.40}")
    out = Path(args.out)
    created = not out.exists()
    try:
        # Before training, not after half an hour of it: the folder must be one that can be written.
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".gouji-dmc-probe"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        parser.exit(2, f"gouji.rl.dmc: --out {args.out!r:.200} is not a folder that can be written: "
                       f"{error.strerror or error}\n")
    try:
        result = train(args.variant, args.minutes, hidden=hidden, epsilon=args.epsilon,
                       learning_rate=args.learning_rate, average=args.average, eval_every=args.eval_every,
                       eval_deals=args.eval_deals, final_deals=args.final_deals, seed=args.seed, threads=args.threads,
                       baseline=args.baseline, expert_margin=args.expert_margin, target=args.target,
                       rollout_share=args.rollout_share)
        save_weights(result.network, out / "weights.npz")
        written = write_curve(result, out)
    except GoujiError as error:
        if created:
            # A refused run leaves nothing behind: the folder it made for its output goes, if still empty.
            with contextlib.suppress(OSError):
                out.rmdir()
        parser.exit(2, f"gouji.rl.dmc: {error}\n")
    print(f"{result.deals} training deals, {result.decisions} decisions weighed; wrote "
          f"{', '.join(str(p) for p in [Path(args.out) / 'weights.npz', *written])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "BASELINES",
    "INPUT_NAMES",
    "STATE_NAMES",
    "TARGETS",
    "CurvePoint",
    "DMCBot",
    "QNetwork",
    "TrainingResult",
    "load_weights",
    "main",
    "save_weights",
    "state_features",
    "train",
    "write_curve",
]
