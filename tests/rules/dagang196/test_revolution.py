"""OPEN-5 (革命, 要头/无头, void games), END-1 (革命者 as 四科/三科) and END-5 (四户乱缠), C§5."""

import pytest

import gouji
from gouji.rules.dagang196.places import club_finish_order, is_void, revolutionaries
from gouji.rules.dagang196.revolution import RevolutionPhase
from gouji.rules.dagang196.tribute import tribute_owed


def skip_declines(game):
    """Seats that may not revolt are asked too, with only the decline (OPEN-5: being asked
    tells nothing of a hand): they decline, so that a test reads the entitled seats' choices."""
    while not game.is_over and [a.to_text() for a in game.legal_actions()] == ["club-no-revolution"]:
        game.apply(gouji.parse_action("club-no-revolution"))
    return game


def decide(game, *texts):
    """Apply actions given as record text, every seat that may not revolt declining between."""
    for text in texts:
        skip_declines(game)
        game.apply(gouji.parse_action(text))
        skip_declines(game)


@pytest.fixture
def act():
    return decide


NO_MONEY = {0: "5 6 A", 1: "2 7", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}


def _revolution(variant, with_phases, hands=NO_MONEY, leader=0):
    return skip_declines(with_phases(variant.new_position(hands, leader), RevolutionPhase()))


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_a_hand_without_jokers_and_2s_may_revolt_C5(plain, with_phases, legal):
    # C 革命: "如果大花、小花、钱均没有时,可声明革命,即弃牌不在参与此局得够级活动"
    game = _revolution(plain, with_phases)
    assert game.current_player == 0 and legal(game) == ["club-no-revolution", "club-revolution"]
    decide(game, "club-revolution")
    assert revolutionaries(game) == [0] and not game.playing[0]
    assert game.places[3] == 0  # "革命者通常视为四科"
    # "革命后,对头可宣布要头或无头"
    assert game.current_player == 3 and legal(game) == ["club-keep-head", "club-no-head"]


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_an_entitled_player_may_play_on_C5(plain, with_phases):
    # "符合革命条件者有权不革命"
    game = _revolution(plain, with_phases)
    decide(game, "club-no-revolution")
    assert not revolutionaries(game) and game.table is None and game.current_player == 0
    assert all(game.playing)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_a_hand_with_a_2_or_a_joker_may_not_revolt(plain, with_phases):
    hands = {0: "2 6 A", 1: "2 7", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = _revolution(plain, with_phases, hands)
    assert not game.phases and game.current_player == 0  # nobody entitled: no decision


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_two_revolutions_void_the_game_C5(plain, with_phases, legal):
    # "如同时出现2个(含2个)以上革命者,则该局作废"
    hands = {0: "5 6 A", 1: "7 K", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = _revolution(plain, with_phases, hands)
    decide(game, "club-revolution")
    assert game.current_player == 1 and game.playing[0]  # decided together, at the end
    decide(game, "club-revolution")
    assert game.is_over and is_void(game)
    assert tribute_owed(game) == []


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_keep_head_the_opposite_still_exists_C5(plain, with_phases, act, legal):
    # "如果要头，相当于对门还存在": seat 3's gouji sets can only be burned, and he burns to
    # answer others' gouji sets.
    hands = {0: "5 6 A", 1: "2 2 7", 2: "小王 8", 3: "大王 A A 9 4", 4: "2 10", 5: "2 K K"}
    game = _revolution(plain, with_phases, hands, leader=3)
    act(game, "club-revolution", "club-keep-head")
    assert game.has_head(3) and not game.is_headless(3)
    act(game, "play A A")
    assert 0 not in game.queue and game.queue[-1] != 0
    assert game.current_player == 1 and legal(game) == ["burn 2 2", "pass"]  # 1 is no opposite
    act(game, "pass")
    assert game.table is None and game.current_player == 3  # nobody burned: he leads
    # He answers another's gouji set only by burning it.
    hands = {0: "5 6 A", 1: "2 2 7", 2: "小王 8", 3: "大王 大王 9", 4: "2 10", 5: "2 K K"}
    game = _revolution(plain, with_phases, hands, leader=1)
    act(game, "club-revolution", "club-keep-head", "play 2 2")
    assert game.current_player == 3 and legal(game) == ["burn BJ BJ", "pass"]


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_no_head_anyone_covers_him_and_he_covers_anyone_C5(plain, with_phases, act, legal):
    # "如果宣布无头…此时玩家出得牌任何玩家都可以接，宣布无头得玩家也可以任意接其她玩家得牌"
    hands = {0: "5 6 A", 1: "2 2 7", 2: "小王 8", 3: "大王 A A 9 4", 4: "2 10", 5: "2 K K"}
    game = _revolution(plain, with_phases, hands, leader=3)
    act(game, "club-revolution", "club-no-head")
    assert game.is_headless(3)
    act(game, "play A A")
    assert game.current_player == 1 and legal(game) == ["play 2 2", "pass"]  # a cover, not a burn
    hands = {0: "5 6 A", 1: "2 2 7", 2: "小王 8", 3: "大王 大王 9", 4: "2 10", 5: "2 K K"}
    game = _revolution(plain, with_phases, hands, leader=1)
    act(game, "club-revolution", "club-no-head", "play 2 2")
    assert game.current_player == 3 and legal(game) == ["play BJ BJ", "pass"]


@pytest.mark.rule("END-5")
def test_END_5_a_revolution_and_tou_ke_start_the_melee_C5(plain, with_phases, act):
    # C 四户乱缠: "如果有人革命,接着打牌中产生了头科,则剩下四人为四户乱缠"
    hands = {0: "5 6 A", 1: "2 2", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    for choice in ("club-keep-head", "club-no-head"):
        game = _revolution(plain, with_phases, hands, leader=1)
        act(game, "club-revolution", choice)
        assert not game.melee
        act(game, "play 2 2")  # seat 1 goes out: 头科
        assert game.finish_order == [1] and game.melee


@pytest.mark.rule("END-1")
def test_END_1_a_revolutionary_counts_as_san_ke_when_his_teammates_take_1_and_2_C5(plain, with_phases, act,
                                                                                    finish):
    # "(但如果自己联邦成为头科与二科,则算做三科,即串三户)"
    hands = {0: "5 6 A", 2: "2 2", 4: "小王", 1: "2 7", 3: "2 9 10", 5: "2 J"}
    game = _revolution(plain, with_phases, hands, leader=2)
    act(game, "club-revolution", "club-no-head", "play 2 2")   # seat 2: 头科
    finish(game, "play 9", "play SJ")                         # seat 4: 二科
    assert game.finish_order[:2] == [2, 4] and game.finish_order[3] == 0  # the engine keeps 四科
    order = club_finish_order(game)
    assert order[:3] == [2, 4, 0]
    assert game.score().sweep
    owed = tribute_owed(game)
    assert {(o.giver, o.receiver) for o in owed} == {(5, 2), (1, 4), (3, 0)}
    assert all(o.kind == "串三户贡" for o in owed)


@pytest.mark.rule("END-1")
def test_END_1_a_revolution_does_not_stop_the_other_team_sweeping_C5(plain, with_phases, act, finish):
    # "不影响对方串三户"
    hands = {0: "5 6 A", 1: "2 2", 2: "2 7 8", 3: "小王", 4: "2 9 9 10", 5: "2 K"}
    game = _revolution(plain, with_phases, hands, leader=1)
    act(game, "club-revolution", "club-no-head", "play 2 2", "play 7", "play SJ", "play 9 9", "play 2 K")
    finish(game)
    order = club_finish_order(game)
    assert order[:4] == [1, 3, 5, 0] and game.score().sweep
    assert {(o.giver, o.receiver) for o in tribute_owed(game)} == {(4, 1), (0, 3), (2, 5)}
