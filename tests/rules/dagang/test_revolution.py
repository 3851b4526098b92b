"""OPEN-5 (D§23, D§26.(二)): revolution — who may, void games, 四科 or 三科, the opposite's rights."""

import pytest

import gouji
from gouji.rules.dagang.revolution import DEAD_GOUJI_RIGHTS, RevolutionPhase
from gouji.rules.dagang.series import next_context
from gouji.rules.dagang.state import get_state


def skip_declines(game):
    """Seats that may not revolt are asked too, with only the decline (OPEN-5: being asked
    tells nothing of a hand): they decline, so that a test reads the entitled seats' choices."""
    while not game.is_over and [a.to_text() for a in game.legal_actions()] == ["dagang-revolt no"]:
        game.apply(gouji.parse_action("dagang-revolt no"))
    return game


def decide(game, *texts):
    """Apply actions given as record text, every seat that may not revolt declining between."""
    for text in texts:
        skip_declines(game)
        game.apply(gouji.parse_action(text))
        skip_declines(game)


@pytest.fixture
def act():
    return decide


HANDS = {0: "2 3 8", 1: "5 6 7", 2: "小王 4 9", 3: "9 9 10", 4: "K K A A 2 Q", 5: "大王 6 J"}


def revolution_position(variant, hands=HANDS, leader=4):
    game = variant.new_position(hands, leader=leader)
    game.add_phase(RevolutionPhase.for_game(game))
    return skip_declines(game)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_only_hands_without_jokers_or_2s_may_revolt_and_may_decline_D23(plain, legal, act):
    game = revolution_position(plain)
    # In turn order from the first leader (4): seats 1 and 3 hold no 大王, 小王 or 2.
    assert game.current_player == 1 and legal(game) == ["dagang-revolt no", "dagang-revolt yes"]
    act(game, "dagang-revolt no")
    assert game.current_player == 3
    act(game, "dagang-revolt no")
    assert game.current_player == 4 and game.table is None and all(game.playing)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_a_revolutionary_counts_as_si_ke_his_opposite_gets_three_dead_gouji_rights_D23(plain, legal, act):
    game = revolution_position(plain)
    act(game, "dagang-revolt yes")
    assert not game.playing[1] and game.places[3] == 1, "四科"
    act(game, "dagang-revolt no")
    assert game.current_player == 4 and legal(game) == ["dagang-dead-gouji keep", "dagang-dead-gouji headless"]
    act(game, "dagang-dead-gouji keep")
    assert DEAD_GOUJI_RIGHTS == 3 and game.dead_gouji_rights == {4: 3}
    assert game.current_player == 4 and game.table is None


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_the_opposite_may_give_the_rights_up_and_be_headless_D23(plain, act):
    game = revolution_position(plain)
    act(game, "dagang-revolt yes", "dagang-revolt no", "dagang-dead-gouji headless")
    assert game.dead_gouji_rights.get(4, 0) == 0 and get_state(game).renounced == (4,)
    assert game.is_headless(4)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_dead_gouji_rights_nobody_answers_but_a_burner(plain, act, legal):
    game = revolution_position(plain)
    act(game, "dagang-revolt yes", "dagang-revolt no", "dagang-dead-gouji keep", "play K K")
    assert game.dead_gouji_rights[4] == 2
    # Burn offers only (seat 4's teammates first, then the others who can burn): nobody can here.
    assert game.current_player == 4 and game.table is None


