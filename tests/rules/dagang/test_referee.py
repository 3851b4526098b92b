"""REF-3 (D§28-30): the referee's penalties — warning, a lost turn, points, forced 大落, disqualification."""

import pytest

import gouji
from gouji.engine.context import GameContext
from gouji.errors import GameOverError, IllegalActionError
from gouji.rules.dagang import Offence, Referee
from gouji.rules.dagang.actions import Ruling
from gouji.rules.dagang.referee import turns_owed
from gouji.rules.dagang.series import next_context
from gouji.rules.dagang.state import OFFENCES_KEY, get_state

HANDS = {0: "9 9 3 K", 1: "10 10 4 4", 2: "J J 5", 3: "Q Q 6", 4: "7 7 A", 5: "8 8 2"}


@pytest.fixture
def game(plain):
    return plain.new_position(HANDS, leader=0)


@pytest.mark.rule("REF-3")
def test_REF_3_a_ruling_is_no_players_action_and_replays(game, act):
    Referee(game).warn(4, Offence.SIGNALLING)
    assert not any(isinstance(a, Ruling) for a in game.legal_actions())
    assert game.history[-1].to_text() == "dagang-ruling 4 warning signalling 1 -"
    assert gouji.parse_action(game.history[-1].to_text()) == game.history[-1]
    act(game, "play 9 9")
    assert gouji.replay(game.record()).events == game.events


@pytest.mark.rule("REF-3")
def test_REF_3_a_warning_changes_nothing_but_the_log_D29_1(game):
    before = (game.current_player, [game.hand(s) for s in range(6)], game.legal_actions())
    Referee(game).warn(2, Offence.EXPOSED_CARD)
    assert (game.current_player, [game.hand(s) for s in range(6)], game.legal_actions()) == before
    assert game.events[-1].kind == "penalty" and game.events[-1].rule == "REF-3"


@pytest.mark.rule("REF-3")
def test_REF_3_a_repeated_warning_offence_costs_a_turn_D30(game):
    referee = Referee(game)
    assert referee.report(2, Offence.EXPOSED_CARD).penalty == "warning"
    assert referee.report(2, Offence.EXPOSED_CARD).penalty == "lose-turn"


@pytest.mark.rule("REF-3")
def test_REF_3_a_repeat_is_any_offence_of_the_same_list_D30(game):
    """D§30: "摸牌时将下家牌带出并曝光者、联邦间非法传递信息者，给予警告一次。重复上述行为者，视情节轻重，
    其一次至多次发（顺）牌权" — exposing a card, then signalling, is a repeat of "上述行为"."""
    referee = Referee(game)
    assert referee.report(2, Offence.EXPOSED_CARD).penalty == "warning"
    assert referee.report(2, Offence.SIGNALLING).penalty == "lose-turn"
    assert referee.report(4, Offence.SIGNALLING).penalty == "warning", "another seat's offence is no repeat"
    assert referee.report(4, Offence.FALSE_COUNT).penalty == "lose-turn"
    assert referee.report(4, Offence.EXPOSED_CARD).penalty == "lose-turn", "a turn offence is of another list"


@pytest.mark.rule("REF-3")
def test_REF_3_a_repeat_of_any_da_luo_offence_disqualifies_over_the_series_D30(plain):
    """D§30: "多摸牌不报、从已发过的牌中偷牌或将手中牌混入已发牌中者，一经发现，即罚为大落。重复上述
    行为者，取消其参赛（参与）资格" — stealing after extra cards (an earlier game) disqualifies."""
    later = plain.new_position(HANDS, leader=0)
    later.context = GameContext(2, carry=((OFFENCES_KEY, [[5, "extra-cards", 1], [1, "signalling", 1]]),))
    referee = Referee(later)
    assert referee.report(1, Offence.MIXING).penalty == "last", "a warning offence does not count"
    assert referee.report(5, Offence.STEALING).penalty == "disqualify"


@pytest.mark.rule("REF-3")
def test_REF_3_a_lost_turn_makes_the_next_answer_a_pass_D29_2(game, act, legal):
    Referee(game).lose_turn(1, Offence.FALSE_COUNT)
    assert turns_owed(game, 1) == 1
    act(game, "play 9 9")
    # Seat 1 could cover with 10 10, but his turn is lost: he passes by himself.
    assert game.current_player == 2 and 1 in game.passed
    assert turns_owed(game, 1) == 0
    act(game, "pass", "pass", "close")  # seats 2 and 3 pass, 4 and 5 cannot cover, seat 3 closes
    assert game.current_player == 0


