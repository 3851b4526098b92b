"""REF-4 in book T: breaches the referee records (T 二.3.(3), (7), (8), (12))."""

from __future__ import annotations

import pytest

import gouji
from gouji.rules.district.referee import Breach, Warning, breaches, record_breach, record_warning
from gouji.testing import check_record_round_trip

HANDS = {0: "9 5 3", 1: "4 3", 2: "J 3", 3: "10 3", 4: "Q 3", 5: "K 3"}


@pytest.mark.rule("REF-4")
def test_REF_4_each_breach_costs_its_team_a_point(position, act, finish):
    game = position(HANDS, leader=0, point_scoring=False)
    record_breach(game, 1, "asked-count")         # T 二.3.(7) 不允许询问…剩余张数
    record_breach(game, 0, "closed-cards")        # T 二.3.(3) 翻看已经扣好的牌
    act(game, "play 9")
    record_breach(game, 3, "speech")              # T 二.3.(8) 非比赛用语
    assert breaches(game) == [(1, "asked-count"), (0, "closed-cards"), (3, "speech")]
    assert game.current_player == 5               # the turn is untouched
    score = finish(game).score()
    assert [(a.team, a.points) for a in score.adjustments if a.rule == "REF-4"] == [(1, -1), (0, -1), (1, -1)]


@pytest.mark.rule("REF-4")
def test_REF_4_breaches_are_not_player_actions(position):
    game = position(HANDS, leader=0)
    assert not any(isinstance(a, (Breach, Warning)) for a in game.legal_actions())


@pytest.mark.rule("REF-4")
def test_REF_4_three_occurrences_of_speech_the_warned_one_included_lose_the_game_0_6(position, act):
    """T 二.3.(8): "出现一次扣一分（…对方不追究的情况下只警告一次，否则判罚一分。出现三次该局判0:6负）"."""
    game = position(HANDS, leader=0)
    act(game, "play 9")
    record_warning(game, 2)
    record_breach(game, 4, "speech")
    assert not game.is_over
    record_breach(game, 0, "speech")
    assert game.is_over
    assert game.score().team_points == (0, 6)


@pytest.mark.rule("REF-4")
def test_REF_4_other_breaches_do_not_count_toward_the_three_by_default(position, act):
    """T 二.3.(8)'s "出现三次" is said of non-game speech; (3), (7), (12) are a point each."""
    game = position(HANDS, leader=0)
    act(game, "play 9")
    for kind in ("closed-cards", "asked-count", "false-revolution", "speech", "speech"):
        record_breach(game, 2, kind)
    assert not game.is_over
    record_breach(game, 2, "speech")
    assert game.is_over


@pytest.mark.rule("REF-4")
def test_REF_4_option_all_three_breaches_of_any_kind_lose_the_game_0_6(position, act):
    """Option ``breach_limit_counts = "all"``: "出现三次该局判0:6负" read of every breach."""
    game = position(HANDS, leader=0, breach_limit_counts="all")
    act(game, "play 9")
    for kind in ("speech", "asked-count", "false-revolution"):
        record_breach(game, 2, kind)
    assert game.is_over
    # Team 0 (seats 0, 2, 4) takes the places below the other team's players.
    assert {game.finish_order[i] % 2 for i in range(3)} == {1}
    assert game.score().team_points == (0, 6)
    with pytest.raises(gouji.GameOverError):
        record_breach(game, 1, "speech")


@pytest.mark.rule("REF-4")
def test_REF_4_one_warning_per_team_instead_of_a_point(position, finish):
    # "对方不追究的情况下只警告一次".
    game = position(HANDS, leader=0, point_scoring=False)
    record_warning(game, 1)
    with pytest.raises(gouji.IllegalActionError) as err:
        record_warning(game, 3)
    assert err.value.rule_id == "REF-4"
    record_warning(game, 0)
    assert not [a for a in finish(game).score().adjustments if a.rule == "REF-4"]


@pytest.mark.rule("REF-4")
@pytest.mark.parametrize("kind", ["closed-cards", "asked-count", "false-revolution"])
def test_REF_4_a_warning_instead_of_a_point_exists_only_for_speech(position, kind):
    """T 二.3.(8) "对方不追究的情况下只警告一次" is said of speech; T 二.3.(3) "违者扣除1 分",
    (7) "当局扣1分", (12) "违者罚一分" are flat points."""
    game = position(HANDS, leader=0)
    with pytest.raises(gouji.GoujiError):
        record_warning(game, 1, kind)
    with pytest.raises(gouji.ParseError):
        gouji.parse_action(f"district-warning 1 {kind}")
    assert not game.history


@pytest.mark.rule("REF-4")
@pytest.mark.parametrize(("seat", "kind"), [(6, "speech"), (-1, "speech"), (True, "speech"), (0, "cheating")])
def test_REF_4_bad_breaches_are_refused_clearly(seat, kind):
    with pytest.raises(gouji.GoujiError):
        Breach(seat, kind)


@pytest.mark.rule("REF-4")
def test_REF_4_breaches_replay_from_the_record(district):
    game = district.new_game(7)
    record_breach(game, 4, "speech")
    while game.kind == "phase":
        game.apply(game.legal_actions()[0])
    record_breach(game, 1, "asked-count")
    game.apply(game.legal_actions()[0])
    assert "district-breach 1 asked-count" in game.record()["actions"]
    check_record_round_trip(game)
    with pytest.raises(gouji.ParseError):
        gouji.parse_action("district-breach 9 speech")
