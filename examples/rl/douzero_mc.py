"""DouZero-style Deep Monte-Carlo for gouji: a Q-network scores each legal action from the
seat's observation, its move history and the action's features; actors play whole episodes on
several processes; the network learns the seats' final rewards (the Monte-Carlo return).

    pip install '.[rl]'            # numpy; PyTorch is used when installed (--backend torch)
    python examples/rl/douzero_mc.py [--variant provincial] [--iterations 20] [--episodes 16]
                                     [--jobs 2] [--eval-deals 20]

What it uses of gouji.rl:

* ``gouji.rl.vector.play_many``: episodes across processes, recording every decision of the
  learner's seats (its observation vector, ``"history"``, ``info["action_features"]`` and
  the row chosen) and the rewards;
* ``Trajectory.returns()``: each decision's Monte-Carlo target;
* ``gouji.rl.observation_policy`` and ``gouji.rl.evaluate``: the trained greedy policy against
  GreedyBots over held-out deals, the seats swapped, with a 95% interval.

The learner holds one team (seats 0, 2 and 4 by default; GreedyBots hold the others); it
explores with epsilon-greedy choices. The network: one hidden layer on
``[observation, history (flattened), action features]``, trained by mean squared error.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import gouji.rl
from gouji.bots.basic import GreedyBot
from gouji.rl.actions import FEATURE_SIZE
from gouji.rl.observation import HISTORY_LENGTH, HISTORY_WIDTH, OBSERVATION_SIZE
from gouji.rl.vector import Trajectory, play_many

STATE_SIZE = OBSERVATION_SIZE + HISTORY_LENGTH * HISTORY_WIDTH
INPUT_SIZE = STATE_SIZE + FEATURE_SIZE


class NumpyQ:
    """Q(s, a) = w2 . relu(W1 x + b1) + b2 for x = [state, action features], in numpy."""

    def __init__(self, hidden: int = 64, seed: int = 0, lr: float = 1e-3) -> None:
        rng = np.random.default_rng(seed)
        self.w1 = (rng.standard_normal((INPUT_SIZE, hidden)) / np.sqrt(INPUT_SIZE)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = (rng.standard_normal(hidden) / np.sqrt(hidden)).astype(np.float32)
        self.b2 = np.float32(0.0)
        self.lr = lr

    def scores(self, state: np.ndarray, features: np.ndarray) -> np.ndarray:
        """Q of each action (a row of ``features``) in one state: the state's part is computed once."""
        hidden = state @ self.w1[:STATE_SIZE] + features @ self.w1[STATE_SIZE:] + self.b1
        return np.maximum(hidden, 0) @ self.w2 + self.b2

    def train(self, inputs: np.ndarray, targets: np.ndarray, epochs: int = 2, batch: int = 256) -> float:
        """SGD on the mean squared error; the last epoch's loss."""
        loss = 0.0
        for _ in range(epochs):
            order = np.random.default_rng(len(targets)).permutation(len(targets))
            losses = []
            for start in range(0, len(order), batch):
                at = order[start:start + batch]
                x, y = inputs[at], targets[at]
                pre = x @ self.w1 + self.b1
                hidden = np.maximum(pre, 0)
                error = hidden @ self.w2 + self.b2 - y
                losses.append(float(np.mean(error ** 2)))
                grad = 2 * error / len(at)
                grad_hidden = np.outer(grad, self.w2) * (pre > 0)
                self.w2 -= self.lr * hidden.T @ grad
                self.b2 -= self.lr * grad.sum()
                self.w1 -= self.lr * x.T @ grad_hidden
                self.b1 -= self.lr * grad_hidden.sum(axis=0)
            loss = float(np.mean(losses))
        return loss


