"""TRIB-5 (开点, 点贡, 换点) and TRIB-6 (the three 宣点 tables of C§4)."""

import pytest

import gouji
from gouji.rules.dagang196.points import (
    DECLARE_EVENT,
    DeclarePhase,
    declared_seats,
    opened_seats,
    point_table,
    point_tribute_owed,
)


def _pos(variant, hands, leader=0):
    return variant.new_position(hands, leader)


# -- 开点 -------------------------------------------------------------------------------------
@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_gouji_set_nobody_answers_opens(plain, act):
    # C§5 开点: "如果一方打出得够级牌,无人接牌,使得自己获得出牌权，则该玩家开点"
    game = _pos(plain, {0: "A A 5 5", 1: "6", 2: "7", 3: "K K 8", 4: "9", 5: "10"})
    act(game, "play A A")  # seat 3 cannot cover: he closes, seat 0 leads
    assert game.current_player == 0
    assert opened_seats(game) == {0: gouji.parse_play("A A")}


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_gouji_set_the_opposite_covers_does_not_open(plain, act):
    # C§4: "开点就就就是自己出够级牌,对家要不起" — here the opposite could, and did.
    game = _pos(plain, {0: "A A 5", 1: "6", 2: "7", 3: "2 2 8", 4: "9", 5: "10"})
    act(game, "play A A", "play 2 2")  # seat 0 cannot answer: he closes, seat 3 leads
    assert game.current_player == 3 and game.table is None
    assert opened_seats(game) == {3: gouji.parse_play("2 2")}


