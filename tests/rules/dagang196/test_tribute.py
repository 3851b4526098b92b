"""TRIB-1 (落贡), TRIB-3 (串三户), TRIB-7 (烧贡), TRIB-9 and paying tribute (C§4)."""

import pytest

import gouji
from gouji.rules.dagang196.actions import PayTribute
from gouji.rules.dagang196.burning import successful_burns
from gouji.rules.dagang196.tribute import (
    OWED_KEY,
    SET_KEY,
    Obligation,
    allocate,
    loser_tribute_owed,
    owed_in,
    tribute_owed,
)


def _context(owed, game_in_set=2):
    return gouji.GameContext(game_number=game_in_set,
                             carry=((SET_KEY, [1, game_in_set]), (OWED_KEY, [o.to_data() for o in owed])))


@pytest.fixture(scope="module")
def bare(club):
    """Only 落贡 and 串三户: the other tributes off, no 憋3."""
    return club.with_options(hold_three=False, revolution=False, point_tribute=False, burn_tribute=False)


# -- what a game owes ------------------------------------------------------------------------
@pytest.mark.rule("TRIB-1")
def test_TRIB_1_da_luo_gives_tou_ke_two_er_luo_gives_er_ke_one_C4():
    # "大落向头科进２张落贡，二落向二科进1张落贡。三科、四科不吃贡也不进贡。"
    owed = loser_tribute_owed([0, 3, 2, 5, 1, 4])
    assert [(o.giver, o.receiver, o.count, o.kind, o.rule) for o in owed] == [
        (4, 0, 2, "落贡", "TRIB-1"), (1, 3, 1, "落贡", "TRIB-1")]


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_a_finished_game_owes_loser_tribute(bare, finish):
    game = bare.new_position({0: "5", 1: "6 6", 2: "7 7 7", 3: "8 8 8 8", 4: "9 9 9 9 9", 5: "10"}, 0)
    finish(game)
    order = game.finish_order
    assert [(o.giver, o.receiver, o.count) for o in tribute_owed(game)] == [
        (order[5], order[0], 2), (order[4], order[1], 1)]


@pytest.mark.rule("TRIB-3")
def test_TRIB_3_a_sweep_each_sweeper_receives_one_all_else_waived_C4(club, finish):
    # "串三户得一方各吃一个贡,其她贡全免"
    game = club.with_options(hold_three=False).new_position(
        {0: "A A", 2: "K", 4: "Q", 1: "5 6", 3: "5 6", 5: "5 6"}, 0)
    finish(game, "play A A", "play 5", "play K", "play 5", "play Q")
    assert game.finish_order[:3] == [0, 2, 4] and game.score().sweep
    owed = tribute_owed(game)
    assert [(o.giver, o.receiver, o.count, o.kind, o.rule) for o in owed] == [
        (3, 0, 1, "串三户贡", "TRIB-3"), (5, 2, 1, "串三户贡", "TRIB-3"), (1, 4, 1, "串三户贡", "TRIB-3")]


@pytest.mark.rule("TRIB-7")
def test_TRIB_7_a_successful_burn_earns_one_card_from_the_burned_player_C4(club, finish):
    variant = club.with_options(hold_three=False, point_tribute=False)
    game = variant.new_position({0: "K K 5", 1: "A A 小王 9 9", 2: "6 6", 3: "7 7", 4: "8 8", 5: "8 10"}, 0)
    finish(game, "play K K", "burn A A", "play SJ 9 9")
    assert successful_burns(game) == [(1, 0)]
    burn = [o for o in tribute_owed(game) if o.kind == "烧贡"]
    assert [(o.giver, o.receiver, o.count, o.rule) for o in burn] == [(0, 1, 1, "TRIB-7")]
    off = variant.with_options(burn_tribute=False)
    game = off.new_position({0: "K K 5", 1: "A A 小王 9 9", 2: "6 6", 3: "7 7", 4: "8 8", 5: "8 10"}, 0)
    finish(game, "play K K", "burn A A", "play SJ 9 9")
    assert not [o for o in tribute_owed(game) if o.kind == "烧贡"]


