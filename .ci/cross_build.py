"""Pickles cross the two builds (.ci/run's compiled step): ``dump DIR`` pickles a game of each
built-in variant halfway through a random game; ``load DIR``, run by the other build, plays the
same actions itself, checks the loaded game equal to its own (the record, the legal actions), and
plays both to the end alike. Both builds play the same games, and each loads the other's pickles."""

from __future__ import annotations

import pickle
import random
import sys
from pathlib import Path

import gouji
import gouji.engine.round

VARIANTS = ("provincial", "dagang", "district", "dagang196")


def halfway(name: str, seed: int) -> tuple[gouji.Game, random.Random]:
    game = gouji.load_variant(name).new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(80):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


def main(mode: str, folder: str) -> None:
    build = "compiled" if not gouji.engine.round.__file__.endswith(".py") else "Python"
    for name in VARIANTS:
        for seed in range(5):
            path = Path(folder) / f"{name}-{seed}.pickle"
            game, rng = halfway(name, seed)
            if mode == "dump":
                path.write_bytes(pickle.dumps(game))
                continue
            loaded = pickle.loads(path.read_bytes())
            assert loaded.record() == game.record() and loaded.legal_actions() == game.legal_actions(), path
            while not game.is_over:
                action = rng.choice(game.legal_actions())
                game.apply(action)
                loaded.apply(action)
            assert loaded.record() == game.record() and loaded.score() == game.score(), path
    print(f"{mode}: {len(VARIANTS) * 5} games, the {build} build")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
