"""Tests of the Qingdao house rules, with gouji's conformance kit.

Run them after ``pip install -e '.[test]'`` in this folder: ``pytest``.
"""

from __future__ import annotations

import pytest
from qingdao_house_rules import VARIANT_FILE

import gouji
from gouji.testing import check_record_round_trip, random_playout


@pytest.fixture(scope="module")
def qingdao() -> gouji.Variant:
    return gouji.load_variant(VARIANT_FILE)


def test_the_house_rules_play_correct_games(gouji_conformance):
    # One line: random games checked after every action (see gouji.testing).
    gouji_conformance(VARIANT_FILE, games=10)


def test_other_option_values_play_correct_games(gouji_conformance, qingdao):
    gouji_conformance(qingdao.with_options(max_jokers_per_set=1, burn_bonus=3), games=3)


def test_the_variant_file_selects_the_plugin_and_its_options(qingdao):
    assert qingdao.name == "qingdao"
    assert qingdao.plugins == ("provincial", "qingdao")
    assert qingdao.options["max_jokers_per_set"] == 2
    assert qingdao.options["place_points"] == (3, 2, 1, -1, -2, -3)


def test_installed_the_variant_is_found_by_name(qingdao):
    from gouji.plugins.loader import installed_variants

    if "qingdao" not in installed_variants():
        pytest.skip("the package is not installed (its gouji.variants entry point is absent)")
    assert gouji.load_variant("qingdao") == qingdao


def test_fours_leave_every_hand_before_the_first_lead(qingdao):
    game = qingdao.new_game(seed=3)
    assert all(card.rank != 4 for seat in range(6) for card in game.hand(seat))
    assert sum(game.hand_size(seat) for seat in range(6)) == 216 - 16
    assert [e.rule for e in game.events].count("QD-3") == 16
    plain = qingdao.with_options(gather_fours=False).new_game(seed=3)
    assert sum(plain.sizes) == 216


def test_places_score_3_2_1(qingdao):
    score = qingdao.score([0, 1, 2, 3, 4, 5])
    assert score.seat_points == (3, 2, 1, -1, -2, -3)
    assert score.team_points == (3 + 1 - 2, 2 - 1 - 3)
    assert qingdao.score([0, 2, 4, 1, 3, 5]).team_points == (6, -6)  # a sweep


@pytest.mark.rule("QD-1")
def test_no_set_carries_more_than_two_jokers(qingdao):
    game = qingdao.new_position({0: "BJ BJ SJ 5 5", 1: "4"}, leader=0)
    legal = [a.to_text() for a in game.legal_actions()]
    assert "play BJ SJ 5 5" in legal and "play BJ BJ 5 5" in legal
    assert not any(a.play.jokers > 2 for a in game.legal_actions())
    with pytest.raises(gouji.IllegalActionError) as info:
        game.apply(gouji.parse_action("play BJ BJ SJ 5 5"))
    assert info.value.rule_id == "QD-1"


@pytest.mark.rule("QD-1")
def test_the_joker_limit_is_an_option(qingdao):
    game = qingdao.with_options(max_jokers_per_set=3).new_position({0: "BJ BJ SJ 5 5", 1: "4"}, leader=0)
    assert gouji.parse_action("play BJ BJ SJ 5 5") in game.legal_actions()


@pytest.mark.rule("QD-2")
def test_a_burn_earns_a_point(qingdao):
    game = qingdao.new_position({0: "A A 3", 1: "4", 2: "2 2", 3: "5", 4: "6", 5: "7"}, leader=0)
    game.apply(gouji.parse_action("play A A"))   # a gouji set (GOUJI-1)
    game.apply(gouji.parse_action("burn 2 2"))   # seat 0's teammate burns it and goes out
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    score = game.score()
    assert [(a.team, a.points, a.rule) for a in score.adjustments] == [(0, 1, "QD-2")]
    check_record_round_trip(game)


def test_wrong_option_values_name_the_file_and_the_key(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(f'[variant]\nname = "bad"\nbase = "{VARIANT_FILE.as_posix()}"\n'
                    '[options]\nmax_jokers_per_set = "two"\n', encoding="utf-8")
    with pytest.raises(gouji.OptionError, match=r"bad\.toml.*'max_jokers_per_set': expected an integer"):
        gouji.load_variant(path)


def test_records_replay_with_the_variant_file(qingdao):
    game = random_playout(qingdao, seed=4)
    replayed = gouji.replay(game.record(), variant=gouji.load_variant(VARIANT_FILE))
    assert replayed.finish_order == game.finish_order
    assert replayed.score() == game.score()
