"""END-6 and END-8 in book T: 鳖三 (T 一.7, T 二.3.(11)) and 4s without jokers (T 二.3.(6))."""

from __future__ import annotations

import pytest

import gouji


@pytest.mark.rule("END-6")
def test_END_6_threes_only_as_the_last_set(position, legal):
    # "最后一手牌必须是3 … 不是最后一手牌时不许出3".
    game = position({0: "9 3 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 3"}, leader=0)
    assert legal(game) == ["play 9"]
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.parse_action("play 3 3"))
    assert err.value.rule_id == "END-6"


@pytest.mark.rule("END-6")
def test_END_6_the_last_set_is_all_the_threes_with_nothing_attached(position, legal):
    game = position({0: "3 3 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 3"}, leader=0)
    assert legal(game) == ["play 3 3 3"]
    game = position({0: "2 3 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 3"}, leader=0)
    assert legal(game) == ["play 2"]          # 2 3 3 would carry a 2 on the 3s


@pytest.mark.rule("END-6")
def test_END_6_fours_never_carry_jokers_but_may_carry_twos(position, legal):
    # "4不得挂牌", "4不能挂虎".
    game = position({0: "小王 2 4 4 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 3"}, leader=0)
    plays = legal(game)
    assert "play 2 4 4" in plays and "play 4" in plays
    assert not any("SJ" in p and " 4" in p for p in plays)
    assert "play SJ" in plays and "play SJ 2" in plays


def _smother_table(position, coverer, **options):
    hands = {0: "9 9 3 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "4 3"}
    hands[coverer] = "10 10 5 3"
    return position(hands, leader=0, **options)


@pytest.mark.rule("END-8")
def test_END_8_the_first_smothered_player_is_da_luo(position, act, kinds):
    # Seat 0 leads 9 9 keeping only 3 3; seat 5 covers: seat 0 can never win a lead again.
    game = _smother_table(position, 5)
    act(game, "play 9 9", "play 10 10")
    assert "smothered" in kinds(game)
    assert not game.playing[0]
    assert game.places[5] == 0                # 先被鳖三者为大落
    assert game.hand_counts(0) == {3: 2}


@pytest.mark.rule("END-8")
def test_END_8_two_smothered_players_take_the_two_lowest_places(position, act):
    game = position({0: "9 9 3 3", 1: "J J 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 10 3"},
                    leader=0)
    act(game, "play 9 9", "play 10 10")        # seat 0 smothered by seat 5
    act(game, "play J J")                      # seat 1 covers seat 5's 10 10: seat 5 holds only a 3
    assert game.places[5] == 0 and game.places[4] == 5


@pytest.mark.rule("END-8")
def test_END_8_smothering_an_opponent_scores_one_a_teammate_nothing(position, act, finish):
    # T 二.3.(11): "将对手鳖三一次，加一分，将同伙鳖三，不加分" (E-T T9).
    game = _smother_table(position, 5)
    act(game, "play 9 9", "play 10 10")
    score = finish(game).score()
    items = [(a.team, a.points, a.reason.split(":")[0]) for a in score.adjustments
             if a.rule == "END-8" and "seat 0" in a.reason]
    assert items == [(1, 1, "憋三")]
    game = _smother_table(position, 5, smother_tribute=True)   # the 憋闷 reading: two points
    act(game, "play 9 9", "play 10 10")
    score = finish(game).score()
    items = [(a.team, a.points, a.reason.split(":")[0]) for a in score.adjustments
             if a.rule == "END-8" and "seat 0" in a.reason]
    assert items == [(1, 1, "憋三"), (1, 1, "闷贡")]
    game = _smother_table(position, 4)                       # seat 4 is seat 0's teammate
    act(game, "play 9 9", "play 10 10")
    assert not game.playing[0]                               # still smothered: 大落
    score = finish(game).score()
    assert not [a for a in score.adjustments if a.rule == "END-8" and "seat 0" in a.reason]  # 将同伙鳖三，不加分


@pytest.mark.rule("END-6")
def test_END_6_off_threes_play_freely(position, legal):
    game = position({0: "9 3 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 3"}, leader=0,
                    hold_three=False, open_with_four=False)
    assert "play 3" in legal(game) and "play 3 3" in legal(game)


@pytest.mark.rule("SCORE-3")
@pytest.mark.rule("END-8")
def test_SCORE_3_smother_tribute_off_scores_bie_san_alone(position, act, finish):
    # T 二.3.(11) "将对手鳖三一次，加一分": with smother_tribute = false, one point, no 闷贡.
    hands = {0: "9 9 3 3", 1: "5 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 10 5 3"}
    game = position(hands, leader=0, smother_tribute=False)
    act(game, "play 9 9", "play 10 10")
    assert not game.playing[0] and game.places[5] == 0      # still 大落
    score = finish(game).score()
    items = [(a.team, a.points, a.reason.split(":")[0]) for a in score.adjustments
             if a.rule == "END-8" and "seat 0" in a.reason]
    assert items == [(1, 1, "憋三")]


@pytest.mark.rule("END-8")
def test_END_8_the_hold_three_policy_names_who_was_smothered_by_whom(position, act):
    """T 二.3.(11) "先被鳖三者为大落，依此类推": the policy's ``smothers`` lists them in order."""
    game = position({0: "9 9 3 3", 1: "J J 3", 2: "6 3", 3: "7 3", 4: "8 3", 5: "10 10 3"}, leader=0)
    act(game, "play 9 9", "play 10 10", "play J J")
    assert game.variant.hold_three_policy.smothers(game) == [(0, 5), (5, 1)]
