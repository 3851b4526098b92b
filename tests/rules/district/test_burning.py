"""BURN-2, BURN-4, BURN-5 in book T (T 二.3.(5)).

Clockwise: seat 0's turn order is 5, 4, 3, 2, 1. Seat 0's opposite is seat 3,
whose teammates are seats 1 and 5.
"""

from __future__ import annotations

import pytest

import gouji


def _gouji_table(position):
    return position({0: "A A 6 3", 1: "2 2 3", 2: "Q 3", 3: "2 2 7 3", 4: "K 3", 5: "2 2 3"}, leader=0)


@pytest.mark.rule("BURN-2")
def test_BURN_2_the_opposite_answers_first_then_burns_in_turn_order(position, act, legal):
    # "烧牌不优先于正常打牌以及正常的够级顺序": the gouji order (the opposite) comes first,
    # then burns "按自然打牌先后顺序（无同伙优先烧规则）".
    game = _gouji_table(position)
    act(game, "play A A")
    assert game.queue == [3, 5, 4, 2, 1]
    assert game.current_player == 3
    assert legal(game) == ["play 2 2", "pass", "consent-burn"]
    act(game, "pass")
    assert game.current_player == 5
    assert legal(game) == ["burn 2 2", "pass"]


@pytest.mark.rule("BURN-2")
def test_BURN_2_with_his_consent_the_opposites_teammates_burn_before_him(position, act, legal):
    # "帮同伙烧其对头的够级牌且同伙同意的，可优先于同伙打牌".
    game = _gouji_table(position)
    act(game, "play A A", "consent-burn")
    assert game.queue == [5, 1, 3, 4, 2]
    assert game.current_player == 5
    act(game, "burn 2 2")
    # Seat 5's burn is a gouji set: its opposite, seat 2, is asked first.
    assert game.burners == {5: 0}
    assert game.queue[0] == 2


@pytest.mark.rule("BURN-2")
def test_BURN_2_consent_is_offered_only_to_the_opposite_asked_first(position, act, legal):
    game = _gouji_table(position)
    act(game, "play A A", "consent-burn")
    act(game, "pass", "pass")           # seats 5 and 1 decline
    assert game.current_player == 3
    assert legal(game) == ["play 2 2", "pass"]
    with pytest.raises(gouji.IllegalActionError):
        act(game, "consent-burn")


@pytest.mark.rule("BURN-2")
def test_BURN_2_without_the_option_burn_offers_come_first(position, act):
    game = position({0: "A A 6 3", 1: "2 2 3", 2: "Q 3", 3: "2 2 7 3", 4: "K 3", 5: "2 2 3"},
                    leader=0, burn_after_opposite=False)
    act(game, "play A A")
    assert game.queue == [5, 4, 2, 1, 3]


@pytest.mark.rule("BURN-5")
def test_BURN_5_no_burning_after_a_pass(position, act, legal):
    # "过牌后不得烧牌": seat 5 declined the burn offer, so it may not burn later in the round.
    game = _gouji_table(position)
    act(game, "play A A", "pass", "pass")   # seat 3 passes, seat 5 declines
    assert 5 in game.passed
    assert game.current_player == 1          # seats 4 and 2 could not burn
    act(game, "burn 2 2")
    assert 5 not in game.queue
    assert game.queue[0] == 4                # seat 1's opposite, asked first although it passed


def _failing_burn(position, act):
    # Seat 5 burns seat 0's A A with 2 2, keeping 小王 9 3: one joker for the 9s, then the 3.
    # It spends the joker alone, so the 9 can carry none and the 3 must go last: a failed burn.
    game = position({0: "A A K K 6 3", 1: "9 3", 2: "A A 3", 3: "7 3", 4: "5 3",
                     5: "2 2 小王 9 3"}, leader=0)
    act(game, "play A A", "pass", "burn 2 2")
    act(game, "pass")                        # seat 2, seat 5's opposite, does not answer
    assert game.current_player == 5 and game.table is None
    assert [a.to_text() for a in game.legal_actions()] == ["play SJ 9", "play SJ"]
    act(game, "play SJ", "pass")
    return game


@pytest.mark.rule("BURN-4")
def test_BURN_4_a_failed_burner_is_six_ke_and_the_burned_player_leads_again(position, act, kinds):
    game = _failing_burn(position, act)
    # "烧牌失误者或假烧判为'六科'，手中余牌无效 … 并由被烧牌者另行出牌".
    assert game.places[5] == 5
    assert not game.playing[5] and game.hand_counts(5) == {9: 1, 3: 1}
    assert "burn-failed" in kinds(game)
    assert game.current_player == 0 and game.table is None


@pytest.mark.rule("BURN-4")
def test_BURN_4_the_failed_burners_opposite_still_has_a_head(position, act, legal):
    # "其对门仍被视为'有头'（头、二科出现后解除有头）": seat 2 is not headless, so covering a
    # gouji set that is not its opposite's is still a burn for it, not a free cover (END-2).
    game = _failing_burn(position, act)
    assert game.has_head(2) and not game.is_headless(2)
    act(game, "play K K", "pass")            # seat 0 leads K K; seat 3 passes
    assert game.current_player == 2
    assert legal(game) == ["burn A A", "pass"]


@pytest.mark.rule("BURN-4")
def test_BURN_4_the_kept_heads_gouji_sets_are_answered_only_by_burns(position, act):
    game = position({0: "5 3", 1: "2 2 3", 2: "A A 9 3", 3: "7 3", 4: "6 3"}, leader=2)
    game.keep_head(5)
    assert game.has_head(2)
    act(game, "play A A")
    assert game.restricted
    assert game.queue == [1, 0, 4, 3]        # burn offers only; nobody answers for seat 5
    assert game.current_player == 1


@pytest.mark.rule("BURN-4")
def test_BURN_4_the_head_is_lifted_once_toukr_and_erke_are_out(position):
    game = position({0: "5 3", 2: "A A 9 3", 3: "7 3", 4: "6 3"}, leader=2)   # seats 1, 5 out
    game.keep_head(5)
    assert game.outs == 2 and not game.has_head(2)


@pytest.mark.rule("BURN-4")
def test_BURN_4_no_burn_bonus_for_a_failed_burn(position, act, finish):
    game = finish(_failing_burn(position, act))
    reasons = [a.reason for a in game.score().adjustments]
    assert not any(r.startswith("烧贡") for r in reasons)


@pytest.mark.rule("BURN-1")
def test_BURN_1_a_burn_that_cannot_succeed_under_hold_three_is_not_offered(position, act, legal):
    # With 4 4 left the burner could never finish: 4s carry no jokers and 3s go last.
    game = position({0: "A A 6 3", 1: "5 3", 2: "Q 3", 3: "7 3", 4: "K 3", 5: "2 2 小王 4 4 3"}, leader=0)
    act(game, "play A A", "pass")
    # No burn to decline: logged as a pass under GOUJI-2, not as a declined burn (BURN-2).
    assert any(e.kind == "auto-pass" and e.seat == 5 and e.rule == "GOUJI-2" for e in game.events)
    assert not any(e.kind == "no-burn" for e in game.events)
    assert not any(e.kind == "burn" for e in game.events)
    # With a joker for every group but the 3s, it is.
    game = position({0: "A A 6 3", 1: "5 3", 2: "Q 3", 3: "7 3", 4: "K 3", 5: "2 2 小王 9 3"}, leader=0)
    act(game, "play A A", "pass")
    assert game.current_player == 5 and "burn 2 2" in legal(game)
