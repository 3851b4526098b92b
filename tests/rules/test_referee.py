"""PLAY-7, REF-1, REF-2: the provincial referee's rulings (P§24, P§25)."""

import collections

import pytest

import gouji
from gouji.referee import Offence, PenaltyLedger, correct_wrong_set


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
def test_REF_1_second_warning_is_plus_two_second_plus_two_loses_the_game_P25():
    ledger = PenaltyLedger()
    kinds = [ledger.record(0, Offence.WRONG_CLOSE).kind for _ in range(4)]
    assert kinds == ["warning", "plus_two", "warning", "game_lost"]
    assert ledger.opponents_points(0) == 2 + 6
    assert ledger.opponents_points(1) == 0


@pytest.mark.rule("REF-1")
def test_REF_1_second_lost_game_disqualifies():
    ledger = PenaltyLedger()
    for _ in range(3):
        ledger.record(1, Offence.OUT_OF_TURN)
    assert not ledger.disqualified(1)
    assert ledger.record(1, Offence.OUT_OF_TURN).kind == "disqualification"
    assert ledger.disqualified(1)


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
