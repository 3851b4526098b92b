"""The bots take the books' phase decisions as a player would (no draws)."""

from __future__ import annotations

import importlib.util

import pytest

import gouji
import gouji.rules.dagang.actions  # registers the dagang- actions' text
import gouji.rules.dagang196.actions  # registers the club- actions' text
import gouji.rules.district.buying  # registers the district- actions' text
from gouji.bots import bot_names, decide, make_bot
from gouji.bots.phase_choices import phase_choice
from gouji.engine.actions import Action, register_word_action
from gouji.engine.cards import Card


def _has_numpy() -> bool:
    """``learned`` needs numpy (the ``bots`` extra), which the ``test`` extra leaves out."""
    return importlib.util.find_spec("numpy") is not None


#: The registry's bots that play to win (``random`` is the uniform baseline).
PLAYERS = [name for name in bot_names() if name != "random" and (name != "learned" or _has_numpy())]


def _player(name: str, seed: int) -> gouji.bots.Bot:
    """The bot ``name``; ``ismcts`` with one world a decision and no CPU budget (whole games of
    six searching bots at the default budget take minutes)."""
    if name == "ismcts":
        from gouji.bots.search import SearchBot

        return SearchBot(seed, simulations=1, budget=None)
    return make_bot(name, seed)


def _seen(hand: str, *actions: str, variant: str = "provincial") -> tuple[gouji.Observation, gouji.Variant]:
    cards = tuple(Card.parse(word) for word in hand.split())
    observation = gouji.Observation(
        seat=0, hand=cards, current_player=0, table=None, table_owner=None, passed=frozenset(),
        hand_sizes=(len(cards), None, None, None, None, None), finish_order=(), history=(),
        legal_actions=tuple(gouji.parse_action(a) for a in actions), decision="phase", phase="a phase",
        in_play=frozenset(range(6)))
    return observation, gouji.load_variant(variant)


def _choice(name: str, hand: str, *actions: str, variant: str = "provincial") -> str:
    observation, loaded = _seen(hand, *actions, variant=variant)
    return make_bot(name, 1).choose(observation, loaded).to_text()


@pytest.mark.rule("END-7")
@pytest.mark.parametrize("name", PLAYERS)
def test_END_7_every_bot_buys_its_3_in_district_games(name):
    """T 二.3.(11): "没有3时由同伙给或用2买3 … 不买3者视为大落": over whole games, a bot offered a 3
    always takes it, so no seat is lost to a declined 3."""
    variant = gouji.load_variant("district")
    offered = 0
    for seed in range(12):
        game = variant.new_game(seed=seed)
        bots = [_player(name, seed * 6 + s) for s in range(6)]
        while not game.is_over:
            if name == "ismcts" and game.decision != "phase":
                break  # the 3s are bought before play (BuyPhase): a searching bot's play is slow
            legal = [a.to_text() for a in game.legal_actions()]
            action = decide(bots[game.current_player], game)
            if "district-buy 3" in legal:
                offered += 1
                assert action.to_text() == "district-buy 3"
            game.apply(action)
    assert offered  # the deals do offer 3s


@pytest.mark.rule("END-7")
@pytest.mark.parametrize("name", PLAYERS)
def test_END_7_a_3_is_bought_with_the_cheapest_card(name):
    """T 二.3.(11) / C: "用2买3，无2用小虎、大虎买": a 2 before a joker, a teammate's 3 (要3) first."""
    assert _choice(name, "大王 小王 2 9", "club-buy-three BJ", "club-buy-three SJ", "club-buy-three 2",
                   variant="dagang196") == "club-buy-three 2"
    assert _choice(name, "大王 小王 9", "dagang-buy 3 BJ", "dagang-buy 3 SJ",
                   variant="dagang") == "dagang-buy 3 SJ"