KEEP = {0: "2 3 8", 1: "5 6 7", 2: "小王 4 9", 3: "Q Q Q 2 10", 4: "K K K 2 A A", 5: "大王 6 J"}


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_keeping_the_rights_the_opposite_is_not_headless_D23(plain, act, legal):
    """D§23: "其对头取得三次够死级的权力。声明放弃此权力即视为无头" — only giving the rights up makes
    him headless: keeping them, he still has a head and answers others' gouji sets only by burning."""
    game = revolution_position(plain, KEEP, leader=3)
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep")
    assert game.has_head(4) and not game.is_headless(4)
    act(game, "play Q Q Q")
    assert game.current_player == 4 and "burn K K K" in legal(game) and "play K K K" not in legal(game)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_once_the_three_rights_are_spent_the_opposite_is_headless_D23(plain, act):
    """D§23: "三次够死级的权力" — three, and no more: when the third is spent his head is gone (D§17)."""
    game = revolution_position(plain)
    act(game, "dagang-revolt yes", "dagang-revolt no", "dagang-dead-gouji keep", "play K K", "play A A")
    assert game.dead_gouji_rights[4] == 1 and not game.is_headless(4)
    act(game, "play 2")
    assert game.dead_gouji_rights[4] == 0 and game.is_headless(4)
    assert [e.seat for e in game.events if e.kind == "headless"] == [4]


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_option_the_opposite_headless_with_his_rights(plain, act, legal):
    """``rights_keep_head = false`` (the other reading of D§23): headless at once, the three
    dead-gouji sets the only difference; he covers anyone's gouji set as a headless player."""
    game = revolution_position(plain.with_options(rights_keep_head=False), KEEP, leader=3)
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep")
    assert game.is_headless(4) and game.dead_gouji_rights[4] == 3
    act(game, "play Q Q Q")
    assert game.current_player == 4 and "play K K K" in legal(game)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_two_revolutions_void_the_game_D23(plain, act):
    game = revolution_position(plain)
    act(game, "dagang-revolt yes", "dagang-revolt yes")
    assert game.is_over and get_state(game).void
    assert [e.kind for e in game.events if e.kind == "void-game"] == ["void-game"]
    assert game.score().team_points == (0, 0)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_a_void_game_is_dealt_again_owing_the_same(plain, act):
    from gouji.engine.context import GameContext
    from gouji.rules.dagang.state import POINTS_KEY

    game = revolution_position(plain)
    owed = GameContext(4, (0, 1, 2, 3, 4, 5), 2, ((POINTS_KEY, [[1, 4, 1, "did not open"]]),))
    act(game, "dagang-revolt yes", "dagang-revolt yes")
    again = next_context(plain.options, game, owed)
    assert again.game_number == 5 and again.previous_finish_order == owed.previous_finish_order
    assert again.get(POINTS_KEY) == owed.get(POINTS_KEY), "the same tribute is owed when it is dealt again"


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_teammates_take_tou_ke_and_er_ke_the_revolutionary_is_san_ke_a_sweep_D23(plain, act):
    # Seat 3 revolts; his teammates 1 and 5 go out first and second.
    hands = {0: "2 9 9", 1: "5", 2: "2 8 8", 3: "4 4 6", 4: "2 K K", 5: "7"}
    game = revolution_position(plain, hands, leader=1)
    assert game.current_player == 1
    act(game, "dagang-revolt no", "dagang-revolt yes", "dagang-revolt no")  # seat 3 folds, seat 5 not
    act(game, "dagang-dead-gouji keep")  # seat 0 keeps his rights
    act(game, "play 5")  # seat 1 out first
    while game.finish_order[:2] != [1, 5]:
        legal = game.legal_actions()
        seat = game.current_player
        choice = next((a for a in legal if seat == 5 and a.play is not None), None)
        game.apply(choice or next((a for a in legal if a.play is None), legal[0]))
    assert game.places[2] == 3, "三科"
    assert any(e.kind == "moved" and e.rule == "OPEN-5" for e in game.events)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.finish_order[:3] == [1, 5, 3]
    assert game.score().sweep and game.score().team_points == (0, 12)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_the_revolutionary_does_not_stop_the_other_teams_sweep_D23(plain, act, play_out):
    hands = {0: "2 9", 1: "5 5 5", 2: "2 8", 3: "2 4 4 6", 4: "2 7", 5: "2 6 6 6"}
    game = revolution_position(plain, hands, leader=0)
    act(game, "dagang-revolt yes", "dagang-dead-gouji keep")  # seat 1, the only one without a 2
    play_out(game)
    order = game.finish_order
    assert order.index(1) == 3
    if order[:3] == [0, 2, 4]:
        assert game.score().team_points == (12, 0)


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_with_hold_three_only_a_hand_without_3s_and_money_may_revolt_D26_2(dagang, legal):
    hands = {0: "2 3 8", 1: "5 6 7", 2: "3 4 9", 3: "3 9 10", 4: "3 K K", 5: "3 6 J"}
    game = revolution_position(dagang, hands, leader=0)
    # Seats 2, 3, 4, 5 hold no joker or 2 but hold 3s: only seat 1 may.
    assert game.current_player == 1 and legal(game) == ["dagang-revolt no", "dagang-revolt yes"]
    decide(game, "dagang-revolt no")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("OPEN-5")
