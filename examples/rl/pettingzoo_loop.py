"""Reinforcement-learning plumbing in one page: a PettingZoo loop with action masks over many
games, then a policy evaluated against GreedyBot.

    pip install '.[rl]'
    python examples/rl/pettingzoo_loop.py [--variant dagang] [--games 20] [--eval-games 10]

1. Six seats of a masked random policy play ``--games`` games in the AEC environment
   (``gouji.rl.env``): each agent picks an entry of ``info["legal_actions"]`` (the mask's
   ones, listed: the fast path); rewards are the variant's team points at each game's end.
2. A small DouZero-style policy scores each legal action from its feature row
   (``info["action_features"]``) with fixed weights and plays seat 0 of the Gymnasium
   environment (``gouji.rl.single_agent_env``) against five GreedyBots; we print its mean
   reward and how often its team won. Train the weights with your own method in its place.
"""

from __future__ import annotations

import argparse

import numpy as np

import gouji
import gouji.rl
from gouji.rl import FEATURE_LAYOUT, features_of


def masked_random_loop(variant: str, games: int, seed: int) -> dict[str, float]:
    """Play ``games`` games with a random legal action at each decision; the total reward per seat."""
    env = gouji.rl.env(variant)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    decisions = 0
    for game in range(games):
        env.reset(seed=seed + game)
        for agent in env.agent_iter():
            _observation, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            if terminated or truncated:
                env.step(None)
                continue
            legal = info["legal_actions"]
            env.step(legal[int(rng.integers(len(legal)))])
            decisions += 1
    print(f"{games} games of {variant} with a masked random policy: {decisions} decisions")
    for agent, total in totals.items():
        print(f"  {agent}: total reward {total:+.0f}")
    return totals


def linear_policy_weights() -> np.ndarray:
    """Hand-set weights over the action features: shed low cards, keep 2s and jokers, prefer playing to passing."""
    weights = np.zeros(features_of([gouji.Pass()]).shape[1], dtype=np.float32)
    cards, _ = FEATURE_LAYOUT["cards"]
    weights[cards:cards + 12] = np.linspace(1.0, 0.2, 12)  # 3 .. A: low cards first
    weights[cards + 12:cards + 15] = -1.5                   # 2, small joker, big joker: keep them
    core, _ = FEATURE_LAYOUT["core"]
    weights[core + 2] = 0.5                                 # a pass beats throwing strong cards away
    return weights


def evaluate(variant: str, games: int, seed: int) -> tuple[float, float]:
    """The linear policy at seat 0 against five GreedyBots: mean reward and win rate of its team."""
    env = gouji.rl.single_agent_env(variant, seats=(0,), opponents="greedy")
    weights = linear_policy_weights()
    rewards = []
    for game in range(games):
        _observation, info = env.reset(seed=seed + game)
        done, total = False, 0.0
        while not done:
            scores = info["action_features"] @ weights  # one row per entry of info["legal_actions"]
            action = info["legal_actions"][int(np.argmax(scores))]
            _observation, reward, done, _truncated, info = env.step(action)
            total += reward
        rewards.append(total)
    mean = float(np.mean(rewards))
    wins = float(np.mean([r > 0 for r in rewards]))
    print(f"linear policy at seat 0 vs GreedyBot, {games} games of {variant}: "
          f"mean team reward {mean:+.2f}, team won {wins:.0%}")
    return mean, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="provincial")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--eval-games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    masked_random_loop(args.variant, args.games, args.seed)
    evaluate(args.variant, args.eval_games, args.seed)


if __name__ == "__main__":
    main()
