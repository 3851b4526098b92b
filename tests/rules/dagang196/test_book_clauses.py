"""Fresh-eyes review of the engine against book C (《山东够级大纲》 as one club plays it,
shared/seeds/003_77972b3812d0e898.txt), variant ``dagang196``.

Every expectation here is derived from the book's words, not from the engine's own tests. In the
seed "就就是" / "得" are OCR noise for "就是" / "的"; the quotes below keep the book's text
(full-width digits and letters written in ASCII).
Positions without 3s use the club's play with 憋3 off (``PLAIN``); 憋3 cases use ``CLUB``.
"""

from __future__ import annotations

from collections import Counter

import pytest

import gouji
from gouji.engine.cards import FOUR, THREE
from gouji.errors import IllegalActionError
from gouji.rules.dagang196.burning import successful_burns
from gouji.rules.dagang196.hold_three import BuyThreePhase, smother_tribute_owed, smothers
from gouji.rules.dagang196.places import club_finish_order, is_void, revolutionaries
from gouji.rules.dagang196.points import DeclarePhase, declared_seats, opened_seats, point_tribute_owed
from gouji.rules.dagang196.revolution import RevolutionPhase
from gouji.rules.dagang196.tribute import loser_tribute_owed, owed_in, tribute_owed

CLUB = gouji.load_variant("dagang196")
PLAIN = CLUB.with_options(hold_three=False)
#: only 落贡 and 串三户 (for finish-order tribute cases)
BARE = CLUB.with_options(hold_three=False, revolution=False, point_tribute=False, burn_tribute=False)


def legal(game: gouji.Game) -> list[str]:
    return [a.to_text() for a in game.legal_actions()]


def act(game: gouji.Game, *texts: str) -> None:
    for text in texts:
        skip_declines(game)
        game.apply(gouji.parse_action(text))
        skip_declines(game)


def skip_declines(game: gouji.Game) -> gouji.Game:
    """OPEN-5: seats that may not revolt are asked too, with only the decline; they decline
    here, so that a test reads the entitled seats' choices."""
    while not game.is_over and legal(game) in [["club-no-revolution"]]:
        game.apply(gouji.parse_action(legal(game)[0]))
    return game


def plays(game: gouji.Game) -> list[str]:
    return [a for a in legal(game) if a.startswith(("play", "burn"))]


def finish(game: gouji.Game, *texts: str) -> gouji.Game:
    """Apply the actions, then play the game out taking the first legal action."""
    act(game, *texts)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


def with_phases(game: gouji.Game, *phases: object) -> gouji.Game:
    """Put the club's pre-play phases before the first lead of a set position, as a deal does
    (the same helper as tests/rules/dagang196/conftest.py)."""
    game.phases = list(phases)  # type: ignore[arg-type]
    game._settle()
    return skip_declines(game)


def owed(game: gouji.Game, kind: str | None = None) -> list[tuple[int, int, int]]:
    return [(o.giver, o.receiver, o.count) for o in tribute_owed(game) if kind is None or o.kind == kind]


# == C§1 基本规则 =====================================================================================
@pytest.mark.rule("DECK-1")
def test_C1_ten_3s_and_ten_4s_removed_leave_196_cards():
    """C§1 "四幅牌,共216张牌 … 我们得玩法就就是去掉10个3与4(各剩余6个，每人一个),剩余196张牌"."""
    deck = CLUB.deck()
    ranks = Counter(card.rank for card in deck)
    assert len(deck) == 196 and ranks[THREE] == 6 and ranks[FOUR] == 6
    assert len(CLUB.with_options(removed_cards=[]).deck()) == 216


@pytest.mark.rule("DECK-1")
@pytest.mark.parametrize("seed", [0, 7, 21])
def test_C1_first_four_get_33_last_two_32_and_one_3_one_4_each(seed):
    """C§1 "前4个人为33张，后两个人为32张" and "(各剩余6个，每人一个)"."""
    game = CLUB.new_game(seed=seed)
    first = game.deal.first_drawer
    hands = game.deal.hands()
    assert [len(hands[(first + i) % 6]) for i in range(6)] == [33, 33, 33, 33, 32, 32]
    for hand in hands:
        ranks = Counter(card.rank for card in hand)
        assert ranks[THREE] == 1 and ranks[FOUR] == 1


@pytest.mark.rule("TABLE-1")
def test_C1_upper_lower_and_opposite_are_all_opponents():
    """C§1 "玩家自己对面得那个玩家，称为玩家得对家" and "每个玩家得上家,下家与对家都就就是对方联邦得玩家"."""
    table = CLUB.table
    for seat in range(6):
        assert table.opposite(seat) == (seat + 3) % 6
        team = table.team(seat)
        assert {table.team(table.seat_after(seat, 1)), table.team(table.seat_after(seat, 5)),
                table.team(table.opposite(seat))} == {1 - team}
        assert table.team((seat + 2) % 6) == team


