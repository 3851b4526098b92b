"""The core's account of 开点 (TRIB-5: ``game.opened``) and of void games (OPEN-5:
``game.is_void``), which the variants' rules feed through their hooks."""

import json

import pytest

import gouji
from gouji.engine.series import Series
from gouji.rules.dagang196.revolution import RevolutionPhase


@pytest.fixture(scope="module")
def club() -> gouji.Variant:
    return gouji.load_variant("dagang196").with_options(hold_three=False)


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_the_engine_keeps_who_opened_and_observations_show_it_C5(club):
    """C§5 开点: "如果一方打出得够级牌,无人接牌,使得自己获得出牌权，则该玩家开点"."""
    game = club.new_position({0: "A A 5 5", 1: "6", 2: "7", 3: "K K 8", 4: "9", 5: "10"}, 0)
    assert game.opened == frozenset()
    game.apply(gouji.parse_action("play A A"))
    while game.table is not None:
        game.apply(game.legal_actions()[0])
    assert game.opened == frozenset({0})
    assert game.open_sets == {0: [gouji.parse_play("A A")]}
    seen = game.observation(4)
    assert seen.opened == frozenset({0})
    assert json.loads(json.dumps(seen.to_dict()))["opened"] == [0]
    assert game.clone().opened == game.opened


def test_provincial_has_no_open_point_nobody_opens():
    """P has no 开点: the core default policy never opens anyone."""
    game = gouji.load_variant("provincial").new_position(
        {0: "A A 5 5", 1: "6", 2: "7", 3: "K K 8", 4: "9", 5: "10"}, 0)
    game.apply(gouji.parse_action("play A A"))
    while game.table is not None:
        game.apply(game.legal_actions()[0])
    assert game.opened == frozenset() and game.observation(0).to_dict()["opened"] == []


def _two_revolutions(club: gouji.Variant) -> gouji.Game:
    hands = {0: "5 6 A", 1: "7 K", 2: "小王 8", 3: "大王 9", 4: "2 10", 5: "2 J"}
    game = club.new_position(hands, 0)
    game.phases = [RevolutionPhase()]
    game._settle()
    game.apply(gouji.parse_action("club-revolution"))
    game.apply(gouji.parse_action("club-revolution"))
    # Every seat is asked (OPEN-5): those who may not revolt, with only the decline.
    while not game.is_over and [a.to_text() for a in game.legal_actions()] == ["club-no-revolution"]:
        game.apply(gouji.parse_action("club-no-revolution"))
    return game


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_a_void_game_is_over_with_no_finish_order_C5(club):
    """C 革命: "如同时出现2个(含2个)以上革命者,则该局作废"."""
    game = _two_revolutions(club)
    assert game.is_over and game.is_void
    assert game.finish_order == []
    score = game.score()
    assert score.finish_order == () and score.team_points == (0, 0)
    seen = game.observation(2)
    assert seen.is_void and seen.finish_order == ()
    assert seen.to_dict()["is_void"] is True
    assert game.record()["void"] is True and game.record()["finish_order"] == []


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_a_void_game_replays_void_and_series_count_it_void(club):
    """A dealt game voided by two revolutions replays void; a series says which games were void."""
    variant = gouji.load_variant("dagang196")
    for seed in range(200):
        game = variant.new_game(seed=seed)
        while game.phases and not game.is_over:
            choices = game.legal_actions()
            revolt = [a for a in choices if a.to_text() == "club-revolution"]
            game.apply(revolt[0] if revolt else choices[0])
        if game.is_void:
            break
    else:
        pytest.skip("no seed gave two revolutions")
    again = gouji.replay(game.record())
    assert again.is_void and again.finish_order == []
    series = Series(variant, seed=seed, games=2)
    series.game = game
    assert series.next_game() is not game
    assert series.void_games == 1 and series.team_totals() == (0, 0)


def test_a_game_over_cannot_be_voided():
    game = gouji.load_variant("provincial").new_position({0: "5", 1: "", 2: "", 3: "", 4: "", 5: ""}, 0)
    assert game.is_over and not game.is_void
    with pytest.raises(gouji.GoujiError):
        game.void("OPEN-5", "too late")


def test_the_cli_reports_a_void_game_as_void(club):
    from gouji.tools.cli import Summary, result_text

    game = _two_revolutions(club)
    assert result_text(game) == "void game (作废): no places, no points"
    summary = Summary()
    summary.add(game)
    assert summary.voids == 1 and summary.wins == [0, 0, 0]
    assert "void games (作废: no places, no points): 1" in summary.text()


@pytest.mark.rule("END-6")
def test_END_6_each_book_that_plays_hold_three_answers_the_one_hook():
    """D§26 "每人最后一手牌是为底牌。底牌必须是3牌，称“憋3”打法": the variants that play 憋3 answer
    ``gouji_hold_three_policy``; the others get the core's "no 憋3"."""
    from gouji.engine.hold_three import NO_HOLD_THREE
    from gouji.rules.dagang.hold_three import DagangHoldThree
    from gouji.rules.dagang196.hold_three import ClubHoldThree
    from gouji.rules.district.holdthree import DistrictHoldThree

    assert gouji.load_variant("provincial").hold_three_policy is NO_HOLD_THREE
    assert isinstance(gouji.load_variant("dagang").hold_three_policy, DagangHoldThree)
    assert isinstance(gouji.load_variant("district").hold_three_policy, DistrictHoldThree)
    assert isinstance(gouji.load_variant("dagang196").hold_three_policy, ClubHoldThree)
    assert not gouji.load_variant("dagang-plain").hold_three_policy.active


def test_a_record_that_says_void_for_a_game_that_is_not_is_refused():
    game = gouji.load_variant("provincial").new_game(seed=3)
    record = game.record()
    assert record["void"] is False and gouji.replay(record).is_void is False
    with pytest.raises(gouji.RecordError, match="void"):
        gouji.replay({**record, "void": True})
    with pytest.raises(gouji.RecordError, match="void"):
        gouji.replay({**record, "void": "no"})
    del record["void"]
    assert not gouji.replay(record).is_void  # records written before the key still replay


def test_a_void_game_is_explained_as_void(club):
    from gouji.tools.explanation import explain_score

    game = _two_revolutions(club)
    assert explain_score(game) == ["why:", "  the game is void (作废, OPEN-5): no places, no points"]
    assert game.score().rule == "OPEN-5"


def test_TRIB_5_the_core_reading_of_who_opened_asks_the_policy_seat_by_seat():
    """``OpenPointPolicy.opened``: a seat opens with as many of its standing sets as still
    count as it needs, or by a rule; a seat none of whose sets stood opens by a rule alone
    (``sets_needed`` is at least one: it is not asked of such a seat). A policy answering
    ``opened`` at once (D's) must say the same."""
    import types

    import attrs

    from gouji.engine.open_point import OpenPointPolicy

    asked = []

    @attrs.frozen
    class Policy(OpenPointPolicy):
        active: bool = True

        def counts(self, game, seat, play):
            return not play.big

        def sets_needed(self, game, seat):
            asked.append(seat)
            return 2 if seat == 3 else 0

        def opened_by_rule(self, game, seat):
            return seat == 5

    k, big = gouji.parse_play("K K"), gouji.parse_play("BJ A A")
    game = types.SimpleNamespace(open_sets={0: [k], 1: [big], 2: [], 3: [k, big]})
    assert Policy().opened(game) == frozenset({0, 1, 5})  # 1: a set that no longer counts, 0 >= 0
    assert sorted(set(asked)) == [0, 1, 3]
