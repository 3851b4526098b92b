"""The plugin surface (:mod:`gouji.plugins.surface`): the built-in rulebooks touch a game only through
it, each of its members behaves as documented, and the docs describe every member."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import gouji
from gouji.engine.cards import BIG_JOKER, THREE, Card
from gouji.engine.game import LEAD, RESPOND
from gouji.errors import GoujiError
from gouji.plugins.surface import PluginGame

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "src" / "gouji" / "rules"
DOCS = ROOT / "docs"

#: Every member of the surface: its properties, queries and change methods.
SURFACE = frozenset(name for name in vars(PluginGame) if not name.startswith("_"))

#: Methods that change a list, dict or set in place.
MUTATORS = frozenset({
    "append", "extend", "insert", "pop", "remove", "clear", "sort", "reverse", "update", "add",
    "discard", "setdefault", "popitem", "difference_update", "intersection_update",
    "symmetric_difference_update", "__setitem__", "__delitem__", "__iadd__",
})

#: An annotation that makes a name a game: ``Game``, ``PluginGame``, either ``| None``, quoted or not.
_GAME_ANNOTATION = re.compile(r"""^["']?(?:gouji\.(?:game\.|surface\.)?)?(?:Plugin)?Game(?: \| None)?["']?$""")


def surface_breaches(source: str) -> list[str]:
    """Where ``source`` (a module's text) reaches past the plugin surface.

    A *game object* is a name called ``game``, a name annotated ``Game`` or ``PluginGame``
    (or ``… | None``) anywhere in the module, or any ``X.game`` attribute (a match's
    current game). On a game object the check reports:

    1. reading, assigning, augmenting or deleting any attribute that is not a member
       of :class:`gouji.plugins.surface.PluginGame` (``game.hands``, ``game.queue``, ``game.actor``,
       ``game.__dict__`` …);
    2. assigning, augmenting or deleting any attribute at all, surface members
       included: the surface is changed only through its methods;
    3. assigning to or deleting an item of anything the game's attributes hold
       (``game.events[0] = …``, ``del game.open_sets[seat]``), at any depth;
    4. calling a method that changes a container in place (``append``, ``update`` …)
       on something a game attribute holds (``game.events.append(…)``);
    5. ``setattr`` and ``delattr`` on a game, ``vars(game)``, and ``getattr`` with a
       constant name off the surface.

    What a call returns is the caller's own (``game.hand(seat).sort()``,
    ``game.plugin_state(name)["k"] = v``): it is never reported. A read kept in a
    local name and changed later is left to the type checker, which sees the surface's
    collections as read-only ``Sequence`` and ``Mapping``.
    """
    tree = ast.parse(source)
    game_names = {"game"}
    for node in ast.walk(tree):
        if isinstance(node, ast.arg) and node.annotation is not None:
            annotation, name = node.annotation, node.arg
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            annotation, name = node.annotation, node.target.id
        else:
            continue
        if _GAME_ANNOTATION.match(ast.unparse(annotation)):
            game_names.add(name)

    def is_game(node: ast.expr) -> bool:
        return (isinstance(node, ast.Name) and node.id in game_names) or (
            isinstance(node, ast.Attribute) and node.attr == "game")

    def game_attribute(node: ast.expr) -> ast.Attribute | None:
        """The ``game.name`` that ``node`` is, or that holds it through subscripts."""
        while isinstance(node, ast.Subscript):
            node = node.value
        return node if isinstance(node, ast.Attribute) and is_game(node.value) else None

    found: list[str] = []

    def report(node: ast.AST, what: str) -> None:
        found.append(f"line {getattr(node, 'lineno', '?')}: {what}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and is_game(node.value):
            text = ast.unparse(node)
            if node.attr not in SURFACE:
                report(node, f"{text} is not on the plugin surface")
            elif isinstance(node.ctx, ast.Store | ast.Del):
                report(node, f"{text} is changed by assignment; use the surface's methods")
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del):
            if game_attribute(node.value) is not None:
                report(node, f"{ast.unparse(node)} changes what the game holds")
        elif isinstance(node, ast.Call):
            func = node.func
            if (isinstance(func, ast.Attribute) and func.attr in MUTATORS
                    and game_attribute(func.value) is not None):
                report(node, f"{ast.unparse(func)}() changes what the game holds")
            elif isinstance(func, ast.Name) and node.args and is_game(node.args[0]):
                if func.id in ("setattr", "delattr", "vars"):
                    report(node, f"{func.id}() on a game; keep state in game.plugin_state(name)")
                elif func.id == "getattr" and len(node.args) > 1:
                    name = node.args[1]
                    if not (isinstance(name, ast.Constant) and name.value in SURFACE):
                        report(node, f"{ast.unparse(node)} reads past the plugin surface")
    return found


def rule_modules() -> Iterator[Path]:
    return iter(sorted(RULES.rglob("*.py")))


# -- (1) the built-in rulebooks keep to the surface ----------------------------------------

@pytest.mark.parametrize("path", list(rule_modules()), ids=lambda p: str(p.relative_to(RULES)))
def test_rulebooks_keep_to_the_surface(path: Path) -> None:
    """Every module under ``gouji.rules`` touches a game only through :mod:`gouji.plugins.surface`."""
    assert surface_breaches(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("code", [
    "def f(game):\n    game.queue[:] = [1, 2]",
    "def f(game):\n    game.actor = 3",
    "def f(game):\n    return game.hands[0][3]",
    "def f(game):\n    return game.sizes[0]",
    "def f(game):\n    return game.playing",
    "def f(game):\n    game.stats['burns'] += 1",
    "def f(game):\n    game.outs += 1",
    "def f(game):\n    del game.first_leader",
    "def f(game):\n    game.events.append(None)",
    "def f(game):\n    del game.open_sets[0]",
    "def f(game):\n    game.events[0] = None",
    "def f(game):\n    setattr(game, '_mine', 1)",
    "def f(game):\n    return getattr(game, 'queue')",
    "def f(game):\n    return getattr(game, name)",
    "def f(game):\n    return vars(game)",
    "def f(game):\n    return game.__dict__",
    "def f(g: PluginGame):\n    return g.queue",
    "def f(g: 'Game | None'):\n    return g.places",
    "class M:\n    def f(self):\n        return self.game.kind",
])
def test_the_check_finds_a_reach_past_the_surface(code: str) -> None:
    assert surface_breaches(code), code


@pytest.mark.parametrize("code", [
    "def f(game):\n    return game.rank_count(0, 3), game.in_play(1), game.events[-1], game.variant.table",
    "def f(game):\n    game.plugin_state('mine')['k'] = 1",
    "def f(game):\n    game.plugin_state('mine').update(k=1)",
    "def f(game):\n    game.hand(0).sort()",
    "def f(game):\n    game.reorder_answering(list(game.answering()))",
    "def f(game):\n    return getattr(game, 'opened')",
    "def f(games):\n    return games[0].queue",  # not a game: a list of games, out of the check's reach
])
def test_the_check_lets_the_surface_through(code: str) -> None:
    assert surface_breaches(code) == []


# -- (2) each member behaves as documented ----------------------------------------------------

PROVINCIAL = gouji.load_variant("provincial")


def responding() -> gouji.Game:
    """Seat 0 has led a single 5: seats 1 to 5 answer it in turn."""
    game = PROVINCIAL.new_position({0: "5 5 9", 1: "7 8", 2: "9 10", 3: "J Q", 4: "K 6", 5: "A 4"}, leader=0)
    game.apply(next(a for a in game.legal_actions() if a.play is not None and a.play.size == 1
                    and a.play.counts() == {5: 1}))
    assert game.decision == RESPOND
    return game


def test_game_is_a_plugin_game() -> None:
    game: PluginGame = responding()
    assert isinstance(game, gouji.Game)


def test_reads_of_cards_and_seats() -> None:
    game = PROVINCIAL.new_position({0: "5 5 9", 1: "7 8", 2: "9 10", 3: "J Q", 4: "K 6", 5: ""}, leader=0)
    assert game.rank_count(0, 5) == 2 and game.rank_count(0, 9) == 1 and game.rank_count(0, THREE) == 0
    assert [c.rank for c in game.cards_of(0, 5)] == [5, 5]
    assert all(isinstance(c, Card) for c in game.cards_of(0, 5))
    assert game.hand_size(0) == 3 and game.hand_size(5) == 0
    assert game.in_play(0) and not game.in_play(5)
    assert game.seat_in_place(0) == 5 and game.seat_in_place(1) is None
    assert game.decision == LEAD and game.answering() == () and game.table_anchor is None
    assert not game.gouji_restricted and not game.is_kept_head(2) and game.dead_gouji_left(2) == 0
    game.grant_dead_gouji(2, 2)
    assert game.dead_gouji_left(2) == 2


def test_reads_are_copies() -> None:
    game = responding()
    game.cards_of(0, 5).clear()
    assert game.rank_count(0, 5) == 1
    assert isinstance(game.answering(), tuple)


@pytest.mark.parametrize("call", [
    lambda g: g.rank_count(6, 5), lambda g: g.rank_count(-1, 5), lambda g: g.rank_count(0, 2),
    lambda g: g.rank_count(0, BIG_JOKER + 1), lambda g: g.cards_of(0, -1), lambda g: g.hand_size(7),
    lambda g: g.in_play(-1), lambda g: g.seat_in_place(6), lambda g: g.dead_gouji_left(9),
    lambda g: g.is_kept_head(6),
])
def test_bad_seats_and_ranks_are_refused(call) -> None:
    with pytest.raises(GoujiError):
        call(responding())


def test_answering_and_reorder() -> None:
    game = responding()
    assert game.answering() == (1, 2, 3, 4, 5)
    assert game.current_player == 1 and game.table_anchor == 0 and game.table_owner == 0
    game.reorder_answering([4, 2, 1, 5, 3])
    assert game.answering() == (4, 2, 1, 5, 3)
    assert game.current_player == 4
    assert all(a.play is None or a.play.counts() in ({13: 1}, {6: 1}) for a in game.legal_actions())


@pytest.mark.parametrize("order", [[1, 2, 3, 4], [1, 2, 3, 4, 5, 0], [1, 2, 3, 4, 4], [1, 2, 3, 4, 6],
                                   [1, 2, 3, 4, -1], [], ["1", 2, 3, 4, 5], [1.0, 2, 3, 4, 5], None])
def test_reorder_answering_refusals_change_nothing(order) -> None:
    game = responding()
    before = (game.answering(), game.current_player, game.legal_actions(), len(game.events))
    with pytest.raises(GoujiError):
        game.reorder_answering(order)
    assert (game.answering(), game.current_player, game.legal_actions(), len(game.events)) == before


def test_reorder_answering_needs_a_set_to_answer() -> None:
    game = PROVINCIAL.new_position({0: "5 5 9", 1: "7 8", 2: "9 10", 3: "J Q", 4: "K 6", 5: "A 4"}, leader=0)
    with pytest.raises(GoujiError):
        game.reorder_answering([])
    assert game.decision == LEAD and game.current_player == 0


def test_add_stat() -> None:
    game = responding()
    game.add_stat("house_points")
    game.add_stat("house_points", 2)
    assert game.stats["house_points"] == 3


def test_plugin_state_is_private_and_cloned() -> None:
    game = responding()
    mine = game.plugin_state("mine")
    assert mine == {} and game.plugin_state("mine") is mine
    mine["k"] = 1
    assert game.plugin_state("theirs") == {}
    other = game.clone()
    other.plugin_state("mine")["k"] = 2
    assert game.plugin_state("mine") == {"k": 1} and other.plugin_state("mine") == {"k": 2}


def test_plugin_state_survives_pickling() -> None:
    import pickle

    game = responding()
    game.plugin_state("mine")["k"] = (1, 2)
    assert pickle.loads(pickle.dumps(game)).plugin_state("mine") == {"k": (1, 2)}


# -- (3) the docs describe the surface ------------------------------------------------------

def test_every_member_is_documented() -> None:
    """Each member has its docstring, and the docs page on plugins names it."""
    page = (DOCS / "writing-plugins.rst").read_text(encoding="utf-8")
    section = page.split("The plugin surface", 1)[1]
    missing = [name for name in sorted(SURFACE) if f"``{name}``" not in section and f"{name}(" not in section]
    assert missing == []
    undocumented = [name for name in sorted(SURFACE)
                    if not (getattr(PluginGame, name).__doc__ or "").strip()]
    assert undocumented == []
    assert "gouji.plugins.surface" in (DOCS / "api.rst").read_text(encoding="utf-8")


def test_a_gouji_set_is_restricted() -> None:
    """GOUJI-2 read through the surface: burn offers first, the opposite answers."""
    game = PROVINCIAL.new_position({0: "2 2 5", 1: "BJ BJ 8", 2: "9 10", 3: "SJ SJ Q", 4: "K 6", 5: "A 4"},
                                   leader=0)
    assert not game.gouji_restricted
    game.apply(gouji.parse_action("play 2 2"))
    assert game.decision == RESPOND and game.gouji_restricted
    assert game.table_anchor == 0 and game.answering()[-1] == 3


def test_move_retired_refuses_a_seat_that_went_out_by_playing_its_cards():
    """Only a seat ``retire`` took out moves: 头科's place is the one its last card won (END-1,
    P§3 "以先发完牌者为胜……第一名为“头科”，第二名为“二科”，依次类推"); moving it left a hole in the
    places and a finish order shorter than the seats out (a fresh-eyes review)."""
    game = gouji.load_variant("provincial").new_position(
        {0: "3", 1: "5 5", 2: "6 6", 3: "7 7", 4: "8 8", 5: "9 9"}, 0)
    game.apply(gouji.parse_action("play 3"))
    assert game.finish_order == [0]
    places = game.places.copy()
    with pytest.raises(gouji.GoujiError, match="went out by playing its cards"):
        game.move_retired(0, 5, "X-1")
    assert game.places == places and game.finish_order == [0]
    game.retire(3, None, "X-1")  # a retired seat keeps its cards, and moves
    game.move_retired(3, 4, "X-1")
    assert game.places[4] == 3


@pytest.mark.parametrize("count", [1.0, True, -1, None, "1"])
def test_grant_dead_gouji_refuses_what_is_no_count_of_sets(count: object) -> None:
    game = gouji.load_variant("provincial").new_game(seed=1)
    with pytest.raises(gouji.GoujiError, match="grant_dead_gouji takes a whole number"):
        game.grant_dead_gouji(0, count)  # type: ignore[arg-type]
    assert not game.dead_gouji_rights


@pytest.mark.parametrize(("name", "amount"), [("cards", None), ("cards", 1.5), ("cards", True), (3, 1)])
def test_add_stat_refuses_what_is_no_counter_and_whole_number(name: object, amount: object) -> None:
    game = gouji.load_variant("provincial").new_game(seed=1)
    before = dict(game.stats)
    with pytest.raises(gouji.GoujiError, match="add_stat takes"):
        game.add_stat(name, amount)  # type: ignore[arg-type]
    assert dict(game.stats) == before
