"""Every hook has an example plugin (examples/hooks/) that the docs include, and a test here."""

import random
from pathlib import Path

import pytest

import gouji
from gouji.engine.series import Series
from gouji.plugins import hookspecs

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "hooks"
HOOKS = sorted(name for name in dir(hookspecs) if name.startswith("gouji_"))


def with_plugin(hook, **options):
    return gouji.Variant.build("hook-example", ["provincial"], options, [EXAMPLES / f"{hook}.py"])


def play_out(game, seed=0):
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_gouji_option_specs():
    variant = with_plugin("gouji_option_specs", bonus_for_sweep=3)
    assert variant.options["bonus_for_sweep"] == 3
    spec = next(s for s in variant.option_specs() if s.name == "bonus_for_sweep")
    assert spec.plugin.endswith("gouji_option_specs.py")
    with pytest.raises(gouji.OptionError):
        with_plugin("gouji_option_specs", bonus_for_sweep="lots")


def test_gouji_check_options():
    assert with_plugin("gouji_check_options").options["place_points"] == (4, 2, 0, 0, -2, -4)
    with pytest.raises(gouji.OptionError, match="place_points"):
        with_plugin("gouji_check_options", place_points=[0, 2, 4, 0, -2, -4])


def test_gouji_deck():
    variant = with_plugin("gouji_deck")
    assert len(variant.deck()) == 200
    game = variant.new_game(seed=1)
    assert all(card.rank != 3 for seat in range(6) for card in game.hand(seat))


def test_gouji_set_rules():
    variant = with_plugin("gouji_set_rules")
    assert variant.is_gouji(gouji.parse_play("10 10 10 10"))
    assert not gouji.load_variant("provincial").is_gouji(gouji.parse_play("10 10 10 10"))


def test_gouji_burn_policy(provincial_hands=None):
    variant = with_plugin("gouji_burn_policy")
    game = variant.new_position({0: "K K 5 5", 1: "A A 9", 2: "A A 8", 3: "4", 4: "2 2 J", 5: "3 3"}, 0)
    game.apply(gouji.parse_action("play K K"))
    assert game.queue == [1, 2, 4, 5, 3]


def test_gouji_cut():
    game = with_plugin("gouji_cut").new_game(seed=4)
    assert game.cut.first_drawer == 2 and game.deal.draws[0][0] == 2


def test_gouji_deal():
    game = with_plugin("gouji_deal").new_game(seed=4)
    first = game.cut.first_drawer
    assert [seat for seat, _card in game.deal.draws[:4]] == [first, first, (first + 1) % 6, (first + 1) % 6]
    assert game.sizes == [36] * 6


def test_gouji_first_leader():
    game = with_plugin("gouji_first_leader").new_game(seed=4)
    bigs = [sum(c.rank == 17 for c in game.hand(s)) for s in range(6)]
    assert bigs[game.first_leader] == max(bigs)


def test_gouji_tribute():
    variant = with_plugin("gouji_tribute")
    series = Series(variant, seed=2, games=2)
    assert series.game.kind == "lead", "no tribute in the first game"
    play_out(series.game)
    last, first = series.game.finish_order[-1], series.game.finish_order[0]
    game = series.next_game()
    assert game.current_player == last
    choice = game.legal_actions()[0]
    before = len(game.hand(first))
    game.apply(choice)
    assert len(game.hand(first)) == before + 1 and choice.card in game.hand(first)
    assert gouji.replay(game.record(), variant=variant).hand(first) == game.hand(first)
    given = [e for e in game.events if e.kind == "phase"][-1]
    assert given.visible_to == frozenset({last, first})
    other = next(s for s in range(6) if s not in (last, first))
    assert given not in game.observation(other).history and given in game.observation(first).history


def test_gouji_pregame_phases():
    variant = with_plugin("gouji_pregame_phases")
    game = variant.new_game(seed=3)
    assert game.current_player == game.first_leader
    assert [a.to_text() for a in game.legal_actions()] == ["stakes single", "stakes double"]
    game.apply(gouji.parse_action("stakes double"))
    assert game.table is None and game.events[-1].kind in ("stakes", "phase")
    assert any(e.kind == "stakes" and e.detail == "double" for e in game.events)


def test_gouji_forbidden_plays():
    variant = with_plugin("gouji_forbidden_plays")
    game = variant.new_position({0: "2 5", 1: "3", 2: "3", 3: "3", 4: "3", 5: "3"}, 0)
    assert "play 2" not in [a.to_text() for a in game.legal_actions()]
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.parse_action("play 2"))
    assert err.value.rule_id == "HOUSE-1"


