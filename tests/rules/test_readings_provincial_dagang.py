"""Rules of record, round 3 (issue 22, items 1-9): provincial (P) and dagang (D) read again.

Each test quotes the clause it follows; docs/interpretations.rst argues the readings kept
as options. Seats 0-5 play in increasing order (counterclockwise); the opposite of s is s + 3.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings

import gouji
from gouji.rules.dagang.points import opened_seats, point_obligations
from gouji.testing import strategies as gst

PROVINCIAL = gouji.load_variant("provincial")
PLAIN = gouji.load_variant("dagang-plain")
DAGANG = gouji.load_variant("dagang")


def act(game: gouji.Game, *texts: str) -> None:
    for text in texts:
        game.apply(gouji.parse_action(text))


def legal(game: gouji.Game) -> list[str]:
    return [a.to_text() for a in game.legal_actions()]


def _fail_burn(game: gouji.Game, seat: int) -> None:
    """Take ``seat`` out as a failed burner (BURN-4) does: judged 落, still his opposite's head."""
    game.keep_head(seat, in_play=False)
    game.retire(seat, None, "BURN-4", "failed burn", kind="burn-failed")


# -- item 1: GOUJI-2, P§10 "（当时有四家以上时）" -----------------------------------------------------------
# Seat 0 is out (头科); seats 4 and 5 failed a burn (大落, 二落), so seats 1 and 2 keep their heads.
THREE_LEFT = {1: "2 5 5", 2: "小王 9 8", 3: "3 3 3", 4: "3 3", 5: "3 3"}


def _left(failed: tuple[int, ...], variant: gouji.Variant = PROVINCIAL) -> gouji.Game:
    game = variant.new_position(THREE_LEFT, 1)
    for seat in failed:
        _fail_burn(game, seat)
    assert not game.melee
    return game


@pytest.mark.rule("GOUJI-2")
def test_item1_with_three_left_a_gouji_set_is_covered_in_turn() -> None:
    """P§10: "当发出牌是'够级牌'时，（当时有四家以上时）除了'烧牌'或者'无头'外，只有对头有资格上牌" —
    three players are not 四家以上: seat 2, not the opposite, covers seat 1's 2 in turn, no burn."""
    game = _left((4, 5))
    assert sum(game.playing) == 3
    act(game, "play 2")
    assert game.current_player == 2 and legal(game) == ["play SJ", "pass"]
    act(game, "play SJ")
    assert any(e.kind == "cover" and e.seat == 2 for e in game.events) and 2 not in game.burners


@pytest.mark.rule("GOUJI-2")
def test_item1_with_four_left_the_gouji_rule_holds() -> None:
    """P§10 "（当时有四家以上时）": 以上 counts the four — with four in play only the opposite
    answers; seat 2, who cannot burn (9 and 8 carry no joker), is passed."""
    game = _left((5,))
    assert sum(game.playing) == 4
    act(game, "play 2")
    assert any(e.kind == "auto-pass" and e.seat == 2 and e.rule == "GOUJI-2" for e in game.events)


@pytest.mark.rule("GOUJI-2")
def test_item1_option_more_than_four() -> None:
    """The reading "more than four" (以上 without the four) is ``gouji_min_players = 5``."""
    game = _left((5,), PROVINCIAL.with_options(gouji_min_players=5))
    act(game, "play 2")
    assert game.current_player == 2 and "play SJ" in legal(game)


@pytest.mark.rule("GOUJI-2")
def test_item1_dagang_names_no_number() -> None:
    """D§9: "当发出牌是'够级牌'时，除'烧牌'或'无头'外，只有对头才有资格上牌" — no number of players."""
    assert PLAIN.options["gouji_min_players"] == 0
    game = PLAIN.new_position(THREE_LEFT, 1)
    for seat in (4, 5):
        _fail_burn(game, seat)
    act(game, "play 2")
    assert game.current_player != 2 or "play SJ" not in legal(game)