# == C§2 牌型 ==========================================================================================
@pytest.mark.rule("PLAY-1")
def test_C2_a_single_card_and_a_set_of_one_rank_are_sets_ranks_never_mix():
    """C§2 "单张 任意单独得一张牌。一手牌 两张以上（含两张)点数相同得牌，如：33,55555"."""
    game = PLAIN.new_position({0: "5 5 5 5 5 9 8", 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"}, 0)
    options = plays(game)
    assert {"play 9", "play 8", "play 5 5", "play 5 5 5 5 5"} <= set(options)
    assert "play 8 9" not in options
    with pytest.raises(gouji.GoujiError):
        act(game, "play 8 9")
    assert game.hand_counts(0)[5] == 5  # a refusal changes nothing


@pytest.mark.rule("PLAY-2")
def test_C2_attached_2s_take_the_sets_rank_22333_is_five_3s():
    """C§2 贴钱: "2可以与其它得单张或一手牌一起出，2转换为对应点数得牌。例如:22333算作33333"."""
    game = PLAIN.new_position({0: "2 2 3 3 3 9", 1: "4 4 4 4 4 8", 2: "7", 3: "8", 4: "9", 5: "10"}, 0)
    act(game, "play 2 2 3 3 3")
    assert game.current_player == 1 and "play 4 4 4 4 4" in plays(game)


@pytest.mark.rule("PLAY-2")
def test_C2_266_counts_as_666():
    """C§2 "266算作666": covered by three 7s, not by three 6s."""
    game = PLAIN.new_position({0: "2 6 6 9", 1: "6 6 6 7 7 7", 2: "7", 3: "8", 4: "9", 5: "10"}, 0)
    act(game, "play 2 6 6")
    assert game.current_player == 1
    assert "play 7 7 7" in plays(game) and "play 6 6 6" not in plays(game)


@pytest.mark.rule("PLAY-3")
def test_C2_two_small_jokers_with_three_8s_is_a_joker_set_of_8s():
    """C§2 挂花: "2张小花＋3个八，算作2小花带3个八" — a set of five cards carrying jokers, not a set of
    jokers: three 8s more cannot carry it higher than 8s."""
    game = PLAIN.new_position({0: "小王 小王 8 8 8 5", 1: "4", 2: "4", 3: "大王 大王 9 9 9 7", 4: "4", 5: "4"}, 0)
    act(game, "play SJ SJ 8 8 8")
    assert PLAIN.is_gouji(gouji.parse_play("小王 小王 8 8 8"))
    assert game.current_player == 3 and "play BJ BJ 9 9 9" in plays(game)


@pytest.mark.rule("PLAY-3")
def test_C2_big_jokers_and_2s_with_9s_are_big_jokers_carrying_seven_9s():
    """C§2 "如2个大花+3个2+4个9，算做2个大花带7个9" — nine cards: 2s counted as 9s. C§3 "必须在两个方面都
    大过此牌": three big jokers carrying six 10s beat it; two big jokers carrying seven 10s do not (the
    joker part is equal, not bigger), nor three big jokers on 9s (the base is equal)."""
    game = PLAIN.new_position({0: "大王 大王 2 2 2 9 9 9 9 5", 1: "4", 2: "4",
                               3: "大王 大王 10 10 10 10 10 10 10 9 9 9 9 9 9 9 大王 大王", 4: "4", 5: "4"}, 0)
    act(game, "play BJ BJ 2 2 2 9 9 9 9")
    assert game.current_player == 3
    assert "play BJ BJ BJ 10 10 10 10 10 10" in plays(game)
    assert "play BJ BJ 10 10 10 10 10 10 10" not in plays(game)
    assert "play BJ BJ BJ 9 9 9 9 9 9" not in plays(game)


@pytest.mark.rule("PLAY-3")
def test_C2_big_jokers_with_2s_alone_are_big_jokers_carrying_2s():
    """C§2 "大花+2,算做大花带2，如2个大花+3个2,算2个大花带3个二" — a set of 2s: only a higher base
    (none but jokers) beats it; big jokers carrying aces do not."""
    game = PLAIN.new_position({0: "大王 大王 2 2 2 5", 1: "4", 2: "4", 3: "大王 大王 大王 A A 6", 4: "4", 5: "4"}, 0)
    act(game, "play BJ BJ 2 2 2")
    assert game.table is None or game.current_player != 3 or "play BJ BJ BJ A A" not in plays(game)


@pytest.mark.rule("PLAY-3")
def test_C2_a_big_and_a_small_joker_together_count_as_small_jokers():
    """C§2 "大花＋小花+2＋同点得牌,此时大花当做小花。如1大花+1小花＋2个2+4个五,当做2个小花带6个五" —
    two big jokers carrying six 6s beat it; two small jokers carrying six 6s do not (equal joker part)."""
    game = PLAIN.new_position({0: "大王 小王 2 2 5 5 5 5 9", 1: "4", 2: "4",
                               3: "大王 大王 6 6 6 6 6 6 小王 小王", 4: "4", 5: "4"}, 0)
    act(game, "play BJ SJ 2 2 5 5 5 5")
    assert game.current_player == 3
    assert "play BJ BJ 6 6 6 6 6 6" in plays(game)
    assert "play SJ SJ 6 6 6 6 6 6" not in plays(game)


@pytest.mark.rule("PLAY-3")
def test_C2_a_mixed_joker_pair_does_not_beat_two_big_jokers():
    """C§2 "此时大花当做小花": 大王 小王 carrying 6s is two small jokers, which is no bigger joker part
    than two big jokers carrying 5s."""
    game = PLAIN.new_position({0: "大王 大王 5 5 9", 1: "4", 2: "4", 3: "大王 小王 6 6 7", 4: "4", 5: "4"}, 0)
    act(game, "play BJ BJ 5 5")
    assert game.table is None or "play BJ SJ 6 6" not in plays(game)


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("cards", ["A A", "K K", "Q Q Q", "J J J J", "10 10 10 10 10", "2", "小王", "大王",
                                   "A A A", "K K K K", "Q Q Q Q", "J J J J J", "10 10 10 10 10 10"])
def test_C2_minimum_gouji_sets_and_bigger(cards):
    """C§2 够级牌: "2张A,2张K,3张Q,4张J，5张10为最低级别、最少数量得够级牌。张数或点数高于、等于这些牌得牌，
    均视作够级牌"."""
    assert PLAIN.is_gouji(gouji.parse_play(cards))


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("cards", ["A", "K", "Q Q", "J J J", "10 10 10 10", "9 9 9 9 9 9 9 9", "5 5 5 5 5 5"])
def test_C2_below_the_thresholds_no_gouji_set(cards):
    """C§2 够级牌: below "2张A,2张K,3张Q,4张J，5张10" no gouji set (9s and below never)."""
    assert not PLAIN.is_gouji(gouji.parse_play(cards))


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("cards", ["2 J J J", "2 2 10 10 10", "2 Q Q", "2 A", "2 K"])
def test_C2_sets_with_2s_attached_count_as_gouji_after_conversion(cards):
    """C§2 "贴钱得牌转换点数后如果符合条件,也算作够级牌"."""
    assert PLAIN.is_gouji(gouji.parse_play(cards))


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("cards", ["小王 5", "大王 9 9", "小王 小王 3"])
def test_C2_any_set_carrying_jokers_is_gouji(cards):
    """C§2 "当任何一手牌挂花时,也算作够级牌,不能开点"."""
    assert PLAIN.is_gouji(gouji.parse_play(cards))


@pytest.mark.rule("GOUJI-2")
def test_C2_a_joker_carrying_low_set_is_answered_by_the_opposite_only():
    """C§2 "当任何一手牌挂花时,也算作够级牌" with C§5 打够级牌 "只有对头可以上牌": 小王 5 5 from seat 0;
    seat 1 holds a cover but may only burn; seat 3 covers."""
    game = PLAIN.new_position({0: "小王 5 5 9", 1: "大王 6 6 8 8", 2: "4", 3: "大王 6 6 7", 4: "4", 5: "4"}, 0)
    act(game, "play SJ 5 5")
    assert "play BJ 6 6" not in legal(game)
    while game.current_player != 3:
        assert not [a for a in legal(game) if a.startswith("play")]
        act(game, "pass")
    assert "play BJ 6 6" in legal(game)


# == C§3 牌型得比较 ====================================================================================
@pytest.mark.rule("PLAY-4")
def test_C3_only_sets_of_as_many_cards_compare():
    """C§3 "同样张数得牌才允许比较大小,点数大得即大": three 8s are no cover for two 7s."""
    game = PLAIN.new_position({0: "7 7 5", 1: "8 8 8 6", 2: "4", 3: "4", 4: "4", 5: "4"}, 0)
    act(game, "play 7 7")
    assert "play 8 8 8" not in legal(game)


@pytest.mark.rule("PLAY-4")
def test_C3_equal_rank_never_covers():
    """C§3 "点数大得即大": the same rank is not bigger."""
    game = PLAIN.new_position({0: "7 7 5", 1: "7 7 6", 2: "4", 3: "4", 4: "4", 5: "4"}, 0)
    act(game, "play 7 7")
    assert game.current_player != 1 or "play 7 7" not in legal(game)


@pytest.mark.rule("DECK-2")
@pytest.mark.parametrize("low, high", [("3", "4"), ("4", "5"), ("9", "10"), ("10", "J"), ("J", "Q"),
                                       ("Q", "K"), ("K", "A"), ("A", "2"), ("2", "小王"), ("小王", "大王")])
def test_C3_rank_order(low, high):
    """C§3 "大花>小花>2>A>K>Q>J>10>9>8>7>6>5>4>3" (single cards, next in turn covers or, for a
    gouji single, the opposite)."""
    def text(card: str) -> str:
        return {"小王": "SJ", "大王": "BJ"}.get(card, card)

    game = PLAIN.new_position({0: f"{low} 9", 1: "4", 2: "4", 3: f"{high} {low} 5", 4: "4", 5: "4"}, 0)
    act(game, f"play {text(low)}")
    while game.current_player != 3:
        act(game, "pass")
    assert f"play {text(high)}" in legal(game)
    if low not in ("小王",):  # two small jokers are not in this hand; a same card never covers
        assert f"play {text(low)}" not in legal(game)


@pytest.mark.rule("PLAY-4")
def test_C3_two_2s_with_three_8s_are_five_8s_beaten_by_five_9s():
    """C§3 "如2个钱＋3个八,相当于5个八,与5个九比较大小，5个九要大"."""
    game = PLAIN.new_position({0: "2 2 8 8 8 5", 1: "9 9 9 9 9 6", 2: "4", 3: "4", 4: "4", 5: "4"}, 0)
    act(game, "play 2 2 8 8 8")
    assert game.current_player == 1 and "play 9 9 9 9 9" in legal(game)


@pytest.mark.rule("PLAY-6")
@pytest.mark.parametrize("cover, beats", [
    ("BJ BJ 9 9 9", True),     # "用2个大花带3个9大过"
    ("SJ SJ SJ 9 9", True),    # "(也可以用3个花带2个9大过)"
    ("BJ BJ BJ 9 9", True),
    ("SJ SJ 9 9 9", False),    # the joker part is not bigger
    ("BJ BJ 8 8 8", False),    # the base is not bigger
    ("BJ BJ BJ 7 7", False),   # the base is lower
])
def test_C3_a_joker_set_is_beaten_only_on_both_counts(cover, beats):
    """C§3 挂花得大小比较: "如2个小花+3个8,算作2个小花带3个8，则如果要大过此牌，必须在两个方面都大过此牌,
    例如用2个大花带3个9大过(也可以用3个花带2个9大过)"."""
    hand3 = cover.replace("SJ", "小王").replace("BJ", "大王") + " 6"
    game = PLAIN.new_position({0: "小王 小王 8 8 8 5", 1: "4", 2: "4", 3: hand3, 4: "4", 5: "4"}, 0)
    act(game, "play SJ SJ 8 8 8")
    assert (game.current_player == 3 and f"play {cover}" in legal(game)) is beats


# == C§4 进贡 ==========================================================================================
@pytest.mark.rule("TRIB-9")
def test_C4_the_first_game_of_a_set_pays_no_tribute():
    """C§4 "进贡玩法需要连续得打5局,每局第一回合没有进贡" — a new game (the first of a set) starts
    with no tribute to pay."""
    game = CLUB.new_game(seed=4)
    assert owed_in(game.context) == []
    assert not any(e.kind == "tribute" for e in game.events)
    assert not any(a.startswith("club-tribute") for a in legal(game))


@pytest.mark.rule("SCORE-5")
def test_C4_a_set_is_five_games_and_the_second_pays_what_the_first_caused():
    """C§4 "进贡玩法需要连续得打5局" — five counted games, each later game paying its predecessor's
    tribute."""
    import random

    from gouji.rules.dagang196.tribute_set import TributeSet

    tribute_set, rng = TributeSet(CLUB, seed=8), random.Random(8)
    while True:
        game = tribute_set.game
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if tribute_set.is_over:
            break
        tribute_set.next_game()
    counted = tribute_set.counted
    assert len(counted) == 5
    assert owed_in(counted[1].context) == tribute_owed(counted[0])


@pytest.mark.rule("TRIB-5")
def test_C4_who_did_not_open_gives_his_opposite_one_point_tribute():
    """C§4 点贡: "游戏中没有开点得人,在进贡时要向对家进1张点贡" and "双方都不宣点得情况 … 自己开点对家没开，
    对家进1张点贡". Seat 0 opens with A A (seat 3 cannot answer); seat 3 never opens."""
    game = PLAIN.new_position({0: "A A 5", 1: "6 6", 2: "7 7", 3: "K 8", 4: "9 9", 5: "10 10"}, 0)
    act(game, "play A A")
    assert opened_seats(game).keys() == {0}
    finish(game)
    points = [(o.giver, o.receiver, o.count) for o in point_tribute_owed(game)]
    assert (3, 0, 1) in points and not [p for p in points if p[0] == 0]


@pytest.mark.rule("TRIB-5")
def test_C4_neither_opened_each_gives_one_swap_and_the_option_turns_it_off():
    """C§4 "对家之间都没开点，也要互相进点贡——(我们称为换点,可以商议都进或都不进贡)" and "自己没开点对家也没开,
    互进1张点贡"."""
    hands = {0: "5", 1: "6 6", 2: "7 7 7", 3: "8 8 8 8", 4: "9 9 9 9 9", 5: "10"}
    game = finish(PLAIN.new_position(hands, 0))
    assert not opened_seats(game)
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game)}
    assert points == {(0, 3, 1), (3, 0, 1), (1, 4, 1), (4, 1, 1), (2, 5, 1), (5, 2, 1)}
    off = finish(PLAIN.with_options(point_swap=False).new_position(hands, 0))
    assert point_tribute_owed(off) == []