class TorchQ:
    """The same network in PyTorch (Adam)."""

    def __init__(self, hidden: int = 64, seed: int = 0, lr: float = 1e-3) -> None:
        import torch

        torch.manual_seed(seed)
        self.torch = torch
        self.net = torch.nn.Sequential(torch.nn.Linear(INPUT_SIZE, hidden), torch.nn.ReLU(),
                                       torch.nn.Linear(hidden, 1))
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=lr)

    def scores(self, state: np.ndarray, features: np.ndarray) -> np.ndarray:
        x = np.concatenate([np.broadcast_to(state, (len(features), STATE_SIZE)), features], axis=1)
        with self.torch.no_grad():
            return self.net(self.torch.from_numpy(x)).numpy()[:, 0]  # type: ignore[no-any-return]

    def train(self, inputs: np.ndarray, targets: np.ndarray, epochs: int = 2, batch: int = 256) -> float:
        torch = self.torch
        x, y = torch.from_numpy(inputs), torch.from_numpy(targets)
        loss_value = 0.0
        for _ in range(epochs):
            for start in range(0, len(y), batch):
                loss = torch.mean((self.net(x[start:start + batch])[:, 0] - y[start:start + batch]) ** 2)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
                loss_value = float(loss)
        return loss_value

    def __getstate__(self) -> dict[str, Any]:
        return {"net": self.net}

    def __setstate__(self, state: dict[str, Any]) -> None:
        import torch

        self.torch, self.net = torch, state["net"]


def state_of(observation: dict[str, np.ndarray]) -> np.ndarray:
    return np.concatenate([observation["observation"], observation["history"].ravel()])


class EpsilonGreedy:
    """The actors' policy: the best-scored legal action, or a random one with probability epsilon."""

    def __init__(self, model: Any, epsilon: float, seed: int) -> None:
        self.model, self.epsilon = model, epsilon
        self.rng = np.random.default_rng(seed)

    def __call__(self, observation: dict[str, np.ndarray], info: dict[str, Any]) -> int:
        legal = info["legal_actions"]
        if len(legal) == 1:
            return int(legal[0])
        if self.rng.random() < self.epsilon:
            return int(legal[int(self.rng.integers(len(legal)))])
        scores = self.model.scores(state_of(observation), info["action_features"])
        return int(legal[int(np.argmax(scores))])


def training_data(trajectories: list[Trajectory]) -> tuple[np.ndarray, np.ndarray]:
    """One input row per recorded decision (the state and the chosen action's features) and its return."""
    inputs, targets = [], []
    for t in trajectories:
        if not len(t.seats):
            continue
        states = np.concatenate([t.observations, t.histories.reshape(len(t.seats), -1)], axis=1)
        chosen = np.stack([f[c] for f, c in zip(t.features, t.chosen, strict=True)])
        inputs.append(np.concatenate([states, chosen], axis=1))
        targets.append(t.returns())
    return np.concatenate(inputs).astype(np.float32), np.concatenate(targets).astype(np.float32)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="provincial")
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--episodes", type=int, default=16, help="episodes per iteration")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--epsilon", type=float, default=0.1)
    parser.add_argument("--eval-deals", type=int, default=20)
    parser.add_argument("--seats", default="0,2,4", help="the learner's seats (default: team 0)")
    parser.add_argument("--backend", choices=("numpy", "torch"), default="numpy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    seats = tuple(int(s) for s in args.seats.split(","))
    model: Any = TorchQ(seed=args.seed) if args.backend == "torch" else NumpyQ(seed=args.seed)
    opponents = {s: GreedyBot() for s in range(6) if s not in seats}
    print(f"DouZero-style Monte-Carlo on {args.variant}: learner at seats {seats}, GreedyBots elsewhere, "
          f"{args.backend} backend")
    for iteration in range(args.iterations):
        start = time.perf_counter()
        seeds = range(args.seed + iteration * args.episodes, args.seed + (iteration + 1) * args.episodes)
        policy = EpsilonGreedy(model, args.epsilon, args.seed + iteration)
        trajectories = play_many(args.variant, policy, seeds, jobs=args.jobs, record=seats, bots=opponents)
        inputs, targets = training_data(trajectories)
        loss = model.train(inputs, targets)
        reward = np.mean([t.rewards[seats[0]] for t in trajectories])
        print(f"iteration {iteration + 1}: {len(targets)} decisions, mean reward {reward:+.2f}, "
              f"loss {loss:.3f}, {time.perf_counter() - start:.1f} s")

    greedy = EpsilonGreedy(model, 0.0, args.seed)
    result = gouji.rl.evaluate(args.variant, [gouji.rl.observation_policy(greedy, mask=False), "greedy"],
                               deals=args.eval_deals, seed=args.seed)
    print(f"evaluation against GreedyBot, {args.eval_deals} held-out deals, seats swapped: "
          f"{result.mean['A']:+.2f} ± {result.interval['A']:.2f} points per deal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