def test_gouji_hold_three_policy():
    variant = with_plugin("gouji_hold_three_policy")
    game = variant.new_position({0: "3 3 9 2", 1: "3 4", 2: "3 5", 3: "3 6", 4: "3 7", 5: "3 8"}, 0)
    leads = [a.to_text() for a in game.legal_actions()]
    assert "play 9" in leads and not any(" 3" in text for text in leads)
    with pytest.raises(gouji.IllegalActionError) as err:
        game.apply(gouji.parse_action("play 3 3"))
    assert err.value.rule_id == "END-6"
    # A burn that would leave "2 3" is not offered: the 2 cannot ride on the last 3.
    game = variant.new_position({0: "K K 5 3", 1: "A A 2 3", 2: "3 6", 3: "3 7", 4: "3 8", 5: "3 9"}, 0)
    game.apply(gouji.parse_action("play K K"))
    assert "burn A A" not in [a.to_text() for a in game.legal_actions()]
    assert not gouji.load_variant("provincial").hold_three_policy.active


def test_gouji_open_point_policy():
    variant = with_plugin("gouji_open_point_policy")
    game = variant.new_position({0: "A A 5 5", 1: "6", 2: "7", 3: "K K 8", 4: "9", 5: "10"}, 0)
    game.apply(gouji.parse_action("play A A"))
    while game.table is not None:
        game.apply(game.legal_actions()[0])
    assert game.opened == {0} and game.observation(1).opened == {0}
    play_out(game)
    assert game.opened == {0}


def test_gouji_last_set_owner():
    variant = with_plugin("gouji_last_set_owner")
    game = variant.new_position({0: "A A", 1: "2 2 3 3", 2: "3 3", 3: "2 2 4", 4: "2 2 5 5", 5: "2 2 9"}, 0)
    game.apply(gouji.parse_action("play A A"))
    assert game.anchor == 0  # provincial alone would say 1 (END-3)


def test_gouji_score():
    variant = with_plugin("gouji_score")
    assert variant.score([1, 0, 2, 3, 4, 5]).team_points == (0, 1)


def test_gouji_score_adjustments():
    variant = with_plugin("gouji_score_adjustments")
    game = variant.new_position({0: "K K 5", 1: "A A 9", 2: "3", 3: "4", 4: "3", 5: "4"}, 0)
    game.apply(gouji.parse_action("play K K"))
    game.apply(gouji.parse_action("burn A A"))
    play_out(game)
    score = game.score()
    assert score.adjustments[0].team == 1
    assert score.team_points[1] == variant.score(game.finish_order).team_points[1] + 1


def test_gouji_extra_actions():
    variant = with_plugin("gouji_extra_actions")
    game = variant.new_position({0: "5 6", 1: "7 3", 2: "8 3", 3: "9 3", 4: "10 3", 5: "J 3"}, 0)
    assert "concede" in [a.to_text() for a in game.legal_actions()]
    game.apply(gouji.parse_action("concede"))
    assert game.places[5] == 0 and game.current_player == 1
    assert gouji.replay(game.record(), variant=variant).places == game.places


test_gouji_apply_action = test_gouji_extra_actions


def test_gouji_next_context():
    variant = with_plugin("gouji_next_context")
    series = Series(variant, seed=5, games=3)
    for _ in range(2):
        play_out(series.game)
        series.next_game()
    assert series.game.context.game_number == 3
    assert isinstance(series.game.context.get("streak"), int)


def test_gouji_after_action():
    variant = with_plugin("gouji_after_action")
    game = variant.new_position({0: "小王 小王 小王 5", 1: "3", 2: "3", 3: "3", 4: "3", 5: "3"}, 0)
    game.apply(gouji.parse_action("play SJ SJ SJ"))
    assert any(e.kind == "joker-storm" and e.seat == 0 for e in game.events)
    assert "王炸 joker storm" in game.log_text()


def test_gouji_precut_phases():
    variant = with_plugin("gouji_precut_phases")
    game = variant.new_game(seed=6)
    assert game.cut is None and game.current_player == 0 and not any(game.sizes)
    game.apply(gouji.parse_action("cutter 4"))
    assert game.cut.cutter == 4 and sum(game.sizes) == 216
    assert gouji.replay(game.record(), variant=variant).cut == game.cut


def test_gouji_vocabulary():
    variant = with_plugin("gouji_vocabulary")
    assert variant.vocabulary.event_names["joker-storm"] == ("王炸", "joker storm")
    assert variant.vocabulary.events["joker-storm"].rule == "HOUSE-1"
    assert "moved" in variant.vocabulary.events  # the engine's own terms stay
    assert "joker-storm" not in gouji.load_variant("provincial").vocabulary.events


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_has_an_example_and_a_test(hook):
    assert (EXAMPLES / f"{hook}.py").is_file() or hook == "gouji_apply_action", f"no examples/hooks/{hook}.py"
    assert callable(globals().get(f"test_{hook}")), f"no test_{hook} in tests/plugins/test_hooks.py"


@pytest.mark.parametrize("hook", HOOKS)
def test_every_hook_example_is_in_the_docs(hook):
    text = (EXAMPLES.parents[1] / "docs" / "hooks.rst").read_text(encoding="utf-8")
    example = "gouji_extra_actions" if hook == "gouji_apply_action" else hook
    assert f"examples/hooks/{example}.py" in text, f"docs/hooks.rst does not include the example of {hook}"
