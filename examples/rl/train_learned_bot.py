"""Train the ``learned`` bot's weights: Monte-Carlo rollouts over per-action features.

One round of policy improvement over a base policy (``expert`` at first):

1. Deals are played with ``gouji.rl``'s :class:`~gouji.rl.episode.Episode` (team
   rewards), the learner's team against ``greedy`` or ``expert`` (every other deal),
   every seat of the learner's team playing the current policy.
2. At a share of the learner's decisions of play (``--sample``), the game is cloned
   once per candidate action (:func:`gouji.bots.learned.candidates`: ``expert``'s,
   ``greedy``'s, the decline and the cheapest set) and each clone is played to its
   end with the same bots. The bots and the engine are deterministic, so the difference of
   two clones' team points is exactly what choosing that action instead of the
   policy's is worth here, with the rest of the game played as the policy plays it.
3. A ridge regression fits weights ``w`` so that ``w · (features(a) - features(policy's))``
   predicts that difference (:func:`gouji.bots.features.action_features`, which
   reads the seat's observation only). The bot takes the action of the highest
   ``w · features``: the policy, improved where the rollouts showed it loses. A margin
   added to ``expert``'s action is chosen on the decisions of held-out deals (one in
   five), where the fitted model must gain over ``expert`` or is not used at all.

``--rounds 2`` repeats this with the improved policy as the base. Deals for training
start at seed 0; held-out deals for measuring start at
``gouji.bots.arena.HELD_OUT_SEED``.

    python examples/rl/train_learned_bot.py --minutes 12 --out src/gouji/bots/learned_weights.npz

needs numpy (``pip install '.[bots]'``; ``gouji.rl`` needs the ``rl`` extra).
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

from gouji.bots.arena import HELD_OUT_SEED, head_to_head, team_points
from gouji.bots.basic import GreedyBot, decide
from gouji.bots.expert import ExpertBot
from gouji.bots.features import FEATURE_NAMES, action_features
from gouji.bots.learned import LearnedBot, book_key, candidates, load_weight_table
from gouji.bots.phase_choices import hand_counts, is_play_decision, phase_choice
from gouji.errors import GoujiError
from gouji.plugins.loader import load_variant
from gouji.rl.episode import Episode


def expert_weights() -> np.ndarray:
    """Weights that take exactly ``expert``'s action: the policy training starts from."""
    weights = np.zeros(len(FEATURE_NAMES))
    weights[FEATURE_NAMES.index("expert")] = 1.0
    return weights


def _margin(game, team: int) -> float:
    # As strength is measured (the arena's points): dagang196's places score no points of their own.
    points = team_points(game.variant, game)
    return (points[team] - points[1 - team]) / 2


def _rollout(game, bots) -> None:
    while not game.is_over:
        game.apply(decide(bots[game.current_player], game))


