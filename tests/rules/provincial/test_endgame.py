"""END-1 … END-5 and SCORE-1: going out, headless, last sets, the wind, the melee, scores."""

import pytest

import gouji


@pytest.mark.rule("END-1")
def test_END_1_places_in_the_order_players_go_out(position, act):
    game = position({0: "9", 1: "10", 2: "3 3 3 K", 3: "3 3 4", 4: "3 3 5", 5: "3 3 6"})
    act(game, "play 9")
    assert game.finish_order == [0]
    act(game, "play 10")
    assert game.finish_order == [0, 1]
    outs = [e for e in game.events if e.kind == "out"]
    assert [e.detail for e in outs] == ["头科 1st", "二科 2nd"]


@pytest.mark.rule("END-1")
def test_END_1_the_one_left_is_last(provincial):
    game = provincial.new_position({0: "9", 1: "3"}, leader=0)
    game.apply(gouji.parse_action("play 9"))
    assert game.is_over and game.finish_order[-2:] == [0, 1]  # empty seats went out before


@pytest.mark.rule("END-2")
def test_END_2_anyone_covers_a_headless_players_sets(position, act, legal):
    # Seat 0 holds nothing: seat 3 is headless from the start.
    game = position({1: "A A 9", 2: "2 2 7", 3: "K K 8", 4: "3 3", 5: "4 4"}, leader=3)
    act(game, "play K K")
    assert game.current_player == 1
    assert legal(game) == ["play A A", "pass"], "covering a headless player's gouji set is no burn"


@pytest.mark.rule("END-2")
def test_END_2_the_headless_player_covers_anyones_sets(position, act, legal):
    game = position({1: "A A 9", 2: "7 7", 3: "2 2 8", 4: "3 3", 5: "4 4"}, leader=1)
    act(game, "play A A")
    assert game.current_player == 3
    assert legal(game) == ["play 2 2", "pass"]


@pytest.mark.rule("END-3")
def test_END_3_first_places_gouji_last_set_counts_as_his_lower_players_P18(position, act, legal):
    game = position({0: "A A", 1: "2 2 3 3", 2: "3 3", 3: "2 2 4", 4: "2 2 5 5", 5: "2 2 9"})
    act(game, "play A A")
    # Burn offers first (seat 1's teammate 5, then 2); headless seat 3 answers in turn order (P§17).
    assert game.anchor == 1 and game.queue == [5, 2, 3, 4]
    assert legal(game) == ["burn 2 2", "pass"]  # seat 5 burns
    act(game, "pass")  # seat 2 (3 3) cannot burn: its pass is automatic
    assert game.current_player == 3 and legal(game) == ["play 2 2", "pass"]  # seat 3 is headless: no burn
    act(game, "pass")
    assert game.current_player == 4 and legal(game) == ["play 2 2", "close"]  # the lower's opposite
    act(game, "close")
    assert game.current_player == 1 and game.table is None


@pytest.mark.rule("END-3")
def test_END_3_first_places_opposite_gouji_is_dead_in_that_round(position, act):
    game = position({0: "9", 1: "3 3", 2: "3 3", 3: "2 5", 4: "3 3", 5: "3 3"})
    act(game, "play 9", "pass", "play 2")
    assert any(e.kind == "dead-set" and e.rule == "END-3" for e in game.events)
    assert game.current_player == 3 and game.table is None


@pytest.mark.rule("END-3")
def test_END_3_second_places_last_set_starts_the_melee(position, act):
    game = position({0: "9", 1: "10", 2: "3 3 3 K", 3: "3 3 4", 4: "3 3 5", 5: "3 3 6"})
    act(game, "play 9", "play 10")
    assert game.melee
    assert any(e.kind == "melee" and e.rule == "END-5" for e in game.events)


