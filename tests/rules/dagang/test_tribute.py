"""TRIB-1..4 and TRIB-8 (D§21, D§24): loser tribute, returns and refusals, sweeps, teammates, order."""

import pytest

import gouji
from gouji.engine.cards import BIG_JOKER, SMALL_JOKER, TWO
from gouji.engine.context import GameContext
from gouji.engine.scoring import is_sweep, team_of
from gouji.rules.dagang.points import point_obligations
from gouji.rules.dagang.series import next_context
from gouji.rules.dagang.state import POINTS_KEY, get_state
from gouji.rules.dagang.tribute import TributePhase, loser_obligations

ORDER = (0, 1, 2, 3, 4, 5)  # 头科 0, 二科 1, 三科 2, 四科 3, 二落 4, 大落 5


def tribute_position(variant, hands, previous=ORDER, points=()):
    """A position whose tribute phase, for a game after ``previous``, is about to run."""
    game = variant.new_position(hands, leader=0)
    context = GameContext(2, tuple(previous), carry=((POINTS_KEY, [list(p) for p in points]),))
    phase = TributePhase.for_game(variant.options, game, context)
    if phase is not None:
        game.add_phase(phase)
    return game


HANDS = {0: "K Q 9", 1: "A 8", 2: "7 7", 3: "6 6", 4: "小王 2 9 9", 5: "大王 2 2 5 K"}


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_da_luo_gives_tou_ke_two_er_luo_gives_er_ke_one_biggest_first_D21(plain, legal, act, kinds):
    game = tribute_position(plain, HANDS)
    assert game.current_player == 5 and legal(game) == ["dagang-give BJ"]
    act(game, "dagang-give BJ")
    assert game.current_player == 5 and legal(game) == ["dagang-give 2"]
    act(game, "dagang-give 2")
    assert game.current_player == 4 and legal(game) == ["dagang-give SJ"]
    act(game, "dagang-give SJ")
    assert game.hand_counts(0).get(BIG_JOKER) == 1 and game.hand_counts(0).get(TWO) == 1
    assert game.hand_counts(1).get(SMALL_JOKER) == 1
    assert [e.rule for e in kinds(game, "tribute")] == ["TRIB-1"] * 3


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_no_tribute_card_no_tribute_fewer_gives_what_he_has_D21_2(plain, kinds):
    hands = {**HANDS, 5: "2 5 K", 4: "9 9 8"}
    game = tribute_position(plain, hands)
    assert game.current_player == 5
    game.apply(game.legal_actions()[0])
    assert "1 short" in kinds(game, "tribute")[0].detail
    # Seat 4 holds no 大王, 小王 or 2: he gives nothing; 头科 returns one card.
    assert game.current_player == 0 and game.phases[0].given == [[TWO], []]


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_the_numbers_two_and_one(plain):
    owed = loser_obligations(plain.options, ORDER)
    assert [(o.giver, o.receiver, o.count) for o in owed] == [(5, 0, 2), (4, 1, 1)]


@pytest.mark.rule("TRIB-2")
def test_TRIB_2_the_receivers_return_as_many_cards_of_their_choice_D21_4(plain, legal, act, kinds):
    game = tribute_position(plain, HANDS)
    act(game, "dagang-give BJ", "dagang-give 2", "dagang-give SJ")
    assert game.current_player == 0
    assert legal(game) == ["dagang-return BJ", "dagang-return 2", "dagang-return K", "dagang-return Q",
                           "dagang-return 9"]
    act(game, "dagang-return K")  # seat 5 holds a K: he cannot refuse it
    assert game.current_player == 0 and game.hand_counts(5)[13] == 2
    act(game, "dagang-return Q")  # seat 5 holds no Q: he may refuse
    assert game.current_player == 5 and legal(game) == ["dagang-return-answer accept",
                                                         "dagang-return-answer refuse"]
    act(game, "dagang-return-answer refuse")
    assert game.current_player == 0 and "dagang-return Q" not in legal(game)
    act(game, "dagang-return 9", "dagang-return-answer accept")
    assert game.hand_counts(5)[9] == 1 and game.hand_counts(0).get(12) == 1
    assert game.current_player == 1  # 二科 returns one card to 二落
    act(game, "dagang-return 8", "dagang-return-answer accept")
    assert game.current_player == 0 and game.table is None, "then 头科 leads"
    assert len(kinds(game, "tribute-return")) == 3 and kinds(game, "tribute-refused")[0].rule == "TRIB-2"