@pytest.mark.rule("TRIB-6")
def test_C4_declaring_is_made_before_play_and_the_both_declared_table_applies():
    """C§4 "宣点——就就就是某一把开始前，宣布对家开不了点"; "双方都宣点得情况: 自己开点对家没开,对家进4张点贡"."""
    game = PLAIN.new_position({0: "A A 5", 1: "6 6", 2: "7 7", 3: "K 8", 4: "9 9", 5: "10 10"}, 0)
    with_phases(game, DeclarePhase())
    assert game.current_player == 0 and set(legal(game)) == {"club-declare", "club-no-declare"}
    act(game, "club-declare", "club-no-declare", "club-no-declare", "club-declare",
        "club-no-declare", "club-no-declare")
    assert declared_seats(game) == [0, 3] and game.table is None and game.current_player == 0
    finish(game, "play A A")
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}}
    assert points == {(3, 0, 4)}


@pytest.mark.rule("TRIB-6")
def test_C4_one_side_declares_and_his_opposite_opens_he_gives_3():
    """C§4 "自己宣点对家不宣点得情况: … 自己没开点对家开,自己进3点贡" — a declaration that backfires."""
    game = PLAIN.new_position({0: "A A 5", 1: "6 6", 2: "7 7", 3: "K 8", 4: "9 9", 5: "10 10"}, 0)
    with_phases(game, DeclarePhase())
    act(game, "club-no-declare", "club-no-declare", "club-no-declare", "club-declare",
        "club-no-declare", "club-no-declare")
    finish(game, "play A A")
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}}
    assert points == {(3, 0, 3)}


@pytest.mark.rule("TRIB-6")
def test_C4_one_side_declares_and_neither_opens_he_gives_1_the_other_2():
    """C§4 "两家都没有开点,自己进1张点贡,对家进2张点贡"."""
    game = PLAIN.new_position({0: "5", 1: "6 6", 2: "7 7 7", 3: "8 8 8 8", 4: "9 9 9 9 9", 5: "10"}, 0)
    with_phases(game, DeclarePhase())
    act(game, "club-declare", "club-no-declare", "club-no-declare", "club-no-declare",
        "club-no-declare", "club-no-declare")
    finish(game)
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}}
    assert points == {(0, 3, 1), (3, 0, 2)}


@pytest.mark.rule("TRIB-5")
def test_C4_nobody_opens_once_two_players_are_out():
    """C§4 "我们得打法就就是6个人有2个人走了就不能再开点" — seats 2 and 5 out; seat 0's A A stands."""
    game = PLAIN.new_position({0: "A A 5", 1: "6 7", 3: "8", 4: "9 10"}, 0)
    act(game, "play A A")
    assert game.current_player == 0 and opened_seats(game) == {}


@pytest.mark.rule("TRIB-5")
def test_C4_with_one_player_out_opening_still_counts():
    """C§4 "6个人有2个人走了就不能再开点" — with only one out (seat 5) it still counts."""
    game = PLAIN.new_position({0: "A A 5", 1: "6 7", 2: "9 9", 3: "8", 4: "9 10"}, 0)
    act(game, "play A A")
    assert game.current_player == 0 and 0 in opened_seats(game)


@pytest.mark.rule("BURN-1")
def test_C4_burning_is_a_direct_beat_of_a_gouji_set_by_the_lower_or_upper_player():
    """C§4 烧贡: "自己上够级牌,被下家或上家直接打死 … 叫做烧牌" — seat 1 (下家) and seat 5 (上家) may burn
    seat 0's K K."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 6 6", 2: "4", 3: "4", 4: "4", 5: "A A 7 7"}, 0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)
    act(game, "pass")
    assert game.current_player == 5 and "burn A A" in legal(game)


@pytest.mark.rule("BURN-1")
def test_C4_a_teammate_may_burn_when_needed():
    """C§4 烧贡: "(通常就就是对方打,有必要时同伙也可以)" — seat 2, seat 0's teammate, is offered the burn."""
    game = PLAIN.new_position({0: "K K 5", 1: "4", 2: "A A 6 6", 3: "4", 4: "4", 5: "4"}, 0)
    act(game, "play K K")
    assert game.current_player == 2 and "burn A A" in legal(game)


@pytest.mark.rule("BURN-1")
def test_C4_after_burning_every_set_carries_a_joker():
    """C§4 "烧牌后,烧牌得一方需要接下来得每一步都带花走人" (C§5: "但最后一次发牌可除外") — seat 1 burns
    and leads: plain 9s or 10s alone are refused while two sets remain."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 小王 9 9 10", 2: "4", 3: "4", 4: "4", 5: "4"}, 0)
    act(game, "play K K", "burn A A")
    assert game.current_player == 1 and game.table is None
    options = plays(game)
    assert "play 9 9" not in options and "play 10" not in options
    assert "play SJ 9 9" in options and "play SJ 10" in options
    with pytest.raises(gouji.GoujiError):
        act(game, "play 9 9")


@pytest.mark.rule("BURN-3")
def test_C4_book_example_kkk_burned_by_aaa_broken_by_the_teammates_222_no_burn_tribute():
    """C§4 烧贡: "如果烧牌时再被打，比如我出kkk,被下家AAA烧牌,我得同伙(也就就就是下家得对门)可以解烧（222),
    这时视为烧牌失败,不进烧贡"."""
    game = PLAIN.new_position({0: "K K K 5", 1: "A A A 小王 9", 2: "4", 3: "4", 4: "2 2 2 8", 5: "6"}, 0)
    act(game, "play K K K")
    while game.current_player != 1:
        act(game, "pass")  # seat 0's teammates do not burn their own
    act(game, "burn A A A")
    assert game.current_player == 4 and "play 2 2 2" in legal(game)
    act(game, "play 2 2 2")
    assert not game.is_burner(1)
    finish(game)
    assert successful_burns(game) == [] and owed(game, "烧贡") == []

    # 解烧 is no 烧失败 of C§5 ("没有按上面得要求出牌 … 算大落"): the burner plays on.
    game = PLAIN.new_position({0: "K K K 5", 1: "A A A 小王 9", 2: "4", 3: "4", 4: "2 2 2 8", 5: "6"}, 0)
    act(game, "play K K K", "pass", "burn A A A", "play 2 2 2")
    assert game.playing[1] and game.places[5] is None


@pytest.mark.rule("BURN-3")
def test_C4_a_burner_covered_while_playing_out_with_jokers_also_fails():
    """C§4 "在就就就是烧牌了，但在接下来得带花出牌时被打,同样视为烧牌失败" — seat 4 lets A A stand, then
    covers seat 1's 小王 9 9 with 大王 10 10: no burn tribute."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 小王 9 9 6", 2: "4", 3: "4", 4: "大王 10 10 8", 5: "4"}, 0)
    act(game, "play K K")
    while game.current_player != 1:
        act(game, "pass")
    act(game, "burn A A")  # seat 4 cannot cover A A: the burn stands and seat 1 leads
    assert game.current_player == 1
    act(game, "play SJ 9 9")
    assert game.current_player == 4 and "play BJ 10 10" in legal(game)
    act(game, "play BJ 10 10")
    finish(game)
    assert successful_burns(game) == [] and owed(game, "烧贡") == []


@pytest.mark.rule("BURN-3")
def test_C4_burns_can_be_mutual_a_burn_set_is_itself_burned():
    """C§4 "当然,烧牌也可以出现互相烧牌得情况" and C§5 "如果中间对头压牌或其她人烧此烧牌者,则算解烧" — seat 1
    burns seat 0's K K; seat 0 burns seat 1's A A back with 2 2 (he is not seat 1's opposite);
    seat 1's burn is broken."""
    game = PLAIN.new_position({0: "K K 2 2 5", 1: "A A 小王 9", 2: "4", 3: "4", 4: "4", 5: "4"}, 0)
    act(game, "play K K", "burn A A")
    while game.current_player != 0:
        act(game, "pass")
    assert "burn 2 2" in legal(game)
    act(game, "burn 2 2")
    assert not game.is_burner(1) and game.is_burner(0)


@pytest.mark.rule("TRIB-7")
def test_C4_a_successful_burn_earns_one_card_from_the_burned_player():
    """C§4 "在烧牌成功后，在进贡时被烧者要向烧牌者进1张烧贡"."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 小王 9 9", 2: "6 6", 3: "7 7", 4: "8 8", 5: "8 10"}, 0)
    finish(game, "play K K", "burn A A", "play SJ 9 9")
    assert successful_burns(game) == [(1, 0)]
    assert owed(game, "烧贡") == [(0, 1, 1)]


@pytest.mark.rule("TRIB-7")
def test_C4_burning_is_not_offered_once_two_players_are_out():
    """C§4 烧贡: "(前提就就是还能开点——没有出现两个人已走得情况)" with C 四户乱缠: with four left there
    is no burning; a non-opposite may simply cover a gouji set."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 6", 3: "4 4", 4: "7 7"}, 0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" not in legal(game) and "play A A" in legal(game)
    act(game, "play A A")
    assert not game.is_burner(1)


