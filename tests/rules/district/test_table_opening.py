"""TABLE-1, OPEN-1, OPEN-3 in book T (T 二.3.(2), (3))."""

from __future__ import annotations

import random

import pytest

import gouji
from gouji.engine.cards import ACE, BIG_JOKER, JACK, KING, QUEEN, SMALL_JOKER, TEN, TWO, Card, Suit
from gouji.engine.context import GameContext
from gouji.engine.table import Table
from gouji.rules.district.opening import captain_value, district_cut, read_cut


class _Scripted(random.Random):
    """A random source whose ``randrange`` returns the given indexes in turn."""

    def __init__(self, picks):
        super().__init__(0)
        self.picks = list(picks)

    def randrange(self, *args, **kwargs):
        return self.picks.pop(0)


def card(rank, suit=Suit.SPADES):
    return Card(rank, None if rank >= SMALL_JOKER else suit)


@pytest.mark.rule("TABLE-1")
def test_TABLE_1_T_plays_clockwise_in_decreasing_seat_order(district, position, act):
    assert district.options["direction"] == "clockwise"
    assert district.table.order_after(0) == (5, 4, 3, 2, 1)
    game = position({0: "9 3", 1: "10 3", 2: "J 3", 3: "4 3", 4: "5 3", 5: "Q 3"}, leader=0)
    act(game, "play 9")
    # Seat 5, the next clockwise, answers first.
    assert game.current_player == 5
    act(game, "play Q")
    # Seat 4 cannot beat Q and passes by itself; seat 3 neither; seat 2 neither; seat 1 …
    assert [e.seat for e in game.events if e.kind == "auto-pass"][:2] == [4, 3]


@pytest.mark.rule("OPEN-1")
@pytest.mark.parametrize(("rank", "value"), [
    (ACE, 1), (TWO, 2), (5, 5), (9, 9), (TEN, 10), (JACK, 1), (QUEEN, 2), (KING, 3)])
def test_OPEN_1_captains_cut_values_1_to_10_then_the_last_digit(rank, value):
    # T 二.3.(2): 1--10，10以上按个位数计算大小.
    assert captain_value(card(rank)) == value


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_a_joker_has_no_cut_value():
    with pytest.raises(gouji.GoujiError):
        captain_value(card(BIG_JOKER))


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_captains_cut_for_the_opening_team_which_cuts_for_the_first_drawer():
    table = Table("clockwise")
    pile = [card(BIG_JOKER), card(5), card(KING), card(9)]
    # Captain of team 0 (seat 0) cuts 大王 (cut again) then 5; captain of team 1 (seat 1) cuts
    # K, worth 3: team 0 opens, and its captain cuts a 9: seat 0 counts 1, clockwise 5, 4, 3,
    # 2, 1, 0, 5, 4 — the ninth is seat 4.
    cut = district_cut(table, _Scripted([0, 1, 2, 3]), pile, GameContext.first(), (0, 1))
    assert cut.cutter == 0
    assert cut.cards == tuple(pile)
    assert cut.first_drawer == 4
    reading = read_cut(cut)
    assert reading.opening_team == 0
    assert reading.captain_cards == ((card(BIG_JOKER), card(5), card(KING)),)
    assert reading.cutter_cards == (card(9),)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_equal_cuts_are_cut_again_and_the_higher_team_cuts():
    table = Table("clockwise")
    # J (1) against A (1): cut again; 2 against 10: team 1 (captain seat 3) opens and cuts A.
    pile = [card(JACK), card(ACE), card(TWO), card(TEN), card(ACE, Suit.HEARTS)]
    cut = district_cut(table, _Scripted([0, 1, 2, 3, 4]), pile, GameContext.first(), (2, 3))
    assert cut.cutter == 3
    assert cut.first_drawer == 3          # A counts 1: the cutter himself
    assert read_cut(cut).opening_team == 1


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_next_game_the_previous_first_drawer_names_the_next_player_clockwise():
    table = Table("clockwise")
    context = GameContext(game_number=2, previous_first_drawer=4)
    cut = district_cut(table, _Scripted([0]), [card(3)], context, (0, 1))
    assert cut.cutter == 3                 # clockwise after seat 4
    assert cut.first_drawer == 1           # 3 counts seats 3, 2, 1
    assert read_cut(cut, first_game=False).cutter_cards == (card(3),)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_a_series_rotates_the_cutter(district):
    from gouji.engine.series import Series

    series = Series(district, seed=5, games=2)
    first = series.game
    assert first.cut.cutter in (0, 1)      # a captain
    rng = random.Random(0)
    while not first.is_over:
        legal = first.legal_actions()
        first.apply(legal[rng.randrange(len(legal))])
    second = series.next_game()
    assert second.context.previous_first_drawer == first.cut.first_drawer
    assert second.cut.cutter == district.table.seat_after(first.cut.first_drawer, 1)


@pytest.mark.rule("OPEN-1")
def test_OPEN_1_captains_must_be_one_per_team(district):
    with pytest.raises(gouji.OptionError, match="captains"):
        district.with_options(captains=[0, 2])
    with pytest.raises(gouji.OptionError):
        district.with_options(captains=[0, 1, 3])


@pytest.mark.rule("OPEN-3")
@pytest.mark.parametrize("seed", range(8))
def test_OPEN_3_the_first_drawer_leads(district, seed):
    # T 二.3.(3): 每局由先摸牌者出牌 — no 上班 with 3s.
    game = district.new_game(seed)
    assert game.first_leader == game.cut.first_drawer
    while game.legal_actions() and game.kind == "phase":
        legal = game.legal_actions()
        game.apply(legal[-1] if len(legal) == 1 else legal[0])   # buy every card offered
    expected = game.first_leader if game.playing[game.first_leader] else game.next_in_play(game.first_leader)
    assert game.current_player == expected and game.table is None
