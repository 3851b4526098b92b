"""First steps with gouji as a library: judge sets, play a seeded game with bots, print its record.

Run it from anywhere once gouji is installed:  python examples/first_steps.py
"""

from __future__ import annotations

import json

import gouji
from gouji.bots.basic import GreedyBot, RandomBot, play_game

variant = gouji.load_variant("provincial")
print(f"variant: {variant.name} ({variant.description})")

# -- judging sets --------------------------------------------------------------------------
# PLAY-4: the same number of cards, of a higher rank. 2s attached to a set take its rank (PLAY-2).
for new, old in [("A A", "K K"), ("K K", "A A"), ("2 2 9", "8 8 8"), ("A A A", "K K"),
                 ("大王 8 8", "小王 7 7"), ("大王 8 8", "小王 8 8")]:
    print(f"{new:>8} beats {old:<8}: {variant.beats(gouji.parse_play(new), gouji.parse_play(old))}")

# GOUJI-1: sets big enough that only the opposite may answer them.
for text in ["Q Q Q", "Q Q", "10 10 10 10 10", "2", "小王 3"]:
    print(f"{text!r} is a gouji set: {variant.is_gouji(gouji.parse_play(text))}")

# -- an illegal action is refused, naming the rule ------------------------------------------
game = variant.new_game(seed=7)
try:
    game.apply(gouji.parse_action("pass"))  # the first player leads: passing is not a choice
except gouji.IllegalActionError as exc:
    print(f"refused: {exc} (rule {exc.rule_id}); the game is unchanged: {len(game.history)} actions")

# -- a seeded game played by bots ---------------------------------------------------------------
bots = [GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3), RandomBot(seed=4), GreedyBot(seed=5),
        RandomBot(seed=6)]
game = play_game(variant, seed=7, bots=bots)
score = game.score()
print(f"finish order (seats, 头科 first): {game.finish_order}")
print(f"team points (seats 0 2 4, seats 1 3 5): {score.team_points}")
print("the log, first lines:")
for line in game.log_text().splitlines()[:8]:
    print("   ", line)

# A game is its variant, options, seed and actions: the record replays it exactly.
record = game.record()
assert gouji.replay(json.dumps(record)).finish_order == game.finish_order
print(f"record ({len(record['actions'])} actions):")
print(json.dumps(record, ensure_ascii=False))
