"""The option ``ask_forced_declines`` (ROUND-2): a seat with no choice but to pass or close is
asked all the same, offered that decline alone, as the book's table has each player say it:
P§12 "上家发牌后，下家有顺牌或者不顺牌的权利，如不顺牌，应声明“过牌”" (each declares his pass),
and the burns are asked in turn, P§11 "烧牌的顺序：在裁判员的主持询问下依次进行". Off (the default),
the engine declines for him within the action before; the game and its places are the same."""

from __future__ import annotations

import pickle
import random

import pytest

import gouji
from gouji.engine.actions import CLOSE, PASS


def _played(variant: gouji.Variant, seed: int) -> gouji.Game:
    game = variant.new_game(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(rng.choice(legal))
    return game


@pytest.mark.rule("ROUND-2")
@pytest.mark.parametrize("name", ["provincial", "dagang", "district", "dagang196"])
def test_a_forced_decline_is_asked_and_heard_as_the_table_hears_it(name: str) -> None:
    variant = gouji.load_variant(name).with_options(ask_forced_declines=True)
    asked = 0
    for seed in range(3):
        game = variant.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            seat = game.current_player
            if legal in ([PASS], [CLOSE]):
                asked += 1
                before = len(game.events)
                game.apply(legal[0])
                mine = game.events[before]
                assert mine.seat == seat and mine.kind in ("auto-pass", "auto-close")  # its own log says why
                for other in range(6):
                    if other != seat:  # the others hear the plain word (P§12 过牌, ROUND-5 扣牌)
                        heard = [e for e in game.observation(other).history if e.seat == seat][-1]
                        assert heard.kind in ("pass", "close")
                continue
            game.apply(rng.choice(legal))
        assert gouji.replay(game.record()).history == game.history
        assert pickle.loads(pickle.dumps(game)).history == game.history
    assert asked > 0


@pytest.mark.rule("ROUND-2")
def test_off_the_engine_declines_at_once_and_no_decision_is_a_lone_decline() -> None:
    game = _played(gouji.load_variant("provincial"), 1)
    assert any(e.kind == "auto-pass" for e in game.events)
    replayed = gouji.load_variant("provincial").new_game(seed=1)
    for action in game.history:
        assert replayed.legal_actions() not in ([PASS], [CLOSE])
        replayed.apply(action)
