"""TRIB-5 (who opened, D§24 (一)(二)) and TRIB-6 (明点, 预点, 翻车): the point tribute a game causes."""

import pytest

import gouji
from gouji.rules.dagang.actions import OPEN, PRE
from gouji.rules.dagang.points import DeclarePhase, lived_gouji_sets, opened_seats, point_obligations
from gouji.rules.dagang.revolution import RevolutionPhase


def skip_declines(game):
    """OPEN-5: seats that may not revolt are asked too, with only the decline; they decline
    here, so that a test reads the entitled seats' choices."""
    while not game.is_over and [a.to_text() for a in game.legal_actions()] == ["dagang-revolt no"]:
        game.apply(gouji.parse_action("dagang-revolt no"))
    return game


@pytest.fixture
def act():
    def apply(game, *texts):
        for text in texts:
            skip_declines(game)
            game.apply(gouji.parse_action(text))
            skip_declines(game)

    return apply



@pytest.fixture(scope="module")
def points(plain):
    """D without 憋3 but with 打点 and its declarations."""
    return plain.with_options(point_tribute=True, point_declarations=True)


def owed(game):
    return sorted((g, r, n) for g, r, n, _why in point_obligations(game))


SIMPLE = {0: "K K 5", 1: "3 6", 2: "3 7", 3: "3 8", 4: "3 9", 5: "3 10"}


def declare(game, act, *declarers, kind=OPEN):
    game.add_phase(DeclarePhase(kind, [0, 1, 2, 3, 4, 5]))
    for seat in range(6):
        act(game, f"dagang-declare {kind} {'yes' if seat in declarers else 'no'}")


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_gouji_set_that_wins_the_lead_opens_its_player_D24(points, act, play_out):
    game = points.new_position(SIMPLE, leader=0)
    act(game, "play K K", "play 5")
    play_out(game)
    assert [(s.seat, str(s.play)) for s in lived_gouji_sets(game)] == [(0, "K K")]
    assert opened_seats(game) == {0: True, 1: False, 2: False, 3: False, 4: False, 5: False}


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_who_has_not_opened_gives_his_opposite_one_card_mutually_if_both_D24(points, act, play_out):
    game = points.new_position(SIMPLE, leader=0)
    act(game, "play K K", "play 5")
    play_out(game)
    # 0 opened: 3 gives him one; 1-4 and 2-5 both did not: they give each other one (互进点贡).
    assert owed(game) == [(1, 4, 1), (2, 5, 1), (3, 0, 1), (4, 1, 1), (5, 2, 1)]


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_the_first_winner_who_never_had_a_gouji_set_live_has_not_opened_D24_1(points, act, play_out):
    game = points.new_position({0: "5", 1: "A A 3", 2: "6 8", 3: "K K 9", 4: "4 7", 5: "3 10"}, leader=0)
    # Nobody covers the 5; 头科's opposite, seat 3, has the last word and closes; seat 1 takes the wind.
    act(game, "play 5", "pass", "pass", "pass", "pass", "pass", "close")
    assert game.current_player == 1
    act(game, "play A A", "play 3")  # A A lives before 二科; seat 1 goes out as 二科
    play_out(game)
    opened = opened_seats(game)
    assert opened[1] is True, "(二): opened before 二科"
    assert opened[0] is False, "头科 whose gouji never lived: 头科亦不开点"
    assert opened[3] is False, "头科's opposite must open before 头科 goes out"


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_tou_kes_opposite_opening_after_tou_ke_is_too_late_D24_1(points, act, play_out):
    game = points.new_position({0: "5", 1: "4 3", 2: "6 8", 3: "K K 9", 4: "3 7", 5: "3 10"}, leader=0)
    act(game, "play 5", "pass", "pass", "play 9", "pass")  # seat 3's 9 wins the round after 头科's last set
    act(game, "play K K")  # and his K K lives — too late
    play_out(game)
    assert any(s.seat == 3 and str(s.play) == "K K" for s in lived_gouji_sets(game))
    assert opened_seats(game)[3] is False


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_big_joker_sets_do_not_open_touke_D24(points, act, play_out):
    game = points.new_position({0: "大王 K 5", 1: "3 6", 2: "3 7", 3: "3 8", 4: "3 9", 5: "3 10"}, leader=0)
    act(game, "play BJ K", "play 5")
    play_out(game)
    assert opened_seats(game)[0] is False


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize(("kind", "won", "backfire", "double"),
                         [(OPEN, 2, 2, False), (PRE, 4, 4, False), (OPEN, 2, 4, True), (PRE, 4, 8, True)])
