"""ROUND-1 … ROUND-6: turn order, pass, the opposite's last word, yield, close, counts."""

import pytest

import gouji

# Seat 0 leads a single 5; every hand keeps enough cards that nobody goes out.
HANDS = {0: "5 3 3", 1: "6 3 3", 2: "7 3 3", 3: "8 3 3", 4: "9 3 3", 5: "10 3 3"}


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_play_goes_in_turn_order(position, act):
    game = position(HANDS)
    act(game, "play 5")
    assert game.current_player == 1
    act(game, "play 6")
    assert game.current_player == 2


@pytest.mark.rule("ROUND-1")
def test_ROUND_1_the_leader_must_play(position):
    game = position(HANDS)
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.Pass())
    assert err.value.rule_id == "ROUND-1"


@pytest.mark.rule("ROUND-2")
def test_ROUND_2_a_pass_ends_your_round(position, act):
    game = position({0: "5 J J", 1: "6 3 3", 2: "7 3 3", 3: "8 3 3", 4: "9 3 3", 5: "10 3 3"})
    act(game, "play 5", "pass", "play 7", "play 8", "play 9", "play 10")
    assert game.passed == {1}
    assert game.queue == [0, 2, 3, 4], "seat 1 passed and is not asked again this round"


@pytest.mark.rule("ROUND-3")
def test_ROUND_3_the_opposite_has_the_last_word(position, act, legal):
    game = position({0: "5 3 3", 1: "3 3 3", 2: "3 3 3", 3: "8 3 3", 4: "3 3 3", 5: "3 3 3"})
    act(game, "play 5")  # seats 1, 2 cannot cover and pass on their own
    assert game.current_player == 3
    act(game, "pass")
    # 4 and 5 pass automatically; seat 3 is asked again although it passed: cover or close.
    assert game.current_player == 3
    assert legal(game) == ["play 8", "close"]


@pytest.mark.rule("ROUND-4")
def test_ROUND_4_yield_lets_the_two_lower_players_go_first(position, act, legal):
    game = position({0: "5 3 3", 1: "3 3 3", 2: "3 3 3", 3: "8 3 3", 4: "9 3 3", 5: "10 3 3"})
    act(game, "play 5")
    assert game.current_player == 3
    assert legal(game) == ["play 8", "pass", "yield"]
    act(game, "yield")
    assert game.current_player == 4
    act(game, "pass", "pass")
    assert game.current_player == 3
    assert legal(game) == ["play 8", "close"], "after a yield the yielder covers or closes, once"


@pytest.mark.rule("ROUND-4")
def test_ROUND_4_no_yield_unless_both_upper_players_passed(position, act, legal):
    game = position(HANDS)
    act(game, "play 5", "play 6", "pass")
    assert game.current_player == 3
    assert "yield" not in legal(game), "seat 3 faces seat 1's set, not its opposite's"


@pytest.mark.rule("ROUND-4")
def test_ROUND_4_set_on_a_yield_answered_by_the_opposite_only_D12(provincial, act):
    variant = provincial.with_options(yield_answer_opposite_only=True)
    game = variant.new_position({0: "5 3 3", 1: "Q 3 3", 2: "3 3 3", 3: "8 3 3", 4: "9 3 3", 5: "10 3 3"}, 0)
    act(game, "play 5", "pass", "yield", "play 9")
    assert game.queue == [1], "only seat 4's opposite may answer"


@pytest.mark.rule("ROUND-5")
def test_ROUND_5_only_the_opposite_closes_then_the_owner_leads(position, act):
    game = position({0: "5 3 3", 1: "3 3 3", 2: "3 3 3", 3: "8 3 3", 4: "3 3 3", 5: "3 3 3"})
    act(game, "play 5")
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.Close())  # seats 4 and 5 have not answered yet
    assert err.value.rule_id == "ROUND-5"
    act(game, "pass", "close")
    assert game.table is None and game.current_player == 0


@pytest.mark.rule("ROUND-5")
def test_ROUND_5_a_closer_who_cannot_cover_closes_automatically(position, act):
    game = position({0: "5 3 3", 1: "3 3 3", 2: "3 3 3", 3: "3 3 3", 4: "3 3 3", 5: "3 3 3"})
    act(game, "play 5")
    assert game.current_player == 0 and game.table is None
    assert "auto-close" in [e.kind for e in game.events]


@pytest.mark.rule("ROUND-6")
def test_ROUND_6_counts_are_seen_only_at_ten_or_fewer(provincial):
    game = provincial.new_game(seed=1)
    sizes = game.observation(0).hand_sizes
    assert sizes[0] == 36 and sizes[1:] == (None,) * 5
    small = provincial.new_position(HANDS, 0)
    assert small.observation(2).hand_sizes == (3, 3, 3, 3, 3, 3)


@pytest.mark.rule("ROUND-6")
def test_ROUND_6_visibility_is_an_option(provincial):
    never = provincial.with_options(count_visibility="never").new_position(HANDS, 0)
    assert never.observation(2).hand_sizes == (None, None, 3, None, None, None)
    always = provincial.with_options(count_visibility="always").new_game(seed=1)
    assert always.observation(0).hand_sizes == (36,) * 6


@pytest.mark.rule("ROUND-6")
def test_ROUND_6_an_observation_hides_other_hands(provincial):
    game = provincial.new_game(seed=2)
    obs = game.observation(3)
    assert list(obs.hand) == game.hand(3)
    assert obs.legal_actions == () or obs.current_player == 3


@pytest.mark.rule("ROUND-6")
def test_ROUND_6_an_observation_serialises_for_a_client(provincial):
    import json

    game = provincial.new_game(seed=2)
    data = json.loads(json.dumps(game.observation(game.current_player).to_dict()))
    assert data["seat"] == game.current_player and len(data["hand"]) == 36
    assert data["hand_sizes"].count(None) == 5
    first = gouji.parse_action(data["legal_actions"][0])
    assert first in game.legal_actions()
    other = game.observation((game.current_player + 1) % 6).to_dict()
    assert other["legal_actions"] == [] and other["hand"] != data["hand"]


@pytest.mark.rule("ROUND-4")
def test_ROUND_4_yield_can_be_switched_off(provincial, act, legal):
    variant = provincial.with_options(yield_allowed=False)
    game = variant.new_position({0: "5 3 3", 1: "3 3 3", 2: "3 3 3", 3: "8 3 3", 4: "9 3 3", 5: "10 3 3"}, 0)
    act(game, "play 5")
    assert game.current_player == 3 and legal(game) == ["play 8", "pass"]