@pytest.mark.rule("GOUJI-2")
def test_item1_a_seat_leaving_mid_round_lifts_the_rule() -> None:
    """P§10 "当时": the number counts at the time — a seat leaving while a gouji set is on the
    table leaves three, and the set is then covered in turn."""
    game = PROVINCIAL.new_position(THREE_LEFT | {0: "3 3 3", 4: "小王 3"}, 1)
    _fail_burn(game, 5)
    act(game, "play 2")  # five left: the gouji rule holds; nobody can burn, the opposite answers
    assert game.restricted and game.current_player == 4
    game.retire(0, None, "REF-1", "disqualified")
    game.retire(3, None, "REF-1", "disqualified")
    assert sum(game.playing) == 3 and not game.restricted
    assert game.current_player == 2 and "play SJ" in legal(game)


# -- item 2: ROUND-4 on 头科's plain last set, P§18 "此套牌为有头牌，按要求行牌" ------------------------------------
@pytest.mark.rule("ROUND-4")
def test_item2_the_opposite_may_yield_on_toukes_plain_last_set() -> None:
    """P§18: "头科所发最后一手牌称为底牌，此轮牌是非够级牌时，此套牌为有头牌，按要求行牌" with P§14
    "轮到发牌人对上两家过牌的对头牌…可声明'让牌'，即让下两家先上牌，如下两家均声明过牌，再由该发牌人确定上牌或者扣牌"."""
    game = PROVINCIAL.new_position({0: "9", 1: "3 4", 2: "3 4", 3: "10 3", 4: "4 4", 5: "5 4"}, 0)
    act(game, "play 9", "pass")  # seat 1 passes, seat 2 cannot cover
    assert game.current_player == 3 and legal(game) == ["play 10", "pass", "yield"]
    act(game, "yield")  # seats 4 and 5 cannot cover
    assert game.current_player == 3 and legal(game) == ["play 10", "close"]


@pytest.mark.rule("ROUND-4")
def test_item2_no_yield_on_toukes_gouji_last_set() -> None:
    """P§18: "如头科所留最后一手牌是够级牌视作下家牌" — the set is the lower player's, not the
    opposite's to yield on."""
    game = PROVINCIAL.new_position({0: "2", 1: "3 4", 2: "3 4", 3: "小王 3", 4: "小王 4", 5: "5 4"}, 0)
    act(game, "play 2")
    while game.table is not None:
        assert "yield" not in legal(game)
        act(game, "close" if "close" in legal(game) else "pass")


# -- item 3: END-5, P§19 "喊'让牌'则此轮还有出牌权" --------------------------------------------------------------
MELEE = {2: "5 3", 3: "9 6 3", 4: "4 3", 5: "4 3"}


@pytest.mark.rule("END-5")
def test_item3_a_melee_yielder_is_asked_again_when_nobody_covers() -> None:
    """P§19: "四人乱缠时，喊'过牌'则此轮没有出牌权，喊'让牌'则此轮还有出牌权" — nobody covers after
    seat 3's yield: the round waits for him."""
    game = PROVINCIAL.new_position(MELEE, 2)
    assert game.melee
    act(game, "play 5", "yield")  # seats 4 and 5 cannot cover
    assert game.table is not None and game.current_player == 3
    assert legal(game) == ["play 6", "play 9", "pass"], "one yield a set: then he covers or passes"
    act(game, "play 9")
    assert game.table is None and game.current_player == 3


@pytest.mark.rule("END-5")
def test_item3_a_pass_still_ends_the_round() -> None:
    """P§19 "喊'过牌'则此轮没有出牌权"."""
    game = PROVINCIAL.new_position(MELEE, 2)
    act(game, "play 5", "pass")
    assert game.table is None and game.current_player == 2


