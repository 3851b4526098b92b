"""PLAY-2, PLAY-3, PLAY-4, PLAY-6, GOUJI-1 as C§2-3 count sets."""

import pytest

from gouji import parse_play as p


@pytest.mark.rule("PLAY-2")
def test_PLAY_2_2s_convert_to_the_base_rank_C2(club):
    # "22333算作33３３３; 266算作666"
    assert p("2 2 3 3 3").rank == 3 and p("2 2 3 3 3").body == 5
    assert p("2 6 6").rank == 6 and p("2 6 6").body == 3
    # C§3: "2个钱＋3个八,相当于5个八,与5个九比较大小，5个九要大"
    assert club.beats(p("9 9 9 9 9"), p("2 2 8 8 8"))
    assert not club.beats(p("2 2 8 8 8"), p("9 9 9 9 9"))
    assert not club.beats(p("2 8 8"), p("8 8 8"))  # equal rank never covers (PLAY-4)


@pytest.mark.rule("PLAY-4")
def test_PLAY_4_same_count_higher_rank_C3(club):
    # "同样张数得牌才允许比较大小,点数大得即大"; 大花>小花>２>A>…>3
    assert club.beats(p("A A"), p("K K"))
    assert not club.beats(p("A A A"), p("K K"))
    assert club.beats(p("2"), p("A")) and club.beats(p("小王"), p("2")) and club.beats(p("大王"), p("小王"))
    assert not club.beats(p("小王"), p("小王"))


@pytest.mark.rule("PLAY-3")
def test_PLAY_3_a_big_and_a_small_joker_together_count_as_small_C2(club):
    rules = club.set_rules
    # "如1大花+1小花＋2个2+4个五,当做2个小花带6个五"
    assert rules.joker_part(p("大王 小王 2 2 5 5 5 5")) == (2, False)
    assert rules.joker_part(p("大王 大王 2 2 2 9 9 9 9")) == (2, True)  # 2 big jokers with seven 9s
    assert p("大王 大王 2 2 2 9 9 9 9").body == 7
    # "2个大花+3个２,算2个大花带3个二"
    assert p("大王 大王 2 2 2").rank == 15 and rules.joker_part(p("大王 大王 2 2 2")) == (2, True)
    # So a mixed set is beaten like a small-joker set, and is not dead.
    assert not rules.is_dead(p("大王 小王 5 5"))
    assert club.beats(p("大王 大王 6 6"), p("大王 小王 5 5"))
    assert not club.beats(p("大王 小王 6 6"), p("小王 小王 5 5"))


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_the_books_examples_two_big_with_three_9s_C3(club):
    # "如2个小花+3个8 … 例如用2个大花带3个９大过"
    assert club.beats(p("大王 大王 9 9 9"), p("小王 小王 8 8 8"))


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_the_books_examples_three_jokers_with_two_9s_C3(club):
    # "(也可以用3个花带2个9大过)": three jokers of any kind (ambiguity 2, joker_beat = "more_jokers")
    old = p("小王 小王 8 8 8")
    for jokers in ("小王 小王 小王", "大王 小王 小王", "大王 大王 小王", "大王 大王 大王"):
        assert club.beats(p(f"{jokers} 9 9"), old), jokers


