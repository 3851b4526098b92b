"""TABLE-2: forming teams by drawing 3 red and 3 black cards (P§6, D§5)."""

import random

import pytest

import gouji
from gouji.engine.table import Table
from gouji.engine.teams import draw_teams, seat_for


@pytest.mark.rule("TABLE-2")
def test_TABLE_2_same_colour_is_a_team_and_equal_numbers_are_opposites():
    for number in (1, 2, 3):
        red, black = seat_for("red", number), seat_for("black", number)
        assert Table.opposite(red) == black
    assert {Table.team(seat_for("red", n)) for n in (1, 2, 3)} == {0}
    assert {Table.team(seat_for("black", n)) for n in (1, 2, 3)} == {1}


@pytest.mark.rule("TABLE-2")
def test_TABLE_2_every_player_gets_a_seat_deterministically():
    players = ["甲", "乙", "丙", "丁", "戊", "己"]
    seating = draw_teams(players, random.Random(4))
    assert sorted(seating) == list(range(6)) and sorted(seating.values()) == sorted(players)
    assert seating == draw_teams(players, random.Random(4))


@pytest.mark.rule("TABLE-2")
def test_TABLE_2_needs_six_different_players():
    with pytest.raises(gouji.GoujiError):
        draw_teams(["a"] * 6, random.Random(0))