def test_OPEN_5_off_no_revolution_decision(plain):
    variant = plain.with_options(revolution=False)
    for seed in range(3):
        game = variant.new_game(seed=seed)
        while game.phases:
            assert game.phases[0].name != "revolution"
            game.apply(game.legal_actions()[0])


def _revolt_offers(game):
    """Take the first legal action up to the first lead; the seats offered ``dagang-revolt yes``
    (every seat is asked; only those who may revolt are offered the revolution)."""
    offered = set()
    while game.phases:
        legal = game.legal_actions()
        if any(a.to_text() == "dagang-revolt yes" for a in legal):
            offered.add(game.current_player)
            legal = [a for a in legal if a.to_text() == "dagang-revolt no"]
        game.apply(legal[-1] if legal[0].to_text().startswith("dagang-return ") else legal[0])  # smallest back
    return offered


@pytest.mark.rule("OPEN-5")
@pytest.mark.rule("TRIB-1")
def test_OPEN_5_the_condition_is_read_on_the_36_cards_dealt_not_after_the_tribute_D23(plain):
    # Seed 0 after a game finished 0 1 2 3 4 5: the 大落 (seat 5) is dealt one 2 or joker,
    # gives it to 头科 and gets a small card back. "在摸取的36张牌中": he may not revolt; read on the hand held, he could.
    from gouji.engine.context import GameContext

    context = GameContext(game_number=2, previous_finish_order=(0, 1, 2, 3, 4, 5))
    money = [sum(c.rank in (gouji.engine.cards.BIG_JOKER, gouji.engine.cards.SMALL_JOKER, gouji.engine.cards.TWO) for c in hand)
             for hand in plain.new_game(seed=0, context=context).deal.hands()]
    assert money[5] == 1 and plain.options["revolution_hand"] == "dealt"
    assert 5 not in _revolt_offers(plain.new_game(seed=0, context=context))
    held = plain.with_options(revolution_hand="held")
    assert 5 in _revolt_offers(held.new_game(seed=0, context=context))


@pytest.mark.rule("OPEN-5")
@pytest.mark.parametrize("name", ["dagang-plain", "dagang", "dagang196"])
def test_OPEN_5_every_seat_is_asked_so_the_asking_tells_nothing_D23(name):
    """D§23: "符合革命条件者有权不革命" — a player who may revolt may keep his hand, so one who
    keeps it must look like one who could not revolt: every seat in play is asked, in turn
    from the first leader, and one who may not revolt has only the decline."""
    for seed in range(6):
        game = gouji.load_variant(name).new_game(seed=seed)
        asked = []
        while not game.is_over and game.decision == "phase":
            legal = [a.to_text() for a in game.legal_actions()]
            decline = [t for t in legal if t in ("dagang-revolt no", "club-no-revolution")]
            if decline:
                asked.append(game.current_player)
                assert legal in (decline, [decline[0], decline[0].replace(" no", " yes").replace("no-", "")])
                game.apply(gouji.parse_action(decline[0]))
            else:
                game.apply(game.legal_actions()[0])
        first = game.first_leader
        assert asked == [(first + i) % 6 for i in range(6)] or asked == [(first - i) % 6 for i in range(6)]