@pytest.mark.rule("END-4")
def test_END_4_the_lower_player_may_ask_to_take_the_wind(position, act, legal):
    game = position({0: "9", 1: "10 3 3", 2: "3 3 3", 3: "J 3 3", 4: "3 3 3", 5: "3 3 3"})
    act(game, "play 9")
    assert game.current_player == 1
    assert legal(game) == ["play 10", "pass", "take-wind"]
    act(game, "take-wind")
    assert 1 not in game.passed
    # Seat 3 (opposite of the finished seat 0) may still refuse by covering; it closes.
    assert game.current_player == 3
    act(game, "pass")
    assert game.current_player == 3 and legal(game) == ["play J", "close"]
    act(game, "close")
    assert game.current_player == 1 and game.table is None


@pytest.mark.rule("END-4")
def test_END_4_the_set_stands_and_the_next_player_in_leads(position, act):
    game = position({0: "9", 1: "3 3 3", 2: "3 3 3", 3: "3 3 3", 4: "3 3 3", 5: "3 3 3"})
    act(game, "play 9", "pass")
    assert game.current_player == 1 and game.table is None
    assert any(e.kind == "take-wind" and e.rule == "END-4" for e in game.events)


@pytest.mark.rule("END-5")
def test_END_5_melee_pass_ends_your_round_yield_keeps_it_P19(position, act, legal):
    hands = {0: "9", 1: "10", 2: "3 3 3 Q 2", 3: "3 3 4 A", 4: "3 3 5", 5: "3 3 6"}
    game = position(hands)
    act(game, "play 9", "play 10")
    assert game.current_player == 2
    assert legal(game) == ["play Q", "play 2", "pass", "yield"]
    act(game, "yield", "play A")  # seat 3 covers; seats 4 and 5 cannot
    assert game.current_player == 2 and 2 not in game.passed, "a yield keeps the right to play"
    game = position(hands)
    act(game, "play 9", "play 10", "pass", "play A")
    assert game.current_player == 3 and game.table is None, "a pass ends the round for seat 2"


@pytest.mark.rule("END-5")
def test_END_5_no_gouji_restriction_in_the_melee(position, act, legal):
    game = position({0: "9", 1: "10", 2: "3 3 3 K K K", 3: "3 3 4 A A", 4: "3 3 5", 5: "2 2 6"})
    act(game, "play 9", "play 10", "play K")
    act(game, "pass", "pass")
    # Seat 2 leads K K (gouji); seat 3, not its opposite, answers without burning.
    act(game, "play K K")
    assert game.current_player == 3 and "play A A" in legal(game)


@pytest.mark.rule("SCORE-1")
@pytest.mark.parametrize(
    ("order", "teams"),
    [
        ([0, 1, 2, 3, 4, 5], (2, -2)),
        ([1, 0, 3, 2, 5, 4], (-2, 2)),
        ([0, 2, 1, 4, 3, 5], (6, -6)),
        ([0, 2, 1, 3, 4, 5], (4, -4)),
        ([4, 0, 2, 5, 3, 1], (8, -8)),   # sweep: 串三户, whatever follows
        ([0, 1, 2, 3, 5, 4], (0, 0)),
        ([0, 2, 4, 1, 3, 5], (8, -8)),
        ([0, 3, 2, 1, 4, 5], (2, -2)),
        ([0, 1, 3, 2, 5, 4], (0, 0)),
    ],
)
def test_SCORE_1_place_points_and_team_sums_P21(provincial, order, teams):
    score = provincial.score(order)
    assert score.team_points == teams
    assert sorted(score.seat_points) == [-4, -2, 0, 0, 2, 4]


@pytest.mark.rule("SCORE-1")
def test_SCORE_1_a_game_scores_0_2_4_6_or_8(provincial):
    import itertools

    seen = {abs(provincial.score(order).team_points[0]) for order in itertools.permutations(range(6))}
    assert seen == {0, 2, 4, 6, 8}


@pytest.mark.rule("SCORE-1")
def test_SCORE_1_bad_finish_order_is_refused(provincial):
    with pytest.raises(gouji.GoujiError):
        provincial.score([0, 1, 2, 3, 4, 4])


@pytest.mark.rule("SCORE-1")
def test_SCORE_1_a_finished_game_scores_its_finish_order(provincial):
    import random

    rng = random.Random(5)
    game = provincial.new_game(seed=5)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    assert game.score() == provincial.score(game.finish_order)
