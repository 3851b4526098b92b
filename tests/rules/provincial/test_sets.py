"""PLAY-1 … PLAY-6 and GOUJI-1: what a set is and what covers what."""

import pytest

import gouji
from gouji import parse_play as p


@pytest.mark.rule("PLAY-1")
def test_PLAY_1_a_set_is_one_rank_with_2s_and_jokers():
    assert p("大王 小王 2 2 9 9") == gouji.Play.of(9, 2, 2, 1, 1)
    with pytest.raises(gouji.ParseError, match="PLAY-1"):
        p("5 5 5 5 4")
    with pytest.raises(ValueError):
        p("9 10")


@pytest.mark.rule("PLAY-1")
def test_PLAY_1_no_legal_lead_mixes_ranks(position):
    game = position({0: "大王 2 9 9 5", 1: "3", 2: "3", 3: "3", 4: "3", 5: "3"})
    for action in game.legal_actions():
        counts = action.play.counts()
        assert len([r for r in counts if 3 <= r <= 14]) <= 1


@pytest.mark.rule("PLAY-2")
def test_PLAY_2_an_attached_2_takes_the_sets_rank(provincial):
    assert p("2 2 3 3 3").rank == 3 and p("2 2 3 3 3").size == 5  # 22333 = five 3s
    assert provincial.beats(p("2 9"), p("8 8"))
    assert not provincial.beats(p("2 8"), p("8 8"))
    assert p("2 2") == gouji.Play.of(15, 2)  # 2s alone are a set of 2s
    assert provincial.beats(p("2 2"), p("A A"))


@pytest.mark.rule("PLAY-3")
def test_PLAY_3_mixed_jokers_count_as_big_in_provincial_ambiguity_1(provincial):
    mixed = p("大王 小王 5 5")
    assert provincial.set_rules.is_dead(mixed)
    assert not provincial.beats(p("大王 大王 6 6"), mixed)


@pytest.mark.rule("PLAY-3")
def test_PLAY_3_mixed_jokers_as_small_option_C2(provincial):
    variant = provincial.with_options(mixed_jokers="small")
    # C§2: 1 big + 1 small + two 2s + four 5s = two small jokers with six 5s.
    mixed = p("大王 小王 2 2 5 5 5 5")
    assert variant.set_rules.effective_jokers(mixed) == (2, 0)
    assert not variant.set_rules.is_dead(mixed)
    assert variant.beats(p("大王 大王 6 6 6 6 6 6"), mixed)


@pytest.mark.rule("PLAY-4")
def test_PLAY_4_same_count_higher_rank_covers(provincial):
    assert provincial.beats(p("9 9 9"), p("8 8 8"))
    assert not provincial.beats(p("9 9 9"), p("9 9 9")), "equal rank never covers (P§23.4)"
    assert not provincial.beats(p("9 9"), p("8 8 8")), "fewer cards never cover"
    assert not provincial.beats(p("9 9 9 9"), p("8 8 8")), "more cards never cover (P§23.1)"


@pytest.mark.rule("PLAY-5")
def test_PLAY_5_a_big_joker_set_is_dead(provincial):
    dead = p("大王 4")
    assert provincial.set_rules.is_dead(dead)
    for cover in ("大王 大王", "大王 5", "2 2"):
        assert not provincial.beats(p(cover), dead)


@pytest.mark.rule("PLAY-5")
def test_PLAY_5_the_opposite_closes_a_dead_set_at_once(position, act):
    game = position({0: "大王 4 9", 1: "大王 大王 7", 2: "3", 3: "2 2 8", 4: "3", 5: "3"})
    act(game, "play BJ 4")
    assert game.current_player == 0 and game.table is None
    assert [e.kind for e in game.events[-2:]] == ["dead-set", "round-won"]


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_small_joker_set_needs_as_many_big_jokers_one_rank_higher(provincial):
    old = p("小王 8 8")
    assert provincial.beats(p("大王 9 9"), old)
    assert not provincial.beats(p("大王 8 8"), old), "the base must be at least one rank higher"
    assert not provincial.beats(p("小王 9 9"), old), "small jokers never cover small jokers"
    assert not provincial.beats(p("A A A"), old), "no big joker, no cover"
    two_small = p("小王 小王 8 8")
    assert not provincial.beats(p("大王 9 9 9"), two_small), "fewer big jokers than small"
    assert provincial.beats(p("大王 大王 9 9"), two_small)


@pytest.mark.rule("PLAY-6")
def test_PLAY_6_joker_only_sets(provincial):
    assert provincial.beats(p("大王"), p("小王"))
    assert provincial.beats(p("小王"), p("2"))
    assert not provincial.beats(p("2"), p("小王"))


GOUJI_CASES = [
    ("小王", True), ("大王 3", True), ("2", True), ("2 2 2", True),
    ("A A", True), ("A", False), ("K K", True), ("K", False),
    ("Q Q Q", True), ("Q Q", False), ("2 Q Q", True),
    ("J J J J", True), ("J J J", False), ("2 2 J J", True),
    ("10 10 10 10 10", True), ("10 10 10 10", False), ("2 10 10 10 10", True),
    ("9 9 9 9 9 9 9 9", False), ("3", False),
]


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize(("text", "expected"), GOUJI_CASES)
def test_GOUJI_1_thresholds_P10(provincial, text, expected):
    assert provincial.is_gouji(p(text)) is expected
