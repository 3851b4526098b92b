"""A game's state is one declaration (:mod:`gouji.engine.state`): ``Game.clone``, pickling
and loading are written from it, so an attribute declared there travels on every path,
and an attribute a game has that is not declared there fails here."""

from __future__ import annotations

import pickle
import random
from typing import Any

import attrs
import pytest

import gouji
from gouji.engine import game as game_module
from gouji.engine.game import Game
from gouji.engine.state import CORE_ATTRIBUTES, PARTS, CoreOptions, GameState, declared, part, state_methods
from gouji.testing.conformance import random_playout

DECLARED = [p.name for p in PARTS]


def test_the_declaration_names_each_attribute_once_and_leaves_the_class_none() -> None:
    assert len(DECLARED) == len(set(DECLARED))
    assert not [name for name in DECLARED if name in vars(GameState)]


@pytest.mark.parametrize("name", gouji.builtin_variant_names())
def test_every_attribute_a_game_has_is_declared(name: str) -> None:
    """A ``self.x = …`` the declaration lacks (or a declared attribute no game sets) fails here:
    a new game, one in play, one over, their clones, and those pickled and loaded again."""
    declared_names = set(DECLARED)
    for moves in (0, 40, 10_000):
        game = random_playout(name, 7, moves)
        game.observation(0)  # the views' caches filled
        game.delta_texts([0] * 6)
        for each in (game, game.clone(), pickle.loads(pickle.dumps(game))):
            assert set(vars(each)) == declared_names, (name, moves)


def test_a_pickle_holds_the_declared_parts_that_are_pickled() -> None:
    game = random_playout("provincial", 3, 30)
    kept = {p.name for p in PARTS if p.pickled is not None}
    assert set(game.__getstate__()) == kept


@pytest.fixture
def wider(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's state with one more declared attribute, ``extra``: a list copied by a clone,
    pickled, and ``[0]`` in a pickle written before it existed."""

    @declared
    class Wider(GameState):
        extra: list[int] = part(clone="{v}.copy()", missing="[0]")

    parts = PARTS + Wider.__parts__  # type: ignore[attr-defined]
    copy_state, pickled_state, load_state = state_methods(parts)
    monkeypatch.setattr(game_module, "_copy_state", copy_state)
    monkeypatch.setattr(game_module, "_pickled_state", pickled_state)
    monkeypatch.setattr(game_module, "_load_state", load_state)


@pytest.mark.usefixtures("wider")
def test_an_attribute_added_to_the_declaration_travels_on_every_path() -> None:
    game = random_playout("provincial", 5, 25)
    game.extra = [1, 2]  # type: ignore[attr-defined]
    # A clone has its own copy.
    other = game.clone()
    assert other.extra == [1, 2]  # type: ignore[attr-defined]
    other.extra.append(3)  # type: ignore[attr-defined]
    assert game.extra == [1, 2]  # type: ignore[attr-defined]
    # A pickle carries it.
    loaded = pickle.loads(pickle.dumps(game))
    assert loaded.extra == [1, 2]  # type: ignore[attr-defined]
    # A pickle written before it existed gets its declared value.
    state = game.__getstate__()
    del state["extra"]
    older = Game.__new__(Game)
    older.__setstate__(state)
    assert older.extra == [0]  # type: ignore[attr-defined]
    # An action undone (the snapshot apply restores after a failure is a clone) keeps it.
    snapshot = game.clone()
    game.extra.append(9)  # type: ignore[attr-defined]
    game.__dict__.update(snapshot.__dict__)
    assert game.extra == [1, 2]  # type: ignore[attr-defined]


def _as_first_pickled(state: dict[str, Any]) -> dict[str, Any]:
    """A pickle's state as the oldest versions wrote it: the core options one by one, the
    generator as ``rng``, the suits of a rank as lists, and no attribute added since where the
    game's value is the one a pickle without it gets."""
    old = dict(state)
    core = old.pop("_core")
    for option, attribute in CORE_ATTRIBUTES.items():
        if option not in ("ask_forced_declines", "gouji_min_players", "melee_last_word"):
            old[attribute] = getattr(core, option)
    old["rng"] = old.pop("_rng")
    del old["_rng_shared"]
    old["hands"] = [[list(suits) for suits in hand] for hand in old["hands"]]
    for each in PARTS:
        if each.missing is not None and old[each.name] == eval(each.missing):
            del old[each.name]
    for name in ("_in_action", "_opened_at"):  # set on load whatever the pickle holds
        del old[name]
    return old


@pytest.mark.parametrize("name", ["provincial", "dagang"])
def test_a_game_pickled_by_the_first_versions_loads_and_plays_on_alike(name: str) -> None:
    game = random_playout(name, 11, 35)
    core = game._core
    older = Game.__new__(Game)
    older.__setstate__(_as_first_pickled(pickle.loads(pickle.dumps(game.__getstate__()))))  # its own lists
    assert set(vars(older)) == set(DECLARED)
    assert older._core == attrs.evolve(core, ask_forced_declines=False, gouji_min_players=0,
                                       melee_last_word=False)
    older._core = core  # the options it lacked, as the game had them: the two play alike
    assert older.hand(0) == game.hand(0) and older.history == game.history
    rng = random.Random(1)
    while not game.is_over:
        action = rng.choice(game.legal_actions())
        assert older.legal_actions() == game.legal_actions()
        game.apply(action)
        older.apply(action)
    assert older.score() == game.score()


def test_the_core_options_are_one_value_per_variant() -> None:
    variant = gouji.load_variant("provincial")
    assert variant.core_options is variant.core_options
    assert variant.core_options == CoreOptions.of(variant.options)
    for field in attrs.fields(CoreOptions):
        assert getattr(variant.core_options, field.name) == variant.options[field.name]
    game = variant.new_game(seed=1)
    assert game._core is variant.core_options and game.clone()._core is game._core
    changed = variant.with_options(take_wind=not variant.options["take_wind"])
    assert changed.core_options.take_wind is not variant.core_options.take_wind


def test_core_options_pickled_before_an_option_existed_load_with_its_default() -> None:
    """A pickled ``CoreOptions`` that lacks an option (written before the option existed) loads
    with the option's value in ``CORE_BEFORE``, as a pickle from before ``CoreOptions`` does,
    rather than as a value missing the attribute (an AttributeError mid-play)."""
    game = random_playout("provincial", 4, 20)
    state = game.__getstate__()
    core = state["_core"]
    reduced = core.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
    fields = dict(reduced[2])
    del fields["melee_last_word"]  # as a CoreOptions pickled before melee_last_word existed
    older = reduced[0](*reduced[1])
    older.__setstate__(fields)
    assert older == attrs.evolve(core, melee_last_word=False)
    state["_core"] = older
    loaded = pickle.loads(pickle.dumps(game))
    loaded.__setstate__(dict(state))
    assert loaded._core.melee_last_word is False and loaded.legal_actions() == game.legal_actions()