@pytest.mark.rule("END-8")
def test_C4_smothered_the_set_before_the_3s_is_covered_one_smother_tribute():
    """C§4 闷贡: "憋三打法时,最后走3之前得一手牌被人打死,称为被闷(被憋3)。在进贡时要进1张闷贡"."""
    game = CLUB.new_position({0: "8 3", 1: "9 3 5", 2: "3 5", 3: "3 5", 4: "3 5", 5: "3 5"}, 0)
    act(game, "play 8", "play 9")
    finish(game)
    assert (0, 1) in smothers(game)
    assert [(o.giver, o.receiver, o.count) for o in smother_tribute_owed(game) if o.giver == 0] == [(0, 1, 1)]


@pytest.mark.rule("END-8")
def test_C4_no_smother_between_opposites():
    """C§4 闷贡: "(… 我们得打法就就是对家无闷)" — seat 3 covers seat 0's last set before his 3."""
    game = CLUB.new_position({0: "8 3", 1: "3 5", 2: "3 5", 3: "9 3 5", 4: "3 5", 5: "3 5"}, 0)
    act(game, "play 8")
    assert game.current_player == 3
    act(game, "play 9")
    finish(game)
    assert not [o for o in smother_tribute_owed(game) if o.giver == 0]


@pytest.mark.rule("TRIB-1")
def test_C4_da_luo_gives_tou_ke_two_er_luo_gives_er_ke_one_san_ke_si_ke_nothing():
    """C§4 落贡: "大落向头科进2张落贡，二落向二科进1张落贡。三科、四科不吃贡也不进贡"."""
    game = finish(BARE.new_position({0: "5", 1: "6 6", 2: "7 7 7", 3: "8 8 8 8", 4: "9 9 9 9 9", 5: "10"}, 0))
    order = game.finish_order
    result = owed(game, "落贡")
    assert result == [(order[5], order[0], 2), (order[4], order[1], 1)]
    assert not {order[2], order[3]} & {s for pair in result for s in pair[:2]}


@pytest.mark.rule("TRIB-1")
def test_C4_loser_tribute_from_a_finish_order():
    """C§4 落贡 on a finish order [2, 5, 0, 1, 3, 4]: 4 → 2 two cards, 3 → 5 one card."""
    assert [(o.giver, o.receiver, o.count) for o in loser_tribute_owed([2, 5, 0, 1, 3, 4])] == [(4, 2, 2), (3, 5, 1)]


# == C§5 其她规则 ======================================================================================
@pytest.mark.rule("TRIB-5")
def test_C5_a_gouji_set_nobody_takes_that_wins_the_lead_opens():
    """C§5 开点: "如果一方打出得够级牌,无人接牌,使得自己获得出牌权，则该玩家开点,反之不开点"."""
    game = PLAIN.new_position({0: "Q Q Q 5", 1: "K K 6", 2: "4", 3: "J 7", 4: "4", 5: "4"}, 0)
    act(game, "play Q Q Q")
    assert game.current_player == 0 and game.table is None
    assert 0 in opened_seats(game) and 0 in game.opened


@pytest.mark.rule("TRIB-5")
def test_C5_a_gouji_set_the_opposite_takes_does_not_open():
    """C§5 开点: "… 反之不开点" — seat 3 covers seat 0's Q Q Q; seat 0 has not opened."""
    game = PLAIN.new_position({0: "Q Q Q 5", 1: "4", 2: "4", 3: "K K K 7", 4: "4", 5: "4"}, 0)
    act(game, "play Q Q Q", "play K K K")
    assert 0 not in opened_seats(game)


@pytest.mark.rule("TRIB-5")
@pytest.mark.parametrize("lead, hand", [("SJ", "小王 5"), ("BJ BJ", "大王 大王 5"), ("SJ K K", "小王 K K 5"),
                                        ("2", "2 5")])
def test_C5_jokers_joker_sets_and_a_single_2_never_open(lead, hand):
    """C§5 "特殊：以下牌型得够级牌不开点: 任意张大花,小花或者挂花得牌；单张得2"."""
    game = PLAIN.new_position({0: hand, 1: "4", 2: "4", 3: "6", 4: "4", 5: "4"}, 0)
    act(game, f"play {lead}")
    assert game.current_player == 0 and game.table is None
    assert opened_seats(game) == {}


@pytest.mark.rule("TRIB-5")
def test_C5_two_2s_are_not_a_single_2_and_open():
    """C§5 "单张得2" is the only 2 set excepted: 2 2 that stands opens."""
    game = PLAIN.new_position({0: "2 2 5", 1: "4", 2: "4", 3: "6", 4: "4", 5: "4"}, 0)
    act(game, "play 2 2")
    assert 0 in opened_seats(game)


@pytest.mark.rule("ROUND-3")
def test_C5_everyone_passes_a_new_round_led_by_the_last_player():
    """C§5 发牌: "如果一人出牌后,所有人都过牌 … 则将产生新得一轮。新得一轮里由上一轮最后一个出牌得人出牌"."""
    game = PLAIN.new_position({0: "9 5", 1: "6 6", 2: "6 6", 3: "7 7", 4: "6 6", 5: "6 6"}, 0)
    act(game, "play 9")
    while game.table is not None:
        act(game, legal(game)[-1])  # pass / close
    assert game.current_player == 0


@pytest.mark.rule("GOUJI-2")
def test_C5_a_gouji_set_the_opposite_declines_and_nobody_burns_starts_a_new_round():
    """C§5 发牌: "或出够级牌后,对头不要,并且没有人烧牌,则将产生新得一轮" — the gouji player leads it."""
    game = PLAIN.new_position({0: "A A 5", 1: "4", 2: "4", 3: "2 2 7", 4: "4", 5: "4"}, 0)
    act(game, "play A A")
    assert game.current_player == 3 and "play 2 2" in legal(game)
    act(game, "close")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("ROUND-1")
def test_C5_before_the_melee_the_lower_player_follows_first():
    """C§5 上牌: "在四人乱缠前，除非就就是出现够级牌，总就就是由逆时针下家对前面出得牌上牌" — seat 1 answers
    seat 0's non-gouji 9 first; then seat 2."""
    game = PLAIN.new_position({0: "9 5", 1: "10 6", 2: "J 6", 3: "4 4", 4: "4 4", 5: "4 4"}, 0)
    act(game, "play 9")
    assert game.current_player == 1 and "play 10" in legal(game)
    act(game, "pass")
    assert game.current_player == 2 and "play J" in legal(game)


@pytest.mark.rule("END-5")
def test_C5_in_the_melee_the_lower_player_still_decides_first_even_on_gouji_sets():
    """C§5 上牌: "如果进入四人乱缠,不管就就是否出现够级牌,都就就是按逆时针顺序由下家决定就就是否上牌" — four left
    (seats 2 and 5 out): seat 1, seat 0's lower player and no opposite, covers A A."""
    game = PLAIN.new_position({0: "A A 5", 1: "2 2 6", 3: "2 2 7", 4: "8 8"}, 0)
    assert game.melee
    act(game, "play A A")
    assert game.current_player == 1 and "play 2 2" in legal(game) and "burn 2 2" not in legal(game)


@pytest.mark.rule("ROUND-2")
def test_C5_after_passing_no_more_play_in_the_round_on_a_non_opposites_set():
    """C§5 过牌: "在四人乱缠前,如果过牌后,如果不就就是对头得牌,就就是不允许再上牌" — seat 1 passes on seat 0's 5;
    seat 2 covers with 6 (not seat 1's opposite); seat 1 may not answer it with his 8."""
    game = PLAIN.new_position({0: "5 4", 1: "8 7", 2: "6 4", 3: "4 4", 4: "4 4", 5: "4 4"}, 0)
    act(game, "play 5", "pass", "play 6")
    assert game.current_player != 1 and 1 not in game.queue


@pytest.mark.rule("ROUND-2")
def test_C5_after_passing_the_opposites_set_may_still_be_answered():
    """C§5 过牌: "如果不就就是对头得牌,就就是不允许再上牌" — the opposite's set is excepted: seat 1 passed,
    seat 4 (his opposite) covers, and seat 1 may play on seat 4's 7."""
    game = PLAIN.new_position({0: "5 4", 1: "9 3", 2: "6 4", 3: "4 4", 4: "7 4", 5: "4 4"}, 0)
    act(game, "play 5", "pass", "play 6", "play 7")
    while game.current_player not in (1, None) and game.table is not None and game.current_player != 4:
        act(game, "pass")
    assert game.current_player == 1 and "play 9" in legal(game)