@pytest.mark.rule("TRIB-7")
def test_TRIB_7_a_broken_burn_earns_nothing_C4(plain, act, finish):
    # "我出kkk,被下家AAA烧牌,我得同伙…可以解烧（２2２),这时视为烧牌失败,不进烧贡"
    game = plain.new_position({0: "K K K 5", 1: "A A A 小王 9", 2: "6", 3: "7", 4: "2 2 2 8", 5: "8"}, 0)
    act(game, "play K K K", "pass", "burn A A A", "play 2 2 2")
    finish(game)
    assert successful_burns(game) == []
    assert not [o for o in tribute_owed(game) if o.kind == "烧贡"]


@pytest.mark.rule("TRIB-7")
def test_TRIB_7_a_burn_set_that_empties_the_hand_and_is_covered_fails_C4(plain, act, finish):
    """C§4 烧贡: "如果烧牌时再被打，比如我出kkk,被下家AAA烧牌,我得同伙(也就是下家得对门)可以解烧（２2２),
    这时视为烧牌失败,不进烧贡" — the burn set empties the burner's hand, then 222 covers it."""
    game = plain.new_position({0: "K K K 5", 1: "A A A", 2: "6", 3: "7", 4: "2 2 2 8", 5: "8"}, 0)
    act(game, "play K K K", "pass", "burn A A A")
    assert not game.playing[1] and game.places[0] == 1, "the burner went out with his burn set"
    act(game, "play 2 2 2")  # seat 4, the burner's opposite: 解烧
    finish(game)
    assert successful_burns(game) == []
    assert not [o for o in tribute_owed(game) if o.kind == "烧贡"]


@pytest.mark.rule("TRIB-7")
def test_TRIB_7_a_last_joker_set_covered_after_the_burner_went_out_fails_C4(plain, act, finish):
    """C§4 烧贡: "在就是烧牌了，但在接下来得带花出牌时被打,同样视为烧牌失败" — also when the set
    that was covered emptied his hand: the burn is judged when it stands, not at his going out."""
    hands = {0: "K K 5", 1: "A A 小王 9 9", 2: "6", 3: "7", 4: "大王 2 2 8", 5: "8"}
    game = plain.new_position(hands, 0)
    act(game, "play K K", "pass", "burn A A", "close", "play SJ 9 9")
    assert not game.playing[1], "his joker set emptied his hand"
    act(game, "play BJ 2 2")  # covered after he went out: 解烧
    finish(game)
    assert successful_burns(game) == []
    standing = plain.new_position(hands, 0)
    act(standing, "play K K", "pass", "burn A A", "close", "play SJ 9 9", "close")
    finish(standing)
    assert successful_burns(standing) == [(1, 0)], "the same burn, its last set standing, succeeds"


@pytest.mark.rule("TRIB-7")
def test_TRIB_7_a_burn_covered_later_earns_nothing_C4(plain, act, finish):
    # "在就就就是烧牌了，但在接下来得带花出牌时被打,同样视为烧牌失败"
    game = plain.new_position({0: "K K 5", 1: "A A 小王 9 9 6", 2: "6", 3: "7", 4: "大王 2 2 8", 5: "8"}, 0)
    act(game, "play K K", "pass")    # seat 4 could burn his teammate's set, and does not
    act(game, "burn A A", "close")   # seat 4, the burner's opposite, lets the burn stand
    act(game, "play SJ 9 9")
    assert game.current_player == 4  # the burner's opposite answers his joker set …
    act(game, "play BJ 2 2")         # … and covers it: 解烧
    finish(game)
    assert successful_burns(game) == []


@pytest.mark.rule("TRIB-9")
def test_TRIB_9_the_first_game_of_a_set_pays_no_tribute(club):
    game = club.new_game(seed=3)
    assert owed_in(game.context) == []
    assert not any(isinstance(a, PayTribute) for a in game.history)
    assert not any(e.kind == "tribute" for e in game.events)


