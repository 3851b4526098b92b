"""PLAY-5 and GOUJI-1 in book T: 大虎二杀一 (T 二.3.(14)); ambiguity 3."""

from __future__ import annotations

import pytest

from gouji import parse_play as P
from gouji.rules.district.sets import DistrictSetRules


@pytest.mark.rule("GOUJI-1")
@pytest.mark.parametrize(("text", "expected"), [
    ("大王", False), ("大王 9 9", False), ("大王 小王", False), ("大王 大王", False),
    ("小王", True), ("小王 5", True), ("2", True), ("A A", True), ("10 10 10 10 10", True),
    ("J J J", False),
])
def test_GOUJI_1_big_joker_sets_are_not_gouji_T_2_3_14(district, text, expected):
    # "大虎、挂大虎不够级，属于正常出牌".
    assert district.is_gouji(P(text)) is expected


@pytest.mark.rule("PLAY-5")
def test_PLAY_5_two_big_jokers_beat_one_and_nothing_else_does(district):
    assert district.beats(P("大王 大王"), P("大王"))
    assert not district.beats(P("大王"), P("大王"))
    assert not district.beats(P("大王 小王"), P("大王"))
    assert not district.beats(P("大王 大王 大王"), P("大王"))
    assert not district.beats(P("大王 大王 10 10"), P("大王 9 9"))
    assert not district.beats(P("大王 大王 大王 大王"), P("大王 大王"))   # narrow reading
    assert district.beats(P("大王 10 10"), P("小王 9 9"))                # PLAY-6 as P


@pytest.mark.rule("PLAY-5")
def test_PLAY_5_narrow_two_big_jokers_stand_general_four_beat_two(district):
    narrow = district.set_rules
    assert narrow.cover_sizes(P("大王")) == (1, 2)
    assert narrow.cover_sizes(P("大王 大王")) == (2,)
    assert narrow.is_dead(P("大王 大王")) and narrow.is_dead(P("大王 9"))
    assert not narrow.is_dead(P("大王"))
    general = district.with_options(two_kill_one="general").set_rules
    assert general.beats(P("大王 大王 大王 大王"), P("大王 大王"))
    assert general.cover_sizes(P("大王 大王")) == (2, 4)
    assert not general.is_dead(P("大王 大王"))
    assert general.is_dead(P("大王 9"))
    with pytest.raises(ValueError):
        DistrictSetRules(two_kill_one="triple")


@pytest.mark.rule("PLAY-5")
def test_PLAY_5_a_big_joker_goes_round_the_table_and_two_kill_it(position, act, legal):
    # Seat 0 leads a single 大王: not gouji, so anyone may answer in turn order (5, 4, 3 …).
    game = position({0: "大王 9 3", 1: "7 3", 2: "8 3", 3: "5 3", 4: "大王 大王 4 3", 5: "6 3"},
                    leader=0)
    act(game, "play BJ")
    assert not game.restricted
    assert game.current_player == 4          # seat 5 could not answer and passed by itself
    assert "play BJ BJ" in legal(game)
    act(game, "play BJ BJ")
    # The two big jokers stand at once ("不存在过牌"): the round ends and seat 4 leads.
    assert game.table is None and game.current_player == 4
    assert [e.kind for e in game.events][-2:] == ["dead-set", "round-won"]


@pytest.mark.rule("PLAY-5")
def test_PLAY_5_a_set_carrying_a_big_joker_ends_the_round(position, act):
    game = position({0: "大王 9 9 5 3", 3: "大王 大王 10 10 3", 1: "6 3", 2: "7 3", 4: "8 3", 5: "4 3"},
                    leader=0)
    act(game, "play BJ 9 9")
    assert game.table is None and game.current_player == 0