@pytest.mark.rule("ROUND-2")
def test_C5_after_passing_he_may_answer_his_opposites_gouji_set():
    """C§5 过牌 with 打够级牌 "只有对头可以上牌": seat 1 passed on a 5; his opposite seat 4 then plays
    a single 2 (a gouji set); seat 1 is the one who answers it."""
    game = PLAIN.new_position({0: "5 4", 1: "小王 7", 2: "4 4", 3: "4 4", 4: "2 6", 5: "4 4"}, 0)
    act(game, "play 5", "pass")
    assert game.current_player == 4
    act(game, "play 2")
    while game.current_player != 1 and game.table is not None:
        act(game, "pass")
    assert game.current_player == 1 and "play SJ" in legal(game)


@pytest.mark.rule("ROUND-4")
def test_C5_yield_on_the_opposites_set_the_lower_two_go_first_then_the_holder_decides():
    """C§5 让牌: "持牌人对上两家过牌得对头牌，即不想过牌,又不原意立即上牌时，可声明让牌,即让下两家先上牌,
    如下家均声明过牌,再由持牌人确定上牌或过牌" — seat 0 leads 5, seats 1 and 2 pass, seat 3 yields; 4
    and 5 pass; seat 3 decides."""
    game = PLAIN.new_position({0: "5 4", 1: "8 4", 2: "8 4", 3: "9 4", 4: "6 4", 5: "7 4"}, 0)
    act(game, "play 5", "pass", "pass")
    assert game.current_player == 3 and "yield" in legal(game)
    act(game, "yield")
    assert game.current_player == 4 and "play 6" in legal(game)
    act(game, "pass", "pass")
    assert game.current_player == 3 and "play 9" in legal(game)


@pytest.mark.rule("ROUND-4")
def test_C5_no_yield_on_a_set_that_is_not_the_opposites():
    """C§5 让牌: "持牌人对上两家过牌得对头牌" — only the opposite's set can be yielded; seat 2's 6 is
    not seat 4's opposite's (seat 1)."""
    game = PLAIN.new_position({0: "5 4", 1: "8 4", 2: "6 4", 3: "4 4", 4: "9 4", 5: "7 4"}, 0)
    act(game, "play 5", "pass", "play 6")
    assert game.current_player == 4 and "yield" not in legal(game)


@pytest.mark.rule("ROUND-4")
def test_C5_only_the_opposite_answers_a_set_played_on_a_yield():
    """C§5 让牌: "如下家均声明过牌,再由持牌人确定上牌或过牌" — after seats 4 and 5 passed on the yield,
    seat 3 plays 9; seat 4 holds a 10 but passed (not his opposite's set): seat 0 answers."""
    game = PLAIN.new_position({0: "5 J", 1: "8 4", 2: "8 4", 3: "9 4", 4: "6 10", 5: "7 4"}, 0)
    act(game, "play 5", "pass", "pass", "yield", "pass", "pass", "play 9")
    assert game.current_player == 0 and "play J" in legal(game)


@pytest.mark.rule("GOUJI-2")
def test_C5_before_the_melee_only_the_opposite_answers_a_gouji_set_except_burns():
    """C§5 打够级牌: "在四人乱缠(即剩下少于等于四人在打牌)前,一旦有人出了够级牌,则除了烧牌外,只有对头可以上牌"."""
    game = PLAIN.new_position({0: "Q Q Q 5", 1: "K K K 6", 2: "4", 3: "A A A 7", 4: "4", 5: "4"}, 0)
    act(game, "play Q Q Q")
    # seat 1 may not simply cover; K K K leaves him 6, one set, so he may burn
    assert game.current_player == 1 and legal(game) == ["burn K K K", "pass"]
    with pytest.raises(gouji.IllegalActionError):
        act(game, "play K K K")


@pytest.mark.rule("GOUJI-2")
def test_C5_five_players_left_is_not_yet_the_melee():
    """C§5 打够级牌: "四人乱缠(即剩下少于等于四人在打牌)" — with five left a gouji set is still the
    opposite's to answer."""
    game = PLAIN.new_position({0: "Q Q Q 5", 1: "K K K 6 7", 2: "4", 3: "A A A 7", 4: "4"}, 0)
    assert not game.melee
    act(game, "play Q Q Q")
    assert "play K K K" not in legal(game)


@pytest.mark.rule("BURN-1")
def test_C5_a_burn_needs_jokers_for_the_later_sets_or_one_set_left():
    """C§5 烧牌: "首先用能盖住所发够级牌得牌将其灭掉,然后每次所发牌中必须挂至少一个小花或大花，但最后一次发牌
    可除外，或者灭掉所发够级牌后,手中所剩牌为同一点数得牌(即只剩一手牌)"."""
    def offered(hand1: str) -> bool:
        game = PLAIN.new_position({0: "K K 5", 1: hand1, 2: "4", 3: "4", 4: "4", 5: "4"}, 0)
        act(game, "play K K")
        while game.current_player != 1 and game.table is not None:
            act(game, "pass")
        return game.current_player == 1 and game.table is not None and "burn A A" in legal(game)

    assert offered("A A 7 7 7")               # one set left
    assert offered("A A 2 7 7")               # 2 7 7: still one set (2s join)
    assert offered("A A 小王 6 7")             # 小王 6, then 7 last
    assert offered("A A 小王 小王 6 7 8")       # 小王 6, 小王 7, 8 last
    assert not offered("A A 6 7")             # two sets, no joker
    assert not offered("A A 小王 6 7 8")        # three sets, one joker


@pytest.mark.rule("BURN-2")
def test_C5_team_priority_the_gouji_players_team_burns_first():
    """C§5 烧牌: "如声明烧牌者有2人以上,且分属不同得一方则发够级牌者得联邦可先于其她人烧牌" — seat 1 (lower,
    other team) and seat 4 (seat 0's teammate) could burn; seat 4 is asked first."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 6", 2: "4", 3: "4", 4: "A A 8", 5: "4"}, 0)
    act(game, "play K K")
    assert game.current_player == 4 and "burn A A" in legal(game)
    act(game, "burn A A")
    assert game.is_burner(4) and not game.is_burner(1)


@pytest.mark.rule("BURN-2")
def test_C5_burners_of_one_team_go_in_playing_order():
    """C§5 烧牌: "若烧牌者均为一方,则按发牌顺序进行" — seats 1 and 5 (both the other team) could burn
    seat 0's K K; seat 1 plays first after seat 0."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 6", 2: "4", 3: "4", 4: "4", 5: "A A 8"}, 0)
    act(game, "play K K")
    assert game.current_player == 1
    act(game, "burn A A")
    assert game.is_burner(1)


@pytest.mark.rule("BURN-3")
def test_C5_the_burners_opposite_covering_breaks_the_burn():
    """C§5 烧牌: "如果中间对头压牌或其她人烧此烧牌者,则算解烧"."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 小王 9", 2: "4", 3: "4", 4: "2 2 8", 5: "4"}, 0)
    act(game, "play K K")
    while game.current_player != 1:
        act(game, "pass")
    act(game, "burn A A")
    assert game.current_player == 4 and "play 2 2" in legal(game)
    act(game, "play 2 2")
    assert not game.is_burner(1)


@pytest.mark.rule("TRIB-7")
def test_C5_a_burner_who_plays_out_in_one_go_succeeds_and_earns_a_burn_tribute():
    """C§5 烧牌: "烧牌后,如果烧牌者按上面得条件一次性出完,则称为烧成功 … 烧牌成功者可以获得一个烧贡" — the
    burn set itself is his last set."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A", 2: "6 6", 3: "7 7", 4: "8 8", 5: "8 10"}, 0)
    finish(game, "play K K", "burn A A")
    assert game.finish_order[0] == 1
    assert successful_burns(game) == [(1, 0)] and owed(game, "烧贡") == [(0, 1, 1)]


@pytest.mark.rule("BURN-4")
def test_C5_a_burner_who_breaks_the_conditions_is_da_luo_and_plays_no_more():
    """C§5 烧牌: "如果烧牌者没有按上面得要求出牌，则算烧失败,算大落。这种情况烧牌失败得玩家本局不能再出牌" —
    seat 1 puts both jokers on one set and cannot keep the conditions."""
    game = PLAIN.new_position({0: "K K 5 5", 1: "A A 大王 大王 5 6 7", 2: "4 4", 3: "7 7", 4: "8 8", 5: "9 9"}, 0)
    act(game, "play K K", "burn A A")
    assert game.current_player == 1
    act(game, "play BJ BJ 5")
    assert not game.playing[1] and game.places[5] == 1
    finish(game)
    assert club_finish_order(game)[-1] == 1
    assert owed(game, "烧贡") == []


@pytest.mark.rule("END-6")
def test_C5_hold_three_the_last_set_must_be_all_3s():
    """C§5 买3: "够级游戏憋3打法中,最后一手牌必须全就就是3" — seat 0 may not play his 3 before his 5,
    nor go out on a set that is not 3s."""
    game = CLUB.new_position({0: "3 5", 1: "3 6", 2: "3 7", 3: "3 8", 4: "3 9", 5: "3 10"}, 0)
    assert plays(game) == ["play 5"]
    act(game, "play 5")
    while game.current_player != 0 or game.table is not None:
        act(game, legal(game)[-1])
    assert plays(game) == ["play 3"]