@pytest.mark.rule("TRIB-2")
def test_TRIB_2_a_returned_card_is_seen_only_by_the_two_players(plain, act):
    game = tribute_position(plain, HANDS)
    act(game, "dagang-give BJ", "dagang-give 2", "dagang-give SJ", "dagang-return K")
    returns = [e for e in game.events if e.kind == "tribute-return"]
    assert returns and returns[-1].visible_to == frozenset({0, 5})
    for seat, sees in ((0, True), (5, True), (2, False), (3, False)):
        history = game.observation(seat).history
        assert any("dagang-return K" in e.detail for e in history) is sees
        assert any(e.kind == "tribute-return" for e in history) is sees
    assert any(e.kind == "tribute" for e in game.observation(2).history), "tribute itself is public"


@pytest.mark.rule("TRIB-2")
def test_TRIB_2_no_refusal_when_the_receiver_has_no_other_rank(plain, act, legal):
    hands = {0: "2", 1: "A 8", 2: "7 7", 3: "6 6", 4: "9 9", 5: "2 5"}
    game = tribute_position(plain, hands)
    act(game, "dagang-give 2")
    assert legal(game) == ["dagang-return 2"]
    act(game, "dagang-return 2")  # seat 5 holds no 2 any more, but 头科 has nothing else to offer
    assert game.hand_counts(5).get(TWO) == 1 and game.current_player == 0 and game.table is None


@pytest.mark.rule("TRIB-3")
def test_TRIB_3_no_tribute_after_a_sweep_D21_7(plain):
    assert loser_obligations(plain.options, (0, 2, 4, 1, 3, 5)) == []


@pytest.mark.rule("TRIB-3")
def test_TRIB_3_sweep_tribute_each_swept_player_gives_his_opposite_one_card(plain, act, legal):
    options = plain.with_options(sweep_tribute=True)
    owed = loser_obligations(options.options, (0, 2, 4, 1, 3, 5))
    assert [(o.giver, o.receiver, o.count, o.rule) for o in owed] == [(1, 4, 1, "TRIB-3"), (3, 0, 1, "TRIB-3"),
                                                                     (5, 2, 1, "TRIB-3")]
    game = tribute_position(options, {0: "9", 1: "2 7", 2: "8", 3: "小王 6", 4: "5", 5: "2 4"},
                            previous=(0, 2, 4, 1, 3, 5))
    act(game, "dagang-give 2", "dagang-give SJ", "dagang-give 2")
    assert game.table is None and game.current_player == 0, "a sweep tribute is not returned"


@pytest.mark.rule("TRIB-4")
def test_TRIB_4_tribute_between_teammates_may_be_waived_D21_5(plain, act, legal, kinds):
    previous = (0, 1, 3, 4, 5, 2)  # 大落 2 and 头科 0 are teammates
    game = tribute_position(plain, {0: "9 8", 1: "A 8", 2: "大王 2 2 5", 3: "6 6", 4: "7 7", 5: "小王 9"},
                            previous=previous)
    assert game.current_player == 0
    assert legal(game) == ["dagang-team-tribute take", "dagang-team-tribute waive"]
    act(game, "dagang-team-tribute waive")
    # 二落 5 and 二科 1 are teammates too: seat 1 decides for his.
    assert game.current_player == 1 and legal(game) == ["dagang-team-tribute take", "dagang-team-tribute waive"]
    act(game, "dagang-team-tribute take", "dagang-give SJ")
    assert game.hand_counts(2).get(BIG_JOKER) == 1
    assert kinds(game, "tribute-waived")[0].rule == "TRIB-4"