@pytest.mark.rule("OPEN-5")
@pytest.mark.parametrize("name", PLAYERS)
def test_OPEN_5_a_hand_without_jokers_and_2s_revolts_and_the_opposite_keeps_his_head(name):
    """D§23 "大花、小花、钱均无时，可声明“革命”" (the revolutionary is 四科, better than the
    落 such a hand plays to); C "革命后,对头可宣布'要头'或'无头'": he keeps it."""
    assert _choice(name, "A K 9 9 5", "dagang-revolt no", "dagang-revolt yes", variant="dagang") == "dagang-revolt yes"
    assert _choice(name, "A K 9 9 5", "club-no-revolution", "club-revolution",
                   variant="dagang196") == "club-revolution"
    assert _choice(name, "2 A", "dagang-dead-gouji headless", "dagang-dead-gouji keep",
                   variant="dagang") == "dagang-dead-gouji keep"
    assert _choice(name, "2 A", "club-no-head", "club-keep-head", variant="dagang196") == "club-keep-head"


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize("name", PLAYERS)
def test_TRIB_6_a_bot_declares_only_with_a_hand_that_answers_its_opposite(name):
    """D§24 "宣布明点者吃对头2张点贡 … 如对头开点，则宣布明点者须向对头进2张点贡": declared only
    with eight jokers and 2s; never 预点, before the cut."""
    strong, weak = "大王 大王 小王 小王 2 2 2 2 K", "大王 小王 2 2 K"
    assert _choice(name, strong, "dagang-declare open no", "dagang-declare open yes",
                   variant="dagang") == "dagang-declare open yes"
    assert _choice(name, weak, "dagang-declare open no", "dagang-declare open yes",
                   variant="dagang") == "dagang-declare open no"
    assert _choice(name, strong, "dagang-declare pre no", "dagang-declare pre yes",
                   variant="dagang") == "dagang-declare pre no"
    assert _choice(name, strong, "club-no-declare", "club-declare", variant="dagang196") == "club-declare"
    assert _choice(name, weak, "club-no-declare", "club-declare", variant="dagang196") == "club-no-declare"


@pytest.mark.rule("TRIB-2")
@pytest.mark.parametrize("name", PLAYERS)
def test_TRIB_2_the_card_handed_back_is_the_cheapest_and_a_new_rank_is_refused(name):
    """D§21.(四) "须向大落、二落返还同等数量的牌 … 若进贡一方没有与还贡牌点数相同的牌，可拒绝此张
    还贡牌": a lone low card goes back (not money, not a card of a group), a card that would be
    one more set to play is refused."""
    assert _choice(name, "2 K K 7 5 5", "dagang-return 2", "dagang-return K", "dagang-return 7",
                   "dagang-return 5", variant="dagang-plain") == "dagang-return 7"
    assert _choice(name, "K K", "dagang-return-answer accept", "dagang-return-answer refuse",
                   variant="dagang-plain") == "dagang-return-answer refuse"


@pytest.mark.rule("TRIB-4")
@pytest.mark.parametrize("name", PLAYERS)
def test_TRIB_4_a_teammate_s_tribute_is_waived(name):
    """D§21.(五) "进贡在联邦中进行时，可自行商定是否进贡": waived, the cards stay with the
    teammate who needs them."""
    assert _choice(name, "K K", "dagang-team-tribute take", "dagang-team-tribute waive",
                   variant="dagang-plain") == "dagang-team-tribute waive"


class _HouseChoice(Action):
    def __init__(self, keyword: str) -> None:
        self.keyword = keyword


def test_a_house_phase_the_bots_do_not_know_gets_its_first_choice_every_time():
    first, second = _HouseChoice("house-left"), _HouseChoice("house-right")
    register_word_action(first)
    register_word_action(second)
    observation, variant = _seen("K K", "house-left", "house-right")
    assert phase_choice(observation, variant) is first
    for name in PLAYERS:
        assert all(make_bot(name, seed).choose(observation, variant) is first for seed in range(5))
