"""Issue 21 item 14: the table hears only 过牌 or 扣牌. Whether a seat could have covered
(``auto-pass``, ``auto-close``, "only the opposite answers") or could have burned and chose not
to (``no-burn``) is its own: other seats' views, their wire form and every page show the one
word; the decider's own view and the referee's log keep the detail."""

from __future__ import annotations

import random

import pytest

import gouji
from gouji.engine.events import Event

VARIANTS = ["provincial", "dagang", "district", "dagang196"]
REVEALING = {"auto-pass", "no-burn", "auto-close"}


def _games(name: str, seeds=range(4)):
    variant = gouji.load_variant(name)
    for seed in seeds:
        game = variant.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        yield game


@pytest.mark.rule("ROUND-2")
@pytest.mark.parametrize("name", VARIANTS)
def test_other_seats_hear_only_pass_or_close(name):
    """P§12: "如不顺牌，应声明“过牌”" (a player who does not cover says 'pass'; ROUND-2);
    P§15: "扣牌即为死牌，对头为法定宣布扣牌人" (the opposite declares the close; ROUND-5)."""
    found = 0
    for game in _games(name):
        for seat in range(6):
            view = game.observation(seat)
            others = [e for e in view.to_dict()["history"] if e["seat"] != seat]
            for event in others:
                assert event["kind"] not in REVEALING, f"seat {seat} sees seat {event['seat']}'s {event['kind']}"
                assert "only the opposite" not in event["detail"]
        own = [e for e in game.events if e.kind in REVEALING]
        found += len(own)
        for event in own:
            # The decider keeps the detail; the referee's log keeps it too.
            assert event in game.observation(event.seat).history
            assert event.text() in game.log_text()
    assert found, f"no {name} game had a decline that tells more than the word"


@pytest.mark.rule("BURN-2")
def test_a_declined_burn_and_an_impossible_one_look_alike_to_the_table():
    """P§11: "如不能迅速做出反应烧牌，视为过牌" (a burn not taken at once counts as a pass; BURN-2)."""
    chosen = Event("no-burn", 2, "BURN-2")
    forced = Event("auto-pass", 2, "GOUJI-2", detail="only the opposite answers a gouji set")
    plain = Event("pass", 2, "ROUND-2")
    for seat in (0, 1, 3, 4, 5):
        assert chosen.seen_as(seat) == forced.seen_as(seat) == plain.seen_as(seat) == plain
    assert chosen.seen_as(2) is chosen and forced.seen_as(2) is forced
    assert Event("auto-close", 4, "ROUND-5").seen_as(1) == Event("close", 4, "ROUND-5")
    private = Event("auto-pass", 2, "ROUND-2", visible_to=[2, 5])
    assert private.seen_as(0) is None and private.seen_as(5) == Event("pass", 2, "ROUND-2", visible_to=[2, 5])
