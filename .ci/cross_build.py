"""Pickles cross the two builds (.ci/run's compiled step): ``dump DIR`` pickles a game of each
built-in variant halfway through a random game; ``load DIR``, run by the other build, plays the
same actions itself, checks the loaded game equal to its own (the record, the legal actions), and
plays both to the end alike. Both builds play the same games, and each loads the other's pickles.
Beside the built-in variants, a house variant of example plugins whose policies have methods of
their own (played through gouji.plugins.policy_answers' wrappers), written into DIR by ``dump``."""

from __future__ import annotations

import pickle
import random
import sys
from pathlib import Path

import gouji
import gouji.engine.round

VARIANTS = ("provincial", "dagang", "district", "dagang196")
EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "hooks"
#: Example plugins whose objects the round asks through a wrapper (methods of their own).
HOUSE_PLUGINS = ("gouji_open_point_policy.py", "gouji_burn_policy.py", "gouji_hold_three_policy.py")


def house_variant(folder: str) -> str:
    """The house variant's file in ``folder`` (written once, by the first build to ask)."""
    path = Path(folder) / "house-cross.toml"
    if not path.exists():
        files = ", ".join(f'"{EXAMPLES / name}"' for name in HOUSE_PLUGINS)
        path.write_text(f'[variant]\nname = "house-cross"\nbase = "provincial"\nplugin_files = [{files}]\n',
                        encoding="utf-8")
    return str(path)


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
    variants = [*VARIANTS, house_variant(folder)]
    for name in variants:
        for seed in range(5):
            path = Path(folder) / f"{Path(name).stem}-{seed}.pickle"
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
    print(f"{mode}: {len(variants) * 5} games, the {build} build")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