# -- paying ---------------------------------------------------------------------------------------
@pytest.mark.rule("TRIB-1")
def test_TRIB_1_tribute_is_paid_in_jokers_and_2s_biggest_first_from_the_dealt_hand():
    hands = [{17: 1, 15: 2, 14: 3}, {16: 1}, {}, {15: 1}, {}, {}]
    owed = [Obligation(0, 3, 2, "点贡", "TRIB-6", ""), Obligation(3, 0, 2, "点贡", "TRIB-6", ""),
            Obligation(0, 1, 2, "落贡", "TRIB-1", ""), Obligation(2, 4, 1, "落贡", "TRIB-1", "")]
    # Seat 0 pays 大王 2, then his last 2; seat 3 pays his own 2, never the cards he receives;
    # seat 2 holds no joker and no 2: waived.
    assert allocate(owed, hands) == [(17, 15), (15,), (15,), ()]


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_the_tribute_phase_moves_the_cards_before_the_first_lead(bare, legal):
    owed = [Obligation(5, 0, 2, "落贡", "TRIB-1", "落贡: 大落 gives 头科 two cards"),
            Obligation(4, 1, 1, "落贡", "TRIB-1", "落贡: 二落 gives 二科 one card")]
    game = bare.new_game(seed=11, context=_context(owed))
    dealt = [game.hand_counts(s) for s in range(6)]
    expected = allocate(owed, dealt)
    assert game.current_player == 5
    assert legal(game) == [PayTribute(expected[0]).to_text()]
    with pytest.raises(gouji.IllegalActionError):
        game.apply(gouji.parse_action("club-tribute none") if expected[0] else PayTribute((17,)))
    game.apply(game.legal_actions()[0])
    assert game.current_player == 4
    game.apply(game.legal_actions()[0])
    assert game.table is None and game.current_player == game.first_leader
    for seat, delta in ((5, -len(expected[0])), (0, len(expected[0])), (4, -len(expected[1])),
                        (1, len(expected[1]))):
        assert sum(game.hand_counts(seat).values()) == sum(dealt[seat].values()) + delta
    logged = [e for e in game.events if e.kind == "tribute"]
    assert [(e.seat, e.rule) for e in logged] == [(5, "TRIB-1"), (4, "TRIB-1")]
    assert "to seat 0" in logged[0].detail and "落贡" in logged[0].detail


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_a_record_with_tribute_replays(bare):
    owed = [Obligation(5, 0, 2, "落贡", "TRIB-1", "r"), Obligation(2, 3, 1, "点贡", "TRIB-5", "r")]
    game = bare.new_game(seed=5, context=_context(owed))
    while game.phases:
        game.apply(game.legal_actions()[0])
    for _ in range(20):
        game.apply(game.legal_actions()[-1])
    again = gouji.replay(game.record())
    assert [again.hand(s) for s in range(6)] == [game.hand(s) for s in range(6)]
    assert again.events == game.events


@pytest.mark.rule("TRIB-9")
def test_TRIB_9_malformed_carry_is_a_clear_error(bare):
    bad = gouji.GameContext(carry=((OWED_KEY, [[0, 0, 1, "落贡", "TRIB-1", ""]]),))
    with pytest.raises(gouji.GoujiError, match="two different"):
        bare.new_game(seed=1, context=bad)
    with pytest.raises(gouji.GoujiError, match="club_set"):
        bare.with_options(point_tribute=True).new_game(seed=1, context=gouji.GameContext(carry=((SET_KEY, "x"),)))


@pytest.mark.rule("SCORE-5")
def test_SCORE_5_a_whole_set_replays_from_its_record(club):
    import json
    import random

    from gouji.rules.dagang196.tribute_set import TributeSet

    tribute_set, rng = TributeSet(club, seed=3), random.Random(3)
    while not tribute_set.is_over:
        game = tribute_set.game
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        tribute_set.next_game()
    again = TributeSet.replay(json.dumps(tribute_set.record(), ensure_ascii=False))
    assert again.is_over and again.report() == tribute_set.report()
