"""PLAY-7, REF-1, REF-2: the provincial referee's rulings (P§24, P§25)."""

import collections
import json
import subprocess
import sys

import pytest

import gouji
from gouji.engine.series import Series
from gouji.rules.provincial.referee import (
    Offence,
    PenaltyLedger,
    RefereePenalty,
    correct_wrong_set,
    record_penalty,
)


def counts(text):
    return collections.Counter(c.rank for c in map(gouji.Card.parse, text.split()))


@pytest.mark.rule("PLAY-7")
def test_PLAY_7_too_many_cards_extra_base_cards_go_back_P24_3():
    ruling = correct_wrong_set(counts("SJ 4 4 4 4"), table=gouji.parse_play("3 3 3 3"))
    assert ruling.play == gouji.parse_play("小王 4 4 4")
    assert ruling.returned == {4: 1} and not ruling.counts_as_pass and ruling.warning


@pytest.mark.rule("PLAY-7")
def test_PLAY_7_too_few_cards_padded_with_jokers_then_2s_P24_3():
    ruling = correct_wrong_set(counts("4 4 4"), table=gouji.parse_play("3 3 3 3"), hand=counts("SJ 2 9"))
    assert ruling.play == gouji.parse_play("小王 4 4 4") and ruling.added == {16: 1}
    ruling = correct_wrong_set(counts("4 4"), table=gouji.parse_play("3 3 3 3"), hand=counts("BJ 2 9"))
    assert ruling.play == gouji.parse_play("大王 2 4 4")


@pytest.mark.rule("PLAY-7")
def test_PLAY_7_nothing_to_pad_with_is_taken_back_and_a_pass_P24_3():
    ruling = correct_wrong_set(counts("4 4 4"), table=gouji.parse_play("3 3 3 3"), hand=counts("9 9"))
    assert ruling.play is None and ruling.counts_as_pass and ruling.returned == {4: 3}


@pytest.mark.rule("PLAY-7")
@pytest.mark.parametrize(
    ("offered", "stands", "back"),
    [
        ("5 5 5 5 4", "5 5 5 5", {4: 1}),                 # P§24.4
        ("5 5 5 5 6", "6", {5: 4}),                       # P§24.4
        ("BJ BJ SJ 8 8 9 9 5", "大王 大王 小王 9 9", {8: 2, 5: 1}),  # P§24.5
    ],
)
def test_PLAY_7_mixed_ranks_the_highest_stands_P24_4_5(offered, stands, back):
    ruling = correct_wrong_set(counts(offered))
    assert ruling.play == gouji.parse_play(stands)
    assert ruling.returned == back


@pytest.mark.rule("PLAY-7")
def test_PLAY_7_a_cover_that_does_not_beat_goes_back_as_a_pass_P24_6():
    ruling = correct_wrong_set(counts("5 5"), table=gouji.parse_play("5 5"))
    assert ruling.play is None and ruling.counts_as_pass and ruling.article == "P§24.6"


@pytest.mark.rule("PLAY-7")
def test_PLAY_7_a_correct_set_stands_without_warning():
    ruling = correct_wrong_set(counts("6 6"), table=gouji.parse_play("5 5"))
    assert ruling.play == gouji.parse_play("6 6") and not ruling.warning


@pytest.mark.rule("REF-1")
def test_REF_1_warning_only_once_a_match_then_plus_two_then_the_game_lost_P24_P25():
    """P§24.3: "处以警告一次（所有的警告每场比赛仅此一次），同一场比赛中再次出现，每次给予对方队，当场比赛成绩加两分";
    P§25: "累计口头警告第两次，将被判罚对方加两分；累计判罚对方加两分的情况第二次，将被判负，对手局分得6分"."""
    ledger = PenaltyLedger()
    kinds = [ledger.record(0, Offence.WRONG_CLOSE).kind for _ in range(3)]
    assert kinds == ["warning", "plus_two", "game_lost"]
    assert ledger.opponents_points(0) == 2 + 6
    assert ledger.opponents_points(1) == 0
    # A different warning offence is no new first warning: the one warning is spent.
    assert PenaltyLedger(ledger.counts()).record(0, Offence.ASKING_WITHOUT_RIGHT).kind != "warning"


@pytest.mark.rule("REF-1")
def test_REF_1_second_lost_game_disqualifies():
    """P§25: "第二次判负或比赛中有严重违反规则的言行…取消比赛资格"."""
    ledger = PenaltyLedger()
    assert [ledger.record(1, Offence.OUT_OF_TURN).kind for _ in range(2)] == ["plus_two", "game_lost"]
    assert not ledger.disqualified(1)
    assert ledger.record(1, Offence.OUT_OF_TURN).kind == "disqualification"
    assert ledger.disqualified(1)


@pytest.mark.rule("REF-1")
def test_REF_1_the_ledger_restarts_from_its_counts_and_refuses_bad_ones():
    ledger = PenaltyLedger()
    ledger.record(0, Offence.WRONG_SEAT)
    assert PenaltyLedger(ledger.counts()).record(0, Offence.WRONG_SEAT).kind == "plus_two"
    for bad in ([[2, "warning", 1]], [[0, "nothing", 1]], [[0, "warning", -1]], [3]):
        with pytest.raises(gouji.GoujiError):
            PenaltyLedger(bad)


HANDS = {0: "9 5 3", 1: "4 3", 2: "J 3", 3: "10 3", 4: "Q 3", 5: "K 3"}