@pytest.mark.rule("REF-3")
def test_REF_3_the_last_word_lost_is_a_close(game, act):
    act(game, "play 9 9", "pass", "pass", "pass")  # seats 1-3 pass, 4 and 5 cannot cover
    assert game.current_player == 3 and "close" in [a.to_text() for a in game.legal_actions()]
    Referee(game).lose_turn(3)
    assert game.current_player == 0 and game.table is None


@pytest.mark.rule("REF-3")
def test_REF_3_points_go_to_the_offenders_opponents_D29_3(game, play_out):
    Referee(game).fine(1, 2, Offence.SIGNALLING)
    play_out(game)
    score = game.score()
    base = game.variant.score(game.finish_order).team_points
    assert score.team_points == (base[0] + 2, base[1])
    assert score.adjustments[0].rule == "REF-3"


@pytest.mark.rule("REF-3")
def test_REF_3_forced_da_luo_D29_4(game):
    Referee(game).report(5, Offence.STEALING)
    assert not game.playing[5] and game.places[5] == 5
    assert get_state(game).offences == ((5, "stealing"),)


@pytest.mark.rule("REF-3")
def test_REF_3_a_repeat_of_a_da_luo_offence_disqualifies_over_the_series_D30(plain, game):
    referee = Referee(game)
    referee.report(5, Offence.EXTRA_CARDS)
    context = GameContext(2, carry=((OFFENCES_KEY, [[5, "extra-cards", 1]]),))
    later = plain.new_position(HANDS, leader=0)
    later.context = context
    assert Referee(later).report(5, Offence.EXTRA_CARDS).penalty == "disqualify"
    assert get_state(later).disqualified == (5,)


@pytest.mark.rule("REF-3")
def test_REF_3_offences_travel_to_the_next_game(plain, game, play_out):
    Referee(game).warn(2, Offence.SIGNALLING)
    play_out(game)
    context = next_context(plain.options, game, game.context)
    assert context.get(OFFENCES_KEY) == [[2, "signalling", 1]]


@pytest.mark.rule("REF-3")
def test_REF_3_a_concealed_tribute_card_is_made_up_and_costs_a_turn_D30(game):
    Referee(game).report(5, Offence.CONCEALED_TRIBUTE, target=2)
    assert game.hand_counts(2).get(15) == 1 and not game.hand_counts(5).get(15)
    assert turns_owed(game, 5) == 1


@pytest.mark.rule("REF-3")
def test_REF_3_bad_rulings_are_refused_and_change_nothing(plain, game):
    before = game.record()
    with pytest.raises(IllegalActionError):
        game.apply(Ruling(1, "points", "other", 0))
    with pytest.raises(IllegalActionError):
        game.apply(Ruling(1, "make-up", "concealed-tribute", 1, None))
    off = plain.with_options(penalties=False).new_position(HANDS, leader=0)
    with pytest.raises(IllegalActionError) as err:
        Referee(off).warn(1)
    assert err.value.rule_id == "REF-3"
    assert game.record() == before


@pytest.mark.rule("REF-3")
def test_REF_3_no_ruling_after_the_game(game, play_out):
    play_out(game)
    with pytest.raises(GameOverError):
        Referee(game).warn(1)


@pytest.mark.rule("PLAY-7")
def test_PLAY_7_cuo_pai_bu_chu_only_for_the_player_about_to_follow(game):
    with pytest.raises(gouji.GoujiError):
        Referee(game).wrong_follow(0)  # seat 0 leads: there is nothing to follow


@pytest.mark.rule("REF-3")
def test_REF_3_a_turn_lost_as_he_is_about_to_lead_passes_the_lead_at_once_D29_2(game, kinds):
    Referee(game).lose_turn(0, Offence.WRONG_PLAY)
    assert game.current_player == 1 and game.table is None
    assert kinds(game, "lost-lead")[0].seat == 0 and turns_owed(game, 0) == 0
    assert gouji.replay(game.record()).current_player == 1


@pytest.mark.rule("REF-3")
def test_REF_3_a_lost_turn_owed_to_a_leader_leaves_him_only_the_forfeit(plain, act, legal):
    game = plain.new_position({**HANDS, 5: "A A 2"}, leader=0)
    act(game, "play 9 9", "pass", "pass", "play Q Q")
    assert game.current_player == 5
    Referee(game).lose_turn(3, Offence.MISSED_PLAY)  # owed: it is seat 5's turn
    act(game, "pass")  # seat 0, the last word, cannot cover: seat 3 wins the lead
    assert game.current_player == 3 and legal(game) == ["dagang-forfeit"]
    act(game, "dagang-forfeit")
    assert game.current_player == 4 and game.table is None and turns_owed(game, 3) == 0