@pytest.mark.rule("TRIB-4")
def test_TRIB_4_tribute_between_teammates_is_paid_when_taken(plain, act):
    previous = (0, 1, 3, 4, 5, 2)
    game = tribute_position(plain, {0: "9 8", 1: "A 8", 2: "大王 2 2 5", 3: "6 6", 4: "7 7", 5: "小王 9"},
                            previous=previous)
    act(game, "dagang-team-tribute take", "dagang-give BJ", "dagang-give 2")
    assert game.hand_counts(0).get(BIG_JOKER) == 1


def last_two_teammates(game):
    order = game.finish_order
    return not is_sweep(order) and team_of(order[4]) == team_of(order[5])


@pytest.mark.rule("TRIB-4")
@pytest.mark.parametrize("agree", [True, False])
def test_TRIB_4_same_team_losers_choose_who_is_da_luo_before_the_cut_D21_6(plain, act, legal, agree, finished_game):
    before = finished_game(plain, 0, last_two_teammates)
    last, second = before.finish_order[5], before.finish_order[4]
    game = plain.new_game(seed=7, context=next_context(plain.options, before, before.context))
    assert game.cut is None and all(game.sizes[s] == 0 for s in range(6)), "decided before the cut"
    assert game.current_player == last and legal(game) == ["dagang-last keep", "dagang-last swap"]
    act(game, "dagang-last swap")
    assert game.current_player == second and legal(game) == ["dagang-swap agree", "dagang-swap refuse"]
    act(game, "dagang-swap agree" if agree else "dagang-swap refuse")
    chosen = second if agree else last
    assert game.cut.first_drawer == chosen and game.first_leader == chosen
    assert game.cut.cutter == (chosen + 3) % 6
    state = get_state(game)
    assert (state.last, state.second_last) == ((second, last) if agree else (last, second))
    owed = game.phases[0].owed if game.phases and game.phases[0].name == "tribute" else []
    assert [(o.giver, o.count) for o in owed if o.kind == "落贡"] in ([(chosen, 2), (state.second_last, 1)], [])


@pytest.mark.rule("TRIB-8")
def test_TRIB_8_point_tribute_first_then_loser_tribute_returns_only_for_the_loser_tribute_D24(plain, act):
    game = tribute_position(plain.with_options(point_tribute=True), HANDS,
                            points=[(5, 2, 1, "did not open"), (4, 1, 1, "did not open")])
    order = [(o.giver, o.receiver, o.kind) for o in game.phases[0].owed]
    assert order == [(5, 2, "点贡"), (4, 1, "点贡"), (5, 0, "落贡"), (4, 1, "落贡")]
    act(game, "dagang-give BJ", "dagang-give SJ", "dagang-give 2", "dagang-give 2", "dagang-give 2")
    # Seat 4 has nothing left for his 落贡 (his 小王 went as 点贡, his 2 now): returns follow,
    # two from 头科 to 大落 and one from 二科 to 二落 — none for the 点贡.
    returns = [s for s in game.phases[0].steps if s[0] == "return"]
    assert [game.phases[0].owed[s[1]].kind for s in returns] == ["落贡", "落贡", "落贡"]


@pytest.mark.rule("TRIB-8")
def test_TRIB_8_point_tribute_is_never_scored(plain, finished_game):
    game = finished_game(plain.with_options(point_tribute=True), 0)
    assert game.score().adjustments == ()
    assert all(isinstance(item[2], int) for item in point_obligations(game))


@pytest.mark.rule("TRIB-1")
def test_TRIB_1_a_series_pays_the_tribute_of_the_game_before(plain, play_out):
    from gouji.rules.dagang import DagangSeries

    series = DagangSeries(plain, seed=11)
    play_out(series.game)
    order = series.game.finish_order
    game = series.next_game()
    while game.cut is None:
        game.apply(game.legal_actions()[0])
    if is_sweep(order):
        assert not game.phases or game.phases[0].name != "tribute"
        return
    state = get_state(game)
    owed = [(o.giver, o.receiver, o.count) for o in game.phases[0].owed]
    assert owed == [(state.last, order[0], 2), (state.second_last, order[1], 1)]
    assert gouji.replay(game.record()).events == game.events