def _play_out(game):
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.rule("REF-2")
def test_REF_2_a_plus_two_reaches_the_games_score_naming_the_article_P24(position):
    """P§24.7: "未轮到出牌者出牌…直接给予对方队，当场比赛成绩加两分的处罚"."""
    game = position(HANDS, leader=0)
    plain = _play_out(game.clone()).score()
    penalty = record_penalty(game, 1, Offence.OUT_OF_TURN)
    assert penalty.kind == "plus_two"
    assert not any(isinstance(a, RefereePenalty) for a in game.legal_actions())
    score = _play_out(game).score()
    assert [(a.team, a.points, a.rule) for a in score.adjustments] == [(0, 2, "REF-2")]
    assert score.adjustments[0].reason.startswith("P§24.7")
    assert score.team_points == (plain.team_points[0] + 2, plain.team_points[1])


@pytest.mark.rule("REF-1")
def test_REF_1_a_lost_game_ends_it_and_the_opponents_score_6_P25(position):
    """P§25: "累计判罚对方加两分的情况第二次，将被判负，对手局分得6分"."""
    game = position(HANDS, leader=0)
    record_penalty(game, 0, Offence.WRONG_PASS)
    assert record_penalty(game, 0, Offence.WRONG_PASS).kind == "game_lost"
    assert game.is_over
    assert {game.finish_order[i] % 2 for i in range(3)} == {1}
    score = game.score()
    assert score.team_points == (-6, 6) and {a.rule for a in score.adjustments} <= {"REF-1", "REF-2"}
    assert all(a.reason.startswith(("P§24.10", "P§25")) for a in score.adjustments)
    with pytest.raises(gouji.GameOverError):
        record_penalty(game, 1, Offence.WRONG_SEAT)


@pytest.mark.rule("REF-1")
def test_REF_1_the_ledger_counts_over_the_match_and_reaches_the_series_totals(provincial):
    """P§24.3: "所有的警告每场比赛仅此一次": a warning in game 1 makes the same offence +2 in game 2."""
    series = Series(provincial, seed=5, games=2)
    assert record_penalty(series.game, 1, Offence.WRONG_CLOSE).kind == "warning"
    _play_out(series.game)
    first = series.game.score()
    series.next_game()
    assert record_penalty(series.game, 1, Offence.WRONG_CLOSE).kind == "plus_two"
    _play_out(series.game)
    series.next_game()
    second = series.finished[1].score()
    assert any(a.rule == "REF-1" and a.reason.startswith("P§25") and a.team == 0 and a.points == 2
               for a in second.adjustments)
    assert series.team_totals() == (first.team_points[0] + second.team_points[0],
                                     first.team_points[1] + second.team_points[1])
    replayed = Series.replay(json.loads(json.dumps(series.record())))
    assert replayed.team_totals() == series.team_totals()


@pytest.mark.rule("REF-2")
def test_REF_2_penalties_replay_and_bad_text_is_refused(position):
    game = position(HANDS, leader=0)
    record_penalty(game, 0, Offence.ASKING_WITHOUT_RIGHT)
    assert "referee-penalty 0 asking-without-right" in [a.to_text() for a in game.history]
    assert gouji.parse_action("referee-penalty 0 asking-without-right") == RefereePenalty(
        0, Offence.ASKING_WITHOUT_RIGHT)
    for text in ("referee-penalty 2 wrong-seat", "referee-penalty 0 cheating", "referee-penalty 0"):
        with pytest.raises(gouji.ParseError):
            gouji.parse_action(text)
    with pytest.raises(gouji.GoujiError):
        RefereePenalty(0, "wrong-seat")


@pytest.mark.rule("REF-1")
def test_REF_1_a_record_with_penalties_replays_in_a_fresh_process(provincial, tmp_path):
    """P§25: "累计判罚对方加两分的情况第二次，将被判负，对手局分得6分": a record holding a +2 and
    the lost game it led to replays, with its score, in a process that only imports gouji (the
    plugin brings its referee's action with it)."""
    game = provincial.new_game(seed=7)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    assert record_penalty(game, 1, Offence.OUT_OF_TURN).kind == "plus_two"
    game.apply(game.legal_actions()[0])
    assert record_penalty(game, 1, Offence.WRONG_PASS).kind == "game_lost" and game.is_over
    path = tmp_path / "record.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    script = (
        "import json, sys, gouji\n"
        "game = gouji.replay(open(sys.argv[1], encoding='utf-8').read())\n"
        "print(json.dumps([list(game.score().team_points), [a.to_text() for a in game.history if getattr(a, 'referee', False)]]))\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    points, penalties = json.loads(done.stdout)
    assert points == [6, -6] == list(game.score().team_points)
    assert penalties == ["referee-penalty 1 out-of-turn", "referee-penalty 1 wrong-pass"]


@pytest.mark.rule("REF-2")
@pytest.mark.parametrize(
    ("offence", "first"),
    [
        (Offence.WRONG_SEAT, "warning"),
        (Offence.WRONG_FIRST_LEAD, "warning"),
        (Offence.OUT_OF_TURN, "plus_two"),
        (Offence.WRONG_PASS, "plus_two"),
        (Offence.WRONG_COUNT_ANNOUNCED, "plus_two"),
        (Offence.ASKING_WITHOUT_RIGHT, "warning"),
        (Offence.SERIOUS_MISCONDUCT, "disqualification"),
    ],
)
def test_REF_2_each_offence_starts_where_P24_says(offence, first):
    assert PenaltyLedger().record(0, offence).kind == first


@pytest.mark.rule("REF-2")
def test_REF_2_bad_input_is_a_clear_error():
    with pytest.raises(gouji.GoujiError):
        PenaltyLedger().record(2, Offence.WRONG_SEAT)
    with pytest.raises(gouji.GoujiError):
        correct_wrong_set({})