def test_TRIB_6_declarations_win_2_or_4_and_backfire_2_or_4_doubled_4_or_8_D24(points, act, play_out,
                                                                                kind, won, backfire, double):
    variant = points.with_options(backfire_double=double)
    game = variant.new_position(SIMPLE, leader=0)
    declare(game, act, 0, 3, kind=kind)  # each declares that his opposite will not open
    act(game, "play K K", "play 5")
    play_out(game)
    # 3 did not open: 0's declaration wins `won` cards (instead of the plain one);
    # 0 opened: 3's declaration backfires (翻车), `backfire` cards to 0.
    assert owed(game) == sorted([(3, 0, won), (3, 0, backfire), (1, 4, 1), (4, 1, 1), (2, 5, 1), (5, 2, 1)])


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize(("reading", "plain_too"), [("replaces", False), ("adds", True)])
@pytest.mark.parametrize(("kind", "won"), [(OPEN, 2), (PRE, 4)])
def test_TRIB_6_a_right_declaration_replaces_the_plain_dian_gong_or_adds_to_it_D24(points, act, play_out,
                                                                                 reading, plain_too, kind, won):
    """D§24: "不开点者应无条件向对头进1张贡牌，称“点贡”" and "宣布明点者吃对头2张点贡，宣布预点者吃对头4张点贡".
    Default (D13): the 2 or 4 are the 点贡 the declarer eats, the plain one among them; option
    ``declared_point_tribute = "adds"`` owes the unconditional one besides (3 or 5)."""
    game = points.with_options(declared_point_tribute=reading).new_position(SIMPLE, leader=0)
    declare(game, act, 1, kind=kind)  # seat 1 declares that seat 4 will not open
    act(game, "play K K", "play 5")
    play_out(game)
    expected = [(4, 1, won), (1, 4, 1), (2, 5, 1), (5, 2, 1), (3, 0, 1)] + ([(4, 1, 1)] if plain_too else [])
    assert owed(game) == sorted(expected)
    assert sum(n for g, r, n in owed(game) if (g, r) == (4, 1)) == won + (1 if plain_too else 0)


@pytest.mark.rule("TRIB-6")
def test_TRIB_6_yu_dian_is_declared_before_the_cut_with_no_cards_ming_dian_after_the_tribute(dagang, legal):
    import gouji

    game = dagang.new_game(seed=3)
    assert game.cut is None and game.phases[0].name == "declaring points"
    assert game.hand(game.current_player) == [] and legal(game) == ["dagang-declare pre no", "dagang-declare pre yes"]
    declared = []
    while game.cut is None:
        declared.append(game.current_player)
        game.apply(game.legal_actions()[-1])  # everyone pre-declares
    assert sorted(declared) == list(range(6))
    while game.phases:
        assert not any(a.to_text().startswith("dagang-declare") for a in game.legal_actions()), \
            "who pre-declared does not declare again"
        game.apply(game.legal_actions()[0])
    assert [e.seat for e in game.events if e.kind == "declare"] == declared
    assert gouji.replay(game.record()).events == game.events


@pytest.mark.rule("TRIB-6")
def test_TRIB_6_ming_dian_comes_after_the_tribute_and_before_the_first_lead_TRIB_8(dagang, random_game):
    from gouji.rules.dagang.series import next_context

    before = random_game(dagang, 1)
    game = dagang.new_game(seed=5, context=next_context(dagang.options, before, before.context))
    while game.cut is None:
        game.apply(game.legal_actions()[0])
    names = [p.name for p in game.phases]
    assert names[names.index("declaring points") - 1] == "buying 3s"
    assert names.index("declaring points") < names.index("revolution")
    assert names[0] == "tribute" or "tribute" not in names


REVOLUTION = {0: "2 3 8", 1: "5 6 7", 2: "2 4 9", 3: "2 5 10", 4: "K K A A 2 2 Q", 5: "2 6 J"}


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_a_revolutionary_has_not_opened_his_opposite_opens_with_three_dead_gouji_D24(points, act,
                                                                                            play_out):
    game = points.new_position(REVOLUTION, leader=4)
    declare(game, act, 4)  # 明点 against seat 1 before he revolts: 算自动认点
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep")
    act(game, "play K K", "play A A", "play 2")
    assert game.current_player == 4 and game.dead_gouji_rights[4] == 0, "three dead-gouji rights, all used"
    play_out(game)
    opened = opened_seats(game)
    assert opened[1] is False and opened[4] is True
    assert (1, 4, 2) in owed(game), "seat 4's 明点 against the revolutionary wins"


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_the_revolutionarys_opposite_with_fewer_than_three_has_not_opened(points, act, play_out):
    game = points.new_position({**REVOLUTION, 4: "K K A A 9 大王"}, leader=4)
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep")
    act(game, "play K K", "play A A")
    play_out(game)
    assert opened_seats(game)[4] is False
    assert (4, 1, 1) in owed(game) and (1, 4, 1) in owed(game), "互进点贡"


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_with_hold_three_a_revolutionary_has_opened_D26_2(dagang, act, play_out):
    hands = {0: "2 3 3", 1: "5 6 7", 2: "2 3 3", 3: "2 3 3", 4: "K K 3 3", 5: "2 3 3"}
    game = dagang.new_position(hands, leader=4)
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji headless")
    assert 1 in game.opened and 1 in game.observation(4).opened, "shown as soon as he folds"
    play_out(game)
    assert opened_seats(game)[1] is True


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize("kind", [OPEN, PRE])
def test_TRIB_6_a_declaration_against_a_revolutionary_is_conceded_even_with_hold_three_D24(dagang, act,
                                                                                          play_out, kind):
    """D§24: "实行打点规则时，如果持牌人革命，无论此前对头有没有明点或预点，算自动认点" — with 憋3 the
    revolutionary counts as opened (D§26.(二) "开点并作为四科"), yet a 明点 or 预点 against him is
    conceded (认点): the declarer wins, it never backfires (翻车)."""
    hands = {0: "2 3 3", 1: "5 6 7", 2: "2 3 3", 3: "2 3 3", 4: "K K 3 3", 5: "2 3 3"}
    game = dagang.new_position(hands, leader=4)
    declare(game, act, 4, kind=kind)
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji headless")
    play_out(game)
    assert opened_seats(game)[1] is True, "with 憋3 the revolutionary has opened (no plain 点贡)"
    cards = 2 if kind == OPEN else 4
    assert (1, 4, cards) in owed(game), "the declaration against the revolutionary wins"
    assert not any(g == 4 and r == 1 and n == cards for g, r, n in owed(game)), "it never backfires (翻车)"
    assert not any("backfired" in why for *_, why in point_obligations(game))