@pytest.mark.rule("END-7")
def test_C5_no_3_buys_one_from_the_opposite_with_a_2_or_a_joker():
    """C§5 买3: "发牌以后如果没有3，则要用一张2或王向对家买3" (with the random deal: the club's own deal gives
    every player a 3)."""
    game = PLAIN.new_position({0: "5 2 大王", 1: "3 6", 2: "3 7", 3: "3 3 8", 4: "3 9", 5: "3 10"}, 0)
    with_phases(game, BuyThreePhase())
    assert game.current_player == 0 and set(legal(game)) == {"club-buy-three 2", "club-buy-three BJ"}
    act(game, "club-buy-three 2")
    assert game.hand_counts(0).get(THREE) == 1 and 15 not in game.hand_counts(0)
    assert game.hand_counts(3).get(THREE) == 1 and game.hand_counts(3).get(15) == 1


@pytest.mark.rule("END-7")
def test_C5_the_opposite_cannot_sell_then_ask_the_team():
    """C§5 买3: "如果买不到3,则向自己得联邦要3" — the opposite holds one 3 only (his own last set);
    teammate seat 2 has two."""
    game = PLAIN.new_position({0: "5 2", 1: "3 6", 2: "3 3 7", 3: "3 8", 4: "3 9", 5: "3 10"}, 0)
    with_phases(game, BuyThreePhase())
    assert legal(game) == ["club-ask-three 2"]
    act(game, "club-ask-three 2")
    assert game.hand_counts(0).get(THREE) == 1 and game.hand_counts(0).get(15) == 1  # asked, not bought
    assert game.hand_counts(2).get(THREE) == 1


@pytest.mark.rule("END-7")
def test_C5_no_3_and_no_money_is_an_automatic_revolution():
    """C§5 买3: "如果自己没有3,又没有钱、大花、小花,则算做自动革命"."""
    game = PLAIN.new_position({0: "5 A", 1: "3 6", 2: "3 3 7", 3: "3 3 8", 4: "3 9", 5: "3 10"}, 0)
    with_phases(game, BuyThreePhase())
    assert legal(game) == ["club-revolution"]
    act(game, "club-revolution")
    assert revolutionaries(game) == [0] and not game.playing[0]


@pytest.mark.rule("END-7")
def test_C5_the_clubs_deal_leaves_nobody_to_buy_a_3():
    """C§1 "(各剩余6个，每人一个)" with C§5 买3 "如果发牌后,有人没有3则需要买三": with one 3 to each player
    no buying happens in a dealt game."""
    for seed in (1, 2, 3):
        game = CLUB.new_game(seed=seed)
        assert not any(a.startswith(("club-buy-three", "club-ask-three")) for a in legal(game))
        assert not [e for e in game.events if "three" in e.kind]


@pytest.mark.rule("OPEN-5")
def test_C5_revolution_only_without_big_joker_small_joker_or_2():
    """C§5 革命: "如果大花、小花、钱均没有时,可声明革命,即弃牌不在参与此局得够级活动" — seat 0 (no 2, no joker)
    is asked; the others, each holding one, are not."""
    hands = {0: "5 6 A", 1: "2 7", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 0), RevolutionPhase())
    assert game.current_player == 0 and set(legal(game)) == {"club-revolution", "club-no-revolution"}
    act(game, "club-revolution")
    assert not game.playing[0] and revolutionaries(game) == [0]


@pytest.mark.rule("OPEN-5")
def test_C5_an_entitled_player_may_decline_to_revolt():
    """C§5 革命: "符合革命条件者有权不革命"."""
    hands = {0: "5 6 A", 1: "2 7", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 0), RevolutionPhase())
    act(game, "club-no-revolution")
    assert all(game.playing) and game.table is None and game.current_player == 0


@pytest.mark.rule("OPEN-5")
def test_C5_two_revolutions_void_the_game():
    """C§5 革命: "如同时出现2个(含2个)以上革命者,则该局作废"."""
    hands = {0: "5 6 A", 1: "7 K", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 0), RevolutionPhase())
    act(game, "club-revolution", "club-revolution")
    assert game.is_over and game.is_void and is_void(game)
    assert tribute_owed(game) == [] and game.observation(0).is_void


@pytest.mark.rule("OPEN-5")
def test_C5_one_revolution_is_not_void_the_revolutionary_is_si_ke():
    """C§5 革命: "革命者通常视为四科" and C§6 "(革命者通常视为四科)"."""
    hands = {0: "5 6 A", 1: "7 K", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 0), RevolutionPhase())
    act(game, "club-revolution", "club-no-revolution")
    assert not game.is_over and not game.is_void
    assert game.places[3] == 0


@pytest.mark.rule("OPEN-5")
def test_C5_a_revolutionary_is_san_ke_when_his_team_takes_tou_ke_and_er_ke_a_sweep():
    """C§5 革命: "(但如果自己联邦成为头科与二科,则算做三科,即串三户)" and 串三户 "或自己一方有一人革命,其她两人
    获得头科、二科,称之为串三户"."""
    hands = {0: "5 6 A", 2: "2 2", 4: "小王", 1: "2 7", 3: "2 9 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 2), RevolutionPhase())
    act(game, "club-revolution", "club-no-head", "play 2 2")
    finish(game, "play 9", "play SJ")
    order = club_finish_order(game)
    assert order[:3] == [2, 4, 0]
    assert {(o.giver, o.receiver, o.count, o.kind) for o in tribute_owed(game)} == {
        (5, 2, 1, "串三户贡"), (1, 4, 1, "串三户贡"), (3, 0, 1, "串三户贡")}


@pytest.mark.rule("TRIB-3")
def test_C5_a_sweep_each_of_the_sweeping_side_receives_one_all_else_waived():
    """C§5 串三户: "如果一方获得头科、二科、三科 … 称之为串三户。串三户得一方各吃一个贡,其她贡全免" — no 落贡
    nor 点贡 beside it."""
    game = PLAIN.new_position({0: "A A", 2: "K", 4: "Q", 1: "5 6", 3: "5 6", 5: "5 6"}, 0)
    finish(game, "play A A", "play 5", "play K", "play 5", "play Q")
    assert game.finish_order[:3] == [0, 2, 4]
    result = tribute_owed(game)
    assert {o.kind for o in result} == {"串三户贡"}
    assert sorted((o.receiver, o.count) for o in result) == [(0, 1), (2, 1), (4, 1)]


@pytest.mark.rule("OPEN-5")
def test_C5_keep_head_the_revolutionarys_opposite_is_treated_as_having_his_opposite():
    """C§5 要头/无头: "革命后,对头可宣布要头或无头。如果要头，相当于对门还存在" — seat 0 revolts; seat 3 keeps
    the head: his A A is answered by nobody but a burner, and seat 3 wins the lead."""
    hands = {0: "5 6 A", 1: "2 2 7", 2: "小王 8", 3: "大王 A A 9 4", 4: "2 10", 5: "2 K K"}
    game = with_phases(PLAIN.new_position(hands, 3), RevolutionPhase())
    act(game, "club-revolution")
    assert game.current_player == 3 and set(legal(game)) == {"club-keep-head", "club-no-head"}
    act(game, "club-keep-head", "play A A")
    assert "play 2 2" not in legal(game)


@pytest.mark.rule("END-2")
def test_C5_no_head_anyone_takes_his_sets_and_he_takes_anyones():
    """C§5 无头: "此时玩家出得牌任何玩家都可以接，宣布无头得玩家也可以任意接其她玩家得牌"."""
    hands = {0: "5 6 A", 1: "2 2 7", 2: "小王 8", 3: "大王 A A 9 4", 4: "2 10", 5: "2 K K"}
    game = with_phases(PLAIN.new_position(hands, 3), RevolutionPhase())
    act(game, "club-revolution", "club-no-head", "play A A")
    # seats 4 and 5 hold no two-card cover; seat 1, no opposite of seat 3, covers as a plain play
    assert game.current_player == 1 and "play 2 2" in legal(game) and "burn 2 2" not in legal(game)
    hands = {0: "5 6 A", 1: "2 2 7", 2: "小王 8", 3: "大王 大王 9", 4: "2 10", 5: "2 K K"}
    game = with_phases(PLAIN.new_position(hands, 1), RevolutionPhase())
    act(game, "club-revolution", "club-no-head", "play 2 2")
    while game.current_player != 3 and game.table is not None:
        act(game, "pass")
    assert game.current_player == 3 and "play BJ BJ" in legal(game)


@pytest.mark.rule("END-5")
def test_C5_a_revolution_and_tou_ke_make_the_four_left_a_melee():
    """C§5 四户乱缠: "如果有人革命,接着打牌中产生了头科,则剩下四人为四户乱缠"."""
    hands = {0: "5 6 A", 1: "2 2", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 1), RevolutionPhase())
    act(game, "club-revolution", "club-keep-head")
    assert not game.melee
    act(game, "play 2 2")
    assert game.finish_order == [1] and game.melee


