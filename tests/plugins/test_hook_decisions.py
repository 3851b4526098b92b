"""``asked_at``: a plugin declares the decisions at which its per-decision hooks can answer,
and the engine skips the calls that cannot; undeclared implementations are asked as ever."""

import random

import pytest

import gouji
from gouji.engine.actions import Action
from gouji.errors import PluginError
from gouji.plugins.hookspecs import asked_at, hookimpl


def _variant_with(plugin_source, tmp_path, base="provincial"):
    path = tmp_path / "house.py"
    path.write_text(plugin_source)
    return gouji.Variant.build("house", [base], {}, [path])


def _play(game, steps=400, seed=3):
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


COUNTING = '''
from gouji import hookimpl
from gouji.plugins.hookspecs import asked_at

CALLS = []

@hookimpl
{decorator}
def gouji_extra_actions(game, seat):
    CALLS.append(game.decision)
    return None
'''


@pytest.mark.parametrize(("decorator", "expected"), [
    ('@asked_at("lead")', {"lead"}),
    ('@asked_at("respond")', {"respond"}),
    ('@asked_at("restricted")', {"respond"}),
    ("", {"lead", "respond"}),
])
def test_a_hook_is_asked_only_at_the_decisions_it_declares(tmp_path, decorator, expected):
    variant = _variant_with(COUNTING.format(decorator=decorator), tmp_path)
    game = _play(variant.new_game(seed=1))
    plugin = next(p for p in variant.plugin_manager.get_plugins() if hasattr(p, "CALLS"))
    assert set(plugin.CALLS) == expected
    if decorator == '@asked_at("restricted")':
        assert len(plugin.CALLS) < sum(1 for e in game.events if e.kind in ("cover", "pass", "auto-pass"))


def test_the_same_game_whether_or_not_a_hook_declares_its_decisions(tmp_path):
    """A declaration only saves calls: the concession of examples/hooks is offered at the
    same leads, and the same seed and choices give the same game."""
    base = '''
import attrs
from gouji import hookimpl
from gouji.engine.actions import Action, register_action
from gouji.plugins.hookspecs import asked_at

@attrs.frozen
class Yield2(Action):
    keyword = "give-up-{name}"

register_action("give-up-{name}", lambda rest: Yield2())

@hookimpl
{decorator}
def gouji_extra_actions(game, seat):
    return [Yield2()] if game.table is None and game.hand_size(seat) <= 2 else None

@hookimpl
def gouji_apply_action(game, seat, action):
    if not isinstance(action, Yield2):
        return None
    game.retire(seat, None, "HOUSE-2", "gave up")
    return True
'''
    logs = []
    for decorator in ('@asked_at("lead")', ""):
        folder = tmp_path / ("declared" if decorator else "plain")
        folder.mkdir()
        variant = _variant_with(base.format(decorator=decorator, name=folder.name), folder)
        game = _play(variant.new_game(seed=4), seed=4)
        logs.append([(e.kind, e.seat, e.play) for e in game.events])
        assert any(e.kind == "retired" for e in game.events)
    assert logs[0] == logs[1]


def test_a_declared_hook_answer_is_still_checked(tmp_path):
    variant = _variant_with('''
from gouji import hookimpl
from gouji.plugins.hookspecs import asked_at

@hookimpl
@asked_at("lead")
def gouji_extra_actions(game, seat):
    return ["not an action"]
''', tmp_path)
    with pytest.raises(PluginError, match="gouji_extra_actions"):
        variant.new_game(seed=0).legal_actions()


def test_asked_at_refuses_unknown_decisions():
    with pytest.raises(PluginError, match="asked_at takes"):
        asked_at("answer")
    with pytest.raises(PluginError, match="asked_at takes"):
        asked_at()


def test_a_hook_declared_elsewhere_is_still_asked_where_another_plugin_is(tmp_path):
    """Two plugins: one asked at leads only, one at every decision; the variant asks the hook
    at every decision (the declared one answers None at answers, as it promised)."""
    variant = _variant_with(COUNTING.format(decorator='@asked_at("lead")'), tmp_path)
    assert variant.hook_asked_at("gouji_extra_actions", "lead")
    assert not variant.hook_asked_at("gouji_extra_actions", "respond")

    class Everywhere:
        @staticmethod
        @hookimpl
        def gouji_extra_actions(game: object, seat: int) -> list[Action] | None:
            return None

    both = gouji.Variant.build("house", ["provincial"], {}, [tmp_path / "house.py"])
    both.plugin_manager.register(Everywhere())
    assert both.hook_asked_at("gouji_extra_actions", "respond")


def test_built_in_variants_declare_their_extra_actions():
    assert not gouji.load_variant("dagang").hook_asked_at("gouji_extra_actions", "respond")
    assert not gouji.load_variant("dagang196").hook_asked_at("gouji_extra_actions", "respond")
    district = gouji.load_variant("district")
    assert not district.hook_asked_at("gouji_extra_actions", "respond")
    assert district.hook_asked_at("gouji_extra_actions", "restricted")
