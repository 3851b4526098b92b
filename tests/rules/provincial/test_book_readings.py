"""Readings of book P revisited against its plain words (BURN-2, END-2, END-5, OPEN-1).

Each test quotes the clause it follows; docs/interpretations.rst (E2, E9, E10, E17)
argues the readings kept as options.
"""

from __future__ import annotations

import random
import textwrap

import pytest

import gouji
from gouji.bots.basic import RandomBot, decide
from gouji.engine.context import GameContext

# Seat 4 went out before the position (头科): seat 1, its opposite, is headless.
MELEE_AFTER_BURN = {0: "K K 9", 1: "2 2", 2: "A A 小王 8 7", 3: "5", 5: "6"}


def _burn_then_melee(game, act):
    act(game, "play K K", "burn A A")  # seat 2 burns seat 0's gouji set
    # Seats 0, 3 and 5 cannot cover; headless seat 1 covers with its last set: 二科, the melee.
    assert game.current_player == 1
    act(game, "play 2 2")
    assert game.melee
    return game


@pytest.mark.rule("END-5")
def test_END_5_the_burn_duty_ends_when_the_melee_begins_P19(position, act, legal):
    """P§19: "头科、二科产生后，其余四人不再按够级，过牌，让牌，烧牌等规则进行，称'四人乱缠'"."""
    game = _burn_then_melee(position(MELEE_AFTER_BURN, leader=0), act)
    assert not game.is_burner(2)
    assert any(e.kind == "burn-released" and e.seat == 2 and e.rule == "END-5" for e in game.events)
    while game.current_player != 2 or game.table is not None:
        game.apply(game.legal_actions()[0])
    assert "play 8" in legal(game) and "play 7" in legal(game)  # no joker owed any more


@pytest.mark.rule("END-5")
def test_END_5_option_the_burn_duty_lasting_into_the_melee(provincial, act, legal):
    """Option ``melee_ends_burn = false``: BURN-1's "所发每套牌上必须最少挂一王" lasts until out."""
    variant = provincial.with_options(melee_ends_burn=False)
    game = _burn_then_melee(variant.new_position(MELEE_AFTER_BURN, 0), act)
    assert game.is_burner(2)
    while game.current_player != 2 or game.table is not None:
        game.apply(game.legal_actions()[0])
    assert "play 8" not in legal(game) and all("SJ" in a for a in legal(game))


@pytest.mark.rule("END-2")
def test_END_2_a_headless_player_answers_in_turn_order_P17(position, act):
    """P§17: "其他发牌人按发牌顺序，对无头者所发的不管是不是够级牌都可以灭之；无头者对其他人发的牌亦可行使同样的权力"."""
    game = position({0: "K K 9", 1: "A A 3", 2: "A A 小王 8", 3: "5", 5: "A A 小王 6"}, leader=0)
    act(game, "play K K")
    # Burn offers first (seat 0's teammate 2, then seat 5); headless seat 1 is no burner and
    # answers at its place in turn order, before the opposite (3).
    assert game.queue == [2, 5, 1, 3]


@pytest.mark.rule("BURN-2")
def test_BURN_2_a_headless_decline_is_a_pass_not_a_declined_burn_P17(position, act):
    """P§17: a headless player's cover is no burn ("无头者对其他人发的牌亦可行使同样的权力"), so
    his decline is a pass (ROUND-2), not "不烧"."""
    game = position({0: "K K 9", 1: "A A 3", 2: "4", 3: "5", 5: "6"}, leader=0)
    act(game, "play K K", "pass")  # seat 1, headless, could cover
    decline = [e for e in game.events if e.seat == 1][-1]
    assert (decline.kind, decline.rule) == ("pass", "ROUND-2")
    assert not any(e.kind == "no-burn" for e in game.events)


P11 = {0: "K K 5 5", 1: "2 2 9", 2: "A A 8", 3: "A A 4", 4: "2 2 J", 5: "3 3"}


@pytest.mark.rule("BURN-2")
def test_BURN_2_an_opponent_may_defer_his_burn_P11(position, act, legal):
    """P§11: "如果联邦烧牌，应迅速做出表示，如不能迅速做出反应烧牌，视为过牌，对方可以暂缓表示烧牌" and
    "如果联邦放弃烧牌，那么该轮视为过牌": only the gouji player's teammates pass the round by declining."""
    game = position(P11, leader=0)
    act(game, "play K K")
    assert game.queue == [2, 4, 1, 5, 3]
    act(game, "pass", "pass")          # teammates 2 and 4 give up: the round is passed for them
    assert {2, 4} <= game.passed
    act(game, "pass")                  # opponent 1 defers
    assert 1 not in game.passed
    act(game, "play A A")              # seat 3, the opposite, answers
    # Seat 1 is still in the round: it may burn seat 3's set; 2 and 4 are not asked.
    assert game.current_player == 1 and "burn 2 2" in legal(game)
    assert 2 not in game.queue and 4 not in game.queue