@pytest.mark.rule("TRIB-5")
def test_TRIB_5_the_revolutionarys_opposite_who_gave_up_his_rights_cannot_open_D24(points, act, play_out):
    """D§24: "如果持牌人革命 … 但其对头也须在二科产生前够死级三把方算开点" — three dead-gouji sets
    (够死级); having given up his rights (D§23 "声明放弃此权力即视为无头") he plays none, and three
    gouji sets that win the lead as a headless player do not open him."""
    hands = {**REVOLUTION, 4: "K K A A 2 2 Q"}
    game = points.new_position(hands, leader=4)
    game.add_phase(RevolutionPhase.for_game(game))
    act(game, "dagang-revolt yes", "dagang-dead-gouji headless")
    act(game, "play K K", "play A A", "play 2 2")
    assert len([s for s in lived_gouji_sets(game) if s.seat == 4]) == 3
    play_out(game)
    assert opened_seats(game)[4] is False
    other = points.with_options(revolution_opening="lived_gouji").new_position(hands, leader=4)
    other.add_phase(RevolutionPhase.for_game(other))
    act(other, "dagang-revolt yes", "dagang-dead-gouji headless", "play K K", "play A A", "play 2 2")
    play_out(other)
    assert opened_seats(other)[4] is True, "revolution_opening = lived_gouji: any three gouji sets"


@pytest.mark.parametrize("name", ["dagang", "dagang-plain"])
@pytest.mark.parametrize("opening", ["dead_gouji", "lived_gouji"])
def test_TRIB_5_who_opened_at_once_is_what_the_policy_says_seat_by_seat_D24(name, opening):
    """D§24 "其对头除大花外够级牌一次未活" … "够死级三把": ``DagangOpenPoint.opened`` reads the
    revolutionary once for the six seats; it must say what ``counts``, ``sets_needed`` and
    ``opened_by_rule`` say seat by seat (the core's reading, ``OpenPointPolicy.opened``) after
    every action of random games, revolutions taken whenever offered."""
    import random

    from gouji.engine.open_point import OpenPointPolicy

    variant = gouji.load_variant(name).with_options(revolution_opening=opening)
    policy = variant.open_point_policy
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        game = variant.new_game(seed=seed)
        while not game.is_over:
            legal = game.legal_actions()
            revolts = [a for a in legal if a.to_text() == "dagang-revolt yes"]
            game.apply(revolts[0] if revolts else rng.choice(legal))
            assert game.opened == OpenPointPolicy.opened(policy, game), (seed, len(game.history))
            checked += 1
    assert checked > 1000


@pytest.mark.rule("TRIB-6")
@pytest.mark.parametrize("reading", ["replaces", "adds"])
def test_TRIB_6_a_backfired_declarer_who_did_not_open_gives_his_plain_card_besides_D24(points, act, play_out,
                                                                                      reading):
    """D13's "where the reading strains": "如对头开点，则宣布明点者须向对头进2张点贡" and, as he did
    not open himself, "不开点者应无条件向对头进1张贡牌" — seat 3 gives seat 0 3 cards under either
    reading (the option touches only a right declaration's opposite)."""
    game = points.with_options(declared_point_tribute=reading).new_position(SIMPLE, leader=0)
    declare(game, act, 3)  # seat 3 declares that seat 0 will not open; seat 0 opens
    act(game, "play K K", "play 5")
    play_out(game)
    assert sum(n for g, r, n in owed(game) if (g, r) == (3, 0)) == 3