@pytest.mark.rule("PLAY-6")
@pytest.mark.parametrize("new", [
    "小王 小王 9 9 9",      # as many jokers, not bigger ones
    "大王 大王 8 8 8",      # bigger jokers, the same rank
    "大王 大王 大王 7 7",   # more jokers, a lower rank
    "大王 9 9 9 9",         # fewer jokers, though big
    "2 2 2 2 2",            # no jokers at all
    "大王 小王 9 9 9",      # two jokers counted small
])
def test_PLAY_6_both_counts_are_needed_C3(club, new):
    assert not club.beats(p(new), p("小王 小王 8 8 8"))


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_big_joker_sets_are_beaten_on_both_counts_too_C3(club):
    old = p("大王 大王 8 8 8")
    assert club.beats(p("大王 大王 大王 9 9"), old)
    assert not club.beats(p("小王 小王 小王 9 9"), old)     # more jokers, but not as big
    assert not club.beats(p("大王 大王 9 9 9"), old)        # as many, not bigger
    assert club.beats(p("大王 大王"), p("小王 小王"))       # jokers alone: 大花 > 小花
    assert not club.beats(p("大王 小王"), p("小王 小王"))   # counted as two small
    assert club.beats(p("小王 小王 小王 小王 小王"), p("小王 小王 8 8 8"))  # jokers alone rank above any base


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_ambiguity_2_big_jokers_reading_is_an_option(club):
    strict = club.with_options(joker_beat="big_jokers")
    old = p("小王 小王 8 8 8")
    assert strict.beats(p("大王 大王 9 9 9"), old)
    assert strict.beats(p("大王 大王 大王 9 9"), old)
    assert not strict.beats(p("小王 小王 小王 9 9"), old)
    assert not strict.beats(p("大王 大王 小王 9 9"), old)  # counted small


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_a_set_with_jokers_covers_a_plain_set_on_rank(club):
    assert club.beats(p("小王 9 9"), p("8 8 8"))
    assert not club.beats(p("小王 7 7"), p("8 8 8"))


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_the_engine_offers_only_covers_bigger_on_both_counts(plain, legal):
    game = plain.new_position({0: "小王 小王 8 8 8 5", 3: "大王 大王 9 9 9 小王 小王 小王 7 7 6",
                               1: "6", 2: "6", 4: "6", 5: "6"}, 0)
    game.apply(__import__("gouji").parse_action("play SJ SJ 8 8 8"))
    assert game.current_player == 3
    plays = [a for a in legal(game) if a.startswith("play")]
    assert "play BJ BJ 9 9 9" in plays and "play BJ BJ SJ 9 9" in plays
    assert "play SJ SJ SJ 9 9" in plays  # more jokers, 9 over 8
    assert not any(" 7 7" in a for a in plays)


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize("text, gouji", [
    ("A A", True), ("K K", True), ("Q Q Q", True), ("J J J J", True), ("10 10 10 10 10", True),
    ("A", False), ("K", False), ("Q Q", False), ("J J J", False), ("10 10 10 10", False),
    ("2", True), ("2 2 Q Q", True), ("2 10 10 10 10", True), ("9 9 9 9 9 9 9 9", False),
    ("小王", True), ("大王 3", True), ("小王 9", True),
])
def test_GOUJI_1_thresholds_and_joker_sets_C2(club, text, gouji):
    # "2张A,２张K,3张Q,4张J，5张10…张数或点数高于、等于这些牌得牌，均视作够级牌";
    # "当任何一手牌挂花时,也算作够级牌"; "贴钱得牌转换点数后如果符合条件,也算作够级牌"
    assert club.is_gouji(p(text)) is gouji


def _reference_beats(new, old, joker_beat="more_jokers"):
    """C§3 written out plainly: same size; base rank higher (jokers alone rank 16/17 as
    their kind); against jokers, a joker part bigger on count and kind."""
    def part(play):
        n = play.small + play.big
        return n, n > 0 and play.small == 0

    def base(play):
        if play.rank >= 16:
            return 17 if part(play)[1] else 16
        return play.rank

    if new.size != old.size or base(new) <= base(old):
        return False
    (nn, nb), (on, ob) = part(new), part(old)
    if on == 0:
        return True
    if joker_beat == "big_jokers":
        return nb and (nn > on or (nn == on and not ob))
    return (nn > on and (nb or not ob)) or (nn == on and nb and not ob)


@pytest.mark.rule("PLAY-6")
@pytest.mark.parametrize("joker_beat", ["more_jokers", "big_jokers"])
def test_PLAY_6_the_comparison_agrees_with_the_rule_written_out(club, joker_beat):
    """Every pair of sets of 1 to 5 cards (two 2s… eight of each rank, four jokers of each kind)."""
    from gouji.engine.sets import sets_of_size

    rules = club.with_options(joker_beat=joker_beat).set_rules
    counts = [0] * 3 + [8] * 13 + [4, 4]
    for size in range(1, 6):
        sets = sets_of_size(counts, size)
        for old in sets:
            for new in sets:
                assert rules.beats(new, old) is _reference_beats(new, old, joker_beat), (new, old)