@pytest.mark.rule("BURN-2")
def test_BURN_2_option_every_decline_passes_the_round(provincial, act):
    """Option ``burn_decline_passes = "everyone"``: "该轮视为过牌" read of every player offered."""
    game = provincial.with_options(burn_decline_passes="everyone").new_position(P11, 0)
    act(game, "play K K", "pass", "pass", "pass")
    assert 1 in game.passed
    act(game, "play A A")
    assert 1 not in game.queue


NO_BURNING = '''
from gouji import hookimpl
from gouji.engine.burning import BurnPolicy


class NoBurns(BurnPolicy):
    def may_burn(self, counts, play):
        return False


@hookimpl
def gouji_burn_policy(options):
    return NoBurns()
'''


@pytest.mark.rule("BURN-2")
def test_BURN_2_a_rule_switched_off_is_not_cited_in_the_log(tmp_path):
    """P§11 "烧牌的顺序" cited only where a burn could be declined: with burning switched off by a
    plugin, no event of a whole game cites BURN-2."""
    (tmp_path / "noburn.py").write_text(textwrap.dedent(NO_BURNING), encoding="utf-8")
    (tmp_path / "house.toml").write_text(
        '[variant]\nname = "noburn"\nbase = "provincial"\nplugin_files = ["noburn.py"]\n', encoding="utf-8")
    variant = gouji.load_variant(tmp_path / "house.toml")
    bot = RandomBot(1)
    for seed in range(3):
        game = variant.new_game(seed)
        while not game.is_over:
            game.apply(decide(bot, game))
        assert game.stats["gouji_sets"] > 0
        assert not [e for e in game.events if e.rule == "BURN-2" or e.kind == "no-burn"]


@pytest.mark.rule("OPEN-1")
@pytest.mark.parametrize("game_number", [1, 2, 3, 7])
def test_OPEN_1_folk_cut_by_the_first_cutters_lower_player_every_later_game_P7(provincial, game_number):
    """P§7.2: "每局结束后，都要进行下一局的开牌，由首局开牌人的下首开牌" — one person, named by the first game's
    cutter, for every later game; ``folk_cutter = "moves_on"`` moves the cut round each game."""
    variant = provincial.with_options(joker_cut="next_cutter")
    pile = [gouji.Card.parse("5")] * 10  # no joker: the cutter keeps the cut
    cut = variant.call_hook("gouji_cut", options=variant.options, rng=random.Random(0), pile=pile,
                            context=GameContext(game_number=game_number))
    assert cut.cutter == (0 if game_number == 1 else 1)
    moving = provincial.with_options(joker_cut="next_cutter", folk_cutter="moves_on")
    cut = moving.call_hook("gouji_cut", options=moving.options, rng=random.Random(0), pile=pile,
                           context=GameContext(game_number=game_number))
    assert cut.cutter == (game_number - 1) % 6
    formal = provincial.call_hook("gouji_cut", options=provincial.options, rng=random.Random(0), pile=pile,
                                  context=GameContext(game_number=game_number))
    assert formal.cutter == 0  # P§7.1: the referee cuts, counting from 红1 (seat 0) every game


@pytest.mark.rule("ROUND-4")
@pytest.mark.parametrize(("name", "options"), [("provincial", {"yield_allowed": False}), ("district", {})])
def test_ROUND_4_a_variant_without_yield_never_yields_nor_cites_it(name, options):
    """P§14 "让牌" and P§19 "喊'让牌'则此轮还有出牌权": where the variant has no yield (T 二.3.(8)
    lists the game's words without 让牌), no yield is offered, in the melee either, and no event cites ROUND-4."""
    variant = gouji.load_variant(name)
    variant = variant.with_options(**options) if options else variant
    for seed in range(4):
        game = variant.new_game(seed)
        bot = RandomBot(seed)
        while not game.is_over:
            assert not any(a.to_text() == "yield" for a in game.legal_actions())
            game.apply(decide(bot, game))
        assert game.stats["melee"] and not [e for e in game.events if e.kind == "yield" or e.rule == "ROUND-4"]