@pytest.mark.rule("END-5")
def test_C5_in_the_melee_a_pass_does_not_end_the_round():
    """C§5 四户乱缠: "头科、二科产生后,其余四人不再按够级、过牌、让牌、烧牌等规则进行,可在过牌后再上牌"."""
    game = PLAIN.new_position({0: "5 9 8", 1: "6 10 8", 2: "7 J 8", 4: "8 Q 8"}, 0)
    assert game.melee
    act(game, "play 5", "pass")     # seat 1 passes on 5
    act(game, "play 7", "play 8", "play 9")
    assert game.current_player == 1 and "play 10" in legal(game)
    assert "yield" not in legal(game)


@pytest.mark.rule("END-5")
def test_C5_in_the_melee_covering_a_non_opposites_gouji_set_is_no_burn():
    """C§5 四户乱缠: "打非对头够级牌也不算烧牌" — seat 1 covers seat 0's K K with A A and owes no jokers
    after it."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 6 7", 3: "4 4", 4: "8 8"}, 0)
    act(game, "play K K")
    assert game.current_player == 1 and "play A A" in legal(game)
    act(game, "play A A")
    assert not game.is_burner(1)
    while game.current_player != 1 or game.table is not None:
        act(game, legal(game)[-1])
    assert "play 6" in legal(game) and "play 7" in legal(game)


@pytest.mark.rule("END-1")
def test_C6_places_tou_ke_to_da_luo_in_finishing_order():
    """C§6 名次: "头科:游戏中第一个走科得人 … 二落:游戏中第五个走科得人。大落：游戏中最后一个走科得人"."""
    game = finish(BARE.new_position({0: "5", 1: "6 6", 2: "7 7 7", 3: "8 8 8 8", 4: "9 9 9 9 9", 5: "10"}, 0))
    order = game.finish_order
    assert sorted(order) == list(range(6)) and order[0] == 0
    assert [game.places[i] for i in range(6)] == order


# == further cases: the passing rule, burns, revolutions and tribute in play ==========================
@pytest.mark.rule("BURN-5")
def test_C5_a_player_who_passed_may_not_burn_a_later_set_of_the_round():
    """C§5 过牌: "在四人乱缠前,如果过牌后,如果不就就是对头得牌,就就是不允许再上牌" — burning is putting a set
    on the table too: seat 1 passed on seat 0's 5, and seat 2's single 2 (not his opposite's) he may
    not burn with his small joker."""
    game = PLAIN.new_position({0: "5 4", 1: "小王 7", 2: "2 6", 3: "4 4", 4: "4 4", 5: "4 4"}, 0)
    act(game, "play 5", "pass", "play 2")
    assert game.current_player != 1
    assert 1 not in game.queue


@pytest.mark.rule("BURN-2")
def test_C5_burns_are_offered_before_the_opposite_answers():
    """C§5 烧牌: "当任意一人发够级牌时，一般情况下由其对头出牌,当满足下面得,其她人可以优先进行烧牌" and
    "够级实行烧牌优先与联邦烧牌优先得原则" — seat 1 is asked before seat 3, the opposite."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 6", 2: "4", 3: "2 2 7", 4: "4", 5: "4"}, 0)
    act(game, "play K K")
    assert game.current_player == 1 and legal(game) == ["burn A A", "pass"]
    act(game, "pass")
    assert game.current_player == 3 and "play 2 2" in legal(game)


@pytest.mark.rule("BURN-1")
def test_C5_the_last_set_of_a_burn_need_not_carry_a_joker_and_still_succeeds():
    """C§5 烧牌: "每次所发牌中必须挂至少一个小花或大花，但最后一次发牌可除外" with "如果烧牌者按上面得条件一次性
    出完,则称为烧成功" — 小王 9, then a plain 10 to go out."""
    game = PLAIN.new_position({0: "K K 5 5", 1: "A A 小王 9 10", 2: "6 6", 3: "7 7", 4: "8 8", 5: "8 8"}, 0)
    act(game, "play K K", "burn A A", "play SJ 9")
    while game.current_player != 1 or game.table is not None:
        act(game, legal(game)[-1])
    assert plays(game) == ["play 10"]
    act(game, "play 10")
    finish(game)
    assert game.finish_order[0] == 1 and successful_burns(game) == [(1, 0)]
    assert owed(game, "烧贡") == [(0, 1, 1)]


@pytest.mark.rule("TRIB-7")
def test_C4_a_teammates_burn_earns_a_burn_tribute_from_the_burned_teammate():
    """C§4 烧贡: "(通常就就是对方打,有必要时同伙也可以)" and "在烧牌成功后，在进贡时被烧者要向烧牌者进1张烧贡" —
    the book waives nothing between teammates."""
    game = PLAIN.new_position({0: "K K 5", 1: "6 6", 2: "A A", 3: "7 7", 4: "8 8", 5: "9 9"}, 0)
    finish(game, "play K K", "burn A A")
    assert successful_burns(game) == [(2, 0)] and owed(game, "烧贡") == [(0, 2, 1)]


@pytest.mark.rule("TRIB-5")
def test_C5_a_burn_set_nobody_covers_opens_the_burner():
    """C§5 开点: "如果一方打出得够级牌,无人接牌,使得自己获得出牌权，则该玩家开点" — the burner's A A stands; the
    burned K K does not open its owner."""
    game = PLAIN.new_position({0: "K K 5", 1: "A A 小王 9 9", 2: "6", 3: "7", 4: "8", 5: "8"}, 0)
    act(game, "play K K", "burn A A")
    assert 1 in opened_seats(game) and 0 not in opened_seats(game)


@pytest.mark.rule("TRIB-5")
def test_C5_no_opening_in_the_melee_after_a_revolution_and_tou_ke():
    """C§5 四户乱缠: "头科、二科产生后,其余四人不再按够级 … 等规则进行" (here 头科 and a revolution, "如果有人
    革命,接着打牌中产生了头科,则剩下四人为四户乱缠") — an A A that stands then opens nothing."""
    hands = {0: "5 6 A", 1: "2 2", 2: "2 A A 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 1), RevolutionPhase())
    act(game, "club-revolution", "club-no-head", "play 2 2")
    assert game.melee and game.current_player == 2
    act(game, "play A A")
    while game.table is not None:
        act(game, legal(game)[-1])
    assert game.current_player == 2 and 2 not in opened_seats(game)


@pytest.mark.rule("END-1")
def test_C6_after_a_revolution_the_others_take_1_2_3_then_er_luo_and_da_luo():
    """C§5 革命 "革命者通常视为四科" with C§6 名次: the five who play take 头科, 二科, 三科, 二落, 大落;
    落贡 follows (大落 → 头科 two, 二落 → 二科 one)."""
    hands = {0: "5 6 A", 1: "2", 2: "小王 8 8", 3: "大王 9 9 9", 4: "2 10 10 10 10", 5: "2 J J J J J"}
    game = with_phases(BARE.with_options(revolution=True).new_position(hands, 1), RevolutionPhase())
    act(game, "club-revolution", "club-no-head")
    finish(game)
    order = game.finish_order
    assert order[3] == 0 and len(order) == 6
    if not game.score().sweep:
        assert owed(game, "落贡") == [(order[5], order[0], 2), (order[4], order[1], 1)]


@pytest.mark.rule("TRIB-6")
def test_C4_both_declare_and_neither_opens_each_gives_two():
    """C§4 双方都宣点: "自己没开点对家也没开，互进2张点贡"."""
    game = PLAIN.new_position({0: "5", 1: "6 6", 2: "7 7 7", 3: "8 8 8 8", 4: "9 9 9 9 9", 5: "10"}, 0)
    with_phases(game, DeclarePhase())
    act(game, "club-declare", "club-no-declare", "club-no-declare", "club-declare",
        "club-no-declare", "club-no-declare")
    finish(game)
    assert not opened_seats(game)
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}}
    assert points == {(0, 3, 2), (3, 0, 2)}


def _both_open(declare_0: bool, declare_3: bool) -> gouji.Game:
    """Seat 0 opens with A A; seat 3 covers his 5 5 with 8 8 and opens with K K; played out."""
    game = PLAIN.new_position({0: "A A 5 5 6", 1: "4 4 7", 2: "4 4 7", 3: "K K 8 8 9", 4: "4 4 7",
                               5: "4 4 7"}, 0)
    with_phases(game, DeclarePhase())
    act(game, "club-declare" if declare_0 else "club-no-declare", "club-no-declare", "club-no-declare",
        "club-declare" if declare_3 else "club-no-declare", "club-no-declare", "club-no-declare")
    act(game, "play A A", "play 5 5", "play 8 8")
    assert game.current_player == 3 and game.table is None
    act(game, "play K K")
    return finish(game)


@pytest.mark.rule("TRIB-6")
def test_C4_both_declare_and_both_open_each_gives_two():
    """C§4 双方都宣点: "双方都开点,互进2张点贡" — seat 0 opens with A A, seat 3 with K K later."""
    game = _both_open(declare_0=True, declare_3=True)
    assert {0, 3} <= set(opened_seats(game))
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}}
    assert points == {(0, 3, 2), (3, 0, 2)}


@pytest.mark.rule("TRIB-6")
def test_C4_one_side_declares_and_opens_his_opposite_gives_3():
    """C§4 自己宣点对家不宣点: "自己开点对家没开,对家进3张点贡"."""
    game = PLAIN.new_position({0: "A A 5", 1: "6 6", 2: "7 7", 3: "K 8", 4: "9 9", 5: "10 10"}, 0)
    with_phases(game, DeclarePhase())
    act(game, "club-declare", "club-no-declare", "club-no-declare", "club-no-declare",
        "club-no-declare", "club-no-declare")
    finish(game, "play A A")
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}}
    assert points == {(3, 0, 3)}