@pytest.mark.rule("END-5")
def test_item3_yields_always_end() -> None:
    """However the seats yield, every melee round ends (one yield a set)."""
    game = PROVINCIAL.new_position({2: "5 3", 3: "9 6 3", 4: "7 8 3", 5: "10 J 3"}, 2)
    act(game, "play 5")
    for _ in range(20):
        if game.table is None:
            break
        act(game, "yield" if "yield" in legal(game) else "pass")
    assert game.table is None


# -- item 4: END-3, dead_gouji_after_out in provincial -------------------------------------------------------
@pytest.mark.rule("END-3")
def test_item4_no_dead_gouji_on_erkes_last_set_in_provincial() -> None:
    """P§18: "二科所留底牌没有限制，直接进入'四人乱缠'" — ``dead_gouji_after_out = 2`` gives 二科's opposite
    no 够死级 where the melee begins at once: his K K is answered."""
    variant = PROVINCIAL.with_options(dead_gouji_after_out=2)
    game = variant.new_position({1: "5", 2: "3 3 3", 3: "3 3 4", 4: "6 K K 3", 5: "A A 3 3"}, 1)
    act(game, "play 5")  # 二科: the melee begins at once
    assert game.melee and game.current_player == 4
    act(game, "play 6")
    while game.table is not None:
        act(game, "pass")  # nobody covers: seat 4, 二科's opposite, leads
    assert game.table is None and game.current_player == 4
    act(game, "play K K")
    assert game.table is not None and game.current_player == 5 and "play A A" in legal(game)


# -- item 6: TRIB-5, D§24.(二) "凡够级牌一次未活者，均视为不开点" --------------------------------------------------
POINTS = PLAIN.with_options(point_tribute=True)


def _play_out(game: gouji.Game) -> gouji.Game:
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.rule("TRIB-5")
def test_item6_a_big_joker_set_opens_one_of_the_five() -> None:
    """D§24.(二): "二科产生前，包括二科在内的五人，凡够级牌一次未活者，均视为不开点" — no 除大花外 there:
    seat 2's 大王 9 9 won the lead, so he opened."""
    game = POINTS.new_position({0: "5", 1: "3 3", 2: "大王 9 9 4 10 10", 3: "大王 8 8 3 3", 4: "3 3", 5: "3 3"}, 2)
    act(game, "play BJ 9 9", "play 4")
    while game.current_player != 0:
        act(game, "pass")
    act(game, "play 5")
    assert game.finish_order == [0]
    _play_out(game)
    assert opened_seats(game)[2] is True
    assert not any(g == 2 for g, _r, _n, _why in point_obligations(game))


@pytest.mark.rule("TRIB-5")
def test_item6_a_big_joker_set_does_not_open_toukes_opposite() -> None:
    """D§24.(一): "头科产生前，其对头除大花外够级牌一次未活…则头科的对头称为'不开点'"."""
    game = POINTS.new_position({0: "5 3", 1: "3 3", 2: "3 3", 3: "大王 8 4 3 3", 4: "3 3", 5: "3 3"}, 3)
    act(game, "play BJ 8", "play 4")
    while game.finish_order != [0]:
        act(game, "play 5" if "play 5" in legal(game) else legal(game)[0])
    _play_out(game)
    assert opened_seats(game)[3] is False


# -- item 7: END-5 in dagang, D§18 "按规定报牌和扣牌", D§13 "对头互为法定扣牌人" -----------------------------------------
@pytest.mark.rule("END-5")
def test_item7_dagang_melee_rounds_are_closed_by_the_opposite() -> None:
    """D§18: "四人乱缠，也应按顺序发牌，按规定报牌和扣牌"; D§13: "对头互为法定扣牌人，对头未扣牌前，重新发牌无效" —
    seat 5 leads 5, his opposite seat 2 passes, seats 3 and 4 pass: seat 2 still closes or covers."""
    game = PLAIN.new_position({2: "6 3 3", 3: "4 3", 4: "4 3", 5: "5 4"}, 5)
    assert game.melee
    act(game, "play 5", "pass")
    assert game.table is not None and game.current_player == 2 and legal(game) == ["play 6", "close"]
    act(game, "close")
    assert game.table is None and game.current_player == 5
    assert [e.kind for e in game.events[-2:]] == ["close", "round-won"]


