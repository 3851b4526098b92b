"""Fresh-eyes review of the ``provincial`` variant against its book (seed 000, P§1-P§25).

Each test asserts what the book says, not what the engine's own tests expect.
Seats 0-5 stand for the book's players 1-6 (P§11's example): seats 0, 2, 4 are
one team, 1, 3, 5 the other, play goes in increasing seat order
(counterclockwise) and the opposite of seat s is s + 3.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import gouji
from gouji.rules.provincial.referee import correct_wrong_set

VARIANT = gouji.load_variant("provincial")


def pos(hands: dict[int, str], leader: int = 0) -> gouji.Game:
    return VARIANT.new_position(hands, leader)


def act(game: gouji.Game, *texts: str) -> None:
    for text in texts:
        game.apply(gouji.parse_action(text))


def legal(game: gouji.Game) -> list[str]:
    return [a.to_text() for a in game.legal_actions()]


def counts(text: str) -> Counter[int]:
    return Counter(c.rank for c in map(gouji.Card.parse, text.split()))


# --- P§2, P§3: table and deck ------------------------------------------------------------


@pytest.mark.rule("TABLE-1")
def test_p2_play_goes_to_the_lower_neighbour() -> None:
    """P§2 / P§9.5: "按逆时针方向逐个进行，不得越、抢" — play passes to the next seat in turn."""
    game = pos({0: "5 9", 1: "6 9", 2: "7 9", 3: "8 9", 4: "3", 5: "3"})
    act(game, "play 5")
    assert game.current_player == 1
    act(game, "play 6")
    assert game.current_player == 2


@pytest.mark.rule("DECK-1")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_p3_four_decks_36_cards_each(seed: int) -> None:
    """P§2-3: "6人使用4副扑克牌进行" … "人均36张牌"."""
    game = VARIANT.new_game(seed=seed)
    hands = [game.observation(s).hand for s in range(6)]
    assert [len(h) for h in hands] == [36] * 6
    ranks = Counter(c.rank for h in hands for c in h)
    assert ranks[17] == 4 and ranks[16] == 4
    assert all(ranks[r] == 16 for r in range(3, 16))


# --- P§7, P§8: cut and first lead ------------------------------------------------------------


@pytest.mark.rule("OPEN-1")
@pytest.mark.parametrize("seed", range(12))
def test_p7_cut_counts_the_natural_rank_from_the_first_seat(seed: int) -> None:
    """P§7.1: "按逆时针方向，以该牌的自然点数确定某人为一…开始，数至对应点数的人即为首取牌人。如抽到大、小王牌…重新抽一张牌"."""
    game = VARIANT.new_game(seed=seed)
    cut = next(e for e in game.events if e.kind == "cut")
    drawn = cut.detail.split("drew ")[1].split(";")[0].split()
    assert all(gouji.Card.parse(c).rank >= 16 for c in drawn[:-1]), "only jokers are put back"
    card = gouji.Card.parse(drawn[-1])
    assert card.rank < 16, "a joker must be put back and another card drawn"
    natural = {14: 1, 15: 2}.get(card.rank, card.rank)  # A counts 1, 2 counts 2
    first = (cut.seat + natural - 1) % 6
    assert f"seat {first} draws first" in cut.detail


@pytest.mark.rule("OPEN-3")
@pytest.mark.parametrize("seed", range(10))
def test_p8_first_leader_shows_two_threes_of_one_suit(seed: int) -> None:
    """P§8: "首先摸到并亮出两张同花色3者为首发牌人…摸完牌无人上班时，由首取牌者为首发牌人"."""
    game = VARIANT.new_game(seed=seed)
    leader = game.current_player
    assert leader is not None

    def has_pair(seat: int) -> bool:
        suits = Counter(c.suit for c in game.observation(seat).hand if c.rank == 3)
        return any(n >= 2 for n in suits.values())

    cut = next(e for e in game.events if e.kind == "cut")
    first_drawer = int(cut.detail.split("seat ")[1].split()[0])
    if any(has_pair(s) for s in range(6)):
        assert has_pair(leader)
    else:
        assert leader == first_drawer


# --- P§9: sets -----------------------------------------------------------------------------


@pytest.mark.rule("DECK-2")
def test_p9_2_three_is_the_lowest_and_equal_rank_never_covers() -> None:
    """P§9.2: "所有牌中3为最小点数"; P§9.6: "下家所发的牌的点数必须高于上家牌的点数"."""
    game = pos({0: "5 9", 1: "5 4 3", 2: "9", 3: "3", 4: "3", 5: "3"})
    act(game, "play 5")
    # Seat 1 holds only 5, 4, 3: nothing covers a 5, it passes (automatically).
    assert game.current_player == 2 and 1 in game.passed
    assert "play 9" in legal(game)


@pytest.mark.rule("DECK-2")
def test_p9_2_rank_order_a_over_k_and_2_over_a() -> None:
    """P§9.2: "大王、小王、2、A、K、Q…" — A beats K; 2 beats A."""
    game = pos({0: "K 9", 1: "A 3", 2: "2 3", 3: "3", 4: "3", 5: "3"})
    act(game, "play K")
    assert "play A" in legal(game)
    act(game, "play A")
    assert game.current_player == 2 and "play 2" in legal(game)


@pytest.mark.rule("PLAY-1")
def test_p9_4_different_ranks_never_mix() -> None:
    """P§9.4: "发（顺）牌必须是同一点数，不同点数的牌不可混合发出（王和2例外）"."""
    game = pos({0: "5 6 9", 1: "3", 2: "3", 3: "3", 4: "3", 5: "3"})
    assert "play 5 6" not in legal(game)
    with pytest.raises(gouji.GoujiError):
        act(game, "play 5 6")
    assert game.current_player == 0 and len(game.hand(0)) == 3


@pytest.mark.rule("PLAY-2")
def test_p9_3_an_attached_two_takes_the_rank() -> None:
    """P§9.3: "2贴在8上即为8的点数，一张8贴一个2即为两个8"."""
    game = pos({0: "7 7 3", 1: "2 8 3", 2: "3", 3: "3", 4: "3", 5: "3"})
    act(game, "play 7 7")
    assert "play 2 8" in legal(game)


@pytest.mark.rule("PLAY-2")
def test_p9_3_two_plus_eight_is_two_eights_not_higher() -> None:
    """P§9.3: "一张8贴一个2即为两个8" — so 2 8 cannot cover 8 8, but 9 9 can cover 2 8."""
    game = pos({0: "2 8 3", 1: "8 8 9 9", 2: "3", 3: "3", 4: "3", 5: "3"})
    act(game, "play 2 8")
    assert game.current_player == 1
    options = legal(game)
    assert "play 9 9" in options and "play 8 8" not in options


@pytest.mark.rule("PLAY-4")
def test_p9_6_same_number_of_cards() -> None:
    """P§23.1: the cover must have as many cards as the set ("张数和自己的张数不符" is a wrong set)."""
    game = pos({0: "8 8 3", 1: "9 9 9 3", 2: "3", 3: "3", 4: "3", 5: "3"})
    act(game, "play 8 8")
    options = legal(game)
    assert "play 9 9" in options and "play 9 9 9" not in options


@pytest.mark.rule("PLAY-5")
def test_p9_3_big_joker_set_is_dead() -> None:
    """P§9.3: "大王挂任何牌时，所发牌均为死牌，对头应无条件为之扣牌"."""
    game = pos({0: "大王 5 9", 1: "大王 6 3", 2: "大王 7 3", 3: "大王 8 3", 4: "3", 5: "3"})
    act(game, "play BJ 5")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("PLAY-5")
def test_p9_3_big_and_small_joker_together_is_dead() -> None:
    """P§9.3: "大王挂任何牌时，所发牌均为死牌" (no exception for a 小王 beside it)."""
    game = pos({0: "大王 小王 5 5 9", 1: "3", 2: "3", 3: "大王 大王 大王 6 6 3", 4: "3", 5: "3"})
    act(game, "play BJ SJ 5 5")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("PLAY-6")
def test_p9_3_small_joker_set_beaten_by_big_joker_one_rank_higher() -> None:
    """P§9.3: "小王挂牌时，须由大王挂高于小王所挂牌一点以上方能灭之，且大王不得少于小王的数量"."""
    game = pos({0: "小王 5 5 9", 1: "3", 2: "3", 3: "大王 2 2 2 5 5 6 6 3", 4: "3", 5: "3"})
    act(game, "play SJ 5 5")
    assert game.current_player == 3
    options = legal(game)
    assert "play BJ 6 6" in options
    assert "play BJ 5 5" not in options, "the big joker must sit on a higher rank"
    assert "play 2 2 2" not in options, "only a big joker set beats a small joker set"
    assert "play BJ 2 5" not in options


@pytest.mark.rule("PLAY-6")
def test_p9_3_no_fewer_big_jokers_than_small() -> None:
    """P§9.3: "且大王不得少于小王的数量"."""
    game = pos({0: "小王 小王 5 5 9", 1: "3", 2: "3", 3: "大王 6 6 6 3", 4: "3", 5: "3"})
    act(game, "play SJ SJ 5 5")
    # Seat 3 cannot cover with one big joker over two small ones: it closes.
    assert "play BJ 6 6 6" not in legal(game) if game.current_player == 3 else True
    assert game.table is None or game.current_player != 3 or legal(game) == ["close"]


# --- P§10: gouji sets ------------------------------------------------------------------------


GOUJI = [("2", "小王"), ("A A", "2 2"), ("K K", "A A"), ("Q Q Q", "K K K"), ("J J J J", "Q Q Q Q"),
         ("10 10 10 10 10", "J J J J J"), ("2 10 10 10 10", "J J J J J"), ("2 2 J J", "Q Q Q Q"),
         ("小王 5", "大王 6"), ("小王", "大王"), ("2 A", "2 2"), ("2 Q Q", "K K K"),
         ("2 2 2 10 10", "J J J J J")]
NOT_GOUJI = [("A", "2"), ("K", "A"), ("Q Q", "K K"), ("J J J", "Q Q Q"), ("10 10 10 10", "J J J J"),
             ("9 9 9 9 9 9", "10 10 10 10 10 10")]


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize(("led", "cover"), GOUJI)
def test_p10_gouji_sets_only_the_opposite_answers(led: str, cover: str) -> None:
    """P§10: "一张2、两张A、两张K、三张Q、四张J、五张10和贴2凑够以上数量的每套牌也为够级牌" — only the opposite answers (others only burn)."""
    game = pos({0: f"{led} 3", 1: f"{cover} 4 4 4 4 4 4 4 5 6 7 8", 2: "3", 3: "3", 4: "3", 5: "3"})
    act(game, f"play {led}")
    assert f"play {cover}" not in legal(game) if game.current_player == 1 else True


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize(("led", "cover"), NOT_GOUJI)
def test_p10_non_gouji_sets_anyone_covers(led: str, cover: str) -> None:
    """P§10: "五张10（贴2相同）为最低级别的够级牌" — weaker sets are ordinary, the lower player may cover."""
    game = pos({0: f"{led} 3", 1: f"{cover} 4 5 6 7 8", 2: "3", 3: "3", 4: "3", 5: "3"})
    act(game, f"play {led}")
    assert game.current_player == 1 and f"play {cover}" in legal(game)


@pytest.mark.rule("GOUJI-2")
def test_p10_gouji_rule_still_holds_with_five_players() -> None:
    """P§10: "（当时有四家以上时）除了烧牌或者无头外，只有对头有资格上牌" — five left is more than four."""
    # Seat 5 is out (its opposite, seat 2, is headless); seats 0 and 1 still have a head.
    game = pos({0: "A A 3 3", 1: "2 2 9 8", 2: "3 3", 3: "2 2 3", 4: "3 3"})
    act(game, "play A A")
    if game.current_player == 1:
        assert "play 2 2" not in legal(game)


@pytest.mark.rule("GOUJI-3")
def test_p10_the_opposites_exchange() -> None:
    """P§10: "只有对头有资格上牌" — after the opposite answers, the exchange is between the two."""
    game = pos({0: "A A 小王 小王 6", 1: "3", 2: "3", 3: "2 2 7", 4: "3", 5: "3"})
    act(game, "play A A")
    assert game.current_player == 3 and "play 2 2" in legal(game)
    act(game, "play 2 2")
    assert game.current_player == 0 and "play SJ SJ" in legal(game)


# --- P§11: burning ------------------------------------------------------------------------


@pytest.mark.rule("BURN-1")
def test_p11_burn_then_every_set_carries_a_joker_but_the_last() -> None:
    """P§11: "然后所发每套牌上必须最少挂一王（大、小王均可），最后一套牌可以不挂"."""
    game = pos({0: "K K 5", 1: "A A 9 8 小王", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)
    act(game, "burn A A")
    assert game.current_player == 1
    options = legal(game)
    assert "play 9" not in options and "play 8" not in options
    assert "play SJ 9" in options
    act(game, "play SJ 9")
    assert legal(game) == ["play 8"]


@pytest.mark.rule("BURN-1")
def test_p11_burn_when_the_rest_is_one_set() -> None:
    """P§11: "或者灭掉所发够级牌后，手中的牌为同一点数，一手牌可以出净"."""
    game = pos({0: "K K 5", 1: "A A 9 9 9", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)
    act(game, "burn A A")
    assert legal(game) == ["play 9 9 9"]


@pytest.mark.rule("BURN-1")
def test_p11_big_joker_may_carry_a_burn() -> None:
    """P§11: "最少挂一王（大、小王均可）" — a big joker counts."""
    game = pos({0: "K K 5", 1: "A A 9 8 大王", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K")
    assert "burn A A" in legal(game)
    act(game, "burn A A")
    assert "play BJ 9" in legal(game) and "play 9" not in legal(game)


@pytest.mark.rule("BURN-2")
def test_p11_example_teammates_first_then_opponents_in_order() -> None:
    """P§11: "若1够级，联邦3优先烧牌，然后是联邦5烧牌，两者都不烧，那么依次为对方2、6烧牌"."""
    game = pos({0: "K K 5 5", 1: "A A 9", 2: "A A 8", 3: "4", 4: "A A 7", 5: "A A 6"})
    act(game, "play K K")
    order = []
    while game.table is not None and game.table_owner == 0 and game.current_player not in (None, 3):
        order.append(game.current_player)
        act(game, "pass")
    assert order == [2, 4, 1, 5]


@pytest.mark.rule("BURN-2")
def test_p11_example_teammate_who_declined_cannot_burn_the_burner() -> None:
    """P§11: "如果联邦3能烧，但是放弃，那么当对方2选择烧牌时，联邦3该轮已经过牌，不能再烧对方2的此套够级牌…对头5是可以打2这套牌的"."""
    game = pos({0: "K K 5 5", 1: "A A 9 小王", 2: "A A 2 2 3", 3: "4", 4: "2 2 J", 5: "3 3"})
    act(game, "play K K", "pass", "pass", "burn A A")
    # Seat 2 passed this round; seat 4 is seat 1's opposite and may answer.
    assert game.current_player == 4
    assert "play 2 2" in legal(game)


@pytest.mark.rule("BURN-2")
def test_p11_declined_teammate_may_burn_the_burners_next_joker_set() -> None:
    """P§11: "…但是可以烧对方2下一套挂王的够级牌" (here: seat 1's next set, in a new round)."""
    game = pos({0: "K K 5 5", 1: "A A 9 9 小王 8", 2: "A A 10 10 大王 A A", 3: "4", 4: "3", 5: "3 3"})
    act(game, "play K K", "pass", "burn A A")
    # Seat 4 (seat 1's opposite) cannot answer: seat 1 leads again with a joker set.
    assert game.table is None and game.current_player == 1
    act(game, "play SJ 9 9")
    assert game.current_player == 2 and any(t.startswith("burn") for t in legal(game))


@pytest.mark.rule("BURN-4")
def test_p24_9_first_failed_burner_is_last() -> None:
    """P§24.9: "不能按规则规定烧牌，烧牌者判落；首判者为大落，次判者为二落…牌局按规则由未犯规者发牌继续进行"."""
    game = pos({0: "K K Q Q Q 5", 1: "A A 9 8 小王", 2: "3", 3: "4", 4: "3", 5: "K K K 9 8 小王"})
    act(game, "play K K", "burn A A", "play SJ")
    assert game.places[5] == 1
    assert game.current_player == 0
    act(game, "play Q Q Q", "burn K K K", "play SJ")
    assert game.places[4] == 5


# --- P§12-15: pass, last word, yield, close ---------------------------------------------------


@pytest.mark.rule("ROUND-2")
def test_p12_a_pass_loses_the_round() -> None:
    """P§12: "如不顺牌，应声明过牌。这一轮无再发牌权"."""
    game = pos({0: "5 9 9", 1: "6 8 9", 2: "7 9", 3: "3", 4: "3", 5: "3"})
    act(game, "play 5", "pass", "play 7")
    seen = []
    while game.table is not None:
        seen.append(game.current_player)
        act(game, legal(game)[-1])
    assert 1 not in seen


@pytest.mark.rule("ROUND-3")
def test_p12_p13_the_opposite_answers_at_the_end_even_after_passing() -> None:
    """P§12: "（对头牌没人打时…除外）"; P§13: "还要再次确认对头是否上牌…只有对头认可扣牌才获得出牌权"."""
    game = pos({0: "5 3", 1: "3", 2: "6 3", 3: "7 8 3", 4: "3", 5: "3"})
    act(game, "play 5")
    # Seats 1 (auto) pass; seat 2 covers with 6; seat 3 may cover; let it pass.
    assert game.current_player == 2
    act(game, "play 6")
    assert game.current_player == 3
    act(game, "pass")
    # Everyone has passed on seat 2's 6; seat 2's opposite is seat 5 (only 3s): it closes.
    assert game.table is None and game.current_player == 2


@pytest.mark.rule("ROUND-3")
def test_p13_opposite_who_passed_gets_the_last_word() -> None:
    """P§12 exception "对头牌没人打时" and P§13: the opposite of the last player confirms or covers."""
    game = pos({0: "5 3", 1: "6 9 3", 2: "3", 3: "3", 4: "8 3", 5: "3"})
    act(game, "play 5", "pass")   # seat 1 passes on seat 0's 5 though it could cover
    assert game.current_player == 4
    act(game, "play 8")
    # Everyone passed on seat 4's 8; its opposite, seat 1, has the last word despite its pass.
    assert game.current_player == 1
    assert "play 9" in legal(game) and "close" in legal(game)


@pytest.mark.rule("ROUND-4")
def test_p14_yield_lets_the_two_lower_players_go_first() -> None:
    """P§14: "轮到发牌人对上两家过牌的对头牌…可声明让牌，即让下两家先上牌，如下两家均声明过牌，再由该发牌人确定上牌或者扣牌"."""
    game = pos({0: "6 3", 1: "3", 2: "3", 3: "9 3", 4: "7 3", 5: "8 3"})
    act(game, "play 6")
    assert game.current_player == 3 and "yield" in legal(game)
    act(game, "yield")
    assert game.current_player == 4
    act(game, "pass")
    assert game.current_player == 5
    act(game, "pass")
    assert game.current_player == 3 and sorted(legal(game)) == ["close", "play 9"]


@pytest.mark.rule("ROUND-4")
def test_p14_yield_when_lower_players_cover() -> None:
    """P§14: "让下两家先上牌" — a lower player who covers takes the round on."""
    game = pos({0: "6 3", 1: "3", 2: "3", 3: "9 3", 4: "7 3", 5: "8 3"})
    act(game, "play 6", "yield", "play 7")
    assert game.current_player == 5
    act(game, "play 8")
    # Seat 3 yielded, it has not passed: it may still cover.
    assert game.current_player == 0 or game.current_player == 3


@pytest.mark.rule("ROUND-4")
def test_p14_no_yield_unless_both_upper_players_passed() -> None:
    """P§14: "对上两家过牌的对头牌" — only after the two upper players passed."""
    game = pos({0: "6 3", 1: "3", 2: "7 3", 3: "9 3", 4: "8 3", 5: "3"})
    act(game, "play 6", "play 7")
    assert game.current_player == 3 and "yield" not in legal(game)


@pytest.mark.rule("ROUND-5")
def test_p15_only_the_opposite_closes_and_owner_leads() -> None:
    """P§15: "对头为法定宣布扣牌人…其他人不得宣布扣牌"."""
    game = pos({0: "6 3", 1: "7 3", 2: "3", 3: "9 3", 4: "3", 5: "3"})
    act(game, "play 6")
    assert game.current_player == 1 and "close" not in legal(game)
    act(game, "pass")
    assert game.current_player == 3 and "close" not in legal(game), "seats 4 and 5 are still to answer"
    act(game, "pass")
    # Seats 4 and 5 cannot cover; seat 3 has the last word and closes.
    assert game.current_player == 3 and "close" in legal(game)
    act(game, "close")
    assert game.table is None and game.current_player == 0


# --- P§16: count ----------------------------------------------------------------------------


@pytest.mark.rule("ROUND-6")
def test_p16_counts_of_ten_or_fewer_are_told() -> None:
    """P§16: "持牌人手中的剩余牌数等于或者少于10张…应如实报出手中牌的张数"."""
    game = pos({0: "3 " * 10, 1: "4 " * 11, 2: "5", 3: "6", 4: "7", 5: "8"})
    sizes = game.observation(2).hand_sizes
    assert sizes[0] == 10 and sizes[1] is None and sizes[2] == 1


# --- P§17: headless --------------------------------------------------------------------------


@pytest.mark.rule("END-2")
def test_p17_anyone_covers_a_headless_players_gouji_set() -> None:
    """P§17: "其他发牌人按发牌顺序，对无头者所发的不管是不是够级牌都可以灭之"."""
    # Seat 3 is out: seat 0 is headless.
    game = pos({0: "A A 3", 1: "2 2 9", 2: "3", 4: "3", 5: "3"})
    act(game, "play A A")
    assert game.current_player == 1 and "play 2 2" in legal(game)


@pytest.mark.rule("END-2")
def test_p17_headless_player_covers_anyones_gouji_set() -> None:
    """P§17: "无头者对其他人发的牌亦可行使同样的权力"."""
    game = pos({0: "2 2 3", 1: "A A 9", 2: "3", 4: "3", 5: "3"}, leader=1)
    act(game, "play A A")
    # Seat 2 (not headless, cannot cover) passes; seat 0 is headless and covers directly.
    assert game.current_player == 0
    assert "play 2 2" in legal(game)


@pytest.mark.rule("END-2")
def test_p17_nobody_closes_for_a_headless_player() -> None:
    """P§17 with P§15: the headless player's opposite is out, so when all pass he leads."""
    game = pos({0: "5 9", 1: "3", 2: "3", 4: "3", 5: "3"})
    act(game, "play 5")
    assert game.table is None and game.current_player == 0


# --- P§18: last set of 头科 / 二科 --------------------------------------------------------------


@pytest.mark.rule("END-3")
def test_p18_first_places_plain_last_set_is_played_normally() -> None:
    """P§18: "此轮牌是非够级牌时，此套牌为有头牌，按要求行牌"."""
    game = pos({0: "5", 1: "6 9", 2: "3 3", 3: "7 3", 4: "3 3", 5: "3 3"})
    act(game, "play 5")
    assert game.finish_order[:1] == [0]
    assert game.current_player == 1 and "play 6" in legal(game)


@pytest.mark.rule("END-3")
def test_p18_first_places_gouji_last_set_counts_as_lower_players() -> None:
    """P§18: "如头科所留最后一手牌是够级牌视作下家牌，除烧牌与对头人外，只有头科下家的对头可打，其他人均视作烧牌"."""
    game = pos({0: "A A", 1: "3 3", 2: "2 2 9 9", 3: "2 2 3", 4: "2 2 8", 5: "3 3"})
    act(game, "play A A")
    assert game.finish_order[:1] == [0]
    # Seat 1's opposite is seat 4: it may play; seat 2 only burns.
    seen: dict[int, list[str]] = {}
    while game.table is not None and game.current_player is not None and game.current_player not in seen:
        seat = game.current_player
        seen[seat] = legal(game)
        if seat == 4:
            break
        act(game, "pass")
    assert 4 in seen and "play 2 2" in seen[4]
    assert all("play 2 2" not in opts for s, opts in seen.items() if s in (2, 5))


@pytest.mark.rule("END-3")
def test_p18_second_places_last_set_starts_the_melee() -> None:
    """P§18: "二科所留底牌没有限制，直接进入四人乱缠"."""
    game = pos({0: "A A", 1: "2 2 3", 2: "3 3", 3: "9 9", 4: "3 3"}, leader=3)
    act(game, "play 9 9")
    # Seat 5 already out (头科); seat 3 goes out as 二科 with 9 9: the melee starts.
    assert len(game.finish_order) == 2
    assert game.current_player == 4 or game.current_player == 0
    while game.current_player not in (0, None):
        act(game, "pass")
    if game.table is not None:
        assert "play A A" in legal(game)


@pytest.mark.rule("ROUND-4")
def test_p18_p14_a_yield_on_toukes_plain_last_set_lets_the_two_lower_players_cover() -> None:
    """P§18: "此轮牌是非够级牌时，此套牌为有头牌，按要求行牌" with P§14 "可声明'让牌'，即让下两家先上牌，
    如下两家均声明过牌，再由该发牌人确定上牌或者扣牌" (E13): 头科's opposite yields on his plain last
    set; his lower player may cover it, and when both pass the yielder covers or closes."""
    hands = {0: "9", 1: "3 4", 2: "3 4", 3: "10 3", 4: "J 4", 5: "5 4"}
    game = pos(hands)
    act(game, "play 9", "pass", "yield")  # seat 0 is 头科; seat 1 passes, seat 2 cannot cover
    assert game.finish_order[:1] == [0] and game.current_player == 4 and "play J" in legal(game)
    game = pos(hands)
    act(game, "play 9", "pass", "yield", "pass")  # seat 4 passes, seat 5 cannot cover
    assert game.current_player == 3 and legal(game) == ["play 10", "close"]


@pytest.mark.rule("END-5")
def test_p18_p19_a_yield_on_erkes_last_set_is_the_melees() -> None:
    """P§18: "二科所留底牌没有限制，直接进入“四人乱缠”" and P§19 "喊“让牌”则此轮还有出牌权": seat 4,
    二科's lower player and not his opposite, may yield on the last set (no P§14 condition), and
    is asked again when nobody covers."""
    game = pos({0: "3 4", 1: "3 4", 2: "5 4", 3: "9", 4: "10 4"}, leader=3)  # seat 5 is 头科
    act(game, "play 9")
    assert game.finish_order == [5, 3]
    assert game.current_player == 4 and legal(game) == ["play 10", "pass", "yield"]
    act(game, "yield")  # seats 0, 1 and 2 cannot cover
    assert game.current_player == 4 and legal(game) == ["play 10", "pass"]


# --- P§19: melee ------------------------------------------------------------------------------


@pytest.mark.rule("END-5")
def test_p19_melee_gouji_set_answered_by_anyone() -> None:
    """P§19: "其余四人不再按够级，过牌，让牌，烧牌等规则进行"."""
    game = pos({0: "A A 3", 1: "2 2 9", 3: "3 3", 5: "4"})
    act(game, "play A A")
    assert game.current_player == 1 and "play 2 2" in legal(game)
    assert not any(t.startswith("burn") for t in legal(game))


@pytest.mark.rule("END-5")
def test_p19_melee_pass_ends_your_round() -> None:
    """P§19: "喊过牌则此轮没有出牌权"."""
    game = pos({0: "5 3", 1: "9 6 3", 3: "7 3", 5: "8 3"})
    act(game, "play 5", "pass", "play 7")
    seen = []
    while game.table is not None and game.current_player is not None:
        seen.append(game.current_player)
        act(game, "pass")
    assert 1 not in seen


@pytest.mark.rule("END-5")
def test_p19_melee_yield_keeps_your_round() -> None:
    """P§19: "喊让牌则此轮还有出牌权"."""
    game = pos({0: "5 3", 1: "9 6 3", 3: "7 3", 5: "8 3"})
    act(game, "play 5")
    assert "yield" in legal(game)
    act(game, "yield", "play 7", "pass")
    assert game.current_player in (0, 1)
    if game.current_player == 0:
        act(game, "pass")
    assert game.current_player == 1 and "play 9" in legal(game)


# --- P§20: take the wind ------------------------------------------------------------------------


@pytest.mark.rule("END-4")
def test_p20_lower_player_may_ask_to_take_the_wind() -> None:
    """P§20: "持牌人对上家的底牌可暂不上牌而申请由自己重新发牌…如其他按顺序发牌人同意，则申请人就获得了重新发牌的权力"."""
    game = pos({0: "5", 1: "6 9", 2: "3 3", 3: "3 3", 4: "3 3", 5: "3 3"})
    act(game, "play 5")
    assert game.current_player == 1 and "take-wind" in legal(game)
    act(game, next(t for t in legal(game) if "wind" in t))
    while game.table is not None and game.current_player != 1:
        act(game, "pass")
    assert game.table is None and game.current_player == 1


@pytest.mark.rule("END-4")
def test_p20_a_refused_wind_request() -> None:
    """P§20: "如其他按顺序发牌人同意" — another player who does not agree covers the last set instead."""
    game = pos({0: "5", 1: "6 9", 2: "7 3", 3: "3 3", 4: "3 3", 5: "3 3"})
    act(game, "play 5")
    act(game, next(t for t in legal(game) if "wind" in t))
    assert game.current_player == 2 and "play 7" in legal(game)


# --- P§21: scoring --------------------------------------------------------------------------


@pytest.mark.rule("SCORE-1")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_p21_points_of_a_played_game(seed: int) -> None:
    """P§21: "头科得四分，二科得二分，三科四科不得分，二落负二分，大落负四分…一方获得头科二科三科…此局得8分"."""
    game = VARIANT.new_game(seed=seed)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    order = list(game.finish_order)
    points = dict(zip(order, [4, 2, 0, 0, -2, -4], strict=True))
    team0 = sum(points[s] for s in (0, 2, 4))
    score = game.score()
    swept = {s % 2 for s in order[:3]}
    if len(swept) == 1:
        assert abs(score.team_points[0]) == 8
        assert (score.team_points[0] > 0) == (order[0] % 2 == 0)
    else:
        assert score.team_points[0] == team0
        assert abs(team0) in (0, 2, 4, 6)
    assert [score.seat_points[s] for s in range(6)] == [points[s] for s in range(6)]


@pytest.mark.rule("END-1")
def test_p3_places_follow_going_out() -> None:
    """P§3: "以先发完牌者为胜…第一名为头科，第二名为二科…最后手中余牌未发完者为败，称为落科"."""
    game = pos({0: "5", 1: "3", 2: "3", 3: "3", 4: "3", 5: "3"})
    act(game, "play 5")
    assert game.finish_order[0] == 0


# --- P§24: referee rulings (the examples of the book) -----------------------------------------


@pytest.mark.rule("PLAY-7")
def test_p24_3_too_many_cards_one_four_back() -> None:
    """P§24.3: "上首发四张3，下家错牌，小王挂四张4，应取回一张4"."""
    ruling = correct_wrong_set(counts("SJ 4 4 4 4"), table=gouji.parse_play("3 3 3 3"))
    assert ruling.returned == {4: 1}


@pytest.mark.rule("PLAY-7")
def test_p24_3_too_few_padded_big_small_two() -> None:
    """P§24.3: "上首发四张3，下家错牌发三张4，应按手中牌的大小顺序挂大王、小王、2进行补牌"."""
    ruling = correct_wrong_set(counts("4 4 4"), table=gouji.parse_play("3 3 3 3"), hand=counts("2 SJ BJ 9"))
    assert ruling.added == {17: 1}


@pytest.mark.rule("PLAY-7")
def test_p24_4_mixed_ranks() -> None:
    """P§24.4: "发四张5加一张4，则视为发了四张5…发四张5加一张6，则视为发了一张6，四张5取回"."""
    assert correct_wrong_set(counts("5 5 5 5 4")).returned == {4: 1}
    assert correct_wrong_set(counts("5 5 5 5 6")).returned == {5: 4}


@pytest.mark.rule("PLAY-7")
def test_p24_5_jokers_on_several_sets() -> None:
    """P§24.5: "大王、大王、小王三张王，挂在两张8和两张9及一张5上…大王，大王，小王两张9为一套牌"."""
    ruling = correct_wrong_set(counts("BJ BJ SJ 8 8 9 9 5"))
    assert ruling.play == gouji.parse_play("大王 大王 小王 9 9")
    assert ruling.returned == {8: 2, 5: 1}


@pytest.mark.rule("ROUND-1")
def test_p24_7_out_of_turn_play_is_refused_and_changes_nothing() -> None:
    """P§9.5 / P§24.7: "未轮到出牌者出牌，即越、抢出牌" is not allowed."""
    game = pos({0: "5 9", 1: "6 9", 2: "7 9", 3: "3", 4: "3", 5: "3"})
    act(game, "play 5")
    before = game.log_text()
    with pytest.raises(gouji.GoujiError):
        game.apply(gouji.parse_action("play 7"), seat=2)
    assert game.log_text() == before and game.current_player == 1


# --- further cases ---------------------------------------------------------------------------


@pytest.mark.rule("BURN-1")
def test_p11_burn_that_empties_the_hand() -> None:
    """P§11: "灭掉所发够级牌后，手中的牌为同一点数，一手牌可以出净" — nothing left is trivially one set."""
    game = pos({0: "K K 5", 1: "A A", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)


@pytest.mark.rule("ROUND-3")
def test_p12_opposite_who_passed_earlier_answers_a_later_gouji_set() -> None:
    """P§12: a pass loses the round "（对头牌没人打时…除外）"; P§10: only the opposite answers a gouji set."""
    game = pos({0: "5 2 3", 1: "6 9", 2: "3", 3: "7 小王 3", 4: "3", 5: "3"})
    act(game, "play 5", "play 6", "pass")   # seat 3 passes on seat 1's 6
    act(game, "play 2")                      # seat 0 covers with a gouji set
    assert game.current_player == 3 and sorted(legal(game)) == ["close", "play SJ"]


@pytest.mark.rule("END-4")
def test_p20_only_the_lower_player_asks_for_the_wind() -> None:
    """P§20: "持牌人对上家的底牌可暂不上牌而申请由自己重新发牌" — the finished player's lower player."""
    game = pos({0: "5", 1: "6 9", 2: "7 3", 3: "3 3", 4: "3 3", 5: "3 3"})
    act(game, "play 5", "pass")
    assert game.current_player == 2 and not any("wind" in t for t in legal(game))


@pytest.mark.rule("END-3")
def test_p18_first_places_opposite_gouji_is_dead_in_that_round() -> None:
    """P§18: "头科对头够级时为够死级"."""
    game = pos({0: "5", 1: "6 9 9", 2: "3 3", 3: "2 4", 4: "小王 3", 5: "小王 3"})
    act(game, "play 5", "play 6", "play 2")
    assert game.table is None and game.current_player == 3


@pytest.mark.rule("END-5")
def test_p19_melee_needs_first_and_second_place() -> None:
    """P§19: "头科、二科产生后，其余四人不再按够级…" — a failed burner (大落) is no 二科."""
    game = pos({0: "K K Q Q Q 5", 1: "A A 9 8 小王", 2: "9 9 3", 3: "4 4 A A 2 2", 4: "3 3 4"})
    act(game, "play K K", "burn A A", "play SJ")
    assert game.places[5] == 1 and not game.melee
    act(game, "play Q Q Q")
    assert game.current_player == 3


@pytest.mark.rule("PLAY-4")
def test_p9_6_a_small_joker_does_not_raise_a_lower_rank() -> None:
    """P§9.6: "下家所发的牌的点数必须高于上家牌的点数" — 小王 8 (two 8s) does not cover 9 9."""
    game = pos({0: "9 9 3", 1: "小王 8 3", 2: "3", 3: "3", 4: "3", 5: "3"})
    act(game, "play 9 9")
    assert "play SJ 8" not in legal(game) if game.current_player == 1 else True


@pytest.mark.rule("PLAY-5")
def test_p9_3_big_joker_on_a_lower_rank_does_not_cover() -> None:
    """P§9.6 "步步高": 大王 3 (two 3s) does not cover K K."""
    game = pos({0: "K K 3", 1: "3", 2: "3", 3: "大王 3 4", 4: "3", 5: "3"})
    act(game, "play K K")
    assert "play BJ 3" not in legal(game) if game.current_player == 3 else True


@pytest.mark.rule("BURN-2")
def test_p11_burns_of_the_opposites_answer_start_with_its_team() -> None:
    """P§11: "联邦烧牌优先" applies to the opposite's answering gouji set too (its team-mates first)."""
    game = pos({0: "K K 5 5", 1: "2 2 9 9", 2: "3", 3: "A A 9 9", 4: "3", 5: "2 2 8 8"})
    act(game, "play K K", "pass", "pass")   # the opponents 1 and 5 decline to burn seat 0's set
    act(game, "play A A")
    assert game.current_player == 5 and "burn 2 2" in legal(game)
    act(game, "pass")
    assert game.current_player == 1 and "burn 2 2" in legal(game)


# --- re-checks of what was being fixed on main when this review started -------------------------


@pytest.mark.rule("BURN-2")
def test_p11_only_a_teammates_decline_is_a_pass_for_the_round() -> None:
    """P§11: "如果联邦放弃烧牌，那么该轮视为过牌" — an opponent who declines has not passed the round."""
    game = pos({0: "K K 5 5", 1: "2 2 2 2 3", 2: "3", 3: "A A 9 9", 4: "3", 5: "4"})
    act(game, "play K K")
    assert game.current_player == 1 and "burn 2 2" in legal(game)
    act(game, "pass")                     # an opponent declines to burn seat 0's set
    assert game.current_player == 3
    act(game, "play A A")                 # seat 0's opposite answers
    # Seat 3's team-mates are offered the burn first: seat 1 has not passed this round.
    assert game.current_player == 1 and "burn 2 2" in legal(game)


@pytest.mark.rule("END-5")
def test_p19_the_burn_duty_ends_in_the_melee() -> None:
    """P§19: "其余四人不再按够级，过牌，让牌，烧牌等规则进行" — a burner's joker duty ends too."""
    game = pos({0: "K K 5", 1: "A A 9 8 小王", 2: "3 3", 3: "4 4", 4: "2 2"})
    act(game, "play K K")
    while game.current_player != 1:
        act(game, "pass")
    act(game, "burn A A")
    assert game.current_player == 4
    act(game, "play 2 2")   # seat 4 goes out as 二科: the melee starts
    assert game.melee
    while game.current_player != 0 or game.table is not None:
        if game.current_player == 1 and game.table is None:
            break
        act(game, legal(game)[-1] if "pass" in legal(game) else legal(game)[0])
    if game.current_player == 0:
        act(game, "play 5")
    assert game.current_player == 1 and "play 9" in legal(game)


@pytest.mark.rule("REF-1")
def test_p24_3_p25_warning_then_plus_two_then_loss() -> None:
    """P§24.3: "处以警告一次…同一场比赛中再次出现，每次给予对方队…加两分"; P§25: "累计判罚对方加两分的情况第二次，将被判负"."""
    from gouji.rules.provincial.referee import Offence, PenaltyLedger

    ledger = PenaltyLedger()
    kinds = [ledger.record(0, Offence.WRONG_CLOSE).kind for _ in range(3)]
    assert kinds == ["warning", "plus_two", "game_lost"]


@pytest.mark.rule("REF-2")
def test_p24_7_out_of_turn_is_plus_two_at_once() -> None:
    """P§24.7: "越、抢出牌…直接给予对方队，当场比赛成绩加两分的处罚"."""
    from gouji.rules.provincial.referee import Offence, PenaltyLedger

    assert PenaltyLedger().record(0, Offence.OUT_OF_TURN).kind == "plus_two"


@pytest.mark.rule("BURN-1")
@pytest.mark.parametrize("rest", ["9 8 2 小王", "9 2", "2 2 9 8 小王", "9 小王 小王 8 7"])
def test_p11_burn_offered_when_the_rest_can_follow_the_rule(rest: str) -> None:
    """P§11: every later set carries a joker but the last, or the rest is one set (an attached 2 takes the rank, P§9.3)."""
    game = pos({0: "K K 5", 1: f"A A {rest}", 2: "3", 3: "4", 4: "3", 5: "4"})
    act(game, "play K K")
    assert game.current_player == 1 and "burn A A" in legal(game)


@pytest.mark.rule("ROUND-4")
def test_p14_no_yield_on_a_set_that_is_not_the_opposites() -> None:
    """P§14: "对上两家过牌的对头牌" — the set must be the opposite's."""
    game = pos({0: "5 9", 1: "6 3", 2: "6 3", 3: "6 9 9", 4: "3", 5: "7 3"})
    act(game, "play 5", "pass", "pass", "play 6", "play 7", "pass")
    # Seats 1 and 2 passed, but the set on the table is seat 5's, not seat 3's opposite's.
    assert game.current_player == 3 and "yield" not in legal(game)


@pytest.mark.rule("END-2")
def test_p17_a_headless_players_team_mate_covers_his_gouji_set_directly() -> None:
    """P§17: "其他发牌人按发牌顺序，对无头者所发的不管是不是够级牌都可以灭之" — team-mates included."""
    game = pos({0: "A A 3", 1: "3 3", 2: "2 2 9", 4: "3", 5: "3"})
    act(game, "play A A")
    assert game.current_player == 2 and "play 2 2" in legal(game)


@pytest.mark.rule("END-3")
def test_p18_first_places_gouji_last_set_unanswered_gives_the_lower_player_the_lead() -> None:
    """P§18: "如头科所留最后一手牌是够级牌视作下家牌" — the set is the lower player's, so he wins the lead."""
    game = pos({0: "A A", 1: "3 3", 2: "3 4", 3: "3 4", 4: "3 5", 5: "3 4"})
    act(game, "play A A")
    assert game.table is None and game.current_player == 1


@pytest.mark.rule("OPEN-1")
def test_p7_2_folk_next_game_is_cut_by_the_first_cutters_lower_player() -> None:
    """P§7.2: "每局结束后，都要进行下一局的开牌，由首局开牌人的下首开牌"."""
    from gouji.engine.series import Series

    variant = VARIANT.with_options(joker_cut="next_cutter")
    for seed in range(6):
        series = Series(variant, seed=seed, games=2)
        first = next(e for e in series.game.events if e.kind == "cut")
        if "大王" in first.detail or "小王" in first.detail:
            continue  # a joker handed the first cut on: who was 首局开牌人 is then less clear
        while not series.game.is_over:
            series.game.apply(series.game.legal_actions()[0])
        series.next_game()
        cut = next(e for e in series.game.events if e.kind == "cut")
        drawn = cut.detail.split("drew ")[1].split(";")[0].split()
        if len(drawn) == 1:  # no joker handed the cut on
            assert cut.seat == (first.seat + 1) % 6
            return
    pytest.skip("no series without a joker cut")


@pytest.mark.rule("OPEN-1")
def test_p7_1_every_game_of_a_series_is_cut_afresh() -> None:
    """P§7.1: "下一局仍要进行重新开牌"."""
    from gouji.engine.series import Series

    series = Series(VARIANT, seed=5, games=2)
    while not series.game.is_over:
        series.game.apply(series.game.legal_actions()[0])
    series.next_game()
    assert any(e.kind == "cut" for e in series.game.events)


@pytest.mark.rule("PLAY-5")
def test_p9_3_big_joker_set_is_dead_in_the_melee_too() -> None:
    """P§9.3: "大王挂任何牌时，所发牌均为死牌" — a general rule of sets, not a gouji rule (P§19 lifts those)."""
    game = pos({0: "大王 5 3", 1: "大王 6 3", 3: "大王 大王 3", 4: "大王 7 3"})
    assert game.melee
    act(game, "play BJ 5")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("TABLE-2")
def test_p6_drawn_teams_same_colour_together_numbers_face_each_other() -> None:
    """P§6.2(3): "同花色者组成一方…三红1、2、3与三黑1、2、3抽签确定对头（1对1、2对2、3对3）"."""
    import random

    from gouji.engine.teams import TEAM_DRAW, draw_teams, seat_for

    seats = {card: seat_for(*card) for card in TEAM_DRAW}
    reds = {seats[("red", n)] for n in (1, 2, 3)}
    blacks = {seats[("black", n)] for n in (1, 2, 3)}
    assert reds in ({0, 2, 4}, {1, 3, 5}) and blacks == {0, 1, 2, 3, 4, 5} - reds
    assert all(seats[("black", n)] == (seats[("red", n)] + 3) % 6 for n in (1, 2, 3))
    table = draw_teams(list("abcdef"), random.Random(1))
    assert sorted(table) == list(range(6)) and sorted(table.values()) == list("abcdef")


@pytest.mark.rule("END-3")
def test_p18_second_places_gouji_last_set_is_free_for_anyone() -> None:
    """P§18: "二科所留底牌没有限制，直接进入四人乱缠" — even a team-mate may cover it, without burning."""
    game = pos({0: "3 4", 1: "2 2 9", 2: "3 3", 3: "A A", 4: "3 3"}, leader=3)
    act(game, "play A A")   # seat 5 is 头科 (left out); seat 3 goes out as 二科
    assert len(game.finish_order) == 2 and game.melee
    while game.current_player != 1:
        act(game, "pass")
    assert "play 2 2" in legal(game)


@pytest.mark.rule("ROUND-2")
def test_p12_with_four_left_a_pass_does_not_end_the_round() -> None:
    """P§12: "这一轮无再发牌权…（对头牌没人打时和只剩四人及不足四人时除外）"."""
    # Seat 5 is out (头科) and seat 1 fails its burn (大落): four left, no 二科 yet, so no melee.
    game = pos({0: "K K Q Q Q 5 7 9", 1: "A A 9 8 小王", 2: "9 9 3 6 8 10", 3: "4 4 A A 2 2 6", 4: "3 3 4 8"})
    act(game, "play K K", "burn A A", "play SJ")
    assert not game.melee and game.current_player == 0
    act(game, "play 5", "pass", "play 6", "play 8")   # seat 2 passes on the 5
    act(game, "pass")                                 # seat 0 passes on seat 4's 8
    assert game.current_player == 2, "with four left seat 2 may play again in this round"


@pytest.mark.rule("BURN-2")
def test_p11_burn_order_for_a_gouji_set_of_seat_3() -> None:
    """P§11: team-mates of the gouji player first, in turn order, then the other team in turn order; the opposite answers last."""
    game = pos({0: "2 2 9", 1: "2 2 8", 2: "2 2 7", 3: "A A 3", 4: "2 2 6", 5: "2 2 5"}, leader=3)
    act(game, "play A A")
    order = []
    while game.table is not None and game.current_player != 0:
        order.append(game.current_player)
        act(game, "pass")
    assert order == [5, 1, 4, 2]
    assert sorted(legal(game)) == ["close", "play 2 2"]


@pytest.mark.rule("END-1")
@pytest.mark.parametrize("seed", [7, 8])
def test_p3_a_random_game_ends_with_six_places(seed: int) -> None:
    """P§3: places 头科 … 大落, one per player."""
    import random

    rng = random.Random(seed)
    game = VARIANT.new_game(seed=seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert sorted(game.finish_order) == list(range(6))


@pytest.mark.rule("END-2")
def test_p17_others_answer_a_headless_players_set_in_turn_order() -> None:
    """P§17: "其他发牌人按发牌顺序，对无头者所发的不管是不是够级牌都可以灭之" — in turn order, as plain covers."""
    game = pos({0: "A A 3", 1: "2 2 9", 2: "2 2 9", 4: "2 2 9", 5: "2 2 9"})   # seat 3 out: seat 0 headless
    act(game, "play A A")
    order = []
    while game.table is not None:
        order.append(game.current_player)
        assert "play 2 2" in legal(game) and not any(t.startswith("burn") for t in legal(game))
        act(game, "pass")
    assert order == [1, 2, 4, 5]
    assert game.current_player == 0


@pytest.mark.rule("END-2")
def test_p17_headless_player_answers_a_gouji_set_without_burning() -> None:
    """P§17: "无头者对其他人发的牌亦可行使同样的权力" — a headless player covers a gouji set as a plain cover."""
    game = pos({0: "2 2 9 8", 1: "A A 3", 2: "3", 4: "3", 5: "3"}, leader=1)   # seat 3 out
    act(game, "play A A")
    assert game.current_player == 0 and "play 2 2" in legal(game)
    act(game, "play 2 2")
    assert not game.is_burner(0), "no burn duty for a headless player's cover"


@pytest.mark.rule("REF-1")
def test_p24_3_one_warning_per_match_across_offences() -> None:
    """P§24.3: "处以警告一次（所有的警告每场比赛仅此一次）"; P§25: "累计口头警告第两次，将被判罚对方加两分"."""
    from gouji.rules.provincial.referee import Offence, PenaltyLedger

    ledger = PenaltyLedger()
    assert ledger.record(0, Offence.WRONG_SEAT).kind == "warning"
    assert ledger.record(0, Offence.WRONG_CLOSE).kind == "plus_two"
    assert ledger.record(1, Offence.WRONG_CLOSE).kind == "warning", "penalties count per team"


@pytest.mark.rule("REF-1")
def test_p25_second_plus_two_loses_the_game_across_offences() -> None:
    """P§25: "累计判罚对方加两分的情况第二次，将被判负，对手局分得6分"."""
    from gouji.rules.provincial.referee import Offence, PenaltyLedger

    ledger = PenaltyLedger()
    assert ledger.record(0, Offence.OUT_OF_TURN).kind == "plus_two"
    assert ledger.record(0, Offence.WRONG_PASS).kind == "game_lost"
    assert ledger.opponents_points(0) == 2 + 6


@pytest.mark.rule("REF-2")
@pytest.mark.parametrize(("name", "first"), [
    ("WRONG_SEAT", "warning"), ("WRONG_FIRST_LEAD", "warning"), ("WRONG_SET_SIZE", "warning"),
    ("MIXED_SET", "warning"), ("MANY_JOKERS_MANY_SETS", "warning"), ("TAKING_BACK", "warning"),
    ("OUT_OF_TURN", "plus_two"), ("WRONG_CARD_COUNT", "plus_two"), ("WRONG_PASS", "plus_two"),
    ("WRONG_CLOSE", "warning"), ("WRONG_COUNT_ANNOUNCED", "plus_two"), ("ASKING_WITHOUT_RIGHT", "warning"),
])
def test_p24_first_penalty_of_each_offence(name: str, first: str) -> None:
    """P§24.1-13: warnings for 1-6, 11, 13; "直接…加两分" for 7, 8; "每次…加两分" for 10, 12."""
    from gouji.rules.provincial.referee import Offence, PenaltyLedger

    assert PenaltyLedger().record(0, Offence[name]).kind == first


@pytest.mark.rule("SCORE-1")
def test_p21_sweep_scores_eight() -> None:
    """P§21: "如一方获得头科二科三科，则称对方被串三户，即获胜的一方此局得8分"."""
    game = pos({1: "5", 3: "6 3", 5: "7 3"}, leader=1)   # seats 0, 2, 4 are already out: 1st-3rd
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert sorted(game.finish_order[:3]) == [0, 2, 4]
    assert game.score().team_points[0] == 8


@pytest.mark.rule("SCORE-1")
def test_p21_plain_sum_without_sweep() -> None:
    """P§21: "头科得四分，二科得二分，三科四科不得分，二落负二分，大落负四分…正负相抵"."""
    game = pos({1: "5", 2: "3 3", 3: "6 3", 5: "7 3"}, leader=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    order = game.finish_order
    points = dict(zip(order, [4, 2, 0, 0, -2, -4], strict=True))
    assert game.score().team_points[0] == points[0] + points[2] + points[4]


@pytest.mark.rule("PLAY-1")
def test_p9_1_a_set_not_held_is_refused_and_changes_nothing() -> None:
    """P§9.1 "落地生根，不得换牌，增牌，减牌": only cards held, as one legal set; a bad set changes nothing."""
    game = pos({0: "5 9", 1: "6 9", 2: "3", 3: "3", 4: "3", 5: "3"})
    before = game.log_text()
    for text in ("play 5 5", "play 7", "close"):
        with pytest.raises(gouji.GoujiError):
            act(game, text)
    assert game.log_text() == before and game.current_player == 0


@pytest.mark.rule("END-2")
def test_p18_after_the_dead_gouji_round_the_headless_opposite_is_answered_by_anyone() -> None:
    """P§18 "头科对头够级时为够死级" holds for that round; afterwards P§17 applies: anyone covers the headless player."""
    game = pos({0: "5", 1: "6 9 9", 2: "3 3", 3: "2 A A 4", 4: "2 2 3", 5: "小王 3"})
    act(game, "play 5", "play 6", "play 2")
    assert game.table is None and game.current_player == 3
    act(game, "play A A")
    assert game.current_player == 4 and "play 2 2" in legal(game)


@pytest.mark.rule("END-2")
def test_p17_only_first_places_opposite_is_headless() -> None:
    """P§17: "头科产生后，其对头的够级对象不复存在，称无头" — a failed burner (大落, P§24.9) is not 头科."""
    game = pos({0: "K K Q Q Q 5 7 9", 1: "A A 9 8 小王", 2: "9 9 3 6 8 10", 3: "4 4 A A 2 2 6",
                4: "3 3 4 8", 5: "3 4 5 6 7 8 9 10"})
    act(game, "play K K")
    while game.current_player != 1:
        act(game, "pass")
    act(game, "burn A A", "play SJ")    # seat 1 fails its burn: 大落, out of play
    assert game.places[5] == 1
    assert not game.is_headless(4)


@pytest.mark.rule("END-4")
def test_p20_a_refused_wind_request_keeps_the_requester_in_the_round() -> None:
    """P§20: "可暂不上牌而申请由自己重新发牌" — holding back is not a pass; refused, he may still cover."""
    game = pos({0: "5", 1: "6 9", 2: "7 3", 3: "3 3", 4: "3 3", 5: "3 3"})
    act(game, "play 5", "take-wind", "play 7")
    while game.current_player != 1 and game.table is not None:
        act(game, "pass")
    assert game.current_player == 1 and "play 9" in legal(game)


def _record_penalty() -> Any:
    import gouji.rules.provincial.referee as referee

    if not hasattr(referee, "record_penalty"):
        pytest.skip("no in-game referee penalties on this engine")
    return referee.record_penalty


@pytest.mark.rule("REF-2")
def test_p24_7_plus_two_reaches_the_games_score() -> None:
    """P§24.7: "直接给予对方队，当场比赛成绩加两分的处罚"."""
    from gouji.rules.provincial.referee import Offence

    record_penalty = _record_penalty()
    hands = {0: "9 5 3", 1: "4 3", 2: "J 3", 3: "10 3", 4: "Q 3", 5: "K 3"}
    plain = pos(hands)
    while not plain.is_over:
        plain.apply(plain.legal_actions()[0])
    game = pos(hands)
    record_penalty(game, 1, Offence.OUT_OF_TURN)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.score().team_points[0] == plain.score().team_points[0] + 2


@pytest.mark.rule("REF-1")
def test_p25_second_plus_two_loses_the_game_opponents_score_six() -> None:
    """P§25: "累计判罚对方加两分的情况第二次，将被判负，对手局分得6分"."""
    from gouji.rules.provincial.referee import Offence

    record_penalty = _record_penalty()
    game = pos({0: "9 5 3", 1: "4 3", 2: "J 3", 3: "10 3", 4: "Q 3", 5: "K 3"})
    record_penalty(game, 0, Offence.WRONG_PASS)
    assert record_penalty(game, 0, Offence.WRONG_PASS).kind == "game_lost"
    assert game.is_over
    assert game.score().team_points[1] >= 6
