"""Review of ``ismcts`` and its determinizer (branch h-review-ismcts): tests that demonstrate
defects. Each test says what it expects; a failing test is a defect found, not a test to fix.

The property under attack: a searching bot (``ismcts`` or a house bot built on the same
:class:`gouji.bots.basic.SearchingBot` protocol) may never reach what its seat may not see.
"""

from __future__ import annotations

import pickle
import random

import pytest
from twin_helpers import advance, swap_hidden_cards

import gouji
from gouji.bots import decide
from gouji.bots.determinize import Determinizer
from gouji.records.record import replay

PROVINCIAL = gouji.load_variant("provincial")
DAGANG = gouji.load_variant("dagang")


def _state(seed: int, variant: gouji.Variant = PROVINCIAL, steps: int = 30) -> tuple[gouji.Game, int]:
    game = variant.new_game(seed=seed)
    advance(game, steps, seed)
    seat = game.current_player
    assert seat is not None
    return game, seat


def _other_hands(game: gouji.Game, seat: int) -> list[list[gouji.Card]]:
    return [game.hand(s) for s in range(6) if s != seat]


class _Spy:
    """A house bot on the SearchingBot protocol that records what it can reach."""

    def __init__(self) -> None:
        self.found: dict[str, list[list[gouji.Card]]] = {}

    def choose(self, observation, variant):  # pragma: no cover - decide calls choose_searching
        return observation.legal_actions[0]

    def choose_searching(self, observation, variant, determinizer):
        seat = observation.seat
        # 1. the determinizer's own attribute
        self.found["attribute"] = _other_hands(determinizer._game, seat)
        world = determinizer.sample(random.Random(0))
        # 2. the world's record names the true seed and every decision: replaying it is the true game
        self.found["record"] = _other_hands(replay(world.record()), seat)
        # 3. a pickled world: the same
        self.found["pickle"] = _other_hands(replay(pickle.loads(pickle.dumps(world)).record()), seat)
        # 4. the world's seed: a new game from it is the true deal
        self.found["seed"] = [variant.new_game(seed=world.seed).hand(s) for s in range(6) if s != seat]
        # 5. the world's deal names every card dealt to every seat
        self.found["deal"] = [sorted((c for s2, c in world.deal.draws if s2 == s), key=str)
                              for s in range(6) if s != seat]
        return observation.legal_actions[0]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_searching_bot_cannot_reach_the_true_hands_through_the_determinizer(seed):
    """FAILS: the determinizer keeps the true game as ``_game``, and every world it samples
    is that game with the other hands re-dealt but its seed, its deal (``world.deal.draws``),
    its generator state and its record (seed and every decision) unchanged, so
    ``replay(world.record())`` (or a pickled world's) is the true game, true hands and all.
    The module says "the bot never gets the game itself, only sample's copies, whose hidden
    hands are dealt again"; docs/bots.rst: "never the game"."""
    game, seat = _state(seed)
    spy = _Spy()
    decide(spy, game)
    leaks = [how for how in ("attribute", "record", "pickle")
             if spy.found[how] == _other_hands(game, seat)]
    assert not leaks, f"the true hidden hands are reachable through: {leaks}"


def test_a_world_carries_neither_the_true_seed_nor_the_true_deal_nor_the_generator_state():
    """FAILS: a world's ``seed``, ``deal`` and ``rng`` state are the true game's: from the
    seed a bot re-deals the true initial hands (``new_game(seed=world.seed)``), and the deal
    lists them outright."""
    game = PROVINCIAL.new_game(seed=5)
    seat = game.current_player
    assert seat is not None
    world = Determinizer(game, seat).sample(random.Random(3))
    initial = [sorted((c for s2, c in game.deal.draws if s2 == s), key=str) for s in range(6)]
    assert [sorted(world.hand(s), key=str) for s in range(6) if s != seat] != \
        [initial[s] for s in range(6) if s != seat]  # the world's hands were dealt again ...
    problems = []
    if world.seed == game.seed:
        problems.append("seed")
    if world.deal == game.deal:
        problems.append("deal")
    if world.rng.getstate() == game.rng.getstate():
        problems.append("rng state")
    assert not problems, f"... but the world keeps the true game's {problems}"


@pytest.mark.parametrize("seed", range(4))
def test_worlds_of_twin_games_are_the_same_world(seed):
    """FAILS: two games differing only in a card swapped between two other hands give
    worlds with the same hands (the sorted pool holds), but the worlds still differ:
    ``_hand_versions`` counts the transfers the re-deal made, i.e. how far each sampled hand
    is from the true one (and pickling and the record differ, see above). Whatever differs
    between the two worlds is hidden information a bot can read."""
    variant = [PROVINCIAL, DAGANG][seed % 2]
    game, seat = _state(seed, variant, steps=25 + 5 * seed)
    twin = game.clone()
    assert swap_hidden_cards(twin, seat, random.Random(seed))
    assert game.observation(seat) == twin.observation(seat)
    first = Determinizer(game, seat).sample(random.Random(9))
    second = Determinizer(twin, seat).sample(random.Random(9))
    assert [first.hand(s) for s in range(6)] == [second.hand(s) for s in range(6)]
    differ = sorted(key for key, value in vars(first).items()
                    if not key.startswith("_rng") and repr(vars(second).get(key)) != repr(value))
    assert not differ, f"the twins' worlds differ in {differ}"