@pytest.mark.rule("END-5")
def test_item7_the_opposite_without_a_cover_closes_by_himself() -> None:
    """D§13 "对头互为法定扣牌人": with nothing to cover the opposite's close is automatic."""
    game = DAGANG.new_position({2: "4 3 3", 3: "4 3", 4: "4 3", 5: "5 3"}, 5)
    act(game, "play 5")
    assert game.table is None and any(e.kind == "auto-close" and e.seat == 2 for e in game.events)


@pytest.mark.rule("END-5")
def test_item7_provincial_keeps_its_melee_without_a_last_word() -> None:
    """P§19's melee: "喊'过牌'则此轮没有出牌权" — a passed opposite has no close to make (option off)."""
    assert PROVINCIAL.options["melee_last_word"] is False
    game = PROVINCIAL.new_position({2: "6 3 3", 3: "4 3", 4: "4 3", 5: "5 4"}, 5)
    act(game, "play 5", "pass")
    assert game.table is None


# -- item 8: BURN-2, burn_decline_passes in dagang ----------------------------------------------------------
@pytest.mark.rule("BURN-2")
@pytest.mark.parametrize(("variant", "burns_again"), [(PLAIN, False), (PROVINCIAL, True)], ids=["D", "P"])
def test_item8_a_declined_burn_offer_is_a_pass_in_dagang(variant: gouji.Variant, burns_again: bool) -> None:
    """D§11: "如不顺牌，应声明'过牌'。过牌者除'对头牌'外，这一轮再无权发牌"; D§31.(二) "过牌后此轮中即失去发言权" —
    seat 1 declines to burn seat 0's K K and may not burn seat 3's A A in that round. P§11 "对方可以暂缓表示烧牌":
    an opponent's decline defers, and he burns it."""
    hands = {0: "K K 5 5", 1: "A A 小王 小王", 2: "3 3 3", 3: "A A 9 9", 4: "3 3 4", 5: "3 3 6"}
    game = variant.new_position(hands, 0)
    act(game, "play K K")
    assert game.current_player == 1 and "burn SJ SJ" in legal(game)
    act(game, "pass", "play A A")
    assert (game.current_player == 1 and "burn SJ SJ" in legal(game)) is burns_again


@pytest.mark.rule("END-5")
@pytest.mark.rule("ROUND-4")
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=gst.positions("provincial", max_cards=6, max_actions=0), seed=gst.seeds())
def test_item3_every_round_ends_however_often_players_yield(game: gouji.Game, seed: int) -> None:
    """P§19 "喊'让牌'则此轮还有出牌权" and P§14: a yield is taken whenever offered, and every game still
    ends — one yield a set in the melee, one a round before it."""
    rng = random.Random(seed)
    for _ in range(3000):
        if game.is_over:
            break
        options = game.legal_actions()
        yields = [a for a in options if a.to_text() == "yield"]
        game.apply(yields[0] if yields else options[rng.randrange(len(options))])
    assert game.is_over


@pytest.mark.rule("END-5")
def test_item7_option_in_provincial_a_passed_opposite_only_closes() -> None:
    """``melee_last_word = true`` in P: the opposite closes, but P§19 "喊'过牌'则此轮没有出牌权" — having
    passed, he may not cover."""
    game = PROVINCIAL.with_options(melee_last_word=True).new_position({2: "6 3 3", 3: "4 3", 4: "4 3", 5: "5 4"}, 5)
    act(game, "play 5", "pass")
    assert game.table is None and game.current_player == 5
    assert [(e.kind, e.seat) for e in game.events[-2:]] == [("auto-close", 2), ("round-won", 5)]