@pytest.mark.rule("TRIB-6")
def test_C4_one_side_declares_both_open_the_declarer_gives_2():
    """C§4 自己宣点对家不宣点: "两方都开点,自己进2张点贡"."""
    game = _both_open(declare_0=True, declare_3=False)
    assert {0, 3} <= set(opened_seats(game))
    points = {(o.giver, o.receiver, o.count) for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}}
    assert points == {(0, 3, 2)}


@pytest.mark.rule("TRIB-1")
def test_C4_tribute_is_paid_at_the_start_of_the_next_game_of_the_set():
    """C§4 "进贡玩法需要连续得打5局" with 落贡: the second game of a set starts with the first game's
    tribute, paid before the first lead (cards move from giver to receiver)."""
    import random

    from gouji.rules.dagang196.tribute_set import TributeSet

    tribute_set, rng = TributeSet(CLUB, seed=5), random.Random(5)
    first = tribute_set.game
    while not first.is_over:
        first.apply(rng.choice(first.legal_actions()))
    tribute_set.next_game()
    second = tribute_set.game
    expected = tribute_owed(first)
    assert owed_in(second.context) == expected
    if expected and expected[0].count:
        giver = expected[0].giver
        assert second.current_player == giver and legal(second)[0].startswith("club-tribute")


@pytest.mark.rule("OPEN-5")
def test_C5_three_revolutions_void_the_game_too():
    """C§5 革命: "如同时出现2个(含2个)以上革命者,则该局作废"."""
    hands = {0: "5 6 A", 1: "7 K", 2: "8 Q", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = with_phases(PLAIN.new_position(hands, 0), RevolutionPhase())
    act(game, "club-revolution", "club-revolution", "club-revolution")
    assert game.is_over and game.is_void and game.finish_order == []


@pytest.mark.rule("TRIB-5")
def test_C5_opening_needs_only_that_nobody_took_the_set_even_if_the_opposite_could():
    """C§5 开点: "如果一方打出得够级牌,无人接牌,使得自己获得出牌权，则该玩家开点" — seat 3 holds 2 2 and
    closes all the same: seat 0 opened."""
    game = PLAIN.new_position({0: "A A 5", 1: "4", 2: "4", 3: "2 2 7", 4: "4", 5: "4"}, 0)
    act(game, "play A A", "close")
    assert game.current_player == 0 and 0 in opened_seats(game)


@pytest.mark.rule("TRIB-5")
def test_C5_the_gouji_player_who_wins_the_exchange_opens_the_opposite_does_not():
    """C§5 开点 "… 使得自己获得出牌权，则该玩家开点,反之不开点" — K K, A A, 2 2: seat 0's 2 2 wins."""
    game = PLAIN.new_position({0: "K K 2 2 5", 1: "4", 2: "4", 3: "A A 7", 4: "4", 5: "4"}, 0)
    act(game, "play K K", "play A A", "play 2 2")
    assert game.current_player == 0 and game.table is None
    assert set(opened_seats(game)) == {0}


@pytest.mark.rule("PLAY-3")
def test_C2_a_big_and_a_small_joker_alone_count_as_two_small_jokers():
    """C§2 "大花＋小花 … 此时大花当做小花" (read for jokers alone): 大王 小王 does not beat 小王 小王;
    大王 大王 does."""
    game = PLAIN.new_position({0: "小王 小王 5", 1: "4", 2: "4", 3: "大王 小王 大王 7", 4: "4", 5: "4"}, 0)
    act(game, "play SJ SJ")
    assert game.current_player == 3
    assert "play BJ BJ" in legal(game) and "play BJ SJ" not in legal(game)


@pytest.mark.rule("PLAY-3")
def test_C2_big_joker_with_2s_and_same_rank_cards_counts_the_2s_as_that_rank():
    """C§2 "大花＋2+同点得其她牌，算做大花带同点得牌(2要折算成同点得牌)" — 大王 2 9 9 is a big joker with three
    9s: beaten by two big jokers with two 10s? No — not as many cards; by 大王 大王 10 10 (four cards)."""
    game = PLAIN.new_position({0: "大王 2 9 9 5", 1: "4", 2: "4", 3: "大王 大王 10 10 大王 10 10 10 6", 4: "4",
                               5: "4"}, 0)
    act(game, "play BJ 2 9 9")
    assert game.current_player == 3
    assert "play BJ BJ 10 10" in legal(game)
    assert "play BJ 10 10 10" not in legal(game)  # one big joker is no bigger joker part


@pytest.mark.rule("END-8")
def test_C4_a_burn_of_the_set_before_the_3s_smothers_too():
    """C§4 闷贡: "最后走3之前得一手牌被人打死,称为被闷" — seat 0's K K before his 3 is burned by seat 1
    (被人打死): seat 0 is smothered by seat 1 and owes him a 闷贡 beside the 烧贡."""
    game = CLUB.new_position({0: "K K 3", 1: "A A 3", 2: "3 5", 3: "3 5", 4: "3 5", 5: "3 5"}, 0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)
    finish(game, "burn A A")
    assert (0, 1) in smothers(game)
    kinds = {(o.giver, o.receiver, o.kind) for o in tribute_owed(game)}
    assert (0, 1, "闷贡") in kinds or game.score().sweep


@pytest.mark.rule("SCORE-5")
def test_C6_the_club_keeps_no_points_the_result_is_tribute():
    """C§4/§6: the club plays for tribute over five games ("进贡玩法需要连续得打5局"); places carry no
    points."""
    game = finish(BARE.new_position({0: "5", 1: "6 6", 2: "7 7 7", 3: "8 8 8 8", 4: "9 9 9 9 9", 5: "10"}, 0))
    score = game.score()
    assert score.team_points == (0, 0) and set(score.seat_points) == {0}
    assert tribute_owed(game)


@pytest.mark.rule("OPEN-5")
def test_C5_revolution_is_offered_in_a_dealt_game_only_to_hands_without_money():
    """C§5 革命: "如果大花、小花、钱均没有时,可声明革命" — in dealt games, whoever is offered the
    revolution holds no 大王, 小王 or 2; every seat is asked ("符合革命条件者有权不革命": the asking
    tells nothing), the others with only the decline."""
    for seed in range(12):
        game = CLUB.new_game(seed=seed)
        while game.phases and any(a in ("club-revolution", "club-no-revolution") for a in legal(game)):
            seat = game.current_player
            assert seat is not None
            offered = "club-revolution" in legal(game)
            assert offered == (not {15, 16, 17} & set(game.hand_counts(seat)))
            game.apply(gouji.parse_action("club-no-revolution"))


@pytest.mark.rule("TRIB-5")
def test_C5_a_set_with_2s_attached_opens():
    """C§2 "贴钱得牌转换点数后如果符合条件,也算作够级牌" and C§5 开点, whose exceptions are only "任意张大花,
    小花或者挂花得牌；单张得2": 2 A (two aces) that stands opens."""
    game = PLAIN.new_position({0: "2 A 5", 1: "4", 2: "4", 3: "6", 4: "4", 5: "4"}, 0)
    act(game, "play 2 A")
    assert game.current_player == 0 and 0 in opened_seats(game)
    assert 0 in game.observation(3).opened


@pytest.mark.rule("BURN-4")
def test_C5_a_burners_set_without_a_joker_is_refused_and_changes_nothing():
    """C§5 烧牌: "如果烧牌者没有按上面得要求出牌，则算烧失败,算大落。这种情况烧牌失败得玩家本局不能再出牌" —
    seat 1 burns, then tries to lead a plain 9 9 with two sets still in hand. The engine reads the
    clause as the consequence of a burner who *cannot* keep the requirement (E11 on the
    interpretations page): a set that breaks it is refused like any illegal set, and the game is
    left unchanged; the burner fails (大落) only when no legal lead is left."""
    game = PLAIN.new_position({0: "K K 5 5", 1: "A A 小王 9 9 10", 2: "4 4", 3: "7 7", 4: "8 8", 5: "6 6"}, 0)
    act(game, "play K K", "burn A A")
    assert game.current_player == 1
    before = game.record()
    with pytest.raises(IllegalActionError) as refused:
        act(game, "play 9 9")
    assert refused.value.rule_id == "BURN-1"
    assert game.record() == before and game.playing[1]


@pytest.mark.rule("ROUND-4")
def test_C5_a_cover_played_at_the_yielder_is_answered_by_its_players_opposite_alone():
    """C§5 让牌: "对让牌人顺得牌,唯有对头才有上牌权" — the engine reads "对让牌人顺的牌" as the set played
    *at* the yielder while the yield is open (docs/interpretations.rst E21): seat 4 covers seat 0's 5
    on seat 3's yield, and only seat 1, seat 4's opposite, may answer it; seat 5 may not."""
    game = PLAIN.new_position({0: "5 4", 1: "8 4", 2: "8 4", 3: "9 4", 4: "6 4", 5: "7 4"}, 0)
    act(game, "play 5", "pass", "pass", "yield", "play 6")
    assert game.current_player == 1 and "play 8" in legal(game)
    assert 5 not in game.queue