def collect(variant: str, weights: np.ndarray, seconds: float, sample: float, first_seed: int,
            rng: random.Random) -> tuple[list[tuple[int, np.ndarray, np.ndarray]], int]:
    """Rollout samples until ``seconds`` of CPU time are spent: for each sampled decision, its
    deal, the features of its candidate actions (``expert``'s first) and the team points each
    candidate ends with; and the number of deals played."""
    samples: list[tuple[int, np.ndarray, np.ndarray]] = []
    start = time.process_time()
    seed = first_seed
    episode = Episode(variant, games=1, reward="team")
    pure_expert = bool(np.array_equal(weights, expert_weights()))
    while time.process_time() - start < seconds:
        team = seed % 2
        opponent = GreedyBot if (seed // 2) % 2 == 0 else ExpertBot
        learner = [ExpertBot(seed * 6 + s) if pure_expert else LearnedBot(seed * 6 + s, weights) for s in range(6)]
        bots = [learner[s] if s % 2 == team else opponent(seed * 6 + s) for s in range(6)]
        episode.reset(seed)
        while not episode.is_over:
            game = episode.game
            seat = game.current_player
            action = decide(bots[seat], game)
            if seat % 2 == team and rng.random() < sample:
                observation = game.observation(seat)
                core = [a for a in observation.legal_actions if is_play_decision(a)]
                if len(core) >= 2 and phase_choice(observation, episode.variant) is None:
                    expert = ExpertBot(seed).choose(observation, episode.variant)
                    greedy = GreedyBot(seed).choose(observation, episode.variant)
                    options = candidates(core, expert, greedy, hand_counts(observation))
                    if len(options) >= 2:
                        results = []
                        for candidate in options:
                            branch = game.clone()
                            branch.apply(candidate)
                            _rollout(branch, bots)
                            results.append(_margin(branch, team))
                        rows = action_features(observation, episode.variant, options, expert, greedy)
                        samples.append((seed, np.asarray(rows), np.asarray(results)))
            episode.apply(action)
        seed += 1
    return samples, seed - first_seed


def fit(samples: list[tuple[int, np.ndarray, np.ndarray]], base: np.ndarray, ridge: float) -> np.ndarray:
    """``base`` plus the ridge-regression weights that predict what each candidate gains over
    ``expert``'s action (the first) from the difference of their features."""
    x = np.concatenate([rows[1:] - rows[0] for _, rows, _ in samples])
    y = np.concatenate([results[1:] - results[0] for _, _, results in samples])
    scale = np.sqrt((x ** 2).mean(axis=0)) + 1e-9
    xs = x / scale
    change = np.linalg.solve(xs.T @ xs + ridge * len(y) * np.eye(x.shape[1]), xs.T @ (y - x @ base))
    return base + change / scale


def realised_gain(samples: list[tuple[int, np.ndarray, np.ndarray]], weights: np.ndarray) -> float:
    """What choosing by ``weights`` gains over ``expert`` a sampled decision, by the rollouts."""
    gains = [results[int(np.argmax(rows @ weights))] - results[0] for _, rows, results in samples]
    return float(np.mean(gains)) if gains else 0.0


def tune_margin(train: list[tuple[int, np.ndarray, np.ndarray]], valid: list[tuple[int, np.ndarray, np.ndarray]],
                base: np.ndarray, ridge: float) -> tuple[np.ndarray, float, float]:
    """Fit on ``train``; then add to ``expert``'s action the margin that gains most on the
    held-out ``valid`` decisions (a model that gains nothing there is no better than expert)."""
    weights = fit(train, base, ridge)
    index = FEATURE_NAMES.index("expert")
    best, best_gain = None, 0.0
    for margin in (0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0):
        trial = weights.copy()
        trial[index] += margin
        gain = realised_gain(valid, trial)
        if gain > best_gain:
            best, best_gain = trial, gain
    if best is None:
        return base, 0.0, realised_gain(valid, weights)
    return best, best_gain, realised_gain(valid, weights)


#: The first of the deals the margin is chosen on in play: neither training's (from 0) nor the
#: held-out deals the figures are measured on (``HELD_OUT_SEED``).
TUNE_SEED = 300_000
#: The margins for expert's action tried in play (``--tune-deals``). Small steps near 0: a model
#: whose scores of expert's action and another's are close departs much more often at each step.
MARGINS = (-0.3, -0.2, -0.1, 0.0, 0.0625, 0.125, 0.25, 0.375, 0.5, 1.0)


def tune_in_play(variant: str, weights: np.ndarray, deals: int, first_seed: int) -> np.ndarray:
    """``weights`` with the one of :data:`MARGINS` added to expert's that scores best against
    ``expert`` on ``deals`` deals from ``first_seed`` (each played twice, seats swapped)."""
    index = FEATURE_NAMES.index("expert")
    best, best_mean = weights, None
    # The smallest margin first: where margins tie, the one nearest plain argmax is kept.
    for margin in sorted(MARGINS, key=abs):
        trial = weights.copy()
        trial[index] += margin
        result = head_to_head(lambda s, w=trial: LearnedBot(s, w), "expert", variant, deals, first_seed)
        print(f"margin {margin:+.4f}: {result.mean:+.3f} ({result.low:+.2f} .. {result.high:+.2f}) against expert "
              f"on {deals} tuning deals from seed {first_seed}", flush=True)
        if best_mean is None or result.mean > best_mean:
            best, best_mean = trial, result.mean
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="provincial")
    parser.add_argument("--minutes", type=float, default=12.0, help="CPU minutes of rollouts in all")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--sample", type=float, default=0.15, help="share of the learner's decisions rolled out")
    parser.add_argument("--ridge", type=float, default=0.01)
    parser.add_argument("--expert-margin", type=float, default=0.0,
                        help="added to expert's action after training (the shipped weights: 1.0, chosen in play)")
    parser.add_argument("--seed", type=int, default=0, help="the first training deal")
    parser.add_argument("--tune-deals", type=int, default=0,
                        help="after training, choose the margin for expert's action in play: the one of "
                             "MARGINS that scores best against expert on this many tuning deals")
    parser.add_argument("--tune-seed", type=int, default=TUNE_SEED, help="the first tuning deal")
    parser.add_argument("--eval-deals", type=int, default=0, help="held-out deals to measure on at the end")
    parser.add_argument("--out", default="learned_weights.npz")
    parser.add_argument("--book", default=None,
                        help="write the weights as this book's (weights_BOOK) into --out, keeping the "
                             "file's other weights; without it --out holds these weights alone")
    args = parser.parse_args()
    if args.tune_deals < 0:
        parser.error(f"--tune-deals is 0 (no tuning in play) or a number of deals, not {args.tune_deals}")
    if not args.out.endswith(".npz"):
        # numpy adds the suffix itself: the file written would not be the one named (nor found by --book).
        parser.error(f"--out names a .npz file, not {args.out!r:.200}")
    books = load_variant(args.variant).plugins
    if args.book is not None and args.book not in books:
        parser.error(f"--book {args.book!r:.40} is not a book of variant {args.variant!r:.40} "
                     f"(its plugins: {', '.join(books)})")
    # --book keeps the file's other weights: a file that holds none for these features is
    # refused now, not after the minutes of training.
    kept = {}
    if args.book is not None and os.path.exists(args.out):
        try:
            kept = load_weight_table(args.out)
        except GoujiError as exc:
            parser.error(f"--book {args.book} would keep the other weights of --out, but {exc}")
    rng = random.Random(args.seed)
    weights = expert_weights()
    seed = args.seed
    started = time.process_time()
    for round_ in range(args.rounds):
        samples, deals = collect(args.variant, weights, args.minutes * 60 / args.rounds, args.sample, seed, rng)
        seed += deals
        # Decisions of one deal in five are held out to choose the margin.
        train = [x for x in samples if x[0] % 5]
        valid = [x for x in samples if not x[0] % 5]
        weights, gain, raw = tune_margin(train, valid, weights, args.ridge)
        print(f"round {round_ + 1}: {deals} deals, {len(samples)} decisions rolled out; on the held-out "
              f"ones the model gains {gain:+.3f} a decision over expert ({raw:+.3f} without a margin)", flush=True)
    weights[FEATURE_NAMES.index("expert")] += args.expert_margin
    if args.tune_deals:
        weights = tune_in_play(args.variant, weights, args.tune_deals, args.tune_seed)
    arrays = {"weights": weights}
    if args.book is not None:
        arrays = kept or {"weights": weights}
        arrays[book_key(args.book)] = weights
    np.savez_compressed(args.out, names=np.asarray(FEATURE_NAMES), **arrays)
    print(f"trained for {(time.process_time() - started) / 60:.1f} CPU minutes; weights written to {args.out}")
    top = np.argsort(-np.abs(weights - expert_weights()))[:8]
    print("largest changes:", ", ".join(f"{FEATURE_NAMES[i]} {weights[i] - expert_weights()[i]:+.2f}" for i in top))
    if args.eval_deals:
        def trained(seed: int) -> LearnedBot:
            return LearnedBot(seed, weights)

        trained.name = "learned (these weights)"  # type: ignore[attr-defined]  # what the table prints
        for against in ("greedy", "expert"):
            result = head_to_head(trained, against, args.variant, args.eval_deals, HELD_OUT_SEED)
            print(result.text())


if __name__ == "__main__":
    main()