@pytest.mark.rule("TRIB-5")
@pytest.mark.parametrize("lead, hand", [
    ("SJ A A", "小王 A A 5"),   # 挂花: a set carrying a joker
    ("SJ SJ", "小王 小王 5"),   # jokers alone
    ("BJ", "大王 5"),
    ("2", "2 5"),               # a single 2
])
def test_TRIB_5_joker_sets_and_a_single_2_never_open_C5(plain, act, lead, hand):
    # C§5: "以下牌型得够级牌不开点: 任意张大花,小花或者挂花得牌；单张得２"
    game = _pos(plain, {0: hand, 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"})
    act(game, f"play {lead}")
    assert game.current_player == 0 and game.table is None
    assert plain.is_gouji(gouji.parse_play(lead.replace("SJ", "小王").replace("BJ", "大王")))
    assert opened_seats(game) == {}


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_two_2s_open(plain, act):
    game = _pos(plain, {0: "2 2 5", 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"})
    act(game, "play 2 2")
    assert 0 in opened_seats(game)


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_nobody_opens_once_two_players_are_out_C4(plain, act):
    # C§4: "我们得打法就就是6个人有2个人走了就不能再开点"
    game = _pos(plain, {0: "A A 5", 3: "8", 1: "6 7", 4: "9 10"})  # seats 2 and 5 are out
    act(game, "play A A")
    assert game.melee and opened_seats(game) == {}


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_last_set_nobody_answers_opens(plain, act):
    game = _pos(plain, {0: "K K", 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"})
    act(game, "play K K")
    assert game.finish_order == [0] and 0 in opened_seats(game)


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_burned_gouji_set_does_not_open_its_owner(plain, act):
    game = _pos(plain, {0: "K K 5", 1: "A A 9", 2: "6", 3: "7", 4: "8", 5: "8"})
    act(game, "play K K", "burn A A")
    assert 0 not in opened_seats(game) and 1 in opened_seats(game)


# -- the tables --------------------------------------------------------------------------------
NEITHER = [  # 双方都不宣点 — "这就就是游戏中最常见得情况"
    ((True, False), (0, 1)),    # 自己开点对家没开，对家进１张点贡
    ((False, True), (1, 0)),
    ((False, False), (1, 1)),   # 自己没开点对家也没开,互进１张点贡 (换点)
    ((True, True), (0, 0)),     # both opened: nobody failed to open
]
BOTH = [  # 双方都宣点
    ((True, False), (0, 4)),    # 自己开点对家没开,对家进４张点贡
    ((False, True), (4, 0)),
    ((False, False), (2, 2)),   # 自己没开点对家也没开，互进２张点贡
    ((True, True), (2, 2)),     # 双方都开点,互进2张点贡
]
ONE = [  # 自己宣点对家不宣点 (a declares)
    ((True, False), (0, 3)),    # 自己开点对家没开,对家进3张点贡
    ((False, False), (1, 2)),   # 两家都没有开点,自己进1张点贡,对家进２张点贡
    ((True, True), (2, 0)),     # 两方都开点,自己进２张点贡
    ((False, True), (3, 0)),    # 自己没开点对家开,自己进3点贡
]


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize("opened, gives", NEITHER, ids=[str(o) for o, _ in NEITHER])
def test_TRIB_6_neither_declares_table_C4(opened, gives):
    assert point_table(*opened, False, False)[:2] == gives


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize("opened, gives", BOTH, ids=[str(o) for o, _ in BOTH])
def test_TRIB_6_both_declare_table_C4(opened, gives):
    assert point_table(*opened, True, True)[:2] == gives


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize("opened, gives", ONE, ids=[str(o) for o, _ in ONE])
def test_TRIB_6_one_side_declares_table_C4(opened, gives):
    assert point_table(*opened, True, False)[:2] == gives
    # The same row seen from the other seat: b declared.
    mirrored = point_table(opened[1], opened[0], False, True)
    assert mirrored[:2] == (gives[1], gives[0])


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_point_swap_may_be_agreed_off_C4():
    # "(我们称为换点,可以商议都进或都不进贡)"
    assert point_table(False, False, False, False, swap=False)[:2] == (0, 0)
    assert point_table(False, False, False, False, swap=True)[:2] == (1, 1)
    # The declared tables are not 换点: they stand as written.
    assert point_table(False, False, True, True, swap=False)[:2] == (2, 2)


@pytest.mark.rule("TRIB-6")
def test_TRIB_6_table_rows_name_the_seats():
    row = point_table(False, True, False, True)[2].format(a=1, b=4)
    assert row == "seat 4 declared; seat 4 opened, seat 1 did not: seat 1 gives 3"


# -- point tribute of a whole game --------------------------------------------------------------
@pytest.mark.rule("TRIB-5")
def test_TRIB_5_point_tribute_of_a_finished_game(plain, finish):
    # Seat 0 opens with A A; seats 1-4 and 2-5 never play a gouji set: they swap (换点).
    game = _pos(plain, {0: "A A 5", 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"})
    finish(game, "play A A")
    owed = {(o.giver, o.receiver): (o.count, o.rule) for o in point_tribute_owed(game)}
    assert owed == {(3, 0): (1, "TRIB-5"), (1, 4): (1, "TRIB-5"), (4, 1): (1, "TRIB-5"),
                    (2, 5): (1, "TRIB-5"), (5, 2): (1, "TRIB-5")}
    plain_off = plain.with_options(point_swap=False)
    game = _pos(plain_off, {0: "A A 5", 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"})
    finish(game, "play A A")
    assert [(o.giver, o.receiver, o.count) for o in point_tribute_owed(game)] == [(3, 0, 1)]


@pytest.mark.rule("TRIB-6")
def test_TRIB_6_declarations_change_the_tribute(plain, finish):
    game = _pos(plain, {0: "A A 5", 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"})
    game.log(DECLARE_EVENT, 3, "TRIB-6")  # seat 3 declared that seat 0 would not open; he did
    finish(game, "play A A")
    assert declared_seats(game) == [3]
    pair = [o for o in point_tribute_owed(game) if {o.giver, o.receiver} == {0, 3}]
    assert [(o.giver, o.receiver, o.count, o.rule) for o in pair] == [(3, 0, 3, "TRIB-6")]


@pytest.mark.rule("TRIB-6")
def test_TRIB_6_the_declaration_phase_asks_everyone_in_turn(club, legal):
    variant = club.with_options(hold_three=False, revolution=False)
    game = variant.new_game(seed=7)
    first = game.first_leader
    seen = []
    for _ in range(6):  # no tribute in a first game, no 憋3, no 革命: six declarations
        assert legal(game) == ["club-no-declare", "club-declare"]
        seen.append(game.current_player)
        game.apply(gouji.parse_action("club-declare" if game.current_player == first else "club-no-declare"))
    assert seen == [(first + i) % 6 for i in range(6)]
    assert declared_seats(game) == [first]
    assert game.current_player == first and game.table is None  # now he leads


@pytest.mark.rule("TRIB-6")
def test_TRIB_6_no_declaration_in_the_last_game_of_a_set(club):
    from gouji.rules.dagang196.tribute import SET_KEY

    variant = club.with_options(hold_three=False, revolution=False)
    last = gouji.GameContext(game_number=5, carry=((SET_KEY, [1, 5]),))
    game = variant.new_game(seed=7, context=last)
    assert not game.phases and game.table is None  # the fifth game's tribute is never paid


@pytest.mark.rule("TRIB-6")
def test_TRIB_6_declare_phase_skips_a_pair_with_a_revolutionary(plain, with_phases):
    game = _pos(plain, {0: "A 5", 1: "6", 2: "7", 3: "8", 4: "9", 5: "10"})
    game.retire(4, 3, "OPEN-5", "test", kind="revolution")
    with_phases(game, DeclarePhase())
    seen = []
    while game.phases:
        seen.append(game.current_player)
        game.apply(gouji.parse_action("club-no-declare"))
    assert seen == [0, 2, 3, 5]
